"""``/healthz`` (the process answers) and ``/readyz`` (and the gateway answers its health check); the
metrics are on their own port (web/server.py, ``RONDO_WEB_METRICS_PORT``), never on the pages' port."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import BaseRoute, Route

from web.gateway import gateway_of


async def healthz(request: Request) -> Response:
    return PlainTextResponse("ok")


async def readyz(request: Request) -> Response:
    if await gateway_of(request).ready():
        return PlainTextResponse("ready")
    return PlainTextResponse("gateway unreachable", status_code=503)


routes: list[BaseRoute] = [
    Route("/healthz", healthz, methods=["GET"]),
    Route("/readyz", readyz, methods=["GET"]),
]
