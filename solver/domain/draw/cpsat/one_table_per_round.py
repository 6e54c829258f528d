"""Every player sits at exactly one table in every round."""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel


def add(model: DrawModel) -> None:
    for p in range(model.n):
        for r in range(model.num_rounds):
            model.cp.add_exactly_one(model.x[p][r])
