"""The machine's work rate turns a time budget into a work budget (docs/rules.md ``draw.seed.reproducible``):
a pure conversion that takes the rate as a parameter, a calibration rule that stays within its bounds
whatever was measured, and an exchange for CP-SAT that travels with the budget, so a draw made at one
rate re-runs the same at any other."""

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
    MAX_UNITS_PER_SECOND,
    MIN_UNITS_PER_SECOND,
    REFERENCE_UNITS_PER_SECOND,
    WorkRate,
    calibrated_rate,
    cpsat_deterministic_seconds,
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
