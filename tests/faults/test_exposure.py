"""Only the gateway is reachable from outside (issue 7, "Nothing private leaks, nothing internal is
exposed"): real servers on loopback.

* Embedded (`rondo up`, built from the registry): the public port serves the gateway and health only —
  a caller there cannot reach ``LeagueService.SaveDraw`` (no forged draw to approve and publish), the
  solver or booking, and reflection is off by default; the internal services listen on 127.0.0.1 only,
  and the whole slice still works through the gateway.
* Distributed (`rondo serve league`): with ``RONDO_INTERNAL_TOKEN`` an internal service answers only
  calls carrying it (health and reflection excepted); without one it refuses to listen beyond
  loopback; the gateway's downstream calls carry it.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import subprocess
import sys

import grpc
import psutil
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from rondo.booking.v1 import booking_pb2, booking_pb2_grpc
from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2_grpc, scheduling_pb2
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_app.demo import run_slice
from rondo_app.registry import GRPC_SERVICES, INTERNAL_GRPC_SERVICES, PUBLIC_GRPC_SERVICES, SERVICES, service
from rondo_runtime.config import Settings
from rondo_runtime.internal_auth import METADATA_KEY, token_matches
from rondo_runtime.server import ConfigurationError, ServiceSpec, is_loopback, start_server

pytestmark = pytest.mark.faults

TOKEN = "test-internal-token-0123456789abcdef"
TIMEOUT = 30


def _code(call, request, **kwargs) -> grpc.StatusCode:
    try:
        call(request, timeout=TIMEOUT, **kwargs)
    except grpc.RpcError as error:
        return error.code()
    return grpc.StatusCode.OK


async def _stop(built: ServiceSpec) -> None:
    assert built.on_stop is not None  # every service's spec releases its engines and channels on stop
    await built.on_stop()


def _forged_draw(competition_id: str) -> league_pb2.SaveDrawRequest:
    ids = [f"p{i}" for i in range(16)]
    return league_pb2.SaveDrawRequest(
        competition_id=competition_id,
        rounds=[common_pb2.Round(tables=[common_pb2.Table(player_ids=ids[t * 4 : t * 4 + 4]) for t in range(4)])] * 4,
    )


def _reflection(channel) -> list[str]:
    stub = reflection_pb2_grpc.ServerReflectionStub(channel)
    [response] = list(stub.ServerReflectionInfo(iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=5))
    return [s.name for s in response.list_services_response.service]


def _listening(port: int) -> set[str]:
    """The local addresses this process listens on at ``port`` (gRPC binds 127.0.0.1 as the IPv4-mapped
    ``::ffff:127.0.0.1``: reported as the IPv4 address)."""
    connections = psutil.Process(os.getpid()).net_connections(kind="inet")
    found = set()
    for c in connections:
        if c.status == psutil.CONN_LISTEN and c.laddr.port == port:
            address = ipaddress.ip_address(c.laddr.ip.split("%")[0])
            found.add(str(getattr(address, "ipv4_mapped", None) or address))
    return found


# ------------------------------------------------------------------------------------ the registry


def test_the_gateway_is_the_only_public_service():
    assert [s.name for s in SERVICES if s.public] == ["gateway"]
    assert set(PUBLIC_GRPC_SERVICES) | set(INTERNAL_GRPC_SERVICES) == set(GRPC_SERVICES)
    assert not set(PUBLIC_GRPC_SERVICES) & set(INTERNAL_GRPC_SERVICES)


def test_python_m_gateway_is_public_as_the_registry_says(tmp_path):
    """`python -m gateway` builds ``gateway.app.spec`` without the registry: it must agree."""
    from gateway.app import spec as gateway_spec

    built = gateway_spec(Settings(data_dir=tmp_path, metrics_port=None))
    try:
        assert built.internal is service("gateway").internal is False
    finally:
        asyncio.run(_stop(built))


# ------------------------------------------------------------------------------- embedded (rondo up)


def test_the_public_port_does_not_serve_the_internal_services(embedded_server):
    public = embedded_server.channel
    league = league_pb2_grpc.LeagueServiceStub(public)
    assert _code(league.SaveDraw, _forged_draw("any")) == grpc.StatusCode.UNIMPLEMENTED
    assert _code(league.CreateCompetition, league_pb2.CreateCompetitionRequest(name="Forgery")) == grpc.StatusCode.UNIMPLEMENTED
    solver = solver_pb2_grpc.SolverServiceStub(public)
    draw = solver_pb2.DrawTablesRequest(players=[solver_pb2.Player(id=f"p{i}") for i in range(8)], rounds=2, table_size=4)
    assert _code(solver.DrawTables, draw) == grpc.StatusCode.UNIMPLEMENTED
    booking = booking_pb2_grpc.BookingServiceStub(public)
    assert _code(booking.CreateClub, booking_pb2.CreateClubRequest(name="Back door club")) == grpc.StatusCode.UNIMPLEMENTED


def test_a_forged_draw_sent_to_the_public_port_is_never_stored(embedded_server):
    gateway = gateway_pb2_grpc.GatewayServiceStub(embedded_server.channel)
    c = gateway.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Forgery target")),
        timeout=TIMEOUT,
    )
    for i in range(16):
        gateway.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name=f"F{i}"), timeout=TIMEOUT)
    league = league_pb2_grpc.LeagueServiceStub(embedded_server.channel)
    assert _code(league.SaveDraw, _forged_draw(c.id)) == grpc.StatusCode.UNIMPLEMENTED
    # nothing to approve or publish: the gateway still has no draw for this competition
    assert _code(gateway.GetSeating, draws_pb2.GetSeatingRequest(competition_id=c.id)) == (grpc.StatusCode.FAILED_PRECONDITION)


def test_reflection_is_not_offered_by_default(embedded_server):
    assert embedded_server.settings.reflection is False
    for channel in (embedded_server.channel, embedded_server.internal_channel):
        with pytest.raises(grpc.RpcError) as error:
            _reflection(channel)
        assert error.value.code() == grpc.StatusCode.UNIMPLEMENTED


def test_health_on_the_public_port_answers_for_every_service(embedded_server):
    """Probes and the demo keep working: one health service for the process, on both ports."""
    for channel in (embedded_server.channel, embedded_server.internal_channel):
        stub = health_pb2_grpc.HealthStub(channel)
        for name in ("", *GRPC_SERVICES):
            assert stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=5).status == (
                health_pb2.HealthCheckResponse.SERVING
            ), name


def test_the_internal_port_listens_on_loopback_only(embedded_server):
    internal_port = embedded_server.running.internal_port
    assert internal_port and internal_port != embedded_server.running.port
    assert embedded_server.internal_address == f"127.0.0.1:{internal_port}"
    assert _listening(internal_port) == {"127.0.0.1"}
    # ...and serves exactly the internal services
    league = league_pb2_grpc.LeagueServiceStub(embedded_server.internal_channel)
    assert (
        _code(league.GetCompetition, competitions_pb2.GetCompetitionRequest(competition_id="nope")) == grpc.StatusCode.NOT_FOUND
    )
    gateway = gateway_pb2_grpc.GatewayServiceStub(embedded_server.internal_channel)
    assert _code(gateway.GetSeating, draws_pb2.GetSeatingRequest(competition_id="x")) == (grpc.StatusCode.UNIMPLEMENTED)


def test_in_embedded_mode_the_internal_port_refuses_a_local_client_without_the_token(embedded_server):
    """Issue 16: `rondo up` makes a random internal token when none is configured, so another local
    process cannot read a player's availability from booking's internal port; the gateway's own calls
    (and a client with the token) still pass."""
    token = embedded_server.settings.internal_token
    assert token and len(token) >= 32
    request = scheduling_pb2.GetAvailabilityRequest(match_key="c/1/1/1", player_id="p1")
    with grpc.insecure_channel(embedded_server.internal_address) as bare:
        booking = booking_pb2_grpc.BookingServiceStub(bare)
        assert _code(booking.GetAvailability, request) == grpc.StatusCode.UNAUTHENTICATED
        league = league_pb2_grpc.LeagueServiceStub(bare)
        assert _code(league.GetCompetition, competitions_pb2.GetCompetitionRequest(competition_id="x")) == (
            grpc.StatusCode.UNAUTHENTICATED
        )
    with_token = booking_pb2_grpc.BookingServiceStub(embedded_server.internal_channel)
    assert _code(with_token.GetAvailability, request) == grpc.StatusCode.NOT_FOUND  # passed the credential check


def test_embedded_mode_without_an_internal_token_does_not_start(tmp_path):
    settings = Settings(host="127.0.0.1", port=0, internal_port=1, metrics_port=None, data_dir=tmp_path)
    specs = [service(name).spec(settings) for name in ("gateway", "booking")]
    with pytest.raises(ConfigurationError, match="internal token"):
        asyncio.run(start_server(specs, settings))


def test_the_internal_host_is_fixed_and_loopback_is_recognised():
    """The internal server's host is not configurable (whatever RONDO_HOST says), and only loopback
    hosts let an internal service run without the token."""
    from rondo_runtime import server as runtime_server

    assert runtime_server.INTERNAL_HOST == "127.0.0.1"
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("") and not is_loopback("::") and not is_loopback("10.0.0.7")


def test_the_whole_slice_works_through_the_gateway(embedded_server):
    lines: list[str] = []
    tables = run_slice(gateway_pb2_grpc.GatewayServiceStub(embedded_server.channel), players=8, seed=1, out=lines.append)
    assert len(tables.rounds) >= 1 and all(len(t.player_ids) == 4 for r in tables.rounds for t in r.tables)


# --------------------------------------------------------------------------- distributed (rondo serve)


def test_an_internal_service_with_a_token_refuses_calls_without_it(server_factory):
    league_server = server_factory(("league",), internal_token=TOKEN)
    stub = league_pb2_grpc.LeagueServiceStub(league_server.channel)
    request = league_pb2.CreateCompetitionRequest(name="Token league")
    assert _code(stub.CreateCompetition, request) == grpc.StatusCode.UNAUTHENTICATED
    assert _code(stub.CreateCompetition, request, metadata=((METADATA_KEY, TOKEN[:-1] + "x"),)) == grpc.StatusCode.UNAUTHENTICATED
    assert _code(stub.CreateCompetition, request, metadata=((METADATA_KEY, TOKEN + "x"),)) == grpc.StatusCode.UNAUTHENTICATED
    assert (
        _code(stub.CreateCompetition, request, metadata=(("authorization", f"Bearer {TOKEN}"),))
        == grpc.StatusCode.UNAUTHENTICATED
    )
    assert _code(stub.SaveDraw, _forged_draw("any")) == grpc.StatusCode.UNAUTHENTICATED
    created = stub.CreateCompetition(request, timeout=TIMEOUT, metadata=((METADATA_KEY, TOKEN),))
    assert created.id
    # what a caller without the credential learns: nothing, not even which methods exist
    unknown = league_server.channel.unary_unary("/rondo.league.v1.LeagueService/NoSuchMethod")
    assert _code(unknown, b"") == grpc.StatusCode.UNAUTHENTICATED
    with pytest.raises(grpc.RpcError) as error:
        stub.CreateCompetition(request, timeout=TIMEOUT)
    assert TOKEN not in (error.value.details() or "") and METADATA_KEY not in repr(error.value.trailing_metadata())


def test_health_answers_without_the_token(server_factory):
    league_server = server_factory(("league",), internal_token=TOKEN)
    health = health_pb2_grpc.HealthStub(league_server.channel)
    for name in ("", service("league").grpc_service, "liveness"):
        assert (
            health.Check(health_pb2.HealthCheckRequest(service=name), timeout=5).status == health_pb2.HealthCheckResponse.SERVING
        )


def test_reflection_when_enabled_answers_without_the_token(server_factory):
    league_server = server_factory(("league",), internal_token=TOKEN, reflection=True)
    assert service("league").grpc_service in _reflection(league_server.channel)


def test_an_internal_service_beyond_loopback_without_a_token_refuses_to_start(tmp_path):
    """Checked before anything is bound: the test binds nothing on 0.0.0.0."""
    from league.app import spec as league_spec

    settings = Settings(host="0.0.0.0", port=0, metrics_port=None, data_dir=tmp_path)
    built = league_spec(settings)

    async def scenario():
        try:
            with pytest.raises(ConfigurationError, match="RONDO_INTERNAL_TOKEN"):
                await start_server([built], settings)
        finally:
            await _stop(built)

    asyncio.run(scenario())


def test_python_m_league_on_every_interface_without_a_token_exits_2_naming_the_variable(tmp_path):
    env = {
        **os.environ,
        "RONDO_HOST": "0.0.0.0",
        "RONDO_PORT": "0",
        "RONDO_METRICS_PORT": "-1",
        "RONDO_DATA_DIR": str(tmp_path),
        "RONDO_LOG_LEVEL": "WARNING",
    }
    env.pop("RONDO_INTERNAL_TOKEN", None)
    result = subprocess.run([sys.executable, "-m", "league"], env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "configuration error" in result.stderr and "RONDO_INTERNAL_TOKEN" in result.stderr


def test_the_gateway_carries_the_token_downstream(server_factory):
    internal = server_factory(("solver", "league"), internal_token=TOKEN, solver_workers=1)
    gateway = server_factory(
        ("gateway",),
        internal_token=TOKEN,
        service_addrs={"league": internal.address, "solver": internal.address},
    )
    tables = run_slice(gateway_pb2_grpc.GatewayServiceStub(gateway.channel), players=8, seed=1, out=lambda _: None)
    assert tables.rounds


def test_a_gateway_with_the_wrong_token_fails_without_blaming_the_client(server_factory):
    internal = server_factory(("league",), internal_token=TOKEN)
    gateway = server_factory(
        ("gateway",),
        internal_token="not-the-right-token-at-all",
        service_addrs={"league": internal.address, "solver": internal.address},
    )
    stub = gateway_pb2_grpc.GatewayServiceStub(gateway.channel)
    with pytest.raises(grpc.RpcError) as error:
        stub.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Misconfigured")),
            timeout=TIMEOUT,
        )
    assert error.value.code() == grpc.StatusCode.INTERNAL  # the deployment's fault, not the caller's credentials
    assert TOKEN not in (error.value.details() or "")


# ----------------------------------------------------------------------------------------- settings


def test_the_token_is_read_and_never_shown():
    settings = Settings.from_env({"RONDO_INTERNAL_TOKEN": TOKEN, "RONDO_INTERNAL_PORT": "50052", "RONDO_REFLECTION": "on"})
    assert (settings.internal_token, settings.internal_port, settings.reflection) == (TOKEN, 50052, True)
    assert TOKEN not in repr(settings)
    defaults = Settings.from_env({})
    assert (defaults.internal_token, defaults.internal_port, defaults.reflection) == (None, 0, False)
    for bad in ("short", "has a space in it somewhere", "tab\tinside-the-long-token"):
        with pytest.raises(ValueError, match="RONDO_INTERNAL_TOKEN") as error:
            Settings.from_env({"RONDO_INTERNAL_TOKEN": bad})
        assert bad not in str(error.value)
    with pytest.raises(ValueError, match="RONDO_REFLECTION"):
        Settings.from_env({"RONDO_REFLECTION": "maybe"})
    with pytest.raises(ValueError, match="RONDO_INTERNAL_PORT"):
        Settings.from_env({"RONDO_INTERNAL_PORT": "70000"})


def test_token_comparison():
    assert token_matches(((METADATA_KEY, TOKEN),), TOKEN)
    assert token_matches((("other", "x"), (METADATA_KEY.upper(), TOKEN)), TOKEN)
    assert not token_matches((), TOKEN) and not token_matches(None, TOKEN)
    assert not token_matches(((METADATA_KEY, TOKEN[:-1]),), TOKEN)
    assert not token_matches(((METADATA_KEY, ""),), TOKEN)
