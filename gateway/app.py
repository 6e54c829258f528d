"""Wires the gateway: its event database, and channels to league/ and solver/.

The gateway is the one public service. In embedded mode (no RONDO_LEAGUE_ADDR / RONDO_SOLVER_ADDR) it
calls the services of its own process: in process by default (RONDO_EMBEDDED_CALLS=local: the same
servicers, interceptors and stubs, without the gRPC hop; rondo_runtime/local_channel.py), or on the
process's internal server (127.0.0.1:RONDO_INTERNAL_PORT) with RONDO_EMBEDDED_CALLS=grpc, so both modes
run the same code path; only the transport and addresses differ (docs/architecture.md "Embedded and
distributed mode"). Every downstream call carries RONDO_INTERNAL_TOKEN when it is set.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from sqlalchemy import Engine

from gateway.adapters.accounts import IdentityRepository
from gateway.adapters.calendar_http import CalendarFeedServer
from gateway.adapters.downstream import Downstream
from gateway.adapters.events import EventLog
from gateway.adapters.key_file import KEY_FILE_NAME
from gateway.adapters.scopes import ScopeRepository
from gateway.event_service import EventService
from gateway.grpc_api import GatewayServicer
from gateway.guard import GuardedServicer, guarded
from gateway.identity_service import IdentityService
from gateway.my_calendar import my_calendar
from gateway.scope_service import ScopeService
from gateway.service import MIGRATIONS, GatewayService
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import calendar_pb2, gateway_pb2, gateway_pb2_grpc
from rondo_runtime.config import Settings
from rondo_runtime.errors import NotFound
from rondo_runtime.local_channel import LocalServer
from rondo_runtime.server import ServiceSpec
from rondo_runtime.transactions import SqlUnitOfWork
from rondo_runtime.wiring import stateful_spec

NAME = "gateway"
log = logging.getLogger(__name__)


class LazyDownstream:
    """Opens the downstream channels on first use, inside the server's event loop (grpc.aio
    channels belong to the loop that creates them)."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self._downstream: Downstream | None = None
        self.local_server: LocalServer | None = None
        """Embedded mode: the process's internal services in process (``ServiceSpec.local_server``)."""

    def attach_local(self, server: LocalServer) -> None:
        """Embedded mode: the services without an address of their own are called through ``server``
        unless RONDO_EMBEDDED_CALLS=grpc."""
        self.local_server = server

    def get(self) -> Downstream:
        if self._downstream is None:
            internal = f"127.0.0.1:{self.settings.internal_port}"  # embedded: the process's internal server
            league, solver = self.settings.service_addr("league"), self.settings.service_addr("solver")
            booking = self.settings.service_addr("booking")
            if (league or solver or booking) and not self.settings.internal_token:
                log.warning("RONDO_INTERNAL_TOKEN is not set: internal services beyond loopback will refuse the gateway's calls")
            # the services without an address of their own: in process unless RONDO_EMBEDDED_CALLS=grpc
            in_process = self.local_server if self.settings.embedded_calls == "local" else None
            self._downstream = Downstream(
                league_addr=league or internal,
                solver_addr=solver or internal,
                timeout_s=self.settings.downstream_timeout_seconds,
                internal_token=self.settings.internal_token,
                booking_addr=booking or internal,
                local=None if in_process is None else (internal, in_process),
            )
        return self._downstream

    async def close(self) -> None:
        if self._downstream is not None:
            await self._downstream.close()


DESCRIPTOR = gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"]


def embedded_key_file(engine: Engine) -> Path | None:
    """Where an embedded gateway (a SQLite file) keeps its generated signing key: a 0600 file beside the
    database; None on PostgreSQL (the key is shared by the replicas through the database, and a
    deployment sets RONDO_TOKEN_SECRET anyway)."""
    if engine.url.get_backend_name() != "sqlite":
        return None
    database = engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).expanduser().resolve().parent / KEY_FILE_NAME


def make_identity(engine: Engine, settings: Settings, clock: Callable[[], datetime] | None = None) -> IdentityService:
    """The identity use cases on the gateway's (migrated) database, with the settings' key and lifetimes."""
    uow = SqlUnitOfWork(engine, IdentityRepository)
    options = dict(
        token_secret=settings.token_secret,
        key_file=embedded_key_file(engine),
        token_ttl_seconds=settings.token_ttl_seconds,
        service_token_ttl_seconds=settings.service_token_ttl_seconds,
        cache_seconds=settings.auth_cache_seconds,
        telegram_bot_username=settings.telegram_bot_username,
    )
    return IdentityService(uow, **options) if clock is None else IdentityService(uow, clock, **options)  # type: ignore[arg-type]


def make_scopes(engine: Engine, identity: IdentityService, service: GatewayService) -> ScopeService:
    """Who holds which club and competition, on the gateway's database; a mediation's competition is
    booking's to say."""

    async def mediation_competition(mediation_id: str, timeout_s: float | None) -> str:
        request = booking_pb2.GetMediationRequest(mediation_id=mediation_id)
        return (await service.booking("GetMediation", request, timeout_s)).competition_id

    return ScopeService(SqlUnitOfWork(engine, ScopeRepository), identity, mediation_competition=mediation_competition)


def guarded_servicer(servicer: GatewayServicer, identity: IdentityService, scopes: ScopeService) -> GuardedServicer:
    """Every RPC of the gateway behind the guard (gateway/guard.py): identity, roles, self fields, scopes,
    audit."""
    return guarded(servicer, DESCRIPTOR, identity, scopes)


def calendar_feed(
    settings: Settings, downstream: LazyDownstream, servicers: list[GatewayServicer] | None = None
) -> CalendarFeedServer:
    """The clubs' iCalendar feeds over HTTP on ``RONDO_HOST:RONDO_CALENDAR_PORT`` (booking makes the bytes),
    and the players' own feeds (gateway/my_calendar.py, once ``servicers`` holds the gateway's)."""

    async def fetch(token: str, room_id: str, timeout_s: float) -> bytes:
        stubs = downstream.get()
        request = calendar_pb2.ExportCalendarRequest(token=token, room_id=room_id)
        return (await stubs.call("booking", stubs.booking.ExportCalendar, request, timeout_s)).ics

    async def fetch_mine(token: str, timeout_s: float) -> bytes:
        if not servicers:
            raise NotFound.because("CALENDAR_NOT_FOUND")
        servicer = servicers[0]
        return await my_calendar(servicer.identity, servicer.service, token, timeout_s)

    return CalendarFeedServer(settings.host, settings.calendar_port, fetch, fetch_mine)


def spec(settings: Settings, downstream: LazyDownstream | None = None) -> ServiceSpec:
    downstream = downstream or LazyDownstream(settings)
    servicers: list[GatewayServicer] = []
    feed = calendar_feed(settings, downstream, servicers)

    def make_servicer(engine) -> GuardedServicer:
        identity = make_identity(engine, settings)
        service = GatewayService(downstream.get, EventLog(engine))
        events = EventService(
            service.events,
            streams_per_account=settings.event_streams_per_account,
            streams_total=settings.event_streams_total,
        )
        scopes = make_scopes(engine, identity, service)
        servicers.append(GatewayServicer(service, events, identity=identity, scopes=scopes))
        return guarded_servicer(servicers[-1], identity, scopes)

    async def stop() -> None:
        await feed.stop()
        await downstream.close()

    spec = stateful_spec(
        NAME,
        settings,
        MIGRATIONS,
        descriptor=DESCRIPTOR,
        add_to_server=gateway_pb2_grpc.add_GatewayServiceServicer_to_server,
        make_servicer=make_servicer,
        on_stop=stop,
    )

    def end_streams() -> None:
        for servicer in servicers:
            servicer.service.events.close()

    interval = settings.reminder_interval_seconds
    # the reminders due are published every RONDO_REMINDER_INTERVAL_SECONDS (gateway/reminders.py)
    reminders = (lambda: servicers[0].reminders.run(interval),) if interval > 0 else ()
    # the clubs' iCalendar feeds over HTTP on RONDO_CALENDAR_PORT, served while the servers run
    background = (*reminders, feed.serve)
    # the one public service (rondo_app/registry.py); a stop first ends the bots' event streams
    # embedded mode: the internal services in process, for the downstream calls (RONDO_EMBEDDED_CALLS)
    return dataclasses.replace(
        spec, internal=False, background=background, on_stopping=end_streams, local_server=downstream.attach_local
    )
