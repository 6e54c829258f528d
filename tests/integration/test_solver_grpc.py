"""The solver service alone over real gRPC on loopback: draws, bad input naming the field,
infeasible constraints as a result (issue 3). Fixed pairings (the cup bracket, Berger tables, the
playoff's tables) are league's, not the solver's."""

from __future__ import annotations

import asyncio
import threading

import grpc
import pytest

from rondo.gateway.v1 import common_pb2, draws_pb2
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_runtime.config import Settings
from rondo_runtime.grpc_errors import error_details, field_violations
from rondo_runtime.server import start_server
from solver import app as solver_app
from solver.domain.draw.work import work_for_time_limit

pytestmark = pytest.mark.integration

WORK_RATE = 50_000  # RONDO_SOLVER_WORK_UNITS_PER_SECOND of the server under test


@pytest.fixture(scope="module")
def solver(tmp_path_factory):
    """A real solver server in a background event loop on 127.0.0.1, any free port, its work rate set
    (not measured) so that budgets are known."""
    settings = Settings(
        port=0, metrics_port=None, data_dir=tmp_path_factory.mktemp("solver"), solver_work_units_per_second=WORK_RATE
    )
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = asyncio.run_coroutine_threadsafe(start_server([solver_app.spec(settings)], settings), loop).result(60)
    with grpc.insecure_channel(server.address) as channel:
        yield solver_pb2_grpc.SolverServiceStub(channel)
    asyncio.run_coroutine_threadsafe(server.stop(1), loop).result(30)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(30)


def players(n):
    return [solver_pb2.Player(id=f"p{i}") for i in range(n)]


def bad(stub_call, request, field):
    with pytest.raises(grpc.RpcError) as error:
        stub_call(request, timeout=30)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT, error.value.details()
    fields = [f for f, _ in field_violations(error.value)]
    assert field in fields, (fields, error.value.details())
    return error.value


@pytest.mark.rule("mahjong.draw.all-rounds-at-once")
def test_draw_16_players_zero_repeats_proven(solver):
    r = solver.DrawTables(solver_pb2.DrawTablesRequest(players=players(16), rounds=4, table_size=4, seed=5), timeout=30)
    assert r.status == common_pb2.SOLVE_STATUS_OPTIMAL and r.proven_optimal
    assert r.objective.max_meetings == 1 and r.objective.sum_repeat_pairs == 0
    assert r.seed == 5 and len(r.rounds) == 4
    assert r.HasField("gap") and r.gap == draws_pb2.DrawObjective()


@pytest.mark.rule("draw.objective.lower-bound-and-gap")
def test_draw_reports_its_gap_term_by_term(solver):
    # 28 x 9 in half a second: the search rarely closes the zero-repeat bound that fast
    r = solver.DrawTables(
        solver_pb2.DrawTablesRequest(players=players(28), rounds=9, table_size=4, seed=1, time_limit_seconds=0.5), timeout=30
    )
    for term in ("soft_violations", "max_meetings", "sum_repeat_pairs", "consecutive_repeats", "max_player_repeats"):
        assert getattr(r.gap, term) == getattr(r.objective, term) - getattr(r.lower_bound, term) >= 0
    assert r.proven_optimal == (r.gap == draws_pb2.DrawObjective())


@pytest.mark.rule("draw.seed.reproducible")
def test_unset_seed_is_chosen_and_returned_and_reproduces(solver):
    first = solver.DrawTables(solver_pb2.DrawTablesRequest(players=players(12), rounds=4, table_size=4), timeout=30)
    again = solver.DrawTables(
        solver_pb2.DrawTablesRequest(players=players(12), rounds=4, table_size=4, seed=first.seed), timeout=30
    )
    assert list(again.rounds) == list(first.rounds)
    assert first.objective.sum_repeat_pairs == 18 and first.proven_optimal


@pytest.mark.rule("draw.seed.reproducible")
def test_the_work_budget_comes_from_the_requested_budget_not_the_deadline(solver):
    """A shorter deadline cuts the wall clock, never the work: the same request answers the same work
    budget (and, when the work fits, the same draw) whatever deadline the caller sets."""
    request = solver_pb2.DrawTablesRequest(players=players(12), rounds=5, table_size=4, seed=3, time_limit_seconds=2)
    long_call = solver.DrawTables(request, timeout=60)
    short_call = solver.DrawTables(request, timeout=4)
    assert long_call.work_budget == short_call.work_budget == work_for_time_limit(2, WORK_RATE)
    assert long_call.reproducible and 0 < long_call.work_used <= long_call.work_budget
    if short_call.reproducible:
        assert list(short_call.rounds) == list(long_call.rounds)
    explicit = solver.DrawTables(
        solver_pb2.DrawTablesRequest(players=players(12), rounds=5, table_size=4, seed=3, work_budget=5000), timeout=60
    )
    assert explicit.work_budget == 5000 and explicit.work_used <= 5000 + work_for_time_limit(0) // 10**6


@pytest.mark.parametrize(
    "request_, field",
    [
        (solver_pb2.DrawTablesRequest(players=players(8), rounds=4, table_size=1), "table_size"),
        (solver_pb2.DrawTablesRequest(players=players(3), rounds=4, table_size=4), "players"),
        (solver_pb2.DrawTablesRequest(players=players(10), rounds=4, table_size=4), "players"),
        (
            solver_pb2.DrawTablesRequest(players=players(7) + [solver_pb2.Player(id="p0")], rounds=4, table_size=4),
            "players[7].id",
        ),
        (solver_pb2.DrawTablesRequest(players=players(8), rounds=0, table_size=4), "rounds"),
        (
            solver_pb2.DrawTablesRequest(
                players=players(8), rounds=4, table_size=4, pins=[draws_pb2.Pin(player_id="p1", round=9, table=0)]
            ),
            "pins[0].round",
        ),
        (
            solver_pb2.DrawTablesRequest(
                players=players(8), rounds=4, table_size=4, pins=[draws_pb2.Pin(player_id="p1", round=0, table=5)]
            ),
            "pins[0].table",
        ),
        (
            solver_pb2.DrawTablesRequest(
                players=players(8), rounds=4, table_size=4, separations=[draws_pb2.Separation(player_ids=["p1", "zz"])]
            ),
            "separations[0].player_ids",
        ),
        (solver_pb2.DrawTablesRequest(players=players(8), rounds=4, table_size=4, time_limit_seconds=-1), "time_limit_seconds"),
    ],
)
def test_bad_draw_input_names_the_field(solver, request_, field):
    bad(solver.DrawTables, request_, field)


@pytest.mark.rule("mahjong.roster.multiple-of-table-size")
def test_roster_not_multiple_of_table_size_lists_organizer_options(solver):
    error = bad(solver.DrawTables, solver_pb2.DrawTablesRequest(players=players(10), rounds=4, table_size=4), "players")
    assert "add 2 reserve" in error.details() and "p8, p9" in error.details()


def test_infeasible_hard_constraints_are_a_result_naming_the_groups(solver):
    # three players who must never share a table, but only two tables per round
    r = solver.DrawTables(
        solver_pb2.DrawTablesRequest(
            players=players(8),
            rounds=2,
            table_size=4,
            separations=[draws_pb2.Separation(player_ids=["p0", "p1", "p2"])],
            time_limit_seconds=5,
        ),
        timeout=30,
    )
    assert r.status == common_pb2.SOLVE_STATUS_INFEASIBLE and not r.rounds
    assert "separations[0]" in r.conflicts


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_a_club_night_answers_who_sits_out_and_bad_counts_name_the_field(solver):
    r = solver.DrawTables(
        solver_pb2.DrawTablesRequest(
            players=players(11), rounds=4, table_size=4, seed=3, work_budget=6000, sit_out=draws_pb2.SitOut()
        ),
        timeout=30,
    )
    assert r.status in (common_pb2.SOLVE_STATUS_OPTIMAL, common_pb2.SOLVE_STATUS_FEASIBLE)
    sitting = [list(s.player_ids) for s in r.sit_outs]
    assert [len(s) for s in sitting] == [3] * 4
    for rnd, out in zip(r.rounds, sitting):
        seated = {p for t in rnd.tables for p in t.player_ids}
        assert len(seated) == 8 and not seated & set(out)
    assert max(sum(p in s for s in sitting) for p in (f"p{i}" for i in range(11))) == 2  # 12 sit-outs over 11 players
    error = bad(
        solver.DrawTables,
        solver_pb2.DrawTablesRequest(players=players(11), rounds=4, table_size=4, sit_out=draws_pb2.SitOut(per_round=2)),
        "sit_out.per_round",
    )
    assert "2 sitting out of 11 players leaves 9 playing" in error.details()
    details = error_details(error)
    assert details.reason == "SIT_OUT_COUNT_INVALID"
    assert "из 11 игроков 2 пропускают тур, играют 9" in details.texts["ru"]
    # a pin is honoured (the pinned player plays), on the tables that play: 3 sit out, tables 0 and 1
    bad(
        solver.DrawTables,
        solver_pb2.DrawTablesRequest(
            players=players(11), rounds=4, table_size=4, sit_out=draws_pb2.SitOut(), pins=[draws_pb2.Pin(player_id="p0", table=2)]
        ),
        "pins[0].table",
    )
    pinned = solver.DrawTables(
        solver_pb2.DrawTablesRequest(
            players=players(11),
            rounds=4,
            table_size=4,
            seed=3,
            work_budget=6000,
            sit_out=draws_pb2.SitOut(),
            pins=[draws_pb2.Pin(player_id="p0", round=1, table=1)],
        ),
        timeout=30,
    )
    assert "p0" in pinned.rounds[1].tables[1].player_ids and "p0" not in pinned.sit_outs[1].player_ids
