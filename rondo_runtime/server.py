"""The gRPC servers of one process (docs/architecture.md "Embedded and distributed mode", "Observability").

Only the gateway is reachable from outside. Every other service is *internal* (``ServiceSpec.internal``):

* embedded mode (``rondo up``: public and internal specs together) runs two servers in the one process:
  the public one on ``RONDO_HOST:RONDO_PORT`` with only the public services, and an internal one on
  ``127.0.0.1:RONDO_INTERNAL_PORT`` with the internal ones, which the gateway dials with
  ``RONDO_EMBEDDED_CALLS=grpc``. By default (``local``) the gateway calls them in process: the internal
  specs also register on a :class:`~rondo_runtime.local_channel.LocalServer` with the internal
  server's interceptors, handed to the public specs (``ServiceSpec.local_server``), so the same
  servicers, interceptors and stubs run without the loopback gRPC hop; the internal server still
  listens (health, tools, tests);
* distributed mode (``rondo serve league``: internal specs alone) runs one server on
  ``RONDO_HOST:RONDO_PORT``; with ``RONDO_INTERNAL_TOKEN`` set it answers only calls that carry it
  (``rondo_runtime.internal_auth``), and without one it refuses to listen beyond loopback.

Every server gets: the metrics and error-mapping interceptors, ``grpc.health.v1`` (per service name and
overall ``""``; NOT_SERVING until that service's readiness check passes, re-checked every second; in
embedded mode both servers answer for every service of the process), reflection only with
``RONDO_REFLECTION`` (each server lists its own services), a maximum connection age
(``RONDO_MAX_CONNECTION_AGE_SECONDS``: clients reconnect and re-resolve, reaching new replicas), one
Prometheus ``/metrics`` HTTP port, JSON logs and graceful shutdown on SIGTERM/SIGINT.
"""

from __future__ import annotations

import asyncio
import dataclasses
import ipaddress
import logging
import signal
import socket
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from google.protobuf import descriptor_pool
from grpc import aio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_health.v1._async import HealthServicer
from grpc_reflection.v1alpha import reflection

from rondo_runtime.capacity import MAX_REQUEST_BYTES, server_options
from rondo_runtime.config import Settings
from rondo_runtime.grpc_errors import ErrorMappingInterceptor
from rondo_runtime.internal_auth import InternalTokenInterceptor, new_token
from rondo_runtime.local_channel import LocalServer
from rondo_runtime.logging import configure_logging
from rondo_runtime.metrics import PrometheusServerInterceptor, initialize_metrics, set_serving, start_metrics_server

log = logging.getLogger(__name__)

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING
HEALTH_SERVICE_NAME = health_pb2.DESCRIPTOR.services_by_name["Health"].full_name
READINESS_TIMEOUT_SECONDS = 5.0
# Liveness: SERVING while the process runs, whatever its database does (a database outage makes a
# service not ready, and must not get it restarted); NOT_SERVING once it is stopping.
LIVENESS_SERVICE_NAME = "liveness"
INTERNAL_HOST = "127.0.0.1"  # where the internal server listens in embedded mode


class ConfigurationError(ValueError):
    """Settings that cannot be served safely (``main`` exits with code 2 and this message)."""


@dataclass(frozen=True)
class ServiceSpec:
    """What one service contributes to a server.

    ``service_names`` are full proto names (``"rondo.solver.v1.SolverService"``); ``register`` adds the
    servicers (``add_XServicer_to_server(servicer, server)``); ``readiness`` (e.g.
    ``rondo_runtime.db.readiness_probe(engine)``) gates health; ``on_stopping`` runs when the stop
    begins, before in-flight calls get their grace period (end open streams, so they need none);
    ``on_stop`` runs after the server stopped (dispose engines, cancel background tasks).
    """

    name: str
    service_names: tuple[str, ...]
    register: Callable[[aio.Server], None]
    readiness: Callable[[], Awaitable[bool]] | None = None
    on_stop: Callable[[], Awaitable[None]] | None = None
    internal: bool = True
    """Called only by other Rondo services (all but the gateway; the registry says which): loopback only
    beside public services, the internal credential when alone. Internal unless declared public."""
    background: tuple[Callable[[], Awaitable[None]], ...] = ()
    """Long-running jobs (the gateway's reminder publication): started once the servers accept calls,
    cancelled when the process stops, before ``on_stop``. A job that fails is logged, not restarted."""
    on_stopping: Callable[[], None] | None = None
    max_request_bytes: int = MAX_REQUEST_BYTES
    """The largest request this service takes (gRPC's receive limit; a server takes the most any of its
    services needs): small by default, MAX_MESSAGE_BYTES for the services that receive whole draws."""
    local_server: Callable[[LocalServer], None] | None = None
    """Embedded mode, public specs: given the in-process server of the process's internal services (the
    internal gRPC server's handlers and interceptors) before the servers start, for calls without a
    gRPC hop (``rondo_runtime.local_channel``)."""


class RunningServer:
    """The started servers of one process: ``server`` (on ``settings.host:port``) and, in embedded mode,
    ``internal_server`` (on ``127.0.0.1:internal_port``), sharing one health service and one metrics port."""

    def __init__(
        self,
        server: aio.Server,
        health: HealthServicer,
        specs: list[ServiceSpec],
        settings: Settings,
        port: int,
        internal_server: aio.Server | None = None,
        internal_port: int | None = None,
    ):
        self.server = server
        self.health = health
        self.specs = list(specs)
        self.settings = settings
        self.port = port
        self.internal_server = internal_server
        self.internal_port = internal_port
        self.local_server: LocalServer | None = None
        """Embedded mode: the internal services in process (``rondo_runtime.local_channel``)."""
        self.metrics_port: int | None = None
        self._metrics_http = None
        self._ready: dict[str, bool] = {}
        self._readiness_task: asyncio.Task | None = None
        self._stop_task: asyncio.Task | None = None
        self._background: list[asyncio.Task] = []

    @property
    def address(self) -> str:
        """Where a client on this machine connects: ``127.0.0.1:<port>``."""
        host = self.settings.host
        if host in ("", "0.0.0.0", "::", "[::]"):
            host = "127.0.0.1"
        elif ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"{host}:{self.port}"

    @property
    def internal_address(self) -> str | None:
        """The internal server's ``127.0.0.1:<port>`` in embedded mode; None when there is none."""
        return None if self.internal_port is None else f"{INTERNAL_HOST}:{self.internal_port}"

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
                set_serving(name, ready)
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
        loop = asyncio.get_running_loop()
        started = loop.time()
        if self._readiness_task is not None:
            self._readiness_task.cancel()
        await self.health.enter_graceful_shutdown()
        for spec in self.specs:
            for name in spec.service_names:
                set_serving(name, False)
        for spec in self.specs:
            if spec.on_stopping is not None:
                spec.on_stopping()
        await _cancel(self._background)
        await self.server.stop(grace)
        if self.internal_server is not None:
            # the public calls in flight (the gateway's) needed the internal services until now; the
            # internal calls still running get what is left of the same grace period
            await self.internal_server.stop(max(0.0, grace - (loop.time() - started)))
        if self.local_server is not None:  # the same for the calls made in process
            await self.local_server.stop(max(0.0, grace - (loop.time() - started)))
        await _run_on_stop(self.specs)
        if self._metrics_http is not None:
            await asyncio.to_thread(self._metrics_http.shutdown)
            self._metrics_http.server_close()
        log.info("stopped", extra={"address": self.address})

    async def wait_for_termination(self) -> None:
        """Until the server has stopped. Cancelling this wait does not disturb the server (grpc awaits its
        shutdown future directly, so an unshielded cancel would break a later ``stop``)."""
        await asyncio.shield(self.server.wait_for_termination())


async def _logged(name: str, job: Callable[[], Awaitable[None]]) -> None:
    try:
        await job()
    except asyncio.CancelledError:
        raise
    except Exception:  # noqa: BLE001 - a background job must not take the process down
        log.exception("background job failed", extra={"service": name})


async def _cancel(tasks: list[asyncio.Task]) -> None:
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _run_on_stop(specs: list[ServiceSpec]) -> None:
    for spec in specs:
        if spec.on_stop is not None:
            try:
                await spec.on_stop()
            except Exception:  # noqa: BLE001 - the others must still stop
                log.exception("on_stop failed", extra={"service": spec.name})


def is_loopback(host: str) -> bool:
    """Whether ``host`` (``RONDO_HOST``) is reachable from this machine only."""
    host = host.strip().strip("[]")
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # "", 0.0.0.0-like wildcards parse; any other name may resolve anywhere
        return False


def check_exposure(specs: list[ServiceSpec], settings: Settings) -> None:
    """Raises :class:`ConfigurationError` when internal services would listen beyond loopback without the
    internal credential (distributed mode without ``RONDO_INTERNAL_TOKEN``)."""
    internal = [spec.name for spec in specs if spec.internal]
    alone = not any(not spec.internal for spec in specs)  # beside public services they listen on loopback
    if internal and alone and not settings.internal_token and not is_loopback(settings.host):
        raise ConfigurationError(
            f"RONDO_INTERNAL_TOKEN is not set: the internal service{'s' if len(internal) > 1 else ''} "
            f"{', '.join(internal)} would answer anyone on {settings.host or 'every interface'}:{settings.port}. "
            "Set RONDO_INTERNAL_TOKEN to the same random secret (32+ bytes) on the gateway and every "
            "internal service, or listen on loopback (RONDO_HOST=127.0.0.1)."
        )


def resolve_internal_port(settings: Settings, embedded: bool = False) -> Settings:
    """``settings`` with ``internal_port`` 0 replaced by a free port on 127.0.0.1: the gateway dials the
    internal server in embedded mode, so it must know the port before the services are built. In
    ``embedded`` mode without ``internal_token``, a random one is made: the internal port refuses
    every call without it in every mode, and the gateway of this process attaches it."""
    if embedded and not settings.internal_token:
        settings = dataclasses.replace(settings, internal_token=new_token())
    if settings.internal_port:
        return settings
    with socket.socket() as s:
        s.bind((INTERNAL_HOST, 0))
        return dataclasses.replace(settings, internal_port=s.getsockname()[1])


def server_interceptors(settings: Settings, *, internal: bool) -> list[aio.ServerInterceptor]:
    """Every server's interceptors, the internal credential's on internal ones (the local server's too)."""
    # The first interceptor is the outermost: metrics must see the status error mapping produced, and
    # count refused calls (Unauthenticated) too.
    interceptors: list[aio.ServerInterceptor] = [PrometheusServerInterceptor()]
    if internal and settings.internal_token:
        interceptors.append(InternalTokenInterceptor(settings.internal_token))
    interceptors.append(ErrorMappingInterceptor())
    return interceptors


def _new_server(settings: Settings, *, internal: bool, max_request_bytes: int = MAX_REQUEST_BYTES) -> aio.Server:
    return aio.server(
        interceptors=server_interceptors(settings, internal=internal),
        # so_reuseport 0: a second process on the same port must fail, not share it; message sizes
        # (rondo_runtime.capacity): answers as large as the largest draw, requests as large as the
        # server's services need (the public port: small)
        options=[("grpc.so_reuseport", 0), *server_options(max_request_bytes), *connection_age_options(settings)],
    )


def connection_age_options(settings: Settings) -> list[tuple[str, int]]:
    """``grpc.max_connection_age_ms`` and its grace from the settings (none when the age is 0): an aged
    connection gets GOAWAY, its calls in flight finish within the grace, and the client reconnects,
    resolving its target again, so a ``round_robin`` channel over a headless Service's DNS name reaches
    the replicas started since it first connected (a Kubernetes HPA scale-up)."""
    if not settings.max_connection_age_seconds:
        return []
    return [
        ("grpc.max_connection_age_ms", max(1, round(settings.max_connection_age_seconds * 1000))),
        ("grpc.max_connection_age_grace_ms", round(settings.max_connection_age_grace_seconds * 1000)),
    ]


def _listen(server: aio.Server, host: str, port: int) -> int:
    host = host if ":" not in host or host.startswith("[") else f"[{host}]"
    try:
        bound = server.add_insecure_port(f"{host}:{port}")
    except RuntimeError as exc:
        raise OSError(f"cannot listen on {host}:{port}: {exc}") from exc
    if not bound:
        raise OSError(f"cannot listen on {host}:{port}")
    return bound


async def start_server(specs: list[ServiceSpec], settings: Settings, *, readiness_interval: float = 1.0) -> RunningServer:
    """Build, bind and start the servers for ``specs`` (see the module doc); returns once they accept
    calls. Raises :class:`ConfigurationError` (nothing bound) for internal services that would listen
    beyond loopback without the internal token, and when embedded mode has no ``internal_port``."""
    service_names = [name for spec in specs for name in spec.service_names]
    duplicates = {name for name in service_names if service_names.count(name) > 1}
    if duplicates:
        raise ValueError(f"services registered twice: {sorted(duplicates)}")
    check_exposure(specs, settings)
    public = [spec for spec in specs if not spec.internal]
    internal = [spec for spec in specs if spec.internal]
    embedded = bool(public and internal)
    if embedded and not (settings.internal_port and settings.internal_token):
        raise ConfigurationError(
            "embedded mode needs a known internal port and an internal token (the gateway dials it with the "
            "token): resolve_internal_port(settings, embedded=True) before building the services"
        )

    groups = [(public, False), (internal, True)] if embedded else [(specs, bool(internal))]
    health = HealthServicer()
    servers: list[aio.Server] = []
    for group, is_internal in groups:
        server = _new_server(settings, internal=is_internal, max_request_bytes=max(s.max_request_bytes for s in group))
        for spec in group:
            spec.register(server)
        health_pb2_grpc.add_HealthServicer_to_server(health, server)  # one health: every name on every port
        names = tuple(name for spec in group for name in spec.service_names)
        if settings.reflection:
            reflection.enable_server_reflection((*names, HEALTH_SERVICE_NAME, reflection.SERVICE_NAME), server)
        servers.append(server)
    local = _local_server(public, internal, health, settings) if embedded else None
    for name in ("", *service_names):
        await health.set(name, NOT_SERVING)
    for name in service_names:
        set_serving(name, False)
    await health.set(LIVENESS_SERVICE_NAME, SERVING)
    measured = (*service_names, HEALTH_SERVICE_NAME, *((reflection.SERVICE_NAME,) if settings.reflection else ()))
    initialize_metrics(_methods(measured))

    port = _listen(servers[0], settings.host, settings.port)
    internal_port = _listen(servers[1], INTERNAL_HOST, settings.internal_port) if embedded else None
    started: list[aio.Server] = []
    try:
        for server in reversed(servers):  # the internal one first: the gateway's first call finds it
            await server.start()
            started.append(server)
        running = RunningServer(servers[0], health, specs, settings, port, servers[1] if embedded else None, internal_port)
        running.local_server = local
        if settings.metrics_port is not None:
            running._metrics_http, running.metrics_port = start_metrics_server(settings.host, settings.metrics_port)
        await running.check_readiness()
    except BaseException:
        for server in started:
            await server.stop(None)
        if local is not None:
            await local.stop(None)
        raise
    running._readiness_task = asyncio.create_task(running._watch_readiness(readiness_interval))
    running._background = [asyncio.create_task(_logged(spec.name, job)) for spec in specs for job in spec.background]
    log.info(
        "listening",
        extra={
            "address": running.address,
            "port": port,
            "metrics_port": running.metrics_port,
            "services": [spec.name for spec in specs],
            "grpc_services": list(service_names),
            "public_services": [spec.name for spec in specs if not spec.internal],
            "internal_address": running.internal_address,
            "internal_credential": bool(internal and settings.internal_token),
            "embedded_calls": settings.embedded_calls if embedded else None,
            "reflection": settings.reflection,
        },
    )
    return running


def _local_server(
    public: list[ServiceSpec], internal: list[ServiceSpec], health: HealthServicer, settings: Settings
) -> LocalServer:
    """The internal services in process: registered as on the internal server, with its interceptors,
    handed to the public specs that take it."""
    local = LocalServer(server_interceptors(settings, internal=True), max(s.max_request_bytes for s in internal))
    for spec in internal:
        spec.register(local)  # the registration surface of aio.Server
    health_pb2_grpc.add_HealthServicer_to_server(health, local)
    for spec in public:
        if spec.local_server is not None:
            spec.local_server(local)
    return local


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
        try:
            running = await start_server(specs, settings)
        except BaseException:
            await _run_on_stop(specs)  # built but never served: release pools and engines
            raise
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


def main(*spec_builders: Callable[[Settings], ServiceSpec], embedded: bool = False) -> int:
    """The body of ``python -m <service>`` and of ``rondo up`` / ``rondo serve``: settings from the
    environment, the services built, served until a signal. Exit code 2, with a message naming the
    variable, on a configuration error (a malformed value; internal services beyond loopback without
    ``RONDO_INTERNAL_TOKEN``).

    ``RONDO_INTERNAL_PORT`` 0 is replaced by a free port before the services are built: in embedded mode
    the gateway dials the internal server, so it must know the port up front; ``embedded`` (``rondo up``)
    without ``RONDO_INTERNAL_TOKEN`` makes a random token for this process.
    """
    import sys

    try:
        settings = resolve_internal_port(Settings.from_env(), embedded)
    except ValueError as error:
        print(f"configuration error: {error}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    try:
        return asyncio.run(run_until_signal([build(settings) for build in spec_builders], settings))
    except ConfigurationError as error:
        log.error("configuration error", extra={"error": str(error)})
        print(f"configuration error: {error}", file=sys.stderr)
        return 2


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
