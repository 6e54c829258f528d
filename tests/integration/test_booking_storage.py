"""Booking storage (clubs and rooms) on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from booking.adapters.tables import metadata
from booking.app import make_service
from booking.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import InvalidArgument, NotFound

pytestmark = pytest.mark.integration


@pytest.fixture
def booking(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield make_service(engine)
    engine.dispose()


def test_migrations_build_exactly_the_model_schema(booking):
    with booking.uow.engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []


def test_club_defaults_to_kirov_time(booking):
    club = booking.clubs.create_club("Discard club", "")
    assert booking.clubs.get_club(club.id).time_zone == "Europe/Kirov"


def test_bad_time_zone_names_the_field(booking):
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.create_club("Club", "Mars/Olympus")
    assert [v.field for v in error.value.violations] == ["time_zone"]


def test_rooms_unique_per_club_and_idempotent(booking):
    club = booking.clubs.create_club("Club", "Europe/Moscow")
    a = booking.clubs.add_room(club.id, "Big room", idempotency_key="r1")
    assert booking.clubs.add_room(club.id, "Big room", idempotency_key="r1").id == a.id
    with pytest.raises(InvalidArgument):
        booking.clubs.add_room(club.id, "big ROOM")
    assert [r.name for r in booking.clubs.list_rooms(club.id)] == ["Big room"]
    with pytest.raises(NotFound):
        booking.clubs.list_rooms("missing")
