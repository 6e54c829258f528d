"""The work rate measured at one amount of work against the line through two (solver/calibration.py,
docs/rules.md ``draw.seed.reproducible``).

    python -m bench.solver.calibration_slope [--repeats 3] [--budgets 2,10]

For each repeat, on this machine, now: the tabu search and CP-SAT each run at a small and a large
amount of work (``RUNS`` times, the medians); printed per search: the large run's average rate (what
one measurement gives: its fixed overhead mixed into the rate), the slope of the line through both
(the rate once a run is going), the overhead (the intercept) and the slope as a ratio of the average.
Then, per time budget, the work budget the old single-run rate gave and the one the slope and the
overhead give, with their ratio. Figures only, never asserted (machine-dependent by design).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable, Sequence
from functools import partial

from solver.calibration import (
    CPSAT_DETERMINISTIC_S,
    CPSAT_DETERMINISTIC_S_SMALL,
    RUNS,
    SEARCH_UNITS,
    SEARCH_UNITS_SMALL,
    Run,
    measure_cpsat,
    measure_search,
)
from solver.domain.draw.work import calibrated_rate, rate_line, work_for_time_limit


def measure(repeats: int, budgets: Sequence[float]) -> list[str]:
    lines = []
    for repeat in range(1, repeats + 1):
        found = {}
        searches: tuple[tuple[str, Callable[[], Run], Callable[[], Run]], ...] = (
            ("tabu units/s", partial(measure_search, SEARCH_UNITS_SMALL), partial(measure_search, SEARCH_UNITS)),
            (
                "CP-SAT det. s/s",
                partial(measure_cpsat, CPSAT_DETERMINISTIC_S_SMALL),
                partial(measure_cpsat, CPSAT_DETERMINISTIC_S),
            ),
        )
        for name, run_small, run_large in searches:
            smalls = [run_small() for _ in range(RUNS)]
            larges = [run_large() for _ in range(RUNS)]
            sw, ss = statistics.median(w for w, _ in smalls), statistics.median(s for _, s in smalls)
            lw, ls = statistics.median(w for w, _ in larges), statistics.median(s for _, s in larges)
            line = rate_line(sw, ss, lw, ls)
            average = lw / ls if ls else 0.0
            found[name] = (average, line)
            ratio = line.per_second / average if average else float("nan")
            lines.append(
                f"repeat {repeat}  {name:<16} one run {average:>12.4g}  slope {line.per_second:>12.4g}  "
                f"overhead {line.overhead_s:.3f} s  slope/one run {ratio:.2f}"
            )
        (search_avg, search_line), (cpsat_avg, cpsat_line) = found["tabu units/s"], found["CP-SAT det. s/s"]
        before = calibrated_rate(search_avg, cpsat_avg)
        after = calibrated_rate(
            search_line.per_second, cpsat_line.per_second, overhead_s=search_line.overhead_s + cpsat_line.overhead_s
        )
        for budget in budgets:
            old = work_for_time_limit(budget, before.units_per_second)
            new = work_for_time_limit(budget, after.units_per_second, after.overhead_s)
            lines.append(
                f"repeat {repeat}  {budget:g} s budget: {old} units at the one-run rate, {new} at the slope after "
                f"{after.overhead_s:.3f} s of overhead (ratio {new / old:.2f})"
            )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solver.calibration_slope", description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--budgets", default="2,10", help="time budgets in seconds, comma-separated")
    args = parser.parse_args(argv)
    try:
        budgets = [float(b) for b in args.budgets.split(",") if b.strip()]
    except ValueError:
        parser.error("--budgets: seconds, comma-separated")
    if args.repeats < 1 or not budgets or any(b <= 0 for b in budgets):
        parser.error("--repeats at least 1 and positive --budgets")
    for line in measure(args.repeats, budgets):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
