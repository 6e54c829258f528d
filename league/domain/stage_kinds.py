"""The rules of each kind of stage: which check a recorded result, and how a competition's next
stage is planned from its stored results (``league.domain.stages``).

A check gets the stage, the match's round and table, its seats, the contents of its current records
(without the one being corrected) and the new content; it raises ``InvalidArgument`` naming the
request's field, or ``FailedPrecondition``, and returns nothing. Each competition's module registers
its stage kinds here, so the service records every stage's results through one path. Pure.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from rondo_runtime.errors import FailedPrecondition, InvalidArgument

from .disqualification import PlayerDisqualification
from .model import Competition, Player
from .records import Content, ResultRecord, current
from .stages import Stage, StageRound, Table
from .standings import Standings

ResultCheck = Callable[[Stage, int, int, Table, Sequence[Content], Content], None]

#: kind -> the check of a new result in a stage of that kind
RESULT_CHECKS: dict[str, ResultCheck] = {}


def check_stage_result(stage: Stage, round_no: int, table: int, seats: Table, live: Sequence[Content], new: Content) -> None:
    check = RESULT_CHECKS.get(stage.kind)
    if check is None:
        raise FailedPrecondition(f"stage {stage.number} ({stage.name}) is of kind {stage.kind!r}, which takes no results")
    check(stage, round_no, table, seats, live, new)


# --- generating the next stage -------------------------------------------------------------------


class Seating(enum.Enum):
    """How the rounds of a planned stage are made: by league itself, or by one of the solver's RPCs."""

    FIXED = "fixed"  # league's own rounds (StagePlan.rounds), stored as they are
    PLAYOFF_TABLES = "playoff_tables"  # SolverService.SeatPlayoffRound from the plan's groups
    KNOCKOUT_PAIRS = "knockout_pairs"  # SolverService.PairKnockoutStage from StagePlan.knockout
    ROUND_ROBIN = "round_robin"  # SolverService.BuildRoundRobin, one request per group


@dataclass(frozen=True)
class KnockoutEntrant:
    """A survivor as the solver pairs him: original seed (never re-numbered), first-stage position
    (conventional byes only), and what decides who plays blue."""

    id: str
    seed: int
    position: int = 0
    rating: int | None = None
    win_share: Fraction = Fraction(0)


@dataclass(frozen=True)
class KnockoutSeating:
    entrants: tuple[KnockoutEntrant, ...]  # in original seed order
    byes_to_top_seeds: bool = False
    bracket_size: int = 0
    stage_size: int = 0


@dataclass(frozen=True)
class StagePlan:
    """The next stage as league's rules derive it from stored results; the solver seats or pairs it.

    ``groups``: who plays together (a table, a group, the survivors), best first. ``basis``: what it was
    derived from (kept with the stage; a later correction that changes it is checked against it).
    ``finished``: nothing more to play (then number is 0 and there are no groups)."""

    number: int
    kind: str
    name: str
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    seating: Seating
    rounds: tuple[StageRound, ...] = ()  # Seating.FIXED
    knockout: KnockoutSeating | None = None  # Seating.KNOCKOUT_PAIRS
    cycles: int = 1  # Seating.ROUND_ROBIN: 1 single, 2 double
    ratings: Mapping[str, int | None] = field(default_factory=dict)  # Seating.ROUND_ROBIN: for the solver's seeding
    details: Mapping[str, Any] = field(default_factory=dict)
    basis: Mapping[str, Any] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    finished: bool = False


@dataclass(frozen=True)
class CompetitionState:
    """Everything stored about a competition that its progress depends on."""

    competition: Competition
    players: tuple[Player, ...]  # every player ever registered, in registration order
    draw_rounds: tuple[StageRound, ...]  # the approved draw's rounds (a drawn competition's stage 1)
    stages: tuple[Stage, ...]  # in order
    records: tuple[ResultRecord, ...]  # every record of every stage, in entry order (corrections included)
    disqualifications: tuple[PlayerDisqualification, ...] = ()  # in the order recorded
    #: The regular-stage standings exactly as GetStandings answers them (the organizer's decisions
    #: included), computed on demand by the service; None where the service gives none (tests).
    standings: Callable[[], Standings] | None = field(default=None, compare=False, repr=False)

    def stage_records(self, number: int) -> list[ResultRecord]:
        """The current (scored) records of one stage."""
        return current(r for r in self.records if r.stage == number)

    def regular_standings(self) -> Standings:
        if self.standings is None:
            raise FailedPrecondition(f"competition {self.competition.name!r} has no regular standings")
        return self.standings()


@dataclass(frozen=True)
class CorrectionEffects:
    """What a correction changes in what was derived from the results (``changes``, in words, stored
    with the answer), and the stages already generated whose players it would change
    (``later_stage_conflicts``: refused unless the organizer confirms)."""

    changes: tuple[str, ...] = ()
    later_stage_conflicts: tuple[str, ...] = ()


class CompetitionProgress(Protocol):
    """One competition ruleset's stages: what comes next, whether a seating fits the plan, and when a
    stage is complete. Implemented once per ruleset and registered in :data:`PROGRESS`."""

    def next_stage(self, state: CompetitionState) -> StagePlan:
        """The stage to generate now; FAILED_PRECONDITION saying what is missing when it cannot be yet."""
        ...

    def check_rounds(self, plan: StagePlan, rounds: tuple[StageRound, ...]) -> None:
        """INVALID_ARGUMENT naming ``rounds`` when the seating does not fit the plan."""
        ...

    def stage_complete(self, state: CompetitionState, stage: Stage) -> bool:
        """Every result of the stage is in (after the record just stored)."""
        ...

    # Optional: ``correction_effects(before: CompetitionState, after: CompetitionState) -> CorrectionEffects``.
    # The service calls it for a correction, when the progress object has it (league/service.py::_record).


#: competition ruleset (league.domain.model.RULESETS) -> how its stages progress. Each competition's
#: module registers itself at its end (league/domain/mahjong_progress.py) and the service imports it.
PROGRESS: dict[str, CompetitionProgress] = {}


def progress_of(competition: Competition) -> CompetitionProgress:
    progress = PROGRESS.get(competition.ruleset)
    if progress is None:
        raise FailedPrecondition(f"competition {competition.name!r} ({competition.ruleset}) has no stages to generate")
    return progress


def check_fixed_rounds(plan: StagePlan, rounds: tuple[StageRound, ...]) -> None:
    """A FIXED plan is stored exactly as league derived it."""
    if rounds and rounds != plan.rounds:
        raise InvalidArgument.single("rounds", f"stage {plan.number} ({plan.name}) is seated by league; send no rounds")


def check_groups_seated(plan: StagePlan, rounds: tuple[StageRound, ...]) -> None:
    """Each table of a one-round stage holds exactly one group's players (in any seat order)."""
    wanted = sorted(sorted(players) for _, players in plan.groups)
    if len(rounds) != 1 or sorted(sorted(t) for t in rounds[0]) != wanted:
        raise InvalidArgument.single(
            "rounds", f"stage {plan.number} ({plan.name}) is one round with one table per group: {_groups_text(plan)}"
        )


def _groups_text(plan: StagePlan) -> str:
    return "; ".join(f"{name}: {', '.join(players)}" for name, players in plan.groups)
