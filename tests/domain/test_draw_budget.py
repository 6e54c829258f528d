"""The time budget holds (docs/rules.md ``draw.budget.holds``): every step after the searches is
bounded, CP-SAT is only tried when its model is quick to build for the work budget, ``rondo draw``
counts its own start, and none of it moves the draw: the rules depend on sizes and the work budget
only, never on the clock or the time limit. No test here asserts a wall-clock time."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from solver.domain.draw import solve_draw
from solver.domain.draw.local_search import random_draw
from solver.domain.draw.optimize import default_search_config, finishing_reserve
from solver.domain.draw.problem import DrawProblem
from solver.domain.draw.round_order import _held_karp, _path_cost, shared_pairs
from solver.domain.draw.work import cpsat_model_fits, work_for_time_limit
from solver.offline import draw_report, process_age_s

pytestmark = [pytest.mark.domain, pytest.mark.rule("draw.budget.holds")]


def league(n: int, rounds: int, k: int, **kw) -> DrawProblem:
    return DrawProblem(players=tuple(f"p{i:02d}" for i in range(n)), rounds=rounds, table_size=k, **kw)


def test_the_finishing_reserve_is_a_small_share_of_the_budget():
    assert finishing_reserve(league(8, 2, 4, time_limit_s=3)) == pytest.approx(0.12)
    assert finishing_reserve(league(8, 2, 4, time_limit_s=60)) == pytest.approx(0.25)
    # seat balance colours every seat: its share grows with the seats, never past half the budget
    assert finishing_reserve(league(1000, 4, 4, time_limit_s=3, seat_balance=True)) == pytest.approx(0.12 + 0.08)
    assert finishing_reserve(league(10_000, 40, 4, time_limit_s=3, seat_balance=True)) == pytest.approx(1.5)


def test_cpsat_is_tried_only_when_its_model_is_quick_to_build_for_the_work_budget():
    three_seconds = work_for_time_limit(3)
    assert cpsat_model_fits(league(24, 10, 4), three_seconds)  # 16 560 meeting clauses
    assert not cpsat_model_fits(league(64, 4, 4), three_seconds)  # 129 024: seconds of Python
    assert cpsat_model_fits(league(64, 4, 4), work_for_time_limit(20))
    # the same sizes and work budget, whatever the time limit
    assert cpsat_model_fits(league(24, 10, 4, time_limit_s=0.5), three_seconds)


def test_the_search_follows_the_work_budget_not_the_time_limit():
    """A nearer deadline (the service) or another safety cut (``rondo draw --verify``) must not
    change the search: the stall budget comes from the work budget."""
    short = league(20, 10, 4, seed=3, time_limit_s=60, work_budget=30_000)
    long = league(20, 10, 4, seed=3, time_limit_s=600, work_budget=30_000)
    assert default_search_config(short) == default_search_config(long)
    a, b = solve_draw(short), solve_draw(long)
    assert a.reproducible and b.reproducible
    assert a.draw == b.draw and a.work_used == b.work_used


@pytest.mark.parametrize("rounds", [5, 7])
def test_the_exact_reordering_is_the_shortest_path(rounds):
    problem = league(12, rounds, 3)
    draw = random_draw(problem, random.Random(rounds))
    shared = shared_pairs(draw)
    best = min(_path_cost(shared, None, list(order)) for order in permutations(range(rounds)))
    order = _held_karp(shared, None, list(range(rounds)))
    assert sorted(order) == list(range(rounds)) and _path_cost(shared, None, order) == best
    after_first = _held_karp(shared, 0, list(range(1, rounds)))
    assert _path_cost(shared, 0, after_first) == min(_path_cost(shared, 0, list(o)) for o in permutations(range(1, rounds)))


def test_rondo_draw_counts_its_own_start_but_keeps_the_work_budget():
    assert process_age_s() > 0  # this test process has lived a while
    counted = draw_report(16, 5, 4, seed=4, time_limit=3, count_process_start=True)
    plain = draw_report(16, 5, 4, seed=4, time_limit=3)
    assert counted["work_budget"] == plain["work_budget"] == work_for_time_limit(3)
    assert counted["rounds_drawn"] == plain["rounds_drawn"]  # a construction: nothing left to cut
    assert counted["reproducible"] and counted["status"] == "OPTIMAL"
