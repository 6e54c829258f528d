"""`rondo draw`: the optimizer in this process, no server, for organizers trying a league size.

JSON form (``--json``)::

    {"players": 16, "rounds": 4, "table_size": 4, "seed": 7,
     "status": "OPTIMAL", "proven_optimal": true, "method": "construction", "wall_time_seconds": 0.01,
     "objective":   {"soft_violations": 0, "max_meetings": 1, "sum_repeat_pairs": 0,
                     "consecutive_repeats": 0, "max_player_repeats": 0},
     "lower_bound": {... same keys ...},
     "seat_imbalance": null,
     "work_budget": 800000, "work_used": 4480, "reproducible": true,
     "cpsat_deterministic_seconds_per_unit": 0.0, "search_work_used": 4480, "cpsat_deterministic_seconds_used": 0.0,
     "rounds_drawn": [[["P1", "P5", "P9", "P13"], ...], ...],   # rounds -> tables -> player ids
     "sit_outs": [["P3"], ...]}                                  # --sit-out: who sits out, per round

Players are named P1..PN in registration order. The same players, rounds, table size, seed and work
budget (with its CP-SAT exchange, ``--cpsat-per-unit``) give the same ``rounds_drawn`` on any machine unless ``reproducible`` is false (the time limit
stopped the search first; solver/domain/draw/work.py).
"""

from __future__ import annotations

import dataclasses
import os
import secrets

from solver.domain.draw import solve_draw
from solver.domain.draw.problem import DrawProblem, DrawResult
from solver.domain.draw.work import REFERENCE_RATE, WorkRate, work_for_time_limit

# The safety cut never goes below this, however long the process took to start.
MIN_SAFETY_CUT_S = 0.05
# What follows the solve in ``rondo draw``: the report, JSON and the exit (rondo_app/cli.py ends the
# process at once after printing; measured 0.02-0.05 s on a loaded machine).
EXIT_RESERVE_S = 0.1


def process_age_s() -> float:
    """Seconds since this process started (Linux: /proc), 0.0 where that cannot be read. Python's
    start and the imports (OR-Tools, about a second on a loaded machine) count in an offline draw's
    time budget: the budget is what the organizer waits for the command."""
    try:
        with open("/proc/self/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def new_seed() -> int:
    return secrets.randbelow(2**31)


def draw_report(
    players: int,
    rounds: int,
    table_size: int,
    seed: int | None,
    time_limit: float,
    seat_balance: bool = False,
    work_budget: int = 0,
    count_process_start: bool = False,
    sit_out: int | None = None,
    rate: WorkRate = REFERENCE_RATE,
    cpsat_seconds_per_unit: float = 0.0,
) -> dict:
    """``work_budget`` 0: ``time_limit`` at this machine's work ``rate`` (``rondo draw`` measures it:
    solver/calibration.py), fixed before anything else happens; a given ``work_budget`` is spent with
    ``cpsat_seconds_per_unit`` (0: the reference exchange), as the report of the first draw says. With
    ``count_process_start`` (the ``rondo draw`` command) the wall-clock safety cut is ``time_limit``
    less the time the process has already lived, so the command as a whole stops within its budget;
    the work budget, and so the draw, stay what the requested budget gives (a start so slow that the
    cut fires first says ``reproducible: false``). ``sit_out``: a club night (docs/rules.md
    ``draw.sit-out.*``), so many sit out each round, 0 = N mod k; None: everyone plays."""
    if not work_budget and time_limit > 0:
        work_budget = work_for_time_limit(time_limit, rate.units_per_second, rate.overhead_s)
        cpsat_seconds_per_unit = rate.cpsat_seconds_per_unit
    if time_limit > 0 and count_process_start:
        time_limit = max(MIN_SAFETY_CUT_S, time_limit - process_age_s() - EXIT_RESERVE_S)
    problem = DrawProblem(
        players=tuple(f"P{i + 1}" for i in range(max(players, 0))),
        rounds=rounds,
        table_size=table_size,
        seat_balance=seat_balance,
        seed=new_seed() if seed is None else seed,
        time_limit_s=time_limit,
        work_budget=work_budget,
        sit_out=sit_out,
        cpsat_seconds_per_unit=cpsat_seconds_per_unit,
    )
    return report(problem, solve_draw(problem))


def report(problem: DrawProblem, result: DrawResult) -> dict:
    return {
        "players": len(problem.players),
        "rounds": problem.rounds,
        "table_size": problem.table_size,
        "seed": result.seed,
        "status": result.status.value,
        "proven_optimal": result.proven_optimal,
        "method": result.method,
        "wall_time_seconds": round(result.wall_time_s, 4),
        "objective": dataclasses.asdict(result.objective) if result.objective else None,
        "lower_bound": dataclasses.asdict(result.lower_bound),
        "seat_imbalance": result.seat_imbalance,
        "work_budget": result.work_budget,
        "work_used": result.work_used,
        "cpsat_deterministic_seconds_per_unit": result.cpsat_seconds_per_unit,
        "search_work_used": result.search_work_used,
        "cpsat_deterministic_seconds_used": result.cpsat_deterministic_s_used,
        "reproducible": result.reproducible,
        "notes": list(result.notes),
        "rounds_drawn": [[list(table) for table in rnd] for rnd in result.draw],
        "sit_outs": [list(sitting) for sitting in result.sit_outs],
    }


def render_text(r: dict) -> str:
    o, b = r["objective"] or {}, r["lower_bound"]
    lines = [
        f"{r['players']} players, {r['rounds']} rounds, tables of {r['table_size']}, seed {r['seed']}",
        f"status {r['status']} (proven optimal: {'yes' if r['proven_optimal'] else 'no'}) by {r['method']} in {r['wall_time_seconds']:.3f} s",
        f"largest number of meetings of a pair: {o.get('max_meetings')} (bound {b['max_meetings']})",
        f"repeated meetings, sum of C(m,2): {o.get('sum_repeat_pairs')} (bound {b['sum_repeat_pairs']})",
        f"repeats in consecutive rounds: {o.get('consecutive_repeats')} (bound {b['consecutive_repeats']})",
        f"most repeated meetings of one player: {o.get('max_player_repeats')} (bound {b['max_player_repeats']})",
    ]
    lines.append(
        f"work {r['work_used']} of {r['work_budget']} units: "
        + (
            f"reproducible with this seed and work budget (--seed {r['seed']} --work {r['work_budget']}"
            + (
                f" --cpsat-per-unit {r['cpsat_deterministic_seconds_per_unit']!r})"
                if r["cpsat_deterministic_seconds_per_unit"]
                else ")"
            )
            if r["reproducible"]
            else "cut by the time limit, cannot be re-run"
        )
    )
    if r["seat_imbalance"] is not None:
        lines.append(f"seat imbalance: {r['seat_imbalance']}")
    lines += [f"note: {n}" for n in r["notes"]]
    width = len(str(r["players"])) + 1
    for number, rnd in enumerate(r["rounds_drawn"], 1):
        lines.append(f"round {number}")
        for t, table in enumerate(rnd, 1):
            lines.append(f"  table {t:>3}: " + " ".join(p.rjust(width) for p in table))
        if r["sit_outs"]:
            lines.append("  sitting out: " + " ".join(p.rjust(width) for p in r["sit_outs"][number - 1]))
    return "\n".join(lines)
