"""Throwaway databases for the storage, end-to-end and fault tests (PostgreSQL: one fresh database per
test or module, dropped afterwards; SQLite: a file and its WAL)."""

from __future__ import annotations

import uuid
from pathlib import Path

from sqlalchemy import create_engine
from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool

from rondo_runtime.db import normalize_url


def create_test_database(base_url: str | URL, prefix: str = "rondo_test") -> str:
    """Create a new, empty, uniquely named PostgreSQL database on ``base_url``'s server; return its URL."""
    base = normalize_url(base_url)
    if base.get_backend_name() != "postgresql":
        raise ValueError("create_test_database needs a postgresql:// URL")
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base, isolation_level="AUTOCOMMIT", poolclass=NullPool, connect_args={"connect_timeout": 5})
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"CREATE DATABASE {admin.dialect.identifier_preparer.quote(name)}")
    finally:
        admin.dispose()
    return base.set(database=name).render_as_string(hide_password=False)


def drop_database(url: str | URL) -> None:
    """Drop a PostgreSQL database (terminating its connections), or delete a SQLite file and its WAL."""
    parsed = normalize_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(parsed.database + suffix).unlink(missing_ok=True)
        return
    name = parsed.database
    if not name or name in ("postgres", "template0", "template1"):
        raise ValueError(f"refusing to drop database {name!r}")
    admin = create_engine(
        parsed.set(database="postgres"), isolation_level="AUTOCOMMIT", poolclass=NullPool, connect_args={"connect_timeout": 5}
    )
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f"DROP DATABASE IF EXISTS {admin.dialect.identifier_preparer.quote(name)} WITH (FORCE)")
    finally:
        admin.dispose()
