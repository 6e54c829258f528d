"""Every RPC of the slice, sent malformed requests: the right code, and the field named (issue 2)."""

from __future__ import annotations

import grpc
import pytest

from rondo.gateway.v1 import competitions_pb2, draws_pb2
from rondo_runtime.grpc_errors import field_violations

pytestmark = pytest.mark.e2e


def _fails(call, request, code, field=None):
    with pytest.raises(grpc.RpcError) as error:
        call(request, timeout=30)
    assert error.value.code() == code, error.value.details()
    if field is not None:
        assert field in [f for f, _ in field_violations(error.value)], error.value.details()
    assert "Traceback" not in (error.value.details() or "")
    return error.value


@pytest.fixture(scope="module")
def league_with_players(embedded):
    stub = embedded.gateway
    c = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Error league")), timeout=5
    )
    for i in range(6):  # 6 is not a multiple of 4
        stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name=f"E{i}"), timeout=5)
    return c


@pytest.mark.parametrize(
    "request_, field",
    [
        (competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="")), "competition.name"),
        (
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="x", rounds=-1)),
            "competition.rounds",
        ),
        (
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="x", table_size=-4)),
            "competition.table_size",
        ),
        (
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="x", table_size=9)),
            "competition.table_size",
        ),
        (
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="x", ruleset="poker")),
            "competition.ruleset",
        ),
    ],
)
def test_create_competition_bad_input(embedded, request_, field):
    _fails(embedded.gateway.CreateCompetition, request_, grpc.StatusCode.INVALID_ARGUMENT, field)


def test_register_player_bad_input(embedded, league_with_players):
    stub, cid = embedded.gateway, league_with_players.id
    _fails(
        stub.RegisterPlayer,
        competitions_pb2.RegisterPlayerRequest(competition_id="", name="A"),
        grpc.StatusCode.INVALID_ARGUMENT,
        "competition_id",
    )
    _fails(
        stub.RegisterPlayer, competitions_pb2.RegisterPlayerRequest(competition_id="unknown", name="A"), grpc.StatusCode.NOT_FOUND
    )
    _fails(
        stub.RegisterPlayer,
        competitions_pb2.RegisterPlayerRequest(competition_id=cid, name="  "),
        grpc.StatusCode.INVALID_ARGUMENT,
        "name",
    )
    error = _fails(
        stub.RegisterPlayer,
        competitions_pb2.RegisterPlayerRequest(competition_id=cid, name="e3"),
        grpc.StatusCode.INVALID_ARGUMENT,
        "name",
    )
    assert "already registered" in error.details()


def test_draw_bad_input(embedded, league_with_players):
    stub, cid = embedded.gateway, league_with_players.id
    _fails(
        stub.DrawCompetition,
        draws_pb2.DrawCompetitionRequest(competition_id=""),
        grpc.StatusCode.INVALID_ARGUMENT,
        "competition_id",
    )
    _fails(stub.DrawCompetition, draws_pb2.DrawCompetitionRequest(competition_id="unknown"), grpc.StatusCode.NOT_FOUND)
    _fails(
        stub.DrawCompetition,
        draws_pb2.DrawCompetitionRequest(competition_id=cid, time_limit_seconds=-1),
        grpc.StatusCode.INVALID_ARGUMENT,
        "time_limit_seconds",
    )
    error = _fails(
        stub.DrawCompetition, draws_pb2.DrawCompetitionRequest(competition_id=cid), grpc.StatusCode.INVALID_ARGUMENT, "players"
    )
    # the organizer's options, with the names of who would be dropped (docs/rules.md mahjong.roster.multiple-of-table-size)
    assert "2 reserve" in error.details() and "E4" in error.details() and "E5" in error.details()


def test_approve_and_tables_bad_input(embedded, league_with_players):
    stub, cid = embedded.gateway, league_with_players.id
    _fails(
        stub.ApproveDraw,
        draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=""),
        grpc.StatusCode.INVALID_ARGUMENT,
        "draw_id",
    )
    _fails(stub.ApproveDraw, draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id="unknown"), grpc.StatusCode.NOT_FOUND)
    _fails(stub.GetSeating, draws_pb2.GetSeatingRequest(competition_id=cid), grpc.StatusCode.FAILED_PRECONDITION)
    _fails(
        stub.Redraw,
        draws_pb2.RedrawRequest(competition_id=cid, played_rounds=1, reason="x"),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
