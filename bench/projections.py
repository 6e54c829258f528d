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

``--ruleset updown``: an Up&Down group of ``--players`` playing a double round robin (stage 1, the
Super League's cuts: the 8 leaders, and staying out of the last 8) with one or two rounds left, the
results so far drawn from the players' strengths (3 % unplayed); EVERY player is projected (bounds
first, CP-SAT for the rest), and the statuses count how many player-cuts CP-SAT had to answer.
``--played N``: only N rounds before those have results (close standings: the hard case).
``--ruleset cup``: a knockout bracket of ``--players`` padded to a power of two, one or two stages left
(the medal cuts); every player projected.

    .venv/bin/python -m bench.projections --ruleset updown [--players 24 200] [--rounds-left 1 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

from solver.domain.projection.cup import project_cup
from solver.domain.projection.cup.problem import CupProjectionProblem, CupStanding
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
from solver.domain.projection.updown import bounds, project_updown
from solver.domain.projection.updown.problem import PairPoints, RemainingGame, UpDownProjectionProblem, UpDownStanding

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
    players: int,
    rounds_left: int,
    seed: int,
    sample: int,
    time_limit_s: float,
    workers: int = 1,
    min_score: int = -50_000,
    ruleset: str = "mahjong",
    played: int | None = None,
) -> dict:
    if ruleset != "mahjong":
        return RULESET_CASES[ruleset](players, rounds_left, seed, time_limit_s, played)
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
        counts = " ".join(f"{r.get('counts', {}).get(s.value, 0):>10}" for s in STATUS_COLUMNS)
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
    parser.add_argument("--ruleset", choices=["mahjong", *RULESET_CASES], default="mahjong")
    parser.add_argument("--played", type=int, help="updown: rounds with results before the rounds left (default: all)")
    args = parser.parse_args(argv)
    rows = [
        run_case(n, left, args.seed, args.sample, args.time_limit, args.workers, args.min_score, args.ruleset, args.played)
        for n in args.players
        for left in args.rounds_left
    ]
    print("\n".join(format_rows(rows)))
    return rows


# --- Up&Down and the cup ------------------------------------------------------------------------------

UPDOWN_LEADERS = 8
UPDOWN_OUTSIDERS = 8
STRENGTH_SPREAD = 0.3  # standard deviation of the players' strengths (logistic): close standings, many level at the cuts


def round_robin(ids: Sequence[str], cycles: int = 2) -> list[list[tuple[str, str]]]:
    """The rounds of a round robin by the circle method (an odd field gets a bye), the second cycle
    with colours reversed."""
    field = list(ids) + ([""] if len(ids) % 2 else [])
    n = len(field)
    rounds = []
    for r in range(n - 1):
        rotated = [field[0], *(field[1:][-r:] + field[1:][:-r] if r else field[1:])]
        pairs = [(rotated[i], rotated[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(a, b) if r % 2 else (b, a) for a, b in pairs if a and b])
    return [[(w, b) if c == 0 else (b, w) for w, b in rnd] for c in range(cycles) for rnd in rounds]


def updown_problem(
    players: int, rounds_left: int, seed: int, time_limit_s: float, played: int | None = None
) -> UpDownProjectionProblem:
    """A double round robin of ``players`` with ``rounds_left`` rounds to play; results so far by
    strength. ``played``: only that many rounds before them have results (the rest unplayed: close
    standings, many players level at the cuts); None: every round before them."""
    rng = random.Random(seed)
    ids = [f"U{i:03d}" for i in range(1, players + 1)]
    strength = {p: rng.gauss(0.0, STRENGTH_SPREAD) for p in ids}
    rounds = round_robin(ids)
    points = dict.fromkeys(ids, 0)
    scored: Counter[tuple[str, str]] = Counter()
    before = len(rounds) - rounds_left
    for rnd in rounds[: before if played is None else min(played, before)]:
        for white, black in rnd:
            draw = rng.random()
            if draw < 0.03:  # unplayed by the deadline: 0-0
                continue
            winner, loser = (white, black) if draw < 1 / (1 + math.exp(strength[black] - strength[white])) else (black, white)
            points[winner] += 1
            scored[(winner, loser)] += 1
    first_left = len(rounds) - rounds_left
    return UpDownProjectionProblem(
        standings=tuple(UpDownStanding(p, points[p]) for p in ids),
        scored=tuple(PairPoints(p, q, n) for (p, q), n in scored.items()),
        remaining=tuple(
            RemainingGame(first_left + r + 1, t + 1, w, b)
            for r, rnd in enumerate(rounds[first_left:])
            for t, (w, b) in enumerate(rnd)
        ),
        cuts=(Cut("leaders", UPDOWN_LEADERS), Cut("not outsiders", players - UPDOWN_OUTSIDERS)),
        time_limit_s=time_limit_s,
    )


def run_updown_case(players: int, rounds_left: int, seed: int, time_limit_s: float, played: int | None = None) -> dict:
    problem = updown_problem(players, rounds_left, seed, time_limit_s, played)
    ranges = bounds.point_ranges(problem)
    per_player: list[float] = []
    statuses: Counter[str] = Counter()
    for player in problem.ranked:
        rivals = bounds.rivals_of(player, problem.ranked, ranges)
        statuses["by CP-SAT"] += sum(rivals.fate(c.places) is None for c in problem.cuts)
        started = time.perf_counter()
        result = project_updown(dataclasses.replace(problem, players=(player,)))
        per_player.append(time.perf_counter() - started)
        statuses.update(f"{p.cut.name}:{p.status.value}" for p in result.projections)
    return case_row(players, rounds_left, per_player, statuses)


def cup_problem(players: int, stages_left: int, seed: int) -> CupProjectionProblem:
    """A bracket of ``players`` (padded to a power of two) with ``stages_left`` stages to play; the
    survivors so far drawn at random."""
    rng = random.Random(seed)
    stages = max(1, math.ceil(math.log2(players)))
    alive = [f"C{i:03d}" for i in range(1, players + 1)]
    standings = []
    for stage in range(1, stages - stages_left + 1):
        positions = 2 ** (stages - stage + 1)
        padded = alive + [""] * (positions - len(alive))
        going_on = []
        for a, b in zip(padded[: positions // 2], padded[positions // 2 :], strict=True):
            winner, loser = (a, b) if not b or rng.random() < 0.5 else (b, a)
            going_on.append(winner)
            if loser:
                standings.append(CupStanding(loser, stage, in_cup=False))
        alive = going_on
    standings += [CupStanding(p, stages - stages_left + 1) for p in alive]
    cuts = (Cut("winner", 1), Cut("final", 2), Cut("podium", 3), Cut("medals", 4))
    return CupProjectionProblem(tuple(standings), stages, cuts)


def run_cup_case(players: int, rounds_left: int, seed: int, time_limit_s: float, played: int | None = None) -> dict:
    problem = cup_problem(players, rounds_left, seed)
    per_player: list[float] = []
    statuses: Counter[str] = Counter()
    for s in problem.standings:
        started = time.perf_counter()
        result = project_cup(dataclasses.replace(problem, players=(s.player,)))
        per_player.append(time.perf_counter() - started)
        statuses.update(f"{p.cut.name}:{p.status.value}" for p in result.projections)
    return case_row(players, rounds_left, per_player, statuses)


def case_row(players: int, rounds_left: int, per_player: list[float], statuses: Counter[str]) -> dict:
    return {
        "players": players,
        "rounds_left": rounds_left,
        "projected": len(per_player),
        "mean_s": statistics.fmean(per_player),
        "max_s": max(per_player),
        "statuses": dict(sorted(statuses.items())),
        "counts": status_counts(statuses),
    }


def status_counts(statuses: Counter[str]) -> dict[str, int]:
    """The player-cuts of each status, from the "cut:status" counts."""
    counts: Counter[str] = Counter()
    for key, n in statuses.items():
        if ":" in key:
            counts[key.rsplit(":", 1)[1]] += n
    return dict(counts)


RULESET_CASES = {"updown": run_updown_case, "cup": run_cup_case}


if __name__ == "__main__":
    main()
