"""The round auto-scheduler's side in booking (internal: the gateway's ProposeRoundSchedule;
docs/rules.md schedule.auto.*): a round's options per match, and the organizer's proposals stored as
meetings that still need every player's confirmation."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from booking.adapters.repository import BookingRepository
from booking.domain.model import Club, Room
from booking.domain.round_options import MAX_ROUND_MATCHES, MatchOptions, RoundProblem, round_options, round_problem
from booking.domain.scheduling import (
    Meeting,
    MeetingStatus,
    check_meeting_games,
    check_meeting_length,
    validate_hanchans,
    validate_window,
)
from booking.use_cases import common
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations


@dataclass(frozen=True)
class RoundOptions:
    """The club of a round's matches, its rooms, and per match what the auto-scheduler may use
    (``booking.domain.round_options``)."""

    club: Club
    rooms: tuple[Room, ...]
    matches: tuple[MatchOptions, ...]


@dataclass(frozen=True)
class RoundSchedule:
    """PrepareRoundSchedule's answer: the round's options and the problem the solver is asked."""

    options: RoundOptions
    problem: RoundProblem


@dataclass(frozen=True)
class Proposal:
    """One meeting the organizer's auto-scheduler proposes: ``room_id`` is the suggested room, tried
    first when everyone has confirmed."""

    match_key: str
    start: datetime | None
    end: datetime | None
    room_id: str = ""
    hanchans: tuple[int, ...] = ()


class AutoSchedule:
    def __init__(self, uow: UnitOfWork[BookingRepository], clock: Callable[[], datetime] = common.now):
        self.uow = uow
        self.clock = clock

    def round_options(self, match_keys: Sequence[str]) -> RoundOptions:
        """Per match of a round (one club): who is pending, whether it is booked, and its common options
        with the free rooms, only for matches everyone answered and nobody booked yet."""
        v = Violations()
        keys = list(v.unique_ids("match_keys", match_keys, empty="needs a non-empty match key"))
        if not match_keys:
            v.add("match_keys", "give the match keys of the round (at least one)")
        elif len(match_keys) > MAX_ROUND_MATCHES:
            v.add("match_keys", f"at most {MAX_ROUND_MATCHES} matches at once, got {len(match_keys)}")
        for i, key in enumerate(match_keys):
            if key.strip():
                v.id(f"match_keys[{i}]", key)
        v.raise_if_any()

        def work(repo: BookingRepository) -> RoundOptions:
            matches = [common.match(repo, key) for key in keys]
            clubs = {m.club_id for m in matches}
            if len(clubs) > 1:
                raise FailedPrecondition.because("MATCHES_IN_DIFFERENT_CLUBS")
            club = common.club(repo, matches[0].club_id)
            rooms = tuple(repo.rooms(club.id))
            start = min(m.window.start for m in matches)
            end = max(m.window.end for m in matches)
            busy = repo.busy_times(club.id, start, end)
            answers = {m.id: repo.availabilities(m.id) for m in matches}
            meetings = {m.id: repo.meetings(m.id) for m in matches}
            return RoundOptions(club, rooms, round_options(matches, answers, meetings, [r.id for r in rooms], busy))

        return self.uow.read(work)

    def prepare_round_schedule(self, match_keys: Sequence[str], meeting_minutes: int = 0) -> RoundSchedule:
        """The auto-scheduler's question for a round (docs/rules.md schedule.auto.options-from-booking):
        :meth:`round_options`, and every match not booked whose players all answered with its common
        options as candidates (``booking.domain.round_options.round_problem``)."""
        options = self.round_options(match_keys)
        return RoundSchedule(options, round_problem(options.matches, meeting_minutes))

    def propose_meetings(self, proposals: Sequence[Proposal], proposed_by: str, idempotency_key: str = "") -> list[Meeting]:
        """Stores each proposal as a PROPOSED meeting (``proposed_by``, e.g. "organizer:auto-scheduler")
        that still needs every player's confirmation, all in one transaction: each inside a common
        option of its match (every player free, inside the window, not in the past), its room one of
        the club's, its match not booked yet. A proposal equal to a meeting already proposed answers
        that meeting. Nothing is stored unless every proposal is accepted."""
        v = Violations()
        author = v.id("proposed_by", proposed_by)
        raw_key = v.key("idempotency_key", idempotency_key)
        if not proposals:
            v.add("proposals", "give at least one proposal")
        elif len(proposals) > MAX_ROUND_MATCHES:
            v.add("proposals", f"at most {MAX_ROUND_MATCHES} proposals at once, got {len(proposals)}")
        checked = []
        for i, p in enumerate(proposals):
            match_key = v.id(f"proposals[{i}].match_key", p.match_key)
            room = v.id(f"proposals[{i}].room_id", p.room_id, required=False)
            slot = validate_window(v, p.start, p.end, f"proposals[{i}].start", f"proposals[{i}].end", self.clock())
            games = validate_hanchans(v, list(p.hanchans))
            checked.append((match_key, slot, room, games))
        v.raise_if_any()
        request = {"by": author, "proposals": [(k, s, r, g) for k, s, r, g in checked]}
        key = idempotency.request_key("BookingService.ProposeMeetings", raw_key, request)

        def work(repo: BookingRepository) -> list[Meeting]:
            if (record := idempotency.first_answer(repo, key)) is not None:  # the first answer's meetings, read again
                return [m for mid in (record.response or b"").decode().split(",") if mid and (m := repo.meeting(mid)) is not None]
            for match_key in sorted({c[0] for c in checked}):  # one order for every caller: no deadlock
                repo.match_by_key(match_key, lock=True)
            out = []
            for i, (match_key, slot, room_id, games) in enumerate(checked):
                assert slot is not None
                match = common.match(repo, match_key)
                club = common.club(repo, match.club_id)
                if room_id:
                    common.room(repo, club, room_id)
                meetings = repo.meetings(match.id)
                if any(m.status is MeetingStatus.BOOKED for m in meetings):
                    raise FailedPrecondition(
                        f"proposals[{i}]: match {match_key!r} was booked meanwhile; propose again without it"
                    )
                same = next(
                    (m for m in meetings if m.status is MeetingStatus.PROPOSED and (m.slot, m.hanchans) == (slot, games)), None
                )
                if same is not None:
                    out.append(same)
                    continue
                check_meeting_games(match, games, f"proposals[{i}].hanchans")
                check_meeting_length(match, slot, f"proposals[{i}].end")
                common.check_bookable(repo, match, slot, self.clock())
                meeting = Meeting(common.new_id(), match.id, slot, games, author, room_id=room_id)
                repo.add_meeting(meeting, self.clock())
                out.append(meeting)
            idempotency.remember(repo, key, self.clock(), response=",".join(m.id for m in out).encode())
            return out

        return self.uow.write(work)
