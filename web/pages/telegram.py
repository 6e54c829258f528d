"""Link Telegram: the player's current link (GetTelegramLink), a one-time code from the gateway
(CreateTelegramLinkCode, for the caller's own account only) with the bot's deep link
``t.me/<bot>?start=CODE``, and ending the link (UnlinkTelegram). The bot then acts for this player only,
within the player's rights; it never learns the password."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import identity_pb2
from web.gateway import GatewayError, call
from web.i18n import gettext as _
from web.pages.player import N_, when
from web.rendering import NavItem, render
from web.session import flash


async def _current_link(request: Request) -> identity_pb2.TelegramLink | None:
    try:
        return await call(request, "GetTelegramLink", identity_pb2.GetTelegramLinkRequest())
    except GatewayError as error:
        if error.code.name == "NOT_FOUND":
            return None
        raise


async def telegram_page(request: Request) -> Response:
    link = await _current_link(request)
    return render(
        request, "telegram/link.html", {"code": None, "link": link, "linked_at": when(link.linked_at) if link else None}
    )


async def create_code(request: Request) -> Response:
    code = await call(request, "CreateTelegramLinkCode", identity_pb2.CreateTelegramLinkCodeRequest())
    bot = request.app.state.settings.telegram_bot
    deep_link = code.deep_link or (f"https://t.me/{bot}?start={code.code}" if bot else "")
    expires = when(code.expires_at) if code.HasField("expires_at") else None
    return render(request, "telegram/link.html", {"code": code.code, "deep_link": deep_link, "expires": expires, "link": None})


async def unlink(request: Request) -> Response:
    try:
        await call(request, "UnlinkTelegram", identity_pb2.UnlinkTelegramRequest())
    except GatewayError as error:
        if error.code.name != "NOT_FOUND":
            raise
    flash(request, _("Your Telegram account is no longer linked."), "success")
    return RedirectResponse("/telegram", status_code=303)


routes: list[BaseRoute] = [
    Route("/telegram", telegram_page, methods=["GET"]),
    Route("/telegram", create_code, methods=["POST"]),
    Route("/telegram/unlink", unlink, methods=["POST"]),
]
nav: list[NavItem] = [NavItem(N_("Telegram"), "/telegram", roles=("ROLE_PLAYER",), order=60)]
