"""What the public API's conversions cost (gateway/adapters/public_api.py): an internal answer turned
into the public message by its wire bytes, for the largest draw within Rondo's capacity and for a small
result record. Prints p50/p99; asserts nothing.

    .venv/bin/python -m bench.gateway_public_api
    .venv/bin/python -m bench.gateway_public_api --players 200 --rounds 10 --calls 2000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from gateway.adapters.public_api import convert
from rondo.gateway.v1 import draws_pb2, results_pb2
from rondo.league.v1 import league_pb2
from rondo.solver.v1 import solver_pb2


def _percentiles(function: Callable[[], object], calls: int) -> tuple[float, float]:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    times.sort()
    return times[len(times) // 2], times[max(0, -(-len(times) * 99 // 100) - 1)]


def _draw(players: int, rounds: int, table_size: int = 4) -> league_pb2.Draw:
    ids = [f"{i:08d}-aaaa-bbbb-cccc-000000000000" for i in range(players)]  # league ids are 36-character UUIDs
    tables = [solver_pb2.Table(player_ids=ids[t : t + table_size]) for t in range(0, players - table_size + 1, table_size)]
    return league_pb2.Draw(id="d", competition_id="c", version=1, rounds=[solver_pb2.Round(tables=tables)] * rounds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.gateway_public_api", description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--calls", type=int, default=20000, help="conversions of the small record")
    args = parser.parse_args(argv)
    draw = _draw(args.players, args.rounds)
    record = league_pb2.ResultRecord(
        id="r",
        competition_id="c",
        round=1,
        table=1,
        hanchan=league_pb2.HanchanResult(number=1, scores={"a": 45_000, "b": 35_000, "c": 25_000, "d": 15_000}),
    )
    big = _percentiles(lambda: convert(draw, draws_pb2.Draw), max(3, args.calls // 500))
    small = _percentiles(lambda: convert(record, results_pb2.ResultRecord), args.calls)
    print("== league's answer -> the public message, by wire bytes (unknown fields discarded)")
    print(
        f"  Draw, {args.players} players x {args.rounds} rounds ({draw.ByteSize() / 2**20:.1f} MiB)"
        f"   p50 {big[0] * 1e3:8.2f} ms   p99 {big[1] * 1e3:8.2f} ms"
    )
    print(f"  ResultRecord ({record.ByteSize()} bytes)              p50 {small[0] * 1e6:8.2f} us   p99 {small[1] * 1e6:8.2f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
