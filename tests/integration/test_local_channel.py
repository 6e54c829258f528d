"""The in-process channel (rondo_runtime/local_channel.py) answers exactly as loopback gRPC does: one
handler registered on a real ``grpc.aio`` server (the internal server's interceptors: metrics, internal
token, error mapping) and on a ``LocalServer`` with the same interceptors, called through a real
channel and a local one with the same client interceptors (the internal token's). Every outcome — an
answer, a field violation with its Russian and English texts, NOT_FOUND, UNAVAILABLE, a refused
internal credential, an unknown method, a handler's bug, malformed bytes, a deadline — reaches the
caller with the same code, details and rich details, reads back as the same ``RondoError`` through
the gateway's ``translate``, and is counted by the same metrics. A request and its answer round-trip
through the local channel unchanged (hypothesis)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

import grpc
import pytest
from google.protobuf import struct_pb2, wrappers_pb2
from grpc import aio
from hypothesis import given, settings
from hypothesis import strategies as st

from gateway.adapters.downstream import translate
from rondo.gateway.v1 import common_pb2
from rondo_runtime import errors
from rondo_runtime.config import Settings
from rondo_runtime.grpc_errors import error_details
from rondo_runtime.internal_auth import token_interceptors
from rondo_runtime.local_channel import LocalChannel, LocalServer
from rondo_runtime.metrics import SERVER_HANDLED
from rondo_runtime.server import server_interceptors

pytestmark = pytest.mark.integration

TOKEN = "local-channel-test-token-0123456789abcdef"
SERVICE = "rondo.test.v1.Probe"
DEADLINE_S = 0.3  # the calls that hang: the deadline is what ends them (no timing is asserted)


class Probe:
    """A servicer whose behaviour the request names (``StringValue.value``)."""

    def __init__(self) -> None:
        self.cancellations: asyncio.Queue[None] = asyncio.Queue()

    async def Act(self, request: wrappers_pb2.StringValue, context) -> wrappers_pb2.StringValue:
        what = request.value
        if what == "field":
            raise errors.InvalidArgument.at("competition.name", "FIELD_REQUIRED")
        if what == "not-found":
            raise errors.NotFound.because("COMPETITION_NOT_FOUND", competition_id="no-such-competition")
        if what == "not-ready":
            raise errors.Unavailable.because("DATABASE_NOT_READY", retry_after_s=2.0)
        if what == "bug":
            raise ValueError("a bug in the handler")
        if what == "hang":
            try:
                await asyncio.Event().wait()
            except asyncio.CancelledError:
                self.cancellations.put_nowait(None)
                raise
        if what == "metadata":
            keys = sorted(key for key, _ in context.invocation_metadata() if key.startswith("x-probe"))
            return wrappers_pb2.StringValue(value=",".join(keys))
        return wrappers_pb2.StringValue(value=f"echo:{what}")

    async def Echo(self, request: struct_pb2.Struct, context) -> struct_pb2.Struct:
        return request

    async def EchoRound(self, request: common_pb2.Round, context) -> common_pb2.Round:
        return request


def register(probe: Probe, server) -> None:
    """As a generated ``add_*Servicer_to_server`` does: by name and as a generic handler."""
    handlers = {
        "Act": grpc.unary_unary_rpc_method_handler(
            probe.Act,
            request_deserializer=wrappers_pb2.StringValue.FromString,
            response_serializer=wrappers_pb2.StringValue.SerializeToString,
        ),
        "Echo": grpc.unary_unary_rpc_method_handler(
            probe.Echo, request_deserializer=struct_pb2.Struct.FromString, response_serializer=struct_pb2.Struct.SerializeToString
        ),
        "EchoRound": grpc.unary_unary_rpc_method_handler(
            probe.EchoRound,
            request_deserializer=common_pb2.Round.FromString,
            response_serializer=common_pb2.Round.SerializeToString,
        ),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, handlers),))
    server.add_registered_method_handlers(SERVICE, handlers)


INTERNAL = Settings(internal_token=TOKEN)


@contextlib.asynccontextmanager
async def transports(token: str = TOKEN) -> AsyncIterator[tuple[Probe, dict[str, aio.Channel]]]:
    """The probe behind a real server on loopback and behind a local server, one channel to each."""
    probe = Probe()
    real = aio.server(interceptors=server_interceptors(INTERNAL, internal=True))
    register(probe, real)
    port = real.add_insecure_port("127.0.0.1:0")
    await real.start()
    local = LocalServer(server_interceptors(INTERNAL, internal=True))
    register(probe, local)
    channels: dict[str, aio.Channel] = {
        "grpc": aio.insecure_channel(f"127.0.0.1:{port}", interceptors=token_interceptors(token)),
        "local": local.channel(token_interceptors(token)),
    }
    try:
        yield probe, channels
    finally:
        for channel in channels.values():
            await channel.close()
        await real.stop(None)
        await local.stop(None)


def act(channel: aio.Channel, method: str = "Act", serializer=wrappers_pb2.StringValue.SerializeToString):
    return channel.unary_unary(
        f"/{SERVICE}/{method}", request_serializer=serializer, response_deserializer=wrappers_pb2.StringValue.FromString
    )


def _translated(error: aio.AioRpcError) -> tuple | None:
    """What the gateway makes of it (``Downstream.translate``); None when it is raised on as INTERNAL."""
    try:
        found = translate("league", error)
    except aio.AioRpcError:
        return None
    return (type(found).__name__, found.code, found.message, found.reason, found.params, found.localized, found.retry_after_s)


async def outcome(call, request, timeout: float | None = 10.0, metadata=None) -> tuple:
    """What the caller sees: the answer, or everything the error carries."""
    try:
        answer = await call(request, timeout=timeout, metadata=metadata)
    except aio.AioRpcError as error:
        trailing = tuple(key for key, _ in error.trailing_metadata() or ())
        return ("error", error.code(), error.details(), trailing, error_details(error), _translated(error))
    return ("answer", answer)


def handled(code: str, method: str = "Act") -> float:
    return SERVER_HANDLED.labels("unary", SERVICE, method, code)._value.get()


async def counted(code: str, before: float, timeout_s: float = 10.0) -> float:
    """The handled count once it has moved past ``before`` (a real server may count a call just after
    its caller has the answer: its interceptor ends after the status is sent), or as it stands then."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout_s
    while handled(code) <= before and loop.time() < give_up:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # a second count would show by now
    return handled(code)


CASES = [
    ("hello", "OK", grpc.StatusCode.OK),
    ("field", "InvalidArgument", grpc.StatusCode.INVALID_ARGUMENT),
    ("not-found", "NotFound", grpc.StatusCode.NOT_FOUND),
    ("not-ready", "Unavailable", grpc.StatusCode.UNAVAILABLE),
    ("bug", "Internal", grpc.StatusCode.INTERNAL),
]


@pytest.mark.parametrize(("what", "metric_code", "code"), CASES, ids=[c[0] for c in CASES])
def test_every_outcome_reaches_the_caller_and_the_metrics_identically(what, metric_code, code):
    async def scenario() -> None:
        async with transports() as (_, channels):
            seen = {}
            for name, channel in channels.items():
                before = handled(metric_code)
                seen[name] = await outcome(act(channel), wrappers_pb2.StringValue(value=what))
                assert await counted(metric_code, before) == before + 1, (name, what)  # counted once, with its code
            assert seen["local"] == seen["grpc"]
            if code == grpc.StatusCode.OK:
                assert seen["local"] == ("answer", wrappers_pb2.StringValue(value=f"echo:{what}"))
            else:
                assert seen["local"][1] == code

    asyncio.run(scenario())


def test_a_field_violation_keeps_its_field_reason_and_both_texts():
    async def scenario() -> None:
        async with transports() as (_, channels):
            for channel in channels.values():
                _, code, details, trailing, found, translated = await outcome(
                    act(channel), wrappers_pb2.StringValue(value="field")
                )
                assert code == grpc.StatusCode.INVALID_ARGUMENT and trailing == ("grpc-status-details-bin",)
                assert found.reason == "FIELD_REQUIRED" and found.violations and found.violations[0][0] == "competition.name"
                assert found.texts["ru"] == "Поле competition.name обязательно." and found.texts["en"] == details
                assert translated is not None and translated[0] == "InvalidArgument"

    asyncio.run(scenario())


def test_a_refused_internal_credential_is_unauthenticated_on_both():
    async def scenario() -> None:
        async with transports(token="not-the-internal-token-0123456789abcdef") as (_, channels):
            seen = {}
            for name, channel in channels.items():
                before = handled("Unauthenticated")
                try:
                    await act(channel)(wrappers_pb2.StringValue(value="hello"), timeout=10)
                except aio.AioRpcError as error:
                    seen[name] = (error.code(), error.details(), error_details(error))
                    with pytest.raises(aio.AioRpcError):  # the gateway raises it on: INTERNAL, logged
                        translate("league", error)
                assert await counted("Unauthenticated", before) == before + 1
            assert seen["local"] == seen["grpc"]
            assert seen["local"][0] == grpc.StatusCode.UNAUTHENTICATED
            assert seen["local"][2].reason == "INTERNAL_CREDENTIAL_MISSING"

    asyncio.run(scenario())


def test_an_unknown_method_and_malformed_bytes_are_answered_alike():
    async def scenario() -> None:
        async with transports() as (_, channels):
            unknown = {name: await outcome(act(ch, "NoSuchMethod"), wrappers_pb2.StringValue()) for name, ch in channels.items()}
            assert unknown["local"] == unknown["grpc"] and unknown["local"][1] == grpc.StatusCode.UNIMPLEMENTED
            raw = {name: await outcome(act(ch, serializer=None), b"\xff\xff\xff") for name, ch in channels.items()}
            assert raw["local"] == raw["grpc"] and raw["local"][1] == grpc.StatusCode.INVALID_ARGUMENT
            assert raw["local"][4].reason == "REQUEST_MALFORMED"

    asyncio.run(scenario())


def test_the_deadline_cancels_the_handler_and_answers_deadline_exceeded():
    async def scenario() -> None:
        async with transports() as (probe, channels):
            seen = {}
            for name, channel in channels.items():
                before = handled("DeadlineExceeded")
                seen[name] = await outcome(act(channel), wrappers_pb2.StringValue(value="hang"), timeout=DEADLINE_S)
                # the handler is cancelled (the real server's maybe just after its client gave up), and the
                # metrics count the call as DEADLINE_EXCEEDED once it has unwound
                await asyncio.wait_for(probe.cancellations.get(), 30)
                assert await counted("DeadlineExceeded", before) == before + 1, name
            assert seen["local"] == seen["grpc"]
            assert seen["local"][1] == grpc.StatusCode.DEADLINE_EXCEEDED
            assert seen["local"][5][3] == "SERVICE_TIMEOUT"  # the gateway's answer: UNAVAILABLE, retry

    asyncio.run(scenario())


def test_invocation_metadata_reaches_the_handler():
    async def scenario() -> None:
        async with transports() as (_, channels):
            metadata = (("x-probe-b", "2"), ("x-probe-a", "1"))
            for channel in channels.values():
                answer = await act(channel)(wrappers_pb2.StringValue(value="metadata"), timeout=10, metadata=metadata)
                assert answer.value == "x-probe-a,x-probe-b"

    asyncio.run(scenario())


def test_a_stopped_local_server_answers_unavailable():
    async def scenario() -> None:
        local = LocalServer(server_interceptors(INTERNAL, internal=True))
        register(Probe(), local)
        channel = local.channel(token_interceptors(TOKEN))
        assert (await act(channel)(wrappers_pb2.StringValue(value="x"), timeout=10)).value == "echo:x"
        await local.stop(0)
        with pytest.raises(aio.AioRpcError) as caught:
            await act(channel)(wrappers_pb2.StringValue(value="x"), timeout=10)
        assert caught.value.code() == grpc.StatusCode.UNAVAILABLE
        assert translate("booking", caught.value).reason == "SERVICE_UNAVAILABLE"

    asyncio.run(scenario())


# --- round trips --------------------------------------------------------------------------------------

_LOCAL = LocalServer(server_interceptors(INTERNAL, internal=True))
register(Probe(), _LOCAL)
_CHANNEL: LocalChannel = _LOCAL.channel(token_interceptors(TOKEN))

_text = st.text(max_size=30)
_json = st.recursive(
    st.none() | st.booleans() | st.floats(allow_nan=False, width=64) | _text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(_text, children, max_size=4),
    max_leaves=20,
)


def _round_trip(method: str, message, cls):
    call = _CHANNEL.unary_unary(
        f"/{SERVICE}/{method}", request_serializer=cls.SerializeToString, response_deserializer=cls.FromString
    )

    async def answer():
        return await call(message, timeout=10)

    return asyncio.run(answer())


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(_text, _json, max_size=6))
def test_a_struct_round_trips_unchanged_and_is_never_shared(value):
    request = struct_pb2.Struct()
    request.update(value)
    answer = _round_trip("Echo", request, struct_pb2.Struct)
    assert answer == request and answer is not request


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.text(min_size=1, max_size=12), max_size=8), max_size=6))
def test_a_round_of_tables_round_trips_unchanged(tables):
    request = common_pb2.Round(tables=[common_pb2.Table(player_ids=ids) for ids in tables])
    answer = _round_trip("EchoRound", request, common_pb2.Round)
    assert answer == request and answer is not request
    answer.tables.add().player_ids.append("changed")  # the answer is a copy: the request is untouched
    assert len(request.tables) == len(tables)
