"""One player against another under the ruleset's chain (docs/rules.md
``mahjong.projection.tie-break-chain``): higher total, then lower exact average place (compared without
division: ``place_sum_p * hanchans_q`` against ``place_sum_q * hanchans_p``), in the ruleset's order;
equal on every criterion is a tie only the organizer can break.

For a rival ``q`` of ``p``: ``ahead`` is true exactly when ``q`` ranks strictly above ``p``, ``tied``
exactly when the chain cannot separate them.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.domain.projection.mahjong.model import LinearExpr, ProjectionModel
from solver.domain.projection.problem import PlayerId


def criterion_lead(model: ProjectionModel, criterion: str, q: PlayerId, p: PlayerId) -> LinearExpr:
    """Positive when ``q`` is better than ``p`` on ``criterion``, zero when equal."""
    if criterion == "total":
        return model.totals[q] - model.totals[p]
    if criterion == "average_place":
        hq, hp = model.hanchans_played[q], model.hanchans_played[p]
        if not hq or not hp:
            return 0  # no hanchan to compare: the criterion cannot separate them
        return model.place_sums[p] * hq - model.place_sums[q] * hp
    raise ValueError(f"unknown tie-break criterion {criterion!r}")


def add(model: ProjectionModel, q: PlayerId, p: PlayerId) -> tuple[LinearExpr, LinearExpr]:
    """``(ahead, tied)`` literals (or constants) of ``q`` against ``p``."""
    cp = model.cp
    equal_so_far: LinearExpr = 1
    ahead: list[LinearExpr] = []
    for k, criterion in enumerate(model.problem.tie_breaks):
        lead = criterion_lead(model, criterion, q, p)
        if isinstance(lead, int):  # both figures are fixed: decided in Python
            if lead > 0:
                ahead.append(equal_so_far)
            if lead != 0:
                return sum(ahead), 0
            continue
        pos, zero, neg = (cp.new_bool_var(f"{q}_{p}_{criterion}_{s}") for s in ("pos", "zero", "neg"))
        cp.add_exactly_one(pos, zero, neg)
        cp.add(lead >= 1).only_enforce_if(pos)
        cp.add(lead == 0).only_enforce_if(zero)
        cp.add(lead <= -1).only_enforce_if(neg)
        first = both(cp, equal_so_far, pos, f"{q}_{p}_{k}_first")
        ahead.append(first)
        equal_so_far = both(cp, equal_so_far, zero, f"{q}_{p}_{k}_equal")
    return sum(ahead), equal_so_far


def both(cp: cp_model.CpModel, a: LinearExpr, b: cp_model.IntVar, name: str) -> LinearExpr:
    """A literal equal to ``a and b`` (``a`` may be the constant 1)."""
    if isinstance(a, int):
        return b if a else 0
    lit = cp.new_bool_var(name)
    cp.add_implication(lit, a)
    cp.add_implication(lit, b)
    cp.add_bool_or([lit, a.negated(), b.negated()])
    return lit
