"""Error answers always fit, fields come first, bad bytes are bad input (issue 7, "User error is never
INTERNAL"). Real servers on loopback: each service alone, and every service in one process as
`rondo up` builds it (the gateway on the public port calls league and solver on the internal one)."""

from __future__ import annotations

import logging

import grpc
import pytest

from rondo.booking.v1 import booking_pb2, booking_pb2_grpc
from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2_grpc
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_app.registry import NAMES
from rondo_runtime.grpc_errors import field_violations
from tests.faults.conftest import InProcessServer

pytestmark = pytest.mark.faults

TIMEOUT = 30


@pytest.fixture(scope="module")
def embedded(tmp_path_factory):
    """Every service in one process, SQLite files in a fresh data directory (``rondo up``)."""
    server = InProcessServer(list(NAMES), tmp_path_factory.mktemp("embedded"))
    yield server
    server.close()


def _fails(call, request, code, timeout=TIMEOUT) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=timeout)
    error = caught.value
    assert error.code() == code, (error.code(), (error.details() or "")[:300])
    assert "Traceback" not in (error.details() or "")
    return error


def _competition(stub, name="Bounded league"):
    """A competition made through ``stub``: league's own request, or the gateway's (the resource in it)."""
    if isinstance(stub, gateway_pb2_grpc.GatewayServiceStub):
        request = competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name=name))
        return stub.CreateCompetition(request, timeout=TIMEOUT)
    return stub.CreateCompetition(league_pb2.CreateCompetitionRequest(name=name), timeout=TIMEOUT)


def _messages(via: str):
    """The request messages: league takes the public API's own (its contract imports them)."""
    return _Public


class _Public:
    GetCompetitionRequest = competitions_pb2.GetCompetitionRequest
    RegisterPlayerRequest = competitions_pb2.RegisterPlayerRequest
    ApproveDrawRequest = draws_pb2.ApproveDrawRequest


# --- bounded answers --------------------------------------------------------------------------------


def _draw_request_with_500_unknown_pins() -> solver_pb2.DrawTablesRequest:
    return solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=f"p{i}") for i in range(16)],
        rounds=4,
        table_size=4,
        pins=[draws_pb2.Pin(player_id=f"ghost-{i}-" + "x" * 50, round=0, table=0) for i in range(500)],
        time_limit_seconds=1,
    )


def _assert_bounded(error: grpc.RpcError) -> None:
    details = error.details() or ""
    assert len(details.encode()) <= 600
    violations = field_violations(error)
    assert 1 <= len(violations) <= 21
    assert all(len(d) <= 300 for _, d in violations)


def test_hundreds_of_violations_fit_directly_to_the_solver(embedded):
    stub = solver_pb2_grpc.SolverServiceStub(embedded.internal_channel)
    error = _fails(stub.DrawTables, _draw_request_with_500_unknown_pins(), grpc.StatusCode.INVALID_ARGUMENT)
    _assert_bounded(error)
    assert any("more" in d for _, d in field_violations(error))


def test_hundreds_of_violations_fit_through_the_gateway(embedded):
    gateway = gateway_pb2_grpc.GatewayServiceStub(embedded.channel)
    c = _competition(gateway, "Pins league")
    for i in range(16):
        gateway.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name=f"P{i}"), timeout=TIMEOUT)
    request = draws_pb2.DrawCompetitionRequest(
        competition_id=c.id,
        time_limit_seconds=1,
        pins=[draws_pb2.Pin(player_id=f"ghost-{i}-" + "x" * 50, round=0, table=0) for i in range(500)],
    )
    error = _fails(gateway.DrawCompetition, request, grpc.StatusCode.INVALID_ARGUMENT)
    _assert_bounded(error)


@pytest.mark.parametrize("via", ["league", "gateway"])
def test_a_20_kb_id_is_refused_not_a_metadata_error(embedded, via):
    stub = (
        league_pb2_grpc.LeagueServiceStub(embedded.internal_channel)
        if via == "league"
        else gateway_pb2_grpc.GatewayServiceStub(embedded.channel)
    )
    huge, messages = "x" * 20_000, _messages(via)
    error = _fails(stub.GetCompetition, messages.GetCompetitionRequest(competition_id=huge), grpc.StatusCode.INVALID_ARGUMENT)
    assert "competition_id" in [f for f, _ in field_violations(error)]
    assert len((error.details() or "").encode()) <= 600
    c = _competition(stub, f"Id league {via}")
    _fails(stub.ApproveDraw, messages.ApproveDrawRequest(competition_id=c.id, draw_id=huge), grpc.StatusCode.INVALID_ARGUMENT)


def test_a_20_kb_unknown_player_in_a_stored_draw_is_echoed_truncated(embedded):
    league = league_pb2_grpc.LeagueServiceStub(embedded.internal_channel)
    c = _competition(league, "Forged draw league")
    request = league_pb2.SaveDrawRequest(
        competition_id=c.id, rounds=[common_pb2.Round(tables=[common_pb2.Table(player_ids=["y" * 20_000] * 4)])] * 4
    )
    error = _fails(league.SaveDraw, request, grpc.StatusCode.INVALID_ARGUMENT)
    _assert_bounded(error)


# --- the request's own fields first -----------------------------------------------------------------


@pytest.mark.parametrize("via", ["league", "gateway"])
def test_register_player_checks_its_fields_before_looking_up_the_competition(embedded, via):
    stub = (
        league_pb2_grpc.LeagueServiceStub(embedded.internal_channel)
        if via == "league"
        else gateway_pb2_grpc.GatewayServiceStub(embedded.channel)
    )
    messages = _messages(via)
    error = _fails(
        stub.RegisterPlayer,
        messages.RegisterPlayerRequest(competition_id="no-such-competition", name="  "),
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    assert "name" in [f for f, _ in field_violations(error)]
    # with a good name, the unknown competition is what is wrong
    _fails(
        stub.RegisterPlayer,
        messages.RegisterPlayerRequest(competition_id="no-such-competition", name="Alice"),
        grpc.StatusCode.NOT_FOUND,
    )


def test_add_room_checks_its_fields_before_looking_up_the_club(embedded):
    booking = booking_pb2_grpc.BookingServiceStub(embedded.internal_channel)
    error = _fails(
        booking.AddRoom, booking_pb2.AddRoomRequest(club_id="no-such-club", name="\u200b "), grpc.StatusCode.INVALID_ARGUMENT
    )
    assert "name" in [f for f, _ in field_violations(error)]


def test_rating_is_range_checked(embedded):
    league = league_pb2_grpc.LeagueServiceStub(embedded.internal_channel)
    c = _competition(league, "Rating league")
    error = _fails(
        league.RegisterPlayer,
        competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="R", rating=2_147_483_647),
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    assert "rating" in [f for f, _ in field_violations(error)]


# --- malformed bytes --------------------------------------------------------------------------------

GARBAGE = b"\xff\xff\xff"


@pytest.mark.parametrize(
    "path",
    [
        "/rondo.league.v1.LeagueService/RegisterPlayer",
        "/rondo.solver.v1.SolverService/DrawTables",
        "/rondo.booking.v1.BookingService/CreateClub",
        "/rondo.gateway.v1.GatewayService/CreateCompetition",
    ],
)
def test_malformed_protobuf_bytes_are_invalid_argument(embedded, path, caplog):
    channel = embedded.channel if path.startswith("/rondo.gateway.") else embedded.internal_channel
    call = channel.unary_unary(path, request_serializer=None, response_deserializer=None)
    with caplog.at_level(logging.INFO):
        error = _fails(call, GARBAGE, grpc.StatusCode.INVALID_ARGUMENT)
    assert "protobuf" in error.details()
    assert "Traceback" not in caplog.text and "Exception deserializing" not in caplog.text
