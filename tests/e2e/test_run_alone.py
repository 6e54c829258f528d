"""`python -m <service>` runs that one service alone (the anatomy every service shares)."""

from __future__ import annotations

import signal

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from rondo_app.registry import GRPC_SERVICES, service
from rondo_runtime.process import free_port, server_process

pytestmark = pytest.mark.e2e


def test_python_m_booking_serves_booking_alone_and_exits_zero_on_sigterm(tmp_path):
    port = free_port()
    address = f"127.0.0.1:{port}"
    env = {"RONDO_PORT": str(port), "RONDO_METRICS_PORT": "-1", "RONDO_DATA_DIR": str(tmp_path), "RONDO_LOG_LEVEL": "WARNING"}
    booking = service("booking").grpc_service
    with server_process(["-m", "booking"], env, address, (booking,)) as process:
        with grpc.insecure_channel(address) as channel:
            health = health_pb2_grpc.HealthStub(channel)
            assert (
                health.Check(health_pb2.HealthCheckRequest(service=booking), timeout=5).status
                == health_pb2.HealthCheckResponse.SERVING
            )
            assert (
                health.Check(health_pb2.HealthCheckRequest(service=""), timeout=5).status
                == health_pb2.HealthCheckResponse.SERVING
            )
            for other in set(GRPC_SERVICES) - {booking}:  # only booking runs in this process
                with pytest.raises(grpc.RpcError) as error:
                    health.Check(health_pb2.HealthCheckRequest(service=other), timeout=5)
                assert error.value.code() == grpc.StatusCode.NOT_FOUND
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
    assert (tmp_path / "booking.db").exists()
