"""Builds the ServiceSpec of a service that owns a database: engine from the settings, migrations
applied at start-up, health NOT_SERVING until the database answers, engine disposed on stop.

A database that cannot be reached at start-up does not stop the process (issue 7): the service starts
NOT_SERVING, its calls answer UNAVAILABLE, and its migrations are retried in the background until they
succeed; an unusable URL leaves that one service NOT_SERVING while the others of the process serve."""

from __future__ import annotations

import logging
import threading
from collections.abc import Awaitable, Callable
from typing import Any

from google.protobuf.descriptor import ServiceDescriptor
from sqlalchemy import Engine

from rondo_runtime.capacity import MAX_REQUEST_BYTES
from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, readiness_probe, run_migrations
from rondo_runtime.server import ServiceSpec
from rondo_runtime.unit_of_work import mark_not_ready, mark_ready, not_ready_reason

log = logging.getLogger(__name__)
MIGRATION_RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0, 10.0)  # back-off between attempts; the last repeats


def stateful_spec(
    name: str,
    settings: Settings,
    migrations: str,
    descriptor: ServiceDescriptor,
    add_to_server: Callable[[Any, Any], None],
    make_servicer: Callable[[Engine], Any],
    on_stop: Callable[[], Awaitable[None]] | None = None,
    max_request_bytes: int = MAX_REQUEST_BYTES,
) -> ServiceSpec:
    engine, stop_retries = _start_database(name, settings.database_url(name), migrations)
    servicer = make_servicer(engine)
    probe = readiness_probe(engine)

    async def ready() -> bool:
        # NOT_SERVING until migrated and reachable; a database down at start-up keeps the process up
        why = not_ready_reason(engine)
        if why is not None:
            raise RuntimeError(why)  # the server logs the reason with the NOT_SERVING transition
        return await probe()

    async def stop() -> None:
        stop_retries.set()  # stops the background migration retries
        if on_stop is not None:
            await on_stop()
        engine.dispose()

    return ServiceSpec(
        name=name,
        service_names=(descriptor.full_name,),
        register=lambda server: add_to_server(servicer, server),
        readiness=ready,
        on_stop=stop,
        max_request_bytes=max_request_bytes,
    )


def _start_database(name: str, url: str, migrations: str) -> tuple[Engine, threading.Event]:
    """The service's engine, migrated now if the database answers, else by a background thread that
    retries until it does; the event stops that thread."""
    stop = threading.Event()
    try:
        engine = make_engine(url)
    except Exception as error:  # noqa: BLE001 - a bad URL must not take the other services down
        log.error(
            "database URL unusable; service stays NOT_SERVING",
            extra={"service": name, "error": f"{type(error).__name__}: {error}"},
        )
        engine = make_engine("sqlite://")  # a stand-in that is never marked ready
        mark_not_ready(engine, f"database URL unusable: {type(error).__name__}")
        return engine, stop
    mark_not_ready(engine, "migrations not applied yet")
    if _migrate(name, engine, migrations):
        return engine, stop

    def retry() -> None:
        attempt = 0
        while not stop.wait(MIGRATION_RETRY_SECONDS[min(attempt, len(MIGRATION_RETRY_SECONDS) - 1)]):
            attempt += 1
            if _migrate(name, engine, migrations, quiet=True):
                log.info("database reachable: migrations applied", extra={"service": name, "attempts": attempt + 1})
                return

    threading.Thread(target=retry, name=f"{name}-migrations", daemon=True).start()
    return engine, stop


def _migrate(name: str, engine: Engine, migrations: str, quiet: bool = False) -> bool:
    try:
        run_migrations(engine, migrations)
    except Exception as error:  # noqa: BLE001 - retried in the background
        if not quiet:
            log.warning(
                "database unreachable at start-up; retrying migrations in the background",
                extra={"service": name, "error": f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"},
            )
        return False
    mark_ready(engine)
    return True
