"""rondo_runtime.server, metrics and grpc_errors against a real grpc.aio server on 127.0.0.1.

The probe service is a generic bytes-in/bytes-out handler, so these tests need none of the
services' protos.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import urllib.request
import uuid
from contextlib import asynccontextmanager

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc
from prometheus_client.parser import text_string_to_metric_families

from rondo_runtime.config import Settings
from rondo_runtime.errors import FieldViolation, InvalidArgument, NotFound
from rondo_runtime.grpc_errors import INTERNAL_MESSAGE, error_from_rpc, field_violations
from rondo_runtime.server import ServiceSpec, run_until_signal, start_server

pytestmark = pytest.mark.integration

SECRET = "s3cr3t-traceback-marker"


class Probe:
    """A service with one method per way a handler can end."""

    def __init__(self) -> None:
        self.slow_started = asyncio.Event()
        self.release = asyncio.Event()  # a "held" Slow call answers once the test sets it
        self.stopped = False

    async def Ok(self, request: bytes, context) -> bytes:
        return b"ok:" + request

    async def Invalid(self, request: bytes, context) -> bytes:
        raise InvalidArgument.of(
            [
                FieldViolation("players[3].id", "must be unique; 17 appears twice"),
                FieldViolation("rounds", "must be between 1 and 20"),
            ]
        )

    async def Missing(self, request: bytes, context) -> bytes:
        raise NotFound("league 7 does not exist")

    async def Boom(self, request: bytes, context) -> bytes:
        raise RuntimeError(f"database password is {SECRET}")

    async def Todo(self, request: bytes, context) -> bytes:
        context.set_code(grpc.StatusCode.UNIMPLEMENTED)  # what generated servicer bases do
        raise NotImplementedError("Method not implemented!")

    async def Abort(self, request: bytes, context) -> bytes:
        await context.abort(grpc.StatusCode.PERMISSION_DENIED, "organizers only")
        raise AssertionError("unreachable: context.abort raises")

    async def SetCode(self, request: bytes, context) -> bytes:
        context.set_code(grpc.StatusCode.ALREADY_EXISTS)
        context.set_details("already there")
        return b""

    async def Slow(self, request: bytes, context) -> bytes:
        self.slow_started.set()
        if request == b"held":
            await self.release.wait()
        else:
            await asyncio.sleep(float(request.decode()))
        return b"done"

    async def Stream(self, request: bytes, context):
        for i in range(3):
            yield b"item%d" % i
        if request == b"fail":
            raise NotFound("no fourth item")

    async def StreamWrite(self, request: bytes, context) -> None:
        for i in range(2):
            await context.write(b"w%d" % i)

    def register(self, service_name: str):
        unary = ["Ok", "Invalid", "Missing", "Boom", "Todo", "Abort", "SetCode", "Slow"]
        handlers = {name: grpc.unary_unary_rpc_method_handler(getattr(self, name)) for name in unary}
        handlers["Stream"] = grpc.unary_stream_rpc_method_handler(self.Stream)
        handlers["StreamWrite"] = grpc.unary_stream_rpc_method_handler(self.StreamWrite)
        generic = grpc.method_handlers_generic_handler(service_name, handlers)
        return lambda server: server.add_generic_rpc_handlers((generic,))

    async def on_stop(self) -> None:
        self.stopped = True


def _settings(**overrides) -> Settings:
    return Settings(**{"host": "127.0.0.1", "port": 0, "metrics_port": 0, "grace_seconds": 5.0, **overrides})


@asynccontextmanager
async def probe_server(readiness=None, readiness_interval: float = 0.05, **settings):
    probe = Probe()
    name = f"rondo.test.v1.Probe{uuid.uuid4().hex[:8]}"  # metrics live in one registry: keep series apart
    spec = ServiceSpec("probe", (name,), probe.register(name), readiness=readiness, on_stop=probe.on_stop)
    running = await start_server([spec], _settings(**settings), readiness_interval=readiness_interval)
    channel = grpc.aio.insecure_channel(running.address)
    try:
        yield running, channel, name, probe
    finally:
        await channel.close()
        await running.stop(0)


def _unary(channel, service: str, method: str):
    return channel.unary_unary(f"/{service}/{method}")


async def _health(channel, service: str = "") -> int:
    response = await health_pb2_grpc.HealthStub(channel).Check(health_pb2.HealthCheckRequest(service=service), timeout=5)
    return response.status


def _scrape(port: int) -> dict[tuple[str, frozenset], float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
        text = response.read().decode()
    samples = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            samples[(sample.name, frozenset(sample.labels.items()))] = sample.value
    return samples


def _value(samples, name: str, **labels) -> float | None:
    return samples.get((name, frozenset(labels.items())))


# --------------------------------------------------------------------------------------------------


def test_health_follows_readiness():
    async def scenario():
        ready = False

        async def readiness() -> bool:
            return ready

        async with probe_server(readiness=readiness) as (running, channel, name, _):
            assert await _health(channel, name) == health_pb2.HealthCheckResponse.NOT_SERVING
            assert await _health(channel) == health_pb2.HealthCheckResponse.NOT_SERVING
            ready = True
            for _ in range(100):
                if await _health(channel) == health_pb2.HealthCheckResponse.SERVING:
                    break
                await asyncio.sleep(0.02)
            assert await _health(channel, name) == health_pb2.HealthCheckResponse.SERVING
            assert await _health(channel) == health_pb2.HealthCheckResponse.SERVING
            ready = False  # e.g. the database went away
            for _ in range(100):
                if await _health(channel, name) == health_pb2.HealthCheckResponse.NOT_SERVING:
                    break
                await asyncio.sleep(0.02)
            assert await _health(channel) == health_pb2.HealthCheckResponse.NOT_SERVING
            with pytest.raises(grpc.aio.AioRpcError) as unknown:
                await _health(channel, "rondo.nope.v1.Nothing")
            assert unknown.value.code() == grpc.StatusCode.NOT_FOUND

    asyncio.run(scenario())


def test_readiness_that_raises_means_not_serving_and_no_readiness_means_serving():
    async def scenario():
        async def broken() -> bool:
            raise ConnectionError("no database")

        async with probe_server(readiness=broken) as (_, channel, name, _probe):
            assert await _health(channel, name) == health_pb2.HealthCheckResponse.NOT_SERVING
        async with probe_server() as (_, channel, name, _probe):
            assert await _health(channel, name) == health_pb2.HealthCheckResponse.SERVING
            assert await _health(channel) == health_pb2.HealthCheckResponse.SERVING

    asyncio.run(scenario())


async def _reflection_list(channel) -> set[str]:
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)

    async def requests():
        yield reflection_pb2.ServerReflectionRequest(list_services="")

    responses = [r async for r in stub.ServerReflectionInfo(requests(), timeout=5)]
    return {s.name for s in responses[0].list_services_response.service}


def test_reflection_when_enabled_lists_every_service_and_listening_is_logged(caplog):
    async def scenario():
        async with probe_server(reflection=True) as (running, channel, name, _probe):
            assert await _reflection_list(channel) == {name, "grpc.health.v1.Health", "grpc.reflection.v1alpha.ServerReflection"}
            return running

    with caplog.at_level(logging.INFO, logger="rondo_runtime.server"):
        running = asyncio.run(scenario())
    [listening] = [r for r in caplog.records if r.getMessage() == "listening"]
    assert listening.address == running.address and listening.metrics_port == running.metrics_port
    assert listening.services == ["probe"]


def test_reflection_is_off_by_default():
    async def scenario():
        async with probe_server() as (_running, channel, _name, _probe):
            with pytest.raises(grpc.aio.AioRpcError) as failure:
                await _reflection_list(channel)
            assert failure.value.code() == grpc.StatusCode.UNIMPLEMENTED

    asyncio.run(scenario())


def test_invalid_argument_carries_bad_request_field_violations():
    async def scenario():
        async with probe_server() as (_, channel, name, _probe):
            with pytest.raises(grpc.aio.AioRpcError) as failure:
                await _unary(channel, name, "Invalid")(b"", timeout=5)
            error = failure.value
            assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert error.details() == "players[3].id: must be unique; 17 appears twice; rounds: must be between 1 and 20"
            assert field_violations(error) == [
                ("players[3].id", "must be unique; 17 appears twice"),
                ("rounds", "must be between 1 and 20"),
            ]
            again = error_from_rpc(error)  # what the gateway re-raises upstream
            assert isinstance(again, InvalidArgument) and again.violations[1] == FieldViolation(
                "rounds", "must be between 1 and 20"
            )

            with pytest.raises(grpc.aio.AioRpcError) as missing:
                await _unary(channel, name, "Missing")(b"", timeout=5)
            assert missing.value.code() == grpc.StatusCode.NOT_FOUND
            assert missing.value.details() == "league 7 does not exist"
            assert field_violations(missing.value) == []
            assert isinstance(error_from_rpc(missing.value), NotFound)

    asyncio.run(scenario())


def test_unexpected_exception_is_internal_without_the_traceback(caplog):
    async def scenario():
        async with probe_server() as (_, channel, name, _probe):
            with pytest.raises(grpc.aio.AioRpcError) as failure:
                await _unary(channel, name, "Boom")(b"", timeout=5)
            error = failure.value
            assert error.code() == grpc.StatusCode.INTERNAL
            assert error.details() == INTERNAL_MESSAGE
            leaked = error.details() + repr(error.trailing_metadata()) + repr(error.debug_error_string())
            assert SECRET not in leaked and "Traceback" not in leaked and "RuntimeError" not in leaked

    with caplog.at_level(logging.ERROR, logger="rondo_runtime.grpc_errors"):
        asyncio.run(scenario())
    [record] = [r for r in caplog.records if r.name == "rondo_runtime.grpc_errors"]
    assert record.exc_info and SECRET in str(record.exc_info[1])  # ...but the log has it


def test_metrics_count_every_way_a_call_ends():
    async def scenario():
        async with probe_server() as (running, channel, name, _probe):
            assert await _unary(channel, name, "Ok")(b"x", timeout=5) == b"ok:x"
            for method in ("Invalid", "Boom", "Todo", "Abort", "SetCode"):
                with pytest.raises(grpc.aio.AioRpcError):
                    await _unary(channel, name, method)(b"", timeout=5)
            assert [m async for m in channel.unary_stream(f"/{name}/Stream")(b"", timeout=5)] == [b"item0", b"item1", b"item2"]
            with pytest.raises(grpc.aio.AioRpcError) as failed_stream:
                async for _ in channel.unary_stream(f"/{name}/Stream")(b"fail", timeout=5):
                    pass
            assert failed_stream.value.code() == grpc.StatusCode.NOT_FOUND
            assert [m async for m in channel.unary_stream(f"/{name}/StreamWrite")(b"", timeout=5)] == [b"w0", b"w1"]
            return await asyncio.to_thread(_scrape, running.metrics_port), name

    samples, service = asyncio.run(scenario())

    def handled(method: str, code: str, kind: str = "unary"):
        return _value(
            samples, "grpc_server_handled_total", grpc_type=kind, grpc_service=service, grpc_method=method, grpc_code=code
        )

    assert handled("Ok", "OK") == 1.0
    assert handled("Invalid", "InvalidArgument") == 1.0
    assert handled("Boom", "Internal") == 1.0
    assert handled("Todo", "Unimplemented") == 1.0
    assert handled("Abort", "PermissionDenied") == 1.0
    assert handled("SetCode", "AlreadyExists") == 1.0
    assert handled("Stream", "OK", "server_stream") == 1.0
    assert handled("Stream", "NotFound", "server_stream") == 1.0
    assert handled("StreamWrite", "OK", "server_stream") == 1.0
    labels = dict(grpc_type="unary", grpc_service=service, grpc_method="Ok")
    assert _value(samples, "grpc_server_started_total", **labels) == 1.0
    assert _value(samples, "grpc_server_msg_received_total", **labels) == 1.0
    assert _value(samples, "grpc_server_msg_sent_total", **labels) == 1.0
    assert _value(samples, "grpc_server_handling_seconds_count", **labels) == 1.0
    assert _value(samples, "grpc_server_handling_seconds_bucket", **labels, le="0.005") is not None
    stream = dict(grpc_type="server_stream", grpc_service=service, grpc_method="Stream")
    assert _value(samples, "grpc_server_started_total", **stream) == 2.0
    assert _value(samples, "grpc_server_msg_sent_total", **stream) == 6.0
    # the health service is measured too, with Go-style code names
    assert any(key[0] == "grpc_server_handled_total" and ("grpc_service", "grpc.health.v1.Health") in key[1] for key in samples)


def test_graceful_stop_lets_an_in_flight_call_finish():
    async def scenario():
        async with probe_server() as (running, channel, name, probe):
            in_flight = asyncio.ensure_future(_unary(channel, name, "Slow")(b"held", timeout=60))
            await asyncio.wait_for(probe.slow_started.wait(), 5)
            stopping = asyncio.ensure_future(running.stop(5))
            refused = None
            for _ in range(500):  # once the stop has begun (a state, not a guessed time): no new calls
                try:
                    await _unary(channel, name, "Ok")(b"", timeout=2)
                except grpc.aio.AioRpcError as error:
                    refused = error.code()
                    if refused == grpc.StatusCode.UNAVAILABLE:
                        break  # a call racing the stop's first instant may be CANCELLED: ask again
                await asyncio.sleep(0.01)
            assert refused == grpc.StatusCode.UNAVAILABLE
            assert not probe.stopped  # on_stop waits for the in-flight call
            probe.release.set()  # the call ends only now, however long the refusals took to see
            assert await in_flight == b"done"
            await asyncio.wait_for(stopping, 5)
            assert probe.stopped

    asyncio.run(scenario())


def test_stop_cancels_calls_that_outlive_the_grace_period():
    async def scenario():
        async with probe_server() as (running, channel, name, probe):
            # a call that would run for an hour: stop must not wait for it beyond the 0.2 s grace
            in_flight = asyncio.ensure_future(_unary(channel, name, "Slow")(b"3600", timeout=7200))
            await asyncio.wait_for(probe.slow_started.wait(), 5)
            await asyncio.wait_for(running.stop(0.2), 60)
            with pytest.raises(grpc.aio.AioRpcError):
                await in_flight
            assert probe.stopped

    asyncio.run(scenario())


def test_port_in_use_is_an_error_and_metrics_can_be_disabled():
    async def scenario():
        async with probe_server(metrics_port=None) as (running, _channel, _name, _probe):
            assert running.metrics_port is None
            assert running.address == f"127.0.0.1:{running.port}"
            with pytest.raises(OSError):
                async with probe_server(port=running.port):
                    pass

    asyncio.run(scenario())


def test_run_until_signal_stops_gracefully_on_sigterm():
    async def scenario():
        probe = Probe()
        listening = asyncio.Event()

        async def readiness() -> bool:
            listening.set()
            return True

        name = f"rondo.test.v1.Probe{uuid.uuid4().hex[:8]}"
        spec = ServiceSpec("probe", (name,), probe.register(name), readiness=readiness, on_stop=probe.on_stop)
        root = logging.getLogger()
        handlers, level = list(root.handlers), root.level
        try:
            serving = asyncio.ensure_future(run_until_signal([spec], _settings(metrics_port=None, log_level="WARNING")))
            await asyncio.wait_for(listening.wait(), 10)
            os.kill(os.getpid(), signal.SIGTERM)
            assert await asyncio.wait_for(serving, 10) == 0
        finally:
            root.handlers[:] = handlers
            root.setLevel(level)
        assert probe.stopped

    asyncio.run(scenario())


def test_liveness_is_serving_while_the_database_is_not():
    """A service that is not ready (database down) is still alive: k8s must not restart it."""
    from rondo_runtime.server import LIVENESS_SERVICE_NAME

    async def never_ready() -> bool:
        return False

    async def scenario():
        spec = ServiceSpec("down", ("rondo.down.v1.DownService",), register=lambda server: None, readiness=never_ready)
        running = await start_server([spec], Settings(port=0, metrics_port=None))
        try:
            async with grpc.aio.insecure_channel(running.address) as channel:
                stub = health_pb2_grpc.HealthStub(channel)
                live = await stub.Check(health_pb2.HealthCheckRequest(service=LIVENESS_SERVICE_NAME), timeout=5)
                ready = await stub.Check(health_pb2.HealthCheckRequest(service="rondo.down.v1.DownService"), timeout=5)
            return live.status, ready.status
        finally:
            await running.stop(0)

    live, ready = asyncio.run(scenario())
    assert live == health_pb2.HealthCheckResponse.SERVING
    assert ready == health_pb2.HealthCheckResponse.NOT_SERVING


def test_background_jobs_start_with_the_server_a_failure_is_logged_and_stop_cancels_them(caplog):
    async def scenario():
        ticks: list[int] = []
        cancelled = asyncio.Event()

        async def ticking() -> None:
            try:
                while True:
                    ticks.append(1)
                    await asyncio.sleep(0.01)
            except asyncio.CancelledError:
                cancelled.set()
                raise

        async def failing() -> None:
            raise RuntimeError("boom")

        probe = Probe()
        name = f"rondo.test.v1.Probe{uuid.uuid4().hex[:8]}"
        spec = ServiceSpec("probe", (name,), probe.register(name), background=(ticking, failing))
        running = await start_server([spec], _settings())
        for _ in range(100):
            if len(ticks) >= 3:
                break
            await asyncio.sleep(0.01)
        assert (
            len(ticks) >= 3
            and await _health(grpc.aio.insecure_channel(running.address)) == health_pb2.HealthCheckResponse.SERVING
        )
        await running.stop(0)
        assert cancelled.is_set()

    with caplog.at_level(logging.ERROR):
        asyncio.run(scenario())
    assert any(r.getMessage() == "background job failed" for r in caplog.records)
