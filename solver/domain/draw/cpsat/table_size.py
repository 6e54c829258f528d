"""Every table of every round seats exactly ``table_size`` players."""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel


def add(model: DrawModel) -> None:
    for r in range(model.num_rounds):
        for t in range(model.num_tables):
            model.cp.add(sum(model.x[p][r][t] for p in range(model.n)) == model.k)
