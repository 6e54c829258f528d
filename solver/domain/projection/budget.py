"""A projection within one time budget (docs/rules.md ``mahjong.projection.within-budget``).

``project_mahjong`` gives every question the problem's ``time_limit_s``; a whole projection has many
questions (per player and cut: in, out, the organizer's tie, then "what do I need" place by place), so a
served projection runs player after player, each question limited to its share of what is left of
the budget: the player's questions together never outlast it. A player the budget did not reach is
UNKNOWN with every question NOT_PROVEN: a result, never a guess.

Pure: no I/O, no protobuf (the clock is given).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace

from rondo_runtime.validation import Violations
from solver.domain.projection.cup.problem import CupProjectionProblem
from solver.domain.projection.cup.solve import project_cup, validate_cup_problem
from solver.domain.projection.mahjong.solve import project_mahjong
from solver.domain.projection.mahjong.validate import validate_mahjong_problem
from solver.domain.projection.problem import (
    Cut,
    CutProjection,
    Fate,
    MahjongProjectionProblem,
    PlayerId,
    ProjectionResult,
    ProjectionStatus,
    SearchStatus,
)
from solver.domain.projection.updown.problem import UpDownProjectionProblem
from solver.domain.projection.updown.solve import project_updown
from solver.domain.projection.updown.validate import validate_updown_problem
from solver.domain.projection.validate import MAX_TIME_LIMIT_S

MAX_CUTS = 16
MIN_QUESTION_S = 0.01  # a share below this is not worth starting: the player is left UNKNOWN
METHOD = "cp-sat (exact, one question per fate)"


@dataclass(frozen=True)
class ProjectionJob:
    """A ruleset's problem and the whole projection's budget (``time_limit_s``: the solver's service
    shortens it to what the deadline leaves)."""

    problem: MahjongProjectionProblem | UpDownProjectionProblem | CupProjectionProblem
    time_limit_s: float


@dataclass(frozen=True)
class ProjectionRun:
    result: ProjectionResult
    unreached: tuple[PlayerId, ...]
    method: str = METHOD


def questions_per_cut(problem: MahjongProjectionProblem | UpDownProjectionProblem | CupProjectionProblem) -> int:
    """The most questions one cut of one player asks: in, out, the organizer's tie, and "what do I
    need": for each place but the last (mahjong), or for each count of wins in a player's own games
    left (Up&Down, docs/rules.md ``updown.projection.within-budget``)."""
    if isinstance(problem, CupProjectionProblem):
        return 3  # no search: every answer is read from the bracket (docs/rules.md ``cup.projection.*``)
    if isinstance(problem, UpDownProjectionProblem):
        own = Counter(p for g in problem.remaining for p in (g.white, g.black))
        return 3 + max(own.values(), default=0)
    return 3 + problem.table_size - 1


def validate_job(job: ProjectionJob) -> None:
    """Every bad field at once (``InvalidArgument``): the problem's own checks and the number of cuts."""
    if len(job.problem.cuts) > MAX_CUTS:
        v = Violations()
        v.add("cuts", f"at most {MAX_CUTS} cuts, got {len(job.problem.cuts)}")
        v.raise_if_any()
    if isinstance(job.problem, CupProjectionProblem):
        validate_cup_problem(job.problem)
    elif isinstance(job.problem, UpDownProjectionProblem):
        validate_updown_problem(job.problem)
    else:
        validate_mahjong_problem(job.problem)


def unknown(player: PlayerId, cut: Cut) -> CutProjection:
    questions = tuple((fate, SearchStatus.NOT_PROVEN) for fate in (Fate.IN, Fate.OUT))
    return CutProjection(player, cut, ProjectionStatus.UNKNOWN, questions, ())


def project_within(job: ProjectionJob, clock: Callable[[], float] = time.monotonic) -> ProjectionRun:
    """Every player asked (or every ranked one), each within its share of the budget left."""
    problem = job.problem
    started = clock()
    end = started + job.time_limit_s
    players = problem.players or (
        problem.ranked if isinstance(problem, UpDownProjectionProblem) else tuple(s.player for s in problem.standings)
    )
    questions = questions_per_cut(problem) * max(len(problem.cuts), 1)
    projections: list[CutProjection] = []
    unreached: list[PlayerId] = []
    for player in players:
        share = min((end - clock()) / questions, MAX_TIME_LIMIT_S)
        if share < MIN_QUESTION_S:
            unreached.append(player)
            projections.extend(unknown(player, cut) for cut in problem.cuts)
            continue
        found = project_one(problem, player, share)
        projections.extend(found.projections)
    return ProjectionRun(ProjectionResult(tuple(projections), clock() - started), tuple(unreached))


def project_one(
    problem: MahjongProjectionProblem | UpDownProjectionProblem | CupProjectionProblem, player: PlayerId, share: float
) -> ProjectionResult:
    """One player, each question within ``share`` seconds, by the problem's ruleset (the cup's
    answers are read from the bracket, without a search)."""
    if isinstance(problem, CupProjectionProblem):
        return project_cup(replace(problem, players=(player,)))
    if isinstance(problem, UpDownProjectionProblem):
        return project_updown(replace(problem, players=(player,), time_limit_s=share, num_workers=1))
    return project_mahjong(replace(problem, players=(player,), time_limit_s=share, num_workers=1))
