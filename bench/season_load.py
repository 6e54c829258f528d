"""A season at scale on the replicas topology (``bench.cluster_load.Replicas``: N processes of every
service on PostgreSQL, address lists ``ipv4:a,b`` with ``round_robin``): ``--clubs`` clubs of
``--players`` players each (64: 16 tables a round) play one round, every match of every club at once,
spread over ``--clients`` client threads, while organizers draw ``--draw-burst`` competitions at the
same moment, more than the solver replicas have workers. Figures printed, never asserted.

Setup (timed apart, not in the figures): one organizer; per club a competition of ``--players``
players, drawn (``--setup-draw-seconds``) and approved, a club of ``ROOMS`` rooms, round 1 opened over
``WINDOW_DAYS`` days; the player and judge accounts are written straight into the gateway's database
and their tokens signed with the gateway's key (``RONDO_TOKEN_SECRET``): a season's players already
have accounts, and 6 400 argon2 hashes and logins would take an hour of this machine's CPU.

The round, per match (a client thread takes the next match from one shared list): each of the four
players answers availability (``SetAvailability``); the first reads the card (``GetMatchCard``) and
proposes a meeting inside an option (``ProposeMeeting``), each player reads the card and confirms it
(``ConfirmMeeting``) until the answer is BOOKED (a card changed under a proposal, FAILED_PRECONDITION,
or every room taken, ABORTED: propose again, at most ``MAX_PROPOSALS`` times); a judge records the
match's ``HANCHANS`` hanchans (``RecordHanchan``); each player reads the standings (``GetStandings``).
Every write carries an idempotency key, and a call answered UNAVAILABLE or DEADLINE_EXCEEDED is sent
again, same request, same key, until it is answered (``RETRY_FOR_SECONDS``): every attempt's status
code is counted.

Solver queue: ``--draw-burst`` organizers' ``DrawCompetition`` calls (competitions of
``--draw-players``, ``--draw-seconds`` of search each) all sent when the round starts, to solver
replicas of ``--solver-workers`` workers and ``--solver-queue`` waiting places each: per draw the
outcome, the time it waited (the call's time less the solver's own ``wall_time_seconds``), and how many
each solver replica solved (its ``rondo_solver_solves_total``, scraped).

``--faults``: mid-round (at 20 %, 40 %, 60 %, 80 % of the matches done), SIGKILL the first replica of
each named service in turn (every service of the registry by default) and start it again on the
same port and database; ``--restart-postgres CMD`` also runs ``CMD`` (a shell command restarting the
PostgreSQL server, e.g. ``pg_ctl -D DIR restart -m fast``) at 90 %: never on a shared server.
``--private-postgres`` runs the whole benchmark on a throw-away server of its own
(``bench.private_postgres``: ``initdb`` into a temporary directory, a free port, removed afterwards),
and ``--restart-postgres`` without a command then restarts that one (``pg_ctl restart -m fast``). At the end, whatever the faults: every acknowledged booking (a confirmation
answered BOOKED) is the one BOOKED meeting of its match, and every acknowledged record is stored
exactly once (``ListResultRecords``): lost and duplicated ones are counted and printed.

    .venv/bin/python -m bench.season_load [--clubs 100] [--players 64] [--replicas 2] [--clients 32]
        [--draw-burst 8] [--draw-players 32] [--draw-seconds 2] [--solver-workers 1] [--solver-queue 2]
        [--faults [gateway,league,booking,solver]] [--private-postgres] [--restart-postgres [CMD]]
        [--json PATH]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import secrets
import shlex
import subprocess
import tempfile
import threading
import time
import urllib.request
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from typing import Any

import grpc

from bench.cluster_load import Replicas, tree_cpu_seconds
from bench.gateway_load import (
    DEFAULT_PG,
    SCORES,
    TIMEOUT,
    WINDOW_DAYS,
    Tally,
    _stub,
    _ts,
    intervals,
    meeting_slot,
    rpc_figures,
)
from rondo.gateway.v1 import (
    competitions_pb2,
    draws_pb2,
    gateway_pb2_grpc,
    identity_pb2,
    results_pb2,
    scheduling_pb2,
)
from rondo_app.registry import SERVICES

RPCS = ("SetAvailability", "GetMatchCard", "ProposeMeeting", "ConfirmMeeting", "RecordHanchan", "GetStandings")
RETRIED = frozenset({"UNAVAILABLE", "DEADLINE_EXCEEDED"})
RETRY_FOR_SECONDS = 120.0
ROOMS = 8
HANCHANS = 3
MAX_PROPOSALS = 8
MIN_MINUTES = 90
SETUP_THREADS = 4
FAULT_POINTS = (0.2, 0.4, 0.6, 0.8)
POSTGRES_POINT = 0.9
FAULT_SERVICES = tuple(s.name for s in SERVICES)  # every service, in the registry's order
BENCH_BY = "season benchmark"
PRIVATE = "private"  # --restart-postgres without a command: the --private-postgres server


@dataclass(frozen=True)
class Match:
    competition_id: str
    match_key: str
    table: int
    players: tuple[str, ...]


@dataclass
class Outcomes:
    """What the servers acknowledged, to check at the end, and every attempt's status code."""

    tally: Tally = field(default_factory=Tally)
    retries: Counter[str] = field(default_factory=Counter)
    booked: dict[str, str] = field(default_factory=dict)
    """match key -> the meeting a confirmation answered BOOKED"""
    records: dict[tuple[str, int], dict[int, str]] = field(default_factory=dict)
    """(competition, table) -> hanchan number -> the record id answered"""
    unbooked: list[str] = field(default_factory=list)
    after_retry: dict[str, str] = field(default_factory=dict)
    """"RPC CODE" -> the first such error's details, for errors answered to a retry (say why)"""
    lock: threading.Lock = field(default_factory=threading.Lock)


def call(outcomes: Outcomes, rpc: str, fn: Callable[[], Any], tally: Tally | None = None) -> tuple[Any, str]:
    """``fn()`` sent again while it is answered UNAVAILABLE or DEADLINE_EXCEEDED (same request, same
    key), for at most RETRY_FOR_SECONDS; every attempt counted. The answer (None on an error) and the
    last status code."""
    tally = tally or outcomes.tally
    give_up = time.monotonic() + RETRY_FOR_SECONDS
    pause = 0.05
    while True:
        answer, code, details = _attempt(tally, rpc, fn)
        if code not in RETRIED or time.monotonic() > give_up:
            if code != "OK" and pause > 0.05:  # an error answered to a retry: keep why
                with outcomes.lock:
                    outcomes.after_retry.setdefault(f"{rpc} {code}", details)
            return answer, code
        with outcomes.lock:
            outcomes.retries[rpc] += 1
        time.sleep(pause)  # a client's back-off before its retry
        pause = min(1.0, pause * 2)


def _attempt(tally: Tally, rpc: str, fn: Callable[[], Any]) -> tuple[Any, str, str]:
    """One attempt counted in ``tally``: answer, status code name and the error's details ("" if OK)."""
    details: list[str] = []

    def remembered() -> Any:
        try:
            return fn()
        except grpc.RpcError as error:
            details.append(str(error.details()))
            raise

    answer, code = tally.attempt(rpc, remembered)
    return answer, code, details[0] if details else ""


# ------------------------------------------------------------------------------------------ setup
def _competition(stub, name: str, key: str, players: int, prefix: str) -> str:
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset="discard-league-2026"), idempotency_key=key
        ),
        timeout=TIMEOUT,
    )
    for i in range(players):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=competition.id, name=f"{prefix} {i + 1:03d}", idempotency_key=f"{key}-p{i}"
            ),
            timeout=TIMEOUT,
        )
    return str(competition.id)


def set_up_club(stub, c: int, players: int, start: datetime, draw_seconds: float) -> list[Match]:
    """One club's competition drawn and approved, its rooms, round 1 open: its matches."""
    cid = _competition(stub, f"Season club {c + 1}", f"season-{c}", players, f"Club {c + 1} player")
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(
            competition_id=cid, seed=1, time_limit_seconds=draw_seconds, idempotency_key=f"season-draw-{c}"
        ),
        timeout=TIMEOUT,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=view.draw.id), timeout=TIMEOUT)
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name=f"Season club {c + 1}"), idempotency_key=f"club-{c}"),
        timeout=TIMEOUT,
    )
    for r in range(1, ROOMS + 1):
        stub.CreateRoom(
            scheduling_pb2.CreateRoomRequest(
                club_id=club.id, room=scheduling_pb2.Room(name=f"Room {r}"), idempotency_key=f"club-{c}-room-{r}"
            ),
            timeout=TIMEOUT,
        )
    matches = stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid,
            round=1,
            club_id=club.id,
            window_start=_ts(start),
            window_end=_ts(start + timedelta(days=WINDOW_DAYS)),
            min_minutes=MIN_MINUTES,
            idempotency_key=f"club-{c}-round-1",
        ),
        timeout=TIMEOUT,
    ).matches
    table_of = {frozenset(t.player_ids): n for n, t in enumerate(view.draw.rounds[0].tables, start=1)}
    return [Match(cid, m.match_key, table_of[frozenset(m.player_ids)], tuple(m.player_ids)) for m in matches]


def accounts(
    env: dict[str, str], players: list[tuple[str, str]], judges: int, organizer_id: str
) -> tuple[dict[str, str], list[str]]:
    """Player accounts linked to ``players`` ((competition, player) pairs) and ``judges`` judge
    accounts, written into the gateway's database in this process; their tokens, signed with the
    gateway's key. Token of each player id, and the judges' tokens. The judges are made by
    ``organizer_id`` (the gateway's owner: they judge in every competition)."""
    from gateway.adapters.accounts import IdentityRepository
    from gateway.domain.identity import Account, PlayerLink, Role, issue_claims
    from gateway.tokens import TokenCodec
    from rondo_runtime.config import Settings
    from rondo_runtime.db import make_engine
    from rondo_runtime.transactions import SqlUnitOfWork

    settings = Settings.from_env({**os.environ, **env})
    assert settings.token_secret, "the gateways and this process sign with RONDO_TOKEN_SECRET"
    codec, now = TokenCodec(settings.token_secret), datetime.now(UTC)
    made = [
        Account(str(uuid.uuid4()), f"Season {pid}", Role.PLAYER, now, BENCH_BY, links=(PlayerLink(cid, pid),))
        for cid, pid in players
    ]
    made += [Account(str(uuid.uuid4()), f"Season judge {j + 1}", Role.JUDGE, now, organizer_id) for j in range(judges)]
    engine = make_engine(settings.database_url("gateway"))
    try:
        uow = SqlUnitOfWork(engine, IdentityRepository)
        for i in range(0, len(made), 500):

            def work(repo: IdentityRepository, batch: list[Account] = made[i : i + 500]) -> None:
                for account in batch:
                    repo.add_account(account, None)
                for account in batch:
                    for link in account.links:
                        repo.add_link(account.id, link, now, BENCH_BY)

            uow.write(work)
    finally:
        engine.dispose()
    tokens = {a.id: codec.encode(issue_claims(a, now, 24 * 3600)) for a in made}
    player_tokens = {a.links[0].player_id: tokens[a.id] for a in made if a.links}
    return player_tokens, [tokens[a.id] for a in made if a.role == Role.JUDGE]


@dataclass
class SeasonSetup:
    matches: list[Match]
    player_tokens: dict[str, str]
    judge_tokens: list[str]
    organizer_token: str
    draw_competitions: list[str]
    window_start: datetime
    seconds: float


def set_up(target: str, env: dict[str, str], args: argparse.Namespace) -> SeasonSetup:
    from rondo_app.admin import create_organizer
    from rondo_runtime.capacity import channel_options
    from rondo_runtime.config import Settings

    began = time.perf_counter()
    organizer = create_organizer("Season organizer", Settings.from_env({**os.environ, **env}))
    start = (datetime.now(UTC) + timedelta(days=1)).replace(minute=0, second=0, microsecond=0)
    with grpc.insecure_channel(target, options=channel_options(("grpc.lb_policy_name", "round_robin"))) as channel:
        login = gateway_pb2_grpc.GatewayServiceStub(channel).Login
        token = login(identity_pb2.LoginRequest(name="Season organizer", password=organizer.password), timeout=TIMEOUT).token
        stub = _stub(channel, token)
        with ThreadPoolExecutor(SETUP_THREADS) as pool:
            clubs = list(
                pool.map(lambda c: set_up_club(stub, c, args.players, start, args.setup_draw_seconds), range(args.clubs))
            )
            draws = list(
                pool.map(
                    lambda d: _competition(stub, f"Queue draw {d + 1}", f"queue-{d}", args.draw_players, f"Queue {d + 1} player"),
                    range(args.draw_burst),
                )
            )
    matches = [m for club in clubs for m in club]
    players = [(m.competition_id, p) for m in matches for p in m.players]
    player_tokens, judge_tokens = accounts(env, players, args.clients, organizer.account.id)
    return SeasonSetup(matches, player_tokens, judge_tokens, token, draws, start, time.perf_counter() - began)


# ------------------------------------------------------------------------------------------ round
class RoundClient:
    """One client thread's channel: plays the matches it takes from the shared list."""

    def __init__(self, setup: SeasonSetup, channel: grpc.Channel, judge_token: str, outcomes: Outcomes, seed: int):
        self.setup, self.channel, self.outcomes = setup, channel, outcomes
        self.judge = _stub(channel, judge_token)
        self.rng = random.Random(seed)
        self.tally = Tally()

    def call(self, rpc: str, fn: Callable[[], Any]) -> tuple[Any, str]:
        return call(self.outcomes, rpc, fn, self.tally)

    def slot(self, card: scheduling_pb2.MatchCard | None) -> tuple[Any, Any]:
        return meeting_slot(self.rng, card, self.setup.window_start)

    def play(self, match: Match) -> None:
        stubs = {p: _stub(self.channel, self.setup.player_tokens[p]) for p in match.players}
        key = match.match_key
        for p, stub in stubs.items():
            answer = scheduling_pb2.SetAvailabilityRequest(
                match_key=key, intervals=intervals(random.Random(p), self.setup.window_start), idempotency_key=f"avail-{p}"
            )
            self.call("SetAvailability", partial(stub.SetAvailability, answer, timeout=TIMEOUT))
        self.book(match, stubs)
        for h in range(1, HANCHANS + 1):
            k = (match.table + h) % len(SCORES)
            scores = dict(zip(match.players, SCORES[k:] + SCORES[:k], strict=True))
            recorded = results_pb2.RecordHanchanRequest(
                competition_id=match.competition_id,
                round=1,
                table=match.table,
                hanchan=results_pb2.HanchanResult(number=h, scores=scores),
                idempotency_key=f"record-{match.competition_id}-{match.table}-{h}",
            )
            record, _ = self.call("RecordHanchan", partial(self.judge.RecordHanchan, recorded, timeout=TIMEOUT))
            if record is not None:
                with self.outcomes.lock:
                    self.outcomes.records.setdefault((match.competition_id, match.table), {})[h] = record.id
        standings = results_pb2.GetStandingsRequest(competition_id=match.competition_id)
        for stub in stubs.values():
            self.call("GetStandings", partial(stub.GetStandings, standings, timeout=TIMEOUT))

    def book(self, match: Match, stubs: dict[str, Any]) -> None:
        key, first = match.match_key, stubs[match.players[0]]
        for attempt in range(MAX_PROPOSALS):
            card, _ = self.call(
                "GetMatchCard", partial(first.GetMatchCard, scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=TIMEOUT)
            )
            start, end = self.slot(card)
            proposal = scheduling_pb2.ProposeMeetingRequest(
                match_key=key, start=start, end=end, idempotency_key=f"propose-{key}-{attempt}"
            )
            meeting, _ = self.call("ProposeMeeting", partial(first.ProposeMeeting, proposal, timeout=TIMEOUT))
            if meeting is None:
                continue
            for p, stub in stubs.items():
                self.call(
                    "GetMatchCard",
                    partial(stub.GetMatchCard, scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=TIMEOUT),
                )
                confirm = scheduling_pb2.ConfirmMeetingRequest(
                    match_key=key, meeting_id=meeting.id, idempotency_key=f"confirm-{key}-{attempt}-{p}"
                )
                answer, _ = self.call("ConfirmMeeting", partial(stub.ConfirmMeeting, confirm, timeout=TIMEOUT))
                if answer is None:
                    break  # the card changed or the rooms are taken: propose again
                if answer.status == scheduling_pb2.MEETING_STATUS_BOOKED:
                    with self.outcomes.lock:
                        self.outcomes.booked[key] = answer.id
                    return
        with self.outcomes.lock:
            self.outcomes.unbooked.append(key)


class Progress:
    """The shared list of matches and how many are done."""

    def __init__(self, matches: list[Match]):
        self._pending = list(reversed(matches))
        self.total = len(matches)
        self.done = 0
        self._lock = threading.Lock()
        self.changed = threading.Condition(self._lock)

    def take(self) -> Match | None:
        with self._lock:
            return self._pending.pop() if self._pending else None

    def finished(self) -> None:
        with self._lock:
            self.done += 1
            self.changed.notify_all()

    def wait_for(self, fraction: float) -> bool:
        """Until ``fraction`` of the matches are done; False if the round ended first."""
        with self._lock:
            self.changed.wait_for(lambda: self.done >= fraction * self.total)
            return self.done < self.total


def play_round(target: str, setup: SeasonSetup, clients: int, outcomes: Outcomes, progress: Progress) -> None:
    from rondo_runtime.capacity import channel_options

    def client(k: int) -> None:
        with grpc.insecure_channel(target, options=channel_options(("grpc.lb_policy_name", "round_robin"))) as channel:
            worker = RoundClient(setup, channel, setup.judge_tokens[k], outcomes, k)
            while (match := progress.take()) is not None:
                worker.play(match)
                progress.finished()
            with outcomes.lock:
                outcomes.tally.merge(worker.tally)

    threads = [threading.Thread(target=client, args=(k,), daemon=True) for k in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


# ------------------------------------------------------------------------------------- the solver
def solves(port: int) -> float:
    """``rondo_solver_solves_total`` of one solver replica, every status (0 when it does not answer)."""
    from prometheus_client.parser import text_string_to_metric_families

    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            text = response.read().decode()
    except OSError:
        return 0.0
    return sum(
        s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
        if s.name == "rondo_solver_solves_total"
    )


def draw_burst(target: str, setup: SeasonSetup, seconds: float) -> list[dict[str, Any]]:
    """Every queue competition drawn at once: per draw its status, seconds until answered, seconds the
    solver searched (``wall_time_seconds``) and waited (the difference)."""
    from rondo_runtime.capacity import channel_options

    if not setup.draw_competitions:
        return []
    start = threading.Barrier(len(setup.draw_competitions))

    def one(cid: str) -> dict[str, Any]:
        with grpc.insecure_channel(target, options=channel_options(("grpc.lb_policy_name", "round_robin"))) as channel:
            stub = _stub(channel, setup.organizer_token)
            grpc.channel_ready_future(channel).result(timeout=TIMEOUT)
            request = draws_pb2.DrawCompetitionRequest(
                competition_id=cid, time_limit_seconds=seconds, idempotency_key=f"burst-{cid}"
            )
            start.wait()
            began = time.perf_counter()
            try:
                view, code = stub.DrawCompetition(request, timeout=TIMEOUT), "OK"
            except grpc.RpcError as error:
                view, code = None, error.code().name
            took = time.perf_counter() - began
            solved = view.wall_time_seconds if view is not None else 0.0
            return {
                "code": code,
                "seconds": round(took, 3),
                "solve_seconds": round(solved, 3),
                "wait_seconds": round(took - solved, 3),
            }

    with ThreadPoolExecutor(len(setup.draw_competitions)) as pool:
        return list(pool.map(one, setup.draw_competitions))


# ---------------------------------------------------------------------------------------- faults
class Faults:
    """Kills the first replica of each service of ``services`` in turn as the round passes
    FAULT_POINTS, and starts it again on its port at once (beside the round: the next kill does not wait
    for it); then, with ``restart_postgres``, runs that command. What it did and when."""

    def __init__(self, cluster: Replicas, progress: Progress, services: list[str], restart_postgres: str | None, cpu: CpuMeter):
        self.cluster, self.progress, self.services = cluster, progress, services
        self.restart_postgres, self.cpu = restart_postgres, cpu
        self.events: list[dict[str, Any]] = []
        self.began = time.perf_counter()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.restarts: list[threading.Thread] = []
        #: the solver replicas' rondo_solver_solves_total at the start, less what a killed one had solved
        self.solved_before: dict[str, float] = {}

    def _event(self, what: str, down: float) -> dict[str, Any]:
        event = {"what": what, "at_seconds": round(down - self.began, 1), "matches_done": self.progress.done}
        self.events.append(event)
        return event

    def _restart(self, name: str, down: float, event: dict[str, Any]) -> None:
        self.cluster.start(name)
        self.cpu.begin(name)
        event["back_after_seconds"] = round(time.perf_counter() - down, 1)

    def _run(self) -> None:
        plan: list[tuple[float, str]] = list(zip(FAULT_POINTS, self.services, strict=False))
        if self.restart_postgres:
            plan.append((POSTGRES_POINT, "postgres"))
        for point, what in plan:
            if not self.progress.wait_for(point):
                self.events.append({"what": what, "skipped": "the round ended first"})
                continue
            down = time.perf_counter()
            if what == "postgres":
                assert self.restart_postgres is not None
                event = self._event("restarted PostgreSQL", down)
                subprocess.run(shlex.split(self.restart_postgres), check=True, capture_output=True)
                event["back_after_seconds"] = round(time.perf_counter() - down, 1)
                continue
            name = f"{what}-1"
            self.cpu.settle(name)
            if name in self.solved_before:  # its counter starts again from 0: keep what it solved so far
                self.solved_before[name] -= solves(self.cluster.metrics_ports[name])
            self.cluster.kill(name)
            restart = threading.Thread(target=self._restart, args=(name, down, self._event(f"killed {name}", down)), daemon=True)
            restart.start()
            self.restarts.append(restart)

    def __enter__(self) -> Faults:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.thread.join()
        for restart in self.restarts:
            restart.join()


class CpuMeter:
    """CPU seconds each replica (and its children) used since ``begin``, across restarts."""

    def __init__(self, cluster: Replicas):
        self.cluster = cluster
        self.spent: dict[str, float] = {}
        self._base: dict[str, float] = {}

    def begin(self, name: str | None = None) -> None:
        for n in [name] if name else list(self.cluster.topology.processes):
            self._base[n] = tree_cpu_seconds(self.cluster.topology.processes[n].pid)

    def settle(self, name: str | None = None) -> None:
        for n in [name] if name else list(self.cluster.topology.processes):
            self.spent[n] = (
                self.spent.get(n, 0.0) + tree_cpu_seconds(self.cluster.topology.processes[n].pid) - self._base.pop(n, 0.0)
            )


# ---------------------------------------------------------------------------------------- checks
def check(target: str, setup: SeasonSetup, outcomes: Outcomes) -> dict[str, int]:
    """Every acknowledged booking is its match's one BOOKED meeting; every acknowledged record is stored
    once, and no hanchan has two records. Counts of what is lost or doubled (all zero when sound)."""
    from rondo_runtime.capacity import channel_options

    found = Counter(lost_bookings=0, double_bookings=0, lost_records=0, double_records=0)
    by_key = {m.match_key: m for m in setup.matches}
    with grpc.insecure_channel(target, options=channel_options(("grpc.lb_policy_name", "round_robin"))) as channel:
        judge = _stub(channel, setup.judge_tokens[0])
        for key, meeting_id in outcomes.booked.items():
            player = _stub(channel, setup.player_tokens[by_key[key].players[0]])
            card, code = call(
                outcomes,
                "check",
                partial(player.GetMatchCard, scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=TIMEOUT),
                Tally(),
            )
            booked = [m.id for m in (card.meetings if card else []) if m.status == scheduling_pb2.MEETING_STATUS_BOOKED]
            found["lost_bookings"] += meeting_id not in booked
            found["double_bookings"] += max(0, len(booked) - 1)
        for (cid, table), acknowledged in outcomes.records.items():
            request = results_pb2.ListResultRecordsRequest(competition_id=cid, round=1, table=table, page_size=1000)
            listed, _ = call(outcomes, "check", partial(judge.ListResultRecords, request, timeout=TIMEOUT), Tally())
            records = list(listed.result_records) if listed else []
            ids = Counter(r.id for r in records)
            numbers = Counter(r.hanchan.number for r in records if r.HasField("hanchan"))
            for number, record_id in acknowledged.items():
                found["lost_records"] += ids[record_id] == 0
                found["double_records"] += max(0, ids[record_id] - 1) + max(0, numbers[number] - 1)
    return dict(found)


# ---------------------------------------------------------------------------------------- the run
def measure(args: argparse.Namespace) -> dict[str, Any]:
    from rondo_runtime.process import free_port

    with tempfile.TemporaryDirectory(prefix="rondo-bench-season-") as tmp, contextlib.ExitStack() as stack:
        pg_url, restart_postgres = args.pg_url, args.restart_postgres
        if args.private_postgres:
            from bench.private_postgres import private_postgres

            server = stack.enter_context(private_postgres())
            pg_url = server.url
            if restart_postgres == PRIVATE:
                restart_postgres = server.restart_command()
            print(f"== a private PostgreSQL server on 127.0.0.1:{server.port} ({server.directory})", flush=True)
        cluster = Replicas(
            args.replicas,
            Path(tmp),
            pg_url,
            extra_env={"RONDO_TOKEN_SECRET": secrets.token_urlsafe(48)},
            per_service_env={
                "solver": {"RONDO_SOLVER_WORKERS": str(args.solver_workers), "RONDO_SOLVER_QUEUE": str(args.solver_queue)}
            },
        )
        cluster.metrics_ports = {f"solver-{i}": free_port() for i in range(1, args.replicas + 1)}
        stack.enter_context(cluster)
        target = cluster.topology.target
        print(
            f"== season: {args.clubs} clubs x {args.players} players on {args.replicas} replicas of every service; setup ...",
            flush=True,
        )
        setup = set_up(target, cluster.topology.env, args)
        print(
            f"   setup {setup.seconds:.1f} s: {len(setup.matches)} matches, {len(setup.player_tokens)} player accounts; "
            f"the round with {args.clients} clients and {args.draw_burst} draws at once ...",
            flush=True,
        )
        outcomes, progress, cpu = Outcomes(), Progress(setup.matches), CpuMeter(cluster)
        solved_before = {name: solves(port) for name, port in cluster.metrics_ports.items()}
        burst: list[dict[str, Any]] = []
        burst_thread = threading.Thread(target=lambda: burst.extend(draw_burst(target, setup, args.draw_seconds)), daemon=True)
        cpu.begin()
        began = time.perf_counter()
        faults = Faults(cluster, progress, args.faults, restart_postgres, cpu) if args.faults or restart_postgres else None
        if faults is not None:
            faults.solved_before = solved_before  # the same dict: a kill moves its solves into it
        with faults if faults is not None else contextlib.nullcontext():
            burst_thread.start()
            play_round(target, setup, args.clients, outcomes, progress)
            burst_thread.join()
        elapsed = time.perf_counter() - began
        cpu.settle()
        solved = {name: solves(port) - solved_before[name] for name, port in cluster.metrics_ports.items()}
        load_average = round(os.getloadavg()[0], 1)
        checked = check(target, setup, outcomes)
    rpcs = {rpc: rpc_figures(outcomes.tally, rpc, elapsed) for rpc in RPCS}
    calls = sum(r["count"] for r in rpcs.values())
    waits = sorted(d["wait_seconds"] for d in burst if d["code"] == "OK")
    return {
        "clubs": args.clubs,
        "players": args.players,
        "replicas": args.replicas,
        "clients": args.clients,
        "matches": len(setup.matches),
        "setup_seconds": round(setup.seconds, 1),
        "seconds": round(elapsed, 2),
        "calls": calls,
        "per_second": round(calls / elapsed, 1),
        "meetings_booked": len(outcomes.booked),
        "matches_unbooked": len(outcomes.unbooked),
        "records_stored": sum(len(r) for r in outcomes.records.values()),
        "retries": dict(outcomes.retries),
        "after_retry": dict(outcomes.after_retry),
        "checks": checked,
        "load_average": load_average,
        "cpu_seconds": {k: round(v, 2) for k, v in sorted(cpu.spent.items())},
        "rpcs": rpcs,
        "draws": {
            "burst": len(burst),
            "codes": dict(Counter(d["code"] for d in burst)),
            "wait_p50_s": waits[len(waits) // 2] if waits else 0.0,
            "wait_max_s": waits[-1] if waits else 0.0,
            "solved_by": {k: int(v) for k, v in solved.items()},
            "each": burst,
        },
        "faults": faults.events if faults is not None else [],
    }


def report_lines(report: dict[str, Any]) -> list[str]:
    lines = [
        f"== season: {report['clubs']} clubs x {report['players']} players ({report['matches']} matches), "
        f"{report['replicas']} replicas, {report['clients']} clients: {report['calls']} calls in {report['seconds']:g} s, "
        f"{report['per_second']:.1f} calls/s (setup {report['setup_seconds']:g} s apart; load average {report['load_average']:g})",
        f"  meetings booked {report['meetings_booked']} (unbooked {report['matches_unbooked']}), records stored "
        f"{report['records_stored']}",
        f"  {'rpc':<16} {'count':>7} {'calls/s':>8} {'p50 ms':>9} {'p99 ms':>9}  codes (every attempt)",
    ]
    for rpc, r in report["rpcs"].items():
        codes = ", ".join(f"{c} {n}" for c, n in r["codes"].items())
        lines.append(f"  {rpc:<16} {r['count']:>7} {r['per_second']:>8.1f} {r['p50_ms']:>9.2f} {r['p99_ms']:>9.2f}  {codes}")
    d = report["draws"]
    lines.append(
        f"  solver queue: {d['burst']} draws at once: {d['codes']}; waited p50 {d['wait_p50_s']:g} s, max {d['wait_max_s']:g} s; "
        f"solved by replica {d['solved_by']}"
    )
    for event in report["faults"]:
        lines.append(f"  fault: {event}")
    lines.append(f"  retries (same request, same key): {report['retries'] or 'none'}")
    for what, details in report["after_retry"].items():
        lines.append(f"  answered to a retry: {what}: {details}")
    lines.append(f"  acknowledged and checked: {report['checks']}")
    lines.append(
        "  CPU seconds (with children) during the round: " + ", ".join(f"{k} {v:g}" for k, v in report["cpu_seconds"].items())
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.season_load", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--clubs", type=int, default=100)
    parser.add_argument("--players", type=int, default=64, help="per club, a multiple of 4 (default: %(default)s)")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--setup-draw-seconds", type=float, default=1.0, help="each club's draw at setup")
    parser.add_argument("--draw-burst", type=int, default=8, help="draws sent at once when the round starts")
    parser.add_argument("--draw-players", type=int, default=32)
    parser.add_argument("--draw-seconds", type=float, default=2.0, help="each burst draw's search time")
    parser.add_argument("--solver-workers", type=int, default=1, help="per solver replica")
    parser.add_argument("--solver-queue", type=int, default=2, help="waiting places per solver replica")
    parser.add_argument(
        "--faults",
        nargs="?",
        const=",".join(FAULT_SERVICES),
        default="",
        help="kill the first replica of each (default when given: %(const)s) mid-round and restart it",
    )
    parser.add_argument(
        "--restart-postgres",
        nargs="?",
        const=PRIVATE,
        metavar="CMD",
        help="a command restarting the PostgreSQL server, run mid-round (no command: the --private-postgres server's)",
    )
    parser.add_argument(
        "--private-postgres", action="store_true", help="run on a throw-away PostgreSQL server of its own (initdb, a free port)"
    )
    parser.add_argument("--pg-url", default=DEFAULT_PG)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.players < 8 or args.players % 4:
        parser.error("--players must be a multiple of 4, at least 8")
    if args.clubs < 1 or args.clients < 1 or args.replicas < 1:
        parser.error("--clubs, --clients and --replicas must be at least 1")
    if args.restart_postgres == PRIVATE and not args.private_postgres:
        parser.error("--restart-postgres without a command restarts the --private-postgres server: give both, or a command")
    args.faults = [s.strip() for s in args.faults.split(",") if s.strip()]
    unknown = set(args.faults) - set(FAULT_SERVICES)
    if unknown:
        parser.error(f"--faults: unknown services {sorted(unknown)}; choose from {', '.join(FAULT_SERVICES)}")
    report = measure(args)
    for line in report_lines(report):
        print(line, flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
