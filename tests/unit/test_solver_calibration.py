"""The solver measures its machine's work rate at start-up (solver/calibration.py; docs/rules.md
``draw.seed.reproducible``): the rate is within its bounds, ``RONDO_SOLVER_WORK_UNITS_PER_SECOND``
overrides it, and it is exported as gauges and logged. No assertion here depends on how fast the
machine is: only on the bounds the measurement is kept in."""

from __future__ import annotations

import logging
import math

import pytest
from prometheus_client import REGISTRY

from rondo_runtime.config import Settings
from solver.calibration import RUNS, _runs, calibrate, default_calibration, machine_calibration, measured_line
from solver.domain.draw.work import (
    MAX_CPSAT_SECONDS_PER_UNIT,
    MAX_OVERHEAD_S,
    MAX_UNITS_PER_SECOND,
    MIN_UNITS_PER_SECOND,
    WorkRate,
)
from solver.service import SolverService

pytestmark = [pytest.mark.unit, pytest.mark.rule("draw.seed.reproducible")]


def gauge(name: str, labels: dict[str, str] | None = None) -> float | None:
    return REGISTRY.get_sample_value(name, labels)


def test_the_measured_rate_is_within_its_bounds_and_exported(caplog):
    with caplog.at_level(logging.INFO, logger="rondo.solver"):
        measured = calibrate()
    assert measured.source == "measured"
    assert measured.search_units_per_s > 0 and measured.cpsat_deterministic_s_per_s > 0
    assert MIN_UNITS_PER_SECOND <= measured.rate.units_per_second <= MAX_UNITS_PER_SECOND
    assert 0 < measured.rate.cpsat_seconds_per_unit <= MAX_CPSAT_SECONDS_PER_UNIT
    assert gauge("rondo_solver_work_units_per_second") == measured.rate.units_per_second
    assert gauge("rondo_solver_cpsat_deterministic_seconds_per_unit") == measured.rate.cpsat_seconds_per_unit
    assert gauge("rondo_solver_calibration_search_units_per_second") == measured.search_units_per_s
    # two amounts of each search: the slopes above, and each run's fixed overhead apart from them
    assert 0 <= measured.search_overhead_s <= MAX_OVERHEAD_S and 0 <= measured.cpsat_overhead_s <= MAX_OVERHEAD_S
    assert gauge("rondo_solver_calibration_overhead_seconds", {"search": "cp-sat"}) == measured.cpsat_overhead_s
    assert gauge("rondo_solver_calibration_overhead_seconds", {"search": "tabu"}) == measured.search_overhead_s
    assert 0 <= measured.rate.overhead_s <= MAX_OVERHEAD_S
    logged = [r for r in caplog.records if r.getMessage() == "solver work rate"]
    assert logged and logged[-1].work_units_per_second == measured.rate.units_per_second
    assert logged[-1].source == "measured"


def test_a_busy_machine_measures_fewer_times_but_at_least_once():
    calls: list[int] = []

    def measure() -> float:
        calls.append(1)
        return 1.0

    assert _runs(measure, stop_by=0.0) == [1.0]  # past its time already: one run
    assert _runs(measure, stop_by=math.inf) == [1.0] * RUNS
    assert len(calls) == 1 + RUNS


def test_the_line_goes_through_the_medians_of_the_small_and_the_large_runs():
    """A machine with 0.2 s of start-up doing 50 000 units a second, one run of each size slowed by a
    pause: the medians ignore it and the line gives the slope and the overhead."""
    small = iter([(1_000, 0.22), (1_000, 0.9), (1_000, 0.22)])
    large = iter([(5_000, 0.30), (5_000, 0.30), (5_000, 2.0)])
    line = measured_line(lambda: next(large), lambda: next(small), stop_by=math.inf)
    assert line.per_second == pytest.approx(50_000) and line.overhead_s == pytest.approx(0.2)


def test_the_setting_overrides_the_measurement():
    set_ = calibrate(override=123_456)
    assert set_.rate == WorkRate(123_456, 0.0) and set_.source == "setting"
    assert set_.search_units_per_s == 0.0  # nothing was measured
    assert gauge("rondo_solver_work_units_per_second") == 123_456
    assert default_calibration().rate == WorkRate()


def test_the_service_takes_its_rate_from_the_settings_once_per_process():
    service = SolverService.from_settings(Settings(solver_workers=1, solver_work_units_per_second=654_321))
    assert service.rate == WorkRate(654_321)
    assert machine_calibration(654_321) is machine_calibration(654_321)  # measured (or set) once
    assert SolverService(workers=1).rate == WorkRate()  # built without settings: the reference rate


@pytest.mark.parametrize(
    ("raw", "expected"),
    [(None, 0), ("0", 0), ("250000", 250_000), (" 1000 ", 1_000)],
)
def test_the_work_rate_setting_is_read(raw, expected):
    environ = {} if raw is None else {"RONDO_SOLVER_WORK_UNITS_PER_SECOND": raw}
    assert Settings.from_env(environ).solver_work_units_per_second == expected


@pytest.mark.parametrize(("raw", "says"), [("999", "at least 1000"), ("-1", "between"), ("fast", "integer"), ("1e9", "integer")])
def test_a_bad_work_rate_setting_names_the_variable(raw, says):
    with pytest.raises(ValueError, match="RONDO_SOLVER_WORK_UNITS_PER_SECOND") as error:
        Settings.from_env({"RONDO_SOLVER_WORK_UNITS_PER_SECOND": raw})
    assert says in str(error.value)
