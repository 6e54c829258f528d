"""The gateway's event log on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from gateway.adapters.events import EventLog
from gateway.adapters.tables import metadata
from gateway.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations

pytestmark = pytest.mark.integration


def test_event_log_appends_in_order(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    log = EventLog(engine)
    log.append("draw.proposed", "c1", "d1", version=1)
    log.append("draw.published", "c1", "d1", version=1)
    log.append("draw.proposed", "c2", "d2", version=1)
    assert log.for_competition("c1") == [("draw.proposed", "d1"), ("draw.published", "d1")]
    engine.dispose()
