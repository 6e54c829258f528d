"""Places and uma by value at one table, ties shared (docs/rules.md ``mahjong.scoring.split-uma``).

Modelled in sorted form, which CP-SAT propagates well: one variable per place holding the value
finishing there (non-increasing), a permutation of seats to places (a seat's value equals the value
of its place), and one literal per pattern of ties between consecutive places. Equal values share
the average of the places they cover and the uma of those places equally; with ``split_ties`` off
the earlier seat takes the better place (equal values keep seat order) and no place is shared.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

from solver.domain.projection.mahjong.model import LinearExpr, ProjectionModel


def tie_blocks(pattern: Sequence[bool]) -> list[list[int]]:
    """The runs of places tied together: ``pattern[k]`` says place k and place k + 1 are tied."""
    blocks = [[0]]
    for k, tied in enumerate(pattern):
        if tied:
            blocks[-1].append(k + 1)
        else:
            blocks.append([k + 1])
    return blocks


def add(
    model: ProjectionModel, values: Sequence[LinearExpr], bound: int, uma: Sequence[int], split_ties: bool, name: str
) -> tuple[list[LinearExpr], list[LinearExpr]]:
    """The scaled places and scaled uma of each seat, by ``values`` (integers within ±``bound``, higher
    is better)."""
    cp = model.cp
    n = len(values)
    by_place = [cp.new_int_var(-bound, bound, f"{name}_v{k}") for k in range(n)]
    seat_at = [[cp.new_bool_var(f"{name}_s{i}p{k}") for k in range(n)] for i in range(n)]
    for i in range(n):
        cp.add_exactly_one(seat_at[i])
    for k in range(n):
        cp.add_exactly_one(seat_at[i][k] for i in range(n))
        for i in range(n):
            cp.add(values[i] == by_place[k]).only_enforce_if(seat_at[i][k])
    cp.add(sum(by_place) == sum(values))  # redundant: helps propagation
    tied = [cp.new_bool_var(f"{name}_t{k}") for k in range(n - 1)]
    for k in range(n - 1):
        cp.add(by_place[k] == by_place[k + 1]).only_enforce_if(tied[k])
        cp.add(by_place[k] >= by_place[k + 1] + 1).only_enforce_if(tied[k].negated())
        if not split_ties:  # equal values keep seat order: the earlier seat is placed higher
            seat_k = sum(i * seat_at[i][k] for i in range(n))
            seat_next = sum(i * seat_at[i][k + 1] for i in range(n))
            cp.add(seat_k + 1 <= seat_next).only_enforce_if(tied[k])
    place_of = [model.place(k + 1) for k in range(n)]
    uma_of: list[LinearExpr] = [model.points(uma[k]) for k in range(n)]
    if split_ties:
        patterns = list(itertools.product((False, True), repeat=n - 1))
        pick = {pat: cp.new_bool_var(f"{name}_pat{''.join('1' if t else '0' for t in pat)}") for pat in patterns}
        cp.add_exactly_one(pick.values())
        for k in range(n - 1):
            cp.add(tied[k] == sum(lit for pat, lit in pick.items() if pat[k]))
        places_expr: list[LinearExpr] = [0] * n
        uma_expr: list[LinearExpr] = [0] * n
        for pat, lit in pick.items():
            for block in tie_blocks(pat):
                shared_place = Fraction(sum(k + 1 for k in block), len(block))
                shared_uma = Fraction(sum(uma[k] for k in block), len(block))
                for k in block:
                    places_expr[k] += model.place(shared_place) * lit
                    uma_expr[k] += model.points(shared_uma) * lit
    else:
        places_expr = list(place_of)
        uma_expr = uma_of
    top_place = model.place(n)
    top_uma = model.points(max(abs(x) for x in uma))
    seat_places: list[LinearExpr] = []
    seat_uma: list[LinearExpr] = []
    for i in range(n):
        place = cp.new_int_var(model.place(1), top_place, f"{name}_place{i}")
        share = cp.new_int_var(-top_uma, top_uma, f"{name}_uma{i}")
        for k in range(n):
            cp.add(place == places_expr[k]).only_enforce_if(seat_at[i][k])
            cp.add(share == uma_expr[k]).only_enforce_if(seat_at[i][k])
        seat_places.append(place)
        seat_uma.append(share)
    return seat_places, seat_uma
