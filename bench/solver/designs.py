"""``rondo bench --designs``: the draw engine against the best known draws (``best_known.py``).

Runs the instances of the draw-optimizer issue, then a sweep (k = 3 ... 5, R = 2 ... 13,
N = 2k ... 64), each once with seed 1 and the same time budget, and prints per instance the
objective, the lower bound, the best known value, the status, the wall time and its share of the
budget; then the summary line "reached the best known draw on X of Y" (Y: the instances with a best
known value), how many repeat-free ones took under 1 s, the open instances (no best known value)
with what Rondo proves about them, and the largest wall time against the budget (the budget must
hold: the solve stops within 5 % of it). Every draw is checked with ``check_draw``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from bench.solver.best_known import REPEAT_FREE, best_known
from bench.solver.common import fmt_tuple, make_problem
from solver.domain.draw import solve_draw
from solver.domain.draw.validate import check_draw

# (N, R, k, what the issue says about it)
ISSUE_INSTANCES: tuple[tuple[int, int, int, str], ...] = (
    (15, 7, 3, "Kirkman triple system KTS(15)"),
    (18, 8, 3, "nearly Kirkman triple system NKTS(18)"),
    (21, 10, 3, "Kirkman triple system KTS(21)"),
    (24, 10, 3, "nearly Kirkman triple system NKTS(24), 10 of its 11 rounds"),
    (24, 6, 4, "resolvable partial design"),
    (28, 8, 4, "resolvable (28, 4, 1) design, 8 of its 9 rounds"),
    (28, 9, 4, "resolvable (28, 4, 1) design"),
    (40, 10, 4, "resolvable (40, 4, 1) design, 10 of its 13 rounds"),
    (40, 13, 4, "resolvable (40, 4, 1) design"),
    (60, 10, 5, "four MOLS of order 12 (resolvable TD(5, 12))"),
    (25, 10, 5, "over-full: AG(2, 5) with 4 rounds repeated"),
    (28, 10, 4, "over-full: (28, 4, 1) design with 1 round repeated"),
)

SWEEP_TABLE_SIZES = (3, 4, 5)
SWEEP_ROUNDS = range(2, 14)
SWEEP_MAX_PLAYERS = 64
FAST_SECONDS = 1.0  # the goal for every instance with a known repeat-free draw
BUDGET_TOLERANCE = 0.05  # the solve stops within 5 % of its time budget


def sweep_instances() -> list[tuple[int, int, int, str]]:
    """k = 3..5, R = 2..13, N = 2k..64 (multiples of k), in that order."""
    return [
        (n, rounds, k, "sweep")
        for k in SWEEP_TABLE_SIZES
        for n in range(2 * k, SWEEP_MAX_PLAYERS + 1, k)
        for rounds in SWEEP_ROUNDS
    ]


def run_instance(
    n: int, rounds: int, k: int, name: str, time_limit: float, seed: int, safety_cut: float | None = None
) -> dict[str, Any]:
    """``safety_cut``: another wall-clock cut than the time budget (the work budget stays the time
    budget's): with ``RONDO_SOLVER_WORK_UNITS_PER_SECOND`` set to a faster machine's rate and a long
    cut, a slow machine draws exactly what the faster one would in the time budget, only slower."""
    problem = make_problem(n, rounds, k, seed, time_limit)
    if safety_cut is not None:
        problem = replace(problem, time_limit_s=safety_cut)
    started = time.perf_counter()
    result = solve_draw(problem)
    wall = time.perf_counter() - started
    problems = check_draw(problem, result.draw)
    if problems:
        raise AssertionError(f"invalid draw for {n} x {rounds}, k = {k}: {problems[:3]}")
    best, source = best_known(n, rounds, k)
    objective = result.objective.as_tuple() if result.objective else None
    return {
        "instance": f"{n}x{rounds} k={k}",
        "n": n,
        "rounds": rounds,
        "k": k,
        "name": name,
        "objective": list(objective) if objective else None,
        "lower_bound": list(result.lower_bound.as_tuple()),
        "best_known": list(best) if best else None,
        "best_known_source": source,
        "reached": best is not None and objective is not None and objective <= best,
        "status": result.status.value,
        "method": result.method,
        "wall_time_s": round(wall, 4),
        "budget_s": time_limit,
        "reproducible": result.reproducible,
        "work_budget": result.work_budget,
        "work_used": result.work_used,
    }


def run_designs(
    time_limit: float = 3.0,
    seed: int = 1,
    *,
    sweep: bool = True,
    only: Iterable[tuple[int, int, int]] | None = None,
    log: Callable[[dict[str, Any]], None] | None = None,
    safety_cut: float | None = None,
) -> list[dict[str, Any]]:
    """The issue's instances, then the sweep (each instance once); ``only`` restricts to (N, R, k)."""
    wanted = set(only) if only is not None else None
    instances = list(ISSUE_INSTANCES) + (sweep_instances() if sweep else [])
    rows, done = [], set()
    for n, rounds, k, name in instances:
        if (n, rounds, k) in done or (wanted is not None and (n, rounds, k) not in wanted):
            continue
        done.add((n, rounds, k))
        row = run_instance(n, rounds, k, name, time_limit, seed, safety_cut)
        rows.append(row)
        if log:
            log(row)
    return rows


def format_row(row: dict[str, Any]) -> str:
    best = fmt_tuple(row["best_known"]) if row["best_known"] else "open"
    mark = "reached" if row["reached"] else ("" if row["best_known"] is None else "MISSED")
    return (
        f"{row['instance']:<13} objective {fmt_tuple(row['objective']):<18} bound {fmt_tuple(row['lower_bound']):<18} "
        f"best known {best:<18} {row['status']:<8} {row['wall_time_s']:6.2f}s "
        f"({row['wall_time_s'] / row['budget_s']:4.0%} of budget) {mark:<7} {row['method']}"
    )


def summary(rows: Sequence[dict[str, Any]]) -> list[str]:
    with_best = [r for r in rows if r["best_known"] is not None]
    reached = [r for r in with_best if r["reached"]]
    repeat_free = [r for r in with_best if r["best_known"] == list(REPEAT_FREE)]
    fast = [r for r in repeat_free if r["reached"] and r["wall_time_s"] < FAST_SECONDS]
    open_rows = [r for r in rows if r["best_known"] is None]
    proven_open = [r for r in open_rows if r["status"] == "OPTIMAL"]
    worst = max(rows, key=lambda r: r["wall_time_s"] / r["budget_s"]) if rows else None
    lines = [
        f"reached the best known draw on {len(reached)} of {len(with_best)}",
        f"repeat-free draws known: {len(repeat_free)}; reached in under {FAST_SECONDS:g} s: {len(fast)}",
        f"open instances (no best known value): {len(open_rows)}, of which Rondo proves the optimum of "
        f"{len(proven_open)} (objective = lower bound)",
    ]
    missed = [r["instance"] for r in with_best if not r["reached"]]
    if missed:
        lines.append("missed: " + ", ".join(missed))
    unproven = [
        f"{r['instance']} {fmt_tuple(r['objective'])} vs {fmt_tuple(r['lower_bound'])}"
        for r in open_rows
        if r["status"] != "OPTIMAL"
    ]
    if unproven:
        lines.append("still open (objective vs lower bound): " + "; ".join(unproven))
    if worst is not None:
        ratio = worst["wall_time_s"] / worst["budget_s"]
        verdict = "held" if ratio <= 1 + BUDGET_TOLERANCE else "OVERRUN"
        lines.append(
            f"budget {verdict}: largest wall time {worst['wall_time_s']:.2f} s of a {worst['budget_s']:g} s budget "
            f"({ratio:.0%}, {worst['instance']}); draws cut by the wall clock: {sum(1 for r in rows if not r['reproducible'])}"
        )
    return lines
