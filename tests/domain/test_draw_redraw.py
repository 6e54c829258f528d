"""Redraws (discard-league-2026 §6.1: withdrawals and substitutes): played rounds kept, fewest players
moved among equally good draws, and the organizer's diff."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solver.domain.draw import solve_draw
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import DrawObjective, DrawProblem, Pin, Separation, SolveStatus
from solver.domain.draw.redraw import draw_diff, players_moved, players_moved_lower_bound, previous_as_start
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain

P16 = tuple(f"p{i:02d}" for i in range(16))
LEAGUE = DrawProblem(players=P16, rounds=4, table_size=4, seed=3, time_limit_s=4)


def solved(problem: DrawProblem, **kw):
    result = solve_draw(problem, **kw)
    assert check_draw(problem, result.draw) == []
    assert result.objective == evaluate(problem, result.draw)
    return result


OLD = ((("a", "b"), ("c", "d")), (("a", "c"), ("b", "d")))
NEW = ((("a", "b"), ("c", "d")), (("b", "d"), ("a", "c")))  # round 1: same pairs, table numbers swapped


@pytest.mark.rule("draw.redraw.fewest-players-moved")
def test_players_moved_counts_table_number_changes():
    assert players_moved(OLD, OLD) == 0
    assert players_moved(OLD, NEW) == 4
    assert players_moved(OLD, NEW, from_round=2) == 0
    # seat order inside a table is not a move; a newcomer is not a move
    assert players_moved(OLD, ((("b", "a"), ("c", "x")), OLD[1])) == 0


@pytest.mark.rule("draw.redraw.fewest-players-moved")
def test_draw_diff_lists_the_movers_round_by_round():
    assert draw_diff(OLD, NEW) == [(0, []), (1, ["a", "b", "c", "d"])]


@pytest.mark.rule("mahjong.draw.newcomer-takes-departed-seat")
def test_previous_as_start_seats_a_substitute_in_the_withdrawn_players_place():
    previous = solved(LEAGUE, use_cpsat=False).draw
    roster = tuple("sub" if p == "p03" else p for p in P16)
    problem = replace(LEAGUE, players=roster, previous=previous)
    start = previous_as_start(problem)
    assert check_draw(problem, start) == []
    for old_round, new_round in zip(previous, start):
        for old_table, new_table in zip(old_round, new_round):
            assert new_table == tuple("sub" if p == "p03" else p for p in old_table)


@pytest.mark.rule("mahjong.draw.newcomer-takes-departed-seat")
def test_withdrawal_replaced_by_a_substitute_moves_nobody():
    previous = solved(LEAGUE, use_cpsat=False).draw
    roster = tuple("sub" if p == "p03" else p for p in P16)
    redraw = replace(LEAGUE, players=roster, previous=previous)
    result = solved(redraw, use_cpsat=False)
    assert result.players_moved == 0
    assert result.objective == DrawObjective(0, 1, 0, 0, 0)
    assert result.proven_optimal
    fresh = solved(replace(redraw, previous=None, seed=11), use_cpsat=False)
    assert players_moved(previous, fresh.draw) > result.players_moved


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
@pytest.mark.parametrize("seed", [1, 2])
def test_redraw_after_a_played_round_keeps_it_and_moves_few(seed):
    """Round 0 was played; two players who meet in round 1 turn out to be family (hard separation)."""
    previous = solved(replace(LEAGUE, seed=seed), use_cpsat=False).draw
    a, b = previous[1][0][:2]
    redraw = replace(LEAGUE, seed=seed, fixed_rounds=previous[:1], previous=previous, separations=(Separation((a, b)),))
    result = solved(redraw, use_cpsat=False)
    assert result.draw[0] == previous[0]
    assert result.objective == DrawObjective(0, 1, 0, 0, 0)
    # One of the pair leaves, someone takes the seat: 2 moves at least (players_moved_lower_bound);
    # exchanging whole schedules reaches it.
    assert result.players_moved == 2 and result.proven_optimal
    fresh = solved(replace(redraw, previous=None), use_cpsat=False)
    assert players_moved(previous, fresh.draw, from_round=1) > result.players_moved
    moved = {p for _, players in draw_diff(previous, result.draw) for p in players}
    assert len(moved) == result.players_moved
    assert result.status in (SolveStatus.OPTIMAL, SolveStatus.FEASIBLE)


@pytest.mark.slow  # the search runs to its share of the 2 s budget
def test_redraw_with_reserves_added_grows_the_tables():
    previous = solved(LEAGUE, use_cpsat=False).draw
    roster = P16 + ("r1", "r2", "r3", "r4")  # four reserves join: a fifth table
    result = solved(replace(LEAGUE, players=roster, previous=previous, time_limit_s=2), use_cpsat=False)
    assert len(result.draw[0]) == 5
    assert result.objective == DrawObjective(0, 1, 0, 0, 0)
    assert result.players_moved is not None and result.players_moved < 16


def test_a_fresh_draw_reports_no_moves():
    assert solved(LEAGUE, use_cpsat=False).players_moved is None


@pytest.mark.rule("draw.redraw.fewest-players-moved")
def test_players_moved_lower_bound():
    previous = tuple(tuple(P16[i : i + 4] for i in range(0, 16, 4)) for _ in range(4))
    redraw = replace(LEAGUE, previous=previous)
    assert players_moved_lower_bound(LEAGUE) == 0  # not a redraw
    assert players_moved_lower_bound(redraw) == 0
    # a separated pair sharing a previous table: one leaves, somebody takes the seat
    assert players_moved_lower_bound(replace(redraw, separations=(Separation(("p00", "p01")),))) == 2
    # two disjoint such pairs, and a pin away from the previous table
    two_pairs = (Separation(("p00", "p01")), Separation(("p04", "p05")))
    assert players_moved_lower_bound(replace(redraw, separations=two_pairs, pins=(Pin("p08", 1, 0),))) == 3
    # soft separations force nothing
    assert players_moved_lower_bound(replace(redraw, separations=(Separation(("p00", "p01"), weight=1),))) == 0
    # with a newcomer the seat may go to the newcomer: no "at least two"
    roster = tuple("new" if p == "p15" else p for p in P16)
    assert players_moved_lower_bound(replace(redraw, players=roster, separations=(Separation(("p00", "p01")),))) == 1
