"""Builds the ServiceSpec of a service that owns a database: engine from the settings, migrations
applied at start-up, health NOT_SERVING until the database answers, engine disposed on stop."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from google.protobuf.descriptor import ServiceDescriptor
from sqlalchemy import Engine

from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, readiness_probe, run_migrations
from rondo_runtime.server import ServiceSpec


def stateful_spec(
    name: str,
    settings: Settings,
    migrations: str,
    descriptor: ServiceDescriptor,
    add_to_server: Callable[[Any, Any], None],
    make_servicer: Callable[[Engine], Any],
    on_stop: Callable[[], Awaitable[None]] | None = None,
) -> ServiceSpec:
    engine = make_engine(settings.database_url(name))
    run_migrations(engine, migrations)
    servicer = make_servicer(engine)

    async def stop() -> None:
        if on_stop is not None:
            await on_stop()
        engine.dispose()

    return ServiceSpec(
        name=name,
        service_names=(descriptor.full_name,),
        register=lambda server: add_to_server(servicer, server),
        readiness=readiness_probe(engine),
        on_stop=stop,
    )
