"""The bot's own database (bot/store.py) on SQLite and PostgreSQL: a delivery is claimed once, ever;
the cursor survives a new Store and never moves back; a button keeps whom it was shown to."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from bot.store import FAILED, SENDING, SENT, VERSION_TABLE, ButtonSpec, Claim, Store, metadata
from rondo_runtime.db import make_engine

pytestmark = pytest.mark.integration


@pytest.mark.rule("access.bot.delivery-never-twice")
def test_a_delivery_is_claimed_once_and_the_cursor_only_moves_forward(db_url):
    store = Store(db_url)
    assert store.cursor() == 0
    assert store.claim("event:7:p1", 1001) and store.claim("event:7:p1", 1002)
    assert not store.claim("event:7:p1", 1001)  # never twice, whatever happened to the first
    store.finish("event:7:p1", 1002, 55)
    store.finish("event:7:p2", 1003, None)  # never claimed: nothing
    assert store.claim("event:8:p1", 1001)
    store.finish("event:8:p1", 1001, None, "Forbidden: bot was blocked by the user")
    store.set_cursor(8)
    store.set_cursor(5)
    store.close()

    again = Store(db_url)  # a restart
    assert again.cursor() == 8
    assert not again.claim("event:7:p1", 1001) and not again.claim("event:8:p1", 1001)
    states = {(d.key, d.chat_id): (d.state, d.message_id) for d in again.deliveries("event:")}
    assert states == {
        ("event:7:p1", 1001): (SENDING, None),  # claimed and never known sent: stays lost, never resent
        ("event:7:p1", 1002): (SENT, 55),
        ("event:8:p1", 1001): (FAILED, None),
    }
    button = again.add_button(2**40, 2**40, ButtonSpec("confirm_meeting", "c", "m", "p", "c/1/1/1"), "ru")
    row = again.button(button)
    assert row is not None and (row.telegram_user_id, row.action, row.player_id, row.language) == (
        2**40,
        "confirm_meeting",
        "p",
        "ru",
    )
    again.finish_button(button, "done")
    assert (again.button(button) or row).outcome == "done" and again.button(button + 1) is None

    # an event's messages claimed in one transaction, their buttons with them; the claimed ones skipped
    spec = ButtonSpec("confirm_result", "c", "r", "p")
    claimed = again.claim_all(
        [
            Claim("event:9:p1", 1001, 1001, "en", (spec, spec)),
            Claim("event:7:p1", 1001, 1001, "en", (spec,)),  # claimed before
            Claim("event:9:p2", 1002, 1002, "ru"),
            Claim("event:9:p2", 1002, 1002, "ru"),  # twice in one batch: once
        ]
    )
    assert claimed[1] is None and claimed[2] == [] and claimed[3] is None
    first = claimed[0]
    assert first is not None and len(first) == 2 and all((again.button(b) or row).action == "confirm_result" for b in first)
    assert again.claim_all([Claim("event:9:p1", 1001, 1001, "en")]) == [None]
    again.finish_all([("event:9:p1", 1001, 77, ""), ("event:9:p2", 1002, None, "Forbidden")])
    finished = {(d.key, d.chat_id): d.state for d in again.deliveries("event:9")}
    assert finished == {("event:9:p1", 1001): SENT, ("event:9:p2", 1002): FAILED}
    again.close()


def test_the_migrations_equal_the_models(db_url):
    """The bot's database is made by its Alembic migrations (not create_all), and they make exactly
    the tables its models describe: a model changed without a migration fails here."""
    store = Store(db_url)
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        assert compare_metadata(context, metadata) == []
        assert context.get_current_revision() is not None
        assert set(inspect(connection).get_table_names()) == {"bot_cursor", "bot_delivery", "bot_button", VERSION_TABLE}
    store.close()
    Store(db_url).close()  # a restart: already at head, nothing to do


def test_a_database_made_before_the_migrations_is_adopted_as_it_is(db_url):
    """A bot database created by the older create_all keeps its rows: the first migration makes only
    the tables that are missing, and the cursor is where it was."""
    engine = make_engine(db_url)
    metadata.create_all(engine)
    engine.dispose()
    old = Store.__new__(Store)
    old.engine = make_engine(db_url)
    old.set_cursor(41)
    old.close()
    store = Store(db_url)
    assert store.cursor() == 41
    with store.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"version_table": VERSION_TABLE})
        assert compare_metadata(context, metadata) == []
    store.close()
