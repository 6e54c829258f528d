"""Issue 7, "The solver must not be taken down by one request": a worker that dies mid-solve (kill -9,
the OOM killer) is replaced, its call gets a retryable UNAVAILABLE, health follows the pool's real
state; each worker's memory is capped so a runaway solve kills only itself; a cancelled call stops its
solve and frees the worker."""

from __future__ import annotations

import os
import resource
import signal
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2

from rondo.gateway.v1 import common_pb2
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_runtime.errors import ResourceExhausted
from tests.faults.conftest import solver_service, solver_worker_pids
from tests.solver_requests import hard_request
from tests.waiting import held, hold

pytestmark = pytest.mark.faults

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
SOLVER = "rondo.solver.v1.SolverService"


def small_request() -> solver_pb2.DrawTablesRequest:
    return solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=f"p{i}") for i in range(16)],
        rounds=4,
        table_size=4,
        seed=1,
        time_limit_seconds=1,
    )


@pytest.fixture
def held_worker(tmp_path, monkeypatch) -> Path:
    """A marker file: a solver worker that starts a solve writes its pid there and waits while the file
    exists (set before the server starts, so its spawned workers inherit it)."""
    marker = tmp_path / "worker-busy"
    monkeypatch.setenv("RONDO_FAILPOINTS", hold("solver.worker.solve", marker))
    return marker


def busy_worker(marker: Path) -> int:
    """The worker holding the solve at its start (its pid, from the marker)."""
    return held(marker)


# Jobs the tests run in a worker through the pool (module-level, so the worker can import them).


def allocate(megabytes: int) -> int:
    return len(bytearray(megabytes * 1024 * 1024))


def address_space_limit() -> int:
    return resource.getrlimit(resource.RLIMIT_AS)[0]


@pytest.mark.slow
def test_a_worker_killed_mid_solve_is_replaced_and_its_call_is_unavailable(server_factory, held_worker):
    server = server_factory(solver_workers=1)
    stub = solver_pb2_grpc.SolverServiceStub(server.channel)
    assert server.wait_for_status(SERVING, SOLVER)
    call = stub.DrawTables.future(hard_request(20), timeout=60)
    victim = busy_worker(held_worker)
    # health's changes are pushed to a watcher (Watch), which starts before the kill: none is missed
    watch = server.health.Watch(health_pb2.HealthCheckRequest(service=SOLVER), timeout=60)
    held_worker.unlink()  # later solves (the replacement's) run through
    os.kill(victim, signal.SIGKILL)

    with pytest.raises(grpc.RpcError) as caught:
        call.result()
    # today: INTERNAL (BrokenProcessPool) for this call and every later one, health SERVING throughout
    assert caught.value.code() == grpc.StatusCode.UNAVAILABLE, (caught.value.code(), caught.value.details())
    assert "retry" in caught.value.details()

    seen: list[int] = []
    for change in watch:  # SERVING first (the status when watching began), then each change
        seen.append(change.status)
        if NOT_SERVING in seen and seen[-1] == SERVING:
            break
    watch.cancel()
    assert NOT_SERVING in seen, "health must say NOT_SERVING while no worker is alive"
    assert seen[-1] == SERVING, "health must be SERVING again once the replacement is up"

    response = stub.DrawTables(small_request(), timeout=30)
    assert response.status == common_pb2.SOLVE_STATUS_OPTIMAL
    assert victim not in solver_worker_pids()


def test_workers_run_with_their_memory_capped(server_factory):
    server = server_factory(solver_workers=1, solver_worker_memory_mb=1024)
    pool = solver_service(server).pool
    assert server.run(pool.run(address_space_limit)) == 1024 * 1024 * 1024


def test_a_runaway_allocation_is_resource_exhausted_and_kills_only_its_worker(server_factory):
    server = server_factory(solver_workers=2, solver_worker_memory_mb=600)
    pool = solver_service(server).pool
    assert server.wait_for_status(SERVING, SOLVER)
    with pytest.raises(ResourceExhausted, match="600 MiB"):
        server.run(pool.run(allocate, 2048))
    # the server and the other worker carry on; the one that ran out of memory is replaced
    assert server.run(pool.run(allocate, 10)) == 10 * 1024 * 1024
    stub = solver_pb2_grpc.SolverServiceStub(server.channel)
    assert stub.DrawTables(small_request(), timeout=30).status == common_pb2.SOLVE_STATUS_OPTIMAL
    assert server.wait_for_status(SERVING, SOLVER)


@pytest.mark.slow
def test_a_cancelled_call_stops_its_solve_and_frees_the_worker(server_factory, held_worker):
    server = server_factory(solver_workers=1, solver_queue=4)
    stub = solver_pb2_grpc.SolverServiceStub(server.channel)
    assert server.wait_for_status(SERVING, SOLVER)
    abandoned = stub.DrawTables.future(hard_request(60), timeout=120)
    busy_worker(held_worker)  # the only worker has the abandoned solve (held for as long as it takes)
    held_worker.unlink()
    abandoned.cancel()
    # today the abandoned solve keeps the only worker for its whole 60 s budget and this call expires
    response = stub.DrawTables(hard_request(1), timeout=8)
    assert response.status == common_pb2.SOLVE_STATUS_FEASIBLE
