"""`rondo demo`: the first vertical slice, end to end, as a newcomer sees it.

Starts `rondo up` as a real server process (SQLite in a fresh data directory), waits until every
service reports SERVING, creates the first organizer on the gateway's database (as `rondo admin
create-organizer` does) and logs in, then, as that organizer through the gateway: creates a league,
registers players, draws every round, approves the draw and prints the published tables. Stops
the server with SIGTERM and exits 0 when all of that worked.
"""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Iterable
from pathlib import Path

import grpc

from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2
from rondo_app.admin import create_organizer
from rondo_app.registry import GRPC_SERVICES
from rondo_runtime.bearer import with_bearer
from rondo_runtime.config import Settings
from rondo_runtime.process import free_port, server_process

ORGANIZER = "Demo organizer"

PLAYER_NAMES = (
    "Akagi",
    "Washizu",
    "Saki",
    "Nodoka",
    "Koromo",
    "Teru",
    "Hisa",
    "Mako",
    "Yuki",
    "Kyotaro",
    "Toki",
    "Ryuuka",
    "Sera",
    "Kana",
    "Ako",
    "Shizuno",
    "Awai",
    "Sumire",
    "Takami",
    "Seiko",
)


def rondo_process(args: list[str], env: dict[str, str], address: str, services: Iterable[str] = GRPC_SERVICES):
    """`rondo <args>` (e.g. ``["up"]``, ``["serve", "league"]``) in its own process, once ``services``
    answer SERVING at ``address``; stopped with SIGTERM on exit."""
    return server_process(["-m", "rondo_app.cli", *args], env, address, services)


def player_name(i: int) -> str:
    base = PLAYER_NAMES[i % len(PLAYER_NAMES)]
    return base if i < len(PLAYER_NAMES) else f"{base} {i // len(PLAYER_NAMES) + 1}"


def run_slice(stub: gateway_pb2_grpc.GatewayServiceStub, players: int, seed: int, out=print) -> draws_pb2.Seating:
    """create competition -> register players -> draw -> approve -> list tables, via the gateway."""
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Demo riichi league", ruleset="discard-league-2026"),
            idempotency_key="demo",
        ),
        timeout=10,
    )
    out(f"competition {competition.name!r}: {competition.rounds} rounds, tables of {competition.table_size}")
    for i in range(players):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=player_name(i), idempotency_key=f"p{i}"),
            timeout=10,
        )
    out(f"registered {players} players")
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=seed, time_limit_seconds=10),
        timeout=30,
    )
    objective = view.draw.objective
    out(
        f"draw v{view.draw.version} ({common_pb2.SolveStatus.Name(view.status)}, proven optimal: "
        f"{view.draw.proven_optimal}, {view.wall_time_seconds:.2f} s): largest number of meetings of a pair "
        f"{objective.max_meetings}, repeated meetings sum C(m,2) = {objective.sum_repeat_pairs}"
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    tables = stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=competition.id), timeout=10)
    for rnd in tables.rounds:
        out(f"round {rnd.number}")
        for table in rnd.tables:
            out(f"  table {table.number}: {', '.join(table.player_names)}")
    return tables


def run_demo(players: int = 16, seed: int = 2026) -> int:
    port = free_port()
    address = f"127.0.0.1:{port}"
    data_dir = Path(os.environ.get("RONDO_DATA_DIR") or tempfile.mkdtemp(prefix="rondo-demo-"))
    env = {"RONDO_PORT": str(port), "RONDO_METRICS_PORT": "0", "RONDO_DATA_DIR": str(data_dir), "RONDO_LOG_LEVEL": "WARNING"}
    print(f"starting `rondo up` on {address} (data in {data_dir})")
    with rondo_process(["up"], env, address) as process:
        password = create_organizer(ORGANIZER, Settings.from_env({**os.environ, **env})).password
        print(f"organizer {ORGANIZER!r} created on the gateway's database (password {password}, shown once)")
        with grpc.insecure_channel(address) as channel:
            login = gateway_pb2_grpc.GatewayServiceStub(channel).Login(
                identity_pb2.LoginRequest(name=ORGANIZER, password=password), timeout=30
            )
            print(f"logged in as {login.account.name!r}; every call below carries its token")
            run_slice(gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, login.token)), players, seed)
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=30)
    print(f"server stopped (exit code {code})")
    return code
