"""Solver use cases: run the optimizer off the event loop, within the budget and the deadline.

Solves run in a process pool (CPU-bound, and OR-Tools holds the GIL badly), so the server keeps
answering health checks while it works. More solves than the pool and its queue can take are
refused at once with RESOURCE_EXHAUSTED instead of piling up.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import secrets
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from prometheus_client import Counter, Histogram

from rondo_runtime.errors import InvalidArgument, ResourceExhausted
from solver.domain.draw import solve_draw
from solver.domain.draw.problem import DrawProblem, DrawResult
from solver.domain.draw.redraw import draw_diff
from solver.domain.draw.validate import validate_problem

SOLVES = Counter("rondo_solver_solves_total", "Draw solves finished, by result status.", ["status"])
SOLVE_SECONDS = Histogram(
    "rondo_solver_solve_seconds", "Wall time of draw solves.", buckets=(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600)
)
REFUSED = Counter("rondo_solver_refused_total", "Draw solves refused because the solver was busy.")

DEFAULT_TIME_LIMIT_S = 10.0
MAX_TIME_LIMIT_S = 600.0
DEADLINE_MARGIN_S = 1.0  # left to hand the result back and send the answer after the solve stops


def effective_time_limit(requested: float, remaining_deadline: float | None) -> float:
    """The smaller of the request's budget (default 10 s) and what is left of the call's deadline."""
    if requested != requested or requested < 0 or requested > MAX_TIME_LIMIT_S:
        raise InvalidArgument.single(
            "time_limit_seconds", f"must be between 0 and {MAX_TIME_LIMIT_S:g} seconds (0 = default {DEFAULT_TIME_LIMIT_S:g})"
        )
    limit = requested or DEFAULT_TIME_LIMIT_S
    if remaining_deadline is not None:
        limit = min(limit, remaining_deadline - DEADLINE_MARGIN_S)
    return max(limit, 0.05)


def new_seed() -> int:
    return secrets.randbelow(2**31)


def _warm_up() -> bool:
    import time

    import solver.domain.draw  # noqa: F401  (imports OR-Tools once per worker)

    time.sleep(0.2)  # hold this worker so the next warm-up task starts another one
    return True


class SolverService:
    def __init__(self, workers: int | None = None, queue_limit: int | None = None):
        self.workers = workers or int(os.environ.get("RONDO_SOLVER_WORKERS", "0")) or (os.cpu_count() or 1)
        self.queue_limit = queue_limit if queue_limit is not None else int(os.environ.get("RONDO_SOLVER_QUEUE", "8"))
        self._pool: ProcessPoolExecutor | None = None
        self._warm_up: asyncio.Future | None = None
        self._in_flight = 0

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn, not fork: forking a process that runs gRPC threads is unsafe
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def ready(self) -> bool:
        """Readiness: every worker of the pool has started and imported the optimizer, so no solve
        pays a cold start out of its budget."""
        if self._warm_up is None:
            loop = asyncio.get_running_loop()
            self._warm_up = asyncio.gather(*(loop.run_in_executor(self._executor(), _warm_up) for _ in range(self.workers)))
        return all(await asyncio.shield(self._warm_up))

    async def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

    async def draw(self, problem: DrawProblem, remaining_deadline: float | None) -> DrawResult:
        if self._in_flight >= self.workers + self.queue_limit:
            REFUSED.inc()
            raise ResourceExhausted(
                f"the solver is busy with {self._in_flight} draws; try again in a few seconds"
            )
        problem = replace(problem, time_limit_s=effective_time_limit(problem.time_limit_s, remaining_deadline))
        validate_problem(problem)  # here, not in the pool: bad input is answered at once, with every field
        self._in_flight += 1
        try:
            loop = asyncio.get_running_loop()
            result = await loop.run_in_executor(self._executor(), solve_draw, problem)
        finally:
            self._in_flight -= 1
        SOLVES.labels(result.status.value).inc()
        SOLVE_SECONDS.observe(result.wall_time_s)
        return result

    @staticmethod
    def diff(problem: DrawProblem, result: DrawResult) -> list[tuple[int, list[str]]]:
        """Redraw only: per redrawn round, the players whose table changed against the previous draw."""
        if problem.previous is None or not result.draw:
            return []
        return [(r, moved) for r, moved in draw_diff(problem.previous, result.draw) if moved and r >= len(problem.fixed_rounds)]

