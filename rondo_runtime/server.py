"""One gRPC server for one or more services (DESIGN.md "Services", "Observability").

Embedded mode passes every service's :class:`ServiceSpec` to one server; distributed mode passes one.
Every server gets: the metrics and error-mapping interceptors, ``grpc.health.v1`` (per service name and
overall ``""``; NOT_SERVING until that service's readiness check passes, re-checked every second),
reflection, a Prometheus ``/metrics`` HTTP port, JSON logs and graceful shutdown on SIGTERM/SIGINT.
"""
from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from google.protobuf import descriptor_pool
from grpc import aio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection

from rondo_runtime.config import Settings
from rondo_runtime.grpc_errors import ErrorMappingInterceptor
from rondo_runtime.logging import configure_logging
from rondo_runtime.metrics import PrometheusServerInterceptor, initialize_metrics, start_metrics_server

log = logging.getLogger(__name__)

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
HEALTH_SERVICE_NAME = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name
READINESS_TIMEOUT_SECONDS = 5.0
# Liveness: SERVING while the process runs, whatever its database does (a database outage makes a
# service not ready, and must not get it restarted); NOT_SERVING once it is stopping.
LIVENESS_SERVICE_NAME = "liveness"


@dataclass(frozen=True)
class ServiceSpec:
    """What one service contributes to a server.

    ``service_names`` are full proto names (``"rondo.solver.v1.SolverService"``); ``register`` adds the
    servicers (``add_XServicer_to_server(servicer, server)``); ``readiness`` (e.g.
    ``rondo_runtime.db.readiness_probe(engine)``) gates health; ``on_stop`` runs after the server stopped
    (dispose engines, cancel background tasks).
    """

    name: str
    service_names: tuple[str, ...]
    register: Callable[[aio.Server], None]
    readiness: Callable[[], Awaitable[bool]] | None = None
    on_stop: Callable[[], Awaitable[None]] | None = None


class RunningServer:
    def __init__(self, server: aio.Server, health: HealthServicer, specs: list[ServiceSpec], settings: Settings, port: int):
        self.server = server
        self.health = health
        self.specs = list(specs)
        self.settings = settings
        self.port = port
        self.metrics_port: int | None = None
        self._metrics_http = None
        self._ready: dict[str, bool] = {}
        self._readiness_task: asyncio.Task | None = None
        self._stop_task: asyncio.Task | None = None

    @property
    def address(self) -> str:
        """Where a client on this machine connects: ``127.0.0.1:<port>``."""
        host = self.settings.host
        if host in ("", "0.0.0.0", "::", "[::]"):
            host = "127.0.0.1"
        elif ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"{host}:{self.port}"

    async def check_readiness(self) -> None:
        """Run every readiness check once and publish the results to the health service."""
        results = await asyncio.gather(*(_readiness(spec) for spec in self.specs))
        for spec, (ready, reason) in zip(self.specs, results):
            if self._ready.get(spec.name) != ready:  # log transitions only, not every poll
                if ready:
                    log.info("service ready", extra={"service": spec.name})
                else:
                    log.warning("service not ready", extra={"service": spec.name, "reason": reason})
            self._ready[spec.name] = ready
            for name in spec.service_names:
                await self.health.set(name, SERVING if ready else NOT_SERVING)
        await self.health.set("", SERVING if all(ready for ready, _ in results) else NOT_SERVING)

    async def _watch_readiness(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                await self.check_readiness()
            except Exception:  # noqa: BLE001 - keep watching
                log.exception("readiness check failed")

    async def stop(self, grace: float | None = None) -> None:
        """Health goes NOT_SERVING, new calls are refused, in-flight calls get ``grace`` seconds
        (default ``settings.grace_seconds``) to finish, then every ``on_stop`` runs. Safe to call twice."""
        if self._stop_task is None:
            self._stop_task = asyncio.ensure_future(self._stop(self.settings.grace_seconds if grace is None else grace))
        await asyncio.shield(self._stop_task)

    async def _stop(self, grace: float) -> None:
        log.info("stopping", extra={"address": self.address, "grace_seconds": grace})
        if self._readiness_task is not None:
            self._readiness_task.cancel()
        await self.health.enter_graceful_shutdown()
        await self.server.stop(grace)
        for spec in self.specs:
            if spec.on_stop is not None:
                try:
                    await spec.on_stop()
                except Exception:  # noqa: BLE001 - the others must still stop
                    log.exception("on_stop failed", extra={"service": spec.name})
        if self._metrics_http is not None:
            await asyncio.to_thread(self._metrics_http.shutdown)
            self._metrics_http.server_close()
        log.info("stopped", extra={"address": self.address})

    async def wait_for_termination(self) -> None:
        """Until the server has stopped. Cancelling this wait does not disturb the server (grpc awaits its
        shutdown future directly, so an unshielded cancel would break a later ``stop``)."""
        await asyncio.shield(self.server.wait_for_termination())


async def start_server(specs: list[ServiceSpec], settings: Settings, *, readiness_interval: float = 1.0) -> RunningServer:
    """Build, bind and start one server for ``specs``; returns once it accepts calls."""
    service_names = [name for spec in specs for name in spec.service_names]
    duplicates = {name for name in service_names if service_names.count(name) > 1}
    if duplicates:
        raise ValueError(f"services registered twice: {sorted(duplicates)}")

    # The first interceptor is the outermost: metrics must see the status error mapping produced.
    server = aio.server(
        interceptors=[PrometheusServerInterceptor(), ErrorMappingInterceptor()],
        options=[("grpc.so_reuseport", 0)],  # a second process on the same port must fail, not share it
    )
    for spec in specs:
        spec.register(server)
    health = HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health, server)
    for name in ("", *service_names):
        await health.set(name, NOT_SERVING)
    await health.set(LIVENESS_SERVICE_NAME, SERVING)
    all_names = (*service_names, HEALTH_SERVICE_NAME, reflection.SERVICE_NAME)
    reflection.enable_server_reflection(all_names, server)
    initialize_metrics(_methods(all_names))

    host = settings.host if ":" not in settings.host or settings.host.startswith("[") else f"[{settings.host}]"
    try:
        port = server.add_insecure_port(f"{host}:{settings.port}")
    except RuntimeError as exc:
        raise OSError(f"cannot listen on {host}:{settings.port}: {exc}") from exc
    if not port:
        raise OSError(f"cannot listen on {host}:{settings.port}")
    await server.start()
    running = RunningServer(server, health, specs, settings, port)
    try:
        if settings.metrics_port is not None:
            running._metrics_http, running.metrics_port = start_metrics_server(settings.host, settings.metrics_port)
        await running.check_readiness()
    except BaseException:
        await server.stop(None)
        raise
    running._readiness_task = asyncio.create_task(running._watch_readiness(readiness_interval))
    log.info(
        "listening",
        extra={"address": running.address, "port": port, "metrics_port": running.metrics_port,
               "services": [spec.name for spec in specs], "grpc_services": list(service_names)},
    )
    return running


async def run_until_signal(specs: list[ServiceSpec], settings: Settings) -> int:
    """Serve until SIGTERM or SIGINT, then stop gracefully; the process exit code (0)."""
    configure_logging(settings.log_level)
    loop = asyncio.get_running_loop()
    stop_requested = asyncio.Event()

    def on_signal(signum: int) -> None:
        log.info("signal received", extra={"signal": signal.Signals(signum).name})
        stop_requested.set()

    signals = (signal.SIGTERM, signal.SIGINT)
    for signum in signals:  # before starting, so a signal during start-up also stops gracefully
        loop.add_signal_handler(signum, on_signal, signum)
    try:
        running = await start_server(specs, settings)
        try:
            waiters = [asyncio.ensure_future(stop_requested.wait()), asyncio.ensure_future(running.wait_for_termination())]
            _, pending = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            for waiter in pending:
                waiter.cancel()
        finally:
            await running.stop(settings.grace_seconds)
    finally:
        for signum in signals:
            loop.remove_signal_handler(signum)
    return 0


async def _readiness(spec: ServiceSpec) -> tuple[bool, str]:
    """(ready, why not)."""
    if spec.readiness is None:
        return True, ""
    try:
        ready = bool(await asyncio.wait_for(spec.readiness(), READINESS_TIMEOUT_SECONDS))
    except Exception as exc:  # noqa: BLE001 - not ready, say why
        return False, f"readiness check raised {type(exc).__name__}: {exc}"
    return ready, "" if ready else "readiness check returned False"


def _methods(service_names: Iterable[str]):
    """(grpc_type, service, method) of every method whose service descriptor is in the default pool."""
    pool = descriptor_pool.Default()
    for name in service_names:
        try:
            service = pool.FindServiceByName(name)
        except KeyError:
            continue
        for method in service.methods:
            if method.client_streaming and method.server_streaming:
                kind = "bidi_stream"
            elif method.client_streaming:
                kind = "client_stream"
            elif method.server_streaming:
                kind = "server_stream"
            else:
                kind = "unary"
            yield kind, name, method.name
