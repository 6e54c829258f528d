"""Shared fixtures: databases for storage tests.

* ``pg_server_url`` (session): the PostgreSQL server tests may use, ``RONDO_TEST_POSTGRES_URL``
  (default ``postgresql+psycopg://postgres@127.0.0.1:5432/test``). When it is unreachable the test is
  skipped — or FAILS in the whole check (``./dev test`` sets ``RONDO_REQUIRE_REAL_PARTS=1``).
* ``pg_url`` (session): one fresh PostgreSQL database for the whole session (dropped at the end);
  tests sharing it must not assume it is empty.
* ``db_url`` (per test, parametrized ``sqlite`` / ``postgresql``): a fresh, empty database URL.

Tests using the PostgreSQL fixtures are marked ``postgres`` automatically (``-m "not postgres"``).
"""

from __future__ import annotations

import os

import pytest

from rondo_runtime.db import normalize_url
from tests.databases import create_test_database, drop_database

DEFAULT_PG_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
# The CLI speaks the user's language (rondo_app/client/session.py user_locale): tests that read its
# English output run in English whatever the machine's LANG; tests of Russian set RONDO_LANG themselves.
os.environ.setdefault("RONDO_LANG", "en")
# `rondo up` runs the web app too (rondo_app/frontends.py); the servers tests start run without it unless
# a test asks for it with a port of its own (tests/browser, tests/e2e/test_frontends.py).
os.environ.setdefault("RONDO_WEB_PORT", "-1")
_PG_FIXTURES = {"pg_server_url", "pg_url"}


def real_parts_required() -> bool:
    """``./dev test`` (the whole check, CI's too) sets it: a missing PostgreSQL or browser fails the run;
    a targeted run skips, saying why."""
    return os.environ.get("RONDO_REQUIRE_REAL_PARTS") == "1"


@pytest.fixture(scope="session")
def pg_server_url() -> str:
    url = normalize_url(os.environ.get("RONDO_TEST_POSTGRES_URL") or DEFAULT_PG_URL)
    try:
        import psycopg

        conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(conninfo, connect_timeout=3) as connection:
            connection.execute("SELECT 1")
    except Exception as error:  # noqa: BLE001
        message = f"PostgreSQL unreachable at {url.render_as_string(hide_password=True)}: {error}"
        if real_parts_required():
            pytest.fail(message + " (required by the whole check: RONDO_REQUIRE_REAL_PARTS=1)", pytrace=False)
        pytest.skip(message)
    return url.render_as_string(hide_password=False)


@pytest.fixture(scope="session")
def pg_url(pg_server_url: str):
    url = create_test_database(pg_server_url)
    yield url
    drop_database(url)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'test.db'}"
        return
    url = create_test_database(request.getfixturevalue("pg_server_url"))
    yield url
    drop_database(url)


#: The tiers: a test's directory under tests/ sets its marker (``-m browser``, ``-m "not browser"``).
TIERS = ("domain", "unit", "integration", "e2e", "faults", "web", "browser")


def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if _PG_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.postgres)
        parts = item.path.parts
        tier = parts[parts.index("tests") + 1] if "tests" in parts[:-1] else ""
        if tier in TIERS:
            item.add_marker(tier)
