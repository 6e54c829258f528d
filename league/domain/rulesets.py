"""Every competition ruleset league plays, listed in one place (docs/rules.md: ``mahjong.*``,
``cup.*``, ``updown.*``).

A ruleset is its id (``Competition.ruleset``), how its stages progress (the next stage, seated; when a
stage is complete; what a correction changes: ``league.domain.stage_kinds.CompetitionProgress``), the
check of a result in each kind of stage it plays, and how a stage of each kind is met (booking's
scheduling; a kind not listed is "not fixed, may be split"). Nothing registers itself: a ruleset, a
stage kind or a hook exists for the service when it is listed in :data:`RULESETS` below, and a new
ruleset is a folder beside ``mahjong/``, ``cup/`` and ``updown/`` plus one entry here. Pure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from league.domain.cup import progress as cup
from league.domain.mahjong import progress as mahjong
from league.domain.model import Competition
from league.domain.records import Content
from league.domain.stage_kinds import NEW_RESULT, CompetitionProgress, MeetingShape, ResultCheck, ResultContext
from league.domain.stages import Stage, Table
from league.domain.updown import progress as updown
from rondo_runtime.errors import FailedPrecondition


@dataclass(frozen=True)
class CompetitionRuleset:
    """One competition ruleset: ``name`` (``league.domain.model.RULESETS``), its stages' ``progress``,
    the ``result_checks`` of its stage kinds (kind -> check) and their ``meeting_shapes``."""

    name: str
    progress: CompetitionProgress
    result_checks: Mapping[str, ResultCheck]
    meeting_shapes: Mapping[str, Callable[[Stage], MeetingShape]] = field(default_factory=dict)


#: Every ruleset league plays, with its stage kinds and hooks.
RULESETS: tuple[CompetitionRuleset, ...] = (
    CompetitionRuleset(
        mahjong.RULESET,
        mahjong.MahjongProgress(),
        {mahjong.KIND: mahjong.check_playoff_result},
        {mahjong.KIND: mahjong.playoff_meeting_shape},
    ),
    CompetitionRuleset(cup.RULESET, cup.CupProgressRules(), {cup.KIND: cup.check_cup_game}),
    CompetitionRuleset(
        updown.COMPETITION_RULESET,
        updown.UpdownProgress(),
        {updown.ROUND_ROBIN_KIND: updown.check_updown_game, updown.GROUP_KIND: updown.check_updown_game},
    ),
)

#: competition ruleset -> how its stages progress
PROGRESS: Mapping[str, CompetitionProgress] = {r.name: r.progress for r in RULESETS}
#: stage kind -> the check of a new result in a stage of that kind
RESULT_CHECKS: Mapping[str, ResultCheck] = {k: c for r in RULESETS for k, c in r.result_checks.items()}
#: stage kind -> the meeting shape of a stage of that kind
MEETING_SHAPES: Mapping[str, Callable[[Stage], MeetingShape]] = {k: s for r in RULESETS for k, s in r.meeting_shapes.items()}


def progress_of(competition: Competition) -> CompetitionProgress:
    progress = PROGRESS.get(competition.ruleset)
    if progress is None:
        raise FailedPrecondition(f"competition {competition.name!r} ({competition.ruleset}) has no stages to generate")
    return progress


def meeting_shape(stage: Stage) -> MeetingShape:
    shape = MEETING_SHAPES.get(stage.kind)
    return shape(stage) if shape is not None else MeetingShape()


def check_stage_result(
    stage: Stage,
    round_no: int,
    table: int,
    seats: Table,
    live: Sequence[Content],
    new: Content,
    context: ResultContext = NEW_RESULT,
) -> None:
    check = RESULT_CHECKS.get(stage.kind)
    if check is None:
        raise FailedPrecondition(f"stage {stage.number} ({stage.name}) is of kind {stage.kind!r}, which takes no results")
    check(stage, round_no, table, seats, live, new, context)
