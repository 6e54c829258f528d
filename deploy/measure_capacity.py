"""Measure each service's memory and CPU in distributed mode, for deploy/k8s's requests and limits.

Starts the four services as Kubernetes runs them (``rondo serve <service>``, one process each, the
solver with ``RONDO_SOLVER_WORKERS=2`` as in k8s/solver.yaml) on 127.0.0.1, on fresh PostgreSQL
databases, plays the demo's Discard League season through the gateway (``rondo demo``'s season:
roster, the draw, the club calendar with every match booked, results, standings, playoff, prizes), then
two draws at once straight to the solver, one per worker, each searching for its whole budget
(``SOLVER_DRAWS``: the season's own draw is solved by construction in milliseconds),
once per ``--runs`` (fresh processes and databases each time), and samples every service's process tree (the solver's worker processes
included: a container's memory is its whole tree) every ``--interval`` seconds with psutil:

* RSS: at start (all SERVING), peak, and after the season;
* CPU: cores used, as the peak of the sampled intervals and the average over the season.

Prints a Markdown table (docs/operating/capacity.md) and, with ``--json``, writes the figures.

    .venv/bin/python deploy/measure_capacity.py [--runs 3] [--pg-url postgresql://postgres@127.0.0.1:5432/postgres]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import sys
import threading
import time
from pathlib import Path
from typing import Any

import grpc
import psutil
from rich.console import Console

from rondo.gateway.v1 import common_pb2, gateway_pb2_grpc, identity_pb2
from rondo.solver.v1 import solver_pb2, solver_pb2_grpc
from rondo_app.admin import create_organizer
from rondo_app.demo import ORGANIZER, PLAYER_NAMES, SUBSTITUTE, rondo_process
from rondo_app.demo_season import Season, play
from rondo_app.registry import SERVICES
from rondo_runtime.config import Settings
from rondo_runtime.db import create_database, drop_database
from rondo_runtime.internal_auth import METADATA_KEY
from rondo_runtime.process import free_port

MIB = 1024 * 1024
#: The solver's load after the season: draws the season's own (solved by construction in milliseconds) do
#: not make. One per worker at once, each searching for its whole budget: (players, rounds, seconds).
SOLVER_DRAWS = ((100, 40, 10.0), (2000, 50, 10.0))


def solver_draws(address: str, token: str) -> list[str]:
    """The SOLVER_DRAWS at once, straight to the solver (as the gateway calls it); their statuses."""
    statuses: list[str] = []

    def draw(players: int, rounds: int, seconds: float) -> None:
        request = solver_pb2.DrawTablesRequest(
            players=[solver_pb2.Player(id=f"p{i}") for i in range(players)],
            rounds=rounds,
            table_size=4,
            seed=1,
            time_limit_seconds=seconds,
        )
        with grpc.insecure_channel(address, options=[("grpc.max_receive_message_length", 64 * MIB)]) as channel:
            answer = solver_pb2_grpc.SolverServiceStub(channel).DrawTables(
                request, timeout=seconds + 30, metadata=((METADATA_KEY, token),)
            )
        statuses.append(f"{players}x{rounds}: {common_pb2.SolveStatus.Name(answer.status)}")

    threads = [threading.Thread(target=draw, args=spec) for spec in SOLVER_DRAWS]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


class Sampler:
    """Samples each service's process tree: RSS (bytes) and CPU seconds, in a thread."""

    def __init__(self, pids: dict[str, int], interval: float):
        self.processes = {name: psutil.Process(pid) for name, pid in pids.items()}
        self.interval = interval
        self.peak_rss = dict.fromkeys(pids, 0)
        self.peak_cores = dict.fromkeys(pids, 0.0)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def tree(self, name: str) -> list[psutil.Process]:
        root = self.processes[name]
        try:
            return [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:  # a child gone while listed: the next sample sees the tree again
            return [root]

    def rss(self, name: str) -> int:
        total = 0
        for process in self.tree(name):
            with contextlib.suppress(psutil.NoSuchProcess):
                total += process.memory_info().rss
        return total

    def cpu_seconds(self, name: str) -> float:
        total = 0.0
        for process in self.tree(name):
            with contextlib.suppress(psutil.NoSuchProcess):
                times = process.cpu_times()
                total += times.user + times.system
        return total

    def _run(self) -> None:
        last = {name: (time.monotonic(), self.cpu_seconds(name)) for name in self.processes}
        while not self._stop.wait(self.interval):
            for name in self.processes:
                now, used = time.monotonic(), self.cpu_seconds(name)
                then, before = last[name]
                last[name] = (now, used)
                self.peak_cores[name] = max(self.peak_cores[name], max(0.0, used - before) / (now - then))
                self.peak_rss[name] = max(self.peak_rss[name], self.rss(name))

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


def measure(seed: int, pg_url: str, interval: float) -> dict[str, Any]:
    ports = {s.name: free_port() for s in SERVICES}
    urls = {s.name: create_database(pg_url, "rondo_capacity") for s in SERVICES if s.database}
    base = {
        "RONDO_HOST": "127.0.0.1",
        "RONDO_LOG_LEVEL": "WARNING",
        "RONDO_METRICS_PORT": "-1",
        "RONDO_CALENDAR_PORT": "-1",
        "RONDO_WEB_PORT": "-1",
        "RONDO_INTERNAL_TOKEN": secrets.token_urlsafe(32),
        "RONDO_SOLVER_WORKERS": "2",  # as deploy/k8s/solver.yaml
        **{f"RONDO_{name.upper()}_ADDR": f"127.0.0.1:{port}" for name, port in ports.items() if name != "gateway"},
    }
    figures: dict[str, Any] = {"seed": seed, "players": len(PLAYER_NAMES), "services": {}}
    try:
        with contextlib.ExitStack() as stack:
            pids = {}
            for service in SERVICES:
                env = {**base, "RONDO_PORT": str(ports[service.name])}
                if service.database:
                    env[f"RONDO_{service.name.upper()}_DATABASE_URL"] = urls[service.name]
                address = f"127.0.0.1:{ports[service.name]}"
                process = stack.enter_context(rondo_process(["serve", service.name], env, address, (service.grpc_service,)))
                pids[service.name] = process.pid
            sampler = Sampler(pids, interval)
            start_rss = {name: sampler.rss(name) for name in pids}
            start_cpu = {name: sampler.cpu_seconds(name) for name in pids}
            gateway_env = {**os.environ, **base, "RONDO_GATEWAY_DATABASE_URL": urls["gateway"]}
            password = create_organizer(ORGANIZER, Settings.from_env(gateway_env)).password
            address = f"127.0.0.1:{ports['gateway']}"
            quiet = Console(file=open(os.devnull, "w"))  # noqa: SIM115 - lives as long as the process
            sampler.start()
            started = time.monotonic()
            with grpc.insecure_channel(address) as channel:
                token = (
                    gateway_pb2_grpc.GatewayServiceStub(channel)
                    .Login(identity_pb2.LoginRequest(name=ORGANIZER, password=password), timeout=30)
                    .token
                )
                play(Season(channel, token, seed, quiet), "Capacity season", list(PLAYER_NAMES), SUBSTITUTE)
            figures["solver_draws"] = solver_draws(f"127.0.0.1:{ports['solver']}", base["RONDO_INTERNAL_TOKEN"])
            wall = time.monotonic() - started
            sampler.stop()
            figures["wall_seconds"] = round(wall, 1)
            for name in pids:
                used = sampler.cpu_seconds(name) - start_cpu[name]
                figures["services"][name] = {
                    "rss_start_mib": round(start_rss[name] / MIB),
                    "rss_peak_mib": round(max(sampler.peak_rss[name], start_rss[name]) / MIB),
                    "rss_end_mib": round(sampler.rss(name) / MIB),
                    "processes": len(sampler.tree(name)),
                    "cpu_seconds": round(used, 1),
                    "cores_average": round(used / wall, 3),
                    "cores_peak": round(sampler.peak_cores[name], 2),
                }
    finally:
        for url in urls.values():
            with contextlib.suppress(Exception):
                drop_database(url)
    return figures


def table(figures: dict[str, Any]) -> str:
    lines = [
        "| service | processes | RSS at start | RSS peak | RSS after | CPU s | cores (average) | cores (peak, "
        f"{figures.get('interval', 0.5)} s) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, f in figures["services"].items():
        lines.append(
            f"| {name} | {f['processes']} | {f['rss_start_mib']} MiB | {f['rss_peak_mib']} MiB | {f['rss_end_mib']} MiB | "
            f"{f['cpu_seconds']} | {f['cores_average']} | {f['cores_peak']} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python deploy/measure_capacity.py", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument(
        "--runs", type=int, default=3, help="seasons, each on fresh processes and databases (default: %(default)s)"
    )
    parser.add_argument("--interval", type=float, default=0.5, help="sampling interval in seconds (default: %(default)s)")
    parser.add_argument(
        "--pg-url", default=os.environ.get("RONDO_TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    runs = []
    for run in range(args.runs):
        figures = measure(2026 + run, args.pg_url, args.interval)
        figures["interval"] = args.interval
        print(
            f"run {run + 1}: a season of {figures['players']} players (seed {figures['seed']}) and the solver's draws "
            f"({', '.join(figures['solver_draws'])}) in {figures['wall_seconds']} s"
        )
        print(table(figures))
        runs.append(figures)
    worst = {"interval": args.interval, "services": {}}
    for name in runs[0]["services"]:
        worst["services"][name] = {key: max(r["services"][name][key] for r in runs) for key in runs[0]["services"][name]}
    print(f"the largest of {len(runs)} runs, each figure on its own")
    print(table(worst))
    if args.json:
        args.json.write_text(json.dumps({"runs": runs, "largest": worst}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
