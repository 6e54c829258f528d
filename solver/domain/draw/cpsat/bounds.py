"""The counting/pigeonhole lower bound (``solver.domain.draw.bounds.lower_bound``) as constraints.

Every term variable gets the bound as its floor. A solution (often the hint) that reaches the
bound is then proven optimal by CP-SAT at once instead of after a search over the whole space.
The floors cost nothing when the bound is valid (the optimum respects it); the objective that is
reported is always re-evaluated from the draw itself, never read from these variables.
"""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel
from solver.domain.draw.problem import DrawObjective


def add(model: DrawModel, bound: DrawObjective) -> None:
    for name, term in model.terms.items():
        term.raise_floor(model.cp, getattr(bound, name, 0))
