"""Large draws end to end through the gateway: where the time of a 1 000 x 100 or 10 000 x 4 draw goes.

Starts ``rondo up`` (every service in one process, SQLite in a fresh data directory) on 127.0.0.1, makes
an organizer (``rondo admin create-organizer``) and logs in, then, for each size, through the gateway only:

    CreateCompetition -> RegisterPlayer x N -> DrawCompetition -> ApproveDraw -> GetDraw -> GetSeating

and prints one line per step with its wall time. ``DrawCompetition`` is split into the solver's own wall
time (``wall_time_seconds`` of the answer) and the rest (league ``SaveDraw``, the messages between
the services). Figures, not assertions: run it before and after a change and compare.

    .venv/bin/python -m bench.solver.e2e_large                 # 1000x100 and 10000x4
    .venv/bin/python -m bench.solver.e2e_large 1000x100 --budget 5
"""

from __future__ import annotations

import argparse
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import grpc

from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo_runtime.bearer import create_organizer, with_bearer
from rondo_runtime.capacity import channel_options
from rondo_runtime.internal_auth import internal_channel, new_token
from rondo_runtime.process import free_port, server_process

DEFAULT_SIZES = ("1000x100", "10000x4")
REGISTER_THREADS = 8


def _size(text: str) -> tuple[int, int]:
    players, _, rounds = text.lower().partition("x")
    return int(players), int(rounds)


class Clock:
    def __init__(self, label: str):
        self.label = label
        self.rows: list[tuple[str, float, str]] = []

    def step(self, name: str, fn, note: str = ""):
        start = time.perf_counter()
        result = fn()
        self.rows.append((name, time.perf_counter() - start, note))
        return result

    def add(self, name: str, seconds: float, note: str = "") -> None:
        self.rows.append((name, seconds, note))

    def print(self) -> None:
        print(f"\n== {self.label}")
        for name, seconds, note in self.rows:
            print(f"  {name:<28} {seconds:8.2f} s  {note}")


def run_size(
    stub: gateway_pb2_grpc.GatewayServiceStub,
    players: int,
    rounds: int,
    table_size: int,
    budget: float,
    timeout: float,
    league: league_pb2_grpc.LeagueServiceStub | None = None,
) -> Clock:
    clock = Clock(f"{players} players x {rounds} rounds, tables of {table_size} ({players * rounds:,} seats)".replace(",", " "))
    competition = clock.step(
        "CreateCompetition",
        lambda: stub.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(
                    name=f"bench {players}x{rounds}", ruleset="discard-league-2026", rounds=rounds, table_size=table_size
                )
            ),
            timeout=timeout,
        ),
    )

    def register(i: int) -> None:
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"Player {i:05d}"), timeout=timeout
        )

    def register_all() -> None:
        with ThreadPoolExecutor(REGISTER_THREADS) as pool:
            list(pool.map(register, range(players)))

    clock.step("RegisterPlayer x N", register_all, f"{REGISTER_THREADS} concurrent callers")
    start = time.perf_counter()
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=1, time_limit_seconds=budget),
        timeout=timeout,
    )
    total = time.perf_counter() - start
    clock.add("DrawCompetition (total)", total, f"status {view.status}, answer {view.ByteSize() / 2**20:.1f} MiB")
    clock.add("  solver (wall_time)", view.wall_time_seconds, f"budget {budget:g} s")
    clock.add("  rest: SaveDraw + messages", total - view.wall_time_seconds)
    draw_id = view.draw.id
    if league is not None:  # the same draw stored again straight at league: SaveDraw alone, no solver, no gateway
        try:
            clock.step(
                "  league SaveDraw (direct)",
                lambda: league.SaveDraw(
                    league_pb2.SaveDrawRequest(
                        competition_id=competition.id,
                        seed=view.draw.seed,
                        # the public API's answer, as league's own messages (the same fields)
                        rounds=[common_pb2.Round.FromString(r.SerializeToString()) for r in view.draw.rounds],
                        objective=draws_pb2.DrawObjective.FromString(view.draw.objective.SerializeToString()),
                        lower_bound=draws_pb2.DrawObjective.FromString(view.draw.lower_bound.SerializeToString()),
                        proven_optimal=view.draw.proven_optimal,
                        method=view.draw.method,
                    ),
                    timeout=timeout,
                ),
                "a second proposal, superseded at approval",
            )
        except grpc.RpcError as error:  # internal services not reachable on this port
            clock.add("  league SaveDraw (direct)", float("nan"), f"not measured: {error.code().name}")
    clock.step(
        "ApproveDraw",
        lambda: stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=draw_id), timeout=timeout),
    )
    clock.step(
        "GetDraw",
        lambda: stub.GetDraw(draws_pb2.GetDrawRequest(competition_id=competition.id, draw_id=draw_id), timeout=timeout),
    )
    tables = clock.step(
        "GetSeating", lambda: stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=competition.id), timeout=timeout)
    )
    seats = sum(len(t.player_ids) for r in tables.rounds for t in r.tables)
    assert seats == players * rounds - (players % table_size) * rounds, f"GetSeating returned {seats} seats"
    clock.step("ListDraws", lambda: stub.ListDraws(draws_pb2.ListDrawsRequest(competition_id=competition.id), timeout=timeout))
    return clock


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.solver.e2e_large", description=__doc__.split("\n\n")[0])
    parser.add_argument("sizes", nargs="*", default=list(DEFAULT_SIZES), help="PLAYERSxROUNDS (default: %(default)s)")
    parser.add_argument("--table-size", type=int, default=4)
    parser.add_argument("--budget", type=float, default=5.0, help="the solver's time limit per draw, seconds")
    parser.add_argument("--timeout", type=float, default=300.0, help="deadline of each call, seconds")
    args = parser.parse_args(argv)
    port, internal_port = free_port(), free_port()
    address = f"127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="rondo-bench-") as data_dir:
        env = {
            "RONDO_PORT": str(port),
            "RONDO_INTERNAL_PORT": str(internal_port),
            "RONDO_METRICS_PORT": "-1",
            "RONDO_DATA_DIR": data_dir,
            "RONDO_LOG_LEVEL": "WARNING",
            "RONDO_DOWNSTREAM_TIMEOUT_SECONDS": str(args.timeout),
            "RONDO_INTERNAL_TOKEN": new_token(),  # the internal port refuses calls without it
        }
        with server_process(["-m", "rondo_app.cli", "up"], env, address):
            internal = f"127.0.0.1:{internal_port}"  # league answers only on the loopback-only internal port
            with (
                grpc.insecure_channel(address, options=channel_options()) as channel,
                internal_channel(internal, env["RONDO_INTERNAL_TOKEN"], channel_options()) as league_channel,
            ):
                password = create_organizer("bench organizer", env)  # `rondo admin create-organizer`
                token = (
                    gateway_pb2_grpc.GatewayServiceStub(channel)
                    .Login(identity_pb2.LoginRequest(name="bench organizer", password=password), timeout=args.timeout)
                    .token
                )
                stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))
                league = league_pb2_grpc.LeagueServiceStub(league_channel)
                for text in args.sizes:
                    players, rounds = _size(text)
                    run_size(stub, players, rounds, args.table_size, args.budget, args.timeout, league).print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
