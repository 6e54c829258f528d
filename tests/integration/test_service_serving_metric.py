"""``rondo_service_serving{grpc_service}`` follows each service's gRPC health (the alert
RondoServiceNotServing reads it): 0 until the readiness check passes, 1 while it does, 0 again when it
fails and from the stop on."""

from __future__ import annotations

import asyncio

import pytest
from prometheus_client import REGISTRY

from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec, start_server

pytestmark = pytest.mark.integration

NAME = "rondo.test.v1.ServingMetricService"


def serving() -> float | None:
    return REGISTRY.get_sample_value("rondo_service_serving", {"grpc_service": NAME})


def test_the_serving_gauge_follows_the_health_status():
    ready = {"value": False}

    async def readiness() -> bool:
        return ready["value"]

    async def scenario():
        spec = ServiceSpec(name="test", service_names=(NAME,), register=lambda server: None, readiness=readiness)
        running = await start_server([spec], Settings(host="127.0.0.1", port=0, metrics_port=None), readiness_interval=3600)
        try:
            assert serving() == 0.0  # NOT_SERVING: its readiness check fails
            ready["value"] = True
            await running.check_readiness()
            assert serving() == 1.0
            ready["value"] = False
            await running.check_readiness()
            assert serving() == 0.0
            ready["value"] = True
            await running.check_readiness()
            assert serving() == 1.0
        finally:
            await running.stop(0)
        assert serving() == 0.0  # stopping: NOT_SERVING

    asyncio.run(scenario())
