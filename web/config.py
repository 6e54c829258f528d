"""The web app's settings, read once from the environment by :meth:`WebSettings.from_env`.

Variables (a bad value stops the process with exit code 2 and a line naming the variable):

``RONDO_WEB_HOST``
    Address to listen on (default ``127.0.0.1``; ``0.0.0.0`` in a container).
``RONDO_WEB_PORT``
    Port (default ``8000``: 8080 is the gateway's iCalendar feed in the embedded default; ``0`` picks
    a free port).
``RONDO_GATEWAY_ADDR``
    The gateway, ``HOST:PORT`` (default ``127.0.0.1:50051``, the embedded gateway).
``RONDO_WEB_SECRET``
    The key that signs the session cookie, at least 32 characters; every replica needs the same one.
    Required, unless ``RONDO_WEB_DEV=1``: then a random key is made per process (sessions end when
    the process restarts).
``RONDO_WEB_DEV``
    ``1``: development mode (see ``RONDO_WEB_SECRET``). Default ``0``.
``RONDO_WEB_SECURE_COOKIE``
    ``1`` (default): the session cookie is ``Secure`` (sent over HTTPS only, and to http://localhost
    by browsers that treat it as secure); ``0`` for plain HTTP on another host, in development only.
``RONDO_WEB_METRICS_PORT``
    The port of the Prometheus metrics (``/metrics``, on ``RONDO_WEB_HOST``), apart from the pages' public
    port, which never serves them (like the gateway's ``RONDO_METRICS_PORT``). Default 9465; ``0``: any
    free port (logged); ``-1``: no metrics. Under `rondo up` the web app has none unless this is set.
``RONDO_WEB_GATEWAY_TIMEOUT_SECONDS``
    The deadline of every gateway call (default 10, between 0.1 and 300).
``RONDO_WEB_SESSION_SECONDS``
    How long a session cookie is honoured after login (default 43200 = 12 h, the gateway token's
    default lifetime); the gateway's token expiry ends it earlier.
``RONDO_WEB_TELEGRAM_BOT``
    The Telegram bot's username (without ``@``) for the "Link Telegram" deep link
    ``https://t.me/<bot>?start=CODE``; empty: the page shows only the code.
``RONDO_WEB_CLUB_ID``
    Optional: the default club of the club calendar page, shown to whoever has no match yet (an
    organizer, a judge, a player before the first round opens). A match card names its own club
    (``MatchCard.club_id``): the card, the availability grid and a player's calendar take the time zone,
    opening hours and room names from that club, whatever this says. Empty: no default calendar.
``RONDO_WEB_CLUB_FEED_URL``
    The club's iCalendar feed to subscribe to (the gateway's ``/calendar/<token>.ics`` on its public
    address: the organizer makes the token with RotateCalendarToken, which players cannot call); shown
    on the calendar page. Empty: players download their own meetings as a file only.
``RONDO_WEB_CALENDAR_URL``
    The gateway's calendar port as players reach it (e.g. ``https://calendar.example.org``): the base of
    a player's own subscription link (``/calendar/me/<token>.ics``). Empty: the site's own address.
``RONDO_WEB_LOG_LEVEL``
    ``CRITICAL``, ``ERROR``, ``WARNING``, ``INFO`` (default) or ``DEBUG``.
``RONDO_WEB_GRACE_SECONDS``
    On SIGTERM/SIGINT: how long open requests may finish (default 10).
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field

_LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")
_ADDRESS = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$")
_BOT = re.compile(r"^[A-Za-z][A-Za-z0-9_]{3,31}$")
MIN_SECRET_CHARS = 32


class ConfigError(ValueError):
    """A variable with a bad value; the message names it."""


@dataclass(frozen=True)
class WebSettings:
    host: str = "127.0.0.1"
    port: int = 8000
    gateway_addr: str = "127.0.0.1:50051"
    secret: str = field(default="", repr=False)
    dev: bool = False
    secure_cookie: bool = True
    metrics_port: int | None = 9465  # None: no metrics
    gateway_timeout_seconds: float = 10.0
    session_seconds: int = 12 * 3600
    telegram_bot: str = ""
    club_id: str = ""
    club_feed_url: str = ""
    # the gateway's calendar port as players reach it ("https://calendar.example.org"): a player's own
    # subscription link is this + "/calendar/me/<token>.ics"; empty: this site's own address
    calendar_url: str = ""
    log_level: str = "INFO"
    grace_seconds: float = 10.0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> WebSettings:
        def get(name: str) -> str | None:
            value = environ.get(name)
            return value.strip() if value is not None and value.strip() else None

        dev = _bool(get("RONDO_WEB_DEV"), "RONDO_WEB_DEV", False)
        secret = environ.get("RONDO_WEB_SECRET", "")
        if not secret:
            if not dev:
                raise ConfigError("RONDO_WEB_SECRET is required (at least 32 characters; or RONDO_WEB_DEV=1 in development)")
            secret = secrets.token_urlsafe(32)
        elif len(secret) < MIN_SECRET_CHARS:
            raise ConfigError(f"RONDO_WEB_SECRET must be at least {MIN_SECRET_CHARS} characters, got {len(secret)}")
        gateway = get("RONDO_GATEWAY_ADDR") or cls.gateway_addr
        if not _ADDRESS.match(gateway) or not 0 < int(gateway.rsplit(":", 1)[1]) < 65536:
            raise ConfigError(f"RONDO_GATEWAY_ADDR must be HOST:PORT, got {gateway[:100]!r}")
        log_level = (get("RONDO_WEB_LOG_LEVEL") or cls.log_level).upper()
        if log_level not in _LOG_LEVELS:
            raise ConfigError(f"RONDO_WEB_LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}, got {log_level[:20]!r}")
        bot = (get("RONDO_WEB_TELEGRAM_BOT") or "").removeprefix("@")
        if bot and not _BOT.match(bot):
            raise ConfigError(f"RONDO_WEB_TELEGRAM_BOT must be a Telegram bot username, got {bot[:40]!r}")
        host = get("RONDO_WEB_HOST") or cls.host
        if not re.match(r"^[A-Za-z0-9.:-]{1,253}$", host):
            raise ConfigError(f"RONDO_WEB_HOST must be a host name or address, got {host[:100]!r}")
        return cls(
            host=host,
            port=int(_number(get("RONDO_WEB_PORT"), "RONDO_WEB_PORT", cls.port, 0, 65535, integer=True)),
            gateway_addr=gateway,
            secret=secret,
            dev=dev,
            secure_cookie=_bool(get("RONDO_WEB_SECURE_COOKIE"), "RONDO_WEB_SECURE_COOKIE", True),
            metrics_port=_metrics_port(get("RONDO_WEB_METRICS_PORT"), cls.metrics_port),
            gateway_timeout_seconds=_number(
                get("RONDO_WEB_GATEWAY_TIMEOUT_SECONDS"),
                "RONDO_WEB_GATEWAY_TIMEOUT_SECONDS",
                cls.gateway_timeout_seconds,
                0.1,
                300,
            ),
            session_seconds=int(
                _number(
                    get("RONDO_WEB_SESSION_SECONDS"),
                    "RONDO_WEB_SESSION_SECONDS",
                    cls.session_seconds,
                    60,
                    30 * 86400,
                    integer=True,
                )
            ),
            telegram_bot=bot,
            club_id=_club(get("RONDO_WEB_CLUB_ID")),
            club_feed_url=_feed(get("RONDO_WEB_CLUB_FEED_URL")),
            calendar_url=_base_url(get("RONDO_WEB_CALENDAR_URL")),
            log_level=log_level,
            grace_seconds=_number(get("RONDO_WEB_GRACE_SECONDS"), "RONDO_WEB_GRACE_SECONDS", cls.grace_seconds, 0, 600),
        )


def _metrics_port(raw: str | None, default: int | None) -> int | None:
    port = int(_number(raw, "RONDO_WEB_METRICS_PORT", default if default is not None else -1, -1, 65535, integer=True))
    return None if port == -1 else port


def _club(raw: str | None) -> str:
    if raw is None:
        return ""
    if not re.match(r"^[A-Za-z0-9_.:-]{1,100}$", raw):
        raise ConfigError(f"RONDO_WEB_CLUB_ID must be a club id, got {raw[:40]!r}")
    return raw


def _feed(raw: str | None) -> str:
    if raw is None:
        return ""
    if len(raw) > 500 or not re.match(r"^(https?|webcal)://[^\s\"'<>]+\.ics$", raw):
        raise ConfigError("RONDO_WEB_CLUB_FEED_URL must be an http(s) or webcal URL of an .ics feed")
    return raw


def _base_url(raw: str | None) -> str:
    if raw is None or raw == "":
        return ""
    if len(raw) > 300 or not re.match(r"^https?://[^\s\"'<>/?#]+(/[^\s\"'<>?#]*)?$", raw):
        raise ConfigError("RONDO_WEB_CALENDAR_URL must be an http(s) URL (the gateway's calendar port)")
    return raw.rstrip("/")


def _bool(raw: str | None, name: str, default: bool) -> bool:
    if raw is None:
        return default
    value = raw.lower()
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{name} must be 1 or 0, got {raw[:20]!r}")


def _number(raw: str | None, name: str, default: float, lo: float, hi: float, integer: bool = False) -> float:
    if raw is None:
        return default
    try:
        value = int(raw) if integer else float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be {'an integer' if integer else 'a number'}, got {raw[:20]!r}") from None
    if not lo <= value <= hi:
        raise ConfigError(f"{name} must be between {lo:g} and {hi:g}, got {raw[:20]!r}")
    return value
