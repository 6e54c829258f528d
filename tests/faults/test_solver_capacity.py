"""Issue 7, "The solver must not be taken down by one request": every size in a solver request is
bounded by Rondo's capacity (solver/domain/capacity.py, docs/operating/capacity.md), checked before any work
and answered INVALID_ARGUMENT naming the field and stating the limit; what the capacity allows is
answered within the budget and fits in one gRPC message."""

from __future__ import annotations

import pytest

from rondo.gateway.v1 import common_pb2, draws_pb2
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from solver.domain import capacity
from tests.faults.conftest import refused

pytestmark = pytest.mark.faults


@pytest.fixture(scope="module")
def stub(solver_server):
    return solver_pb2_grpc.SolverServiceStub(solver_server.channel)


def players(n: int, prefix: str = "p"):
    return [solver_pb2.Player(id=f"{prefix}{i}") for i in range(n)]


# --- table draws ---------------------------------------------------------------------------------


@pytest.mark.parametrize("rounds", [2_147_483_647, 3_000, capacity.MAX_ROUNDS + 1])
def test_rounds_beyond_capacity_are_refused_before_any_work(stub, rounds):
    # today: 8 x 2147483647 with a 1 s budget ends in DEADLINE_EXCEEDED while the worker allocates GBs
    request = solver_pb2.DrawTablesRequest(players=players(8), rounds=rounds, table_size=4, time_limit_seconds=1)
    refused(stub.DrawTables, request, "rounds", f"at most {capacity.MAX_ROUNDS} rounds", timeout=5)


def test_players_beyond_capacity_are_refused(stub):
    n = capacity.MAX_PLAYERS + 4  # a multiple of 4: only the capacity is wrong
    request = solver_pb2.DrawTablesRequest(players=players(n), rounds=1, table_size=4, time_limit_seconds=1)
    refused(stub.DrawTables, request, "players", "at most 10 000 players")


def test_players_times_rounds_beyond_capacity_is_refused_with_the_largest_allowed(stub):
    request = solver_pb2.DrawTablesRequest(players=players(2_000), rounds=60, table_size=4, time_limit_seconds=1)
    description = refused(stub.DrawTables, request, "rounds", "players x rounds is at most 100 000")
    assert "at most 50 rounds" in description


def test_separation_weight_out_of_range_is_invalid_argument_not_internal(stub):
    # today: a weight of 2 147 483 647 solves, then crashes with INTERNAL
    request = solver_pb2.DrawTablesRequest(
        players=players(16),
        rounds=4,
        table_size=4,
        time_limit_seconds=1,
        separations=[draws_pb2.Separation(player_ids=["p0", "p1"], weight=2_147_483_647)],
    )
    refused(stub.DrawTables, request, "separations[0].weight", f"between 1 and {capacity.MAX_SEPARATION_WEIGHT}")


def test_separations_are_bounded_in_count_and_size(stub):
    big = solver_pb2.DrawTablesRequest(
        players=players(400),
        rounds=2,
        table_size=4,
        time_limit_seconds=1,
        separations=[draws_pb2.Separation(player_ids=[f"p{i}" for i in range(capacity.MAX_SEPARATION_SIZE + 1)], weight=1)],
    )
    refused(stub.DrawTables, big, "separations[0].player_ids", f"at most {capacity.MAX_SEPARATION_SIZE}")
    many = solver_pb2.DrawTablesRequest(
        players=players(16),
        rounds=2,
        table_size=4,
        time_limit_seconds=1,
        separations=[draws_pb2.Separation(player_ids=["p0", "p1"], weight=1)] * (capacity.MAX_SEPARATIONS + 1),
    )
    refused(stub.DrawTables, many, "separations", "at most 1 000 separations")


def test_fixed_rounds_beyond_capacity_are_refused(stub):
    one_round = common_pb2.Round(
        tables=[common_pb2.Table(player_ids=[f"p{i}" for i in range(t * 4, t * 4 + 4)]) for t in range(2)]
    )
    request = solver_pb2.DrawTablesRequest(
        players=players(8),
        rounds=4,
        table_size=4,
        time_limit_seconds=1,
        fixed_rounds=[one_round] * (capacity.MAX_ROUNDS + 1),
    )
    refused(stub.DrawTables, request, "fixed_rounds", "at most 100 rounds")


def test_a_draw_that_cannot_fit_in_one_answer_is_refused_up_front(stub):
    # 10 000 players with 190-character ids of 4-byte characters x 10 rounds is ~71 MiB of answer, more
    # than any Rondo message may have (rondo_runtime.capacity.MAX_MESSAGE_BYTES, 64 MiB): solving it
    # would end in "Received message larger than max" (looks retryable, never succeeds)
    request = solver_pb2.DrawTablesRequest(
        players=[solver_pb2.Player(id=f"{i:05d}" + "\U0001d11e" * 185) for i in range(10_000)],
        rounds=10,
        table_size=4,
        time_limit_seconds=2,
    )
    refused(stub.DrawTables, request, "players", "MiB", "64 MiB")


@pytest.mark.parametrize(
    ("n", "rounds", "k"),
    [(10_000, 10, 4), (1_000, 100, 4), (5_000, 20, 2), (8, 100, 4), (16, 100, 8)],
)
def test_the_largest_allowed_draws_are_answered_within_budget_and_fit(stub, n, rounds, k):
    # the time limit covers the whole solve, set-up included: budget 2 s, deadline budget + 4 s
    request = solver_pb2.DrawTablesRequest(
        players=players(n, "player-"),
        rounds=rounds,
        table_size=k,
        seed=1,
        time_limit_seconds=2,
    )
    response = stub.DrawTables(request, timeout=6)
    assert response.status in (common_pb2.SOLVE_STATUS_OPTIMAL, common_pb2.SOLVE_STATUS_FEASIBLE)
    assert len(response.rounds) == rounds and all(len(r.tables) == n // k for r in response.rounds)


def test_capacity_checks_are_pure_and_state_the_limit():
    from rondo_runtime.errors import InvalidArgument
    from solver.domain.draw.problem import DrawProblem

    with pytest.raises(InvalidArgument) as caught:
        capacity.check_draw_capacity(DrawProblem(players=tuple(f"p{i}" for i in range(8)), rounds=10**9, table_size=4))
    assert caught.value.violations[0].field == "rounds"
    capacity.check_draw_capacity(DrawProblem(players=tuple(f"p{i}" for i in range(10_000)), rounds=10, table_size=4))
