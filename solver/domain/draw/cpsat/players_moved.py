"""Redraw: players whose table changed versus ``problem.previous`` (the term after DrawObjective).

Same definition as ``solver.domain.draw.redraw.players_moved``: moved[p] is at least "p is not at
the previous table in some round after the played ones": for every free round r where the previous
draw seats p at table t, ``x[p, r, t] or moved[p]``. Players the previous draw does not seat are
not counted (they have nowhere to stay); played (fixed) rounds are identical by construction.
"""

from __future__ import annotations

from functools import partial

from ortools.sat.python import cp_model

from solver.domain.draw.cpsat.model import DrawModel, Seating

TERM = "players_moved"


def previous_tables(model: DrawModel) -> dict[tuple[int, int], int]:
    seat: dict[tuple[int, int], int] = {}
    previous = model.problem.previous or ()
    for r, rnd in enumerate(previous[: model.num_rounds]):
        if model.is_fixed_round(r):
            continue
        for t, table in enumerate(rnd):
            for pid in table:
                if pid in model.index:
                    seat[(model.index[pid], r)] = t
    return seat


def _moved_hint(s: Seating, p: int, rounds: tuple[tuple[int, int], ...]) -> int:
    """1 when the draw seats p away from its previous table (``rounds``: (round, table)) in some round."""
    return int(any(s.table.get((p, r)) != t for r, t in rounds))


def add(model: DrawModel) -> None:
    if model.problem.previous is None:
        return
    seat = previous_tables(model)
    by_player: dict[int, list[tuple[int, int]]] = {}
    for (p, r), t in sorted(seat.items()):
        by_player.setdefault(p, []).append((r, t))
    moved: list[cp_model.LinearExprT] = []
    for p, rounds in by_player.items():
        lit = model.cp.new_bool_var(f"moved[{p}]")
        model.hint_rule(lit, partial(_moved_hint, p=p, rounds=tuple(rounds)))
        for r, t in rounds:
            if t >= model.num_tables:  # the previous table no longer exists
                model.cp.add(lit == 1)
            else:
                model.cp.add_bool_or([model.x[p][r][t], lit])
        moved.append(lit)
    model.add_term(TERM, [sum(moved)], len(moved))
