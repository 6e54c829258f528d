"""Standings of a large mahjong league: from scratch in the domain, and one result through the gateway.

Two figures (issue 8's benchmark), printed, not asserted:

1. pure domain: a synthetic valid season of ``--players`` players (4 rounds, 3 hanchans a match, tables
   of 4) as season-file JSON, parsed by ``load_season`` and scored by ``regular_standings``,
   ``--repeat`` times: p50 / p99 / mean;
2. through the gateway: ``rondo up`` (SQLite in a fresh data directory) on 127.0.0.1, an organizer made
   with ``rondo admin create-organizer`` and logged in, a competition with
   the players registered, drawn, approved and rounds 1-3 recorded hanchan by hanchan; then
   ``--repeat`` times one ``RecordHanchan`` of round 4 followed by ``GetStandings``: p50 / p99 of each
   and of the pair, with the setup times; then ``GetStandings`` once more with nothing changed (league
   answers it from its standings cache, league/use_cases/standings.py::StandingsCache).

3. in process (issue 20), the league's use cases on SQLite in a temporary directory, no server: the
   players, the approved draw and rounds 1-3 stored directly (setup, not measured), then ``--repeat``
   times one ``RecordHanchan`` of round 4 followed by ``GetStandings``, the standings fed the new
   record (``league.domain.mahjong.running_standings``), against the same pair with the standings
   computed from scratch (``Standings.standings_in``, what every record cost before), in the same
   process on the same database: ms per record and the ratio. ``--in-process-players`` sets its
   sizes (default 1000 and 10000).

    .venv/bin/python -m bench.league_standings [--players 1000] [--repeat 50] [--pure-only] [--no-gateway]
        [--in-process-players 1000 10000]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from league.adapters.season_file import load_season
from league.domain.mahjong.standings import Season, regular_standings

ROUNDS = 4
TABLE_SIZE = 4
HANCHANS = 3
TOTAL = 120_000
THREADS = 8
COMPETITION_RULESET = "discard-league-2026"

T = TypeVar("T")


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile ``q`` (0..100) of ``values``."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary(label: str, seconds: Sequence[float]) -> str:
    ms = [s * 1000 for s in seconds]
    return (
        f"  {label:<34} p50 {percentile(ms, 50):9.2f} ms  p99 {percentile(ms, 99):9.2f} ms  "
        f"mean {statistics.fmean(ms):9.2f} ms  (n={len(ms)})"
    )


def hanchan_scores(rng: random.Random) -> list[int]:
    """Four final scores in hundreds summing to 120 000 (some may be equal: split uma)."""
    cuts = sorted(rng.randint(0, TOTAL // 100) for _ in range(TABLE_SIZE - 1))
    parts = [b - a for a, b in zip([0, *cuts], [*cuts, TOTAL // 100], strict=True)]
    return [p * 100 for p in parts]


def synthetic_season(players: int, seed: int = 1) -> dict[str, Any]:
    """A complete valid regular stage: every player once per round, every match's 3 hanchans recorded."""
    if players <= 0 or players % TABLE_SIZE:
        raise ValueError(f"--players must be a positive multiple of {TABLE_SIZE}, got {players}")
    rng = random.Random(seed)
    names = [f"P{i:05d}" for i in range(1, players + 1)]
    matches = []
    for round_no in range(1, ROUNDS + 1):
        order = names[:]
        rng.shuffle(order)
        for t in range(players // TABLE_SIZE):
            seated = order[t * TABLE_SIZE : (t + 1) * TABLE_SIZE]
            hanchans = [{"scores": dict(zip(seated, hanchan_scores(rng), strict=True))} for _ in range(HANCHANS)]
            matches.append({"round": round_no, "table": t + 1, "players": seated, "hanchans": hanchans})
    return {"ruleset": "mahjong-league", "players": names, "matches": matches}


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def bench_pure(players: int, repeat: int) -> list[str]:
    """Parse + standings from scratch, ``repeat`` times; the printed lines."""
    text = json.dumps(synthetic_season(players))
    parse_s: list[float] = []
    rank_s: list[float] = []
    total_s: list[float] = []
    rows = 0
    for _ in range(repeat):
        season, p = timed(lambda: load_season(text))
        assert isinstance(season, Season)
        standings, r = timed(lambda: regular_standings(season))  # noqa: B023 - called at once
        rows = len(standings.rows)
        parse_s.append(p)
        rank_s.append(r)
        total_s.append(p + r)
    hanchans = players // TABLE_SIZE * ROUNDS * HANCHANS
    lines = [
        f"== pure domain: {players} players, {ROUNDS} rounds, {hanchans} hanchans, "
        f"season file {len(text) / 2**20:.1f} MiB, {rows} rows ranked",
        summary("load_season (parse)", parse_s),
        summary("regular_standings", rank_s),
        summary("from scratch (parse + standings)", total_s),
    ]
    for line in lines:
        print(line, flush=True)
    return lines


def in_process_league(players: int, directory: str) -> tuple[Any, str, list[Any]]:
    """The league's use cases on SQLite in ``directory``: a discard-league competition of ``players``
    players with an approved draw (each round a shuffle) and rounds 1-3 recorded, stored directly in
    one transaction each (setup); (league, competition id, round 4's tables)."""
    from datetime import UTC, datetime

    from league.app import make_service
    from league.domain.model import DrawStatistics, Player
    from league.domain.records import HanchanEntry, ResultRecord
    from league.service import MIGRATIONS
    from league.use_cases.common import new_id
    from rondo_runtime.db import make_engine, run_migrations

    engine = make_engine(f"sqlite:///{directory}/league.db")
    run_migrations(engine, MIGRATIONS)
    league = make_service(engine)
    competition = league.competitions.create(f"bench standings {players}", COMPETITION_RULESET, ROUNDS, TABLE_SIZE)
    ids = [new_id() for _ in range(players)]

    def register(repo: Any) -> None:
        for i, p in enumerate(ids):
            repo.add_player(Player(p, competition.id, f"Player {i:05d}", i + 1))

    league.uow.write(register)
    rng = random.Random(3)
    rounds = []
    for _ in range(ROUNDS):
        order = ids[:]
        rng.shuffle(order)
        rounds.append(tuple(tuple(order[t : t + TABLE_SIZE]) for t in range(0, players, TABLE_SIZE)))
    stats = DrawStatistics(objective=(0, 0, 0, 0, 0), lower_bound=(0, 0, 0, 0, 0), proven_optimal=False, method="bench")
    draw = league.draws.save(competition.id, 1, tuple(rounds), stats)
    league.draws.approve(competition.id, draw.id)
    at = datetime.now(UTC)

    def store(repo: Any) -> None:
        sequence = repo.next_record_sequence(competition.id)
        for r in range(ROUNDS - 1):
            for t, seated in enumerate(rounds[r], start=1):
                for n in range(1, HANCHANS + 1):
                    entry = HanchanEntry(n, tuple(zip(seated, hanchan_scores(rng), strict=True)))
                    repo.add_record(ResultRecord(new_id(), competition.id, sequence, r + 1, t, entry, "bench", at))
                    sequence += 1

    league.uow.write(store)
    return league, competition.id, list(rounds[ROUNDS - 1])


def bench_in_process(players: int, repeat: int) -> list[str]:
    """ms per record (RecordHanchan + GetStandings), the standings fed the record vs from scratch; the
    printed lines."""
    from league.domain.records import HanchanEntry

    with tempfile.TemporaryDirectory(prefix="rondo-bench-standings-") as directory:
        (league, cid, last), setup = timed(lambda: in_process_league(players, directory))
        rng = random.Random(4)
        entries = [
            (t, HanchanEntry(n, tuple(zip(seated, hanchan_scores(rng), strict=True))))
            for n in range(1, HANCHANS + 1)
            for t, seated in enumerate(last, start=1)
        ]
        repeat = min(repeat, len(entries) // 2)
        _, cold = timed(lambda: league.standings.get(cid))

        def from_scratch() -> Any:
            return league.uow.read(lambda repo: league.standings.standings_in(repo, repo.competition(cid)))

        fed_s: list[float] = []
        scratch_s: list[float] = []

        fed_cpu: list[float] = []
        scratch_cpu: list[float] = []

        def pair(i: int, get: Callable[[], Any], cpu: list[float]) -> float:
            """Wall seconds of one record and the read after it; its CPU seconds go to ``cpu`` (this
            process's own, less bent by the other processes of a shared machine)."""
            table, entry = entries[i]
            start = time.process_time()
            _, s = timed(lambda: (league.records.record_hanchan(cid, ROUNDS, table, entry, "bench"), get()))
            cpu.append(time.process_time() - start)
            return s

        # alternated, so both see the same machine and the same database size (each fed read also
        # takes in the record the from-scratch pair entered before it: two records, a conservative figure)
        for i in range(repeat):
            fed_s.append(pair(2 * i, lambda: league.standings.get(cid), fed_cpu))
            scratch_s.append(pair(2 * i + 1, from_scratch, scratch_cpu))
        _, again = timed(lambda: league.standings.get(cid))
        answer = league.standings.get(cid)
        assert answer.standings == from_scratch().standings  # the reference
        league.uow.engine.dispose()
    ratio = statistics.median(scratch_s) / statistics.median(fed_s)
    lines = [
        f"== in process (SQLite, no server): {players} players, rounds 1-{ROUNDS - 1} and part of round {ROUNDS} "
        f"recorded; setup {setup:.1f} s, first GetStandings (from scratch, cold cache) {cold * 1000:.0f} ms",
        summary("RecordHanchan + GetStandings (fed)", fed_s),
        summary("RecordHanchan + from scratch", scratch_s),
        f"  from scratch / fed (p50): {ratio:.1f}x; GetStandings again, nothing changed: {again * 1000:.2f} ms",
        f"  CPU time of this process, p50: fed {statistics.median(fed_cpu) * 1000:.2f} ms, "
        f"from scratch {statistics.median(scratch_cpu) * 1000:.2f} ms",
    ]
    for line in lines:
        print(line, flush=True)
    return lines


def bench_gateway(players: int, repeat: int, budget: float, timeout: float) -> None:
    import grpc

    from rondo.gateway.v1 import competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2, results_pb2
    from rondo_runtime.bearer import create_organizer, with_bearer
    from rondo_runtime.capacity import channel_options
    from rondo_runtime.process import free_port, server_process

    port, internal_port = free_port(), free_port()
    address = f"127.0.0.1:{port}"
    rng = random.Random(2)
    with tempfile.TemporaryDirectory(prefix="rondo-bench-standings-") as data_dir:
        env = {
            "RONDO_PORT": str(port),
            "RONDO_INTERNAL_PORT": str(internal_port),
            "RONDO_METRICS_PORT": "-1",
            "RONDO_DATA_DIR": data_dir,
            "RONDO_LOG_LEVEL": "WARNING",
            "RONDO_DOWNSTREAM_TIMEOUT_SECONDS": str(timeout),
        }
        start = time.perf_counter()
        with (
            server_process(["-m", "rondo_app.cli", "up"], env, address),
            grpc.insecure_channel(address, options=channel_options()) as channel,
        ):
            startup = time.perf_counter() - start
            password = create_organizer("bench organizer", env)  # `rondo admin create-organizer`
            login = gateway_pb2_grpc.GatewayServiceStub(channel).Login(
                identity_pb2.LoginRequest(name="bench organizer", password=password), timeout=timeout
            )
            stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, login.token))
            setup: list[tuple[str, float, str]] = [("rondo up (until SERVING)", startup, "")]
            competition, s = timed(
                lambda: stub.CreateCompetition(
                    competitions_pb2.CreateCompetitionRequest(
                        competition=competitions_pb2.Competition(
                            name=f"bench standings {players}", ruleset=COMPETITION_RULESET, rounds=ROUNDS, table_size=TABLE_SIZE
                        )
                    ),
                    timeout=timeout,
                )
            )
            setup.append(("CreateCompetition", s, ""))

            def register(i: int) -> None:
                stub.RegisterPlayer(
                    competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"Player {i:05d}"), timeout=timeout
                )

            def register_all() -> None:
                with ThreadPoolExecutor(THREADS) as pool:
                    list(pool.map(register, range(players)))

            _, s = timed(register_all)
            setup.append((f"RegisterPlayer x {players}", s, f"{THREADS} threads"))
            view, s = timed(
                lambda: stub.DrawCompetition(
                    draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=1, time_limit_seconds=budget),
                    timeout=timeout,
                )
            )
            setup.append(("DrawCompetition", s, f"budget {budget:g} s, solver {view.wall_time_seconds:.2f} s"))
            _, s = timed(
                lambda: stub.ApproveDraw(
                    draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=timeout
                )
            )
            setup.append(("ApproveDraw", s, ""))
            tables = stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=competition.id), timeout=timeout)

            def request(round_no: int, table: int, seated: Sequence[str], number: int) -> Any:
                return results_pb2.RecordHanchanRequest(
                    competition_id=competition.id,
                    round=round_no,
                    table=table,
                    hanchan=results_pb2.HanchanResult(number=number, scores=dict(zip(seated, hanchan_scores(rng), strict=True))),
                    recorded_by="bench",
                )

            by_round = {r.number: r.tables for r in tables.rounds}
            early = [
                request(r, t.number, list(t.player_ids), n)
                for r in range(1, ROUNDS)
                for t in by_round[r]
                for n in range(1, HANCHANS + 1)
            ]
            last = [request(ROUNDS, t.number, list(t.player_ids), n) for n in range(1, HANCHANS + 1) for t in by_round[ROUNDS]]

            def record(req: Any) -> None:
                stub.RecordHanchan(req, timeout=timeout)

            def record_all() -> None:
                with ThreadPoolExecutor(THREADS) as pool:
                    list(pool.map(record, early))

            _, s = timed(record_all)
            setup.append((f"RecordHanchan x {len(early)} (rounds 1-{ROUNDS - 1})", s, f"{THREADS} threads"))
            print(f"\n== through the gateway: {players} players, {ROUNDS} rounds, tables of {TABLE_SIZE}", flush=True)
            for name, seconds, note in setup:
                print(f"  {name:<40} {seconds:8.2f} s  {note}", flush=True)
            if repeat > len(last):
                print(f"  (round {ROUNDS} has {len(last)} hanchans: {len(last)} repeats, not {repeat})")
            record_s: list[float] = []
            standings_s: list[float] = []
            again_s: list[float] = []
            rows = 0

            def standings() -> Any:
                return stub.GetStandings(results_pb2.GetStandingsRequest(competition_id=competition.id), timeout=timeout)

            for req in last[:repeat]:
                _, a = timed(lambda: record(req))  # noqa: B023 - called at once
                got, b = timed(standings)
                _, c = timed(standings)  # nothing changed since: answered from league's standings cache
                rows = len(got.rows)
                record_s.append(a)
                standings_s.append(b)
                again_s.append(c)
            print(f"  round {ROUNDS}, one hanchan recorded then the standings read ({rows} rows):")
            print(summary("RecordHanchan", record_s))
            print(summary("GetStandings (recomputed)", standings_s))
            print(summary("RecordHanchan + GetStandings", [a + b for a, b in zip(record_s, standings_s, strict=True)]))
            print(summary("GetStandings again (unchanged)", again_s))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.league_standings", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000, help="a multiple of 4 (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=50, help="measured repeats of each part (default: %(default)s)")
    parser.add_argument("--budget", type=float, default=2.0, help="the solver's time limit for the draw, seconds")
    parser.add_argument("--timeout", type=float, default=300.0, help="deadline of each gateway call, seconds")
    parser.add_argument("--pure-only", action="store_true", help="only the domain part; no server")
    parser.add_argument("--no-gateway", action="store_true", help="the domain and in-process parts; no server")
    parser.add_argument(
        "--in-process-players", type=int, nargs="+", default=[1000, 10000], help="sizes of the in-process part (multiples of 4)"
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    if args.players <= 0 or args.players % TABLE_SIZE:
        parser.error(f"--players must be a positive multiple of {TABLE_SIZE}")
    if any(n <= 0 or n % TABLE_SIZE for n in args.in_process_players):
        parser.error(f"--in-process-players must be positive multiples of {TABLE_SIZE}")
    bench_pure(args.players, args.repeat)
    if args.pure_only:
        return 0
    for players in args.in_process_players:
        print()
        bench_in_process(players, args.repeat)
    if not args.no_gateway:
        bench_gateway(args.players, args.repeat, args.budget, args.timeout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
