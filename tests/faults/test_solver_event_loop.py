"""Issue 7: CPU-bound work never runs on the event loop. Today BuildRoundRobin with 1 000 / 2 500 players
stalls every service of the process (health checks included) for 5.8 / 22 s; now its inputs are bounded
(Rondo's capacity) and brackets, round robins and playoff seating run off the loop, so health keeps
answering within its own short deadline while the largest allowed ones are computed."""

from __future__ import annotations

import pytest
from grpc_health.v1 import health_pb2

from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from solver.domain import capacity
from tests.waiting import started_calls, wait_until

pytestmark = pytest.mark.faults

SERVING = health_pb2.HealthCheckResponse.SERVING


def test_health_answers_while_large_allowed_pairings_are_computed(solver_server):
    stub = solver_pb2_grpc.SolverServiceStub(solver_server.channel)
    assert solver_server.wait_for_status(SERVING)
    service = "rondo.solver.v1.SolverService"
    before = started_calls(service, "BuildRoundRobin") + started_calls(service, "BuildKnockout")
    largest_group = [solver_pb2.Player(id=f"player-{i:04d}") for i in range(capacity.MAX_ROUND_ROBIN_GROUP)]
    entrants = [solver_pb2.Entrant(id=f"e{i}", rating=i, applied_at=i) for i in range(capacity.MAX_KNOCKOUT_ENTRANTS)]
    calls = [
        stub.BuildRoundRobin.future(solver_pb2.BuildRoundRobinRequest(players=largest_group, cycles=2), timeout=60)
        for _ in range(8)
    ] + [
        stub.BuildKnockout.future(
            solver_pb2.BuildKnockoutRequest(entrants=entrants, max_participants=capacity.MAX_KNOCKOUT_PARTICIPANTS), timeout=60
        )
        for _ in range(4)
    ]
    wait_until(
        lambda: started_calls(service, "BuildRoundRobin") + started_calls(service, "BuildKnockout") >= before + len(calls),
        "every pairing call reached the server",
    )
    checks = 0
    while checks < 3 or not all(call.done() for call in calls):  # health answers all along
        assert solver_server.status(timeout=1.0) == SERVING  # within its own 1 s deadline
        checks += 1
    for call in calls:
        assert call.result().ByteSize() > 0
