"""``python -m web``: the web app under uvicorn. SIGTERM or SIGINT stops accepting connections and
lets open requests finish for ``RONDO_WEB_GRACE_SECONDS``; the gateway channel is closed last (the
app's lifespan)."""

from __future__ import annotations

import logging
import signal
import sys

import uvicorn
from prometheus_client import start_http_server

from web.app import create_app
from web.config import ConfigError, WebSettings

log = logging.getLogger("web")


def main() -> int:
    try:
        settings = WebSettings.from_env()
    except ConfigError as error:
        print(f"rondo web: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if settings.dev:
        log.warning("RONDO_WEB_DEV=1: a session key made for this process only; sessions end when it stops")
    app = create_app(settings)
    metrics_server = None
    if settings.metrics_port is not None:
        metrics_server, _thread = start_http_server(
            settings.metrics_port, addr=settings.host, registry=app.state.metrics.registry
        )
        log.info("metrics on port %s", metrics_server.server_port)
    config = uvicorn.Config(
        app,
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        timeout_graceful_shutdown=int(settings.grace_seconds),
        proxy_headers=False,
        server_header=False,
        access_log=settings.log_level == "DEBUG",
    )
    server = uvicorn.Server(config)
    # uvicorn stops gracefully on SIGTERM/SIGINT and then raises the signal again under the handlers
    # it found: with these, that second delivery is a no-op and a clean stop exits 0
    for stop in (signal.SIGTERM, signal.SIGINT):
        signal.signal(stop, lambda *_: None)
    try:
        server.run()
    finally:
        if metrics_server is not None:
            metrics_server.shutdown()
            metrics_server.server_close()
    return 0 if server.started else 1
