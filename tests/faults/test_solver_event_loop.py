"""Issue 7: CPU-bound work never runs on the event loop. Once a 1 000-player round robin stalled every
service of the process (health checks included) for seconds; fixed pairings are league's now, and the
solver's remaining work (draws, round schedules) runs in its worker pool, its conversions in threads,
so health keeps answering within its own short deadline while the largest draws are computed."""

from __future__ import annotations

import pytest
from grpc_health.v1 import health_pb2

from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from tests.waiting import started_calls, wait_until

pytestmark = pytest.mark.faults

SERVING = health_pb2.HealthCheckResponse.SERVING


def test_health_answers_while_large_allowed_draws_are_computed(solver_server):
    stub = solver_pb2_grpc.SolverServiceStub(solver_server.channel)
    assert solver_server.wait_for_status(SERVING)
    service = "rondo.solver.v1.SolverService"
    before = started_calls(service, "DrawTables")
    largest = [solver_pb2.Player(id=f"player-{i:05d}") for i in range(10_000)]  # 10 000 x 10: Rondo's capacity
    request = solver_pb2.DrawTablesRequest(players=largest, rounds=10, table_size=4, seed=1, time_limit_seconds=1)
    calls = [stub.DrawTables.future(request, timeout=60) for _ in range(2)]
    wait_until(lambda: started_calls(service, "DrawTables") >= before + len(calls), "every draw reached the server")
    checks = 0
    while checks < 3 or not all(call.done() for call in calls):  # health answers all along
        assert solver_server.status(timeout=1.0) == SERVING  # within its own 1 s deadline
        checks += 1
    for call in calls:
        assert len(call.result().rounds) == 10
