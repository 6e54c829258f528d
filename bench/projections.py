"""Exact projections of a mahjong league: time per player (issue 21's benchmark), printed, not asserted.

A synthetic league of ``--players`` players (4 rounds, 3 hanchans a match, tables of 4, the default
ruleset: uma 15/5, match uma, total then exact average place) with one or two rounds left: totals and
place sums as after the rounds played (random), the remaining rounds seated at random. For each
case, ``--sample`` players spread over the standings (every player when the sample is at least the
roster) are projected at the two cuts (top 8 into the playoff, top 3 for the prize places) on the
real outcome space (scores in 100-point steps, at least −50 000): CLINCHED / ELIMINATED / ALIVE /
ORGANIZER_DECISION each proved by CP-SAT, witnesses and "what do I need" included.

Printed per case: the mean and the largest time per player (both cuts), the ratio to the first case of
the same run (same machine, same load), the count of each status (CLINCHED / ELIMINATED / ALIVE /
UNKNOWN / ORGANIZER_DECISION over both cuts), how the questions were settled (by bounds, by a witness
scored exactly, by CP-SAT: docs/rules.md ``mahjong.projection.bounds-first``) and the statuses by cut.

    .venv/bin/python -m bench.projections [--players 24 200] [--rounds-left 1 2] [--sample 8] [--seed 1]
        [--time-limit 60] [--workers 1] [--min-score -50000]

``--min-score 0`` (no final score below zero) narrows every player's range, so that more answers are
settled by bounds or need CP-SAT.
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
from solver.domain.projection.problem import (
    Cut,
    HanchanOutcomes,
    MahjongProjectionProblem,
    Need,
    ProjectionStatus,
    RemainingMatch,
    Standing,
)

ROUNDS = 4
TABLE_SIZE = 4
HANCHANS = 3
CUTS = (Cut("playoff", 8), Cut("prize", 3))


def synthetic_problem(
    players: int, rounds_left: int, seed: int, sample: int, time_limit_s: float, workers: int = 1, min_score: int = -50_000
) -> MahjongProjectionProblem:
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
        num_workers=workers,
        outcomes=HanchanOutcomes(min_score=min_score),
    )


def run_case(
    players: int, rounds_left: int, seed: int, sample: int, time_limit_s: float, workers: int = 1, min_score: int = -50_000
) -> dict:
    problem = synthetic_problem(players, rounds_left, seed, sample, time_limit_s, workers, min_score)
    per_player: list[float] = []
    statuses: Counter[str] = Counter()
    counts: Counter[ProjectionStatus] = Counter()
    proofs: Counter[str] = Counter()
    needs: Counter[str] = Counter()
    for player in problem.players:
        started = time.perf_counter()
        result = project_mahjong(MahjongProjectionProblem(**{**problem.__dict__, "players": (player,)}))
        per_player.append(time.perf_counter() - started)
        statuses.update(f"{p.cut.name}:{p.status.value}" for p in result.projections)
        counts.update(p.status for p in result.projections)
        proofs.update(str(proof) for p in result.projections for _, proof in p.proofs)
        needs.update(need_label(p.need) for p in result.projections if p.need is not None)
    return {
        "players": players,
        "rounds_left": rounds_left,
        "projected": len(problem.players),
        "mean_s": statistics.fmean(per_player),
        "max_s": max(per_player),
        "statuses": dict(sorted(statuses.items())),
        "counts": {s.value: counts[s] for s in ProjectionStatus},
        "proofs": dict(sorted(proofs.items())),
        "needs": dict(sorted(needs.items())),
    }


def need_label(need: Need) -> str:
    if not need.proven:
        return "unproven"
    return "none" if need.place is None else f"{need.place}"


STATUS_COLUMNS = {
    ProjectionStatus.CLINCHED: "clinched",
    ProjectionStatus.ELIMINATED: "eliminated",
    ProjectionStatus.ALIVE: "alive",
    ProjectionStatus.UNKNOWN: "unknown",
    ProjectionStatus.ORGANIZER_DECISION: "organizer",
}


def format_rows(rows: Sequence[dict]) -> list[str]:
    """One line per case: time per player, the count of each status over both cuts, how the questions
    were settled (bounds / witness / cp_sat, when the projection reports it) and the statuses by cut."""
    base = rows[0]["mean_s"] if rows else 1.0
    header = " ".join(f"{name:>10}" for name in STATUS_COLUMNS.values())
    out = [
        f"{'players':>7} {'left':>4} {'projected':>9} {'mean s/player':>13} {'max s':>7} {'vs first':>8} {header}  proofs; by cut"
    ]
    for r in rows:
        counts = " ".join(f"{r['counts'].get(s.value, 0):>10}" for s in STATUS_COLUMNS)
        proofs = ", ".join(f"{k}={v}" for k, v in r.get("proofs", {}).items()) or "-"
        needs = ", ".join(f"{k}={v}" for k, v in r.get("needs", {}).items()) or "-"
        statuses = ", ".join(f"{k}={v}" for k, v in r["statuses"].items())
        out.append(
            f"{r['players']:>7} {r['rounds_left']:>4} {r['projected']:>9} {r['mean_s']:>13.3f} {r['max_s']:>7.2f} "
            f"{r['mean_s'] / base:>7.1f}x {counts}  {proofs}; need {needs}; {statuses}"
        )
    return out


def main(argv: Sequence[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[24, 200])
    parser.add_argument("--rounds-left", type=int, nargs="+", default=[1, 2], choices=[1, 2, 3])
    parser.add_argument("--sample", type=int, default=8, help="players projected per case (spread over the standings)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per question")
    parser.add_argument("--workers", type=int, default=1, help="CP-SAT workers per question")
    parser.add_argument("--min-score", type=int, default=-50_000, help="the lowest final score of a hanchan left")
    args = parser.parse_args(argv)
    rows = [
        run_case(n, left, args.seed, args.sample, args.time_limit, args.workers, args.min_score)
        for n in args.players
        for left in args.rounds_left
    ]
    print("\n".join(format_rows(rows)))
    return rows


if __name__ == "__main__":
    main()
