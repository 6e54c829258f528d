"""Separated players (teammates, family) at one table.

Hard (``weight is None``): never two of them at one table in any round; one constraint group per
separation, named "separations[i]" after its index in ``problem.separations``.

Soft (``weight > 0``): every pair of them meeting in a round costs ``weight``; the weighted count
is the first lexicographic term, ``soft_violations``. Meetings in fixed rounds count (constants).
"""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel

TERM = "soft_violations"


def group(i: int) -> str:
    return f"separations[{i}]"


def _members(model: DrawModel, players: tuple[str, ...]) -> list[int]:
    return sorted({model.index[pid] for pid in players if pid in model.index})


def add_hard(model: DrawModel) -> None:
    for i, sep in enumerate(model.problem.separations):
        if sep.weight is not None:
            continue
        members = _members(model, sep.players)
        if len(members) < 2:
            continue
        enforce = model.enforcement(group(i))
        for r in range(model.num_rounds):
            for t in range(model.num_tables):
                model.cp.add(sum(model.x[p][r][t] for p in members) <= 1).only_enforce_if(enforce)


def add_soft(model: DrawModel) -> None:
    """Adds the ``soft_violations`` term (only when there is a soft separation)."""
    terms = []
    upper = 0
    for sep in model.problem.separations:
        if sep.weight is None:
            continue
        members = _members(model, sep.players)
        for i, p in enumerate(members):
            for q in members[i + 1 :]:
                for r in range(-model.num_history, model.num_rounds):  # history rounds count too
                    terms.append(sep.weight * model.meet(p, q, r))
                    upper += sep.weight
    if any(sep.weight is not None for sep in model.problem.separations):
        model.add_term(TERM, [sum(terms)], upper)


def add(model: DrawModel) -> None:
    add_hard(model)
    add_soft(model)
