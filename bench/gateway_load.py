"""The gateway under many clients: `rondo up` (embedded) on 127.0.0.1, on SQLite and on PostgreSQL, driven
by many concurrent authenticated clients mixing card reads, availability answers, proposals and
confirmations, and result entry. Prints throughput and p50/p99 per RPC (figures printed, never asserted).

Setup (not timed): an organizer (``rondo admin create-organizer``'s work, in this process) logs in; a
competition of ``--players`` players is drawn and approved; a club with ``ROOMS`` rooms; round 1 opened
for scheduling over a window of ``WINDOW_DAYS`` days from tomorrow; one player account per player, linked
to its league player, who answers the match's availability (so the load starts in a round in progress,
every card with options); ``--judges`` judge accounts.

Load: ``--clients`` threads with blocking stubs, each with its own channel (one HTTP/2 connection):
``--judges`` of them act as a judge, the others share the player accounts out (client k plays players
k, k + n, ...; each call as one of its players, at random). No pause between calls (a closed loop). A
player's call is drawn from ``PLAYER_MIX``:

* ``GetMatchCard`` of the player's own match (the card kept for the next proposal or confirmation);
* ``SetAvailability``: new random intervals, so the card changes and the match's confirmations are
  voided (a booked meeting is cancelled);
* ``ProposeMeeting`` inside an option of the last card seen (without one: a slot every player's answers
  cover once everyone has answered);
* ``ConfirmMeeting`` of the newest proposed meeting of the last card seen (none: a proposal instead);
  the fourth confirmation books a room.

A judge's call is drawn from ``JUDGE_MIX``: ``RecordHanchan`` of the next hanchan not yet recorded
(round 1 to 4, table by table, the judges share the list; every key unique), ``CorrectRecord`` of the
latest version of a record, in turn (each becomes the other when it has nothing to do: a correction
before any record, a record once all are recorded), ``GetStandings``.

Errors are outcomes, counted by status code: FAILED_PRECONDITION when a card changed under a proposal
or a confirmation, ABORTED when every room is taken. Never expected: INTERNAL, UNKNOWN.

Authentication's share: the guard's token check measured in this process
(``bench.gateway_auth.measure_in_process``) as µs and as a % of each RPC's p50, and, once the load is
over, single round trips on the same server: ``WhoAmI`` (a token checked, the account read, nothing
downstream) against a gRPC health ``Check`` (no token), and a player's call the matrix refuses after the
token check against one refused at once for having no token (``bench.gateway_auth.refused_round_trips``).

    .venv/bin/python -m bench.gateway_load [--database sqlite|postgres|both] [--clients 32] [--players 96]
        [--seconds 20] [--json PATH] [--baseline COMMIT [--rounds 3]]

Side by side (``--baseline COMMIT``): COMMIT's tree is exported (``git archive``) and ITS `rondo up` runs
from there (``PYTHONPATH`` naming the tree and its generated ``proto/``, the working directory set to the
tree; this interpreter and its packages, so COMMIT must need the same dependencies) beside this
checkout's, each on its own fresh databases and set up alike; the two are loaded in alternation (baseline, current, baseline, current, ... ``--rounds`` turns
of ``--seconds`` each, the judges' work carried from turn to turn) and both reports are printed, then the
ratio of this checkout to the baseline: throughput, p50 and p99 per RPC.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import grpc
from google.protobuf.timestamp_pb2 import Timestamp

from bench.gateway_auth import measure_in_process, p50_p99
from rondo.gateway.v1 import (
    common_pb2,
    competitions_pb2,
    draws_pb2,
    gateway_pb2_grpc,
    identity_pb2,
    results_pb2,
    scheduling_pb2,
)

PLAYER_MIX = (("GetMatchCard", 45), ("SetAvailability", 20), ("ProposeMeeting", 10), ("ConfirmMeeting", 25))
JUDGE_MIX = (("RecordHanchan", 70), ("CorrectRecord", 15), ("GetStandings", 15))
JUDGE_WORK = {"RecordHanchan": "record", "CorrectRecord": "correct"}
RPCS = ("GetMatchCard", "SetAvailability", "ProposeMeeting", "ConfirmMeeting", "RecordHanchan", "CorrectRecord", "GetStandings")
EXPECTED_NEVER = ("INTERNAL", "UNKNOWN")
ROOMS = 4
WINDOW_DAYS = 3
MIN_MINUTES = 90
MEETING_MINUTES = 180
SCORES = (45_000, 35_000, 25_000, 15_000)
TIMEOUT = 60.0
SETUP_THREADS = 4
ROUND_TRIPS = 500
TOKEN_CHECKS = 5000
ROUND_TRIP_LABELS = {
    "WhoAmI": "WhoAmI: token checked, account read, nothing downstream",
    "Check": "health Check: no token",
    "refused, token checked": "CreateCompetition as a player: token checked, matrix refuses",
    "refused, no token": "CreateCompetition without a token: UNAUTHENTICATED",
}
DEFAULT_PG = "postgresql://postgres@127.0.0.1:5432/postgres"
REPOSITORY = Path(__file__).resolve().parents[1]


def meeting_slot(
    rng: random.Random, card: scheduling_pb2.MatchCard | None, window_start: datetime
) -> tuple[Timestamp, Timestamp]:
    """A meeting on a quarter hour inside a random option of ``card``, else inside the window's first
    day 13:00-19:00."""
    if card is not None and card.options:
        option = rng.choice(list(card.options)).slot
        start, end = option.start.ToDatetime(tzinfo=UTC), option.end.ToDatetime(tzinfo=UTC)
    else:
        start = window_start + timedelta(hours=13)
        end = start + timedelta(hours=6)
    length = min(timedelta(minutes=MEETING_MINUTES), end - start)
    quarters = int((end - start - length) / timedelta(minutes=15))
    begin = start + timedelta(minutes=15 * rng.randint(0, max(0, quarters)))
    return _ts(begin), _ts(begin + length)


def _ts(at: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(at)
    return out


@dataclass
class Season:
    """What the setup made, as the clients need it."""

    address: str
    competition_id: str
    window_start: datetime
    match_of: dict[str, str]
    """league player id -> match key of round 1"""
    player_tokens: dict[str, str]
    judge_tokens: list[str]
    hanchans: list[tuple[int, int, int, list[str]]]
    """every hanchan of the draw in recording order: (round, table, number, seats)"""


def _stub(channel: grpc.Channel, token: str) -> gateway_pb2_grpc.GatewayServiceStub:
    from rondo_runtime.bearer import with_bearer

    return gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))


def tree_path(tree: Path) -> str:
    """``PYTHONPATH`` for another checkout's ``tree``: its code and ITS generated contracts (``proto/``),
    ahead of this checkout's installed ones (which may have RPCs the tree's servicers lack)."""
    return os.pathsep.join((str(tree), str(tree / "proto")))


def organizer_password(env: dict[str, str], tree: Path | None = None) -> str:
    """``rondo admin create-organizer``'s work on the databases ``env`` names: in this process, or, for
    another checkout's ``tree``, by that tree's own command (its migrations, not this tree's)."""
    if tree is None:
        from rondo_app.admin import create_organizer
        from rondo_runtime.config import Settings

        return create_organizer("Load organizer", Settings.from_env({**os.environ, **env})).password
    made = subprocess.run(
        [sys.executable, "-m", "rondo_app.cli", "admin", "create-organizer", "Load organizer", "--json"],
        env={**os.environ, **env, "PYTHONPATH": tree_path(tree)},
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
    )
    return str(json.loads(made.stdout.strip().splitlines()[-1])["password"])


def set_up(address: str, env: dict[str, str], players: int, judges: int, tree: Path | None = None) -> Season:
    """The competition, the club, round 1 opened, the accounts (docstring of the module)."""
    from rondo_runtime.capacity import channel_options

    password = organizer_password(env, tree)
    with grpc.insecure_channel(address, options=channel_options()) as channel:
        anonymous = gateway_pb2_grpc.GatewayServiceStub(channel)

        def login(name: str, secret: str) -> str:
            return anonymous.Login(identity_pb2.LoginRequest(name=name, password=secret), timeout=TIMEOUT).token

        organizer = _stub(channel, login("Load organizer", password))
        competition = organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name=f"Load league {players}", ruleset="discard-league-2026"),
                idempotency_key="load",
            ),
            timeout=TIMEOUT,
        )
        cid = competition.id
        for i in range(players):
            organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(competition_id=cid, name=f"Load player {i:04d}", idempotency_key=f"p{i}"),
                timeout=TIMEOUT,
            )
        view = organizer.DrawCompetition(
            draws_pb2.DrawCompetitionRequest(competition_id=cid, seed=1, time_limit_seconds=5, idempotency_key="load"),
            timeout=TIMEOUT,
        )
        organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=view.draw.id), timeout=TIMEOUT)
        club = organizer.CreateClub(
            scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Load club"), idempotency_key="club"), timeout=TIMEOUT
        )
        for r in range(1, ROOMS + 1):
            organizer.CreateRoom(
                scheduling_pb2.CreateRoomRequest(
                    club_id=club.id, room=scheduling_pb2.Room(name=f"Room {r}"), idempotency_key=f"r{r}"
                ),
                timeout=TIMEOUT,
            )
        start = (datetime.now(UTC) + timedelta(days=1)).replace(minute=0, second=0, microsecond=0)
        matches = organizer.OpenRoundScheduling(
            scheduling_pb2.OpenRoundSchedulingRequest(
                competition_id=cid,
                round=1,
                club_id=club.id,
                window_start=_ts(start),
                window_end=_ts(start + timedelta(days=WINDOW_DAYS)),
                min_minutes=MIN_MINUTES,
                idempotency_key="round-1",
            ),
            timeout=TIMEOUT,
        ).matches
        match_of = {p: m.match_key for m in matches for p in m.player_ids}

        def account(name: str, role: identity_pb2.Role) -> tuple[str, str]:
            made = organizer.CreateAccount(
                identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=role)), timeout=TIMEOUT
            )
            return made.account.id, login(name, made.password)

        def player_account(player_id: str) -> tuple[str, str]:
            account_id, token = account(f"player {player_id}", identity_pb2.ROLE_PLAYER)
            organizer.LinkPlayer(
                identity_pb2.LinkPlayerRequest(account_id=account_id, competition_id=cid, player_id=player_id), timeout=TIMEOUT
            )
            first = intervals(random.Random(player_id), start)  # a round in progress: every card has options
            _stub(channel, token).SetAvailability(
                scheduling_pb2.SetAvailabilityRequest(match_key=match_of[player_id], intervals=first), timeout=TIMEOUT
            )
            return player_id, token

        with ThreadPoolExecutor(SETUP_THREADS) as pool:  # argon2 at every account and login: the slow part
            tokens = dict(pool.map(player_account, sorted(match_of)))
            judge_tokens = [t for _, t in pool.map(lambda j: account(f"Load judge {j}", identity_pb2.ROLE_JUDGE), range(judges))]
    hanchans = [
        (r, t, h, list(table.player_ids))
        for r, rnd in enumerate(view.draw.rounds, start=1)
        for t, table in enumerate(rnd.tables, start=1)
        for h in (1, 2, 3)
    ]
    return Season(address, cid, start, match_of, tokens, judge_tokens, hanchans)


@dataclass
class Tally:
    """One client's calls: seconds per call and outcomes by status code, per RPC (merged at the end)."""

    seconds: dict[str, list[float]] = field(default_factory=dict)
    codes: dict[str, Counter[str]] = field(default_factory=dict)
    booked: set[str] = field(default_factory=set)
    """meetings a confirmation answered BOOKED"""

    def call(self, rpc: str, fn: Callable[[], Any]) -> Any:
        return self.attempt(rpc, fn)[0]

    def attempt(self, rpc: str, fn: Callable[[], Any]) -> tuple[Any, str]:
        """``fn()`` once, timed and counted: its answer (None on an error) and status code name."""
        start = time.perf_counter()
        try:
            answer, code = fn(), "OK"
        except grpc.RpcError as error:
            answer, code = None, error.code().name
        self.seconds.setdefault(rpc, []).append(time.perf_counter() - start)
        self.codes.setdefault(rpc, Counter())[code] += 1
        return answer, code

    def merge(self, other: Tally) -> None:
        for rpc, seconds in other.seconds.items():
            self.seconds.setdefault(rpc, []).extend(seconds)
        for rpc, codes in other.codes.items():
            self.codes.setdefault(rpc, Counter()).update(codes)
        self.booked |= other.booked


class Results:
    """The judges' shared work: the hanchans not yet recorded, in order, and the latest version of each
    record, corrected in turn (a record is corrected once: its correction is the next to correct)."""

    def __init__(self, hanchans: list[tuple[int, int, int, list[str]]]):
        self._lock = threading.Lock()
        self._pending = deque(hanchans)
        self._recorded: deque[results_pb2.ResultRecord] = deque()
        self._serial = 0

    def next(self, wanted: str) -> tuple[str, Any, int]:
        """The ``wanted`` work ("record" or "correct") when there is some, else the other; ("none",
        None, serial) while every record is in flight. The serial makes each idempotency key unique."""
        with self._lock:
            self._serial += 1
            order = ("record", "correct") if wanted == "record" else ("correct", "record")
            for work in order:
                source: deque[Any] = self._pending if work == "record" else self._recorded
                if source:
                    return work, source.popleft(), self._serial
            return "none", None, self._serial

    def done(self, record: results_pb2.ResultRecord | None) -> None:
        if record is not None:
            with self._lock:
                self._recorded.append(record)


def _scores(seats: list[str], turn: int) -> dict[str, int]:
    """Final scores summing to 120 000, rotated by ``turn``."""
    k = turn % len(SCORES)
    return dict(zip(seats, SCORES[k:] + SCORES[:k], strict=True))


def intervals(rng: random.Random, window_start: datetime) -> list[common_pb2.TimeInterval]:
    """A player's answer: day 0 always (starting by 13:00 and ending from 19:00 of the window's clock:
    every player of a match is free 13:00-19:00), days 1 and 2 half the time; quarter hours at random."""

    def at(day: int, minutes: int) -> Timestamp:
        return _ts(window_start + timedelta(days=day, minutes=minutes))

    days = [0, *(d for d in range(1, WINDOW_DAYS) if rng.random() < 0.5)]
    return [
        common_pb2.TimeInterval(start=at(d, 10 * 60 + 15 * rng.randint(0, 12)), end=at(d, 19 * 60 + 15 * rng.randint(0, 12)))
        for d in days
    ]


def _pick(rng: random.Random, mix: tuple[tuple[str, int], ...]) -> str:
    return rng.choices([name for name, _ in mix], weights=[w for _, w in mix])[0]


class PlayerClient:
    """One client thread's players: their stubs on the client's channel and the last card each saw."""

    def __init__(self, season: Season, channel: grpc.Channel, players: list[str], seed: int):
        self.season = season
        self.rng = random.Random(seed)
        self.stubs = {p: _stub(channel, season.player_tokens[p]) for p in players}
        self.cards: dict[str, scheduling_pb2.MatchCard] = {}
        # Every RPC of the mix once first, by one player, in an order where each call has what it
        # needs (a proposal to see, then to confirm): a short run reports every RPC, whatever the dice.
        self.warm_up = ["ProposeMeeting", "GetMatchCard", "ConfirmMeeting", "SetAvailability"]

    def slot(self, card: scheduling_pb2.MatchCard | None) -> tuple[Timestamp, Timestamp]:
        return meeting_slot(self.rng, card, self.season.window_start)

    def step(self, tally: Tally) -> None:
        player = next(iter(self.stubs)) if self.warm_up else self.rng.choice(list(self.stubs))
        stub, key = self.stubs[player], self.season.match_of[player]
        rpc = self.warm_up.pop(0) if self.warm_up else _pick(self.rng, PLAYER_MIX)
        card = self.cards.get(player)
        if rpc == "ConfirmMeeting":
            proposed = [m for m in (card.meetings if card else []) if m.status == scheduling_pb2.MEETING_STATUS_PROPOSED]
            if not proposed:
                rpc = "ProposeMeeting"
            else:
                request = scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=proposed[-1].id)
                meeting = tally.call(rpc, lambda: stub.ConfirmMeeting(request, timeout=TIMEOUT))
                if meeting is not None and meeting.status == scheduling_pb2.MEETING_STATUS_BOOKED:
                    tally.booked.add(meeting.id)
                return
        if rpc == "GetMatchCard":
            got = tally.call(rpc, lambda: stub.GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=TIMEOUT))
            if got is not None:
                self.cards[player] = got
        elif rpc == "SetAvailability":
            answer = scheduling_pb2.SetAvailabilityRequest(match_key=key, intervals=intervals(self.rng, self.season.window_start))
            tally.call(rpc, lambda: stub.SetAvailability(answer, timeout=TIMEOUT))
        else:
            start, end = self.slot(card)
            proposal = scheduling_pb2.ProposeMeetingRequest(match_key=key, start=start, end=end)
            tally.call(rpc, lambda: stub.ProposeMeeting(proposal, timeout=TIMEOUT))


class JudgeClient:
    def __init__(self, season: Season, channel: grpc.Channel, token: str, results: Results, seed: int):
        self.season = season
        self.rng = random.Random(seed)
        self.stub = _stub(channel, token)
        self.results = results
        self.warm_up = [name for name, _ in JUDGE_MIX]  # each once first: a record, its correction, the standings

    def step(self, tally: Tally) -> None:
        cid = self.season.competition_id
        rpc = self.warm_up.pop(0) if self.warm_up else _pick(self.rng, JUDGE_MIX)
        work: str
        item: Any
        work, item, serial = ("none", None, 0) if rpc == "GetStandings" else self.results.next(JUDGE_WORK[rpc])
        if work == "record":
            r, t, h, seats = item
            hanchan = results_pb2.HanchanResult(number=h, scores=_scores(seats, t + h))
            recorded = results_pb2.RecordHanchanRequest(
                competition_id=cid, round=r, table=t, hanchan=hanchan, idempotency_key=f"load-{r}-{t}-{h}"
            )
            self.results.done(tally.call("RecordHanchan", lambda: self.stub.RecordHanchan(recorded, timeout=TIMEOUT)))
        elif work == "correct":
            seats, points = zip(*item.hanchan.scores.items(), strict=True)
            turned = dict(zip(seats, points[1:] + points[:1], strict=True))  # every seat's score moves
            hanchan = results_pb2.HanchanResult(number=item.hanchan.number, scores=turned)
            fix = results_pb2.CorrectRecordRequest(
                competition_id=cid, record_id=item.id, reason="load benchmark", hanchan=hanchan, idempotency_key=f"fix-{serial}"
            )
            self.results.done(tally.call("CorrectRecord", lambda: self.stub.CorrectRecord(fix, timeout=TIMEOUT)))
        else:
            standings = results_pb2.GetStandingsRequest(competition_id=cid)
            tally.call("GetStandings", lambda: self.stub.GetStandings(standings, timeout=TIMEOUT))


def run_load(season: Season, clients: int, seconds: float, seed: int = 1, results: Results | None = None) -> tuple[Tally, float]:
    """``clients`` threads for ``seconds``; the merged tally and the wall time from the common start.
    ``results``: the judges' work carried over from an earlier load on the same season."""
    from rondo_runtime.capacity import channel_options

    judges = len(season.judge_tokens)
    players = sorted(season.player_tokens)
    player_clients = clients - judges
    start = threading.Barrier(clients + 1)
    stop = threading.Event()
    tallies = [Tally() for _ in range(clients)]
    results = results or Results(season.hanchans)

    def client(k: int) -> None:
        # round_robin: a target listing several gateways (bench.cluster_load) spreads each client's calls
        with grpc.insecure_channel(season.address, options=channel_options(("grpc.lb_policy_name", "round_robin"))) as channel:
            worker: PlayerClient | JudgeClient
            if k < judges:
                worker = JudgeClient(season, channel, season.judge_tokens[k], results, seed * 1000 + k)
            else:
                worker = PlayerClient(season, channel, players[k - judges :: player_clients], seed * 1000 + k)
            grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
            start.wait()
            while not stop.is_set() or worker.warm_up:  # a client ends its warm-up even past the time
                worker.step(tallies[k])

    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(clients)]
    for thread in threads:
        thread.start()
    start.wait()
    began = time.perf_counter()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - began
    merged = Tally()
    for tally in tallies:
        merged.merge(tally)
    return merged, elapsed


def round_trips(season: Season, n: int) -> dict[str, list[float]]:
    """Single calls on the idle server: ``WhoAmI`` (a token checked, the account read, nothing
    downstream) and health ``Check`` (no token), alternated; then a player's ``CreateCompetition``
    (a token checked, refused by the matrix) and the same without a token (refused at once)."""
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    from bench.gateway_auth import refused_round_trips

    with grpc.insecure_channel(season.address) as channel:
        who = _stub(channel, next(iter(season.player_tokens.values())))
        health = health_pb2_grpc.HealthStub(channel)
        out: dict[str, list[float]] = {"WhoAmI": [], "Check": []}
        calls: dict[str, Callable[[], object]] = {
            "WhoAmI": lambda: who.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT),
            "Check": lambda: health.Check(health_pb2.HealthCheckRequest(), timeout=TIMEOUT),
        }
        for i in range(n + 5):  # five to warm up, then alternate so a busy machine weighs on both alike
            for name, call in calls.items():
                began = time.perf_counter()
                call()
                if i >= 5:
                    out[name].append(time.perf_counter() - began)
        out["refused, token checked"], out["refused, no token"] = refused_round_trips(
            channel, next(iter(season.player_tokens.values())), n
        )
    return out


@contextlib.contextmanager
def databases(kind: str, data_dir: Path, pg_url: str) -> Iterator[dict[str, str]]:
    """The environment naming each service's database: SQLite files in ``data_dir``, or fresh PostgreSQL
    databases on ``pg_url``'s server, dropped afterwards."""
    from rondo_app.registry import SERVICES
    from rondo_runtime.db import create_database, drop_database

    env = {"RONDO_DATA_DIR": str(data_dir)}
    created: list[str] = []
    try:
        if kind == "postgres":
            for s in SERVICES:
                if s.database:
                    created.append(create_database(pg_url, f"rondo_load_{s.name}"))
                    env[f"RONDO_{s.name.upper()}_DATABASE_URL"] = created[-1]
        yield env
    finally:
        for url in created:
            drop_database(url)


def _ms(seconds: float) -> float:
    return round(seconds * 1e3, 3)


def rpc_figures(tally: Tally, rpc: str, elapsed: float) -> dict[str, Any]:
    """One RPC's calls in a tally: count, calls/s over ``elapsed``, p50/p99 in ms, outcomes by status."""
    seconds = tally.seconds.get(rpc, [])
    p50, p99 = p50_p99(seconds) if seconds else (0.0, 0.0)
    return {
        "count": len(seconds),
        "per_second": round(len(seconds) / elapsed, 2),
        "p50_ms": _ms(p50),
        "p99_ms": _ms(p99),
        "codes": dict(sorted(tally.codes.get(rpc, Counter()).items())),
    }


@contextlib.contextmanager
def serve(kind: str, args: argparse.Namespace, tree: Path | None = None) -> Iterator[tuple[Season, float]]:
    """`rondo up` on fresh databases of ``kind``, set up (module docstring): this checkout's, or the one in
    ``tree`` (started there, ``PYTHONPATH`` naming it; same interpreter and packages). Yields the season
    and the setup's seconds."""
    from rondo_app.demo import rondo_process
    from rondo_runtime.process import free_port

    port = free_port()
    address = f"127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix=f"rondo-bench-load-{kind}-") as tmp, databases(kind, Path(tmp), args.pg_url) as db:
        env = {
            **db,
            "RONDO_PORT": str(port),
            "RONDO_INTERNAL_PORT": str(free_port()),
            "RONDO_METRICS_PORT": "-1",
            "RONDO_CALENDAR_PORT": "-1",
            "RONDO_REMINDER_INTERVAL_SECONDS": "0",
            "RONDO_LOG_LEVEL": "ERROR",
            "RONDO_WEB_PORT": "-1",  # no web app: nothing of it is loaded, and two servers never meet on its port
        }
        if tree is not None:
            env["PYTHONPATH"] = tree_path(tree)
        began = time.perf_counter()
        with rondo_process(["up"], env, address, cwd=None if tree is None else str(tree)):
            season = set_up(address, env, args.players, args.judges, tree)
            yield season, time.perf_counter() - began


def report(kind: str, args: argparse.Namespace, tally: Tally, elapsed: float, setup_s: float, **more: Any) -> dict[str, Any]:
    """A load's figures as JSON-ready data (``more``: extra keys, e.g. the round trips)."""
    rpcs = {rpc: rpc_figures(tally, rpc, elapsed) for rpc in RPCS}
    total = sum(r["count"] for r in rpcs.values())
    return {
        "database": kind,
        "clients": args.clients,
        "judges": args.judges,
        "players": args.players,
        "seconds": round(elapsed, 2),
        "setup_seconds": round(setup_s, 1),
        "calls": total,
        "per_second": round(total / elapsed, 1),
        "meetings_booked": len(tally.booked),
        "load_average": round(os.getloadavg()[0], 1),  # the machine's, over the last minute: how shared it was
        "rpcs": rpcs,
        **more,
    }


def bench(kind: str, args: argparse.Namespace) -> dict[str, Any]:
    """One database: setup, the load, the round trips; the report as JSON-ready data."""
    with serve(kind, args) as (season, setup_s):
        print(f"== {kind}: setup {setup_s:.1f} s; load {args.clients} clients for {args.seconds:g} s ...", flush=True)
        tally, elapsed = run_load(season, args.clients, args.seconds)
        trips = round_trips(season, args.round_trips)
    return report(
        kind,
        args,
        tally,
        elapsed,
        setup_s,
        round_trips_ms={name: dict(zip(("p50", "p99"), map(_ms, p50_p99(s)), strict=True)) for name, s in trips.items()},
    )


@contextlib.contextmanager
def exported(commit: str, repository: Path = REPOSITORY) -> Iterator[Path]:
    """The tree of ``commit`` (any name git knows) in a temporary directory (``git archive``: no
    worktree, nothing left in the repository), removed afterwards. A name git does not know raises
    ``ValueError``."""
    resolved = subprocess.run(
        ["git", "-C", str(repository), "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}"],
        capture_output=True,
        text=True,
    )
    if resolved.returncode:
        raise ValueError(f"--baseline {commit!r}: not a commit of {repository}")
    with tempfile.TemporaryDirectory(prefix=f"rondo-baseline-{commit[:12]}-") as tmp:
        archive = subprocess.run(
            ["git", "-C", str(repository), "archive", "--format=tar", resolved.stdout.strip()], capture_output=True, check=True
        )
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        yield Path(tmp)


def side_by_side(kind: str, args: argparse.Namespace) -> dict[str, dict[str, Any]]:
    """The baseline commit's `rondo up` and this checkout's, both up at once on their own fresh databases,
    each set up alike, then loaded in alternation (baseline, current, baseline, ...: ``--rounds`` turns
    of ``--seconds`` each) so a busy machine weighs on both alike; a report for each."""
    with contextlib.ExitStack() as stack:
        tree = stack.enter_context(exported(args.baseline))
        targets = {"baseline": stack.enter_context(serve(kind, args, tree)), "current": stack.enter_context(serve(kind, args))}
        tallies = {name: Tally() for name in targets}
        elapsed = dict.fromkeys(targets, 0.0)
        results = {name: Results(season.hanchans) for name, (season, _) in targets.items()}
        for turn in range(args.rounds):
            for name, (season, _) in targets.items():
                print(
                    f"== {kind}: turn {turn + 1}/{args.rounds}, {name}: {args.clients} clients for {args.seconds:g} s", flush=True
                )
                tally, took = run_load(season, args.clients, args.seconds, seed=turn + 1, results=results[name])
                tallies[name].merge(tally)
                elapsed[name] += took
    return {name: report(kind, args, tallies[name], elapsed[name], setup_s) for name, (_, setup_s) in targets.items()}


def ratio_lines(label: str, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """``after`` against ``before``: throughput, and p50/p99 per RPC (ratios of times: below 1 is faster)."""
    lines = [f"== {label}", f"  throughput {after['per_second'] / before['per_second']:.2f}x"]
    for rpc in RPCS:
        a, b = before["rpcs"][rpc], after["rpcs"][rpc]
        ratio = (
            f"p50 {b['p50_ms'] / a['p50_ms']:.2f}x  p99 {b['p99_ms'] / a['p99_ms']:.2f}x" if a["p50_ms"] and a["p99_ms"] else "-"
        )
        lines.append(f"  {rpc:<16} {ratio}")
    return lines


def token_check(calls: int) -> dict[str, float]:
    """The guard's token check in this process, µs at the median."""
    with tempfile.TemporaryDirectory(prefix="rondo-bench-load-auth-") as tmp:
        measured = measure_in_process(Path(tmp), calls)
    return {
        "cached_us": round(p50_p99(measured.hot)[0] * 1e6, 1),
        "first_sight_us": round(p50_p99(measured.signature)[0] * 1e6, 1),
    }


def report_lines(report: dict[str, Any], token: dict[str, float]) -> list[str]:
    cached = token["cached_us"]
    lines = [
        f"== {report['database']}: {report['clients']} clients ({report['judges']} judges), {report['players']} players, "
        f"{report['seconds']:g} s: {report['calls']} calls, {report['per_second']:.1f} calls/s, "
        f"{report['meetings_booked']} meetings booked (setup {report['setup_seconds']:g} s, not timed; "
        f"load average {report['load_average']:g})",
        f"  {'rpc':<16} {'count':>7} {'calls/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'token %p50':>10}  codes",
    ]
    for rpc, r in report["rpcs"].items():
        share = f"{cached / 10 / r['p50_ms']:.3f} %" if r["p50_ms"] else "-"
        codes = ", ".join(f"{c} {n}" for c, n in r["codes"].items())
        lines.append(
            f"  {rpc:<16} {r['count']:>7} {r['per_second']:>8.1f} {r['p50_ms']:>8.2f} {r['p99_ms']:>8.2f} {share:>10}  {codes}"
        )
    trips = report.get("round_trips_ms")
    if not trips:
        return lines
    lines.append("  single round trips after the load (idle server):")
    for name, label in ROUND_TRIP_LABELS.items():
        lines.append(f"    {label:<62} p50 {trips[name]['p50']:7.3f} ms  p99 {trips[name]['p99']:7.3f} ms")
    for (a, b), label in (
        (("WhoAmI", "Check"), "WhoAmI - health Check"),
        (("refused, token checked", "refused, no token"), "refused with a token - refused without"),
    ):
        lines.append(f"    {label:<62} p50 {trips[a]['p50'] - trips[b]['p50']:7.3f} ms")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.gateway_load", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres", "both"), default="both")
    parser.add_argument("--clients", type=int, default=32, help="concurrent client threads (default: %(default)s)")
    parser.add_argument("--judges", type=int, help="of the clients, how many act as a judge (default: clients / 8, at least 1)")
    parser.add_argument("--players", type=int, default=96, help="a multiple of 4 (default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the load (default: %(default)s)")
    parser.add_argument("--round-trips", type=int, default=ROUND_TRIPS, help="WhoAmI and health Check each, after the load")
    parser.add_argument("--token-checks", type=int, default=TOKEN_CHECKS, help="in-process token checks of the common case")
    parser.add_argument("--pg-url", default=DEFAULT_PG, help="the PostgreSQL server the databases are made on")
    parser.add_argument("--json", type=Path, help="also write the reports to this file")
    parser.add_argument(
        "--baseline",
        metavar="COMMIT",
        help="also run COMMIT's `rondo up` (exported with git archive, same interpreter and packages) and load it "
        "and this checkout's in alternation, --rounds turns of --seconds each; print both and the ratio",
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: turns each (default: %(default)s)")
    args = parser.parse_args(argv)
    if args.players < 8 or args.players % 4:
        parser.error("--players must be a multiple of 4, at least 8")
    if args.judges is None:
        args.judges = max(1, args.clients // 8)
    if not 1 <= args.judges < args.clients:
        parser.error("--judges must be at least 1 and leave at least one player client")
    token = token_check(args.token_checks)
    print(
        f"== the guard's token check in this process: {token['cached_us']:.1f} us a call (token seen before, "
        f"account cached), {token['first_sight_us']:.1f} us the first time a token is seen (HS256 checked)",
        flush=True,
    )
    kinds = ("sqlite", "postgres") if args.database == "both" else (args.database,)
    reports: dict[str, Any] = {}
    for kind in kinds:
        if args.baseline:
            pair = side_by_side(kind, args)
            reports[kind] = pair["current"]
            reports[f"{kind} baseline"] = pair["baseline"]
            for name, figures in pair.items():
                print(f"== {kind}, {name} ({args.baseline if name == 'baseline' else 'this checkout'}):", flush=True)
                for line in report_lines(figures, token):
                    print(line, flush=True)
            for line in ratio_lines(f"{kind}: this checkout / {args.baseline}", pair["baseline"], pair["current"]):
                print(line, flush=True)
            continue
        reports[kind] = bench(kind, args)
        for line in report_lines(reports[kind], token):
            print(line, flush=True)
    if set(kinds) == {"sqlite", "postgres"}:
        for line in ratio_lines("PostgreSQL / SQLite", reports["sqlite"], reports["postgres"]):
            print(line, flush=True)
    if args.json:
        args.json.write_text(json.dumps({"token_check_us": token, "reports": reports}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
