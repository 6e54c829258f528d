"""Value objects of the round auto-scheduler (docs/rules.md ``schedule.auto.*``). Pure data.

Times are aware ``datetime`` s (UTC on the wire); the club's IANA ``time_zone`` only decides which
starts are evening starts (``preference``). Everything the scheduler needs is in a
``ScheduleProblem``: per match its players, its length and its candidate intervals, each with the
rooms free for all of it (booking computes them: the match's common options).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from solver.domain.draw.problem import SolveStatus

DEFAULT_STEP_MINUTES = 30
DEFAULT_EVENING_START = 18 * 60  # minutes after local midnight
DEFAULT_EVENING_END = 21 * 60
DEFAULT_DAYTIME_PENALTY = 24 * 60  # minutes: a start outside the evening costs as much as a day later
DEFAULT_TIME_ZONE = "Europe/Kirov"


@dataclass(frozen=True)
class Candidate:
    """An interval where every player of the match is free and each of ``room_ids`` is free for all of it."""

    start: datetime
    end: datetime
    room_ids: tuple[str, ...]


@dataclass(frozen=True)
class ScheduleMatch:
    id: str
    players: tuple[str, ...]
    length_minutes: int
    candidates: tuple[Candidate, ...]

    @property
    def length(self) -> timedelta:
        return timedelta(minutes=self.length_minutes)


@dataclass(frozen=True)
class Preference:
    """What "earlier and evening" means (docs/rules.md ``schedule.auto.objective``): a placed match
    costs the minutes from the reference to its start, plus ``daytime_penalty`` when its start, in
    the club's time, is not in ``[evening_start, evening_end)`` (minutes after midnight; a range past
    midnight wraps)."""

    evening_start: int = DEFAULT_EVENING_START
    evening_end: int = DEFAULT_EVENING_END
    daytime_penalty: int = DEFAULT_DAYTIME_PENALTY


@dataclass(frozen=True)
class ScheduleProblem:
    """``reference``: lateness is counted from here (the round's window start; None = the earliest
    candidate start). ``step_minutes``: starts are tried at each candidate's own start and then on
    the grid of ``step_minutes`` (UTC, so whole and half hours of the club's time)."""

    matches: tuple[ScheduleMatch, ...]
    room_ids: tuple[str, ...]
    time_zone: str = DEFAULT_TIME_ZONE
    reference: datetime | None = None
    step_minutes: int = DEFAULT_STEP_MINUTES
    preference: Preference = field(default_factory=Preference)
    seed: int = 0
    time_limit_s: float = 10.0


@dataclass(frozen=True)
class Placement:
    match_id: str
    start: datetime
    end: datetime
    room_id: str
    cost: int  # its preference cost (``preference.start_cost``)


@dataclass(frozen=True)
class ScheduleObjective:
    """Lexicographic: more matches placed is better, then a smaller total preference cost."""

    matches_placed: int = 0
    preference_cost: int = 0

    def key(self) -> tuple[int, int]:
        """Smaller is better."""
        return (-self.matches_placed, self.preference_cost)

    def better_than(self, other: ScheduleObjective) -> bool:
        return self.key() < other.key()

    @staticmethod
    def of(placements: tuple[Placement, ...] | list[Placement]) -> ScheduleObjective:
        return ScheduleObjective(len(placements), sum(p.cost for p in placements))


@dataclass(frozen=True)
class ScheduleResult:
    """``bound``: no schedule places more than ``bound.matches_placed`` matches, and none placing
    that many costs less than ``bound.preference_cost``. ``unplaced``: (match id, reason), in
    request order."""

    status: SolveStatus
    placements: tuple[Placement, ...]
    unplaced: tuple[tuple[str, str], ...]
    objective: ScheduleObjective
    bound: ScheduleObjective
    wall_time_s: float
    method: str
    notes: tuple[str, ...] = ()
    seed: int = 0
