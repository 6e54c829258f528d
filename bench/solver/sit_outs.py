"""Club nights with sit-outs (docs/rules.md ``draw.sit-out.*``): Rondo's whole-evening draw against
the usual practice, in one process, for several (N, k, rounds).

Methods, each given the same roster ``P1..PN`` in arrival order:

* ``rondo``: the whole evening at once, sit-outs part of the draw (``solve_draw`` with ``sit_out``);
* ``last-arrive``: the last ``N mod k`` to arrive sit out every round; the others are drawn for the
  whole evening by Rondo's ordinary engine (the practice at its best: fair tables, unfair sit-outs);
* ``arrival-rotation``: the sit-outs rotate in arrival order (round r: the next ``N mod k`` players),
  and each round is drawn on its own, as at the club: the best of 20 seeded shuffles by the repeats
  so far (a round-by-round draw cannot plan ahead).

Printed per instance and method: the largest number of meetings of a pair, the sum of C(m, 2) (the
repeats), repeats in consecutive rounds, the fewest and most sit-outs of a player, how many sit-out
rules are broken (``league.domain.sit_outs``: the certificate checker's count), and the wall time;
then rondo's repeats as a ratio of each baseline's (same process, same machine). Figures are printed,
never asserted; the work budget makes rondo's draws the same on any machine.

With ``--redraw`` also a redraw after half the rounds (``draw.sit-out.redraw-counts-the-evening``):
``rondo-redraw`` keeps the played rounds as history and the rules over the whole evening, starting
from the draw it replaces; ``fresh-rest`` draws the rounds left as a new club night, ignoring who
already sat out (what a tool without redraws does). Printed per instance: repeats and sit-out rules
broken over the whole evening, and the players moved against the draw replaced.

    .venv/bin/python -m bench.solver.sit_outs [--instances 9x4x4,10x4x5,...] [--work 200000] [--seed 1] [--redraw]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from league.domain.sit_outs import sit_out_breaches, who_sits_out
from solver.domain.draw import solve_draw
from solver.domain.draw.objective import evaluate, meeting_counts, pair_of
from solver.domain.draw.problem import Draw, DrawProblem, Round

DEFAULT_INSTANCES = ((9, 4, 4), (10, 4, 5), (13, 4, 6), (14, 4, 7), (22, 4, 8), (7, 3, 6), (11, 3, 5))
SHUFFLES_PER_ROUND = 20


@dataclass(frozen=True)
class Row:
    method: str
    max_meetings: int
    repeats: int
    consecutive: int
    fewest_sit_outs: int
    most_sit_outs: int
    rules_broken: int
    wall_s: float


def roster(n: int) -> tuple[str, ...]:
    return tuple(f"P{i + 1}" for i in range(n))


def row(method: str, players: Sequence[str], k: int, draw: Draw, wall_s: float) -> Row:
    problem = DrawProblem(players=tuple(players), rounds=len(draw), table_size=k)
    objective = evaluate(problem, draw)
    sit_outs = who_sits_out(list(players), [[list(t) for t in rnd] for rnd in draw])
    counts = {p: sum(p in s for s in sit_outs) for p in players}
    count = len(players) % k
    return Row(
        method,
        objective.max_meetings,
        objective.sum_repeat_pairs,
        objective.consecutive_repeats,
        min(counts.values()),
        max(counts.values()),
        len(sit_out_breaches(list(players), sit_outs, count)),
        wall_s,
    )


def rondo(n: int, k: int, rounds: int, work: int, seed: int) -> Row:
    started = time.perf_counter()
    problem = DrawProblem(roster(n), rounds, k, sit_out=0, seed=seed, time_limit_s=600.0, work_budget=work)
    result = solve_draw(problem)
    return row("rondo", problem.players, k, result.draw, time.perf_counter() - started)


def last_arrive(n: int, k: int, rounds: int, work: int, seed: int) -> Row:
    started = time.perf_counter()
    players = roster(n)
    playing = players[: n - n % k]
    problem = DrawProblem(playing, rounds, k, seed=seed, time_limit_s=600.0, work_budget=work)
    result = solve_draw(problem)
    return row("last-arrive", players, k, result.draw, time.perf_counter() - started)


def arrival_rotation(n: int, k: int, rounds: int, seed: int) -> Row:
    started = time.perf_counter()
    players, count = roster(n), n % k
    rng = random.Random(seed)
    draw: list[Round] = []
    for r in range(rounds):
        sitting = {players[(r * count + i) % n] for i in range(count)}
        playing = [p for p in players if p not in sitting]
        met = meeting_counts(tuple(draw))
        best: tuple[int, Round] | None = None
        for _ in range(SHUFFLES_PER_ROUND):
            rng.shuffle(playing)
            tables = tuple(tuple(playing[i : i + k]) for i in range(0, len(playing), k))
            cost = sum(met[pair_of(a, b)] for t in tables for i, a in enumerate(t) for b in t[i + 1 :])
            if best is None or cost < best[0]:
                best = (cost, tables)
        assert best is not None
        draw.append(best[1])
    return row("arrival-rotation", players, k, tuple(draw), time.perf_counter() - started)


def run(instances: Sequence[tuple[int, int, int]], work: int, seed: int) -> list[tuple[tuple[int, int, int], list[Row]]]:
    return [
        ((n, k, r), [rondo(n, k, r, work, seed), last_arrive(n, k, r, work, seed), arrival_rotation(n, k, r, seed)])
        for n, k, r in instances
    ]


@dataclass(frozen=True)
class RedrawRow:
    method: str
    repeats: int  # sum of C(m, 2) over the whole evening
    rules_broken: int  # over the whole evening, counting the played rounds' sit-outs (league's count)
    players_moved: int


def redraw_rows(n: int, k: int, rounds: int, work: int, seed: int) -> list[RedrawRow]:
    """The evening drawn, then redrawn after ``rounds // 2`` played rounds, two ways."""
    players = roster(n)
    first = solve_draw(DrawProblem(players, rounds, k, sit_out=0, seed=seed, time_limit_s=600.0, work_budget=work)).draw
    played = rounds // 2
    kept = DrawProblem(
        players,
        rounds - played,
        k,
        sit_out=0,
        seed=seed + 1,
        time_limit_s=600.0,
        work_budget=work,
        history=first[:played],
        previous=first[played:],
    )
    fresh = DrawProblem(players, rounds - played, k, sit_out=0, seed=seed + 1, time_limit_s=600.0, work_budget=work)
    out = []
    for method, problem in (("rondo-redraw", kept), ("fresh-rest", fresh)):
        rest = solve_draw(problem).draw
        evening = first[:played] + rest
        sit_outs = who_sits_out(list(players), [[list(t) for t in rnd] for rnd in evening])
        whole = evaluate(DrawProblem(players, rounds, k), evening)
        moved = sum(
            1
            for p in players
            if any(
                next((t for t, table in enumerate(rest[r]) if p in table), -1)
                != next((t for t, table in enumerate(first[played + r]) if p in table), -1)
                for r in range(len(rest))
            )
        )
        out.append(RedrawRow(method, whole.sum_repeat_pairs, len(sit_out_breaches(list(players), sit_outs, n % k)), moved))
    return out


def render_redraws(instances: Sequence[tuple[int, int, int]], work: int, seed: int) -> str:
    lines = [
        "redraw after half the rounds: the whole evening counted (sit-outs served included)",
        f"{'N x k x R':>10} {'method':>13} {'C(m,2)':>7} {'rules broken':>13} {'moved':>6}",
    ]
    for n, k, r in instances:
        if r < 2:
            continue
        for x in redraw_rows(n, k, r, work, seed):
            lines.append(f"{f'{n}x{k}x{r}':>10} {x.method:>13} {x.repeats:>7} {x.rules_broken:>13} {x.players_moved:>6}")
    return "\n".join(lines)


def render(results: list[tuple[tuple[int, int, int], list[Row]]], work: int) -> str:
    lines = [
        f"club nights with sit-outs: whole-evening draw vs the usual practice (work budget {work} units, 2 shared cores)",
        f"{'N x k x R':>10} {'method':>17} {'max m':>6} {'C(m,2)':>7} {'consec':>7} {'sit-outs':>9} {'rules broken':>13} {'wall s':>7}",
    ]
    for (n, k, r), rows in results:
        for x in rows:
            lines.append(
                f"{f'{n}x{k}x{r}':>10} {x.method:>17} {x.max_meetings:>6} {x.repeats:>7} {x.consecutive:>7} "
                f"{f'{x.fewest_sit_outs}-{x.most_sit_outs}':>9} {x.rules_broken:>13} {x.wall_s:>7.2f}"
            )
        ours = rows[0]
        ratios = ", ".join(
            f"{x.method} {ours.repeats / x.repeats:.2f}" if x.repeats else f"{x.method} n/a (0 repeats)" for x in rows[1:]
        )
        lines.append(f"{'':>10} rondo's C(m,2) as a ratio of: {ratios}")
    return "\n".join(lines)


def parse_instances(text: str) -> list[tuple[int, int, int]]:
    out = []
    for item in text.split(","):
        n, k, r = (int(x) for x in item.lower().split("x"))
        out.append((n, k, r))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solver.sit_outs", description=__doc__.splitlines()[0])
    parser.add_argument("--instances", default=",".join(f"{n}x{k}x{r}" for n, k, r in DEFAULT_INSTANCES))
    parser.add_argument("--work", type=int, default=200_000, help="Rondo's deterministic work budget per draw")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--redraw", action="store_true", help="also redraw after half the rounds, two ways")
    args = parser.parse_args(argv)
    instances = parse_instances(args.instances)
    bad = [f"{n}x{k}x{r}" for n, k, r in instances if n % k == 0 or n < k]
    if bad:
        parser.error(f"every instance needs N > k and N not a multiple of k: {', '.join(bad)}")
    print(render(run(instances, args.work, args.seed), args.work))
    if args.redraw:
        print(render_redraws(instances, args.work, args.seed))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
