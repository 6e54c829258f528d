"""Where a match may start: the discretization of its candidate intervals into options.

An option is (match, start, room): the match fits in the candidate from ``start`` for its whole
length, and the room is free for all of the candidate. Starts are each candidate's own start, then
every instant of the ``step_minutes`` grid (counted from the Unix epoch, so whole and half hours of
the club's time for a 30-minute step) up to the latest start that still fits. The same (start, room)
reached from two candidates of one match is one option. Candidates shorter than the match are not an
error: they host no option.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from solver.domain.schedule.preference import start_cost
from solver.domain.schedule.problem import Candidate, ScheduleMatch, ScheduleProblem

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Option:
    match: int  # index into problem.matches
    start: datetime
    end: datetime
    room: str
    cost: int
    minute: int  # start, in minutes from the reference (the model's time axis)

    @property
    def end_minute(self) -> int:
        return self.minute + int((self.end - self.start).total_seconds() // 60)


def starts_in(candidate: Candidate, length: timedelta, step_minutes: int) -> list[datetime]:
    """Every start of a match of ``length`` inside ``candidate``: its own start, then the grid."""
    latest = candidate.end - length
    if latest < candidate.start:
        return []
    step = timedelta(minutes=step_minutes)
    out = [candidate.start]
    offset = (candidate.start - EPOCH) % step
    t = candidate.start + (step - offset if offset else step)
    while t <= latest:
        out.append(t)
        t += step
    return out


def reference_of(problem: ScheduleProblem) -> datetime:
    if problem.reference is not None:
        return problem.reference
    return min((c.start for m in problem.matches for c in m.candidates), default=EPOCH)


def match_options(
    problem: ScheduleProblem, index: int, match: ScheduleMatch, reference: datetime, zone: ZoneInfo
) -> list[Option]:
    seen: set[tuple[datetime, str]] = set()
    out = []
    for candidate in match.candidates:
        for start in starts_in(candidate, match.length, problem.step_minutes):
            cost = start_cost(start, reference, zone, problem.preference)
            minute = int((start - reference).total_seconds() // 60)
            for room in candidate.room_ids:
                if (start, room) not in seen:
                    seen.add((start, room))
                    out.append(Option(index, start, start + match.length, room, cost, minute))
    return sorted(out, key=lambda o: (o.start, problem.room_ids.index(o.room) if o.room in problem.room_ids else 0))


def all_options(problem: ScheduleProblem) -> list[Option]:
    """Every option of every match, by match then start then room order."""
    reference = reference_of(problem)
    zone = ZoneInfo(problem.time_zone)
    return [o for i, m in enumerate(problem.matches) for o in match_options(problem, i, m, reference, zone)]
