"""What the round auto-scheduler needs from booking (docs/rules.md ``schedule.auto.options-from-booking``):
per match of a round, the common options with the rooms free for each, computed by the rules of the
match card, for the matches that can still be scheduled. Pure: answers, meetings and busy rooms in.

* A match already booked (one of its meetings is booked) is not scheduled again: no options.
* A match where not everyone answered cannot be placed: no options (the card's rule: before then,
  the options would reveal the intervals of whoever answered), and it says who is pending.
* Otherwise its options are ``common_options`` of the players' answers, minus the time each player is
  already booked in another match of the same round (a player with two games of a 1-vs-1 round is
  never proposed two meetings at once around an agreed one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from booking.domain.intervals import Interval, subtract
from booking.domain.scheduling import Availability, Match, Meeting, MeetingStatus, Option, common_options

AUTO_SCHEDULER = "organizer:auto-scheduler"  # proposed_by of the auto-scheduler's meetings
MAX_ROUND_MATCHES = 512  # matches asked at once (the solver's capacity for one round)


@dataclass(frozen=True)
class MatchOptions:
    match: Match
    pending: tuple[str, ...]  # players who have not answered
    booked: bool
    options: tuple[Option, ...]


def booked_slots_by_player(
    matches: Iterable[Match], meetings: Mapping[str, Sequence[Meeting]]
) -> dict[str, list[tuple[str, Interval]]]:
    """Player -> (match id, slot) of every booked meeting of these matches."""
    out: dict[str, list[tuple[str, Interval]]] = {}
    for match in matches:
        for meeting in meetings.get(match.id, ()):
            if meeting.status is MeetingStatus.BOOKED:
                for p in match.player_ids:
                    out.setdefault(p, []).append((match.id, meeting.slot))
    return out


def round_options(
    matches: Sequence[Match],
    answers: Mapping[str, Mapping[str, Availability]],
    meetings: Mapping[str, Sequence[Meeting]],
    room_ids: Sequence[str],
    busy: Mapping[str, Iterable[Interval]],
) -> tuple[MatchOptions, ...]:
    """``answers`` and ``meetings`` by match id; ``busy``: the club's active bookings by room."""
    elsewhere = booked_slots_by_player(matches, meetings)
    out = []
    for match in matches:
        mine = answers.get(match.id, {})
        pending = tuple(p for p in match.player_ids if p not in mine or mine[p].version == 0)
        booked = any(m.status is MeetingStatus.BOOKED for m in meetings.get(match.id, ()))
        options: tuple[Option, ...] = ()
        if not pending and not booked:
            free = [
                subtract(mine[p].intervals, [slot for other, slot in elsewhere.get(p, ()) if other != match.id])
                for p in match.player_ids
            ]
            options = common_options(match.window, free, room_ids, busy, match.min_length)
        out.append(MatchOptions(match, pending, booked, options))
    return tuple(out)


@dataclass(frozen=True)
class ScheduleMatch:
    """A match the auto-scheduler may place: its meeting's length and its common options as candidates."""

    match: Match
    length_minutes: int
    candidates: tuple[Option, ...]


@dataclass(frozen=True)
class RoundProblem:
    """What the solver is asked to place (docs/rules.md ``schedule.auto.options-from-booking``):
    ``window_start`` is the earliest window start of the round's matches (None without any)."""

    window_start: datetime | None
    matches: tuple[ScheduleMatch, ...]


def round_problem(matches: Sequence[MatchOptions], meeting_minutes: int = 0) -> RoundProblem:
    """Every match not booked whose players all answered, with its common options as candidates; each
    meeting ``meeting_minutes`` long (0: the match's own minimum)."""
    return RoundProblem(
        window_start=min((m.match.window.start for m in matches), default=None),
        matches=tuple(
            ScheduleMatch(m.match, meeting_minutes or m.match.min_minutes, m.options)
            for m in matches
            if not m.booked and not m.pending
        ),
    )
