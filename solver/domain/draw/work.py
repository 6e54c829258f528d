"""Deterministic work budgets: what makes a draw reproducible on any machine (docs/rules.md
``draw.seed.reproducible``).

A draw's search is bounded by *work*, not by the wall clock: the tabu search by work units (a
deterministic estimate of each iteration's cost from the sizes alone, ``local_search.iteration_work``)
and CP-SAT by its own deterministic time with one worker, exchanged at a fixed rate
(``CPSAT_DETERMINISTIC_SECONDS_PER_REFERENCE_SECOND``). The same problem, seed and work budget therefore give the
same draw on a fast machine, a loaded one or after a restart. Every decision inside the draw that
depends on the budget's size (CP-SAT's share, the stall budget, whether the CP-SAT model is worth
building) reads it in *reference seconds* (``REFERENCE_UNITS_PER_SECOND`` units each), never in the
machine's seconds.

The request's time budget only sets the default work budget and the wall-clock *safety cut*. The
machine's *work rate* (units per second of time budget) turns one into the other
(``work_for_time_limit``): the solver measures it at start-up (solver/calibration.py: a fixed tabu
search and a fixed CP-SAT solve, each at two amounts of work so that the line through them
(``rate_line``) separates a run's fixed overhead from its per-unit rate; ``calibrated_rate`` takes the
slower slope of the two in units, times a safety factor, within bounds, and the overheads as the
seconds a time budget loses before its work counts) or takes it from
``RONDO_SOLVER_WORK_UNITS_PER_SECOND``. So a 16-core
server spends its 10 s on as much work as it can do in them, and the work budget it records re-runs
the same draw on a laptop (which takes longer: verification's safety cut is generous). When the
safety cut fires before the work is done (a machine slower than its calibration said, or overloaded),
the draw says so and cannot be re-run (``DrawResult.reproducible``).

The reference rate is the one the solver used everywhere before it calibrated: measured on the 2
shared cores of the development machine, the tabu search did 60 000-110 000 units a second over
N = 15 ... 10 000 with a load average near 2, and about 26 000 with a load average near 4; 40 000
units and 0.25 CP-SAT deterministic seconds per second kept most draws re-runnable there. It stays
the default rate (``DEFAULT_UNITS_PER_SECOND``) when nothing was measured, so a problem without a
work budget gets the same budget as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from solver.domain.draw.problem import DrawProblem

REFERENCE_UNITS_PER_SECOND = 40_000  # work units in a reference second (the draw's internal clock)
# CP-SAT deterministic time per reference second of work (fixed, so that CP-SAT's share of a work
# budget is the same on every machine; the arithmetic below is the one older draws were made with)
CPSAT_DETERMINISTIC_SECONDS_PER_REFERENCE_SECOND = 0.25
DEFAULT_UNITS_PER_SECOND = REFERENCE_UNITS_PER_SECOND  # the work rate when none was measured or set
# Calibration (solver/calibration.py): the measured rate times CALIBRATION_SAFETY, within these bounds.
# The safety factor keeps the work inside the time budget when the machine gets busier than it was
# while measuring (on the development machine a load average near 4 more than halved the rate); the
# bounds keep one odd measurement from making draws useless (too little work) or never finishing.
CALIBRATION_SAFETY = 0.5
MIN_UNITS_PER_SECOND = 20_000
MAX_UNITS_PER_SECOND = 4_000_000
MAX_WORK_BUDGET = 10**12  # capacity: far above 600 s of budget
# CP-SAT deterministic seconds per work unit: at most 160 times the reference exchange (6.25e-6)
MAX_CPSAT_SECONDS_PER_UNIT = 1e-3
# Building the CP-SAT model in Python costs about this much per meeting clause on a loaded machine
# (one doing the reference rate)
# (measured: 24 x 10, k = 4, 16 560 clauses, 0.76 s; 64 x 4, 129 024 clauses, 3.4 s). CP-SAT is only
# tried when building its model takes at most CPSAT_BUILD_SHARE of the seconds the work budget stands
# for: a deterministic rule (sizes and work budget only), so the draw stays reproducible.
CPSAT_BUILD_SECONDS_PER_CLAUSE = 30e-6
CPSAT_BUILD_SHARE = 0.25


# At most this share of a time budget goes to the calibration's fixed overheads: a short budget still works.
MAX_OVERHEAD_SHARE = 0.5
MAX_OVERHEAD_S = 2.0  # an overhead measured above this is noise, not a run's start-up


def work_for_time_limit(seconds: float, units_per_second: float = DEFAULT_UNITS_PER_SECOND, overhead_s: float = 0.0) -> int:
    """The work budget of a time budget on a machine that does ``units_per_second`` (its calibrated
    rate; the default rate when none is known) once its fixed ``overhead_s`` is spent (at most
    ``MAX_OVERHEAD_SHARE`` of the budget)."""
    working = seconds - min(max(overhead_s, 0.0), seconds * MAX_OVERHEAD_SHARE)
    return max(1, round(working * units_per_second))


@dataclass(frozen=True)
class WorkRate:
    """How a machine turns a time budget into work: tabu-search work units per second, CP-SAT
    deterministic seconds per work unit (0.0: the reference exchange), and the fixed wall seconds a
    draw spends before its work counts (the calibration's overheads; 0.0 when not measured). The
    exchange travels with the draw's work budget (``DrawProblem.cpsat_seconds_per_unit``): re-running
    a draw needs both, never the overhead (it only decides how much work a time budget buys)."""

    units_per_second: int = DEFAULT_UNITS_PER_SECOND
    cpsat_seconds_per_unit: float = 0.0
    overhead_s: float = 0.0


@dataclass(frozen=True)
class RateLine:
    """Work against wall time, from two runs of different sizes: ``wall = overhead_s + work / per_second``.
    ``per_second`` is the slope (0.0: nothing measured), ``overhead_s`` a run's fixed cost (start-up,
    model loading, presolve), never negative."""

    per_second: float
    overhead_s: float = 0.0


def rate_line(small: float, small_s: float, large: float, large_s: float) -> RateLine:
    """The line through a small run (``small`` work in ``small_s`` wall seconds) and a large one. When
    the two do not make a line with a positive slope and a non-negative overhead (a pause on a busy
    machine slowed the small run, or the large one was not larger), the large run's average rate with
    no overhead (what one measurement gives); a measurement that is not a positive finite number: 0.0."""

    def positive(x: float) -> bool:
        return x > 0 and math.isfinite(x)

    if not (positive(large) and positive(large_s)):
        return RateLine(0.0)
    if positive(small) and positive(small_s) and large > small and large_s > small_s:
        slope = (large - small) / (large_s - small_s)
        overhead = small_s - small / slope
        if positive(slope) and 0.0 <= overhead <= MAX_OVERHEAD_S:
            return RateLine(slope, overhead)
    average = large / large_s
    return RateLine(average if positive(average) else 0.0)  # a vanishing time: no measurement


def calibrated_rate(
    search_units_per_s: float,
    cpsat_deterministic_s_per_s: float,
    *,
    safety: float = CALIBRATION_SAFETY,
    lowest: int = MIN_UNITS_PER_SECOND,
    highest: int = MAX_UNITS_PER_SECOND,
    overhead_s: float = 0.0,
) -> WorkRate:
    """The work rate of a machine from what it measured: the tabu search's units per second times
    ``safety`` within ``[lowest, highest]``, and CP-SAT's deterministic seconds per second times
    ``safety`` (within the same bounds, counted in units at the reference exchange) over it: a
    second of time budget is then a second of work for either. A measurement that is not a
    positive number counts as the slowest allowed (no CP-SAT measurement: the reference exchange); the
    exchange is at most ``MAX_CPSAT_SECONDS_PER_UNIT`` (what a request may carry). ``overhead_s``: the
    runs' fixed seconds (``rate_line``), kept within ``[0, MAX_OVERHEAD_S]``."""
    overhead = min(max(overhead_s, 0.0), MAX_OVERHEAD_S) if math.isfinite(overhead_s) else 0.0

    def clamp(measured: float) -> float:
        if not measured > 0 or measured == float("inf"):  # NaN, 0, negative, infinite: no measurement
            return lowest
        return min(max(measured * safety, lowest), highest)

    units = int(clamp(search_units_per_s))
    if not cpsat_deterministic_s_per_s > 0:
        return WorkRate(units, 0.0, overhead)  # no CP-SAT here (not installed): the reference exchange
    cpsat_units = clamp(
        cpsat_deterministic_s_per_s / CPSAT_DETERMINISTIC_SECONDS_PER_REFERENCE_SECOND * REFERENCE_UNITS_PER_SECOND
    )
    exchange = cpsat_units / REFERENCE_UNITS_PER_SECOND * CPSAT_DETERMINISTIC_SECONDS_PER_REFERENCE_SECOND / units
    return WorkRate(units, min(exchange, MAX_CPSAT_SECONDS_PER_UNIT), overhead)


REFERENCE_RATE = WorkRate()  # the default rate and the reference exchange


def reference_seconds(work: int) -> float:
    """What a work budget stands for on the draw's internal clock (the same on every machine)."""
    return work / REFERENCE_UNITS_PER_SECOND


def cpsat_deterministic_seconds(work: int, seconds_per_unit: float = 0.0) -> float:
    """CP-SAT's share of a work budget, in its deterministic time (``seconds_per_unit`` 0: the
    reference exchange, computed as draws always were)."""
    if seconds_per_unit > 0:
        return work * seconds_per_unit
    return work / REFERENCE_UNITS_PER_SECOND * CPSAT_DETERMINISTIC_SECONDS_PER_REFERENCE_SECOND


def work_of_cpsat(deterministic_s: float, seconds_per_unit: float = 0.0) -> int:
    """The work units a CP-SAT solve spent, from its deterministic time."""
    if seconds_per_unit > 0:
        return round(deterministic_s / seconds_per_unit)
    return round(deterministic_s / CPSAT_DETERMINISTIC_SECONDS_PER_REFERENCE_SECOND * REFERENCE_UNITS_PER_SECOND)


@dataclass
class WorkMeter:
    """A work budget being spent: the tabu search and CP-SAT charge what they used."""

    budget: int
    used: int = 0

    @property
    def left(self) -> int:
        return max(0, self.budget - self.used)

    def charge(self, units: int) -> None:
        self.used += max(0, units)


def meeting_clauses(problem: DrawProblem) -> int:
    """About C(N, 2) x free rounds x tables: the size of the CP-SAT model's meeting part."""
    n = len(problem.players)
    free_rounds = max(problem.rounds - len(problem.fixed_rounds), 0)
    return n * (n - 1) // 2 * free_rounds * problem.tables_per_round


def cpsat_model_fits(problem: DrawProblem, work_budget: int) -> bool:
    """Whether the CP-SAT model can be built in a quarter of the time the work budget stands for, in
    reference seconds: a machine calibrated faster gets a bigger budget and also builds the model
    faster, so the rule needs no clock (and the draw stays reproducible)."""
    return meeting_clauses(problem) * CPSAT_BUILD_SECONDS_PER_CLAUSE <= CPSAT_BUILD_SHARE * reference_seconds(work_budget)
