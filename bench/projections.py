"""Exact projections of a mahjong league: time per player (issue 21's benchmark), printed, not asserted.

A synthetic league of ``--players`` players (4 rounds, 3 hanchans a match, tables of 4, the default
ruleset: uma 15/5, match uma, total then exact average place) with one or two rounds left: totals and
place sums as after the rounds played (random), the remaining rounds seated at random. For each
case, ``--sample`` players spread over the standings (every player when the sample is at least the
roster) are projected at the two cuts (top 8 into the playoff, top 3 for the prize places) on the
real outcome space (scores in 100-point steps, at least −50 000): CLINCHED / ELIMINATED / ALIVE /
ORGANIZER_DECISION each proved by CP-SAT, witnesses and "what do I need" included.

Printed per case: the mean and the largest time per player (both cuts), the statuses found, and the
ratio to the 24-player, one-round-left case of the same run (the baseline: same machine, same load).

    .venv/bin/python -m bench.projections [--players 24 200] [--rounds-left 1 2] [--sample 8] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from solver.domain.projection.mahjong import project_mahjong
from solver.domain.projection.problem import Cut, MahjongProjectionProblem, RemainingMatch, Standing

ROUNDS = 4
TABLE_SIZE = 4
HANCHANS = 3
CUTS = (Cut("playoff", 8), Cut("prize", 3))


def synthetic_problem(players: int, rounds_left: int, seed: int, sample: int, time_limit_s: float) -> MahjongProjectionProblem:
    """Standings after ``ROUNDS - rounds_left`` rounds and a random seating of the rounds left."""
    rng = random.Random(seed)
    ids = [f"P{i:03d}" for i in range(1, players + 1)]
    played = (ROUNDS - rounds_left) * HANCHANS
    standings = []
    for p in ids:
        places = [rng.choice((1, 2, 3, 4)) for _ in range(played)]
        total = sum(rng.randrange(-400, 401) * 100 + (25 - 10 * k) * 1000 for k in places)
        standings.append(Standing(p, total, Fraction(sum(places)), played))
    remaining = []
    for r in range(ROUNDS - rounds_left + 1, ROUNDS + 1):
        order = ids[:]
        rng.shuffle(order)
        for t in range(players // TABLE_SIZE):
            remaining.append(RemainingMatch(r, t + 1, tuple(order[TABLE_SIZE * t : TABLE_SIZE * (t + 1)]), HANCHANS))
    ranked = sorted(standings, key=lambda s: -s.total)
    chosen = ranked if sample >= players else [ranked[round(i * (players - 1) / max(sample - 1, 1))] for i in range(sample)]
    return MahjongProjectionProblem(
        standings=tuple(standings),
        remaining=tuple(remaining),
        cuts=CUTS,
        players=tuple(s.player for s in chosen),
        time_limit_s=time_limit_s,
    )


def run_case(players: int, rounds_left: int, seed: int, sample: int, time_limit_s: float) -> dict:
    problem = synthetic_problem(players, rounds_left, seed, sample, time_limit_s)
    per_player: list[float] = []
    statuses: Counter[str] = Counter()
    for player in problem.players:
        started = time.perf_counter()
        result = project_mahjong(MahjongProjectionProblem(**{**problem.__dict__, "players": (player,)}))
        per_player.append(time.perf_counter() - started)
        statuses.update(f"{p.cut.name}:{p.status.value}" for p in result.projections)
    return {
        "players": players,
        "rounds_left": rounds_left,
        "projected": len(problem.players),
        "mean_s": statistics.fmean(per_player),
        "max_s": max(per_player),
        "statuses": dict(sorted(statuses.items())),
    }


def format_rows(rows: Sequence[dict]) -> list[str]:
    base = rows[0]["mean_s"] if rows else 1.0
    out = [f"{'players':>7} {'left':>4} {'projected':>9} {'mean s/player':>13} {'max s':>7} {'vs first':>8}  statuses"]
    for r in rows:
        statuses = ", ".join(f"{k}={v}" for k, v in r["statuses"].items())
        out.append(
            f"{r['players']:>7} {r['rounds_left']:>4} {r['projected']:>9} {r['mean_s']:>13.3f} {r['max_s']:>7.2f} "
            f"{r['mean_s'] / base:>7.1f}x  {statuses}"
        )
    return out


def main(argv: Sequence[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[24, 200])
    parser.add_argument("--rounds-left", type=int, nargs="+", default=[1, 2], choices=[1, 2, 3])
    parser.add_argument("--sample", type=int, default=8, help="players projected per case (spread over the standings)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per question")
    args = parser.parse_args(argv)
    rows = [run_case(n, left, args.seed, args.sample, args.time_limit) for n in args.players for left in args.rounds_left]
    print("\n".join(format_rows(rows)))
    return rows


if __name__ == "__main__":
    main()
