"""Rondo as a cluster runs it, on one machine: every service a separate process on PostgreSQL, each
internal address given to the gateways as a list (``ipv4:127.0.0.1:a,127.0.0.1:b``) with gRPC's client
side ``round_robin``, as a headless Service gives it every pod in Kubernetes; driven by
``bench.gateway_load``'s client mix plus organizers drawing competitions, and compared, in one run,
with one replica of each service and with the embedded mode (`rondo up`, one process, same PostgreSQL
server). Figures printed, never asserted.

Topologies (``--topologies``, in this order by default):

* ``embedded``: `rondo up` on PostgreSQL (the gateway calls the services in its own process over a
  loopback port); ``embedded-sqlite``: the same on SQLite files;
* ``replicas-1``: `rondo serve X` once for each of gateway, league, booking and solver;
* ``replicas-N`` (``--replicas N``, default 2): N processes of each; the clients' channels list both
  gateways and balance over them, each gateway lists every league, booking and solver replica.

Each topology gets fresh databases and the same season (``bench.gateway_load.set_up``: a 96-player
league, round 1 open, every player answered). During the load, ``--draw-clients`` organizers each draw a
competition of ``--draw-players`` players again and again (a proposal replaces the last one; each
draw given ``--draw-seconds`` of search): draws that arrive while every solver worker is busy are
refused (``RESOURCE_EXHAUSTED``, counted). Per topology: calls/s, p50/p99 per RPC with the status codes
seen, draws done and refused, and the CPU seconds each process used during the load (so the spread over
replicas is visible).

Every topology is started and set up first, then loaded in turns (``--rounds`` turns of ``--seconds``
each, topology after topology), so that a busy machine weighs on all of them alike. ``--baseline
COMMIT`` adds COMMIT's `rondo up` for every embedded topology listed (its tree exported with ``git
archive`` by ``bench.gateway_load.exported``, started from there with its own migrations; same
interpreter and packages), loaded in the same turns. At the end one markdown table: calls/s and its
ratio to the baseline on the same database, GetMatchCard p50/p99, the worst p99 of any write.

    .venv/bin/python -m bench.cluster_load [--topologies embedded,replicas-1,replicas-2] [--replicas 2]
        [--clients 32] [--players 96] [--seconds 20] [--rounds 1] [--draw-clients 2] [--draw-players 24]
        [--draw-seconds 1] [--baseline COMMIT] [--json PATH]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc

from bench.gateway_load import DEFAULT_PG, RPCS, TIMEOUT, Results, Season, Tally, exported, rpc_figures, run_load, set_up
from rondo.gateway.v1 import competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
WRITES = tuple(rpc for rpc in RPCS if not rpc.startswith("Get"))
EMBEDDED = {"embedded": "postgres", "embedded-sqlite": "sqlite"}  # topology -> database


@dataclass
class Topology:
    """A running deployment: the clients' target, the environment the first organizer is made with, and
    every process by name (``gateway-1``, ``league-2``, ...)."""

    name: str
    target: str
    env: dict[str, str]
    processes: dict[str, Any] = field(default_factory=dict)
    database: str = "postgres"
    tree: Path | None = None
    """another checkout's tree (``--baseline``) whose code runs this topology; None: this checkout"""


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process so far (``/proc/<pid>/stat``), children not included."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def _base_env(data_dir: Path) -> dict[str, str]:
    return {
        "RONDO_DATA_DIR": str(data_dir),
        "RONDO_METRICS_PORT": "-1",
        "RONDO_CALENDAR_PORT": "-1",
        "RONDO_REMINDER_INTERVAL_SECONDS": "0",
        "RONDO_LOG_LEVEL": "ERROR",
        "RONDO_INTERNAL_TOKEN": secrets.token_urlsafe(32),
        "RONDO_WEB_PORT": "-1",  # no web app: topologies up at once never meet on its port
    }


@contextlib.contextmanager
def fresh_databases(pg_url: str, label: str) -> Iterator[dict[str, str]]:
    """``RONDO_<SERVICE>_DATABASE_URL`` of a fresh PostgreSQL database per service that owns one (shared
    by that service's replicas), dropped afterwards."""
    from rondo_app.registry import SERVICES
    from rondo_runtime.db import create_database, drop_database

    created: dict[str, str] = {}
    try:
        for s in SERVICES:
            if s.database:
                created[f"RONDO_{s.name.upper()}_DATABASE_URL"] = create_database(pg_url, f"rondo_{label}_{s.name}")
        yield created
    finally:
        for url in created.values():
            drop_database(url)


@contextlib.contextmanager
def embedded(
    data_dir: Path, pg_url: str, database: str = "postgres", tree: Path | None = None, name: str = "embedded"
) -> Iterator[Topology]:
    """`rondo up` on fresh PostgreSQL databases (``database``: ``postgres``) or SQLite files in
    ``data_dir``: this checkout's, or the one in ``tree`` (started there, ``PYTHONPATH`` naming it and
    its ``proto`` directory)."""
    from rondo_app.demo import rondo_process
    from rondo_runtime.process import free_port

    port = free_port()
    databases: contextlib.AbstractContextManager[dict[str, str]] = (
        fresh_databases(pg_url, "cluster_embedded") if database == "postgres" else contextlib.nullcontext({})
    )
    with databases as urls:
        env = {**_base_env(data_dir), **urls, "RONDO_PORT": str(port), "RONDO_INTERNAL_PORT": str(free_port())}
        if tree is not None:  # its packages, and its generated protobuf code before this checkout's (installed)
            env["PYTHONPATH"] = os.pathsep.join((str(tree), str(tree / "proto")))
        with rondo_process(["up"], env, f"127.0.0.1:{port}", cwd=None if tree is None else str(tree)) as process:
            yield Topology(name, f"127.0.0.1:{port}", env, {"rondo-up": process}, database, tree)


def kill_process_tree(process: subprocess.Popen) -> None:
    """SIGKILL a server process and its children (the solver's workers), by their pids: no clean-up of
    any kind, as a node lost or an OOM kill does it."""
    import psutil

    children = psutil.Process(process.pid).children(recursive=True)
    os.kill(process.pid, signal.SIGKILL)
    process.wait(30)
    for child in children:
        with contextlib.suppress(psutil.Error):
            child.kill()


def tree_cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process and its live children so far (the solver's workers)."""
    import psutil

    try:
        parent = psutil.Process(pid)
        processes = [parent, *parent.children(recursive=True)]
    except psutil.Error:
        return 0.0
    total = 0.0
    for p in processes:
        with contextlib.suppress(psutil.Error):
            times = p.cpu_times()
            total += times.user + times.system
    return total


class Replicas:
    """``n`` processes of every service (`rondo serve X`) on fresh PostgreSQL databases, each internal
    address a list of ``n``; any replica can be killed (SIGKILL) and started again on its port and
    database. ``extra_env``: settings for every process; ``per_service_env``: for one service's."""

    def __init__(
        self,
        n: int,
        data_dir: Path,
        pg_url: str,
        extra_env: dict[str, str] | None = None,
        per_service_env: dict[str, dict[str, str]] | None = None,
    ):
        from rondo_app.registry import SERVICES
        from rondo_runtime.process import free_port

        self.n, self.data_dir, self.pg_url = n, data_dir, pg_url
        self.ports = {s.name: [free_port() for _ in range(n)] for s in SERVICES}
        self.addresses = {
            f"RONDO_{name.upper()}_ADDR": "ipv4:" + ",".join(f"127.0.0.1:{p}" for p in service_ports)
            for name, service_ports in self.ports.items()
        }
        self.extra_env = dict(extra_env or {})
        self.per_service_env = {k: dict(v) for k, v in (per_service_env or {}).items()}
        self.metrics_ports: dict[str, int] = {}
        self.stack = contextlib.ExitStack()
        self._running: dict[str, contextlib.AbstractContextManager[subprocess.Popen]] = {}
        self.topology = Topology(f"replicas-{n}", self.addresses["RONDO_GATEWAY_ADDR"], {})

    def __enter__(self) -> Replicas:
        from rondo_app.registry import SERVICES

        try:
            urls = self.stack.enter_context(fresh_databases(self.pg_url, f"cluster_{self.n}"))
            self.topology.env.update({**_base_env(self.data_dir), **urls, **self.addresses, **self.extra_env})
            self.stack.callback(self._stop_all)
            for s in SERVICES:  # the gateways last: they dial the others when they start
                for i in range(1, self.n + 1):
                    self.start(f"{s.name}-{i}")
        except BaseException:
            self.stack.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    def _split(self, name: str) -> tuple[str, int]:
        service_name, _, i = name.rpartition("-")
        return service_name, int(i)

    def start(self, name: str) -> subprocess.Popen:
        """Start replica ``name`` (``league-2``) on its own port (again, after a kill)."""
        from rondo_app.demo import rondo_process
        from rondo_app.registry import service

        service_name, i = self._split(name)
        port = self.ports[service_name][i - 1]
        env = {**self.topology.env, **self.per_service_env.get(service_name, {}), "RONDO_PORT": str(port)}
        if name in self.metrics_ports:
            env["RONDO_METRICS_PORT"] = str(self.metrics_ports[name])
        context = rondo_process(["serve", service_name], env, f"127.0.0.1:{port}", (service(service_name).grpc_service,))
        process = context.__enter__()
        self._running[name] = context
        self.topology.processes[name] = process
        return process

    def kill(self, name: str) -> None:
        """SIGKILL replica ``name`` and its children."""
        kill_process_tree(self.topology.processes[name])
        self._running.pop(name).__exit__(None, None, None)  # already dead: nothing left to stop

    def restart(self, name: str) -> None:
        self.kill(name)
        self.start(name)

    def _stop_all(self) -> None:
        for name in reversed(list(self._running)):
            self._running.pop(name).__exit__(None, None, None)


@contextlib.contextmanager
def replicas(n: int, data_dir: Path, pg_url: str) -> Iterator[Topology]:
    """``n`` processes of every service (`rondo serve X`), each internal address a list of ``n``."""
    with Replicas(n, data_dir, pg_url) as running:
        yield running.topology


class Draws:
    """``clients`` organizers, each drawing its own competition again and again until told to stop."""

    def __init__(self, target: str, token: str, competition_ids: list[str], seconds: float, turn: int = 1):
        self.target, self.token, self.competition_ids, self.seconds = target, token, competition_ids, seconds
        # in the idempotency keys with the competition: a later turn's draws are new requests, and the
        # organizer's threads (one a competition) never send one key for two requests (INVALID_ARGUMENT)
        self.turn = turn
        self.tally = Tally()
        self.stop = threading.Event()
        self._threads = [threading.Thread(target=self._run, args=(cid,), daemon=True) for cid in competition_ids]

    def _run(self, competition_id: str) -> None:
        from rondo_runtime.bearer import with_bearer
        from rondo_runtime.capacity import channel_options

        with grpc.insecure_channel(self.target, options=channel_options(("grpc.lb_policy_name", "round_robin"))) as channel:
            stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, self.token))
            n = 0
            tally = Tally()
            while not self.stop.is_set():
                n += 1
                request = draws_pb2.DrawCompetitionRequest(
                    competition_id=competition_id,
                    time_limit_seconds=self.seconds,
                    idempotency_key=f"draw-{self.turn}-{competition_id}-{n}",
                )
                tally.call("DrawCompetition", functools.partial(stub.DrawCompetition, request, timeout=TIMEOUT))
            self.tally.merge(tally)

    def __enter__(self) -> Draws:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for thread in self._threads:
            thread.join()


def draw_organizer(env: dict[str, str], tree: Path | None = None) -> str:
    """The draw organizer's password, made by `rondo admin create-organizer` on the databases ``env``
    names: in this process, or by ``tree``'s own command (its code and migrations)."""
    if tree is None:
        from rondo_app.admin import create_organizer
        from rondo_runtime.config import Settings

        return create_organizer("Draw organizer", Settings.from_env({**os.environ, **env})).password
    command = [sys.executable, "-m", "rondo_app.cli", "admin", "create-organizer", "Draw organizer", "--json"]
    made = subprocess.run(command, env={**os.environ, **env}, cwd=tree, capture_output=True, text=True, check=True)
    return str(json.loads(made.stdout.strip().splitlines()[-1])["password"])


def draw_competitions(
    target: str, env: dict[str, str], clients: int, players: int, tree: Path | None = None
) -> tuple[str, list[str]]:
    """An organizer of its own (token) and ``clients`` competitions of ``players`` registered players."""
    from rondo_runtime.bearer import with_bearer
    from rondo_runtime.capacity import channel_options

    password = draw_organizer(env, tree)
    with grpc.insecure_channel(target, options=channel_options(("grpc.lb_policy_name", "round_robin"))) as channel:
        login = gateway_pb2_grpc.GatewayServiceStub(channel).Login
        token = login(identity_pb2.LoginRequest(name="Draw organizer", password=password), timeout=TIMEOUT).token
        stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(channel, token))
        ids = []
        for c in range(clients):
            competition = stub.CreateCompetition(
                competitions_pb2.CreateCompetitionRequest(
                    competition=competitions_pb2.Competition(name=f"Draw league {c + 1}", ruleset="discard-league-2026"),
                    idempotency_key=f"draw-league-{c}",
                ),
                timeout=TIMEOUT,
            )
            for p in range(players):
                stub.RegisterPlayer(
                    competitions_pb2.RegisterPlayerRequest(
                        competition_id=competition.id, name=f"Drawn {c + 1}-{p + 1}", idempotency_key=f"draw-{c}-{p}"
                    ),
                    timeout=TIMEOUT,
                )
            ids.append(competition.id)
    return token, ids


@dataclass
class Loaded:
    """A topology set up, and what its turns of load gave so far."""

    topology: Topology
    season: Season
    token: str
    competitions: list[str]
    setup_seconds: float
    results: Results
    tally: Tally = field(default_factory=Tally)
    draws: Tally = field(default_factory=Tally)
    elapsed: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)


def prepare(topology: Topology, args: argparse.Namespace) -> Loaded:
    """The season and the draw competitions (by the topology's own code)."""
    began = time.perf_counter()
    first = topology.target.removeprefix("ipv4:").split(",")[0]
    season: Season = set_up(first, topology.env, args.players, args.judges, topology.tree)
    season.address = topology.target
    token, competitions = draw_competitions(topology.target, topology.env, args.draw_clients, args.draw_players, topology.tree)
    setup_s = time.perf_counter() - began
    print(f"== {topology.name}: setup {setup_s:.1f} s", flush=True)
    return Loaded(topology, season, token, competitions, setup_s, Results(season.hanchans))


def load_turn(loaded: Loaded, args: argparse.Namespace, turn: int) -> None:
    """One turn: the load for ``--seconds`` with the draws beside it, added to ``loaded``."""
    topology = loaded.topology
    print(f"== {topology.name}: turn {turn}, {args.clients} clients for {args.seconds:g} s ...", flush=True)
    cpu_before = {name: cpu_seconds(p.pid) for name, p in topology.processes.items()}
    with Draws(topology.target, loaded.token, loaded.competitions, args.draw_seconds, turn) as draws:
        tally, elapsed = run_load(loaded.season, args.clients, args.seconds, seed=turn, results=loaded.results)
    for name, p in topology.processes.items():
        loaded.cpu[name] = round(loaded.cpu.get(name, 0.0) + cpu_seconds(p.pid) - cpu_before[name], 2)
    loaded.tally.merge(tally)
    loaded.draws.merge(draws.tally)
    loaded.elapsed += elapsed


def report(loaded: Loaded) -> dict[str, Any]:
    tally, elapsed = loaded.tally, loaded.elapsed
    rpcs = {rpc: rpc_figures(tally, rpc, elapsed) for rpc in RPCS}
    rpcs["DrawCompetition"] = rpc_figures(loaded.draws, "DrawCompetition", elapsed)
    calls = sum(r["count"] for name, r in rpcs.items() if name != "DrawCompetition")
    return {
        "topology": loaded.topology.name,
        "database": loaded.topology.database,
        "baseline": loaded.topology.tree is not None,
        "setup_seconds": round(loaded.setup_seconds, 1),
        "seconds": round(elapsed, 2),
        "calls": calls,
        "per_second": round(calls / elapsed, 1),
        "meetings_booked": len(tally.booked),
        "load_average": round(os.getloadavg()[0], 1),
        "cpu_seconds": loaded.cpu,
        "rpcs": rpcs,
    }


def measure(topology: Topology, args: argparse.Namespace) -> dict[str, Any]:
    """The season, the draw competitions, then the load with the draws beside it (one turn)."""
    loaded = prepare(topology, args)
    load_turn(loaded, args, 1)
    return report(loaded)


def report_lines(report: dict[str, Any]) -> list[str]:
    lines = [
        f"== {report['topology']}: {report['calls']} calls in {report['seconds']:g} s, {report['per_second']:.1f} calls/s, "
        f"{report['meetings_booked']} meetings booked (load average {report['load_average']:g})",
        f"  {'rpc':<16} {'count':>7} {'calls/s':>8} {'p50 ms':>9} {'p99 ms':>9}  codes",
    ]
    for rpc, r in report["rpcs"].items():
        codes = ", ".join(f"{c} {n}" for c, n in r["codes"].items())
        lines.append(f"  {rpc:<16} {r['count']:>7} {r['per_second']:>8.1f} {r['p50_ms']:>9.2f} {r['p99_ms']:>9.2f}  {codes}")
    lines.append("  CPU seconds during the load: " + ", ".join(f"{k} {v:g}" for k, v in report["cpu_seconds"].items()))
    return lines


def comparison_lines(reports: list[dict[str, Any]]) -> list[str]:
    """Each topology against the first, side by side."""
    first = reports[0]
    lines = [f"== against {first['topology']}"]
    for report in reports[1:]:
        lines.append(f"  {report['topology']}: throughput {report['per_second'] / first['per_second']:.2f}x")
        for rpc, r in report["rpcs"].items():
            a = first["rpcs"][rpc]
            if a["p50_ms"] and a["p99_ms"] and r["p50_ms"]:
                lines.append(f"    {rpc:<16} p50 {r['p50_ms'] / a['p50_ms']:.2f}x  p99 {r['p99_ms'] / a['p99_ms']:.2f}x")
    return lines


def _worst_write(report: dict[str, Any]) -> tuple[float, str]:
    return max((report["rpcs"][rpc]["p99_ms"], rpc) for rpc in WRITES)


def table_lines(reports: list[dict[str, Any]], baseline: str | None) -> list[str]:
    """One markdown table of every topology: calls/s and its ratio to the baseline on the same database
    (the first topology on it without ``--baseline``), GetMatchCard p50/p99, the worst write p99."""
    reference: dict[str, dict[str, Any]] = {}
    for r in reports:
        if (r["baseline"] or not baseline) and r["database"] not in reference:
            reference[r["database"]] = r
    lines = [
        "| topology | code | database | calls/s | x baseline | GetMatchCard p50 ms | GetMatchCard p99 ms | worst write p99 ms |",
        "| --- | --- | --- | ---: | ---: | ---: | ---: | --- |",
    ]
    for r in reports:
        card = r["rpcs"]["GetMatchCard"]
        worst, rpc = _worst_write(r)
        ref = reference.get(r["database"])
        ratio = f"{r['per_second'] / ref['per_second']:.2f}" if ref and ref["per_second"] else "-"
        code = baseline if r["baseline"] else "this checkout"
        lines.append(
            f"| {r['topology']} | {code} | {'PostgreSQL' if r['database'] == 'postgres' else 'SQLite'} | {r['per_second']:.1f} "
            f"| {ratio} | {card['p50_ms']:.1f} | {card['p99_ms']:.1f} | {worst:.0f} ({rpc}) |"
        )
    return lines


def _topology(
    name: str, data_dir: Path, args: argparse.Namespace, tree: Path | None = None
) -> contextlib.AbstractContextManager[Topology]:
    if name in EMBEDDED:
        label = f"{name}@{args.baseline}" if tree is not None else name
        return embedded(data_dir, args.pg_url, EMBEDDED[name], tree, label)
    if name.startswith("replicas-") and name.removeprefix("replicas-").isdigit():
        return replicas(int(name.removeprefix("replicas-")), data_dir, args.pg_url)
    raise ValueError(f"unknown topology {name!r}: {', '.join(EMBEDDED)}, replicas-1, replicas-N")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cluster_load", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--topologies", default="embedded,replicas-1,replicas-N", help="comma-separated (default: %(default)s)")
    parser.add_argument("--replicas", type=int, default=2, help="N of replicas-N (default: %(default)s)")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--judges", type=int, help="of the clients, how many act as a judge (default: clients / 8)")
    parser.add_argument("--players", type=int, default=96, help="a multiple of 4 (default: %(default)s)")
    parser.add_argument("--seconds", type=float, default=20.0, help="of each turn")
    parser.add_argument("--rounds", type=int, default=1, help="turns of load each topology gets, interleaved")
    parser.add_argument("--baseline", metavar="COMMIT", help="also COMMIT's `rondo up` for every embedded topology listed")
    parser.add_argument("--draw-clients", type=int, default=2, help="organizers drawing during the load (0: none)")
    parser.add_argument("--draw-players", type=int, default=24)
    parser.add_argument("--draw-seconds", type=float, default=1.0, help="each draw's search time")
    parser.add_argument("--pg-url", default=DEFAULT_PG)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    if args.players < 8 or args.players % 4:
        parser.error("--players must be a multiple of 4, at least 8")
    if args.judges is None:
        args.judges = max(1, args.clients // 8)
    if not 1 <= args.judges < args.clients:
        parser.error("--judges must be at least 1 and leave at least one player client")
    names = [t.strip().replace("replicas-N", f"replicas-{args.replicas}") for t in args.topologies.split(",") if t.strip()]
    with contextlib.ExitStack() as stack:
        tree = stack.enter_context(exported(args.baseline)) if args.baseline else None
        wanted = [(name, None) for name in names] + [(name, tree) for name in names if tree is not None and name in EMBEDDED]
        prepared = []
        for name, code in wanted:
            tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix=f"rondo-bench-cluster-{name}-"))
            try:
                topology = stack.enter_context(_topology(name, Path(tmp), args, code))
            except ValueError as error:
                parser.error(str(error))
            prepared.append(prepare(topology, args))
        for turn in range(1, args.rounds + 1):  # interleaved: a busy moment weighs on every topology alike
            for loaded in prepared:
                load_turn(loaded, args, turn)
        reports = [report(loaded) for loaded in prepared]
    for r in reports:
        for line in report_lines(r):
            print(line, flush=True)
    if len(reports) > 1:
        for line in comparison_lines(reports):
            print(line, flush=True)
    print(f"\n== the table (load average at the end {os.getloadavg()[0]:.1f}; {os.cpu_count()} CPUs)", flush=True)
    for line in table_lines(reports, args.baseline):
        print(line, flush=True)
    if args.json:
        args.json.write_text(json.dumps(reports, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
