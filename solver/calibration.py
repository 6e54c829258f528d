"""The machine's work rate, measured once when the solver starts (docs/rules.md ``draw.seed.reproducible``;
solver/domain/draw/work.py says what a work unit is).

A draw's time budget becomes a work budget at the rate this machine does work: a short fixed tabu
search and a short fixed CP-SAT solve (each run ``RUNS`` times, the median kept: a stray pause on a
shared machine does not decide it) measure tabu work units per second and CP-SAT deterministic
seconds per second; ``work.calibrated_rate`` makes one rate of them (the slower, times a safety
factor, within bounds). ``RONDO_SOLVER_WORK_UNITS_PER_SECOND`` overrides the measurement (a fleet
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

from prometheus_client import Gauge

from solver.domain.draw.bounds import lexicographic_lower_bound
from solver.domain.draw.local_search import SearchConfig, improve, random_draw
from solver.domain.draw.problem import DrawProblem
from solver.domain.draw.work import WorkRate, calibrated_rate

log = logging.getLogger("rondo.solver")

RUNS = 3
# On a machine so busy that measuring takes longer than this, fewer runs are made (at least one of
# each): measuring never costs a start-up (or an offline draw's budget) more than a few seconds.
MAX_SECONDS = 1.5
# The tabu search: 40 players x 10 rounds at tables of 4 from a random draw (far from its bound, so
# it spends its whole allowance), 6 000 units a run (0.15 s at the reference rate).
SEARCH_PROBLEM = DrawProblem(players=tuple(f"c{i:02d}" for i in range(40)), rounds=10, table_size=4, seed=0, time_limit_s=60.0)
SEARCH_UNITS = 6_000
# CP-SAT: the draw model of 16 players x 6 rounds at tables of 4 (2 880 meeting clauses, quick to
# build), minimizing the repeated pairs, 0.04 deterministic seconds a run on one worker (short runs
# read slower than long ones: CP-SAT's start-up counts little deterministic time; the safety factor
# covers it).
CPSAT_PROBLEM = DrawProblem(players=tuple(f"c{i:02d}" for i in range(16)), rounds=6, table_size=4, seed=0, time_limit_s=60.0)
CPSAT_DETERMINISTIC_S = 0.04

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


@dataclass(frozen=True)
class Calibration:
    """The rate draws use and what it came from."""

    rate: WorkRate
    source: str  # "measured", "setting" or "default"
    search_units_per_s: float = 0.0
    cpsat_deterministic_s_per_s: float = 0.0
    seconds: float = 0.0  # what measuring took


def measure_search() -> float:
    """Tabu work units per wall second of one fixed search."""
    problem = SEARCH_PROBLEM
    start = random_draw(problem, random.Random(0))
    target = lexicographic_lower_bound(problem)
    config = SearchConfig(max_work=SEARCH_UNITS, stall_iterations=10**9, max_iterations=10**9)
    started = time.perf_counter()
    outcome = improve(problem, start, target=target, seed=0, deadline=time.monotonic() + 60.0, config=config)
    return outcome.work / max(time.perf_counter() - started, 1e-9)


def measure_cpsat() -> float:
    """CP-SAT deterministic seconds per wall second of one fixed solve on one worker (0.0 without OR-Tools)."""
    try:
        from solver.domain.draw.cpsat.lexicographic import make_solver
        from solver.domain.draw.cpsat.solve import build_optimization_model
    except ImportError:
        return 0.0
    model, _ = build_optimization_model(CPSAT_PROBLEM, None)
    model.cp.minimize(model.terms["sum_repeat_pairs"].var)
    solver = make_solver(0, 60.0, 1, deterministic_s=CPSAT_DETERMINISTIC_S)
    started = time.perf_counter()
    solver.solve(model.cp)
    return solver.deterministic_time / max(time.perf_counter() - started, 1e-9)


def calibrate(override: int = 0) -> Calibration:
    """The machine's work rate: ``override`` units per second when set (> 0, with the reference CP-SAT
    exchange), else measured (``RUNS`` runs each, the median)."""
    if override > 0:
        return _publish(Calibration(WorkRate(override), "setting"))
    started = time.perf_counter()
    search = statistics.median(_runs(measure_search, started + MAX_SECONDS / 2))
    cpsat = statistics.median(_runs(measure_cpsat, started + MAX_SECONDS))
    rate = calibrated_rate(search, cpsat)
    return _publish(Calibration(rate, "measured", search, cpsat, time.perf_counter() - started))


def _runs(measure: Callable[[], float], stop_by: float) -> list[float]:
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
    log.info(
        "solver work rate",
        extra={
            "work_units_per_second": calibration.rate.units_per_second,
            "cpsat_deterministic_seconds_per_unit": calibration.rate.cpsat_seconds_per_unit,
            "source": calibration.source,
            "search_units_per_second": round(calibration.search_units_per_s),
            "cpsat_deterministic_seconds_per_second": round(calibration.cpsat_deterministic_s_per_s, 4),
            "calibration_seconds": round(calibration.seconds, 3),
        },
    )
    return calibration
