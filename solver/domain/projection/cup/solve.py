"""``project_cup``: a knockout bracket's projection in the same shape as the leagues' (docs/rules.md
``cup.projection.*``). Trivial, and exact without a solver: a player still in the cup can still win
every series left or lose the next one, so the places open to him are every exit from his stage on;
the place range of each exit (the losers of a stage of ``2k`` positions share places ``k+1 .. 2k``,
the semi-final losers play for 3rd or share 3-4, the final gives 1 or 2) is IN, OUT or straddling
each cut, as in the leagues. A player out is ELIMINATED (or CLINCHED) by his place; the winner of
the final is CLINCHED at every cut.

A witness lists the player's own series from his stage on, one "match" each (round = the stage,
table 0: the opponent is not known yet), scored 1 for the series won and 0 for the one lost.
"What do I need": winning the next series or more, as the fewest series won that clinch the cut.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rondo_runtime.validation import Violations
from solver.domain.projection.cup.problem import CupProjectionProblem, CupStanding
from solver.domain.projection.mahjong.solve import status_of
from solver.domain.projection.problem import (
    CutProjection,
    Fate,
    HanchanScores,
    MatchOutcome,
    Need,
    ProjectionResult,
    SearchStatus,
    Witness,
)
from solver.domain.projection.validate import check_cuts, check_players, is_int

MAX_STAGES = 12  # 4 096 players (league's capacity)
FATES = (Fate.IN, Fate.OUT, Fate.ORGANIZER_DECISION)


@dataclass(frozen=True)
class Exit:
    """One way a player's cup can still end: he wins his next ``won`` series, then loses one (unless he
    won the final); ``third``: he then wins (True) or loses (False) the match for third place; his
    place range. For a semi-final loser already in the match for third place, ``won`` counts it."""

    won: int
    third: bool | None
    places: tuple[int, int]


def plays_third(problem: CupProjectionProblem, s: CupStanding) -> bool:
    """A semi-final loser whose match for third place is still to be decided."""
    semi_final = problem.stages >= 2 and s.stage == problem.stages - 1
    return s.place is None and problem.third_place_match and (s.third_place or (semi_final and not s.in_cup))


def exits(problem: CupProjectionProblem, s: CupStanding) -> list[Exit]:
    """Every way the player's cup can still end."""
    if s.place is not None:
        return [Exit(0, None, (s.place, s.place))]
    if plays_third(problem, s):
        return [Exit(1, None, (3, 3)), Exit(0, None, (4, 4))]
    out = []
    for won, stage in enumerate(range(s.stage, problem.stages + 1) if s.in_cup else [s.stage]):
        positions = 2 ** (problem.stages - stage + 1)
        if positions == 2:
            out += [Exit(won + 1, None, (1, 1)), Exit(won, None, (2, 2))]
        elif positions == 4 and problem.third_place_match:
            out += [Exit(won, True, (3, 3)), Exit(won, False, (4, 4))]
        else:
            out.append(Exit(won, None, (positions // 2 + 1, positions)))
    return out


def fate_of(places: tuple[int, int], cut: int) -> Fate:
    first, last = places
    if last <= cut:
        return Fate.IN
    if first > cut:
        return Fate.OUT
    return Fate.ORGANIZER_DECISION


def series(stage: int, player: str, won: bool) -> MatchOutcome:
    return MatchOutcome(stage, 0, (HanchanScores(1, ((player, 1 if won else 0),)),))


def witness(problem: CupProjectionProblem, s: CupStanding, way: Exit, fate: Fate) -> Witness:
    """docs/rules.md ``cup.projection.witness-and-need``: the player's own series from his stage on."""
    if plays_third(problem, s):
        return Witness(fate, (series(problem.stages, s.player, bool(way.won)),))
    if s.place is not None or not s.in_cup:
        return Witness(fate, ())
    stages = range(s.stage, problem.stages + 1)
    games = [series(stage, s.player, k < way.won) for k, stage in enumerate(stages) if k <= way.won]
    if way.third is not None:
        games.append(series(problem.stages, s.player, way.third))
    return Witness(fate, tuple(games))


def need(ways: list[Exit], places: int) -> Need:
    """The fewest series won in a row that clinch the cut (only asked when some way is IN)."""
    clinching = [w.won for w in ways if all(fate_of(x.places, places) is Fate.IN for x in ways if x.won >= w.won)]
    return Need(1, True, min(clinching)) if clinching else Need(None, True)


def validate_cup_problem(problem: CupProjectionProblem) -> None:
    v = Violations()
    check_players(v, [s.player for s in problem.standings])
    if not (is_int(problem.stages) and 1 <= problem.stages <= MAX_STAGES):
        v.add("stages", f"the bracket's stages, an integer from 1 to {MAX_STAGES}; got {problem.stages!r}")
    else:
        for i, s in enumerate(problem.standings):
            if not is_int(s.stage) or not 1 <= s.stage <= problem.stages:
                v.add(f"standings[{i}].stage", f"a stage from 1 to {problem.stages}; got {s.stage!r}")
            if s.place is not None and (not is_int(s.place) or not 1 <= s.place <= 4):
                v.add(f"standings[{i}].place", f"a decided place from 1 to 4; got {s.place!r}")
    valid_stages = is_int(problem.stages) and 1 <= problem.stages <= MAX_STAGES
    check_cuts(v, problem.cuts, 2**problem.stages if valid_stages else len(problem.standings))
    listed = {s.player for s in problem.standings}
    for i, p in enumerate(problem.players):
        if p not in listed:
            v.add(f"players[{i}]", f"{p!r} is not a player of the cup")
    v.raise_if_any()


def project_cup(problem: CupProjectionProblem) -> ProjectionResult:
    """Every listed player (or ``problem.players``) at every cut; bad input raises ``InvalidArgument``."""
    validate_cup_problem(problem)
    started = time.perf_counter()
    by_player = {s.player: s for s in problem.standings}
    projections = []
    for player in problem.players or tuple(by_player):
        s = by_player[player]
        ways = exits(problem, s)
        for cut in problem.cuts:
            first: dict[Fate, Exit] = {}
            for way in sorted(ways, key=lambda w: w.won):  # the fewest wins for each fate
                first.setdefault(fate_of(way.places, cut.places), way)
            found = {f: SearchStatus.FOUND if f in first else SearchStatus.IMPOSSIBLE for f in FATES}
            witnesses = tuple(witness(problem, s, way, f) for f, way in first.items())
            asked = need(ways, cut.places) if Fate.IN in first and len(first) > 1 else None
            projections.append(CutProjection(player, cut, status_of(found), tuple(found.items()), witnesses, asked))
    return ProjectionResult(tuple(projections), time.perf_counter() - started)
