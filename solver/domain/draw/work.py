"""Deterministic work budgets: what makes a draw reproducible on any machine (docs/rules.md
``draw.seed.reproducible``).

A draw's search is bounded by *work*, not by the wall clock: the tabu search by work units (a
deterministic estimate of each iteration's cost from the sizes alone, ``local_search.iteration_work``)
and CP-SAT by its own deterministic time with one worker. The same problem, seed and work budget
therefore give the same draw on a fast machine, a loaded one or after a restart. The request's time
budget only sets the default work budget (``work_for_time_limit``, a fixed rate, the same on every
machine) and the wall-clock *safety cut*: when the safety cut fires before the work is done (a very
slow or overloaded machine), the draw says so and cannot be re-run (``DrawResult.reproducible``).

The rates are set so that the default work fits inside the time budget on a loaded machine. Measured
on the 2 shared cores of the development machine, the tabu search did 60 000-110 000 units a second
over N = 15 ... 10 000 with a load average near 2, and about 26 000 with a load average near 4
(``rondo bench --designs`` then labelled the draws the safety cut stopped); 40 000 units and 0.25
CP-SAT deterministic seconds per second of budget keep most draws re-runnable on such a machine,
at the price of leaving a quiet machine's spare time unused.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.domain.draw.problem import DrawProblem

WORK_UNITS_PER_SECOND = 40_000  # tabu-search work units per second of time budget
CPSAT_DETERMINISTIC_SECONDS_PER_SECOND = 0.25  # CP-SAT deterministic time per second of time budget
MAX_WORK_BUDGET = 10**12  # capacity: far above 600 s of budget
# Building the CP-SAT model in Python costs about this much per meeting clause on a loaded machine
# (measured: 24 x 10, k = 4, 16 560 clauses, 0.76 s; 64 x 4, 129 024 clauses, 3.4 s). CP-SAT is only
# tried when building its model takes at most CPSAT_BUILD_SHARE of the seconds the work budget stands
# for: a deterministic rule (sizes and work budget only), so the draw stays reproducible.
CPSAT_BUILD_SECONDS_PER_CLAUSE = 30e-6
CPSAT_BUILD_SHARE = 0.25


def work_for_time_limit(seconds: float) -> int:
    """The default work budget of a time budget (the same on every machine)."""
    return max(1, round(seconds * WORK_UNITS_PER_SECOND))


def cpsat_deterministic_seconds(work: int) -> float:
    """CP-SAT's share of a work budget, in its deterministic time."""
    return work / WORK_UNITS_PER_SECOND * CPSAT_DETERMINISTIC_SECONDS_PER_SECOND


def work_of_cpsat(deterministic_s: float) -> int:
    """The work units a CP-SAT solve spent, from its deterministic time."""
    return round(deterministic_s / CPSAT_DETERMINISTIC_SECONDS_PER_SECOND * WORK_UNITS_PER_SECOND)


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
    """Whether the CP-SAT model can be built in a quarter of the time the work budget stands for."""
    seconds_of_work = work_budget / WORK_UNITS_PER_SECOND
    return meeting_clauses(problem) * CPSAT_BUILD_SECONDS_PER_CLAUSE <= CPSAT_BUILD_SHARE * seconds_of_work
