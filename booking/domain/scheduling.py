"""Scheduling a match (discard-league-2026 §3, §6.1): each player's free intervals, the common options,
the match card, proposals, confirmations and the bookings they make. Pure: no storage, no clock.

Decisions (docs/rules.md ``schedule.*``):

* A player's availability is any number of intervals inside the match's play window; a new answer
  replaces the old one. Overlapping, touching and duplicate intervals are merged (never an error).
* The common options are the instants where every player is free and some room of the club is free,
  cut per room into maximal intervals at least ``min_minutes`` long: an option fits in one room for
  its whole length; options with the same times are one option listing every such room.
* The card shows who answered, the options only once everyone answered, and who confirmed which
  meeting; never anyone's intervals.
* A confirmation counts only for the availability it was given with: a new answer voids that
  player's confirmations; a booked meeting the players agreed is cancelled when the new intervals no
  longer cover it, else back to waiting for that player's confirmation. The organizer's meetings stand.
* A match, and each of its hanchans, is booked by one meeting at most; a meeting lasts one hanchan's
  length to a day.
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import compress, repeat, starmap
from operator import add, and_, ge, itemgetter, lt, not_, sub

from booking.domain.intervals import (
    _END,
    _START,
    Interval,
    Intervals,
    common_bounds,
    covered,
    intersect,
    intersect_all,
    merge,
    subtract,
    trusted_interval,
)
from booking.domain.model import Club
from booking.domain.suggestions import suggested_meetings
from rondo_runtime.errors import Aborted, FailedPrecondition, InvalidArgument
from rondo_runtime.match_key import MatchKey
from rondo_runtime.validation import Violations

MAX_INTERVALS = 200  # per player and match
MAX_MIN_MINUTES = 24 * 60
MAX_HANCHANS = 16
MAX_WINDOW = timedelta(days=62)
MAX_PLAYERS = 8
MAX_TITLE_LENGTH = 100
MAX_MEETING_HOURS = 24
MAX_MEETING = timedelta(hours=MAX_MEETING_HOURS)
MAX_REACH = timedelta(days=5 * 365 + 1)  # every instant booking takes lies within five years of now


class MeetingStatus(enum.StrEnum):
    PROPOSED = "proposed"
    BOOKED = "booked"
    CANCELLED = "cancelled"


class BookingStatus(enum.StrEnum):
    ACTIVE = "active"
    CANCELLED = "cancelled"


@dataclass(frozen=True)
class Match:
    id: str
    key: str
    club_id: str
    player_ids: tuple[str, ...]
    window: Interval
    min_minutes: int
    games: int = 3  # games (hanchans) of the match: 3 a regular match, 5 the final (discard-league-2026 §2)
    one_meeting: bool = False  # the final: played in one meeting, never split (discard-league-2026 §2)

    @property
    def min_length(self) -> timedelta:
        return timedelta(minutes=self.min_minutes)


@dataclass(frozen=True)
class Availability:
    """One player's current answer for one match: ``version`` counts the answers (0: none yet)."""

    player_id: str
    version: int
    intervals: Intervals


@dataclass(frozen=True)
class Meeting:
    id: str
    match_id: str
    slot: Interval
    hanchans: tuple[int, ...]  # empty: the whole match
    proposed_by: str  # a player id, or "" when the organizer assigned it
    status: MeetingStatus = MeetingStatus.PROPOSED
    room_id: str = ""
    booking_id: str = ""
    cancel_reason: str = ""

    @property
    def by_organizer(self) -> bool:
        """Assigned by the organizer or the binding fallback, booked without the players' confirmations."""
        return not self.proposed_by


@dataclass(frozen=True)
class Confirmation:
    meeting_id: str
    player_id: str
    availability_version: int


@dataclass(frozen=True)
class Booking:
    id: str
    club_id: str
    room_id: str
    slot: Interval
    title: str
    status: BookingStatus = BookingStatus.ACTIVE
    match_id: str = ""
    meeting_id: str = ""
    series_id: str = ""  # an occurrence of a recurring activity (booking/domain/recurrence.py)
    sequence: int = 0  # +1 on every change (moved, cancelled): the iCalendar SEQUENCE
    updated_at: datetime | None = None
    cancelled_at: datetime | None = None
    cancel_reason: str = ""


@dataclass(frozen=True)
class Option:
    slot: Interval
    room_ids: tuple[str, ...]


# --- validation of what players and organizers enter ---
def validate_window(
    v: Violations, start: datetime | None, end: datetime | None, start_field: str, end_field: str, now: datetime | None = None
) -> Interval | None:
    """``[start, end)`` when both are given and end after start; with ``now``, also within
    :data:`MAX_REACH` of it on both sides (docs/rules.md ``schedule.time.near-now``): an instant near
    year 1 or 9999 is no play time, and would overflow once converted to a club's zone."""
    if now is not None:
        reach = f"must be within {MAX_REACH.days // 365} years of now ({now:%Y-%m-%d})"
        far = [(f, t) for f, t in ((start_field, start), (end_field, end)) if t is not None and abs(t - now) > MAX_REACH]
        for f, _ in far:
            v.add(f, reach)
        if far:
            return None
    if start is None:
        v.add(start_field, "is required")
    if end is None:
        v.add(end_field, "is required")
    if start is None or end is None:
        return None
    if not start < end:
        v.add(end_field, f"must be after {start_field} ({start.isoformat()})")
        return None
    return Interval(start, end)


def validate_availability(raw: Sequence[tuple[datetime | None, datetime | None]], window: Interval) -> Intervals:
    """A player's intervals: each ends after it starts and lies inside the window, at most
    ``MAX_INTERVALS``; then merged (overlaps, touching and duplicates become one interval)."""
    v = Violations()
    if len(raw) > MAX_INTERVALS:
        v.add("intervals", f"at most {MAX_INTERVALS} intervals, got {len(raw)}; merge some")
        v.raise_if_any()
    out = []
    for i, (start, end) in enumerate(raw):
        slot = validate_window(v, start, end, f"intervals[{i}].start", f"intervals[{i}].end")
        if slot is None:
            continue
        if not window.covers(slot):
            v.add(
                f"intervals[{i}]",
                f"{slot.start.isoformat()} .. {slot.end.isoformat()} is outside the match's window "
                f"{window.start.isoformat()} .. {window.end.isoformat()}",
            )
            continue
        out.append(slot)
    v.raise_if_any()
    return merge(out)


def validate_hanchans(v: Violations, hanchans: Sequence[int]) -> tuple[int, ...]:
    seen: set[int] = set()
    for i, h in enumerate(hanchans):
        if not 1 <= h <= MAX_HANCHANS:
            v.add(f"hanchans[{i}]", f"a hanchan number is between 1 and {MAX_HANCHANS}, got {h}")
        elif h in seen:
            v.add(f"hanchans[{i}]", f"hanchan {h} is listed twice")
        seen.add(h)
    return tuple(sorted(seen))


# --- common options ---
def free_rooms(
    room_ids: Sequence[str], busy: Mapping[str, Iterable[Interval]], within: Interval, at_least: timedelta | None = None
) -> dict[str, Intervals]:
    """Each room's free time inside ``within`` (its active bookings removed), only the pieces at least
    ``at_least`` long when given: a shorter free piece can never hold an option."""
    return {r: subtract((within,), busy.get(r, ()), at_least) for r in room_ids}


def common_options(
    window: Interval,
    availabilities: Iterable[Iterable[Interval]],
    room_ids: Sequence[str],
    busy: Mapping[str, Iterable[Interval]],
    min_length: timedelta,
    open_hours: Iterable[Interval] | None = None,
) -> tuple[Option, ...]:
    """Maximal intervals where every player is free, the club is open (``open_hours``, UTC; None: 24/7)
    and one room is free for all of it, at least ``min_length`` long; an option lists every room free
    for all of it (in ``room_ids`` order).

    Fast on dense input (issue 16: 4 x 200 disjoint answers against 2 000 bookings): only the common
    pieces at least ``min_length`` long are looked at (:func:`_free_in_room`), and rooms booked alike (a
    club night, a tournament day books every room the same) are computed once: a room whose bookings
    equal an earlier room's (compared in C, bound by bound) takes that room's answer."""
    if open_hours is None:
        firsts, lasts = common_bounds(availabilities, window)
    else:
        everyone = intersect(intersect_all(availabilities, window), open_hours)
        firsts, lasts = list(map(_START, everyone)), list(map(_END, everyone))
    long_enough = list(map(ge, map(sub, lasts, firsts), repeat(min_length)))
    if not all(long_enough):
        firsts, lasts = list(compress(firsts, long_enough)), list(compress(lasts, long_enough))
    if not firsts:
        return ()
    shortest = max(min_length, timedelta.resolution)  # a zero-length gap is no option
    alike: list[tuple[list[datetime], list[datetime], list[int]]] = []  # (booking starts, ends, rooms) per pattern
    for index, room in enumerate(room_ids):
        holes = busy.get(room, ())
        if not isinstance(holes, (list, tuple)):
            holes = tuple(holes)
        starts, ends = list(map(_START, holes)), list(map(_END, holes))
        if not all(map(lt, ends, starts[1:])):  # not normal: overlapping or touching bookings merged
            holes = merge(holes)
            starts, ends = list(map(_START, holes)), list(map(_END, holes))
        same = next((rooms for s, e, rooms in alike if s == starts and e == ends), None)
        if same is not None:
            same.append(index)
        else:
            alike.append((starts, ends, [index]))
    names = [tuple(map(room_ids.__getitem__, rooms)) for _, _, rooms in alike]
    if len(alike) == 1:  # every room booked alike: one room's answer, already in order
        starts, ends, _ = alike[0]
        free = _free_in_room(window, firsts, lasts, starts, ends, min_length, shortest)
        free.sort()  # a piece's several parts come after the pieces inside one gap
        return tuple(map(Option, starmap(trusted_interval, free), repeat(names[0])))
    found: dict[tuple[datetime, datetime], list[int]] = {}  # (start, end) -> the patterns free for it
    for number, (starts, ends, _) in enumerate(alike):
        for key in _free_in_room(window, firsts, lasts, starts, ends, min_length, shortest):
            found.setdefault(key, []).append(number)

    def rooms_of(patterns: list[int]) -> tuple[str, ...]:
        if len(patterns) == 1:
            return names[patterns[0]]
        return tuple(map(room_ids.__getitem__, sorted(i for n in patterns for i in alike[n][2])))

    return tuple(
        Option(trusted_interval(start, end), rooms_of(patterns))
        for (start, end), patterns in sorted(found.items(), key=itemgetter(0))
    )


def _free_in_room(
    window: Interval,
    firsts: list[datetime],
    lasts: list[datetime],
    hole_starts: list[datetime],
    hole_ends: list[datetime],
    min_length: timedelta,
    shortest: timedelta,
) -> list[tuple[datetime, datetime]]:
    """The parts of the pieces (normal, given by their bounds ``firsts`` and ``lasts``) that one room with these
    bookings (normal, as bounds) has free, each at least ``shortest`` long, as ``(start, end)``.

    The pieces are intersected with the room's free gaps (between its bookings) by bisection and
    element-wise ``max``/``min`` in C (``map``): a piece inside one gap (the usual case) costs no
    Python-level step; a piece several gaps reach has its inner gaps' lengths checked in C. Where the
    pieces are few against the room's bookings, the room's long-enough free time is subtracted first
    (``subtract``) and intersected."""
    if len(firsts) * 2 < len(hole_starts):  # few long pieces: the room's long-enough free time first, in C
        holes = tuple(map(Interval, hole_starts, hole_ends))
        return [
            (slot.start, slot.end)
            for slot in intersect(tuple(map(trusted_interval, firsts, lasts)), subtract((window,), holes, min_length))
            if slot.end - slot.start >= shortest
        ]
    gap_starts = [window.start, *hole_ends]  # the room's free gaps: before, between, after its bookings
    gap_ends = [*hole_starts, window.end]
    a = list(map(bisect_right, repeat(gap_ends), firsts))  # gaps[a[k]] is the first to reach pieces[k]
    gap_starts.append(window.end)  # so gap_starts[a + 1] always exists
    one = list(map(ge, map(gap_starts.__getitem__, map(add, a, repeat(1))), lasts))  # no later gap reaches it
    starts = list(map(max, firsts, map(gap_starts.__getitem__, a)))
    ends = list(map(min, lasts, map(gap_ends.__getitem__, a)))
    out = list(compress(zip(starts, ends), map(and_, one, map(ge, map(sub, ends, starts), repeat(shortest)))))
    for k in compress(range(len(firsts)), map(not_, one)):  # several gaps reach it
        lo, hi = a[k], bisect_left(gap_starts, lasts[k], a[k], len(gap_ends))  # gaps[lo:hi], hi - lo >= 2
        inner = range(lo + 1, hi - 1)  # wholly inside the piece: only their lengths are checked, in C
        fits = map(ge, map(sub, gap_ends[lo + 1 : hi - 1], gap_starts[lo + 1 : hi - 1]), repeat(shortest))
        parts = [(max(firsts[k], gap_starts[lo]), gap_ends[lo])]  # the first gap, cut at the piece's start
        parts.extend((gap_starts[g], gap_ends[g]) for g in compress(inner, fits))
        parts.append((gap_starts[hi - 1], min(lasts[k], gap_ends[hi - 1])))  # the last, cut at its end
        out.extend(part for part in parts if part[1] - part[0] >= shortest)
    return out


def everyone_answered(match: Match, answers: Mapping[str, Availability]) -> bool:
    return all(p in answers and answers[p].version > 0 for p in match.player_ids)


def players_free(match: Match, answers: Mapping[str, Availability], slot: Interval) -> bool:
    """Is every player of the match free for all of ``slot`` (by their current answers)?"""
    return everyone_answered(match, answers) and all(covered(slot, answers[p].intervals) for p in match.player_ids)


def room_for(slot: Interval, room_ids: Sequence[str], busy: Mapping[str, Iterable[Interval]]) -> str | None:
    """The first room (in the given order) free for all of ``slot``."""
    return next((r for r in room_ids if not any(b.overlaps(slot) for b in busy.get(r, ()))), None)


# --- confirmations ---
def valid_confirmations(confirmations: Iterable[Confirmation], answers: Mapping[str, Availability]) -> list[Confirmation]:
    """The confirmations given with each player's current answer (a later answer voids the earlier ones)."""
    return [c for c in confirmations if c.player_id in answers and answers[c.player_id].version == c.availability_version]


def confirmed_by(meeting: Meeting, confirmations: Iterable[Confirmation], answers: Mapping[str, Availability]) -> tuple[str, ...]:
    return tuple(sorted({c.player_id for c in valid_confirmations(confirmations, answers) if c.meeting_id == meeting.id}))


def all_confirmed(
    match: Match, meeting: Meeting, confirmations: Iterable[Confirmation], answers: Mapping[str, Availability]
) -> bool:
    return set(confirmed_by(meeting, confirmations, answers)) >= set(match.player_ids)


def meetings_no_longer_covered(meetings: Iterable[Meeting], new_intervals: Intervals) -> list[Meeting]:
    """Booked meetings a player's new availability no longer covers: they are cancelled (room freed)."""
    return [m for m in meetings if m.status is MeetingStatus.BOOKED and not covered(m.slot, new_intervals)]


def unbooked_by_new_answer(meetings: Iterable[Meeting], new_intervals: Intervals) -> tuple[list[Meeting], list[Meeting]]:
    """What a player's new answer undoes (docs/rules.md ``schedule.availability.change-voids-confirmations``,
    ``schedule.organizer.meeting-stands``): (the players' booked meetings it no longer covers: cancelled;
    those it still covers: back to PROPOSED, needing that player's confirmation again). Both free their
    room. The organizer's meetings (assigned, the fallback) are neither: they stand."""
    booked = [m for m in meetings if m.status is MeetingStatus.BOOKED and not m.by_organizer]
    gone = meetings_no_longer_covered(booked, new_intervals)
    return gone, [m for m in booked if m not in gone]


def match_hanchans(match: Match, hanchans: Sequence[int]) -> frozenset[int]:
    """The hanchans a meeting plays: the ones it names, or all of the match's (none named)."""
    return frozenset(hanchans) if hanchans else frozenset(range(1, match.games + 1))


def check_not_booked(match: Match, meetings: Iterable[Meeting], hanchans: Sequence[int], zone, what: str) -> None:
    """FAILED_PRECONDITION when a BOOKED meeting of the match already plays one of these hanchans (a match,
    and each of its hanchans, is booked once: docs/rules.md ``schedule.meeting.booked-once``)."""
    wanted = match_hanchans(match, hanchans)
    for m in meetings:
        if m.status is MeetingStatus.BOOKED and (both := wanted & match_hanchans(match, m.hanchans)):
            start = m.slot.start.astimezone(zone)
            which = f"hanchan {min(both)}" if len(both) < match.games else "the whole match"
            raise FailedPrecondition(
                f"match {match.key!r} is already booked for {which} on {start:%Y-%m-%d %H:%M} (meeting {m.id!r}); {what}"
            )


def check_meeting_length(match: Match, slot: Interval, field: str = "end") -> None:
    """A meeting lasts at least the match's minimum length (one hanchan) and at most a day (docs/rules.md
    ``schedule.meeting.booked-once``); INVALID_ARGUMENT on ``field`` otherwise."""
    minutes = int(slot.length.total_seconds() // 60)
    if slot.length < match.min_length or slot.length > MAX_MEETING:
        raise InvalidArgument.single(
            field,
            f"a meeting of this match lasts {match.min_minutes} minutes (one hanchan) to {MAX_MEETING_HOURS} hours, got {minutes} minutes",
        )


# --- the card ---
class CardState(enum.StrEnum):
    WAITING_FOR_ANSWERS = "waiting_for_answers"
    AGREEING = "agreeing"
    BOOKED = "booked"


@dataclass(frozen=True)
class MeetingView:
    meeting: Meeting
    confirmed_by: tuple[str, ...]
    unavailable: tuple[str, ...] = ()  # the organizer's booked meeting: players whose answer no longer covers it


def unavailable_for(match: Match, meeting: Meeting, answers: Mapping[str, Availability]) -> tuple[str, ...]:
    """The players whose current answer does not cover the organizer's booked meeting: shown on the card,
    the meeting stands (docs/rules.md ``schedule.organizer.meeting-stands``). Players who never answered
    are not counted: the organizer's time binds them all the same."""
    if not (meeting.by_organizer and meeting.status is MeetingStatus.BOOKED):
        return ()
    return tuple(
        p for p in match.player_ids if p in answers and answers[p].version > 0 and not covered(meeting.slot, answers[p].intervals)
    )


@dataclass(frozen=True)
class CardInputs:
    """What a match card is made of besides the match (the repository reads it all in one query):
    its club (None: gone), the club's rooms by name, each room's active bookings in the match's window,
    every player's latest answer, the match's meetings (by start) and their confirmations."""

    club: Club | None
    room_ids: tuple[str, ...]
    busy: Mapping[str, Sequence[Interval]]
    answers: Mapping[str, Availability]
    meetings: tuple[Meeting, ...]
    confirmations: tuple[Confirmation, ...]


@dataclass(frozen=True)
class Card:
    """What any player of the match may see: never anyone's intervals."""

    match: Match
    answered: tuple[str, ...]
    pending: tuple[str, ...]
    options: tuple[Option, ...]
    meetings: tuple[MeetingView, ...]
    state: CardState
    viewer_player_id: str = ""
    viewer_confirmed: tuple[str, ...] = field(default=())


def match_card(
    match: Match,
    answers: Mapping[str, Availability],
    meetings: Sequence[Meeting],
    confirmations: Sequence[Confirmation],
    room_ids: Sequence[str],
    busy: Mapping[str, Iterable[Interval]],
    viewer_player_id: str = "",
    open_hours: Iterable[Interval] | None = None,
) -> Card:
    answered = tuple(p for p in match.player_ids if p in answers and answers[p].version > 0)
    pending = tuple(p for p in match.player_ids if p not in answered)
    options: tuple[Option, ...] = ()
    if not pending:  # before that, the options would reveal the intervals of whoever answered
        everyone = (answers[p].intervals for p in match.player_ids)
        options = common_options(match.window, everyone, room_ids, busy, match.min_length, open_hours)
        if len(match.player_ids) == 2:  # the raw options would show each the other's intervals
            options = suggested_meetings(options, match.min_length)
    views = tuple(
        MeetingView(m, confirmed_by(m, confirmations, answers), unavailable_for(match, m, answers))
        for m in sorted(meetings, key=lambda m: (m.slot, m.id))
    )
    booked = any(m.status is MeetingStatus.BOOKED for m in meetings)
    state = CardState.WAITING_FOR_ANSWERS if pending else CardState.BOOKED if booked else CardState.AGREEING
    mine = tuple(v.meeting.id for v in views if viewer_player_id in v.confirmed_by)
    return Card(match, answered, pending, options, views, state, viewer_player_id, mine)


def busy_by_room(bookings: Iterable[Booking]) -> dict[str, list[Interval]]:
    out: dict[str, list[Interval]] = {}
    for b in bookings:
        if b.status is BookingStatus.ACTIVE:
            out.setdefault(b.room_id, []).append(b.slot)
    return out


def first_overlap(slot: Interval, bookings: Iterable[Booking]) -> Booking | None:
    return next(
        (b for b in sorted(bookings, key=lambda b: b.slot) if b.status is BookingStatus.ACTIVE and b.slot.overlaps(slot)), None
    )


def taken_message(room_name: str, booking: Booking, zone) -> str:
    """The answer to a lost race, in the club's local time ("room 2 was just booked for 19:00-23:00 by
    another match; pick another option")."""
    return taken(room_name, booking, zone).message


def taken(room_name: str, booking: Booking, zone) -> Aborted:
    """ABORTED for a room lost to a race (reason ``ROOM_TAKEN``, or ``ROOM_TAKEN_BY_ACTIVITY`` naming the
    club activity that took it), with the room and the time in the club's local time as params."""
    start, end = booking.slot.start.astimezone(zone), booking.slot.end.astimezone(zone)
    when = (
        f"{start:%Y-%m-%d} {start:%H:%M}-{end:%H:%M}"
        if start.date() == end.date()
        else f"{start:%Y-%m-%d %H:%M}-{end:%Y-%m-%d %H:%M}"
    )
    if booking.match_id:
        return Aborted.because("ROOM_TAKEN", room=room_name, when=when, booking_id=booking.id)
    return Aborted.because("ROOM_TAKEN_BY_ACTIVITY", room=room_name, when=when, title=booking.title, booking_id=booking.id)


def match_title(match_key: str, hanchans: Sequence[int] = ()) -> str:
    """A match booking's title in the shared calendar and its feed: the stage, round and table from the
    gateway's key ``<competition>/<stage>/<round>/<table>``, never a player (docs/rules.md
    ``schedule.calendar.ical-feed``); another key is shown as it is."""
    key = MatchKey.parse(match_key)
    title = f"Match: stage {key.stage}, round {key.round}, table {key.table}" if key else f"Match {match_key}"
    if hanchans:
        title += f", hanchan{'s' if len(hanchans) > 1 else ''} {', '.join(str(h) for h in hanchans)}"
    return title[:MAX_TITLE_LENGTH]


class RoomTaken(Exception):
    """The storage refused a booking: another active booking of the room overlaps it."""

    def __init__(self, room_id: str):
        super().__init__(f"room {room_id} is already booked for that time")
        self.room_id = room_id


class MeetingRefused(Exception):
    """The storage refused a meeting's new state: it would break one of the invariants the database
    holds (migration 0007); ``invariant`` names it: ``player-overlap``, ``hanchans-booked`` or
    ``booking-mismatch``."""

    def __init__(self, invariant: str):
        super().__init__(f"the database refused the meeting: {invariant}")
        self.invariant = invariant


def check_meeting_games(match: Match, hanchans: Sequence[int], field: str = "hanchans") -> None:
    """A meeting plays the whole match (no hanchans named) or some of its hanchans: a match may be
    split over several meetings, the break falling between hanchans; the final is one meeting
    (discard-league-2026 §2, §3; docs/rules.md schedule.meeting.split-or-whole)."""
    beyond = [h for h in hanchans if h > match.games]
    if beyond:
        raise InvalidArgument.single(field, f"hanchan {beyond[0]} does not exist: this match has {match.games}")
    if match.one_meeting and hanchans and set(hanchans) != set(range(1, match.games + 1)):
        raise InvalidArgument.single(
            field, f"this match is played in one meeting ({match.games} hanchans on one day): propose the whole match"
        )
