"""What serving a projection costs besides the search (issue 21's doors), printed, not asserted.

For a discard league of ``--players`` players with rounds 1-3 recorded and round 4 left (league's use
cases on SQLite in a temporary directory: ``bench.league_standings.in_process_league``), in one process:

1. league's ``PrepareProjections``: the question from the standings (cached after the first), the
   approved draw and the pinned ruleset, converted to the solver's request (league/grpc_api.py): p50
   and the request's size;
2. the solver's side without gRPC: the request read back (solver/grpc_api.py) and ``project_within``
   for ``--sample`` players spread over the standings (each within ``--budget`` seconds), its answer
   converted: seconds per player, the statuses;
3. the ratio of 1 to 2's time per player: how much of a served projection is not the search.

    .venv/bin/python -m bench.projections_served [--players 24 200] [--sample 2] [--budget 30] [--repeat 20]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from bench.league_standings import in_process_league, percentile


def bench_case(players: int, sample: int, budget: float, repeat: int) -> dict:
    from league.grpc_api import projection_preparation_to_proto
    from solver.domain.projection.budget import project_within
    from solver.grpc_api import projection_job_from_proto, projection_to_proto

    with tempfile.TemporaryDirectory() as directory:
        league, competition_id, _ = in_process_league(players, directory)
        prepare_s = []
        answer = None
        for _ in range(repeat):
            started = time.perf_counter()
            answer = projection_preparation_to_proto(league.projections.prepare(competition_id, (), budget))
            prepare_s.append(time.perf_counter() - started)
        assert answer is not None
        ranked = [p.player_id for p in answer.players]
        chosen = [ranked[round(i * (len(ranked) - 1) / max(sample - 1, 1))] for i in range(sample)]
        job = projection_job_from_proto(answer.request)
        statuses: Counter[str] = Counter()
        solve_s = []
        for player in chosen:
            started = time.perf_counter()
            run = project_within(replace(job, problem=replace(job.problem, players=(player,))))
            projection_to_proto(run)
            solve_s.append(time.perf_counter() - started)
            statuses.update(p.status.value for p in run.result.projections)
    return {
        "players": players,
        "prepare_p50_ms": percentile(prepare_s, 50) * 1000,
        "first_prepare_ms": prepare_s[0] * 1000,
        "request_bytes": answer.request.ByteSize(),
        "matches_left": answer.matches_left,
        "solve_mean_s": statistics.fmean(solve_s),
        "statuses": dict(sorted(statuses.items())),
    }


def format_rows(rows: Sequence[dict]) -> list[str]:
    out = [
        f"{'players':>7} {'left':>4} {'prepare p50 ms':>14} {'first ms':>8} {'request B':>9} {'solve s/player':>14} "
        f"{'prepare/solve':>13}  statuses"
    ]
    for r in rows:
        ratio = r["prepare_p50_ms"] / 1000 / r["solve_mean_s"] if r["solve_mean_s"] else 0.0
        statuses = ", ".join(f"{k}={v}" for k, v in r["statuses"].items())
        out.append(
            f"{r['players']:>7} {r['matches_left']:>4} {r['prepare_p50_ms']:>14.1f} {r['first_prepare_ms']:>8.1f} "
            f"{r['request_bytes']:>9} {r['solve_mean_s']:>14.2f} {ratio:>12.4f}x  {statuses}"
        )
    return out


def main(argv: Sequence[str] | None = None) -> list[dict]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[24, 200])
    parser.add_argument("--sample", type=int, default=2, help="players projected per case (spread over the standings)")
    parser.add_argument("--budget", type=float, default=30.0, help="seconds for one player's projection")
    parser.add_argument("--repeat", type=int, default=20, help="PrepareProjections calls timed")
    args = parser.parse_args(argv)
    rows = [bench_case(n, args.sample, args.budget, args.repeat) for n in args.players]
    print("\n".join(format_rows(rows)), flush=True)
    return rows


if __name__ == "__main__":
    main()
