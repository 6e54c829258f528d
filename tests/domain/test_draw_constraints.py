"""Hard and soft separations, pins, fixed (played) rounds, infeasibility and seat balance."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from solver.domain.draw import solve_draw
from solver.domain.draw.objective import evaluate
from solver.domain.draw.optimize import simple_conflicts
from solver.domain.draw.problem import DrawObjective, DrawProblem, Pin, Separation, SolveStatus
from solver.domain.draw.seats import balance_seats, seat_counts, seat_imbalance
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain

P16 = tuple(f"p{i:02d}" for i in range(16))
LEAGUE = DrawProblem(players=P16, rounds=4, table_size=4, seed=3, time_limit_s=5)


def solved(problem: DrawProblem, **kw):
    result = solve_draw(problem, **kw)
    if result.draw:
        assert check_draw(problem, result.draw) == []
        assert result.objective == evaluate(problem, result.draw)
    return result


def tables_of(draw, player):
    return [next(t for t, table in enumerate(round_) if player in table) for round_ in draw]


# -- separations --------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hard_separation_keeps_a_group_apart_at_no_cost(seed):
    family = ("p00", "p01", "p02", "p03")  # as many as there are tables
    result = solved(replace(LEAGUE, separations=(Separation(family),), seed=seed), use_cpsat=False)
    for round_ in result.draw:
        assert all(len(set(family) & set(table)) <= 1 for table in round_)
    assert result.objective == DrawObjective(0, 1, 0, 0, 0) and result.proven_optimal


def test_hard_separations_in_a_big_league():
    players = tuple(f"p{i:04d}" for i in range(1000))
    teams = tuple(Separation(players[i : i + 5]) for i in range(0, 200, 5))
    result = solved(DrawProblem(players, 4, 4, separations=teams, seed=5), use_cpsat=False)
    assert result.objective == DrawObjective(0, 1, 0, 0, 0)


def test_hard_separation_larger_than_the_tables_is_infeasible():
    five = Separation(("p00", "p01", "p02", "p03", "p04"))
    result = solved(replace(LEAGUE, separations=(Separation(("p05", "p06")), five)))
    assert result.status == SolveStatus.INFEASIBLE
    assert result.conflicts == ("separations[1]",)
    assert result.draw == () and not result.proven_optimal


def test_soft_separation_pays_only_what_the_pigeonhole_forces():
    five = Separation(("p00", "p01", "p02", "p03", "p04"), weight=2)  # 5 players, 4 tables
    result = solved(replace(LEAGUE, separations=(five,)), use_cpsat=False)
    assert result.objective == DrawObjective(2 * 4, 1, 0, 0, 0)  # one pair a round
    assert result.proven_optimal


def test_soft_separation_is_kept_when_free():
    result = solved(replace(LEAGUE, separations=(Separation(("p00", "p01"), weight=1),)), use_cpsat=False)
    assert result.objective.soft_violations == 0


def test_soft_separation_outweighs_repeats():
    """Soft violations are the first term: 8 players, 2 tables -- p00 and p01 never meet even though
    that is not the way to fewest repeats."""
    problem = DrawProblem(P16[:8], 4, 4, separations=(Separation(("p00", "p01"), weight=1),), seed=2)
    result = solved(problem, use_cpsat=False)
    assert result.objective.soft_violations == 0
    assert all(a != b for a, b in zip(tables_of(result.draw, "p00"), tables_of(result.draw, "p01")))


# -- pins -------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_pins_are_respected(seed):
    pins = (Pin("p00", 0, 0), Pin("p01", 0, 0), Pin("p00", 1, 3), Pin("p05", 2, 2), Pin("p15", 3, 1))
    result = solved(replace(LEAGUE, pins=pins, seed=seed), use_cpsat=False)
    for pin in pins:
        assert pin.player in result.draw[pin.round][pin.table]
    assert result.objective == DrawObjective(0, 1, 0, 0, 0)


def test_pins_in_a_constructed_big_league():
    players = tuple(f"p{i:04d}" for i in range(400))
    pins = tuple(Pin(players[i], i % 4, i % 100) for i in range(0, 400, 7))
    result = solved(DrawProblem(players, 4, 4, pins=pins, seed=1), use_cpsat=False)
    assert all(pin.player in result.draw[pin.round][pin.table] for pin in pins)
    assert result.objective == DrawObjective(0, 1, 0, 0, 0)


@pytest.mark.parametrize(
    "change, conflicts",
    [
        (dict(pins=(Pin("p00", 0, 0), Pin("p00", 0, 1))), ("pins[0]", "pins[1]")),
        (dict(pins=tuple(Pin(f"p0{i}", 1, 2) for i in range(5))), tuple(f"pins[{i}]" for i in range(5))),
        (
            dict(pins=(Pin("p00", 0, 0), Pin("p01", 0, 0)), separations=(Separation(("p00", "p01")),)),
            ("pins[0]", "pins[1]", "separations[0]"),
        ),
        (dict(fixed_rounds=((P16[:4], P16[4:8], P16[8:12], P16[12:]),), pins=(Pin("p00", 0, 1),)), ("pins[0]", "fixed_rounds")),
        (
            dict(fixed_rounds=((P16[:4], P16[4:8], P16[8:12], P16[12:]),), separations=(Separation(("p00", "p03")),)),
            ("separations[0]", "fixed_rounds"),
        ),
    ],
)
def test_simple_infeasibility_is_named_without_a_solver(change, conflicts):
    problem = replace(LEAGUE, **change)
    assert simple_conflicts(problem) == conflicts
    result = solved(problem)
    assert result.status == SolveStatus.INFEASIBLE and result.conflicts == conflicts


@pytest.mark.slow  # the search runs to its budget before CP-SAT proves the conflict
def test_harder_infeasibility_is_left_to_the_search_and_cp_sat():
    """A triangle of pairwise separations needs three tables; there are two."""
    players = P16[:8]
    triangle = (Separation(("p00", "p01")), Separation(("p01", "p02")), Separation(("p00", "p02")))
    problem = DrawProblem(players, 2, 4, separations=triangle, time_limit_s=3)
    assert simple_conflicts(problem) == ()
    result = solved(problem)
    assert result.draw == ()
    assert result.status in (SolveStatus.INFEASIBLE, SolveStatus.UNKNOWN)  # UNKNOWN without cp-sat
    if result.status == SolveStatus.INFEASIBLE:
        assert set(result.conflicts) <= {"separations[0]", "separations[1]", "separations[2]"}


# -- fixed rounds -----------------------------------------------------------------------------


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_fixed_rounds_are_kept_verbatim_and_counted():
    played = tuple(tuple(P16[i : i + 4] for i in range(0, 16, 4)) for _ in range(2))  # the same round twice
    result = solved(replace(LEAGUE, fixed_rounds=played), use_cpsat=False)
    assert result.draw[:2] == played
    assert result.objective.max_meetings == 2  # the played repeats count
    assert result.objective.sum_repeat_pairs == 24  # ... and nothing more was added
    assert result.proven_optimal


def test_fixed_round_then_zero_repeats():
    first = solved(LEAGUE, use_cpsat=False)
    result = solved(replace(LEAGUE, fixed_rounds=first.draw[:1], seed=9), use_cpsat=False)
    assert result.draw[0] == first.draw[0]
    assert result.objective == DrawObjective(0, 1, 0, 0, 0)


def test_all_rounds_played_returns_them():
    played = tuple(tuple(P16[i : i + 4] for i in range(0, 16, 4)) for _ in range(4))
    result = solved(replace(LEAGUE, fixed_rounds=played), use_cpsat=False)
    assert result.draw == played and result.objective.max_meetings == 4 and result.proven_optimal


# -- seat balance -----------------------------------------------------------------------------


@pytest.mark.rule("draw.seats.seat-balance-option")
@pytest.mark.parametrize("n, k", [(16, 4), (12, 4), (9, 3), (64, 8), (10, 2)])
def test_seat_balance_with_as_many_rounds_as_seats_seats_everyone_once_per_seat(n, k):
    problem = DrawProblem(tuple(f"p{i}" for i in range(n)), k, k, seat_balance=True, seed=4, time_limit_s=2)
    result = solved(problem, use_cpsat=False)
    assert result.seat_imbalance == 0
    assert all(counts == [1] * k for counts in seat_counts(result.draw, k).values())


@pytest.mark.rule("mahjong.draw.no-seat-winds")
def test_seat_balance_is_off_by_default_and_within_one_otherwise():
    assert solved(LEAGUE, use_cpsat=False).seat_imbalance is None  # mahjong.draw.no-seat-winds
    result = solved(replace(LEAGUE, rounds=5, seat_balance=True), use_cpsat=False)
    assert result.seat_imbalance == 1


@pytest.mark.rule("draw.seats.seat-balance-option")
def test_seat_balance_keeps_played_rounds_and_tables():
    played = (tuple(P16[i : i + 4] for i in range(0, 16, 4)),)
    first = solved(replace(LEAGUE, fixed_rounds=played), use_cpsat=False)
    balanced = balance_seats(first.draw, 4, fixed_rounds=1)
    assert check_draw(replace(LEAGUE, fixed_rounds=played), balanced) == []
    assert balanced[0] == played[0]
    for before, after in zip(first.draw, balanced):
        assert [set(t) for t in before] == [set(t) for t in after]
    # Played seats can make 0 impossible (four players who all sat in seat 0 may share a table).
    assert seat_imbalance(balanced, 4) <= min(2, seat_imbalance(first.draw, 4))


@pytest.mark.rule("draw.seats.seat-balance-option")
def test_seat_balance_for_many_rounds_differs_by_at_most_one():
    problem = DrawProblem(P16[:8], 7, 2, seed=1)
    draw = solved(problem, use_cpsat=False).draw
    balanced = balance_seats(draw, 2)
    assert check_draw(problem, balanced) == []
    assert seat_imbalance(balanced, 2) == 1  # 7 rounds over 2 seats
    for counts in seat_counts(balanced, 2).values():
        assert sorted(counts) == [3, 4]
    assert all(len(set(a) & set(b)) == 2 for r1, r2 in zip(draw, balanced) for a, b in zip(r1, r2))


def test_every_pair_of_a_constrained_draw_is_checked():
    """check_draw agrees with the separation rule pair by pair."""
    group = ("p00", "p04", "p08", "p12")
    result = solved(replace(LEAGUE, separations=(Separation(group),)), use_cpsat=False)
    for round_ in result.draw:
        for a, b in combinations(group, 2):
            assert not any(a in t and b in t for t in round_)
