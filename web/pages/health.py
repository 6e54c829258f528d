"""``/healthz`` (the process answers), ``/readyz`` (and the gateway answers its health check) and
``/metrics`` (Prometheus, when ``RONDO_WEB_METRICS`` is on)."""

from __future__ import annotations

from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
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


async def metrics(request: Request) -> Response:
    return Response(generate_latest(request.app.state.metrics.registry), media_type=CONTENT_TYPE_LATEST)


routes: list[BaseRoute] = [
    Route("/healthz", healthz, methods=["GET"]),
    Route("/readyz", readyz, methods=["GET"]),
    Route("/metrics", metrics, methods=["GET"]),
]
