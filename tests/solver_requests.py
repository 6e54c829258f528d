"""Solver requests the tests share."""

from __future__ import annotations

from rondo.solver.v1 import solver_pb2


def hard_request(seconds: float, seed: int = 1) -> solver_pb2.DrawTablesRequest:
    """36 players x 13 rounds of 4: over-full (13 x 3 > 35) and far from its lower bound (the search
    ends about 20 sum C(m, 2) above it), too large for CP-SAT (36 x 13 > 256 player-rounds), so the
    solver works its whole budget. (40 x 13 used to be the hard one; the stored resolvable (40, 4, 1)
    design now draws it at once.)"""
    return solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=f"p{i}") for i in range(36)],
        rounds=13,
        table_size=4,
        seed=seed,
        time_limit_seconds=seconds,
    )
