"""The bot's Telegram side (bot/app.py ``AiogramSender`` over aiogram) against the Bot API stand-in on
loopback: a message with buttons arrives as sent; Telegram's flood control (429, nothing sent) is
waited out and the message sent once; a refusal for good (403: the user blocked the bot) is NotSent."""

from __future__ import annotations

import asyncio

import pytest

from bot.app import AiogramSender, make_bot
from bot.config import BotSettings
from bot.service import NotSent
from bot.standin import BotApiStandIn, buttons

pytestmark = pytest.mark.integration


def test_a_message_is_sent_once_through_flood_control_and_a_blocked_chat_is_not_sent():
    with BotApiStandIn() as api:
        settings = BotSettings(service_token="s", telegram_token="123:abc", telegram_api_url=api.url)

        async def scenario() -> tuple[int, str]:
            bot = make_bot(settings)
            sender = AiogramSender(bot)
            try:
                api.refuse(429, "Too Many Requests: retry after 1", retry_after=1)
                first = await sender.send(5, "Привет", [("Подтвердить", "b:1")])
                api.refuse(403, "Forbidden: bot was blocked by the user")
                try:
                    await sender.send(6, "hello", [])
                    refused = ""
                except NotSent as e:
                    refused = str(e)
                return first, refused
            finally:
                await bot.session.close()

        message_id, refused = asyncio.run(scenario())
        sent = api.sent()
        assert [(c.params["chat_id"], c.params["text"], buttons(c)) for c in sent] == [("5", "Привет", [("Подтвердить", "b:1")])]
        assert message_id == sent[0].params["_message_id"]
        assert "blocked" in refused
