"""How often each pair of players meets: m[p, q] = its history meetings + sum over rounds of meet[p, q, r].

Meeting literals come from ``DrawModel.meet`` (lazy, lower side only, constants in fixed rounds,
none for hard-separated pairs). Besides the counts this adds one redundant counting constraint
per player and free round, "p meets exactly k-1 others", which gives the LP relaxation the
pigeonhole argument behind the lower bounds.
"""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel


def add(model: DrawModel) -> None:
    n, rounds = model.n, model.num_rounds
    for p in range(n):
        for q in range(p + 1, n):
            if (p, q) in model.hard_separated:
                continue
            history = model.history_counts.get((p, q), 0)
            model.meetings[(p, q)] = history + sum(model.meet(p, q, r) for r in range(rounds))
    for r in range(rounds):
        if model.is_fixed_round(r):
            continue
        for p in range(n):
            model.cp.add(sum(model.meet(p, q, r) for q in range(n) if q != p) >= model.k - 1)
