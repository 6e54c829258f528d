"""``project_mahjong``: every ranked player, every cut, proven by CP-SAT (docs/rules.md
``mahjong.projection.*``).

The games left are modelled once (``hanchan_scores``, ``hanchan_uma``, ``match_uma``, ``totals``);
for each player the model is copied and every rival is compared with the player under the chain
(``tie_break_chain``); for each cut and fate a copy asks "is there an outcome with this fate?"
(``rank_vs_cut``). IN and OUT both found: ALIVE, with a witness of each. Otherwise the organizer
decision is asked too, and what was not found is proved impossible (or the time limit says
UNKNOWN). For a player who can still get in and has games left, "what do I need" is the weakest
place in their own matches with which no outcome leaves them out of the cut (``own_place``).
"""

from __future__ import annotations

import copy
import time

from ortools.sat.python import cp_model

from solver.domain.projection.mahjong import (
    hanchan_scores,
    hanchan_uma,
    match_uma,
    own_place,
    rank_vs_cut,
    tie_break_chain,
    totals,
)
from solver.domain.projection.mahjong.model import LinearExpr, ProjectionModel
from solver.domain.projection.mahjong.validate import validate_mahjong_problem
from solver.domain.projection.problem import (
    Cut,
    CutProjection,
    Fate,
    HanchanScores,
    MahjongProjectionProblem,
    MatchOutcome,
    Need,
    PlayerId,
    ProjectionResult,
    ProjectionStatus,
    SearchStatus,
    Witness,
)

Rivals = list[tuple[LinearExpr, LinearExpr]]


def build_outcomes(problem: MahjongProjectionProblem) -> ProjectionModel:
    model = ProjectionModel(problem)
    hanchan_scores.add(model)
    hanchan_uma.add(model)
    match_uma.add(model)
    totals.add(model)
    return model


def fork(model: ProjectionModel) -> ProjectionModel:
    """A copy whose CP model can take more constraints without touching the original."""
    out = copy.copy(model)
    out.cp = model.cp.clone()
    return out


def solve(model: ProjectionModel) -> tuple[SearchStatus, cp_model.CpSolver]:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = model.problem.time_limit_s
    solver.parameters.num_workers = model.problem.num_workers
    # a question is pure feasibility: the LP relaxation and its cuts only slow the proofs down, and
    # quick restarts keep one table's hard ties from trapping the search (measured: bench/projections.py)
    solver.parameters.linearization_level = 0
    solver.parameters.search_branching = cp_model.PORTFOLIO_WITH_QUICK_RESTART_SEARCH
    status = solver.solve(model.cp)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return SearchStatus.FOUND, solver
    if status == cp_model.INFEASIBLE:
        return SearchStatus.IMPOSSIBLE, solver
    if status == cp_model.UNKNOWN:
        return SearchStatus.NOT_PROVEN, solver
    raise RuntimeError(f"the projection model is invalid ({solver.status_name(status)})")


def witness(model: ProjectionModel, solver: cp_model.CpSolver, fate: Fate) -> Witness:
    step = model.problem.outcomes.score_step
    matches = []
    for m in model.matches:
        remaining = model.problem.remaining[m.index]
        hanchans = tuple(
            HanchanScores(
                remaining.played + h.number + 1,
                tuple((player, solver.value(s) * step) for player, s in zip(m.players, h.scores, strict=True)),
            )
            for h in m.hanchans
        )
        matches.append(MatchOutcome(remaining.round, remaining.table, hanchans))
    return Witness(fate, tuple(matches))


def status_of(found: dict[Fate, SearchStatus]) -> ProjectionStatus:
    get = found.get
    if get(Fate.IN) is SearchStatus.FOUND and get(Fate.OUT) is SearchStatus.FOUND:
        return ProjectionStatus.ALIVE
    if SearchStatus.NOT_PROVEN in found.values():
        return ProjectionStatus.UNKNOWN
    if get(Fate.ORGANIZER_DECISION) is SearchStatus.FOUND:
        return ProjectionStatus.ORGANIZER_DECISION
    if get(Fate.IN) is SearchStatus.FOUND:
        return ProjectionStatus.CLINCHED
    return ProjectionStatus.ELIMINATED


def project_cut(model: ProjectionModel, player: PlayerId, rivals: Rivals, cut: Cut) -> CutProjection:
    found: dict[Fate, SearchStatus] = {}
    witnesses: list[Witness] = []
    for fate in (Fate.IN, Fate.OUT, Fate.ORGANIZER_DECISION):
        if fate is Fate.ORGANIZER_DECISION and found[Fate.IN] is found[Fate.OUT] is SearchStatus.FOUND:
            break
        question = fork(model)
        rank_vs_cut.add(question, rivals, cut.places, fate)
        found[fate], solver = solve(question)
        if found[fate] is SearchStatus.FOUND:
            witnesses.append(witness(question, solver, fate))
    status = status_of(found)
    need = None
    if status is not ProjectionStatus.CLINCHED and found[Fate.IN] is SearchStatus.FOUND and model.own_matches[player]:
        need = what_do_i_need(model, player, rivals, cut)
    return CutProjection(player, cut, status, tuple(found.items()), tuple(witnesses), need)


def what_do_i_need(model: ProjectionModel, player: PlayerId, rivals: Rivals, cut: Cut) -> Need:
    """The largest ``place`` such that no outcome with the player ``place``-th or better in each own
    remaining match leaves them out of the cut or to the organizer (docs/rules.md
    ``mahjong.projection.what-do-i-need``)."""
    for place in range(model.problem.table_size - 1, 0, -1):
        question = fork(model)
        own_place.add(question, player, place)
        rank_vs_cut.add_not_in(question, rivals, cut.places)
        status, _ = solve(question)
        if status is SearchStatus.IMPOSSIBLE:
            return Need(place, True)
        if status is SearchStatus.NOT_PROVEN:
            return Need(None, False)
    return Need(None, True)


def project_mahjong(problem: MahjongProjectionProblem) -> ProjectionResult:
    """Every ranked player (or ``problem.players``) at every cut; bad input raises ``InvalidArgument``."""
    validate_mahjong_problem(problem)
    started = time.perf_counter()
    outcomes = build_outcomes(problem)
    projections = []
    for player in problem.players or outcomes.ranked:
        model = fork(outcomes)
        rivals = [tie_break_chain.add(model, q, player) for q in model.ranked if q != player]
        for cut in problem.cuts:
            projections.append(project_cut(model, player, rivals, cut))
    return ProjectionResult(tuple(projections), time.perf_counter() - started)
