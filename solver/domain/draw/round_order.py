"""Round order: the third objective term, repeats in consecutive rounds, depends only on the order
of the rounds, not on the tables. When repeats cannot all be avoided (32 players x 10 rounds), the
rounds still free to move are put in the order that keeps repeated pairs out of consecutive rounds:
a shortest Hamiltonian path over the rounds, weighted by the pairs two rounds share (Held-Karp,
exact up to ``EXACT_ROUNDS`` free rounds; nearest neighbour beyond).

Only a draw with nothing tied to a round number is reordered: no pins, no previous draw to stay
close to; played (fixed) rounds stay first and in place, after the history (which counts at the
boundary).
"""

from __future__ import annotations

from itertools import combinations

from solver.domain.draw.objective import round_pairs
from solver.domain.draw.problem import Draw, DrawProblem

EXACT_ROUNDS = 12


def shared_pairs(draw: Draw) -> dict[tuple[int, int], int]:
    pairs = [round_pairs(r) for r in draw]
    return {(a, b): len(pairs[a] & pairs[b]) for a, b in combinations(range(len(draw)), 2)}


def _weight(shared: dict[tuple[int, int], int], a: int, b: int) -> int:
    return shared[(a, b) if a < b else (b, a)]


def _path_cost(shared, start: int | None, order: list[int]) -> int:
    path = ([start] if start is not None else []) + order
    return sum(_weight(shared, x, y) for x, y in zip(path, path[1:]))


def _held_karp(shared, start: int | None, free: list[int]) -> list[int]:
    """The order of ``free`` minimizing the shared pairs along the path (after ``start``, if any).

    Held-Karp over (set of rounds placed, last round), vectorized with numpy one set size and one
    last round at a time: cost[T, j] = min over i of cost[T - j, i] + w(i, j), n^2 array steps in
    all (the pure-Python version with paths in tuples took 0.3 s at 12 rounds, 0.65 s at 13, on a
    loaded machine, past the end of the time budget). Ties go to the lowest round index, so the
    order is deterministic. numpy is imported here, not with the module: most draws are proven and
    never reordered, and the import costs 0.2 s."""
    import numpy as np

    n = len(free)
    weights = np.array([[_weight(shared, a, b) if a != b else 0 for b in free] for a in free], dtype=np.int64)
    unreachable = np.iinfo(np.int64).max // 4
    cost = np.full((1 << n, n), unreachable, dtype=np.int64)
    parent = np.full((1 << n, n), -1, dtype=np.int64)
    for i, r in enumerate(free):
        cost[1 << i, i] = _weight(shared, start, r) if start is not None else 0
    masks = np.arange(1 << n, dtype=np.int64)
    sizes = np.zeros(1 << n, dtype=np.int64)
    for j in range(n):
        sizes += (masks >> j) & 1
    for size in range(2, n + 1):
        layer = masks[sizes == size]
        for j in range(n):
            targets = layer[((layer >> j) & 1) == 1]
            candidates = cost[targets ^ (1 << j)] + weights[:, j][None, :]
            best = np.argmin(candidates, axis=1)
            cost[targets, j] = candidates[np.arange(len(targets)), best]
            parent[targets, j] = best
    mask = (1 << n) - 1
    last = int(np.argmin(cost[mask]))
    order = []
    while last >= 0:
        order.append(free[last])
        mask, last = mask ^ (1 << last), int(parent[mask, last])
    order.reverse()
    # With no round before them a path and its reverse cost the same: keep the one starting lower.
    return min(order, order[::-1]) if start is None else order


def _nearest_neighbour(shared, start: int | None, free: list[int]) -> list[int]:
    remaining, order = list(free), []
    current = start if start is not None else remaining.pop(0)
    if start is None:
        order.append(current)
    while remaining:
        current = min(remaining, key=lambda r: (_weight(shared, current, r), r))
        remaining.remove(current)
        order.append(current)
    return order


def spread_repeats(problem: DrawProblem, draw: Draw) -> Draw:
    """``draw`` with its free rounds reordered to minimize repeats in consecutive rounds (never worse
    than the given order). The round before the first free one (the last fixed round, or else the
    last round of the history) stays where it is and counts."""
    fixed = len(problem.fixed_rounds)
    lead = tuple(problem.history[-1:]) if not fixed else ()
    rounds = lead + tuple(draw)
    offset = len(lead)
    free = list(range(offset + fixed, len(rounds)))
    if problem.pins or problem.previous is not None or len(free) < 2:
        return draw
    shared = shared_pairs(rounds)
    start = offset + fixed - 1 if offset + fixed else None
    order = (_held_karp if len(free) <= EXACT_ROUNDS else _nearest_neighbour)(shared, start, free)
    if _path_cost(shared, start, order) >= _path_cost(shared, start, free):
        return draw
    return tuple(draw[:fixed]) + tuple(rounds[r] for r in order)
