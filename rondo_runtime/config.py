"""Process settings, read once from ``RONDO_*`` environment variables (docs/architecture.md "Embedded and distributed mode").

Embedded mode (the default) needs no variables at all: every service in one process on
127.0.0.1:50051, SQLite files under ``./data``. Distributed mode sets, per service,
``RONDO_<SERVICE>_DATABASE_URL`` and (for the gateway) ``RONDO_<SERVICE>_ADDR``.

Variables (unset or empty means the default; a malformed value is a ``ValueError`` naming the
variable, and the process exits 2; docs/operating/configuration.md is generated from this list):

``RONDO_HOST``
    The address the public server (the gateway, with health) listens on.
``RONDO_PORT``
    The public gRPC port; ``0`` picks a free port.
``RONDO_METRICS_PORT``
    The Prometheus metrics port; ``0`` picks a free port, ``-1`` turns metrics off.
``RONDO_CALENDAR_PORT``
    The gateway's plain-HTTP port for the clubs' iCalendar feeds (``GET /calendar/<token>.ics``), on
    ``RONDO_HOST``; ``0`` picks a free port, ``-1`` turns the feeds off.
``RONDO_DATA_DIR``
    The data directory of the embedded default: one SQLite file per service, the token signing key.
``RONDO_LOG_LEVEL``
    ``CRITICAL``, ``ERROR``, ``WARNING``, ``INFO`` or ``DEBUG``; JSON logs on stderr.
``RONDO_GRACE_SECONDS``
    On SIGTERM: how long in-flight calls (and ``rondo up``'s children) may finish.
``RONDO_DOWNSTREAM_TIMEOUT_SECONDS``
    The gateway's deadline for a call to an internal service.
``RONDO_MAX_CONNECTION_AGE_SECONDS``
    How long a client's connection to any Rondo gRPC server may live (gRPC adds +/-10 % jitter); then the
    server sends GOAWAY and the client reconnects, re-resolving DNS: its ``round_robin`` then reaches
    replicas started since (a scale-up). ``0`` = connections live for ever.
``RONDO_MAX_CONNECTION_AGE_GRACE_SECONDS``
    How long the calls in flight on an aged connection may still finish before it is closed (covers a
    draw's whole search time).
``RONDO_<SERVICE>_DATABASE_URL``
    A service's database (``RONDO_LEAGUE_DATABASE_URL``, ...); default a SQLite file
    ``<RONDO_DATA_DIR>/<service>.db``; ``postgresql://...`` for PostgreSQL.
``RONDO_<SERVICE>_ADDR``
    Where the gateway reaches a service (``HOST:PORT``); default the process's own internal server
    (embedded mode).
``RONDO_SOLVER_WORKERS``
    The solver's worker processes; ``0`` = one per CPU.
``RONDO_SOLVER_QUEUE``
    Draws waiting beyond the workers before ``RESOURCE_EXHAUSTED``.
``RONDO_SOLVER_WORKER_MEMORY_MB``
    Each solver process's address-space cap in MiB, ``0`` = none: budget workers x this within the
    container's memory.
``RONDO_SOLVER_WORK_UNITS_PER_SECOND``
    How a draw's time budget becomes its deterministic work budget (solver/domain/draw/work.py);
    ``0`` = measure this machine when the solver starts (solver/calibration.py). Set it to give every
    replica the same budget.
``RONDO_INTERNAL_PORT``
    Embedded mode: the internal services' port, always on 127.0.0.1; ``0`` picks a free port.
``RONDO_INTERNAL_TOKEN``
    The shared secret (32+ characters, never a placeholder from deploy/) every internal service
    requires and the gateway sends; required for an internal service listening beyond loopback;
    ``rondo up`` makes one at every start.
``RONDO_EMBEDDED_CALLS``
    Embedded mode: how the gateway calls the services of its own process. ``local`` (the default): in
    process, through the same servicers, interceptors and stubs, without a gRPC hop; ``grpc``: over
    loopback gRPC to the internal port. A service with a ``RONDO_<SERVICE>_ADDR`` is always called over
    gRPC at that address.
``RONDO_REFLECTION``
    ``1`` turns on gRPC server reflection (what ``grpcurl list`` shows), for development.
``RONDO_TOKEN_SECRET``
    The HS256 key that signs the gateway's tokens (32+ characters, the same on every gateway replica);
    unset: generated once and kept in ``token-signing.key`` (0600) beside an embedded gateway's
    database (set it on PostgreSQL).
``RONDO_TOKEN_TTL_SECONDS``
    How long a login token lives (12 h).
``RONDO_SERVICE_TOKEN_TTL_SECONDS``
    How long a bot's service token lives (a year; revocable any time).
``RONDO_AUTH_CACHE_SECONDS``
    How long a gateway replica trusts what it read about an account: a revocation reaches the other
    replicas within it.
``RONDO_REMINDER_INTERVAL_SECONDS``
    How often the gateway publishes the reminders due; ``0`` = only on ``PublishDueReminders``.
``RONDO_EVENT_STREAMS_PER_ACCOUNT``
    ``WatchEvents`` streams one gateway replica keeps open per account; one more is
    ``RESOURCE_EXHAUSTED``.
``RONDO_EVENT_STREAMS_TOTAL``
    ``WatchEvents`` streams one gateway replica keeps open in all.
``RONDO_TELEGRAM_BOT_USERNAME``
    The Telegram bot's username (5-32 characters ending in "bot", "@" optional): a player's link code
    then comes with the deep link ``https://t.me/<bot>?start=<code>``; unset: the code alone.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

_SERVICE_VAR = re.compile(r"^RONDO_([A-Z][A-Z0-9]*)_(DATABASE_URL|ADDR)$")
_LOG_LEVELS = ("CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG")


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 50051  # 0 = pick a free port
    metrics_port: int | None = 9464  # 0 = pick a free port; None = disabled (RONDO_METRICS_PORT=-1)
    data_dir: Path = Path("data")
    log_level: str = "INFO"
    grace_seconds: float = 10.0
    downstream_timeout_seconds: float = 30.0
    # every gRPC server's grpc.max_connection_age_ms / grpc.max_connection_age_grace_ms: connections are
    # closed (GOAWAY) after this age, so clients re-resolve DNS and reach new replicas; 0 = never
    max_connection_age_seconds: float = 300.0
    max_connection_age_grace_seconds: float = 60.0
    # the solver's process pool: workers (0 = one per CPU), draws waiting beyond them before
    # RESOURCE_EXHAUSTED, and each worker's address-space cap in MiB (0 = no cap)
    solver_workers: int = 0
    solver_queue: int = 8
    solver_worker_memory_mb: int = 2048
    # tabu-search work units per second of a draw's time budget; 0 = measured at start-up
    solver_work_units_per_second: int = 0
    # service name (lower case) -> value; only services whose variable is set
    database_urls: Mapping[str, str] = field(default_factory=dict)
    service_addrs: Mapping[str, str] = field(default_factory=dict)
    # Only the gateway is reachable from outside (docs/operating/deploy.md). Embedded mode: the internal
    # services listen on 127.0.0.1:internal_port (0 = any free port). Distributed mode: an internal
    # service answers only calls carrying this shared secret (metadata x-rondo-internal-token), and
    # refuses to listen beyond loopback without one. Never logged (repr=False).
    internal_port: int = 0
    internal_token: str | None = field(default=None, repr=False)
    # embedded mode: "local" = the gateway calls the services of its process in process (no gRPC hop),
    # "grpc" = over loopback gRPC to internal_port; a service with an address is called there over gRPC
    embedded_calls: str = "local"
    # gRPC server reflection (what grpcurl lists): off unless asked for, e.g. in development
    reflection: bool = False
    # Identity (docs/architecture.md "Identity and roles"): the HS256 key that signs the gateway's
    # tokens (RONDO_TOKEN_SECRET, at least 32 bytes, never a placeholder from deploy/; unset: generated
    # once and kept in a 0600 key file beside an embedded gateway's database, or in a PostgreSQL
    # gateway's database, so embedded mode works out of the box and tokens survive a restart; never logged),
    # how long a login token lives, how long a bot's service token lives (revocable any time), and
    # how long a gateway replica trusts what it cached about an account (token version, disabled,
    # revoked tokens, linked players) before reading it again.
    token_secret: str | None = field(default=None, repr=False)
    token_ttl_seconds: float = 12 * 3600.0
    service_token_ttl_seconds: float = 365 * 24 * 3600.0
    auth_cache_seconds: float = 5.0
    # the gateway's plain-HTTP port for the clubs' iCalendar feeds (GET /calendar/<token>.ics), bound to
    # ``host``; 0 = pick a free port; None = disabled (RONDO_CALENDAR_PORT=-1)
    calendar_port: int | None = 8080
    # how often the gateway publishes the reminders due (docs/rules.md schedule.reminder.*); 0 = never
    # (PublishDueReminders still runs it on demand)
    reminder_interval_seconds: float = 60.0
    # the bots' WatchEvents streams one gateway replica keeps open, per account and in all; one more is
    # refused with RESOURCE_EXHAUSTED naming the limit (an idle stream costs no CPU: it waits to be woken)
    event_streams_per_account: int = 16
    event_streams_total: int = 1000
    # the Telegram bot's username (RONDO_TELEGRAM_BOT_USERNAME, "@" optional): a player's Telegram link
    # code then comes with the deep link https://t.me/<bot>?start=<code>; None: the code alone
    telegram_bot_username: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "data_dir", Path(self.data_dir))
        if self.embedded_calls not in EMBEDDED_CALLS:
            raise ValueError(f"embedded_calls must be one of {', '.join(EMBEDDED_CALLS)}, got {self.embedded_calls!r}")
        if self.metrics_port is not None and self.metrics_port < 0:
            object.__setattr__(self, "metrics_port", None)
        if self.calendar_port is not None and self.calendar_port < 0:
            object.__setattr__(self, "calendar_port", None)
        object.__setattr__(self, "database_urls", MappingProxyType({k.lower(): v for k, v in self.database_urls.items()}))
        object.__setattr__(self, "service_addrs", MappingProxyType({k.lower(): v for k, v in self.service_addrs.items()}))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Settings:
        """Read every ``RONDO_*`` variable; unset or empty means the default.

        Raises ``ValueError`` naming the variable when a value is malformed.
        """

        def get(name: str) -> str | None:
            value = environ.get(name, "").strip()
            return value or None

        defaults = cls()
        database_urls: dict[str, str] = {}
        service_addrs: dict[str, str] = {}
        for key, value in environ.items():
            match = _SERVICE_VAR.match(key)
            if match and value.strip():
                target = database_urls if match.group(2) == "DATABASE_URL" else service_addrs
                target[match.group(1).lower()] = value.strip()

        metrics_port = _int(get("RONDO_METRICS_PORT"), "RONDO_METRICS_PORT", defaults.metrics_port, -1, 65535)
        calendar_port = _int(get("RONDO_CALENDAR_PORT"), "RONDO_CALENDAR_PORT", defaults.calendar_port, -1, 65535)
        log_level = (get("RONDO_LOG_LEVEL") or defaults.log_level).upper()
        if log_level == "WARN":
            log_level = "WARNING"
        if log_level not in _LOG_LEVELS:
            raise ValueError(f"RONDO_LOG_LEVEL must be one of {', '.join(_LOG_LEVELS)}, got {log_level!r}")
        return cls(
            host=get("RONDO_HOST") or defaults.host,
            port=_int(get("RONDO_PORT"), "RONDO_PORT", defaults.port, 0, 65535),
            metrics_port=None if metrics_port == -1 else metrics_port,
            data_dir=Path(get("RONDO_DATA_DIR") or defaults.data_dir),
            log_level=log_level,
            grace_seconds=_float(get("RONDO_GRACE_SECONDS"), "RONDO_GRACE_SECONDS", defaults.grace_seconds, 0.0),
            downstream_timeout_seconds=_float(
                get("RONDO_DOWNSTREAM_TIMEOUT_SECONDS"),
                "RONDO_DOWNSTREAM_TIMEOUT_SECONDS",
                defaults.downstream_timeout_seconds,
                0.0,
                exclusive_min=True,
            ),
            max_connection_age_seconds=_float(
                get("RONDO_MAX_CONNECTION_AGE_SECONDS"),
                "RONDO_MAX_CONNECTION_AGE_SECONDS",
                defaults.max_connection_age_seconds,
                0.0,
            ),
            max_connection_age_grace_seconds=_float(
                get("RONDO_MAX_CONNECTION_AGE_GRACE_SECONDS"),
                "RONDO_MAX_CONNECTION_AGE_GRACE_SECONDS",
                defaults.max_connection_age_grace_seconds,
                0.0,
            ),
            solver_workers=_int(get("RONDO_SOLVER_WORKERS"), "RONDO_SOLVER_WORKERS", defaults.solver_workers, 0, 256),
            solver_queue=_int(get("RONDO_SOLVER_QUEUE"), "RONDO_SOLVER_QUEUE", defaults.solver_queue, 0, 10_000),
            solver_worker_memory_mb=_int(
                get("RONDO_SOLVER_WORKER_MEMORY_MB"),
                "RONDO_SOLVER_WORKER_MEMORY_MB",
                defaults.solver_worker_memory_mb,
                0,
                1 << 30,
            ),
            solver_work_units_per_second=_work_rate(
                get("RONDO_SOLVER_WORK_UNITS_PER_SECOND"), defaults.solver_work_units_per_second
            ),
            database_urls=database_urls,
            service_addrs=service_addrs,
            internal_port=_int(get("RONDO_INTERNAL_PORT"), "RONDO_INTERNAL_PORT", defaults.internal_port, 0, 65535),
            internal_token=_token(get("RONDO_INTERNAL_TOKEN"), "RONDO_INTERNAL_TOKEN"),
            embedded_calls=_choice(get("RONDO_EMBEDDED_CALLS"), "RONDO_EMBEDDED_CALLS", defaults.embedded_calls, EMBEDDED_CALLS),
            reflection=_bool(get("RONDO_REFLECTION"), "RONDO_REFLECTION", defaults.reflection),
            token_secret=_token(get("RONDO_TOKEN_SECRET"), "RONDO_TOKEN_SECRET", MIN_SIGNING_SECRET_LENGTH),
            token_ttl_seconds=_float(
                get("RONDO_TOKEN_TTL_SECONDS"), "RONDO_TOKEN_TTL_SECONDS", defaults.token_ttl_seconds, 0.0, exclusive_min=True
            ),
            service_token_ttl_seconds=_float(
                get("RONDO_SERVICE_TOKEN_TTL_SECONDS"),
                "RONDO_SERVICE_TOKEN_TTL_SECONDS",
                defaults.service_token_ttl_seconds,
                0.0,
                exclusive_min=True,
            ),
            auth_cache_seconds=_float(
                get("RONDO_AUTH_CACHE_SECONDS"), "RONDO_AUTH_CACHE_SECONDS", defaults.auth_cache_seconds, 0.0
            ),
            calendar_port=None if calendar_port == -1 else calendar_port,
            reminder_interval_seconds=_float(
                get("RONDO_REMINDER_INTERVAL_SECONDS"), "RONDO_REMINDER_INTERVAL_SECONDS", defaults.reminder_interval_seconds, 0.0
            ),
            event_streams_per_account=_int(
                get("RONDO_EVENT_STREAMS_PER_ACCOUNT"),
                "RONDO_EVENT_STREAMS_PER_ACCOUNT",
                defaults.event_streams_per_account,
                1,
                1_000_000,
            ),
            event_streams_total=_int(
                get("RONDO_EVENT_STREAMS_TOTAL"), "RONDO_EVENT_STREAMS_TOTAL", defaults.event_streams_total, 1, 1_000_000
            ),
            telegram_bot_username=_bot_username(get("RONDO_TELEGRAM_BOT_USERNAME"), "RONDO_TELEGRAM_BOT_USERNAME"),
        )

    def database_url(self, service: str) -> str:
        """``RONDO_<SERVICE>_DATABASE_URL``, else a SQLite file ``<data_dir>/<service>.db`` (absolute path)."""
        url = self.database_urls.get(service.lower())
        if url:
            return url
        return f"sqlite:///{(self.data_dir / f'{service.lower()}.db').resolve()}"

    def service_addr(self, service: str) -> str | None:
        """``RONDO_<SERVICE>_ADDR`` (``host:port`` of a downstream service), or None = in-process."""
        return self.service_addrs.get(service.lower()) or None


def _int(raw: str | None, name: str, default, lo: int, hi: int):
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
    if not lo <= value <= hi:
        raise ValueError(f"{name} must be between {lo} and {hi}, got {value}")
    return value


MIN_WORK_UNITS_PER_SECOND = 1_000  # a set rate below this leaves a draw almost no search
MAX_WORK_UNITS_PER_SECOND = 100_000_000


def _work_rate(raw: str | None, default: int) -> int:
    name = "RONDO_SOLVER_WORK_UNITS_PER_SECOND"
    value = _int(raw, name, default, 0, MAX_WORK_UNITS_PER_SECOND)
    if 0 < value < MIN_WORK_UNITS_PER_SECOND:
        raise ValueError(f"{name} must be 0 (measure at start-up) or at least {MIN_WORK_UNITS_PER_SECOND}, got {value}")
    return value


MIN_SIGNING_SECRET_LENGTH = 32  # bytes of an HS256 key (RFC 7518 §3.2: at least the hash's size)
MIN_TOKEN_LENGTH = 32  # bytes of any shared secret (the internal token too)
_TOKEN = re.compile(r"^[\x21-\x7e]+$")  # printable ASCII without spaces: a valid gRPC metadata value
#: The placeholder secrets deploy/ has ever shipped (compose's defaults, the k8s Secrets' CHANGE_ME values):
#: anyone who read the repository knows them, so a process given one refuses to start
#: (tests/integration/test_deploy_config.py checks that every placeholder the manifests ship is here).
PLACEHOLDER_SECRETS = frozenset(
    {
        "local-compose-internal-token-change-me",
        "local-compose-token-signing-key-change-me-please",
        "CHANGE_ME-to-a-random-secret-of-32-characters",
        "CHANGE_ME-to-a-random-secret-of-at-least-32-characters",
    }
)
_PLACEHOLDER_MARK = re.compile(r"change[-_ ]?me", re.IGNORECASE)  # and whatever else still says "change me"


def is_placeholder_secret(value: str) -> bool:
    """A secret shipped in deploy/ (or one that still says "change me"): known to anyone, never accepted."""
    return value in PLACEHOLDER_SECRETS or _PLACEHOLDER_MARK.search(value) is not None


def _token(raw: str | None, name: str, min_length: int = MIN_TOKEN_LENGTH) -> str | None:
    """A shared secret: never echoed in the error (it may be almost right)."""
    if raw is None:
        return None
    if not _TOKEN.match(raw):
        raise ValueError(f"{name} must be printable ASCII without spaces (it is sent as gRPC metadata)")
    if is_placeholder_secret(raw):
        raise ValueError(
            f"{name} is a placeholder from deploy/ that anyone who read the repository knows: "
            "set a random secret, e.g. $(openssl rand -base64 48)"
        )
    if len(raw.encode()) < min_length:
        raise ValueError(
            f"{name} must be at least {min_length} characters long (bytes; use a random secret), got {len(raw.encode())}"
        )
    return raw


_BOT_USERNAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]{3,31}$")  # Telegram: 5-32 characters; a bot's ends in "bot"


def _bot_username(raw: str | None, name: str) -> str | None:
    """A Telegram bot's username, without the leading "@" (it goes into https://t.me/<bot> links)."""
    if raw is None:
        return None
    username = raw.removeprefix("@")
    if _BOT_USERNAME.match(username) is None or not username.lower().endswith("bot"):
        raise ValueError(
            f"{name} must be a Telegram bot's username: 5-32 letters, digits or '_', starting with a letter and "
            f"ending in 'bot', got {raw!r}"
        )
    return username


EMBEDDED_CALLS = ("local", "grpc")


def _choice(raw: str | None, name: str, default: str, choices: tuple[str, ...]) -> str:
    if raw is None:
        return default
    value = raw.lower()
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(choices)}, got {raw!r}")
    return value


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def _bool(raw: str | None, name: str, default: bool) -> bool:
    if raw is None:
        return default
    value = raw.lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ValueError(f"{name} must be one of {'/'.join(_TRUE)} or {'/'.join(_FALSE)}, got {raw!r}")


def _float(raw: str | None, name: str, default: float, lo: float, exclusive_min: bool = False) -> float:
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number of seconds, got {raw!r}") from None
    if value != value or value in (float("inf"), float("-inf")) or value < lo or (exclusive_min and value == lo):
        relation = "greater than" if exclusive_min else "at least"
        raise ValueError(f"{name} must be {relation} {lo:g} seconds, got {raw!r}")
    return value
