"""What the benchmark's runners share: method names, the benchmark problem, one result row.

Both ``runner.py`` (the size sweep) and ``hard.py`` (the hard instances) import this module; neither
imports the other's internals.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench.solver.measure import measure
from rondo_runtime.config import Settings
from solver.calibration import machine_calibration
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import DrawObjective, DrawProblem, DrawResult
from solver.domain.draw.validate import check_draw
from solver.domain.draw.work import WorkRate
from solver.service import draw_budget

RONDO = "rondo"
RESTARTS = "restarts"
RANDOM = "random"
PLAIN_CPSAT = "plain-cpsat"


def work_rate() -> WorkRate:
    """This machine's work rate, as the solver service measures it at start-up (once per process;
    ``RONDO_SOLVER_WORK_UNITS_PER_SECOND`` sets it)."""
    return machine_calibration(Settings.from_env().solver_work_units_per_second).rate


def rate_line() -> str:
    """What the benchmark's draws got: the work rate and where it came from."""
    calibration = machine_calibration(Settings.from_env().solver_work_units_per_second)
    rate = calibration.rate
    return (
        f"work rate {rate.units_per_second} units/s ({calibration.source}; measured tabu {calibration.search_units_per_s:.0f} units/s, "
        f"CP-SAT {calibration.cpsat_deterministic_s_per_s:.3f} deterministic s/s; overheads {calibration.search_overhead_s:.3f} s and "
        f"{calibration.cpsat_overhead_s:.3f} s a run), CP-SAT {rate.cpsat_seconds_per_unit:.3g} s a unit, {rate.overhead_s:.3f} s without work"
    )


def make_problem(n: int, rounds: int, table_size: int, seed: int, time_limit: float) -> DrawProblem:
    """The benchmark's draw, with the work budget the solver service would give its time limit here."""
    problem = DrawProblem(
        players=tuple(f"p{i:05d}" for i in range(n)),
        rounds=rounds,
        table_size=table_size,
        seed=seed,
        time_limit_s=time_limit,
    )
    return draw_budget(problem, time_limit, work_rate())


def measured_row(
    n: int,
    method: str,
    problem: DrawProblem,
    measured,
    *,
    status: str,
    proven: bool,
    lower: DrawObjective | None,
    draw,
    note: str = "",
) -> dict[str, Any]:
    """One benchmark row; the draw (if any) is checked with ``check_draw`` and scored with ``evaluate``."""
    objective = None
    if draw:
        problems = check_draw(problem, draw)
        if problems:
            raise AssertionError(f"{method} produced an invalid draw for N={n}: {problems[:3]}")
        objective = evaluate(problem, draw)
    return {
        "n": n,
        "method": method,
        "status": status,
        "objective": list(objective.as_tuple()) if objective else None,
        "proven": proven,
        "lower_bound": list(lower.as_tuple()) if lower else None,
        "wall_time_s": round(measured.wall_time_s, 4),
        "peak_rss_delta_mb": round(measured.peak_rss_delta_mb, 1),
        "vs_baselines": None,
        "note": note,
    }


def rondo_row(n: int, problem: DrawProblem, solve: Callable[[DrawProblem], DrawResult]) -> dict[str, Any]:
    """Rondo's own row: ``solve(problem)`` measured (wall time, memory) with its status and proof."""
    m = measure(partial(solve, problem))
    result = m.value
    return measured_row(
        n,
        RONDO,
        problem,
        m,
        status=result.status.value,
        proven=result.proven_optimal,
        lower=result.lower_bound,
        draw=result.draw,
        note=result.method,
    )


def fmt_tuple(t: Sequence[int] | None) -> str:
    return "-" if t is None else "(" + ",".join(str(v) for v in t) + ")"
