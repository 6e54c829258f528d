"""The draw benchmark: Rondo's optimizer and the baselines side by side, in one process.

For every size N (R rounds, tables of k) the same problem goes to:

    rondo        ``solver.domain.draw.solve_draw`` (time limit ``time_limit``)
    restarts     round by round, best of 1000 shuffles (``baselines.round_by_round_restarts``)
    random       independent random rounds (``baselines.independent_random_rounds``)
    plain-cpsat  the CP-SAT model without bounds or hint, ``time_limit``, only N <= baseline_max_n

Every draw is checked with ``check_draw`` and scored with the draw engine's ``evaluate`` (the
lexicographic DrawObjective). Memory (see ``measure.py``): ``peak_rss_delta_mb`` for every method,
sampled during the timed run; for Rondo also ``python_heap_peak_mb``, the tracemalloc peak of a
second, untimed run with the same seed. The memory target uses the larger of the two.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from bench.solver import baselines
from bench.solver.common import (
    PLAIN_CPSAT,
    RANDOM,
    RESTARTS,
    RONDO,
    fmt_tuple,
    make_problem,
    measured_row,
    rate_line,
    rondo_row,
)
from bench.solver.designs import format_row, run_designs, summary
from bench.solver.hard import format_hard, run_hard
from bench.solver.measure import measure, process_peak_rss_bytes, python_heap_peak_mb
from solver.domain.draw import solve_draw
from solver.domain.draw.bounds import lexicographic_lower_bound

DEFAULT_SIZES = (8, 12, 16, 20, 24, 32, 48, 64, 128, 256, 1000, 10000)
BASELINES = (RESTARTS, RANDOM, PLAIN_CPSAT)

# Targets (docs/architecture.md quality bars, the draw issue)
SMALL_N = 64
SMALL_SECONDS = 1.0
LARGE_N = 10000
LARGE_SECONDS = 10.0
LARGE_MB = 500.0


def _skipped(n: int, method: str, why: str) -> dict[str, Any]:
    return {
        "n": n,
        "method": method,
        "status": "SKIPPED",
        "objective": None,
        "proven": False,
        "lower_bound": None,
        "wall_time_s": None,
        "peak_rss_delta_mb": None,
        "vs_baselines": None,
        "note": why,
    }


def compare(rondo: Sequence[int] | None, others: dict[str, Sequence[int] | None]) -> str:
    """'beats all' / 'ties or beats all (ties: ...)' / 'WORSE than ...' over baselines with a draw."""
    if rondo is None:
        return "no draw"
    with_draw = {m: tuple(o) for m, o in others.items() if o is not None}
    worse = [m for m, o in with_draw.items() if tuple(rondo) > o]
    ties = [m for m, o in with_draw.items() if tuple(rondo) == o]
    if worse:
        return "WORSE than " + ", ".join(worse)
    if ties:
        return "ties or beats all (ties: " + ", ".join(ties) + ")"
    return "beats all"


def run_benchmark(
    sizes: Sequence[int] = DEFAULT_SIZES,
    rounds: int = 4,
    table_size: int = 4,
    seed: int = 1,
    time_limit: float = 10.0,
    baseline_max_n: int = 64,
    *,
    shuffles: int = 1000,
    python_heap: bool = True,
    log: Callable[[dict[str, Any]], None] | None = None,
) -> list[dict[str, Any]]:
    """One row per (size, method); Rondo's row says how it compares with every baseline."""
    rows: list[dict[str, Any]] = []

    def emit(row: dict[str, Any]) -> dict[str, Any]:
        rows.append(row)
        if log:
            log(row)
        return row

    for n in sizes:
        problem = make_problem(n, rounds, table_size, seed, time_limit)
        bound = lexicographic_lower_bound(problem)
        per_size: dict[str, dict[str, Any]] = {}

        per_size[RONDO] = rondo_row(n, problem, solve_draw)
        if python_heap:
            per_size[RONDO]["python_heap_peak_mb"] = round(python_heap_peak_mb(partial(solve_draw, problem)), 1)

        m = measure(
            partial(
                baselines.round_by_round_restarts, problem.players, rounds, table_size, random.Random(seed), shuffles=shuffles
            )
        )
        per_size[RESTARTS] = measured_row(
            n, RESTARTS, problem, m, status="FEASIBLE", proven=False, lower=None, draw=m.value, note=f"{shuffles} shuffles/round"
        )

        m = measure(partial(baselines.independent_random_rounds, problem.players, rounds, table_size, random.Random(seed)))
        per_size[RANDOM] = measured_row(n, RANDOM, problem, m, status="FEASIBLE", proven=False, lower=None, draw=m.value)

        if n <= baseline_max_n:
            m = measure(partial(baselines.plain_cpsat, problem, time_limit))
            cp = m.value
            per_size[PLAIN_CPSAT] = measured_row(
                n,
                PLAIN_CPSAT,
                problem,
                m,
                status=cp.status.value,
                proven=cp.proven_optimal,
                lower=cp.lower_bound,
                draw=cp.draw,
                note="" if cp.draw else "no draw within the time limit",
            )
        else:
            per_size[PLAIN_CPSAT] = _skipped(
                n, PLAIN_CPSAT, f"N > {baseline_max_n} (--baseline-max-n): too large for a full CP-SAT model"
            )

        rondo = per_size[RONDO]
        rondo["vs_baselines"] = compare(rondo["objective"], {b: per_size[b]["objective"] for b in BASELINES})
        rondo["equals_bound"] = rondo["objective"] == list(bound.as_tuple())
        emit(rondo)
        for b in BASELINES:
            emit(per_size[b])
    return rows


# -- reporting ---------------------------------------------------------------------------------


def format_table(rows: Sequence[dict[str, Any]]) -> str:
    header = (
        "N",
        "method",
        "status",
        "objective",
        "proven",
        "lower bound",
        "wall s",
        "RSS+ MB",
        "heap MB",
        "vs baselines / note",
    )
    lines = [header]
    for r in rows:
        wall = "-" if r["wall_time_s"] is None else f"{r['wall_time_s']:.3f}"
        mem = "-" if r["peak_rss_delta_mb"] is None else f"{r['peak_rss_delta_mb']:.1f}"
        extra = r["vs_baselines"] or r["note"]
        if r["vs_baselines"] and r["note"]:
            extra = f"{r['vs_baselines']} [{r['note']}]"
        heap = "-" if r.get("python_heap_peak_mb") is None else f"{r['python_heap_peak_mb']:.1f}"
        lines.append(
            (
                str(r["n"]),
                r["method"],
                r["status"],
                fmt_tuple(r["objective"]),
                "yes" if r["proven"] else "no",
                fmt_tuple(r["lower_bound"]),
                wall,
                mem,
                heap,
                extra or "",
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = []
    for i, line in enumerate(lines):
        out.append("  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip())
        if i == 0:
            out.append("  ".join("-" * w for w in widths))
    return "\n".join(out)


def check_targets(rows: Sequence[dict[str, Any]]) -> list[tuple[str, bool | None, str]]:
    """(target, passed or None when not measured, details)."""
    rondo = {r["n"]: r for r in rows if r["method"] == RONDO}
    targets: list[tuple[str, bool | None, str]] = []

    small = [r for n, r in sorted(rondo.items()) if n <= SMALL_N]
    if small:
        bad = [
            f"N={r['n']} ({'proven' if r['proven'] else 'not proven'}, {r['wall_time_s']:.2f}s)"
            for r in small
            if not (r["proven"] and r["wall_time_s"] < SMALL_SECONDS)
        ]
        targets.append(
            (
                f"N <= {SMALL_N}: proven optimum in < {SMALL_SECONDS:g} s",
                not bad,
                "all sizes" if not bad else "failed: " + ", ".join(bad),
            )
        )
    else:
        targets.append((f"N <= {SMALL_N}: proven optimum in < {SMALL_SECONDS:g} s", None, "not measured"))

    large = rondo.get(LARGE_N)
    name = f"N = {LARGE_N}: zero repeats in < {LARGE_SECONDS:g} s and < {LARGE_MB:g} MB"
    if large:
        zero = large["objective"] is not None and large["objective"][2] == 0 and large["objective"][1] <= 1
        memory = max(large["peak_rss_delta_mb"], large.get("python_heap_peak_mb") or 0.0)
        ok = zero and large["wall_time_s"] < LARGE_SECONDS and memory < LARGE_MB
        targets.append(
            (
                name,
                ok,
                f"objective {fmt_tuple(large['objective'])}, {large['wall_time_s']:.2f}s, "
                f"RSS +{large['peak_rss_delta_mb']:.1f} MB, "
                f"Python heap peak {large.get('python_heap_peak_mb')} MB",
            )
        )
    else:
        targets.append((name, None, "not measured"))

    worse = [
        f"N={n}: {r['vs_baselines']}"
        for n, r in sorted(rondo.items())
        if r["vs_baselines"] is None or not (r["vs_baselines"].startswith(("beats", "ties")))
    ]
    targets.append(
        ("Rondo <= every baseline on the objective, every N", not worse, "all sizes" if not worse else "; ".join(worse))
    )
    return targets


def format_targets(targets: Sequence[tuple[str, bool | None, str]]) -> str:
    lines = []
    for name, ok, details in targets:
        mark = "PASS" if ok else ("n/a " if ok is None else "FAIL")
        lines.append(f"[{mark}] {name}: {details}")
    measured = [ok for _, ok, _ in targets if ok is not None]
    verdict = "ALL TARGETS MET" if measured and all(measured) else "TARGETS NOT MET"
    if any(ok is None for _, ok, _ in targets):
        verdict += " (some not measured)"
    lines.append(f"SUMMARY: {verdict}; process peak RSS {process_peak_rss_bytes() / 2**20:.0f} MB")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.solver",
        description="Rondo's draw optimizer vs baselines (round-by-round restarts, random rounds, plain CP-SAT).",
    )
    parser.add_argument(
        "--sizes",
        type=lambda s: [int(x) for x in s.split(",") if x],
        default=list(DEFAULT_SIZES),
        help="comma-separated N (default: %(default)s)",
    )
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--table-size", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--time-limit", type=float, default=10.0, help="seconds for Rondo and for plain CP-SAT (default: %(default)s)"
    )
    parser.add_argument("--baseline-max-n", type=int, default=64, help="largest N given to plain CP-SAT (default: %(default)s)")
    parser.add_argument("--shuffles", type=int, default=1000, help="restarts baseline: shuffles per round")
    parser.add_argument(
        "--json", nargs="?", const="-", metavar="PATH", help="also write the rows as JSON (to PATH, or stdout when no PATH)"
    )
    parser.add_argument(
        "--hard", action="store_true", help="run the hard instances instead (32x10 social golfer 8-4-10, 40x13, 16x5, 36x13)"
    )
    parser.add_argument("--hard-time-limit", type=float, default=60.0)
    parser.add_argument(
        "--designs",
        action="store_true",
        help="run the design instances (KTS, NKTS, resolvable designs, MOLS, over-full seasons) and the sweep "
        "k=3..5, R<=13, N<=64 against the best known draws",
    )
    parser.add_argument("--designs-time-limit", type=float, default=3.0, help="budget per design instance (default: %(default)s)")
    parser.add_argument("--no-sweep", action="store_true", help="--designs: only the issue's instances")
    parser.add_argument(
        "--designs-safety-cut",
        type=float,
        default=None,
        help="--designs: the wall-clock safety cut in seconds (default: the budget); with RONDO_SOLVER_WORK_UNITS_PER_SECOND "
        "set to another machine's rate, draws what that machine would in the budget",
    )
    parser.add_argument(
        "--only",
        type=lambda s: [tuple(int(x) for x in item.split("x")) for item in s.split(",") if item],
        help="--designs: only these instances, as NxRxK (e.g. 15x7x3,25x10x5)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m bench.solver`` (and ``rondo bench``); 0 when every target is met."""
    args = parse_args(argv)
    if args.designs:
        return _designs(args)
    if args.hard:
        rows = run_hard(time_limit=args.hard_time_limit, seed=args.seed, shuffles=args.shuffles)
        print(rate_line())
        print(format_hard(rows))
        if args.json:
            _write_json(args.json, rows)
        return 0

    def progress(row: dict[str, Any]) -> None:
        print(
            f"  done N={row['n']:<6} {row['method']:<12} {row['status']:<9} "
            f"{fmt_tuple(row['objective'])} "
            f"{'-' if row['wall_time_s'] is None else format(row['wall_time_s'], '.3f') + 's'}",
            file=sys.stderr,
            flush=True,
        )

    print(
        f"draw benchmark: R={args.rounds}, k={args.table_size}, seed={args.seed}, "
        f"time limit {args.time_limit:g}s, plain CP-SAT up to N={args.baseline_max_n}; "
        f"objective = (soft, max meetings, sum C(m,2), consecutive, max player repeats); "
        f"RSS+ = peak RSS delta during the timed call (5 ms sampling); "
        f"heap = tracemalloc peak of an untimed rerun (Python only); {rate_line()}",
        flush=True,
    )
    rows = run_benchmark(
        args.sizes,
        args.rounds,
        args.table_size,
        args.seed,
        args.time_limit,
        args.baseline_max_n,
        shuffles=args.shuffles,
        log=progress,
    )
    print(format_table(rows))
    targets = check_targets(rows)
    print(format_targets(targets))
    if args.json:
        _write_json(args.json, rows)
    return 0 if all(ok is not False for _, ok, _ in targets) else 1


def _designs(args: argparse.Namespace) -> int:
    print(
        f"design benchmark: seed {args.seed}, {args.designs_time_limit:g} s budget per instance; "
        f"objective = (soft, max meetings, sum C(m,2), consecutive, max player repeats); {rate_line()}",
        flush=True,
    )
    rows = run_designs(
        args.designs_time_limit,
        args.seed,
        sweep=not args.no_sweep,
        only=args.only,
        safety_cut=args.designs_safety_cut,
        log=lambda row: print(format_row(row), flush=True),
    )
    for line in summary(rows):
        print(line)
    if args.json:
        _write_json(args.json, rows)
    return 0


def _write_json(path: str, rows: Sequence[dict[str, Any]]) -> None:
    text = json.dumps(list(rows), indent=2)
    if path == "-":
        print(text)
    else:
        with open(path, "w") as f:
            f.write(text + "\n")
