"""The player's pages."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import identity_pb2
from web.gateway import call
from web.rendering import NavItem, render


def N_(message: str) -> str:
    """A msgid translated where it is shown (extracted by Babel)."""
    return message


async def home(request: Request) -> Response:
    account = await call(request, "WhoAmI", identity_pb2.WhoAmIRequest())
    return render(request, "player/home.html", {"account": account})


routes: list[BaseRoute] = [Route("/", home, methods=["GET"])]
nav: list[NavItem] = [NavItem(N_("Home"), "/", order=0), NavItem(N_("Password"), "/password", order=90)]
