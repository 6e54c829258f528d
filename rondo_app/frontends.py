"""The frontends `rondo up` runs beside the services (docs/player.md, docs/operating/deploy.md): the web app
(``python -m web``) always, unless ``RONDO_WEB_PORT=-1``, and the Telegram bot (``python -m bot``) when
``RONDO_TELEGRAM_TOKEN`` is set. Each is a child process calling the gateway of this process over gRPC,
like any other client (``RONDO_GATEWAY_ADDR``); nothing is shared in memory.

Supervision: a child that exits is logged with its exit code and started again after a pause that
doubles from 1 s up to 30 s (reset once a run lasted 30 s), like a Kubernetes restart back-off; `up`
keeps serving the gateway meanwhile (Rondo works without its frontends). On SIGTERM/SIGINT the children
get SIGTERM first, ``RONDO_GRACE_SECONDS`` to stop, then SIGKILL; then the services stop.

The web app's session secret is ``RONDO_WEB_SECRET``, else one generated once and kept in a 0600 file
``<data dir>/web-secret``, so sessions survive a restart. The bot acts with a service token the operator
makes for a bot account and sets as ``RONDO_BOT_SERVICE_TOKEN`` (docs/bot.md): `up` never
mints credentials itself; a Telegram token without it is a configuration error (exit 2).
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import os
import secrets
import signal
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from rondo_runtime.config import Settings
from rondo_runtime.server import ConfigurationError, ServiceSpec

log = logging.getLogger(__name__)

DEFAULT_WEB_PORT = 8000  # the gateway's calendar feeds already take 8080 (RONDO_CALENDAR_PORT)
FIRST_BACKOFF_SECONDS = 1.0
MAX_BACKOFF_SECONDS = 30.0
HEALTHY_RUN_SECONDS = 30.0  # a run this long resets the back-off


@dataclass(frozen=True)
class Frontend:
    """One child process: ``python -m <module>`` with ``env`` on top of this process's environment."""

    name: str
    module: str
    env: Mapping[str, str] = field(default_factory=dict)
    url: str = ""
    """Where a person opens it (printed at start), if it serves people over HTTP."""


def web_port(environ: Mapping[str, str]) -> int | None:
    """``RONDO_WEB_PORT`` (default 8000; -1 = no web app)."""
    raw = (environ.get("RONDO_WEB_PORT") or "").strip()
    if not raw:
        return DEFAULT_WEB_PORT
    try:
        port = int(raw)
    except ValueError:
        raise ConfigurationError(f"RONDO_WEB_PORT must be a port number (1-65535) or -1 (no web app), not {raw[:40]!r}") from None
    if port == -1:
        return None
    if not 1 <= port <= 65535:
        raise ConfigurationError(f"RONDO_WEB_PORT must be a port number (1-65535) or -1 (no web app), not {port}")
    return port


def web_secret(settings: Settings, environ: Mapping[str, str]) -> str:
    """``RONDO_WEB_SECRET``, else the one kept in ``<data dir>/web-secret`` (made once, mode 0600)."""
    given = environ.get("RONDO_WEB_SECRET")
    if given:
        return given
    path = Path(settings.data_dir) / "web-secret"
    if path.exists():
        return path.read_text(encoding="ascii").strip()
    path.parent.mkdir(parents=True, exist_ok=True)
    secret = secrets.token_urlsafe(32)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(secret + "\n")
    return secret


def _url_host(host: str) -> str:
    if host in ("", "0.0.0.0", "::", "[::]"):
        return "127.0.0.1"
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def frontends(settings: Settings, environ: Mapping[str, str] = os.environ) -> list[Frontend]:
    """The children `rondo up` runs with these settings; :class:`ConfigurationError` names the variable
    when one cannot run (the web app on a port a service already takes, a bot without its token)."""
    if settings.port == 0:
        return []  # the gateway's address is known only once bound: tests of the services alone
    gateway = f"{_url_host(settings.host)}:{settings.port}"
    found: list[Frontend] = []
    port = web_port(environ)
    if port is not None:
        taken = {
            "RONDO_PORT": settings.port,
            "RONDO_CALENDAR_PORT": settings.calendar_port,
            "RONDO_METRICS_PORT": settings.metrics_port,
        }
        clash = [name for name, value in taken.items() if value == port]
        if clash:
            raise ConfigurationError(f"RONDO_WEB_PORT {port} is also {clash[0]}: give the web app another port (or -1: none)")
        host = environ.get("RONDO_WEB_HOST") or settings.host
        env = {"RONDO_GATEWAY_ADDR": gateway, "RONDO_WEB_HOST": host, "RONDO_WEB_PORT": str(port)}
        env["RONDO_WEB_SECRET"] = web_secret(settings, environ)
        # its metrics only on a port the operator names (a fixed default would clash between two `up`s)
        env["RONDO_WEB_METRICS_PORT"] = environ.get("RONDO_WEB_METRICS_PORT") or "-1"
        found.append(Frontend("web", "web", env, url=f"http://{_url_host(host)}:{port}/"))
    if environ.get("RONDO_TELEGRAM_TOKEN"):
        if not environ.get("RONDO_BOT_SERVICE_TOKEN"):
            raise ConfigurationError(
                "RONDO_TELEGRAM_TOKEN is set but RONDO_BOT_SERVICE_TOKEN is not: make a bot account and its service "
                "token (docs/bot.md) and set it, or unset RONDO_TELEGRAM_TOKEN to run without the bot"
            )
        database = environ.get("RONDO_BOT_DATABASE_URL") or f"sqlite:///{(Path(settings.data_dir) / 'bot.db').resolve()}"
        found.append(Frontend("bot", "bot", {"RONDO_GATEWAY_ADDR": gateway, "RONDO_BOT_DATABASE_URL": database}))
    return found


async def supervise(frontend: Frontend, grace_seconds: float) -> None:
    """Run ``frontend`` until cancelled, restarting it when it exits (see the module doc)."""
    if importlib.util.find_spec(frontend.module) is None:
        log.error("frontend not installed", extra={"frontend": frontend.name, "module": frontend.module})
        return
    loop = asyncio.get_running_loop()
    backoff = FIRST_BACKOFF_SECONDS
    while True:
        started = loop.time()
        process = await asyncio.create_subprocess_exec(sys.executable, "-m", frontend.module, env={**os.environ, **frontend.env})
        log.info("frontend started", extra={"frontend": frontend.name, "pid": process.pid, "url": frontend.url or None})
        try:
            code = await process.wait()
        except asyncio.CancelledError:
            await _stop(process, grace_seconds)
            raise
        if loop.time() - started >= HEALTHY_RUN_SECONDS:
            backoff = FIRST_BACKOFF_SECONDS
        log.error(
            "frontend exited; restarting", extra={"frontend": frontend.name, "exit_code": code, "restart_in_seconds": backoff}
        )
        await asyncio.sleep(backoff)
        backoff = min(backoff * 2, MAX_BACKOFF_SECONDS)


async def _stop(process: asyncio.subprocess.Process, grace_seconds: float) -> None:
    if process.returncode is not None:
        return
    process.send_signal(signal.SIGTERM)
    try:
        await asyncio.wait_for(asyncio.shield(process.wait()), grace_seconds)
    except TimeoutError:
        process.kill()
        await process.wait()


def spec(settings: Settings) -> ServiceSpec:
    """No gRPC service: one background job per frontend, started once the gateway accepts calls and
    cancelled (children stopped) first when the process stops."""
    children = frontends(settings)
    for child in children:
        if child.url:
            print(f"{child.name}: {child.url}", flush=True)

    def job(child: Frontend):
        return lambda: supervise(child, settings.grace_seconds)

    return ServiceSpec(
        name="frontends", service_names=(), register=lambda server: None, background=tuple(job(c) for c in children)
    )
