"""Solver use cases: run the optimizer off the event loop, within the budget and the deadline.

Draws run in the worker pool (solver/worker_pool.py: processes with capped memory, replaced when they
die), so the server keeps answering health checks while it works (so do the round schedules).

Time: a draw's time limit is the smaller of its budget (default 10 s) and what is left of the call's
deadline *when the solve starts* in its worker, less a margin to send the answer: time spent waiting
for a worker counts against the deadline. A call whose remaining deadline cannot cover a useful solve
is refused at once with RESOURCE_EXHAUSTED; so is one that waits until that point in the queue, and
one arriving when every worker and queue place is taken.
"""

from __future__ import annotations

import asyncio
import functools
import math
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from prometheus_client import Counter, Histogram

from rondo_runtime import failpoints
from rondo_runtime.config import Settings
from rondo_runtime.errors import InvalidArgument, ResourceExhausted
from solver.calibration import machine_calibration
from solver.domain.capacity import MAX_SCHEDULE_MATCHES, MAX_SEATS
from solver.domain.draw import solve_draw
from solver.domain.draw.problem import DrawProblem, DrawResult, SolveStatus
from solver.domain.draw.redraw import draw_diff
from solver.domain.draw.validate import validate_problem
from solver.domain.draw.work import REFERENCE_RATE, WorkRate, work_for_time_limit
from solver.domain.projection.budget import ProjectionJob, ProjectionRun, project_within, validate_job
from solver.domain.schedule import validate as schedule_validate
from solver.domain.schedule.cpsat.solve import solve_schedule
from solver.domain.schedule.problem import ScheduleProblem, ScheduleResult
from solver.worker_pool import SOLVER_RETRY_SECONDS, WorkerPool

SOLVES = Counter("rondo_solver_solves_total", "Draw solves finished, by result status.", ["status"])
SOLVE_SECONDS = Histogram(
    "rondo_solver_solve_seconds",
    "Wall time of draw solves.",
    buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600),
)
REFUSED = Counter("rondo_solver_refused_total", "Draw solves refused: solver busy, or too little of the deadline left.")
SCHEDULE_SOLVES = Counter("rondo_solver_schedule_solves_total", "Round schedules proposed, by result status.", ["status"])
PROJECTIONS = Counter(
    "rondo_solver_projections_total", "Projections answered, by whether every player was reached.", ["complete"]
)


def initialize_metrics() -> None:
    """Create every status's series at zero when the solver starts: a counter series that appears only
    with its first increment has no earlier sample, so ``increase()`` / ``rate()`` never see that first
    failure (the alert on ``rondo_solver_solves_total{status="UNKNOWN"}`` would miss it)."""
    for status in SolveStatus:
        SOLVES.labels(status.value)
        SCHEDULE_SOLVES.labels(status.value)
    for complete in ("yes", "no"):
        PROJECTIONS.labels(complete)


DEFAULT_TIME_LIMIT_S = 10.0
MAX_TIME_LIMIT_S = 600.0
DEADLINE_MARGIN_S = 1.0  # left to hand the result back and send the answer after the solve stops
# The engine's set-up (bounds, constructions, search state) may run past a small time limit on the
# largest allowed draws (measured: up to ~1.4 s at 100 000 seats), and so does sending the answer:
# the margin grows with the draw, up to 2 s more at Rondo's capacity.
SETUP_MARGIN_S_PER_SEAT = 2.0 / MAX_SEATS
MIN_USEFUL_SOLVE_S = 0.5  # less than this (or than the budget, if smaller) is refused, not attempted
WARM_UP_MODULES = (
    "solver.domain.draw",
    "solver.domain.draw.cpsat",
    "solver.domain.schedule.cpsat.solve",
    "solver.domain.projection.budget",
    "ortools.sat.python.cp_model",
)
# a round's schedule: building the options and the model of the largest allowed round takes about a second
SCHEDULE_SETUP_MARGIN_S_PER_MATCH = 1.0 / MAX_SCHEDULE_MATCHES

P = TypeVar("P", DrawProblem, ScheduleProblem, ProjectionJob)
R = TypeVar("R")


def requested_budget(requested: float) -> float:
    """The request's time budget: 0 means the default (10 s); at most 600 s."""
    if not isinstance(requested, (int, float)) or math.isnan(requested) or requested < 0 or requested > MAX_TIME_LIMIT_S:
        raise InvalidArgument.single(
            "time_limit_seconds", f"must be between 0 and {MAX_TIME_LIMIT_S:g} seconds (0 = default {DEFAULT_TIME_LIMIT_S:g})"
        )
    return float(requested) or DEFAULT_TIME_LIMIT_S


def deadline_margin(problem: DrawProblem) -> float:
    """Seconds kept between the end of the solve and the call's deadline (see SETUP_MARGIN_S_PER_SEAT)."""
    return DEADLINE_MARGIN_S + SETUP_MARGIN_S_PER_SEAT * len(problem.players) * max(problem.rounds, 0)


def schedule_margin(problem: ScheduleProblem) -> float:
    return DEADLINE_MARGIN_S + SCHEDULE_SETUP_MARGIN_S_PER_MATCH * len(problem.matches)


def draw_budget(problem: DrawProblem, budget: float, rate: WorkRate = REFERENCE_RATE) -> DrawProblem:
    """The work budget comes from the budget as requested, never from what the deadline leaves, at
    this solver's work ``rate`` (solver/calibration.py), so that the same request gives the same draw
    on this machine, and its recorded budget and CP-SAT exchange the same draw on any machine
    (solver/domain/draw/work.py). A request that gives its work budget keeps its own exchange."""
    if problem.work_budget:
        return replace(problem, time_limit_s=budget)
    work = work_for_time_limit(budget, rate.units_per_second, rate.overhead_s)
    return replace(problem, time_limit_s=budget, work_budget=work, cpsat_seconds_per_unit=rate.cpsat_seconds_per_unit)


def schedule_budget(problem: ScheduleProblem, budget: float) -> ScheduleProblem:
    return replace(problem, time_limit_s=budget)


def projection_budget(job: ProjectionJob, budget: float) -> ProjectionJob:
    return replace(job, time_limit_s=budget)


def projection_margin(job: ProjectionJob) -> float:
    return DEADLINE_MARGIN_S


def useful_time(budget: float) -> float:
    """The least solve time worth starting for this budget."""
    return min(budget, MIN_USEFUL_SOLVE_S)


def solve_by_deadline(problem: P, deadline: float | None, solve: Callable[[P], R] = solve_draw) -> R:  # type: ignore[assignment]
    """Runs in a solver worker: ``solve(problem)`` (a draw, or a round's schedule). ``deadline``
    (``time.monotonic()`` clock, shared by the processes of one machine) is when the solve must have
    stopped; the time limit is computed here, when the job starts, so time spent waiting in the queue
    counts against it."""
    failpoints.reached("solver.worker.solve")  # the tests hold a worker busy here (a ``hold:`` point)
    if deadline is not None:
        left = deadline - time.monotonic()
        if left < useful_time(problem.time_limit_s):
            raise ResourceExhausted(
                f"the solver was busy until only {max(left, 0):.1f} s of this call's deadline were left; "
                "retry later or allow a longer deadline",
                reason="SOLVER_DEADLINE",
                retry_after_s=SOLVER_RETRY_SECONDS,
            )
        problem = replace(problem, time_limit_s=min(problem.time_limit_s, left))
    return solve(problem)


def new_seed() -> int:
    return secrets.randbelow(2**31)


class SolverService:
    def __init__(self, workers: int = 0, queue_limit: int = 8, worker_memory_mb: int = 2048, rate: WorkRate = REFERENCE_RATE):
        """``rate``: how a time budget becomes a work budget here (``from_settings`` measures it)."""
        self.rate = rate
        self.workers = workers or os.cpu_count() or 1
        self.queue_limit = queue_limit
        self.pool = WorkerPool(self.workers, queue_limit, worker_memory_mb, warm_up=WARM_UP_MODULES)
        initialize_metrics()

    @classmethod
    def from_settings(cls, settings: Settings) -> SolverService:
        """The service of ``rondo serve``: the work rate is measured here, at start-up, before the worker
        pool starts (or set by ``RONDO_SOLVER_WORK_UNITS_PER_SECOND``)."""
        rate = machine_calibration(settings.solver_work_units_per_second).rate
        return cls(settings.solver_workers, settings.solver_queue, settings.solver_worker_memory_mb, rate)

    async def ready(self) -> bool:
        """Readiness: at least one worker process is alive and has imported the optimizer (checked
        each time, so a dead pool shows as NOT_SERVING until its replacement is up)."""
        return await self.pool.ready()

    async def stop(self) -> None:
        await self.pool.stop()

    async def draw(self, problem: DrawProblem, remaining_deadline: float | None) -> DrawResult:
        """``remaining_deadline``: seconds left of the call (None = no deadline)."""
        failpoints.reached("solver.draw.before_solve")  # the faults tier kills the process mid-call here (it hangs)
        with_budget = functools.partial(draw_budget, rate=self.rate)
        result = await self._in_pool(problem, remaining_deadline, validate_problem, deadline_margin, solve_draw, with_budget)
        SOLVES.labels(result.status.value).inc()
        SOLVE_SECONDS.observe(result.wall_time_s)
        return result

    async def propose_schedule(self, problem: ScheduleProblem, remaining_deadline: float | None) -> ScheduleResult:
        """A round's schedule (docs/rules.md ``schedule.auto.*``), in the worker pool like a draw: the
        same budget, deadline and admission rules."""
        result = await self._in_pool(
            problem, remaining_deadline, schedule_validate.validate_problem, schedule_margin, solve_schedule, schedule_budget
        )
        SCHEDULE_SOLVES.labels(result.status.value).inc()
        return result

    async def project(self, job: ProjectionJob, remaining_deadline: float | None) -> ProjectionRun:
        """A projection (docs/rules.md ``mahjong.projection.within-budget``), in the worker pool like a
        draw: the same budget, deadline and admission rules; players the budget did not reach are
        UNKNOWN in the result."""
        run = await self._in_pool(job, remaining_deadline, validate_job, projection_margin, project_within, projection_budget)
        PROJECTIONS.labels("no" if run.unreached else "yes").inc()
        return run

    async def _in_pool(
        self,
        problem: P,
        remaining_deadline: float | None,
        validate: Callable[[P], None],
        margin_of: Callable[[P], float],
        solve: Callable[[P], R],
        with_budget: Callable[[P, float], P],
    ) -> R:
        received = time.monotonic()
        try:
            self.pool.check_admission()
        except ResourceExhausted:
            REFUSED.inc()
            raise
        budget = requested_budget(problem.time_limit_s)
        problem = with_budget(problem, budget)
        # here, not in the pool: bad input is answered at once, with every field; in a thread, since a
        # large (allowed) problem takes a few tens of milliseconds to walk
        await asyncio.to_thread(validate, problem)
        margin = margin_of(problem)
        deadline = None if remaining_deadline is None else received + remaining_deadline - margin
        if remaining_deadline is not None and deadline is not None and deadline - time.monotonic() < useful_time(budget):
            REFUSED.inc()
            raise ResourceExhausted(
                f"this call's deadline leaves {max(remaining_deadline, 0.0):.1f} s, too little for a useful solve "
                f"({useful_time(budget):g} s plus {margin:.1f} s to set up and answer); allow a longer deadline",
                reason="DEADLINE_TOO_SHORT",
                params={"left": f"{max(remaining_deadline, 0.0):.1f}"},
            )
        start_by = None if deadline is None else deadline - useful_time(budget)
        try:
            return await self.pool.run(solve_by_deadline, problem, deadline, solve, start_by=start_by)
        except ResourceExhausted:
            REFUSED.inc()
            raise

    @staticmethod
    def diff(problem: DrawProblem, result: DrawResult) -> list[tuple[int, list[str]]]:
        """Redraw only: per redrawn round, the players whose table changed against the previous draw."""
        if problem.previous is None or not result.draw:
            return []
        return [(r, moved) for r, moved in draw_diff(problem.previous, result.draw) if moved and r >= len(problem.fixed_rounds)]
