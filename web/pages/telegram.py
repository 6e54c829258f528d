"""Link Telegram: a one-time code from the gateway (CreateTelegramLinkCode, for the caller's own
account only) and the bot's deep link ``t.me/<bot>?start=CODE``; sending it to the bot links this
account's Telegram."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import identity_pb2
from web.gateway import call
from web.pages.player import N_, when
from web.rendering import NavItem, render


async def telegram_page(request: Request) -> Response:
    return render(request, "telegram/link.html", {"code": None})


async def create_code(request: Request) -> Response:
    code = await call(request, "CreateTelegramLinkCode", identity_pb2.CreateTelegramLinkCodeRequest())
    bot = request.app.state.settings.telegram_bot
    link = code.deep_link or (f"https://t.me/{bot}?start={code.code}" if bot else "")
    return render(
        request,
        "telegram/link.html",
        {"code": code.code, "link": link, "expires": when(code.expires_at) if code.HasField("expires_at") else None},
    )


routes: list[BaseRoute] = [
    Route("/telegram", telegram_page, methods=["GET"]),
    Route("/telegram", create_code, methods=["POST"]),
]
nav: list[NavItem] = [NavItem(N_("Telegram"), "/telegram", roles=("ROLE_PLAYER",), order=60)]
