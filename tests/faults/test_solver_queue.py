"""Issue 7, "Queueing": time spent waiting for a solver worker counts against the call's deadline; a call
whose remaining deadline cannot cover a useful solve is refused at once with RESOURCE_EXHAUSTED instead
of being left to expire; so every call ends OK or RESOURCE_EXHAUSTED, never UNAVAILABLE or
DEADLINE_EXCEEDED because it queued."""

from __future__ import annotations

import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

import grpc
import pytest
from grpc_health.v1 import health_pb2

from rondo.solver.v1 import solver_pb2_grpc
from tests.solver_requests import hard_request

pytestmark = pytest.mark.faults

SOLVER = "rondo.solver.v1.SolverService"


def concurrent_draws(stub, count: int, budget: float, deadline: float) -> list[tuple[str, float]]:
    """``count`` DrawTables at once; (status code name, seconds until the answer) of each."""

    def one(i: int) -> tuple[str, float]:
        started = time.monotonic()
        try:
            stub.DrawTables(hard_request(budget, seed=i), timeout=deadline)
            code = "OK"
        except grpc.RpcError as error:
            code = error.code().name
        return code, time.monotonic() - started

    with ThreadPoolExecutor(count) as threads:
        return list(threads.map(one, range(count)))


def report(title: str, outcomes: list[tuple[str, float]]) -> Counter:
    counts = Counter(code for code, _ in outcomes)
    print(f"\n{title}: {dict(counts)}")
    for code in sorted(counts):
        seconds = sorted(round(s, 1) for c, s in outcomes if c == code)
        print(f"  {code}: answered after {seconds} s")
    return counts


@pytest.mark.slow
def test_twelve_concurrent_draws_on_the_default_pool_are_ok_or_refused_at_once(server_factory):
    # the example (budget 6 s, deadline 60 s), scaled by a third to keep the suite short: through
    # the gateway it gave 2 OK, 2 RESOURCE_EXHAUSTED, 8 UNAVAILABLE (tests/faults/test_gateway_queue.py)
    server = server_factory()
    assert server.wait_for_status(health_pb2.HealthCheckResponse.SERVING, SOLVER)
    stub = solver_pb2_grpc.SolverServiceStub(server.channel)
    counts = report("12 x DrawTables (budget 2 s, deadline 20 s)", concurrent_draws(stub, 12, 2.0, 20.0))
    assert set(counts) <= {"OK", "RESOURCE_EXHAUSTED"}, counts
    assert counts["OK"] >= 2


@pytest.mark.slow
def test_queue_time_counts_against_the_deadline(server_factory):
    # 2 workers, 10 admitted, 2 s each: the last ones would start after ~8 s of a 7 s deadline. They
    # used to run their full budget anyway and end DEADLINE_EXCEEDED; now their limit is what the
    # deadline leaves when they start, or they are refused with RESOURCE_EXHAUSTED before it expires.
    server = server_factory(solver_workers=2, solver_queue=8)
    assert server.wait_for_status(health_pb2.HealthCheckResponse.SERVING, SOLVER)
    stub = solver_pb2_grpc.SolverServiceStub(server.channel)
    counts = report("12 x DrawTables (budget 2 s, deadline 7 s, 2 workers)", concurrent_draws(stub, 12, 2.0, 7.0))
    assert set(counts) <= {"OK", "RESOURCE_EXHAUSTED"}, counts
    assert counts["OK"] >= 6


def test_a_deadline_too_short_for_a_useful_solve_is_refused_at_once(solver_server):
    stub = solver_pb2_grpc.SolverServiceStub(solver_server.channel)
    with pytest.raises(grpc.RpcError) as caught:
        stub.DrawTables(hard_request(5.0), timeout=1.2)
    assert caught.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED, (caught.value.code(), caught.value.details())
    assert "deadline" in caught.value.details()
