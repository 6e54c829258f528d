"""Issue 7, "A competition that can never be drawn is refused when it is created": Rondo's capacity
(rondo_runtime/capacity.py, docs/operating/capacity.md) is one set of numbers for solver and league. League
refuses a competition beyond it at ``CreateCompetition`` and the player who would make players x rounds
exceed it at ``RegisterPlayer``, with the limit and "the draw could never be made"; the solver refuses
such a draw at once. What the capacity allows goes end to end through the gateway: every server and
channel carries messages as large as the largest draw (today 10 000 x 50 fails after 8 s of solving with
"Received message larger than max", and a 1 000 x 100 draw is too large for the default 4 MiB)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from league.domain.capacity import check_room_for_one_more_player
from league.domain.model import Competition
from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2_grpc
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_runtime import capacity
from rondo_runtime.errors import InvalidArgument
from tests.faults.conftest import refused

pytestmark = pytest.mark.faults

LARGE_PLAYERS, LARGE_ROUNDS = 1_000, 100  # players x rounds = MAX_SEATS: the largest draw within capacity


@pytest.fixture(scope="module")
def gateway(embedded_server):
    return gateway_pb2_grpc.GatewayServiceStub(embedded_server.channel)


def register(gateway, competition_id: str, count: int, start: int = 0) -> None:
    def one(i: int) -> None:
        gateway.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition_id, name=f"Player {i:05d}"), timeout=30
        )

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(one, range(start, start + count)))


# --- one set of numbers ---------------------------------------------------------------------------


def test_solver_and_league_share_the_capacity():
    from league.domain import model
    from solver.domain import capacity as solver_capacity

    assert solver_capacity.MAX_SEATS == capacity.MAX_SEATS and solver_capacity.MAX_ROUNDS == capacity.MAX_ROUNDS
    assert solver_capacity.MAX_PLAYERS == capacity.MAX_PLAYERS and model.MAX_ROUNDS == capacity.MAX_ROUNDS
    assert model.TABLE_SIZES == range(capacity.MIN_TABLE_SIZE, capacity.MAX_TABLE_SIZE + 1)
    assert solver_capacity.GRPC_MAX_MESSAGE_BYTES == capacity.MAX_MESSAGE_BYTES
    # every server and channel is configured from the same place: answers as large as a draw; requests
    # that large only where a service takes whole draws (league, the solver), small everywhere else
    assert ("grpc.max_send_message_length", capacity.MAX_MESSAGE_BYTES) in capacity.server_options()
    assert ("grpc.max_receive_message_length", capacity.MAX_REQUEST_BYTES) in capacity.server_options()
    assert ("grpc.max_receive_message_length", capacity.MAX_MESSAGE_BYTES) in capacity.server_options(capacity.MAX_MESSAGE_BYTES)
    assert ("grpc.max_send_message_length", capacity.MAX_MESSAGE_BYTES) in capacity.channel_options()


def test_the_message_size_holds_the_largest_draw_within_capacity():
    # the largest message about a draw is GetSeating: every seat with its player's id (at most 64 ASCII
    # characters) and name (at most 100 characters, 4 UTF-8 bytes at worst)
    from rondo_runtime.text import MAX_ID_LENGTH, MAX_NAME_LENGTH

    k = capacity.MAX_TABLE_SIZE
    table = draws_pb2.NamedTable(
        number=99_999, player_ids=["i" * MAX_ID_LENGTH] * k, player_names=["\U0001d11e" * MAX_NAME_LENGTH] * k
    )
    tables_per_round = capacity.MAX_SEATS // k  # one round of everybody, at worst
    one_round = draws_pb2.NamedRound(number=capacity.MAX_ROUNDS, tables=[table] * tables_per_round)
    largest = (2 + 5 + one_round.ByteSize()) * (capacity.MAX_SEATS // (tables_per_round * k))
    assert largest < capacity.MAX_MESSAGE_BYTES - 64 * 1024


@pytest.mark.parametrize(("rounds", "players_allowed"), [(50, 2_000), (100, 1_000), (4, 10_000), (1, 10_000)])
def test_the_player_who_would_make_the_draw_impossible_is_refused(rounds, players_allowed):
    competition = Competition("c1", "Winter league", "discard-league-2026", rounds, 4, None)  # type: ignore[arg-type]
    check_room_for_one_more_player(competition, players_allowed - 1)  # the last one who fits
    with pytest.raises(InvalidArgument) as error:
        check_room_for_one_more_player(competition, players_allowed)
    (violation,) = error.value.violations
    assert violation.field == "competition_id"
    assert f"at most {players_allowed:,}".replace(",", " ") in violation.description
    assert "could never be made" in violation.description


# --- refused up front -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounds", "table_size", "field", "limit"),
    [
        (capacity.MAX_ROUNDS + 1, 4, "rounds", "100"),
        (3_000, 4, "rounds", "100"),
        (4, capacity.MAX_TABLE_SIZE + 1, "table_size", "8"),
    ],
)
def test_a_competition_beyond_capacity_is_refused_at_creation(gateway, rounds, table_size, field, limit):
    request = competitions_pb2.CreateCompetitionRequest(
        competition=competitions_pb2.Competition(
            name="Too long", ruleset="discard-league-2026", rounds=rounds, table_size=table_size
        )
    )
    refused(gateway.CreateCompetition, request, f"competition.{field}", limit, "Rondo's capacity", "could never be made")


def test_a_draw_beyond_capacity_is_refused_at_once_by_the_solver(solver_server):
    # the example of the issue: 10 000 players x 50 rounds solved for 8 s, then "Received message larger than max"
    stub = solver_pb2_grpc.SolverServiceStub(solver_server.channel)
    request = solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=f"p{i}") for i in range(10_000)], rounds=50, table_size=4, time_limit_seconds=30
    )
    refused(stub.DrawTables, request, "rounds", "players x rounds is at most 100 000", timeout=10)


# --- the largest draw within capacity, end to end -------------------------------------------------


@pytest.fixture(scope="module")
def full_league(gateway):
    """A competition of 100 rounds with 1 000 players: exactly Rondo's capacity (players x rounds)."""
    competition = gateway.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(
                name="Capacity league", ruleset="discard-league-2026", rounds=LARGE_ROUNDS, table_size=4
            )
        ),
        timeout=10,
    )
    register(gateway, competition.id, LARGE_PLAYERS)
    return competition


@pytest.mark.slow
def test_the_largest_draw_within_capacity_goes_end_to_end_through_the_gateway(gateway, full_league):
    view = gateway.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=full_league.id, seed=7, time_limit_seconds=5), timeout=120
    )
    assert view.status in (common_pb2.SOLVE_STATUS_OPTIMAL, common_pb2.SOLVE_STATUS_FEASIBLE), view.notes
    assert len(view.draw.rounds) == LARGE_ROUNDS

    approved = gateway.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=full_league.id, draw_id=view.draw.id), timeout=60)
    assert approved.id == view.draw.id and approved.approved_at.seconds > 0
    assert approved.rounds == view.draw.rounds

    tables = gateway.GetSeating(draws_pb2.GetSeatingRequest(competition_id=full_league.id), timeout=60)
    assert tables.draw_id == view.draw.id and len(tables.rounds) == LARGE_ROUNDS
    assert tables.ByteSize() > 4 * 2**20  # more than gRPC's default 4 MiB: the configured sizes carry it
    players = gateway.ListPlayers(
        competitions_pb2.ListPlayersRequest(competition_id=full_league.id, page_size=LARGE_PLAYERS), timeout=30
    )
    everyone = sorted(p.id for p in players.players)
    names = {p.id: p.name for p in players.players}
    for named_round in tables.rounds:
        assert len(named_round.tables) == LARGE_PLAYERS // 4
        seated = [pid for table in named_round.tables for pid in table.player_ids]
        assert sorted(seated) == everyone  # every player exactly once per round
        table = named_round.tables[0]
        assert list(table.player_names) == [names[pid] for pid in table.player_ids]

    stored = gateway.GetDraw(draws_pb2.GetDrawRequest(competition_id=full_league.id, draw_id=view.draw.id), timeout=60)
    assert stored.rounds == view.draw.rounds


def test_the_player_beyond_capacity_is_refused_at_registration(gateway, full_league):
    # 1 000 players x 100 rounds is the capacity: the 1 001st could never be drawn
    request = competitions_pb2.RegisterPlayerRequest(competition_id=full_league.id, name="One too many")
    description = refused(gateway.RegisterPlayer, request, "competition_id", "at most 1 000", "could never be made")
    assert "100 rounds" in description
    listed = gateway.ListPlayers(
        competitions_pb2.ListPlayersRequest(competition_id=full_league.id, page_size=LARGE_PLAYERS), timeout=30
    )
    assert len(listed.players) == LARGE_PLAYERS and "One too many" not in {p.name for p in listed.players}
