"""A button press (bot/service.py ``BotService.press``) on the bot's real database: any callback data
that is not one of the bot's own buttons is refused before the database or the gateway is asked; a
button pressed by anyone but the Telegram user it was shown to is refused without a gateway call; a
button already used answers its outcome again without a call."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.service import BotService
from bot.store import ButtonSpec, Store

pytestmark = pytest.mark.integration


class NoGateway:
    """The gateway a refused press must never reach."""

    calls: list[str] = []

    async def call(self, method, request, for_telegram_user=None):
        self.calls.append(method)
        raise AssertionError(f"{method} called for a refused press")


def _bot(tmp_path_factory):
    store = Store(f"sqlite:///{tmp_path_factory.mktemp('press') / 'bot.db'}")
    yield BotService(NoGateway(), store, sender=None)  # type: ignore[arg-type]
    store.close()


@pytest.fixture
def service(tmp_path_factory):
    yield from _bot(tmp_path_factory)


@pytest.fixture(scope="module")
def empty(tmp_path_factory):
    """A bot on its own new database, with no button at all (the property test's, for all its examples)."""
    yield from _bot(tmp_path_factory)


@pytest.mark.rule("access.bot.button-for-its-player")
def test_a_button_of_someone_else_or_already_used_is_answered_without_a_call(service):
    spec = ButtonSpec("confirm_meeting", "c", "m1", "p1", "c/1/1/1")
    mine = service.store.add_button(1001, 1001, spec, "ru")
    assert asyncio.run(service.press(2002, f"b:{mine}", "en")) == ("This button is not for your Telegram account.", None)
    service.store.finish_button(mine, "✅ Вы подтвердили.")
    assert asyncio.run(service.press(1001, f"b:{mine}", "en")) == ("Готово.", "✅ Вы подтвердили.")
    assert asyncio.run(service.press(1001, f"b:{mine + 1}", "ru")) == ("Эта кнопка больше не действует.", None)
    assert NoGateway.calls == []


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.one_of(st.text(max_size=80), st.from_regex(r"b:[0-9]{0,30}", fullmatch=True)), user=st.integers(1, 2**53))
def test_any_callback_data_but_a_stored_button_is_refused(empty, data, user):
    answer, outcome = asyncio.run(empty.press(user, data, "en"))
    assert (answer, outcome) == ("This button is no longer valid.", None)
    assert NoGateway.calls == []
