"""`rondo up` in the tests starts again on other ports when a port drawn free was taken before it bound
it (another test process on the same machine): the module's tests get a server, not an error."""

from __future__ import annotations

import socket

from grpc_health.v1 import health_pb2, health_pb2_grpc

from rondo_runtime.process import free_port
from tests.e2e import conftest


def test_a_port_taken_between_the_draw_and_the_bind_starts_rondo_up_again_elsewhere(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        drawn = iter([taken.getsockname()[1]])  # the public port: someone else holds it
        monkeypatch.setattr(conftest, "free_port", lambda: next(drawn, None) or free_port())
        with conftest.embedded_up(tmp_path / "data") as deployment:
            assert deployment.address != f"127.0.0.1:{taken.getsockname()[1]}"
            assert all("start-2" in url for url in deployment.databases.values())
            health = health_pb2_grpc.HealthStub(deployment.raw_channel)
            assert health.Check(health_pb2.HealthCheckRequest(), timeout=10).status == health_pb2.HealthCheckResponse.SERVING
