"""Process settings, read once from ``RONDO_*`` environment variables (DESIGN.md "Services").

Embedded mode (the default) needs no variables at all: every service in one process on
127.0.0.1:50051, SQLite files under ``./data``. Distributed mode sets, per service,
``RONDO_<SERVICE>_DATABASE_URL`` and (for the gateway) ``RONDO_<SERVICE>_ADDR``.
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
    # service name (lower case) -> value; only services whose variable is set
    database_urls: Mapping[str, str] = field(default_factory=dict)
    service_addrs: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "data_dir", Path(self.data_dir))
        if self.metrics_port is not None and self.metrics_port < 0:
            object.__setattr__(self, "metrics_port", None)
        object.__setattr__(self, "database_urls", MappingProxyType({k.lower(): v for k, v in self.database_urls.items()}))
        object.__setattr__(self, "service_addrs", MappingProxyType({k.lower(): v for k, v in self.service_addrs.items()}))

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> "Settings":
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
            database_urls=database_urls,
            service_addrs=service_addrs,
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
