"""`rondo admin`: what an operator does on the gateway's database directly, before any account exists.

:func:`create_organizer` makes the first organizer (``rondo admin create-organizer NAME``): on the
gateway database of the embedded default (``RONDO_DATA_DIR/gateway.db``) or ``RONDO_GATEWAY_DATABASE_URL``,
migrated first. Its generated password is printed once; organizers then make every other account over
gRPC (``CreateAccount``)."""

from __future__ import annotations

from gateway.app import make_identity
from gateway.identity_service import Credentials
from gateway.service import MIGRATIONS
from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, run_migrations


def create_organizer(name: str, settings: Settings | None = None) -> Credentials:
    """A new organizer account and its password (shown once). Raises ``InvalidArgument`` for a bad
    name and ``FailedPrecondition`` when the name is taken."""
    settings = settings or Settings.from_env()
    engine = make_engine(settings.database_url("gateway"))
    try:
        run_migrations(engine, MIGRATIONS)
        return make_identity(engine, settings).create_first_organizer(name)
    finally:
        engine.dispose()
