"""The machine's work rate turns a time budget into a work budget (docs/rules.md ``draw.seed.reproducible``):
a pure conversion that takes the rate as a parameter, a calibration rule that stays within its bounds
whatever was measured, and an exchange for CP-SAT that travels with the budget, so a draw made at one
rate re-runs the same at any other; two amounts of work give the rate's slope and a run's fixed
overhead, which buys no work and never travels with a draw."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rondo_runtime.errors import InvalidArgument
from solver.domain.draw import solve_draw
from solver.domain.draw.problem import DrawProblem
from solver.domain.draw.validate import validate_problem
from solver.domain.draw.work import (
    CALIBRATION_SAFETY,
    MAX_CPSAT_SECONDS_PER_UNIT,
    MAX_OVERHEAD_S,
    MAX_UNITS_PER_SECOND,
    MIN_UNITS_PER_SECOND,
    REFERENCE_UNITS_PER_SECOND,
    RateLine,
    WorkRate,
    calibrated_rate,
    cpsat_deterministic_seconds,
    rate_line,
    work_for_time_limit,
    work_of_cpsat,
)
from solver.service import draw_budget

pytestmark = [pytest.mark.domain, pytest.mark.rule("draw.seed.reproducible")]

SAFETY_CUT_S = 600.0  # the wall clock never decides these draws: only their work budgets do


def test_the_time_budget_becomes_work_at_the_given_rate():
    assert work_for_time_limit(10, 40_000) == 400_000
    assert work_for_time_limit(10, 160_000) == 4 * work_for_time_limit(10, 40_000)
    assert work_for_time_limit(10) == 10 * REFERENCE_UNITS_PER_SECOND  # no rate known: the reference one
    assert work_for_time_limit(0.00001, 40_000) == 1  # never an empty budget


def test_the_calibrated_rate_is_the_measured_one_times_the_safety_factor():
    rate = calibrated_rate(200_000, 1.0)
    assert rate.units_per_second == 200_000 * CALIBRATION_SAFETY
    # CP-SAT measured 1.0 deterministic second a second: a unit is worth 1.0 / 200 000 of them (safety on both)
    assert rate.cpsat_seconds_per_unit == pytest.approx(1.0 * CALIBRATION_SAFETY / rate.units_per_second)
    slow = calibrated_rate(10_000, 0.01)  # a machine slower than the floor: the floor
    assert slow.units_per_second == MIN_UNITS_PER_SECOND
    assert calibrated_rate(10**12, 10**6).units_per_second == MAX_UNITS_PER_SECOND


def test_a_missing_or_broken_measurement_counts_as_the_slowest():
    for broken in (0.0, -5.0, math.nan, math.inf):
        assert calibrated_rate(broken, 0.5).units_per_second == MIN_UNITS_PER_SECOND
    # no CP-SAT measurement (OR-Tools not installed): the reference exchange
    assert calibrated_rate(100_000, 0.0) == WorkRate(50_000, 0.0)
    assert calibrated_rate(100_000, math.nan) == WorkRate(50_000, 0.0)


@given(st.floats(allow_nan=True, allow_infinity=True), st.floats(allow_nan=True, allow_infinity=True))
def test_whatever_was_measured_the_rate_is_within_its_bounds_and_a_valid_exchange(search, cpsat):
    rate = calibrated_rate(search, cpsat)
    assert MIN_UNITS_PER_SECOND <= rate.units_per_second <= MAX_UNITS_PER_SECOND
    assert 0.0 <= rate.cpsat_seconds_per_unit <= MAX_CPSAT_SECONDS_PER_UNIT
    problem = DrawProblem(
        players=("a", "b", "c", "d"), rounds=1, table_size=4, cpsat_seconds_per_unit=rate.cpsat_seconds_per_unit
    )
    validate_problem(problem)  # what calibration gives, a request may carry


def test_the_reference_exchange_is_computed_as_draws_always_were():
    # older certificates have no exchange: 0.0 must spend exactly what their draws spent
    for work in (1, 7, 123_457, 400_000):
        assert cpsat_deterministic_seconds(work) == work / 40_000 * 0.25
    assert work_of_cpsat(0.5) == 80_000
    assert cpsat_deterministic_seconds(10_000, 2e-5) == pytest.approx(0.2)
    assert work_of_cpsat(0.2, 2e-5) == 10_000


@pytest.mark.parametrize("exchange", [-1e-6, math.nan, math.inf, MAX_CPSAT_SECONDS_PER_UNIT * 2])
def test_a_bad_cpsat_exchange_is_refused_naming_its_field(exchange):
    problem = DrawProblem(players=("a", "b", "c", "d"), rounds=1, table_size=4, cpsat_seconds_per_unit=exchange)
    with pytest.raises(InvalidArgument) as error:
        validate_problem(problem)
    assert [v.field for v in error.value.violations] == ["cpsat_deterministic_seconds_per_unit"]
    assert "CP-SAT deterministic seconds per work unit" in error.value.violations[0].description


# 12 players, 6 rounds, tables of 3: over-full and the bound is not reached, so the tabu search and
# CP-SAT both run to their share of the work budget (the exchange matters).
TWELVE = DrawProblem(players=tuple(f"p{i:02d}" for i in range(12)), rounds=6, table_size=3, seed=1)
SLOW = WorkRate(8_000, 1e-5)
FAST = WorkRate(4 * SLOW.units_per_second, 4 * SLOW.cpsat_seconds_per_unit)


def test_the_service_turns_the_budget_into_work_at_its_rate_and_keeps_a_given_budget():
    slow, fast = draw_budget(TWELVE, 1.0, SLOW), draw_budget(TWELVE, 1.0, FAST)
    assert (slow.work_budget, slow.cpsat_seconds_per_unit) == (8_000, 1e-5)
    assert fast.work_budget == 4 * slow.work_budget  # the faster machine does four times the work in 1 s
    recorded = replace(TWELVE, work_budget=slow.work_budget, cpsat_seconds_per_unit=slow.cpsat_seconds_per_unit)
    assert draw_budget(recorded, 1.0, FAST) == replace(recorded, time_limit_s=1.0)  # a given budget is never re-rated
    explicit = draw_budget(replace(TWELVE, work_budget=5_000), 1.0, FAST)
    assert (explicit.work_budget, explicit.cpsat_seconds_per_unit) == (5_000, 0.0)  # with the reference exchange


def test_a_draw_made_at_one_rate_re_runs_the_same_on_a_machine_four_times_faster():
    made = solve_draw(replace(draw_budget(TWELVE, 1.0, SLOW), time_limit_s=SAFETY_CUT_S))
    assert made.reproducible and made.search_work_used > 0 and made.cpsat_deterministic_s_used > 0  # both searched
    assert made.cpsat_seconds_per_unit == SLOW.cpsat_seconds_per_unit
    assert made.work_used <= made.work_budget == SLOW.units_per_second
    # the faster machine, given the recorded units (the certificate's request), draws the same tables
    recorded = replace(TWELVE, work_budget=made.work_budget, cpsat_seconds_per_unit=made.cpsat_seconds_per_unit)
    again = solve_draw(replace(draw_budget(recorded, 1.0, FAST), time_limit_s=SAFETY_CUT_S))
    assert again.draw == made.draw and again.reproducible
    assert (again.work_used, again.search_work_used) == (made.work_used, made.search_work_used)
    assert again.cpsat_deterministic_s_used == made.cpsat_deterministic_s_used


# --- the rate's slope: two amounts of work separate a run's fixed overhead from its per-unit rate


@given(
    st.floats(1.0, 1e7),  # the machine's slope, work per second
    st.floats(0.0, 1.5),  # a run's fixed overhead, seconds
    st.floats(1.0, 1e6),  # the small amount of work
    st.floats(1.5, 10.0),  # how many times larger the large one is
)
def test_two_runs_give_back_the_line_of_any_machine(slope, overhead, small, ratio):
    large = small * ratio
    line = rate_line(small, overhead + small / slope, large, overhead + large / slope)
    assert line.per_second == pytest.approx(slope, rel=1e-6)
    assert line.overhead_s == pytest.approx(overhead, abs=1e-6 * (1 + overhead + large / slope))


def test_one_measurement_mixes_the_overhead_into_the_rate_two_do_not():
    # 0.4 s of start-up, then 100 000 units a second: 6 000 units take 0.46 s, 2 000 take 0.42 s
    line = rate_line(2_000, 0.42, 6_000, 0.46)
    assert line.per_second == pytest.approx(100_000) and line.overhead_s == pytest.approx(0.4)
    assert 6_000 / 0.46 < 14_000  # what the single run said: seven times too slow


def test_runs_that_make_no_line_fall_back_to_the_large_runs_average():
    assert rate_line(2_000, 0.5, 6_000, 0.3) == RateLine(6_000 / 0.3)  # the small run paused: no slope
    assert rate_line(2_000, 0.01, 6_000, 0.3) == RateLine(6_000 / 0.3)  # a negative overhead: noise
    assert rate_line(6_000, 0.3, 6_000, 0.3) == RateLine(6_000 / 0.3)  # the same amount twice
    assert rate_line(0.0, 0.0, 6_000, 0.3) == RateLine(6_000 / 0.3)  # no small run (OR-Tools measured once)
    assert rate_line(0.0, 0.0, 6_000, 2.2e-309) == RateLine(0.0)  # a vanishing time: an infinite rate is none
    for broken in (0.0, -1.0, math.nan, math.inf):
        assert rate_line(2_000, 0.1, broken, 0.3) == RateLine(0.0)
        assert rate_line(2_000, 0.1, 6_000, broken) == RateLine(0.0)


@given(st.floats(allow_nan=True, allow_infinity=True), st.floats(allow_nan=True, allow_infinity=True), st.floats())
def test_whatever_two_runs_measured_the_line_is_a_usable_rate(small_s, large_s, small):
    line = rate_line(small, small_s, 6_000, large_s)
    assert line.per_second >= 0 and math.isfinite(line.per_second)
    assert 0 <= line.overhead_s <= MAX_OVERHEAD_S
    rate = calibrated_rate(line.per_second, 0.2, overhead_s=line.overhead_s)
    assert MIN_UNITS_PER_SECOND <= rate.units_per_second <= MAX_UNITS_PER_SECOND
    assert 0 <= rate.overhead_s <= MAX_OVERHEAD_S


def test_a_time_budget_buys_the_work_left_after_the_overhead():
    assert work_for_time_limit(10, 40_000, overhead_s=0.5) == 380_000
    assert work_for_time_limit(0.4, 40_000, overhead_s=0.5) == 8_000  # at most half a short budget is overhead
    assert work_for_time_limit(10, 40_000, overhead_s=-3) == work_for_time_limit(10, 40_000)
    assert calibrated_rate(100_000, 0.0, overhead_s=0.3) == WorkRate(50_000, 0.0, 0.3)
    assert calibrated_rate(100_000, 0.0, overhead_s=math.nan).overhead_s == 0.0
    assert calibrated_rate(100_000, 0.0, overhead_s=60.0).overhead_s == MAX_OVERHEAD_S


def test_a_draw_budgeted_on_a_machine_with_overhead_re_runs_from_its_units_on_one_without():
    slow_start = WorkRate(SLOW.units_per_second, SLOW.cpsat_seconds_per_unit, overhead_s=0.25)
    budgeted = draw_budget(TWELVE, 1.0, slow_start)
    assert budgeted.work_budget == round(0.75 * SLOW.units_per_second)  # the overhead buys no work
    made = solve_draw(replace(budgeted, time_limit_s=SAFETY_CUT_S))
    assert made.reproducible
    recorded = replace(TWELVE, work_budget=made.work_budget, cpsat_seconds_per_unit=made.cpsat_seconds_per_unit)
    again = solve_draw(replace(draw_budget(recorded, 1.0, FAST), time_limit_s=SAFETY_CUT_S))
    assert again.draw == made.draw and again.work_used == made.work_used  # the overhead never travels
