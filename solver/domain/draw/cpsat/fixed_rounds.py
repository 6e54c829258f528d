"""Rounds already played are kept unchanged: one constraint group named "fixed_rounds".

Each player of a fixed round is held at the table where they played. Players of the roster who
are missing from a fixed round, and ids that are not in the roster, are the validator's business
(``validate_problem``); here they are simply not constrained.
"""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel

GROUP = "fixed_rounds"


def add(model: DrawModel) -> None:
    if model.num_fixed == 0:
        return
    held = [model.x[p][r][t] for (p, r), t in sorted(model.fixed_table.items()) if r < model.num_rounds and t < model.num_tables]
    model.cp.add_bool_and(held).only_enforce_if(model.enforcement(GROUP))
