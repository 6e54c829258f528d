"""`rondo demo`: Rondo's main job end to end, as a newcomer sees it: a whole Discard League season.

Starts `rondo up` as a real server process (SQLite in the demo's data directory, wiped first), waits
until every service reports SERVING, creates the first organizer on the gateway's database (as `rondo
admin create-organizer` does) and logs in; then the season is played through the gateway by the
accounts that play it in a club (rondo_app/demo_season.py): the seed commitment, the roster, the draw
verified offline, the club calendar with every match booked by its players, the results with a
chombo, a no-show and a correction, the standings, the playoff and the prizes. Stops the server with
SIGTERM, leaves the database for `rondo up` to serve again (the organizer's name and password and the
competition id are in ``demo.json``) and exits 0 when all of that worked.

:func:`run_slice` is the first vertical slice (create, register, draw, approve, list the tables) that
the end-to-end and fault tests run in both modes.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import grpc
from rich.console import Console

from gateway.adapters.key_file import KEY_FILE_NAME
from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2
from rondo_app.admin import create_organizer
from rondo_app.demo_season import JUDGE, GameSeason, Season, play, play_cup, play_updown
from rondo_app.registry import GRPC_SERVICES, SERVICES
from rondo_runtime.config import Settings
from rondo_runtime.process import free_port, server_process

ORGANIZER = "Demo organizer"
DEMO_FILE = "demo.json"

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
    "Hatsumi",
    "Kasumi",
    "Satoha",
    "Megan",
)
SUBSTITUTE = "Kurumi"  # the technical substitute of the no-show
COMPETITION = "Discard League 2026"
#: ``rondo demo --ruleset``: the competition each plays, its name, its players (default, fewest, most) and
#: what a valid count is.
RULESETS = {
    "mahjong": (
        "Discard League 2026",
        (24, 12, 28),
        "a multiple of 4 from 12 to 28 (two tables an evening, every other day of the week)",
    ),
    "cup": ("Open cup 2026", (16, 8, 64), "from 8 to 64 (the cup's bracket, open-cup-2023 2.3)"),
    "updown": ("Up&Down 2026", (12, 8, 24), "an even number from 8 to 24 (the round robin's pairs)"),
}


def rondo_process(
    args: list[str], env: dict[str, str], address: str, services: Iterable[str] = GRPC_SERVICES, cwd: str | None = None
):
    """`rondo <args>` (e.g. ``["up"]``, ``["serve", "league"]``) in its own process (started in ``cwd``
    when given: another checkout's tree, with ``PYTHONPATH`` naming it in ``env``), once ``services``
    answer SERVING at ``address``; stopped with SIGTERM on exit."""
    return server_process(["-m", "rondo_app.cli", *args], env, address, services, cwd)


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


def _refusal(data_dir: Path) -> str | None:
    """Why ``data_dir`` may not be wiped for a new season (None: it may). Only a directory that is
    empty or holds what a demo leaves (demo.json, the services' SQLite files, the gateway's token
    signing key) is wiped."""
    if not data_dir.exists():
        return None
    if not data_dir.is_dir():
        return f"{data_dir} is not a directory"
    if any(not e.is_file() or (e.name not in (DEMO_FILE, KEY_FILE_NAME) and ".db" not in e.name) for e in data_dir.iterdir()):
        return f"{data_dir} holds files the demo did not make: give another --data-dir"
    return None


def _bad_players(ruleset: str, players: int) -> bool:
    _, (_, low, high), _ = RULESETS[ruleset]
    odd = {"mahjong": players % 4, "updown": players % 2}.get(ruleset, 0)
    return bool(odd) or not low <= players <= high


def run_demo(
    players: int = 0,
    seed: int = 2026,
    data_dir: Path = Path("demo-data"),
    console: Console | None = None,
    ruleset: str = "mahjong",
) -> int:
    """The whole season on a fresh ``data_dir``; 0 when every step worked, 2 for bad options.
    ``ruleset``: ``mahjong`` (the Discard League season), ``cup`` or ``updown``; ``players`` 0: its default."""
    out = console or Console(highlight=False, soft_wrap=True, width=None if sys.stdout.isatty() else 140)
    if ruleset not in RULESETS:
        out.print(f"error: --ruleset: one of {', '.join(RULESETS)}, not {ruleset!r}")
        return 2
    competition, (default_players, _, _), valid = RULESETS[ruleset]
    players = players or default_players
    if _bad_players(ruleset, players):
        out.print(f"error: --players: {valid}")
        return 2
    started = time.monotonic()
    if (refused := _refusal(data_dir)) is not None:
        out.print(f"error: --data-dir: {refused}")
        return 2
    out.print(f"wiping and recreating the demo's data directory {data_dir}")
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(parents=True)
    port = free_port()
    address = f"127.0.0.1:{port}"
    env = {
        "RONDO_PORT": str(port),
        "RONDO_METRICS_PORT": "0",
        "RONDO_CALENDAR_PORT": "-1",
        "RONDO_WEB_PORT": "-1",  # the demo plays through the gateway; `rondo up` afterwards serves the web app
        "RONDO_DATA_DIR": str(data_dir.resolve()),
        "RONDO_LOG_LEVEL": "WARNING",
        "RONDO_SOLVER_WORKERS": "1",  # the season's draws are tiny: one solver process starts sooner than one per core
        # SQLite in the data directory whatever this shell's RONDO_*_DATABASE_URL says: the demo wipes it
        **{f"RONDO_{s.name.upper()}_DATABASE_URL": f"sqlite:///{data_dir.resolve() / s.name}.db" for s in SERVICES if s.database},
    }
    out.print(f"starting `rondo up` on {address} (SQLite in {data_dir})")
    with rondo_process(["up"], env, address) as process:
        password = create_organizer(ORGANIZER, Settings.from_env({**os.environ, **env})).password
        out.print(f"organizer {ORGANIZER!r} created on the gateway's database; logged in, every call below carries a token")
        with grpc.insecure_channel(address) as channel:
            token = (
                gateway_pb2_grpc.GatewayServiceStub(channel)
                .Login(identity_pb2.LoginRequest(name=ORGANIZER, password=password), timeout=30)
                .token
            )
            names = [player_name(i) for i in range(players)]
            try:
                if ruleset == "mahjong":
                    facts = play(Season(channel, token, seed, out), competition, names, SUBSTITUTE)
                else:
                    games = GameSeason(channel, token, seed, out)
                    (play_cup if ruleset == "cup" else play_updown)(games, competition, names)
            except grpc.RpcError as error:  # the server's answer says what went wrong; the server still stops
                out.print(f"error: the gateway answered {error.code().name}: {error.details()}")
                return 1
            except RuntimeError as error:
                out.print(f"error: {error}")
                return 1
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=30)
    if ruleset != "mahjong":
        return _game_summary(out, data_dir, ruleset, games, password, players, seed, code, started)
    summary = {
        "organizer": ORGANIZER,
        "password": password,
        "competition_id": facts.competition_id,
        "club_id": facts.club_id,
        "judge": JUDGE,
        "players": players,
        "seed": seed,
    }
    (data_dir / DEMO_FILE).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    out.print()
    out.rule("[bold]The season's database")
    out.print(
        f"{players} players, {facts.bookings} bookings with zero overlaps; chombo: {facts.chombo}; no-show: "
        f"{facts.no_show}; correction: {facts.correction}; {'; '.join(facts.prizes)}"
    )
    out.print(f"server stopped (exit code {code}) after {time.monotonic() - started:.1f} s; the season is kept in {data_dir}")
    out.print('inspect it (README "Inspecting the demo\'s database"):')
    out.print(f"  RONDO_DATA_DIR={data_dir} rondo up          # then, in another shell:")
    out.print(f"  rondo login {ORGANIZER!r}        # password {password}")
    out.print(f"  rondo standings {facts.competition_id}")
    out.print(f"  rondo playoff {facts.competition_id}")
    out.print(f"  rondo calendar bookings {facts.club_id} --from {facts.first_day} --to {facts.last_day}")
    out.print(f"(the organizer's name and password and the competition id are in {data_dir / DEMO_FILE})")
    return code


def _game_summary(
    out: Console,
    data_dir: Path,
    ruleset: str,
    season: GameSeason,
    password: str,
    players: int,
    seed: int,
    code: int,
    started: float,
) -> int:
    """demo.json and the closing lines of a cup's or an Up&Down league's season."""
    summary = {
        "organizer": ORGANIZER,
        "password": password,
        "ruleset": ruleset,
        "competition_id": season.competition_id,
        "players": players,
        "seed": seed,
    }
    (data_dir / DEMO_FILE).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    out.print()
    out.rule("[bold]The season's database")
    out.print(f"{players} players, {season.games} games recorded")
    out.print(f"server stopped (exit code {code}) after {time.monotonic() - started:.1f} s; the season is kept in {data_dir}")
    out.print('inspect it (README "Inspecting the demo\'s database"):')
    out.print(f"  RONDO_DATA_DIR={data_dir} rondo up          # then, in another shell:")
    out.print(f"  rondo login {ORGANIZER!r}        # password {password}")
    out.print(f"  rondo standings {season.competition_id}")
    out.print(f"  rondo results list {season.competition_id} --stage 1")
    out.print(f"(the organizer's name and password and the competition id are in {data_dir / DEMO_FILE})")
    return code
