"""The variables of a mahjong projection and the exact scaling that keeps CP-SAT in integers.

Points are scaled by ``points_scale`` (a multiple of 1, 2, ..., table size, so a tie's share of uma
is whole, and of every denominator in the current figures); places by ``place_scale`` (a multiple of
2: a shared place is the average of consecutive places, so a half at most, and of the denominators
of the current place sums). Every expression here is an integer in those units.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ortools.sat.python import cp_model

from solver.domain.projection.problem import MahjongProjectionProblem, PlayerId

# an integer linear expression of the model, or an int; ortools' own stubs reject int + expression
LinearExpr = Any


def common_scale(base: int, values: Iterable[Fraction | int]) -> int:
    scale = base
    for v in values:
        scale = math.lcm(scale, Fraction(v).denominator)
    return scale


def scales(problem: MahjongProjectionProblem) -> tuple[int, int]:
    """``(points_scale, place_scale)``: every amount and place of the problem is whole in these units."""
    points = common_scale(
        math.lcm(*range(1, problem.table_size + 1)),
        [s.total for s in problem.standings] + [c for m in problem.remaining for c in m.carried],
    )
    return points, common_scale(2, [s.place_sum for s in problem.standings])


@dataclass
class HanchanVars:
    number: int  # within its match
    scores: list[cp_model.IntVar]  # in score steps, seat order
    results: list[LinearExpr] = field(default_factory=list)  # scaled points
    places: list[LinearExpr] = field(default_factory=list)  # scaled places


@dataclass
class MatchVars:
    index: int
    players: tuple[PlayerId, ...]
    hanchans: list[HanchanVars] = field(default_factory=list)
    sums: list[LinearExpr] = field(default_factory=list)  # carried + hanchan results, scaled points
    uma: list[LinearExpr] = field(default_factory=list)  # match uma, scaled points
    places: list[LinearExpr] = field(default_factory=list)  # place by match sum, scaled places


class ProjectionModel:
    """The outcome of every game left, as CP-SAT variables, and each ranked player's final figures."""

    def __init__(self, problem: MahjongProjectionProblem) -> None:
        self.problem = problem
        self.cp = cp_model.CpModel()
        self.points_scale, self.place_scale = scales(problem)
        self.ranked = tuple(s.player for s in problem.standings)
        self.matches: list[MatchVars] = []
        self.totals: dict[PlayerId, LinearExpr] = {}
        self.place_sums: dict[PlayerId, LinearExpr] = {}
        self.hanchans_played: dict[PlayerId, int] = {}
        self.own_matches: dict[PlayerId, list[tuple[MatchVars, int]]] = {p: [] for p in self.ranked}

    def points(self, value: Fraction | int) -> int:
        scaled = Fraction(value) * self.points_scale
        assert scaled.denominator == 1
        return int(scaled)

    def place(self, value: Fraction | int) -> int:
        scaled = Fraction(value) * self.place_scale
        assert scaled.denominator == 1
        return int(scaled)
