"""The web app under a round's players: `rondo up` (embedded, SQLite) with its web app on 127.0.0.1, and
``--players`` simulated players (200 by default), each an async HTTP client with its own session
cookie, doing what a player does in a round through the pages. Prints each page's p50/p99 as the
players saw it and the gateway calls each page made (the web app's own metric,
``rondo_web_gateway_calls_per_page``). Figures are printed, never asserted.

Setup (not timed; :func:`set_up_round`, also the browser tests' season): a club open 12:00-23:00 in
Europe/Berlin with ``--rooms`` rooms; a league of ``--players`` players drawn and approved; round 1
opened for scheduling over a week from the day after tomorrow; a player account (name + password) per
league player, linked to it, all on the `rondo up` whose web app is measured (the pages find the club
from the match card).

The round, every player at once, phase by phase (a phase ends when every player finished it):

1. log in (the login page, then the form; at most ``LOGINS_AT_ONCE`` players at once, as they arrive),
   "my matches" (``/``), the match card;
2. the availability grid, then saving a 4-hour block of it (each table its own block, so the rooms
   suffice), then the card again;
3. the first player of each table proposes the card's first common option;
4. the other three open the card and confirm it; the fourth confirmation books a room.

    .venv/bin/python -m bench.web_pages [--players 200] [--rooms 8] [--concurrency 200] [--json PATH]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2, scheduling_pb2

TIMEOUT = 120
ZONE = "Europe/Berlin"
MIN_MINUTES = 90
BLOCK_SLOTS = 8  # half hours a table's players answer: 4 hours
SETUP_THREADS = 8  # account creation hashes passwords (argon2): the slow part of the setup
ORGANIZER = "Bench organizer"
LOGINS_AT_ONCE = 8  # players arrive a few at a time: the gateway admits 8 logins per hash worker at once
LOGIN_ATTEMPTS = 120
LOGIN_RETRY_SECONDS = 1.0  # the pause before a refused login is sent again when the answer has no Retry-After
MAX_LOGIN_RETRY_SECONDS = 30.0  # a Retry-After longer than this is cut to it


def retry_after(header: str | None) -> float:
    """The seconds of a ``Retry-After: <seconds>`` header (bounded), else :data:`LOGIN_RETRY_SECONDS`."""
    if header is None or not header.strip().isdigit():
        return LOGIN_RETRY_SECONDS
    return min(MAX_LOGIN_RETRY_SECONDS, float(header.strip()))


PAGES = ("login page", "log in", "my matches", "card", "availability", "save availability", "propose", "confirm")

_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')
_SLOT = re.compile(r'name="slot" value="([^"]+)"')
_CARD_LINK = re.compile(r'href="(/match/[^"]+)" id="card-1-\d+"')
_OPTION = re.compile(r'<option value="([^"]+)"')
_MEETING = re.compile(r'name="meeting_id" value="([^"]+)"')


def _ts(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


# ---- the season ---------------------------------------------------------------------------------


@dataclass
class RoundSetup:
    """Round 1 open for scheduling, and who plays where."""

    competition_id: str
    club_id: str
    tables: list[list[str]]
    """Round 1's tables: player ids, in seat order."""
    names: dict[str, str]
    """League player id -> name."""
    window_start: datetime
    """Round 1's scheduling window opens then (UTC midnight, the day after tomorrow); it lasts 7 days."""
    logins: dict[str, tuple[str, str]] = field(default_factory=dict)
    """League player id -> (account name, password)."""

    def match_path(self, table: int, round_: int = 1, stage: int = 1) -> str:
        """The match card's path in the web app (``table`` counts from 1)."""
        return f"/match/{self.competition_id}/{stage}/{round_}/{table}"

    def key(self, table: int, round_: int = 1, stage: int = 1) -> str:
        """The match key (``competition/stage/round/table``) of a card."""
        return f"{self.competition_id}/{stage}/{round_}/{table}"


def set_up_round(organizer: gateway_pb2_grpc.GatewayServiceStub, players: int, rooms: int, tag: str) -> RoundSetup:
    """The season of the module doc, made through ``organizer`` (a stub carrying an organizer's token)."""
    club = organizer.CreateClub(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(
                name=f"{tag} club",
                time_zone=ZONE,
                opening_hours=scheduling_pb2.OpeningHours(
                    windows=[scheduling_pb2.OpeningWindow(day=d, opens="12:00", closes="23:00") for d in range(1, 8)]
                ),
            ),
            idempotency_key=f"{tag}-club",
        ),
        timeout=TIMEOUT,
    )
    for r in range(1, rooms + 1):
        organizer.CreateRoom(
            scheduling_pb2.CreateRoomRequest(
                club_id=club.id, room=scheduling_pb2.Room(name=f"Room {r}"), idempotency_key=f"{tag}-room-{r}"
            ),
            timeout=TIMEOUT,
        )
    competition = organizer.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=f"{tag} league", ruleset="discard-league-2026"),
            idempotency_key=f"{tag}-league",
        ),
        timeout=TIMEOUT,
    )
    names: dict[str, str] = {}
    for i in range(1, players + 1):
        player = organizer.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=competition.id, name=f"{tag} player {i:03d}", idempotency_key=f"{tag}-p{i}"
            ),
            timeout=TIMEOUT,
        )
        names[player.id] = player.name
    view = organizer.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(
            competition_id=competition.id, seed=7, time_limit_seconds=10, idempotency_key=f"{tag}-draw"
        ),
        timeout=TIMEOUT,
    )
    organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=TIMEOUT)
    start = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)
    organizer.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=competition.id,
            round=1,
            club_id=club.id,
            window_start=_ts(start),
            window_end=_ts(start + timedelta(days=7)),
            min_minutes=MIN_MINUTES,
            idempotency_key=f"{tag}-round-1",
        ),
        timeout=TIMEOUT,
    )
    setup = RoundSetup(competition.id, club.id, [list(t.player_ids) for t in view.draw.rounds[0].tables], names, start)

    def account(player_id: str) -> tuple[str, tuple[str, str]]:
        name = f"{names[player_id]} account"
        made = organizer.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=identity_pb2.ROLE_PLAYER)),
            timeout=TIMEOUT,
        )
        organizer.LinkPlayer(
            identity_pb2.LinkPlayerRequest(account_id=made.account.id, competition_id=competition.id, player_id=player_id),
            timeout=TIMEOUT,
        )
        return player_id, (name, made.password)

    with ThreadPoolExecutor(SETUP_THREADS) as pool:
        setup.logins = dict(pool.map(account, sorted(names)))
    return setup


def block_for(slots: list[str], table: int) -> list[str]:
    """Table ``table``'s (0-based) block of :data:`BLOCK_SLOTS` consecutive half hours among the grid's
    open ``slots`` (UTC ISO starts): the blocks in time order, one table after another, round robin."""
    moments = sorted(datetime.fromisoformat(s) for s in slots)
    blocks: list[list[datetime]] = []
    run: list[datetime] = []
    for moment in moments:
        if run and moment - run[-1] != timedelta(minutes=30):
            run = []
        run.append(moment)
        if len(run) == BLOCK_SLOTS:
            blocks.append(run)
            run = []
    if not blocks:
        return []
    chosen = {m.isoformat() for m in blocks[table % len(blocks)]}
    return [s for s in slots if datetime.fromisoformat(s).isoformat() in chosen]


# ---- the players ----------------------------------------------------------------------------------


class Timings:
    def __init__(self) -> None:
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self.statuses: dict[str, dict[int, int]] = defaultdict(lambda: defaultdict(int))
        self.retried_logins = 0

    def record(self, page: str, seconds: float, status: int) -> None:
        self.seconds[page].append(seconds)
        self.statuses[page][status] += 1


class Player:
    """One person in a browser: a cookie jar, the pages they open, the forms they send."""

    def __init__(self, client: Any, timings: Timings, limit: asyncio.Semaphore, login: tuple[str, str], table: int, seat: int):
        self.client = client
        self.timings = timings
        self.limit = limit
        self.name, self.password = login
        self.table, self.seat = table, seat
        self.card = ""
        self.page = ""

    async def open(self, page: str, method: str, path: str, data: dict[str, Any] | None = None, expect: int = 200) -> Any:
        """The answer (``expect`` 0: whatever its status); any other status than ``expect`` is an error."""
        async with self.limit:
            began = time.perf_counter()
            response = await self.client.request(method, path, data=data)
            self.timings.record(page, time.perf_counter() - began, response.status_code)
        if expect and response.status_code != expect:
            raise RuntimeError(f"{self.name}: {method} {path} answered {response.status_code}, not {expect}")
        self.page = response.text
        return response

    def csrf(self) -> str:
        found = _CSRF.search(self.page)
        if not found:
            raise RuntimeError(f"{self.name}: no CSRF token on the page")
        return found.group(1)

    async def log_in(self) -> None:
        """The login form, sent again after the ``Retry-After`` the web app answers while the gateway
        refuses logins as too many at once (its login flood limit, RESOURCE_EXHAUSTED: 429) or does not
        answer in time (503, 504), as a person would; those refusals are counted."""
        await self.open("login page", "GET", "/login")
        for _ in range(LOGIN_ATTEMPTS):
            data = {"name": self.name, "password": self.password, "csrf_token": self.csrf()}
            answer = await self.open("log in", "POST", "/login", data, expect=0)
            if answer.status_code == 303:
                break
            if answer.status_code not in (429, 503, 504):
                raise RuntimeError(f"{self.name}: POST /login answered {answer.status_code}")
            self.timings.retried_logins += 1
            await asyncio.sleep(retry_after(answer.headers.get("retry-after")))  # a person's pause, not a synchronisation
        else:
            raise RuntimeError(f"{self.name}: still refused after {LOGIN_ATTEMPTS} logins")
        await self.open("my matches", "GET", "/")
        found = _CARD_LINK.search(self.page)
        if not found:
            raise RuntimeError(f"{self.name}: no match card of round 1 on 'my matches'")
        self.card = unescape(found.group(1))
        await self.open("card", "GET", self.card)

    async def answer(self) -> None:
        await self.open("availability", "GET", self.card + "/availability")
        chosen = block_for(_SLOT.findall(self.page), self.table)
        await self.open(
            "save availability", "POST", self.card + "/availability", {"slot": chosen, "csrf_token": self.csrf()}, 303
        )
        await self.open("card", "GET", self.card)

    async def propose(self) -> None:
        await self.open("card", "GET", self.card)
        options = _OPTION.findall(self.page)
        if not options:
            raise RuntimeError(f"{self.name}: no common option on the card once the table answered")
        data = {"start": unescape(options[0]), "minutes": str(MIN_MINUTES), "csrf_token": self.csrf()}
        await self.open("propose", "POST", self.card + "/propose", data, 303)

    async def booked(self) -> bool:
        await self.open("card", "GET", self.card)
        return 'data-state="booked"' in self.page

    async def confirm(self) -> bool:
        await self.open("card", "GET", self.card)
        meetings = _MEETING.findall(self.page)
        if not meetings:
            return False
        await self.open("confirm", "POST", self.card + "/confirm", {"meeting_id": meetings[0], "csrf_token": self.csrf()}, 303)
        return True


async def play_round(web: str, setup: RoundSetup, concurrency: int) -> tuple[Timings, float, int, int]:
    """Every player through the round's phases (module doc): the timings, the seconds it took, how many
    confirmations were sent and how many tables' cards then show their meeting booked."""
    import httpx2

    timings = Timings()
    limit = asyncio.Semaphore(concurrency)
    limits = httpx2.Limits(max_connections=concurrency)
    clients = []
    players: list[Player] = []
    for t, table in enumerate(setup.tables):
        for seat, player_id in enumerate(table):
            client = httpx2.AsyncClient(base_url=web, follow_redirects=False, timeout=TIMEOUT, limits=limits)
            clients.append(client)
            players.append(Player(client, timings, limit, setup.logins[player_id], t, seat))
    began = time.perf_counter()
    try:
        arriving = asyncio.Semaphore(LOGINS_AT_ONCE)

        async def arrive(player: Player) -> None:
            async with arriving:
                await player.log_in()

        await asyncio.gather(*(arrive(p) for p in players))
        await asyncio.gather(*(p.answer() for p in players))
        await asyncio.gather(*(p.propose() for p in players if p.seat == 0))
        confirmed = await asyncio.gather(*(p.confirm() for p in players if p.seat > 0))
        elapsed = time.perf_counter() - began
        booked = await asyncio.gather(*(p.booked() for p in players if p.seat == 0))  # not timed: the outcome
    finally:
        for client in clients:
            await client.aclose()
    return timings, elapsed, sum(confirmed), sum(booked)


# ---- the web app's own figures ---------------------------------------------------------------------


def calls_per_page(metrics_text: str) -> dict[tuple[str, str], tuple[float, float]]:
    """``rondo_web_gateway_calls_per_page`` by (route, method): (sum, count) from a /metrics text."""
    from prometheus_client.parser import text_string_to_metric_families

    out: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for family in text_string_to_metric_families(metrics_text):
        if family.name != "rondo_web_gateway_calls_per_page":
            continue
        for sample in family.samples:
            key = (sample.labels.get("route", ""), sample.labels.get("method", ""))
            if sample.name.endswith("_sum"):
                out[key][0] += sample.value
            elif sample.name.endswith("_count"):
                out[key][1] += sample.value
    return {key: (total, count) for key, (total, count) in out.items()}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


# ---- running it -----------------------------------------------------------------------------------


@contextmanager
def rondo_up(data_dir: Path, web_port: int = -1, metrics_port: int = -1) -> Iterator[str]:
    """`rondo up` on ``data_dir`` (SQLite), with its web app on ``web_port`` (-1: none) and the web app's
    metrics on ``metrics_port`` (-1: none); the gateway's address."""
    from rondo_app.demo import rondo_process
    from rondo_runtime.process import free_port

    port = free_port()
    env = {
        "RONDO_PORT": str(port),
        "RONDO_INTERNAL_PORT": str(free_port()),
        "RONDO_DATA_DIR": str(data_dir),
        "RONDO_METRICS_PORT": "-1",
        "RONDO_CALENDAR_PORT": "-1",
        "RONDO_LOG_LEVEL": "ERROR",
        "RONDO_WEB_LOG_LEVEL": "WARNING",
        "RONDO_WEB_PORT": str(web_port),
        "RONDO_WEB_METRICS_PORT": str(metrics_port),
        # the simulated players are plain HTTP clients on loopback: they send no Secure cookie (a browser
        # treats 127.0.0.1 as secure, an HTTP library does not)
        "RONDO_WEB_SECURE_COOKIE": "0",
        "RONDO_REMINDER_INTERVAL_SECONDS": "0",
    }
    with rondo_process(["up"], env, f"127.0.0.1:{port}"):
        yield f"127.0.0.1:{port}"


def wait_ready(url: str, timeout_s: float = 60) -> None:
    """Until the web app's /readyz answers 200 (it reaches the gateway)."""
    import urllib.error
    import urllib.request

    end = time.monotonic() + timeout_s
    while True:
        try:
            with urllib.request.urlopen(url + "/readyz", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if time.monotonic() > end:
            raise RuntimeError(f"the web app at {url} was not ready within {timeout_s:g} s")
        time.sleep(0.05)


def bench(players: int, rooms: int, concurrency: int) -> dict[str, Any]:
    """Setup, the round, the figures (module doc), as JSON-ready data."""
    import urllib.request

    from rondo_app.admin import create_organizer
    from rondo_runtime.bearer import with_bearer
    from rondo_runtime.config import Settings
    from rondo_runtime.process import free_port

    with tempfile.TemporaryDirectory(prefix="rondo-bench-pages-") as tmp:
        data_dir = Path(tmp)
        began = time.perf_counter()
        web_port, metrics_port = free_port(), free_port()
        web = f"http://127.0.0.1:{web_port}"
        with rondo_up(data_dir, web_port, metrics_port) as address, grpc.insecure_channel(address) as channel:
            password = create_organizer(ORGANIZER, Settings.from_env({**os.environ, "RONDO_DATA_DIR": str(data_dir)})).password
            anonymous = gateway_pb2_grpc.GatewayServiceStub(channel)
            token = anonymous.Login(identity_pb2.LoginRequest(name=ORGANIZER, password=password), timeout=TIMEOUT).token
            organizer = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))
            setup = set_up_round(organizer, players, rooms, "Bench")
            wait_ready(web)
            setup_s = time.perf_counter() - began
            print(
                f"setup {setup_s:.1f} s: {players} players at {len(setup.tables)} tables, {rooms} rooms; the round ...",
                flush=True,
            )
            timings, elapsed, confirmations, booked = asyncio.run(play_round(web, setup, concurrency))
            with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as response:
                calls = calls_per_page(response.read().decode())
            load_average = round(os.getloadavg()[0], 1)
    pages = {}
    for page in PAGES:
        seconds = timings.seconds.get(page, [])
        pages[page] = {
            "count": len(seconds),
            "p50_ms": round(percentile(seconds, 0.5) * 1e3, 1),
            "p99_ms": round(percentile(seconds, 0.99) * 1e3, 1),
            "statuses": {str(k): v for k, v in sorted(timings.statuses[page].items())},
        }
    return {
        "players": players,
        "tables": len(setup.tables),
        "rooms": rooms,
        "concurrency": concurrency,
        "setup_seconds": round(setup_s, 1),
        "round_seconds": round(elapsed, 2),
        "requests": sum(p["count"] for p in pages.values()),
        "confirmations": confirmations,
        "logins_refused_busy": timings.retried_logins,
        "tables_booked": booked,
        "load_average": load_average,
        "pages": pages,
        "gateway_calls_per_page": {
            f"{method} {route}": {"pages": int(count), "calls_per_page": round(total / count, 2)}
            for (route, method), (total, count) in sorted(calls.items())
            if count
        },
    }


def print_report(report: dict[str, Any]) -> None:
    print(
        f"{report['players']} players, {report['tables']} tables, {report['rooms']} rooms, at most {report['concurrency']} "
        f"requests at once: {report['requests']} pages in {report['round_seconds']:.1f} s "
        f"({report['confirmations']} confirmations, {report['tables_booked']} of {report['tables']} tables booked, "
        f"{report['logins_refused_busy']} logins refused or timed out in the login flood and sent again; "
        f"load average {report['load_average']})"
    )
    print(f"  {'page':<20} {'count':>6} {'p50 ms':>9} {'p99 ms':>9}  statuses")
    for page, figures in report["pages"].items():
        print(f"  {page:<20} {figures['count']:>6} {figures['p50_ms']:>9.1f} {figures['p99_ms']:>9.1f}  {figures['statuses']}")
    print("  gateway calls per page (the web app's rondo_web_gateway_calls_per_page):")
    for route, figures in report["gateway_calls_per_page"].items():
        print(f"    {route:<84} {figures['calls_per_page']:>5.2f}  ({figures['pages']} pages)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=200, help="simulated players, a multiple of 4 (default 200)")
    parser.add_argument("--rooms", type=int, default=8, help="the club's rooms (default 8)")
    parser.add_argument("--concurrency", type=int, default=200, help="requests in flight at most (default: every player at once)")
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args(argv)
    if args.players < 8 or args.players % 4:
        parser.error("--players must be a multiple of 4, at least 8")
    report = bench(args.players, args.rooms, max(1, args.concurrency))
    print_report(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
