"""Embedded mode answers the public client the same whether the gateway calls the services of its
process in process (``RONDO_EMBEDDED_CALLS=local``, the default) or over loopback gRPC (``grpc``):
every service as `rondo up` runs them, once per transport, with booking's database unreachable (booking
NOT_SERVING). A field violation the league raises (with its Russian and English texts), a competition
the league does not know (NOT_FOUND) and a call booking cannot serve (UNAVAILABLE naming booking) reach
the client with the same code, message and details on both; the league's metrics count the call on
both. The deadline, a refused internal credential and the rest: tests/integration/test_local_channel.py.
"""

from __future__ import annotations

import grpc
import pytest

from gateway.app import LazyDownstream
from rondo.gateway.v1 import competitions_pb2, gateway_pb2_grpc, scheduling_pb2
from rondo_app.registry import NAMES, service
from rondo_runtime.grpc_errors import error_details
from rondo_runtime.local_channel import LocalChannel
from rondo_runtime.metrics import SERVER_HANDLED
from tests.faults.conftest import InProcessServer

pytestmark = pytest.mark.faults

TRANSPORTS = ("local", "grpc")
NOWHERE = "postgresql+psycopg://postgres@127.0.0.1:1/rondo_nowhere"  # nothing listens on port 1
TIMEOUT = 30
LEAGUE = service("league").grpc_service


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    started: dict[str, InProcessServer] = {}
    try:
        for transport in TRANSPORTS:
            started[transport] = InProcessServer(
                list(NAMES),
                tmp_path_factory.mktemp(f"embedded-{transport}"),
                embedded_calls=transport,
                solver_workers=1,
                database_urls={"booking": NOWHERE},
            )
        yield started
    finally:
        for server in started.values():
            server.close()


def _downstream(server: InProcessServer) -> LazyDownstream:
    [gateway] = [spec for spec in server.specs if not spec.internal]
    assert gateway.local_server is not None
    lazy = getattr(gateway.local_server, "__self__", None)  # the gateway's LazyDownstream.attach_local
    assert isinstance(lazy, LazyDownstream)
    return lazy


async def _channels(lazy: LazyDownstream) -> list:
    return lazy.get()._channels  # opened in the server's event loop, as the gateway's first call does


def test_each_transport_is_the_one_asked_for(servers):
    for transport, server in servers.items():
        channels = server.run(_channels(_downstream(server)))
        assert all(isinstance(channel, LocalChannel) == (transport == "local") for channel in channels), transport
        assert server.running.local_server is not None  # the in-process server exists in both modes


def _refusal(server: InProcessServer, method: str, request) -> tuple:
    with pytest.raises(grpc.RpcError) as caught:
        getattr(gateway_pb2_grpc.GatewayServiceStub(server.channel), method)(request, timeout=TIMEOUT)
    error = caught.value
    return error.code(), error.details(), error_details(error)


def _league_handled(method: str, code: str) -> float:
    return SERVER_HANDLED.labels("unary", LEAGUE, method, code)._value.get()


def test_a_league_field_violation_reaches_the_client_alike_with_both_texts(servers):
    request = competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="x", ruleset="poker"))
    seen = {}
    for transport, server in servers.items():
        before = _league_handled("CreateCompetition", "InvalidArgument")
        seen[transport] = _refusal(server, "CreateCompetition", request)
        assert _league_handled("CreateCompetition", "InvalidArgument") == before + 1, transport  # the league refused it
    assert seen["local"] == seen["grpc"]
    code, details, found = seen["local"]
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "competition.ruleset" in [f for f, _ in found.violations]
    assert found.texts["en"] == details and found.texts["ru"] and found.texts["ru"] != found.texts["en"]


def test_an_unknown_competition_is_not_found_alike(servers):
    request = competitions_pb2.GetCompetitionRequest(competition_id="no-such-competition")
    seen = {transport: _refusal(server, "GetCompetition", request) for transport, server in servers.items()}
    assert seen["local"] == seen["grpc"]
    code, _, found = seen["local"]
    assert code == grpc.StatusCode.NOT_FOUND and found.reason == "COMPETITION_NOT_FOUND"
    assert found.texts["ru"] == "Соревнование «no-such-competition» не найдено."


def test_a_service_not_serving_is_unavailable_naming_it_alike(servers):
    seen = {transport: _refusal(server, "ListClubs", scheduling_pb2.ListClubsRequest()) for transport, server in servers.items()}
    assert seen["local"] == seen["grpc"]
    code, _, found = seen["local"]
    assert code == grpc.StatusCode.UNAVAILABLE and found.reason == "SERVICE_UNAVAILABLE"
    assert found.metadata["service"] == "booking" and found.retry_after_s is not None
