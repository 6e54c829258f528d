"""Throwaway databases for the storage, end-to-end and fault tests (PostgreSQL: one fresh database per
test or module, dropped afterwards; SQLite: a file and its WAL). The work is rondo_runtime.db's, which
the load benchmark shares."""

from __future__ import annotations

from sqlalchemy.engine import URL

from rondo_runtime.db import create_database, drop_database

__all__ = ["create_test_database", "drop_database"]


def create_test_database(base_url: str | URL, prefix: str = "rondo_test") -> str:
    """Create a new, empty, uniquely named PostgreSQL database on ``base_url``'s server; return its URL."""
    return create_database(base_url, prefix)
