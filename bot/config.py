"""The Telegram bot's settings, read once from the environment (the gateway's style: ``RONDO_*``,
unset or empty means the default; a malformed or missing value is a ``ValueError`` naming the
variable, and ``python -m bot`` exits 2 with it).

Variables:

``RONDO_GATEWAY_ADDR``
    The gateway's gRPC address (default ``127.0.0.1:50051``).
``RONDO_BOT_SERVICE_TOKEN`` / ``RONDO_BOT_SERVICE_TOKEN_FILE``
    The bot's service token (an organizer's ``CreateAccount`` with ``ROLE_BOT``), or a file holding it
    (e.g. a mounted secret). One of the two is required.
``RONDO_TELEGRAM_TOKEN`` / ``RONDO_TELEGRAM_TOKEN_FILE``
    The bot's token from BotFather (``<digits>:<secret>``), or a file holding it. Required.
``RONDO_TELEGRAM_API_URL``
    The Bot API server (default ``https://api.telegram.org``; a local Bot API server or the tests'
    stand-in otherwise).
``RONDO_DATA_DIR``
    Where the default SQLite database lives (default ``data``).
``RONDO_BOT_DATABASE_URL``
    The bot's own database: the event cursor, what was sent, the buttons (default
    ``sqlite:///<RONDO_DATA_DIR>/bot.db``; ``postgresql+psycopg://...`` works too).
``RONDO_BOT_HEALTH_PORT``
    HTTP port of ``/healthz``, ``/readyz`` and ``/metrics`` (default 8081; 0 = any free port, printed in
    the log; -1 = off). ``RONDO_BOT_HEALTH_HOST``: its address (default ``127.0.0.1``).
``RONDO_BOT_POLL_SECONDS``
    The ``getUpdates`` long-poll timeout (default 30, 1-50).
``RONDO_BOT_RECONNECT_MAX_SECONDS``
    The longest pause between reconnections to the gateway (default 30; doubling from 0.5 s).
``RONDO_LOG_LEVEL``
    ``CRITICAL``, ``ERROR``, ``WARNING``, ``INFO`` (default) or ``DEBUG``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from rondo_runtime.config import _int

_TELEGRAM_TOKEN = re.compile(r"^\d{1,20}:[A-Za-z0-9_-]{1,200}$")
_LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
_DATABASE_SCHEMES = ("sqlite", "postgresql")


@dataclass(frozen=True)
class BotSettings:
    service_token: str = field(repr=False)
    telegram_token: str = field(repr=False)
    gateway_addr: str = "127.0.0.1:50051"
    telegram_api_url: str = "https://api.telegram.org"
    database_url: str = "sqlite:///data/bot.db"
    health_host: str = "127.0.0.1"
    health_port: int | None = 8081  # None: off
    poll_seconds: int = 30
    reconnect_max_seconds: float = 30.0
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> BotSettings:
        def get(name: str) -> str | None:
            value = environ.get(name, "").strip()
            return value or None

        data_dir = Path(get("RONDO_DATA_DIR") or "data")
        database_url = get("RONDO_BOT_DATABASE_URL") or f"sqlite:///{data_dir / 'bot.db'}"
        if database_url.split(":", 1)[0].split("+", 1)[0] not in _DATABASE_SCHEMES:
            raise ValueError(
                f"RONDO_BOT_DATABASE_URL must be a sqlite:/// or postgresql:// URL, got {database_url.split(':', 1)[0]!r}"
            )
        telegram_token = _secret(get, "RONDO_TELEGRAM_TOKEN")
        if not _TELEGRAM_TOKEN.match(telegram_token):
            raise ValueError("RONDO_TELEGRAM_TOKEN must look like <digits>:<secret> (the token BotFather gave)")
        api_url = get("RONDO_TELEGRAM_API_URL") or cls.telegram_api_url
        if not api_url.startswith(("http://", "https://")):
            raise ValueError(f"RONDO_TELEGRAM_API_URL must be an http:// or https:// URL, got {api_url!r}")
        port = _int(get("RONDO_BOT_HEALTH_PORT"), "RONDO_BOT_HEALTH_PORT", 8081, -1, 65535)
        level = (get("RONDO_LOG_LEVEL") or "INFO").upper()
        if level not in _LOG_LEVELS:
            raise ValueError(f"RONDO_LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}, got {level!r}")
        return cls(
            service_token=_secret(get, "RONDO_BOT_SERVICE_TOKEN"),
            telegram_token=telegram_token,
            gateway_addr=get("RONDO_GATEWAY_ADDR") or cls.gateway_addr,
            telegram_api_url=api_url.rstrip("/"),
            database_url=database_url,
            health_host=get("RONDO_BOT_HEALTH_HOST") or cls.health_host,
            health_port=None if port == -1 else port,
            poll_seconds=_int(get("RONDO_BOT_POLL_SECONDS"), "RONDO_BOT_POLL_SECONDS", 30, 1, 50),
            reconnect_max_seconds=float(
                _int(get("RONDO_BOT_RECONNECT_MAX_SECONDS"), "RONDO_BOT_RECONNECT_MAX_SECONDS", 30, 1, 3600)
            ),
            log_level=level,
        )


def _secret(get, name: str) -> str:
    """``NAME`` itself, or the first line of the file ``NAME_FILE`` names; required."""
    value = get(name)
    if value is None and (path := get(f"{name}_FILE")) is not None:
        try:
            value = Path(path).read_text(encoding="utf-8").strip() or None
        except OSError as e:
            raise ValueError(f"{name}_FILE: cannot read {path!r} ({e.strerror})") from None
    if value is None:
        raise ValueError(f"{name} (or {name}_FILE) is required")
    return value
