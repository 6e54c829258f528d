"""The lexicographic objective (``DrawObjective``), one term at a time.

Order (smaller is better, compared term by term):

    soft_violations      weighted soft-separation violations (``separations.add_soft``)
    max_meetings         M >= m[p, q] for every pair
    sum_repeat_pairs     sum of y[p, q] >= C(m[p, q], 2)
    consecutive_repeats  pairs meeting in rounds r and r + 1, per r
    max_player_repeats   P >= sum over q of max(0, m[p, q] - 1), for every player p
    players_moved        redraw only (``players_moved.add``), after the DrawObjective

Every term counts the whole competition: the history's meetings are in m[p, q] and in the model's
``constants`` (pairs with a player who left), as ``objective.evaluate`` counts them.

C(m, 2) is convex in m, so it is the maximum of its tangents at the integers j = 1..R-1:
``C(m, 2) >= C(j, 2) + j * (m - j)``, exact at every integer m. max(0, m - 1) is the j = 1 tangent.

The terms are minimized one after another by ``lexicographic.minimize_lexicographically``; the
term names, in order, are ``model.OBJECTIVE_TERMS``.
"""

from __future__ import annotations

from functools import partial
from math import comb

from ortools.sat.python import cp_model

from solver.domain.draw.cpsat.model import DrawModel, Seating

# Hint rules: an auxiliary variable's value in a given draw (bound to a pair with ``functools.partial``).


def _repeat_pairs_hint(s: Seating, p: int, q: int) -> int:
    return comb(s.meetings(p, q), 2)


def _consecutive_hint(s: Seating, p: int, q: int, r: int) -> int:
    return s.together(p, q, r) * s.together(p, q, r + 1)


def _excess_hint(s: Seating, p: int, q: int) -> int:
    return max(0, s.meetings(p, q) - 1)


def add_max_meetings(model: DrawModel) -> None:
    parts: list[cp_model.LinearExprT] = list(model.meetings.values())
    if model.constants.max_meetings:
        parts.append(model.constants.max_meetings)
    model.add_term("max_meetings", parts, model.total_rounds)


def add_sum_repeat_pairs(model: DrawModel) -> None:
    rounds = model.total_rounds
    ys: list[cp_model.LinearExprT] = []
    for (p, q), m in model.meetings.items():
        if isinstance(m, int):  # both only in fixed rounds / history
            ys.append(comb(m, 2))
            continue
        y = model.cp.new_int_var(0, comb(rounds, 2), f"repeats[{p},{q}]")
        model.hint_rule(y, partial(_repeat_pairs_hint, p=p, q=q))
        for j in range(1, rounds):
            model.cp.add(y >= comb(j, 2) + j * (m - j))
        ys.append(y)
    constant = model.constants.sum_repeat_pairs
    model.add_term("sum_repeat_pairs", [sum(ys) + constant], comb(rounds, 2) * len(ys) + constant)


def add_consecutive_repeats(model: DrawModel) -> None:
    """Round pairs (r, r + 1) of the draw, and (last history round, round 0) when there is history;
    pairs of history rounds are a constant."""
    terms: list[cp_model.LinearExprT] = []
    first = -1 if model.num_history else 0
    for p, q in model.meetings:
        for r in range(first, model.num_rounds - 1):
            a, b = model.meet(p, q, r), model.meet(p, q, r + 1)
            if isinstance(a, int) and isinstance(b, int):
                terms.append(a * b)
            elif isinstance(a, int):
                terms.append(b if a else 0)
            elif isinstance(b, int):
                terms.append(a if b else 0)
            else:
                c = model.cp.new_bool_var(f"consecutive[{p},{q},{r}]")
                model.hint_rule(c, partial(_consecutive_hint, p=p, q=q, r=r))
                model.cp.add_bool_or([a.Not(), b.Not(), c])
                terms.append(c)
    constant = model.constants.consecutive_repeats
    model.add_term("consecutive_repeats", [sum(terms) + constant], len(terms) + constant)


def add_max_player_repeats(model: DrawModel) -> None:
    rounds = model.total_rounds
    excess: dict[tuple[int, int], cp_model.LinearExprT] = {}
    for (p, q), m in model.meetings.items():
        if isinstance(m, int):
            excess[(p, q)] = max(0, m - 1)
            continue
        z = model.cp.new_int_var(0, rounds - 1, f"excess[{p},{q}]")
        model.hint_rule(z, partial(_excess_hint, p=p, q=q))
        model.cp.add(z >= m - 1)
        excess[(p, q)] = z
    per_player: list[list[cp_model.LinearExprT]] = [[] for _ in range(model.n)]
    for (p, q), e in excess.items():
        per_player[p].append(e)
        per_player[q].append(e)
    constants = model.constants
    parts = [sum(zs) + constants.player_excess.get(p, 0) for p, zs in enumerate(per_player)]
    if constants.absent_player_repeats:
        parts.append(constants.absent_player_repeats)
    upper = (model.n - 1) * (rounds - 1) + max([*constants.player_excess.values(), constants.absent_player_repeats, 0])
    model.add_term("max_player_repeats", parts, upper)


def add(model: DrawModel) -> None:
    """Adds the DrawObjective terms after soft_violations (needs ``pair_meetings.add`` first)."""
    add_max_meetings(model)
    add_sum_repeat_pairs(model)
    add_consecutive_repeats(model)
    add_max_player_repeats(model)
