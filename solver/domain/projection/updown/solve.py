"""``project_updown``: every ranked player of an Up&Down group at every cut, exact (docs/rules.md
``updown.projection.*``).

Bounds first (``bounds``): a cut the points alone decide needs no search, and a rival who cannot
finish level with the player is a constant. For the rest the games left are modelled once
(``game_outcomes``, ``points``); for each player a copy compares him with the rivals who may finish
level under the chain (``tie_break_chain``, with ``head_to_head``, ``sonneborn_berger``), and for each
cut and fate a copy asks "is there an outcome with this fate?" (``rank_vs_cut``), as the mahjong
projection does: IN and OUT both found is ALIVE, with a witness of each; otherwise the organizer
decision is asked too and what was not found is proved impossible. "What do I need" is the fewest
wins in the player's own games left with which no outcome leaves him out (``own_wins``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ortools.sat.python import cp_model

from solver.domain.projection import search
from solver.domain.projection.mahjong.solve import status_of
from solver.domain.projection.problem import (
    Cut,
    CutProjection,
    Fate,
    HanchanScores,
    MatchOutcome,
    Need,
    PlayerId,
    ProjectionResult,
    ProjectionStatus,
    SearchStatus,
    Witness,
)
from solver.domain.projection.updown import bounds, game_outcomes, own_wins, points, rank_vs_cut, tie_break_chain
from solver.domain.projection.updown.model import Lit, UpDownModel
from solver.domain.projection.updown.problem import RemainingGame, UpDownProjectionProblem
from solver.domain.projection.updown.validate import validate_updown_problem

FATES = (Fate.IN, Fate.OUT, Fate.ORGANIZER_DECISION)


def build_outcomes(problem: UpDownProjectionProblem) -> UpDownModel:
    model = UpDownModel(problem)
    game_outcomes.add(model)
    points.add(model)
    return model


def solve(model: UpDownModel) -> tuple[SearchStatus, cp_model.CpSolver]:
    return search.ask(model.cp, model.problem.time_limit_s, model.problem.num_workers)


def game_outcome(game: RemainingGame, white_won: bool, black_won: bool) -> MatchOutcome:
    """docs/rules.md ``updown.projection.witness``: a game of a witness in the shape of a match outcome,
    one "hanchan" numbered 1 whose scores are the points each player scored (unplayed: 0-0)."""
    scores = ((game.white, game.win if white_won else 0), (game.black, game.win if black_won else 0))
    return MatchOutcome(game.round, game.table, (HanchanScores(1, scores),))


def witness(model: UpDownModel, solver: cp_model.CpSolver, fate: Fate) -> Witness:
    return Witness(
        fate, tuple(game_outcome(g.game, bool(solver.value(g.white_won)), bool(solver.value(g.black_won))) for g in model.games)
    )


def any_outcome(problem: UpDownProjectionProblem, fate: Fate) -> Witness:
    """A witness of a fate every outcome gives: white wins every game left."""
    return Witness(fate, tuple(game_outcome(g, True, False) for g in problem.remaining))


def proved_by_bounds(problem: UpDownProjectionProblem, player: PlayerId, cut: Cut, fate: Fate) -> CutProjection:
    questions = tuple((f, SearchStatus.FOUND if f is fate else SearchStatus.IMPOSSIBLE) for f in FATES)
    status = ProjectionStatus.CLINCHED if fate is Fate.IN else ProjectionStatus.ELIMINATED
    return CutProjection(player, cut, status, questions, (any_outcome(problem, fate),))


def project_cut(model: UpDownModel, player: PlayerId, above: int, rivals: Sequence[tuple[Lit, Lit]], cut: Cut) -> CutProjection:
    found: dict[Fate, SearchStatus] = {}
    witnesses: list[Witness] = []
    for fate in FATES:
        if fate is Fate.ORGANIZER_DECISION and found[Fate.IN] is found[Fate.OUT] is SearchStatus.FOUND:
            break
        question = model.fork()
        rank_vs_cut.add(question, above, rivals, cut.places, fate)
        found[fate], solver = solve(question)
        if found[fate] is SearchStatus.FOUND:
            witnesses.append(witness(question, solver, fate))
    status = status_of(found)
    need = None
    if status is not ProjectionStatus.CLINCHED and found[Fate.IN] is SearchStatus.FOUND and model.own[player]:
        need = what_do_i_need(model, player, above, rivals, cut)
    return CutProjection(player, cut, status, tuple(found.items()), tuple(witnesses), need)


def what_do_i_need(model: UpDownModel, player: PlayerId, above: int, rivals: Sequence[tuple[Lit, Lit]], cut: Cut) -> Need:
    """The fewest wins in the player's own games left with which no outcome leaves him out of the cut
    or to the organizer (docs/rules.md ``updown.projection.what-do-i-need``); a win more never hurts
    him, so the answer is found counting down from winning them all."""
    clinching = None
    for wins in range(len(model.own[player]), 0, -1):
        question = model.fork()
        own_wins.add(question, player, wins)
        rank_vs_cut.add(question, above, rivals, cut.places, None)
        status, _ = solve(question)
        if status is SearchStatus.NOT_PROVEN:
            return Need(1 if clinching else None, False, clinching)
        if status is SearchStatus.FOUND:
            break
        clinching = wins
    return Need(1 if clinching else None, True, clinching)


def project_updown(problem: UpDownProjectionProblem) -> ProjectionResult:
    """Every ranked player (or ``problem.players``) at every cut; bad input raises ``InvalidArgument``."""
    validate_updown_problem(problem)
    started = time.perf_counter()
    ranked = problem.ranked
    ranges = bounds.point_ranges(problem)
    outcomes: UpDownModel | None = None
    projections = []
    for player in problem.players or ranked:
        rivals = bounds.rivals_of(player, ranked, ranges)
        chain: tuple[UpDownModel, list[tuple[Lit, Lit]]] | None = None
        for cut in problem.cuts:
            fate = rivals.fate(cut.places)
            if fate is not None:
                projections.append(proved_by_bounds(problem, player, cut, fate))
                continue
            if chain is None:
                outcomes = outcomes or build_outcomes(problem)
                model = outcomes.fork()
                chain = model, tie_break_chain.add(model, player, rivals.level)
            projections.append(project_cut(chain[0], player, rivals.above, chain[1], cut))
    return ProjectionResult(tuple(projections), time.perf_counter() - started)
