"""The rules of each kind of stage: which check a recorded result, and how a competition's next
stage is planned from its stored results (``league.domain.stages``).

A check gets the stage, the match's round and table, its seats, the contents of its current records
(without the one being corrected), the new content and its context (who left the competition, what a
correction replaces); it raises ``InvalidArgument`` naming the request's field, or
``FailedPrecondition``, and returns nothing. Which check and which progress each ruleset uses is
listed once, in ``league.domain.rulesets``, so the service records every stage's results through one
path. Pure.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from league.domain.disqualification import PlayerDisqualification
from league.domain.lots import TieDecision
from league.domain.mahjong.standings import Standings
from league.domain.model import Competition, Player
from league.domain.records import Content, ResultRecord, current
from league.domain.stages import Stage, StageRound, Table
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.text import with_player_names


@dataclass(frozen=True)
class ResultContext:
    """What a result check may need beyond the match: ``left``, the players who left the competition
    (withdrawn, removed or disqualified); ``replaced``, the content of the record a correction replaces
    (None: a new result)."""

    left: frozenset[str] = frozenset()
    replaced: Content | None = None


NEW_RESULT = ResultContext()


class ResultCheck(Protocol):
    def __call__(
        self,
        stage: Stage,
        round_no: int,
        table: int,
        seats: Table,
        live: Sequence[Content],
        new: Content,
        context: ResultContext = ...,
    ) -> None: ...


@dataclass(frozen=True)
class MeetingShape:
    """How a stage's matches are met, for scheduling them (booking's OpenMatch): the games of a match
    (0: not fixed, e.g. a cup series) and whether a match is one meeting, never split (the final:
    discard-league-2026 §2; docs/rules.md schedule.meeting.split-or-whole)."""

    games: int = 0
    one_meeting: bool = False


# --- generating the next stage -------------------------------------------------------------------


@dataclass(frozen=True)
class StagePlan:
    """The next stage as league's rules derive it from stored results, seated: ``rounds`` are its
    rounds of tables of player ids (a pairing is a table of two, a pass a table of one), stored as
    they are.

    ``groups``: who plays together (a table, a group, the survivors), best first. ``basis``: what it was
    derived from (kept with the stage; a later correction that changes it is checked against it).
    ``finished``: nothing more to play (then number is 0 and there are no groups)."""

    number: int
    kind: str
    name: str
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    rounds: tuple[StageRound, ...] = ()
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
    #: The latest pinned version of the competition's ruleset data and its number
    #: (league.domain.pinning; {} for a ruleset pinned without data).
    ruleset_data: Mapping[str, Any] = field(default_factory=dict)
    ruleset_version: int = 0
    tie_decisions: tuple[TieDecision, ...] = ()  # in the order decided (league.domain.lots)
    #: The regular-stage standings exactly as GetStandings answers them (the organizer's decisions
    #: included), computed on demand by the service; None where the service gives none (tests).
    standings: Callable[[], Standings] | None = field(default=None, compare=False, repr=False)

    def stage_records(self, number: int) -> list[ResultRecord]:
        """The current (scored) records of one stage."""
        return current(r for r in self.records if r.stage == number)

    def before_stage(self, number: int) -> CompetitionState:
        """The competition as it was when stage ``number`` was generated from what came before it: the
        stages before it, their records and the disqualifications recorded in them (a drawn
        competition's regular stage is stage 1)."""
        return dataclasses.replace(
            self,
            stages=tuple(s for s in self.stages if s.number < number),
            records=tuple(r for r in self.records if r.stage < number),
            disqualifications=tuple(d for d in self.disqualifications if d.stage < number),
        )

    def regular_standings(self) -> Standings:
        if self.standings is None:
            raise FailedPrecondition(f"competition {self.competition.name!r} has no regular standings")
        return self.standings()


@dataclass(frozen=True)
class CorrectionEffects:
    """What a correction changes in what was derived from the results (``changes``, in words, in the
    answer), the stages already generated whose players it would change (``later_stage_conflicts``:
    refused unless the organizer confirms) and, for each, what the organizer must then redo
    (``to_redo``: a stored stage keeps the players it was generated with)."""

    changes: tuple[str, ...] = ()
    later_stage_conflicts: tuple[str, ...] = ()
    to_redo: tuple[str, ...] = ()


class CompetitionProgress(Protocol):
    """One competition ruleset's stages: what comes next (seated), when a stage is complete, and what a
    correction changes. Implemented once per ruleset and listed in
    ``league.domain.rulesets.RULESETS``."""

    def next_stage(self, state: CompetitionState) -> StagePlan:
        """The stage to generate now; FAILED_PRECONDITION saying what is missing when it cannot be yet."""
        ...

    def stage_complete(self, state: CompetitionState, stage: Stage) -> bool:
        """Every result of the stage is in (after the record just stored)."""
        ...

    def correction_effects(self, before: CompetitionState, after: CompetitionState) -> CorrectionEffects:
        """What the correction ``after`` holds (and ``before`` not) changes in what was derived from the
        results: places, outcomes, and every stage already generated (docs/rules.md
        ``mahjong.records.correction-*``, ``updown.records.correction-*``, ``cup.records.correction-*``).
        The service calls it for every correction (league/use_cases/records.py::Records)."""
        ...


def check_fixed_rounds(plan: StagePlan, rounds: tuple[StageRound, ...]) -> None:
    """League seats every stage: rounds given with it must be the plan's own, exactly."""
    if rounds and rounds != plan.rounds:
        raise InvalidArgument.single("rounds", f"stage {plan.number} ({plan.name}) is seated by league; send no rounds")


# --- what a correction changes (one mechanism for every ruleset) ----------------------------------------


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def place_moves(before: Sequence[str], after: Sequence[str], names: Mapping[str, str]) -> list[str]:
    """``P03 3rd -> 4th`` for every player whose position differs between two orders (best first)."""
    old = {p: i for i, p in enumerate(before, start=1)}
    new = {p: i for i, p in enumerate(after, start=1)}
    return [f"{names.get(p, p)} {ordinal(old[p])} -> {ordinal(new[p])}" for p in after if p in old and old[p] != new[p]]


def member_moves(
    stored: Sequence[Sequence[str]],
    derived: Sequence[Sequence[str]],
    units: Sequence[str],
    names: Mapping[str, str],
    unit: str = "table",
) -> str:
    """Who a stage would now seat elsewhere (``units``: the names of its tables or groups, in order):
    ``P05 would move from table upper to table lower; P09 would play at table B; P08 would not play (he
    played at table B)``; empty when nobody moves."""

    def name(p: str) -> str:
        return names.get(p, p)

    def where(i: int) -> str:
        return f"{unit} {units[i] if i < len(units) else i + 1}"

    old = {p: i for i, t in enumerate(stored) for p in t}
    new = {p: i for i, t in enumerate(derived) for p in t}
    out = []
    for p, i in new.items():
        if p not in old:
            out.append(f"{name(p)} would play at {where(i)}")
        elif old[p] != i:
            out.append(f"{name(p)} would move from {where(old[p])} to {where(i)}")
    out.extend(f"{name(p)} would not play (he played at {where(i)})" for p, i in old.items() if p not in new)
    return "; ".join(out)


@dataclass(frozen=True)
class Derived:
    """What a stored stage would be generated with from some state: who plays together (its tables or
    groups, in the stage's order) and what else it was derived from (shown when it changes alone)."""

    members: tuple[tuple[str, ...], ...]
    basis: Mapping[str, Any] = field(default_factory=dict)


DeriveStage = Callable[[CompetitionState, Stage], "Derived | str"]


def later_stage_effects(
    before: CompetitionState,
    after: CompetitionState,
    stages: Sequence[Stage],
    derive: DeriveStage,
    names: Mapping[str, str],
    units: Callable[[Stage], Sequence[str]],
    unit: str,
    basis_change: Callable[[Mapping[str, Any], Mapping[str, Any]], str],
    who_decides: str,
    stored: Callable[[Stage], Sequence[Sequence[str]]],
) -> tuple[list[str], list[str], list[str]]:
    """For every stage already stored, whether the correction (``after`` holds it, ``before`` not) would
    now generate it with other players (a conflict: who already plays a later stage would change), only
    from another basis, or as it is: ``(changes, conflicts, to_redo)``. ``derive`` answers what the stage
    would be generated with from a state (or why it could not be), always from the stages before it as
    stored; what the correction changes is the difference between the two (a stage that could not be
    generated before it is compared with its ``stored`` players); ``who_decides`` says who rules on a
    confirmed conflict, since a stored stage keeps the players it was generated with."""
    changes: list[str] = []
    conflicts: list[str] = []
    to_redo: list[str] = []
    for stage in stages:
        label = f"stage {stage.number} ({stage.name})"
        old, new = derive(before, stage), derive(after, stage)
        if isinstance(new, str):
            if not isinstance(old, str):
                conflicts.append(f"{label} could no longer be generated: {with_player_names(new, names)}")
                to_redo.append(f"{label} keeps the players it was generated with; {who_decides}")
            continue
        reference = old.members if isinstance(old, Derived) else tuple(tuple(m) for m in stored(stage))
        who = member_moves(reference, new.members, units(stage), names, unit)
        if isinstance(old, str) and not who:
            changes.append(f"{label} can be generated again as it was stored")
            continue
        if who:
            conflicts.append(f"this correction changes who plays in {label}: {who}")
            to_redo.append(f"{label} keeps the players it was generated with ({who}); {who_decides}")
        elif isinstance(old, Derived) and old.basis != new.basis:
            changes.append(f"{label}: same {unit}s ({basis_change(old.basis, new.basis)})")
        else:
            changes.append(f"{label} {unit}s unchanged")
    return changes, conflicts, to_redo


def effects(changes: Sequence[str], conflicts: Sequence[str], to_redo: Sequence[str]) -> CorrectionEffects:
    """The answer, led by ``no derived change`` when nothing but unchanged stages was found."""
    listed = list(changes)
    if not listed or all(c.endswith(" unchanged") for c in listed):
        listed.insert(0, "no derived change")
    return CorrectionEffects(tuple(listed), tuple(conflicts), tuple(to_redo))
