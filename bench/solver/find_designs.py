"""Re-derive the stored developed designs of ``solver/domain/draw/designs.py`` (offline, CP-SAT).

A *developed design* (``designs.DevelopedDesign``): N = orbits * m + fixed players, player
``i * m + a`` is the point ``(i, a)`` of orbit ``i`` (a in Z_m), players ``orbits * m + j`` are fixed
points. A *base round* is a partition of the players into tables of k; translating every orbit point
by ``x`` (``(i, a) -> (i, a + x)``, fixed points stay) gives round ``x``, so one base round gives m
rounds (``classes`` base rounds give ``classes * m``). No pair meets twice in the developed rounds
exactly when every *pair orbit* is used at most once by the base rounds' tables:

    (i, a), (j, b), i < j       mixed difference (i, j, b - a mod m)
    (i, a), (i, b)              pure difference (i, +-(b - a)); the difference m/2 (m even) is
                                a short orbit and never allowed
    (i, a), fixed point f       (i, f)
    two fixed points            never allowed (they would meet in every round)

This module states that as a CP-SAT model (x[c][p][b]: player p at table b of base round c) and
solves it with one worker and a fixed seed, so the same command gives the same base rounds with the
same OR-Tools version; ``designs.py`` stores the result and a test checks it independently. Usage::

    python -m bench.solver.find_designs --players 40 --table-size 4 --modulus 13 --orbits 3 \\
        --fixed 1 [--classes 1] [--multiplier 3 --invariant-tables 1] [--seed 0] [--time-limit 600]

prints the base rounds as a Python literal.

``--difference-matrix 6 --rows 5`` instead finds the rows of a difference matrix over
Z_2 x Z_6 (``designs.DIFFERENCE_MATRIX_Z2_Z6``): ``rows`` rows of 12 elements (element ``6a + b`` is
``(a, b)``), row 0 the identity, column 0 zero, every row a permutation and every difference of two
rows a permutation (with the implicit zero row: a (12, rows + 1, 1) difference matrix).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict

from ortools.sat.python import cp_model


def pair_orbit(p: int, q: int, m: int, orbits: int) -> tuple | None:
    """The orbit of the pair {p, q} under the translations, or None when it may never be used."""
    if p > q:
        p, q = q, p
    fp, fq = p >= orbits * m, q >= orbits * m
    if fp and fq:
        return None
    if fq:
        return ("fixed", p // m, q)
    i, a = divmod(p, m)
    j, b = divmod(q, m)
    if i != j:
        return ("mixed", i, j, (b - a) % m)
    d = (b - a) % m
    if 2 * d == m:
        return None
    return ("pure", i, min(d, m - d))


def multiplier_order(w: int, m: int) -> int:
    order, power = 1, w % m
    while power != 1:
        power = power * w % m
        order += 1
        if order > m:
            raise ValueError(f"{w} is not a unit mod {m}")
    return order


def find_base_rounds(
    players: int,
    k: int,
    m: int,
    orbits: int,
    fixed: int,
    classes: int = 1,
    seed: int = 0,
    time_limit: float = 600.0,
    multiplier: int = 1,
    invariant_tables: int = 0,
) -> list[list[list[int]]] | None:
    """Base rounds (tables of player indices) whose development mod m repeats no pair, or None.

    ``multiplier`` w > 1 also asks each base round to be invariant under (i, a) -> (i, w a) (fixed
    points stay): tables 0 .. ``invariant_tables``-1 are mapped onto themselves, the others in
    cycles of the order s of w (tables ``F + g s + r -> F + g s + (r + 1) mod s``). A smaller
    search space, which is what makes the larger designs (40 players) quick to find."""
    if orbits * m + fixed != players or players % k or fixed > players // k:
        raise ValueError("need players = orbits * m + fixed, a multiple of k, at most one fixed point a table")
    tables = players // k
    model = cp_model.CpModel()
    x = [[[model.new_bool_var(f"x{c}_{p}_{b}") for b in range(tables)] for p in range(players)] for c in range(classes)]
    by_orbit: dict[tuple, list] = defaultdict(list)
    for c in range(classes):
        for p in range(players):
            model.add_exactly_one(x[c][p])
        for b in range(tables):
            model.add(sum(x[c][p][b] for p in range(players)) == k)
        for j in range(fixed):  # fixed points sit at distinct tables: put fixed point j at table j
            model.add(x[c][orbits * m + j][j] == 1)
        if not fixed:
            model.add(x[c][0][0] == 1)
        for p in range(players):
            for q in range(p + 1, players):
                key = pair_orbit(p, q, m, orbits)
                if key is None:
                    for b in range(tables):
                        model.add_bool_or([x[c][p][b].Not(), x[c][q][b].Not()])
                    continue
                together = model.new_bool_var(f"y{c}_{p}_{q}")
                for b in range(tables):
                    model.add_bool_or([x[c][p][b].Not(), x[c][q][b].Not(), together])
                by_orbit[key].append(together)
    for uses in by_orbit.values():
        model.add_at_most_one(uses)
    if multiplier != 1:
        s = multiplier_order(multiplier, m)
        first = max(invariant_tables, fixed)
        if (tables - first) % s:
            raise ValueError(f"{tables - first} tables do not split into cycles of {s}")

        def image(p: int) -> int:
            return p if p >= orbits * m else p - p % m + (p % m) * multiplier % m

        def table_image(b: int) -> int:
            if b < first:
                return b
            g, r = divmod(b - first, s)
            return first + g * s + (r + 1) % s

        for c in range(classes):
            for p in range(players):
                for b in range(tables):
                    model.add(x[c][image(p)][table_image(b)] == x[c][p][b])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.solve(model)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    found = []
    for c in range(classes):
        round_ = [[p for p in range(players) if solver.value(x[c][p][b])] for b in range(tables)]
        found.append(sorted(round_))
    return found


def find_difference_matrix(half: int, rows: int, seed: int = 0, time_limit: float = 600.0) -> list[list[int]] | None:
    """Rows over Z_2 x Z_half (element ``half * a + b``), see the module docstring, or None."""
    n = 2 * half
    model = cp_model.CpModel()
    a = [[model.new_int_var(0, 1, f"a{i}_{c}") for c in range(n)] for i in range(rows)]
    b = [[model.new_int_var(0, half - 1, f"b{i}_{c}") for c in range(n)] for i in range(rows)]
    e = [[model.new_int_var(0, n - 1, f"e{i}_{c}") for c in range(n)] for i in range(rows)]
    for c in range(n):
        model.add(a[0][c] == c // half)
        model.add(b[0][c] == c % half)
    for i in range(rows):
        model.add(a[i][0] == 0)
        model.add(b[i][0] == 0)
        for c in range(n):
            model.add(e[i][c] == half * a[i][c] + b[i][c])
        model.add_all_different(e[i])
    for i in range(rows):
        for j in range(i + 1, rows):
            codes = []
            for c in range(n):
                da, db = model.new_int_var(0, 1, ""), model.new_int_var(0, half - 1, "")
                model.add_modulo_equality(da, a[i][c] - a[j][c] + 2, 2)
                model.add_modulo_equality(db, b[i][c] - b[j][c] + half, half)
                code = model.new_int_var(0, n - 1, "")
                model.add(code == half * da + db)
                codes.append(code)
            model.add_all_different(codes)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    solver.parameters.max_time_in_seconds = time_limit
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [[solver.value(e[i][c]) for c in range(n)] for i in range(rows)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solver.find_designs", description=__doc__.split("\n")[0])
    parser.add_argument("--difference-matrix", type=int, metavar="HALF", help="find a difference matrix over Z_2 x Z_HALF")
    parser.add_argument("--rows", type=int, default=5)
    parser.add_argument("--players", type=int)
    parser.add_argument("--table-size", type=int)
    parser.add_argument("--modulus", type=int)
    parser.add_argument("--orbits", type=int)
    parser.add_argument("--fixed", type=int, default=0)
    parser.add_argument("--classes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--multiplier", type=int, default=1, help="also invariant under (i, a) -> (i, w a)")
    parser.add_argument("--invariant-tables", type=int, default=0, help="tables the multiplier maps onto themselves")
    parser.add_argument("--time-limit", type=float, default=600.0)
    args = parser.parse_args(argv)
    if args.difference_matrix:
        matrix = find_difference_matrix(args.difference_matrix, args.rows, args.seed, args.time_limit)
        if matrix is None:
            print("no difference matrix found", file=sys.stderr)
            return 1
        print(tuple(tuple(row) for row in matrix))
        return 0
    if None in (args.players, args.table_size, args.modulus, args.orbits):
        parser.error("--players, --table-size, --modulus and --orbits are required")
    found = find_base_rounds(
        args.players,
        args.table_size,
        args.modulus,
        args.orbits,
        args.fixed,
        args.classes,
        args.seed,
        args.time_limit,
        args.multiplier,
        args.invariant_tables,
    )
    if found is None:
        print("no base rounds found", file=sys.stderr)
        return 1
    print(tuple(tuple(tuple(table) for table in round_) for round_ in found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
