"""The bot's side of the gateway: every call carries the bot's service token; a call made for a linked
player adds ``x-rondo-telegram-user`` (the gateway then treats it as that player's, within the
player's own RPCs: docs/rules.md ``access.bot.delegation``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import grpc

from rondo.gateway.v1 import events_pb2, gateway_pb2_grpc, identity_pb2
from rondo_runtime.grpc_errors import error_details

TELEGRAM_USER = "x-rondo-telegram-user"
TIMEOUT = 30.0
#: Events asked for: what the bot tells players about (the log has more kinds).
KINDS = (
    "draw.published",
    "schedule.proposed",
    "schedule.booked",
    "schedule.cancelled",
    "schedule.options-ready",
    "reminder.due",
    "standings.changed",
)


class Gateway:
    def __init__(self, address: str, service_token: str):
        self.channel = grpc.aio.insecure_channel(address)
        self.stub = gateway_pb2_grpc.GatewayServiceStub(self.channel)
        self._bearer = ("authorization", f"Bearer {service_token}")

    def __repr__(self) -> str:  # never the token
        return f"{type(self).__name__}(<token>)"

    async def close(self) -> None:
        await self.channel.close()

    def metadata(self, for_telegram_user: int | None = None) -> tuple[tuple[str, str], ...]:
        if for_telegram_user is None:
            return (self._bearer,)
        return (self._bearer, (TELEGRAM_USER, str(for_telegram_user)))

    async def call(self, method: str, request, for_telegram_user: int | None = None):
        """``method`` as the bot, or for the linked Telegram user."""
        return await getattr(self.stub, method)(request, metadata=self.metadata(for_telegram_user), timeout=TIMEOUT)

    async def links(self) -> list[identity_pb2.TelegramLink]:
        """Every link, oldest first (every page)."""
        out: list[identity_pb2.TelegramLink] = []
        token = ""
        while True:
            page = await self.call("ListTelegramLinks", identity_pb2.ListTelegramLinksRequest(page_size=500, page_token=token))
            out.extend(page.links)
            token = page.next_page_token
            if not token:
                return out

    def watch(self, after: int) -> AsyncIterator[events_pb2.Event]:
        """The events after ``after``, then live ones (the stream ends when the gateway goes away)."""
        request = events_pb2.WatchEventsRequest(after=after, kinds=list(KINDS))
        return self.stub.WatchEvents(request, metadata=self.metadata())


def error_text(error: grpc.aio.AioRpcError, language: str = "en") -> str:
    """The gateway's own message, short (it names what is wrong; never a secret): in ``language`` when the
    status carries it (``google.rpc.LocalizedMessage``, English and Russian), else its details."""
    try:
        localized = error_details(error).texts.get(language, "")
    except Exception:  # noqa: BLE001 - a status that does not parse: its details are still there
        localized = ""
    return (localized or error.details() or error.code().name)[:300]
