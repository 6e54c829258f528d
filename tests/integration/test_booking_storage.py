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


def test_migration_0009_gives_existing_clubs_their_case_folded_name_key_and_lists_them_by_it(db_url):
    """ListClubs reads a keyset page by (case-folded name, id) from the column 0009 adds and fills; a
    rename keeps it, and the order is Python's ``casefold`` order on both databases."""
    from alembic import command
    from sqlalchemy import text

    from rondo_runtime.db import alembic_config
    from rondo_runtime.paging import Page, decode_page_token

    engine = make_engine(db_url)
    config = alembic_config(MIGRATIONS)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0008")  # clubs of the version before
        for club_id, name in (("c1", "Straße"), ("c2", "beta"), ("c3", "STRASSE"), ("c4", "Ärger"), ("c5", "Alpha")):
            connection.execute(
                text("INSERT INTO clubs (id, name, time_zone) VALUES (:id, :name, 'Europe/Moscow')"),
                {"id": club_id, "name": name},
            )
    run_migrations(engine, MIGRATIONS)
    with engine.connect() as connection:
        keys: dict[str, str] = {row[0]: row[1] for row in connection.execute(text("SELECT id, name_key FROM clubs")).all()}
    assert keys == {"c1": "strasse", "c2": "beta", "c3": "strasse", "c4": "ärger", "c5": "alpha"}
    booking = make_service(engine)
    booking.clubs.update_club("c2", "Gamma", None, None, None)
    walked, after = [], None
    while True:
        found, token = booking.clubs.club_page(True, [], Page(2, after, "q"))
        walked += [c.id for c in found]
        if not token:
            break
        after = decode_page_token(token, "q", (str, str))
    assert walked == ["c5", "c2", "c1", "c3", "c4"]  # alpha, gamma, strasse (c1, c3), ärger: code points
    assert [c.id for c in booking.clubs.list_clubs(False, ["c4", "c3", "c9"])] == ["c3", "c4"]
    engine.dispose()
