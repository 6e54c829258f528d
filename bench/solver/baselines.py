"""Baselines the draw optimizer is compared with, on the same instances.

* ``round_by_round_restarts`` -- what a scoring app typically does: draw round by round; for each
  round try ``shuffles`` random shuffles and keep the one whose tables repeat the fewest pairs
  already met in earlier rounds (pair intersections counted with multiplicity: a pair that met
  twice before counts 2). Vectorized with numpy (sorted pair keys + searchsorted), so it runs at
  every size up to 10 000 players.
* ``independent_random_rounds`` -- every round an independent shuffle.
* ``plain_cpsat`` -- the CP-SAT model of ``solver.domain.draw.cpsat`` without the counting bounds
  and without a hint (the same model Rondo uses, not a second one), under a time limit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np

from solver.domain.draw.problem import Draw, DrawProblem, DrawResult, PlayerId

BATCH = 100  # shuffles scored at once (bounds memory: BATCH * N/k * C(k,2) int64 keys)


def _numpy_rng(rng: random.Random | np.random.Generator) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    return np.random.default_rng(rng.getrandbits(64))


def _as_draw(players: Sequence[PlayerId], rounds_idx: list[np.ndarray], k: int) -> Draw:
    return tuple(tuple(tuple(players[i] for i in row) for row in order.reshape(-1, k).tolist()) for order in rounds_idx)


def independent_random_rounds(players: Sequence[PlayerId], rounds: int, k: int, rng: random.Random | np.random.Generator) -> Draw:
    """Each round an independent uniform shuffle cut into tables of k."""
    gen = _numpy_rng(rng)
    n = len(players)
    return _as_draw(players, [gen.permutation(n) for _ in range(rounds)], k)


def _pair_keys(tables: np.ndarray, n: int) -> np.ndarray:
    """tables: (..., T, k) player indices -> (..., T * C(k, 2)) keys lo * n + hi of every pair."""
    k = tables.shape[-1]
    keys = []
    for i in range(k):
        for j in range(i + 1, k):
            a, b = tables[..., i], tables[..., j]
            keys.append(np.minimum(a, b) * n + np.maximum(a, b))
    return np.concatenate(keys, axis=-1)


def round_by_round_restarts(
    players: Sequence[PlayerId],
    rounds: int,
    k: int,
    rng: random.Random | np.random.Generator,
    shuffles: int = 1000,
) -> Draw:
    """Round by round: of ``shuffles`` random shuffles keep the one with the fewest pair
    intersections with the previous rounds (the first such shuffle on ties)."""
    if shuffles < 1:
        raise ValueError(f"shuffles must be at least 1, got {shuffles}")
    gen = _numpy_rng(rng)
    n = len(players)
    t = n // k
    met = np.empty(0, dtype=np.int64)  # sorted keys of pairs met so far, with multiplicity
    chosen: list[np.ndarray] = []
    for r in range(rounds):
        if r == 0:
            best = gen.permutation(n)
        else:
            fewest, best_score = None, None
            left = shuffles
            while left > 0:
                b = min(BATCH, left)
                left -= b
                perms = gen.permuted(np.tile(np.arange(n, dtype=np.int64), (b, 1)), axis=1)
                keys = _pair_keys(perms.reshape(b, t, k), n)
                hits = np.searchsorted(met, keys, side="right") - np.searchsorted(met, keys, side="left")
                scores = hits.sum(axis=1)
                i = int(np.argmin(scores))
                if best_score is None or scores[i] < best_score:
                    fewest, best_score = perms[i].copy(), int(scores[i])
                if best_score == 0:
                    break  # cannot do better; the remaining shuffles would only tie
            assert fewest is not None  # shuffles >= 1: the loop ran at least once
            best = fewest
        chosen.append(best)
        met = np.sort(np.concatenate([met, _pair_keys(best.reshape(t, k), n)]))
    return _as_draw(players, chosen, k)


def plain_cpsat(problem: DrawProblem, time_limit_s: float, num_workers: int = 2) -> DrawResult:
    """The project's CP-SAT model, no counting bounds, no hint."""
    from solver.domain.draw.cpsat import solve_cpsat

    return solve_cpsat(problem, time_limit_s, hint=None, use_bounds=False, num_workers=num_workers)
