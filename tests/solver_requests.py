"""Solver requests the tests share."""

from __future__ import annotations

from rondo.solver.v1 import solver_pb2


def hard_request(seconds: float, seed: int = 1) -> solver_pb2.DrawTablesRequest:
    """40 players x 13 rounds of 4: a resolvable (40,4,1) design would have no repeats, but neither a
    construction nor the search finds one quickly, so the solver works its whole budget."""
    return solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=f"p{i}") for i in range(40)],
        rounds=13,
        table_size=4,
        seed=seed,
        time_limit_seconds=seconds,
    )
