"""Telegram link codes and links on SQLite and PostgreSQL (gateway/adapters/accounts.py) with a clock the
test moves: a code links until its ten minutes are over and never after, only its hash is stored, one use
by one conditional UPDATE, and the links of disabled accounts are not listed
(docs/rules.md access.telegram.link-one-time-code)."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from gateway.app import make_identity
from gateway.domain.identity import Principal, Role
from gateway.service import MIGRATIONS
from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import NotFound
from tests.unit.gateway_fakes import MovableClock

pytestmark = [pytest.mark.integration, pytest.mark.rule("access.telegram.link-one-time-code")]
ORGANIZER = Principal("organizer-id", "Boss", Role.ORGANIZER)


@pytest.fixture
def engine(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield engine
    engine.dispose()


def _player(identity, name: str) -> Principal:
    organizer = identity.create_first_organizer("Boss") if name == "first" else None
    del organizer
    made = identity.create_account(ORGANIZER, name, Role.PLAYER)
    return Principal(made.account.id, made.account.name, Role.PLAYER)


def test_a_stored_code_links_within_ten_minutes_once_and_never_after(engine):
    clock = MovableClock()
    identity = make_identity(engine, Settings(), clock=clock)
    saki, kenji = _player(identity, "Saki"), _player(identity, "Kenji")
    late = identity.create_link_code(saki)
    clock.advance(minutes=10)
    with pytest.raises(NotFound):
        identity.link_telegram(late.code, 11, 11, "ru")
    code = identity.create_link_code(saki)
    with engine.connect() as connection:
        stored = " ".join(str(v) for row in connection.execute(text("SELECT * FROM telegram_link_codes")) for v in row)
    assert code.code not in stored and late.code not in stored
    clock.advance(minutes=9, seconds=59)
    linked = identity.link_telegram(code.code, 11, 21, "ru")
    assert (linked.account.id, linked.link.telegram_user_id, linked.link.chat_id) == (saki.account_id, 11, 21)
    with pytest.raises(NotFound):
        identity.link_telegram(code.code, 12, 12, "ru")
    identity.link_telegram(identity.create_link_code(kenji).code, 12, 22, "en")
    links, token = identity.telegram_links(page_size=1)
    assert [x.link.telegram_user_id for x in links] == [11] and token
    rest, end = identity.telegram_links(page_size=1, page_token=token)
    assert [x.link.telegram_user_id for x in rest] == [12] and end == ""
    identity.disable_account(ORGANIZER, kenji.account_id)
    assert [x.link.telegram_user_id for x in identity.telegram_links()[0]] == [11]
    with pytest.raises(NotFound):
        identity.telegram_link(Principal("b", "Bot", Role.BOT), 12)


def test_relinking_replaces_on_both_sides_in_one_transaction(engine):
    identity = make_identity(engine, Settings(), clock=MovableClock())
    saki, kenji = _player(identity, "Saki"), _player(identity, "Kenji")
    identity.link_telegram(identity.create_link_code(saki).code, 31, 31, "")
    identity.link_telegram(identity.create_link_code(kenji).code, 32, 32, "")
    identity.link_telegram(identity.create_link_code(saki).code, 32, 33, "ru")  # Saki takes Kenji's Telegram user
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT account_id, telegram_user_id, chat_id FROM telegram_links")).all()
    assert [tuple(r) for r in rows] == [(saki.account_id, 32, 33)]
