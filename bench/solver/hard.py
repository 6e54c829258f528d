"""Hard instances, with a longer budget: what Rondo reaches, next to the restarts baseline.

* 32 players x 10 rounds, tables of 4: the social golfer problem 8-4-10, notoriously hard for
  search. A repeat-free solution exists (Aguado 2004); Rondo ships one (``designs.py``).
* 40 players x 13 rounds, tables of 4: every player meets all 39 others exactly once, a resolvable
  (40, 4, 1) design; Rondo ships one (``designs.py``, developed from one base round mod 13).
* 16 players x 5 rounds, tables of 4: the affine plane AG(2, 4); zero repeats are possible.
* 36 players x 13 rounds, tables of 4: over-full (13 x 3 > 35), the open one: no design is known
  whose repeated rounds would meet the counting bound, and the model is too large for CP-SAT; we
  print the objective the search reaches within the budget.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from bench.solver import baselines
from bench.solver.common import RESTARTS, fmt_tuple, make_problem, measured_row, rondo_row
from bench.solver.measure import measure
from solver.domain.draw import solve_draw
from solver.domain.draw.bounds import lexicographic_lower_bound

HARD_INSTANCES = (
    (32, 10, 4, "social golfer 8-4-10"),
    (40, 13, 4, "resolvable (40,4,1) design"),
    (16, 5, 4, "affine plane AG(2,4)"),
    (36, 13, 4, "over-full, open"),
)


def run_hard(time_limit: float = 60.0, seed: int = 1, shuffles: int = 1000) -> list[dict[str, Any]]:
    rows = []
    for n, rounds, k, name in HARD_INSTANCES:
        problem = make_problem(n, rounds, k, seed, time_limit)
        row = rondo_row(n, problem, solve_draw)
        row.update(
            instance=f"{n}x{rounds} k={k} ({name})", rounds=rounds, bound=list(lexicographic_lower_bound(problem).as_tuple())
        )
        rows.append(row)
        m = measure(
            partial(baselines.round_by_round_restarts, problem.players, rounds, k, random.Random(seed), shuffles=shuffles)
        )
        row = measured_row(
            n, RESTARTS, problem, m, status="FEASIBLE", proven=False, lower=None, draw=m.value, note=f"{shuffles} shuffles/round"
        )
        row.update(instance=f"{n}x{rounds} k={k} ({name})", rounds=rounds)
        rows.append(row)
    return rows


def format_hard(rows: Sequence[dict[str, Any]]) -> str:
    lines = ["hard instances (objective = soft, max meetings, sum C(m,2), consecutive, max player repeats)"]
    for r in rows:
        lines.append(
            f"  {r['instance']:<40} {r['method']:<9} {r['status']:<9} objective {fmt_tuple(r['objective'])}"
            f"  proven {'yes' if r['proven'] else 'no '}  lower bound {fmt_tuple(r['lower_bound'])}"
            f"  {r['wall_time_s']:.2f}s  RSS +{r['peak_rss_delta_mb']:.1f} MB  {r['note']}"
        )
    return "\n".join(lines)
