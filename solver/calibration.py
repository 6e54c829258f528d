"""The machine's work rate, measured once when the solver starts (docs/rules.md ``draw.seed.reproducible``;
solver/domain/draw/work.py says what a work unit is).

A draw's time budget becomes a work budget at the rate this machine does work: a short fixed tabu
search and a short fixed CP-SAT solve, each at two amounts of work (each run ``RUNS`` times, the
median kept: a stray pause on a shared machine does not decide it), measure the line of wall seconds
against work (``work.rate_line``): its slope is the tabu work units per second and the CP-SAT
deterministic seconds per second once a run is going, its intercept the run's fixed overhead (start-up,
model, presolve), which a single measurement would have mixed into the rate. ``work.calibrated_rate``
makes one rate of the slopes (the slower, times a safety factor, within bounds) and keeps the
overheads as the seconds a time budget loses before its work counts. ``RONDO_SOLVER_WORK_UNITS_PER_SECOND`` overrides the measurement (a fleet
that wants the same budget on every replica, or a test). The measurement is machine-dependent by
design; what it decides -- the work budget -- is recorded with every draw, so a re-run needs only the
budget, never the rate.
"""

from __future__ import annotations

import functools
import logging
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from prometheus_client import Gauge

from solver.domain.draw.bounds import lexicographic_lower_bound
from solver.domain.draw.local_search import SearchConfig, improve, random_draw
from solver.domain.draw.problem import DrawProblem
from solver.domain.draw.work import RateLine, WorkRate, calibrated_rate, rate_line

T = TypeVar("T")

log = logging.getLogger("rondo.solver")

RUNS = 3
# On a machine so busy that measuring takes longer than this, fewer runs are made (at least one of
# each): measuring never costs a start-up (or an offline draw's budget) more than a few seconds.
MAX_SECONDS = 1.5
# The tabu search: 40 players x 10 rounds at tables of 4 from a random draw (far from its bound, so
# it spends its whole allowance), 6 000 units a run (0.15 s at the reference rate).
SEARCH_PROBLEM = DrawProblem(players=tuple(f"c{i:02d}" for i in range(40)), rounds=10, table_size=4, seed=0, time_limit_s=60.0)
SEARCH_UNITS = 6_000
SEARCH_UNITS_SMALL = 2_000  # the second amount: the line through both gives the overhead
# CP-SAT: the draw model of 16 players x 6 rounds at tables of 4 (2 880 meeting clauses, quick to
# build), minimizing the repeated pairs, 0.04 deterministic seconds a run on one worker (short runs
# read slower than long ones: CP-SAT's start-up counts little deterministic time; the safety factor
# covers it).
CPSAT_PROBLEM = DrawProblem(players=tuple(f"c{i:02d}" for i in range(16)), rounds=6, table_size=4, seed=0, time_limit_s=60.0)
CPSAT_DETERMINISTIC_S = 0.04
CPSAT_DETERMINISTIC_S_SMALL = 0.01

RATE = Gauge(
    "rondo_solver_work_units_per_second",
    "Work units per second of time budget: how a draw's time budget becomes its work budget on this solver.",
)
CPSAT_PER_UNIT = Gauge(
    "rondo_solver_cpsat_deterministic_seconds_per_unit",
    "CP-SAT deterministic seconds per work unit draws use on this solver (0: the reference exchange).",
)
MEASURED_SEARCH = Gauge(
    "rondo_solver_calibration_search_units_per_second",
    "Tabu-search work units per second measured at start-up (0: not measured, the rate was set).",
)
MEASURED_CPSAT = Gauge(
    "rondo_solver_calibration_cpsat_deterministic_seconds_per_second",
    "CP-SAT deterministic seconds per second measured at start-up, one worker (0: not measured).",
)
MEASURED_OVERHEAD = Gauge(
    "rondo_solver_calibration_overhead_seconds",
    "A run's fixed wall seconds measured at start-up (the intercept of work against time), by search.",
    ["search"],
)


@dataclass(frozen=True)
class Calibration:
    """The rate draws use and what it came from."""

    rate: WorkRate
    source: str  # "measured", "setting" or "default"
    search_units_per_s: float = 0.0  # the slope: units per second once the search is going
    cpsat_deterministic_s_per_s: float = 0.0  # the slope: deterministic seconds per second, one worker
    seconds: float = 0.0  # what measuring took
    search_overhead_s: float = 0.0  # a search run's fixed wall seconds (the line's intercept)
    cpsat_overhead_s: float = 0.0  # a CP-SAT run's fixed wall seconds (model, presolve)


Run = tuple[float, float]  # (work done, wall seconds)


def measure_search(units: int = SEARCH_UNITS) -> Run:
    """Tabu work units done by one fixed search given ``units``, and its wall seconds."""
    problem = SEARCH_PROBLEM
    started = time.perf_counter()
    start = random_draw(problem, random.Random(0))
    target = lexicographic_lower_bound(problem)
    config = SearchConfig(max_work=units, stall_iterations=10**9, max_iterations=10**9)
    outcome = improve(problem, start, target=target, seed=0, deadline=time.monotonic() + 60.0, config=config)
    return float(outcome.work), max(time.perf_counter() - started, 1e-9)


def measure_cpsat(deterministic_s: float = CPSAT_DETERMINISTIC_S) -> Run:
    """CP-SAT deterministic seconds of one fixed solve on one worker (model built included in the
    wall seconds: a draw pays it too), and its wall seconds; (0.0, 0.0) without OR-Tools."""
    try:
        from solver.domain.draw.cpsat.lexicographic import make_solver
        from solver.domain.draw.cpsat.solve import build_optimization_model
    except ImportError:
        return 0.0, 0.0
    started = time.perf_counter()
    model, _ = build_optimization_model(CPSAT_PROBLEM, None)
    model.cp.minimize(model.terms["sum_repeat_pairs"].var)
    solver = make_solver(0, 60.0, 1, deterministic_s=deterministic_s)
    solver.solve(model.cp)
    return solver.deterministic_time, max(time.perf_counter() - started, 1e-9)


def measured_line(measure: Callable[[], Run], measure_small: Callable[[], Run], stop_by: float) -> RateLine:
    """The line through the medians of a large and a small run (``_runs`` each, the small ones first)."""
    halfway = time.perf_counter() + (stop_by - time.perf_counter()) / 2
    small = _runs(measure_small, halfway)
    large = _runs(measure, stop_by)
    return rate_line(
        statistics.median(w for w, _ in small),
        statistics.median(s for _, s in small),
        statistics.median(w for w, _ in large),
        statistics.median(s for _, s in large),
    )


def calibrate(override: int = 0) -> Calibration:
    """The machine's work rate: ``override`` units per second when set (> 0, with the reference CP-SAT
    exchange), else measured (two amounts of each search, ``RUNS`` runs each, the medians)."""
    if override > 0:
        return _publish(Calibration(WorkRate(override), "setting"))
    started = time.perf_counter()
    search = measured_line(measure_search, lambda: measure_search(SEARCH_UNITS_SMALL), started + MAX_SECONDS / 2)
    cpsat = measured_line(measure_cpsat, lambda: measure_cpsat(CPSAT_DETERMINISTIC_S_SMALL), started + MAX_SECONDS)
    rate = calibrated_rate(search.per_second, cpsat.per_second, overhead_s=search.overhead_s + cpsat.overhead_s)
    return _publish(
        Calibration(
            rate,
            "measured",
            search.per_second,
            cpsat.per_second,
            time.perf_counter() - started,
            search.overhead_s,
            cpsat.overhead_s,
        )
    )


def _runs(measure: Callable[[], T], stop_by: float) -> list[T]:
    """``RUNS`` measurements, fewer (at least one) once ``stop_by`` (``perf_counter``) has passed."""
    measured = [measure()]
    while len(measured) < RUNS and time.perf_counter() < stop_by:
        measured.append(measure())
    return measured


@functools.cache
def machine_calibration(override: int = 0) -> Calibration:
    """``calibrate(override)`` once per process (the solver's start-up, an offline draw, a benchmark)."""
    return calibrate(override)


def default_calibration() -> Calibration:
    """No measurement: the reference rate (what a solver built without settings uses)."""
    return _publish(Calibration(WorkRate(), "default"))


def _publish(calibration: Calibration) -> Calibration:
    RATE.set(calibration.rate.units_per_second)
    CPSAT_PER_UNIT.set(calibration.rate.cpsat_seconds_per_unit)
    MEASURED_SEARCH.set(calibration.search_units_per_s)
    MEASURED_CPSAT.set(calibration.cpsat_deterministic_s_per_s)
    MEASURED_OVERHEAD.labels("tabu").set(calibration.search_overhead_s)
    MEASURED_OVERHEAD.labels("cp-sat").set(calibration.cpsat_overhead_s)
    log.info(
        "solver work rate",
        extra={
            "work_units_per_second": calibration.rate.units_per_second,
            "cpsat_deterministic_seconds_per_unit": calibration.rate.cpsat_seconds_per_unit,
            "source": calibration.source,
            "search_units_per_second": round(calibration.search_units_per_s),
            "cpsat_deterministic_seconds_per_second": round(calibration.cpsat_deterministic_s_per_s, 4),
            "calibration_seconds": round(calibration.seconds, 3),
            "search_overhead_seconds": round(calibration.search_overhead_s, 4),
            "cpsat_overhead_seconds": round(calibration.cpsat_overhead_s, 4),
            "overhead_seconds": round(calibration.rate.overhead_s, 4),
        },
    )
    return calibration
