"""Places and uma by value at one table, ties shared (docs/rules.md ``mahjong.scoring.split-uma``).

For each seat: how many seats have a strictly higher value (``a``) and how many an equal one (``t``).
Equal values share the average of the places they cover (``a + 1 + t/2``) and the uma of those places
equally; with ``split_ties`` off the earlier seat takes the better place. One literal per possible
``(a, t)`` of each seat reads the place and the uma share from a table.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from solver.domain.projection.mahjong.model import LinearExpr, ProjectionModel


def add(
    model: ProjectionModel, values: Sequence[LinearExpr], uma: Sequence[int], split_ties: bool, name: str
) -> tuple[list[LinearExpr], list[LinearExpr]]:
    """The scaled places and scaled uma of each seat, by ``values`` (integers, higher is better)."""
    cp = model.cp
    n = len(values)
    better: dict[tuple[int, int], LinearExpr] = {}  # (i, j): seat i ranks strictly above seat j
    equal: dict[tuple[int, int], LinearExpr] = {}
    for i in range(n):
        for j in range(i + 1, n):
            above = cp.new_bool_var(f"{name}_{i}above{j}")
            below = cp.new_bool_var(f"{name}_{i}below{j}")
            if split_ties:
                tie = cp.new_bool_var(f"{name}_{i}tie{j}")
                cp.add_exactly_one(above, below, tie)
                cp.add(values[i] >= values[j] + 1).only_enforce_if(above)
                cp.add(values[i] <= values[j] - 1).only_enforce_if(below)
                cp.add(values[i] == values[j]).only_enforce_if(tie)
                equal[(i, j)] = equal[(j, i)] = tie
            else:  # the earlier seat (i < j) wins a tie
                cp.add_exactly_one(above, below)
                cp.add(values[i] >= values[j]).only_enforce_if(above)
                cp.add(values[i] <= values[j] - 1).only_enforce_if(below)
                equal[(i, j)] = equal[(j, i)] = 0
            better[(i, j)], better[(j, i)] = above, below
    places: list[LinearExpr] = []
    umas: list[LinearExpr] = []
    for i in range(n):
        ahead = sum(better[(j, i)] for j in range(n) if j != i)
        tied = sum(equal[(i, j)] for j in range(n) if j != i)
        options = [(a, t) for a in range(n) for t in range(n - a) if split_ties or t == 0]
        pick = {o: cp.new_bool_var(f"{name}_{i}a{o[0]}t{o[1]}") for o in options}
        cp.add_exactly_one(pick.values())
        cp.add(sum(a * lit for (a, _), lit in pick.items()) == ahead)
        cp.add(sum(t * lit for (_, t), lit in pick.items()) == tied)
        places.append(sum(model.place(Fraction(2 * a + t + 2, 2)) * lit for (a, t), lit in pick.items()))
        umas.append(sum(model.points(Fraction(sum(uma[a : a + t + 1]), t + 1)) * lit for (a, t), lit in pick.items()))
    return places, umas
