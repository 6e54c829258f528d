"""Server life: SIGTERM finishes in-flight calls and exits 0; the solver keeps to the caller's
deadline and refuses work beyond its queue (RESOURCE_EXHAUSTED), while health keeps answering."""

from __future__ import annotations

import secrets
import signal

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from rondo.gateway.v1 import common_pb2
from rondo.solver.v1 import solver_pb2_grpc
from rondo_app.demo import rondo_process
from rondo_app.registry import GRPC_SERVICES
from rondo_runtime.internal_auth import internal_channel
from rondo_runtime.process import free_port
from tests.solver_requests import hard_request
from tests.waiting import held, hold, wait_until

pytestmark = pytest.mark.e2e
SOLVER = ("rondo.solver.v1.SolverService",)


def _solver_server(tmp_path, command=("serve", "solver"), services=SOLVER, **env):
    port = free_port()
    base = {"RONDO_PORT": str(port), "RONDO_METRICS_PORT": "-1", "RONDO_DATA_DIR": str(tmp_path), "RONDO_LOG_LEVEL": "WARNING"}
    return port, rondo_process(list(command), {**base, **env}, f"127.0.0.1:{port}", services)


def _serving(channel, service: str) -> bool:
    try:
        check = health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service=service), timeout=1)
    except grpc.RpcError:
        return False
    return check.status == health_pb2.HealthCheckResponse.SERVING


def test_sigterm_to_rondo_up_finishes_in_flight_call_and_exits_zero(tmp_path):
    internal = free_port()  # the solver is internal: `rondo up` serves it on its loopback port
    busy = tmp_path / "worker-busy"
    token = secrets.token_urlsafe(32)  # so the test may dial the internal port
    _, server = _solver_server(
        tmp_path,
        ("up",),
        GRPC_SERVICES,
        RONDO_INTERNAL_PORT=str(internal),
        RONDO_INTERNAL_TOKEN=token,
        RONDO_FAILPOINTS=hold("solver.worker.solve", busy),
    )
    with server as process, internal_channel(f"127.0.0.1:{internal}", token) as channel:
        stub = solver_pb2_grpc.SolverServiceStub(channel)
        future = stub.DrawTables.future(hard_request(3.0), timeout=60)
        held(busy)  # the call is in flight, held there
        process.send_signal(signal.SIGTERM)
        wait_until(lambda: not _serving(channel, SOLVER[0]), "the server stopped taking calls after SIGTERM")
        assert not future.done()
        busy.unlink()  # the worker goes on; the stopping server must still answer the call
        response = future.result()
        assert response.status in (common_pb2.SOLVE_STATUS_FEASIBLE, common_pb2.SOLVE_STATUS_OPTIMAL)
        assert len(response.rounds) == 13
        assert process.wait(timeout=30) == 0


def test_solver_answers_within_the_callers_deadline(tmp_path):
    port, server = _solver_server(tmp_path)
    with server, grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = solver_pb2_grpc.SolverServiceStub(channel)
        # budget 60 s, deadline 4 s: the solver cuts its budget to the deadline and answers with the best
        # draw it has, instead of letting the call expire (DEADLINE_EXCEEDED would raise here)
        response = stub.DrawTables(hard_request(60.0), timeout=4)
        assert response.status == common_pb2.SOLVE_STATUS_FEASIBLE and len(response.rounds) == 13


def test_overload_is_resource_exhausted_and_health_keeps_answering(tmp_path):
    gate = tmp_path / "worker-busy"
    port, server = _solver_server(
        tmp_path, RONDO_SOLVER_WORKERS="1", RONDO_SOLVER_QUEUE="0", RONDO_FAILPOINTS=hold("solver.worker.solve", gate)
    )
    with server, grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        stub = solver_pb2_grpc.SolverServiceStub(channel)
        busy = stub.DrawTables.future(hard_request(3.0), timeout=60)
        held(gate)  # however fast the machine
        with pytest.raises(grpc.RpcError) as error:
            stub.DrawTables(hard_request(1.0), timeout=30)
        assert error.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert _serving(channel, SOLVER[0])
        gate.unlink()
        assert busy.result().status == common_pb2.SOLVE_STATUS_FEASIBLE
