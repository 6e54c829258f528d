"""A pinned player sits at the given table in the given round; one group per pin, "pins[i]"."""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel


def group(i: int) -> str:
    return f"pins[{i}]"


def add(model: DrawModel) -> None:
    for i, pin in enumerate(model.problem.pins):
        p = model.index[pin.player]
        lit = model.x[p][pin.round][pin.table]
        model.cp.add_bool_and([lit]).only_enforce_if(model.enforcement(group(i)))
