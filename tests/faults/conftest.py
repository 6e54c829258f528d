"""Shared fixtures of the fault-and-abuse tier: real servers on 127.0.0.1, in this process.

* :class:`InProcessServer` — ``start_server`` for some services of the registry on an event loop in a
  background thread, so tests use ordinary blocking stubs; ``settings`` overrides any ``Settings``
  field (``solver_workers=1``, ``solver_worker_memory_mb=300``...).
* ``server_factory`` — start servers inside one test (stopped at its end).
* ``solver_server`` (module) — the solver alone, default pool settings.
* ``embedded_server`` (module) — every service as `rondo up` runs them, SQLite in a fresh data directory:
  the gateway on ``channel``, the internal services on ``internal_channel`` (127.0.0.1 only, carrying the
  process's random internal token; ``settings.internal_token``).

A server running the gateway makes its first organizer (as `rondo admin create-organizer` does):
``channel`` carries that organizer's token, ``raw_channel`` none, and ``accounts`` makes players,
judges and bots (``tests/accounts.py``).

Running in this process makes the solver's worker processes children of the test process, so a test
can find and kill them (:func:`child_pids`).
"""

from __future__ import annotations

import asyncio
import os
import threading
from types import MethodType

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from rondo_app.registry import NAMES, service
from rondo_runtime.capacity import channel_options
from rondo_runtime.config import Settings
from rondo_runtime.grpc_errors import field_violations
from rondo_runtime.internal_auth import internal_channel
from rondo_runtime.process import free_port
from rondo_runtime.server import resolve_internal_port, start_server
from tests.accounts import Accounts
from tests.waiting import eventually

SERVING = health_pb2.HealthCheckResponse.SERVING


def refused(call, request, field: str, *words: str, timeout: float = 10) -> str:
    """The call is INVALID_ARGUMENT with a violation on ``field`` whose description has ``words``."""
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=timeout)
    error = caught.value
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT, (error.code(), error.details())
    descriptions = [d for f, d in field_violations(error) if f == field]
    assert descriptions, (field, field_violations(error))
    assert any(all(w in d for w in words) for d in descriptions), (words, descriptions)
    return descriptions[0]


class InProcessServer:
    def __init__(self, services, data_dir, gateway_organizer: bool = True, **settings):
        base = dict(
            host="127.0.0.1",
            port=free_port(),
            internal_port=free_port(),  # embedded mode: the internal server, which the gateway dials
            metrics_port=None,
            data_dir=data_dir,
            log_level="WARNING",
            grace_seconds=1.0,
        )
        self.settings = Settings(**{**base, **settings})
        if "gateway" in services and len(services) > 1:  # embedded mode, as `rondo up`: a random internal token
            self.settings = resolve_internal_port(self.settings, embedded=True)
        self.specs = [service(name).spec(self.settings) for name in services]
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True, name="faults-server-loop")
        self.thread.start()
        self.running = self.run(start_server(self.specs, self.settings, readiness_interval=0.2))
        self.address = f"127.0.0.1:{self.running.port}"
        self.raw_channel = grpc.insecure_channel(self.address, options=channel_options())
        self.channel = self.raw_channel
        self.health = health_pb2_grpc.HealthStub(self.raw_channel)
        self.accounts: Accounts | None = None
        if "gateway" in services and gateway_organizer:
            self.wait_for_status(SERVING, "rondo.gateway.v1.GatewayService", timeout_s=30)
            self.accounts = Accounts(self.raw_channel, self.settings)
            self.channel = self.accounts.channel
        # the internal services: their own server in embedded mode, else the one server
        self.internal_address = self.running.internal_address or self.address
        self.internal_channel = (  # carries the process's internal token, as the gateway's calls do
            internal_channel(self.internal_address, self.settings.internal_token, channel_options())
            if self.running.internal_address
            else self.raw_channel
        )

    def run(self, coroutine, timeout: float = 60):
        """Run a coroutine on the server's event loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def status(self, service: str = "", timeout: float = 1.0) -> int:
        return self.health.Check(health_pb2.HealthCheckRequest(service=service), timeout=timeout).status

    def wait_for_status(self, wanted: int, service: str = "", timeout_s: float = 60.0) -> bool:
        """Wait until gRPC health reports ``wanted``; False if it never did within ``timeout_s``."""

        def reports() -> bool:
            try:
                return self.status(service) == wanted
            except grpc.RpcError:
                return False

        return eventually(reports, timeout_s)

    def close(self) -> None:
        self.raw_channel.close()
        self.internal_channel.close()
        try:
            self.run(self.running.stop(0.5))
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


def solver_service(server: InProcessServer):
    """The ``SolverService`` behind an in-process server's solver (its readiness check's owner)."""
    for spec in server.specs:
        if spec.name == "solver":
            ready = spec.readiness
            assert isinstance(ready, MethodType), "the solver's readiness check is its SolverService's bound method"
            return ready.__self__
    raise LookupError("this server runs no solver")


def solver_worker_pids() -> set[int]:
    """Live solver worker processes among this process's children (spawned ``multiprocessing`` children;
    the resource tracker excluded)."""
    import psutil

    found = set()
    for child in psutil.Process(os.getpid()).children():
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "spawn_main" in " ".join(child.cmdline()):
                found.add(child.pid)
        except psutil.Error:
            continue
    return found


def child_pids() -> set[int]:
    """Pids of this process's live children (e.g. the in-process solver's workers)."""
    import psutil

    return {c.pid for c in psutil.Process(os.getpid()).children() if c.status() != psutil.STATUS_ZOMBIE}


@pytest.fixture
def server_factory(tmp_path):
    """``start(services=("solver",), **settings)`` -> a started :class:`InProcessServer`; all are
    stopped when the test ends."""
    started: list[InProcessServer] = []

    def start(services=("solver",), gateway_organizer: bool = True, **settings) -> InProcessServer:
        data_dir = tmp_path / f"server-{len(started)}"
        data_dir.mkdir()
        started.append(InProcessServer(list(services), data_dir, gateway_organizer, **settings))
        return started[-1]

    yield start
    for server in reversed(started):
        server.close()


@pytest.fixture(scope="module")
def solver_server(tmp_path_factory):
    server = InProcessServer(["solver"], tmp_path_factory.mktemp("solver"))
    yield server
    server.close()


@pytest.fixture(scope="module")
def embedded_server(tmp_path_factory):
    server = InProcessServer(list(NAMES), tmp_path_factory.mktemp("embedded"))
    yield server
    server.close()
