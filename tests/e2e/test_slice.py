"""The first vertical slice over real gRPC, in both modes: create a competition, register players,
draw, approve, list the tables (issue 2). Plus health, reflection and metrics of `rondo up`."""

from __future__ import annotations

import urllib.request

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase

from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2, scheduling_pb2
from rondo.solver.v1 import solver_pb2
from rondo_app.demo import run_slice
from rondo_app.registry import GRPC_SERVICES, INTERNAL_GRPC_SERVICES, PUBLIC_GRPC_SERVICES
from rondo_runtime.grpc_errors import field_violations
from solver.domain.draw.problem import DrawProblem
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.e2e


def _check_slice(stub, players=16):
    lines: list[str] = []
    tables = run_slice(stub, players=players, seed=7, out=lines.append)
    draw = tuple(tuple(tuple(t.player_ids) for t in r.tables) for r in tables.rounds)
    roster = tuple(sorted({p for t in draw[0] for p in t}))
    assert len(roster) == players
    assert check_draw(DrawProblem(players=roster, rounds=4, table_size=4), draw) == []
    assert all(len(t.player_names) == 4 and all(t.player_names) for r in tables.rounds for t in r.tables)
    assert any("round 4" in line for line in lines)
    return tables


def test_slice_embedded(embedded):
    _check_slice(embedded.gateway)


def test_slice_distributed(distributed):
    _check_slice(distributed.gateway)


def test_health_serving_for_every_service(embedded):
    stub = health_pb2_grpc.HealthStub(embedded.channel)
    for service in ("", *GRPC_SERVICES):
        status = stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=5).status
        assert status == health_pb2.HealthCheckResponse.SERVING, service


def test_reflection_lists_only_the_public_services_on_the_public_port(embedded):
    """(reflection is on in this fixture: RONDO_REFLECTION=1; it is off by default)"""
    services = set(ProtoReflectionDescriptorDatabase(embedded.channel).get_services())
    assert set(PUBLIC_GRPC_SERVICES) <= services
    assert "grpc.health.v1.Health" in services
    assert not set(INTERNAL_GRPC_SERVICES) & services
    internal = set(ProtoReflectionDescriptorDatabase(embedded.internal_channel).get_services())
    assert set(INTERNAL_GRPC_SERVICES) <= internal and not set(PUBLIC_GRPC_SERVICES) & internal


def test_metrics_count_ok_and_invalid_argument_calls(embedded):
    stub = embedded.gateway
    stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Metrics league")), timeout=5
    )
    with pytest.raises(grpc.RpcError) as error:
        stub.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="")), timeout=5
        )
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    text = urllib.request.urlopen(f"http://127.0.0.1:{embedded.metrics_port}/metrics", timeout=5).read().decode()
    handled = [line for line in text.splitlines() if line.startswith("grpc_server_handled_total{")]

    def has(code, service="rondo.gateway.v1.GatewayService", method="CreateCompetition"):
        return any(
            f'grpc_code="{code}"' in line
            and f'grpc_service="{service}"' in line
            and f'grpc_method="{method}"' in line
            and not line.endswith(" 0.0")
            for line in handled
        )

    assert has("OK") and has("InvalidArgument")
    # the downstream call the gateway made is counted too, by the league service
    assert has("InvalidArgument", service="rondo.league.v1.LeagueService")
    assert "grpc_server_started_total" in text and "grpc_server_handling_seconds_bucket" in text


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_redraw_through_gateway_after_substitution(embedded):
    """Organizer: draw, approve, a player withdraws, a substitute joins, redraw keeping round 1."""
    stub = embedded.gateway
    c = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Redraw league")), timeout=5
    )
    ids = [
        stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name=f"R{i}"), timeout=5).id
        for i in range(16)
    ]
    first = stub.DrawCompetition(draws_pb2.DrawCompetitionRequest(competition_id=c.id, seed=3), timeout=30)
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=c.id, draw_id=first.draw.id), timeout=5)
    stub.WithdrawPlayer(competitions_pb2.WithdrawPlayerRequest(competition_id=c.id, player_id=ids[5], reason="ill"), timeout=5)
    sub = stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="Substitute"), timeout=5)
    for bad, field in (
        (draws_pb2.RedrawRequest(competition_id=c.id, played_rounds=4, reason="x"), "played_rounds"),
        (draws_pb2.RedrawRequest(competition_id=c.id, played_rounds=1, reason=" "), "reason"),
        (
            draws_pb2.RedrawRequest(
                competition_id=c.id, played_rounds=1, reason="x", pins=[draws_pb2.Pin(player_id=sub.id, round=0, table=0)]
            ),
            "pins[0].round",
        ),
    ):
        with pytest.raises(grpc.RpcError) as error:
            stub.Redraw(bad, timeout=30)
        assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert field in [f for f, _ in field_violations(error.value)]
    redraw = stub.Redraw(
        draws_pb2.RedrawRequest(
            competition_id=c.id,
            played_rounds=1,
            reason="R5 withdrew",
            seed=3,
            pins=[draws_pb2.Pin(player_id=sub.id, round=2, table=0)],
        ),
        timeout=30,
    )
    assert redraw.status in (common_pb2.SOLVE_STATUS_OPTIMAL, common_pb2.SOLVE_STATUS_FEASIBLE)
    assert redraw.draw.replaces_draw_id == first.draw.id and redraw.draw.version == 2
    assert redraw.draw.rounds[0] == first.draw.rounds[0]  # the played round is kept as played
    later = {p for r in redraw.draw.rounds[1:] for t in r.tables for p in t.player_ids}
    assert sub.id in later and ids[5] not in later
    assert sub.id in redraw.draw.rounds[2].tables[0].player_ids  # the pin holds in competition numbering
    assert redraw.draw.players_moved <= 8  # the substitute takes the seat; few others move
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=c.id, draw_id=redraw.draw.id), timeout=5)
    assert stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=c.id), timeout=5).version == 2


def test_the_solver_s_tools_are_internal_and_the_public_api_has_its_own_messages(embedded):
    """Cup brackets, round robins and the playoff seating are league's (AdvanceStage, from the stored
    stages); the solver only searches, on the internal port only, and no public message is an internal one."""
    from rondo.solver.v1 import solver_pb2_grpc

    public = {m.name for m in gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"].methods}
    searches = {m.name for m in solver_pb2.DESCRIPTOR.services_by_name["SolverService"].methods}
    assert searches == {"DrawTables", "ProposeRoundSchedule", "ProjectStandings"}
    # the public ProposeRoundSchedule is the gateway's workflow; GetProjections is the public projection
    assert not public & {"DrawTables", "MahjongPlayoff", "ProjectStandings"}
    for method in gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"].methods:
        for message in (method.input_type, method.output_type):
            assert message.full_name.startswith("rondo.gateway.v1."), (method.name, message.full_name)
    solver = solver_pb2_grpc.SolverServiceStub(embedded.internal_channel)
    draw = solver.DrawTables(
        solver_pb2.DrawTablesRequest(players=[solver_pb2.Player(id=f"c{i}") for i in range(8)], rounds=1, table_size=4, seed=1),
        timeout=10,
    )
    assert len(draw.rounds) == 1


def test_booking_clubs_and_rooms_over_grpc(embedded):
    from rondo.booking.v1 import booking_pb2, booking_pb2_grpc

    stub = booking_pb2_grpc.BookingServiceStub(embedded.internal_channel)  # booking is internal
    club = stub.CreateClub(booking_pb2.CreateClubRequest(name="Discard club", idempotency_key="c1"), timeout=5)
    assert club.time_zone == "Europe/Kirov"
    assert stub.CreateClub(booking_pb2.CreateClubRequest(name="Discard club", idempotency_key="c1"), timeout=5).id == club.id
    stub.AddRoom(booking_pb2.AddRoomRequest(club_id=club.id, name="Big room"), timeout=5)
    assert [r.name for r in stub.ListRooms(scheduling_pb2.ListRoomsRequest(club_id=club.id), timeout=5).rooms] == ["Big room"]
    for call, request, code, field in (
        (
            stub.CreateClub,
            booking_pb2.CreateClubRequest(name="X", time_zone="Mars/Olympus"),
            grpc.StatusCode.INVALID_ARGUMENT,
            "time_zone",
        ),
        (stub.AddRoom, booking_pb2.AddRoomRequest(club_id=club.id, name="big ROOM"), grpc.StatusCode.INVALID_ARGUMENT, "name"),
        (stub.ListRooms, scheduling_pb2.ListRoomsRequest(club_id="missing"), grpc.StatusCode.NOT_FOUND, None),
    ):
        with pytest.raises(grpc.RpcError) as error:
            call(request, timeout=5)
        assert error.value.code() == code
        if field:
            assert field in [f for f, _ in field_violations(error.value)]
