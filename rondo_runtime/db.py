"""Database engines and migrations for the services that own a database (docs/architecture.md "Data").

* SQLite (embedded mode): WAL with ``synchronous=NORMAL`` (no fsync at each commit), ``foreign_keys=ON``, ``busy_timeout``, and every transaction starts with
  ``BEGIN IMMEDIATE`` (SQLAlchemy's documented pysqlite recipe: pysqlite's own BEGIN is disabled and
  ours is emitted in the ``begin`` event), so writers queue for the lock up front instead of
  deadlocking on a read-to-write upgrade. A read-only unit of work may opt out with
  ``engine.execution_options(rondo_sqlite_begin="DEFERRED")``.
* PostgreSQL (distributed mode): psycopg 3, ``pool_pre_ping``.
* Alembic migrations per service, applied to head at start-up by :func:`run_migrations`; each
  service's ``migrations/env.py`` is the one line ``from rondo_runtime.db import run_env; run_env(metadata)``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import uuid
import weakref
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, MetaData, create_engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import NullPool

log = logging.getLogger(__name__)

SQLITE_BEGIN_OPTION = "rondo_sqlite_begin"
SQLITE_BUSY_TIMEOUT_INFO = "rondo_sqlite_busy_timeout_ms"
"""The key, in a pooled SQLite connection's ``info``, of the ``busy_timeout`` it has now."""
_SQLITE_BEGIN_MODES = ("DEFERRED", "IMMEDIATE", "EXCLUSIVE")
_alembic_lock = threading.Lock()
_last_failure: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()


def normalize_url(url: str | URL) -> URL:
    """``postgresql://`` and ``postgres://`` become ``postgresql+psycopg://``; anything else is kept."""
    if isinstance(url, str) and url.startswith("postgres://"):  # an alias SQLAlchemy does not know
        url = "postgresql://" + url[len("postgres://") :]
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def create_database(base_url: str | URL, prefix: str) -> str:
    """Create a new, empty, uniquely named PostgreSQL database on ``base_url``'s server; return its URL
    (throwaway databases of the tests and the load benchmark)."""
    base = normalize_url(base_url)
    if base.get_backend_name() != "postgresql":
        raise ValueError("create_database needs a postgresql:// URL")
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


def make_engine(url: str | URL, *, busy_timeout_ms: int = 5000, **engine_kwargs: Any) -> Engine:
    """An engine for a service database (SQLite or PostgreSQL), set up as docs/architecture.md "Data" says."""
    parsed = normalize_url(url)
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        database = parsed.database
        if database and database != ":memory:" and not database.startswith("file:"):
            private_database_file(Path(database).expanduser())
        engine = create_engine(parsed, **engine_kwargs)
        _setup_sqlite(engine, busy_timeout_ms)
        return engine
    if backend == "postgresql":
        engine_kwargs.setdefault("pool_pre_ping", True)
        connect_args = engine_kwargs.setdefault("connect_args", {})
        connect_args.setdefault("connect_timeout", 5)
        return create_engine(parsed, **engine_kwargs)
    raise ValueError(f"unsupported database URL {parsed.render_as_string(hide_password=True)!r}: use sqlite:// or postgresql://")


PRIVATE_DIR_MODE, PRIVATE_FILE_MODE = 0o700, 0o600
SQLITE_SIDE_FILES = ("-wal", "-shm", "-journal")


def private_dir(path: Path) -> Path:
    """``path`` as a directory only its owner reads (0700): made so when missing (parents too)."""
    missing = []
    for parent in (path, *path.parents):
        if parent.exists():
            break
        missing.append(parent)
    for made in reversed(missing):
        made.mkdir(mode=PRIVATE_DIR_MODE, exist_ok=True)
        os.chmod(made, PRIVATE_DIR_MODE)  # whatever the umask
    return path


def private_database_file(database: Path) -> None:
    """A SQLite database file only its owner reads: its directory made 0700 when missing, the file made
    (or tightened to) 0600 before SQLite opens it; SQLite gives its -wal and -shm files the database
    file's mode, and any already there are tightened too. The signing key and the password hashes live
    beside or inside these files."""
    private_dir(database.parent)
    fd = os.open(database, os.O_CREAT | os.O_RDWR, PRIVATE_FILE_MODE)
    os.close(fd)
    for path in (database, *(database.with_name(database.name + side) for side in SQLITE_SIDE_FILES)):
        with contextlib.suppress(FileNotFoundError, PermissionError):
            if path.stat().st_mode & 0o077:
                os.chmod(path, PRIVATE_FILE_MODE)


def _setup_sqlite(engine: Engine, busy_timeout_ms: int) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, record) -> None:
        dbapi_connection.isolation_level = None  # pysqlite must not emit BEGIN itself
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            cursor.execute("PRAGMA journal_mode = WAL")
            # WAL's recommended durability: a commit is not fsynced (the WAL is at checkpoints), so the
            # single writer holds the lock for the transaction's work only. Safe against a crash of the
            # process; a power loss may roll the last commits back, never corrupt the database.
            cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.execute("PRAGMA foreign_keys = ON")
        finally:
            cursor.close()
        record.info[SQLITE_BUSY_TIMEOUT_INFO] = int(busy_timeout_ms)

    @event.listens_for(engine, "begin")
    def _on_begin(connection) -> None:
        mode = str(connection.get_execution_options().get(SQLITE_BEGIN_OPTION, "IMMEDIATE")).upper()
        if mode not in _SQLITE_BEGIN_MODES:
            raise ValueError(f"{SQLITE_BEGIN_OPTION} must be one of {_SQLITE_BEGIN_MODES}, got {mode!r}")
        connection.exec_driver_sql(f"BEGIN {mode}")


def database_reachable(engine: Engine) -> bool:
    """True when ``SELECT 1`` succeeds; never raises (for health checks)."""
    try:
        with engine.connect() as connection:
            connection.execution_options(**{SQLITE_BEGIN_OPTION: "DEFERRED"})
            connection.exec_driver_sql("SELECT 1").scalar()
    except Exception as exc:  # noqa: BLE001 - a health probe reports, it does not fail
        error = f"{type(exc).__name__}: {exc}"
        if _last_failure.get(engine) != error:  # once per distinct failure, not once per probe
            log.warning("database unreachable", extra={"url": engine.url.render_as_string(hide_password=True), "error": error})
        _last_failure[engine] = error
        return False
    _last_failure.pop(engine, None)
    return True


def readiness_probe(engine: Engine) -> Callable[[], Awaitable[bool]]:
    """An async readiness check for ``ServiceSpec.readiness``: the database answers ``SELECT 1``."""

    async def ready() -> bool:
        return await asyncio.to_thread(database_reachable, engine)

    return ready


# --------------------------------------------------------------------------------------------------
# Alembic


def alembic_config(script_location: str, url: str | URL | None = None, version_table: str = "alembic_version") -> Config:
    """An Alembic ``Config`` built in code (no alembic.ini).

    ``script_location`` is a directory path or a package resource such as ``"booking.adapters:migrations"``.
    Also handy for authoring: ``command.revision(alembic_config(loc, url), autogenerate=True, message=...)``.
    """
    config = Config()
    config.set_main_option("script_location", str(script_location))
    config.set_main_option("version_table", version_table)
    if url is not None:
        rendered = normalize_url(url).render_as_string(hide_password=False)
        config.set_main_option("sqlalchemy.url", rendered.replace("%", "%%"))
    return config


def run_migrations(engine_or_url: Engine | str | URL, script_location: str, version_table: str = "alembic_version") -> None:
    """Apply the service's Alembic migrations up to head, in one transaction.

    PostgreSQL: an advisory lock keyed on ``version_table`` makes concurrently starting replicas take
    turns. SQLite: foreign keys are switched off for the migration (batch table rebuilds need that; the
    pragma cannot change inside a transaction) and ``PRAGMA foreign_key_check`` must be clean before commit.
    """
    with _alembic_lock:  # alembic's ``context`` and ``op`` proxies are process-wide globals
        _run_migrations(engine_or_url, script_location, version_table)


def _run_migrations(engine_or_url, script_location: str, version_table: str) -> None:
    owned = not isinstance(engine_or_url, Engine)
    engine = make_engine(engine_or_url) if owned else engine_or_url
    config = alembic_config(script_location, version_table=version_table)
    backend = engine.dialect.name
    try:
        with engine.connect() as connection:
            raw = connection.connection.dbapi_connection if backend == "sqlite" else None
            if raw is not None:
                raw.execute("PRAGMA foreign_keys = OFF")
            try:
                with connection.begin():
                    if backend == "postgresql":
                        connection.execute(
                            text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": f"rondo-migrations:{version_table}"}
                        )
                    config.attributes["connection"] = connection
                    config.attributes["version_table"] = version_table
                    command.upgrade(config, "head")
                    if raw is not None:
                        broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                        if broken:
                            raise RuntimeError(f"migration left foreign keys broken: {broken[:10]}")
            finally:
                if raw is not None:
                    raw.execute("PRAGMA foreign_keys = ON")
    finally:
        if owned:
            engine.dispose()


def run_env(target_metadata: MetaData | None = None, **configure_kwargs: Any) -> None:
    """The whole body of a service's ``migrations/env.py``.

    Uses the connection handed over by :func:`run_migrations` (``config.attributes["connection"]``), else
    the ``sqlalchemy.url`` main option or ``alembic -x url=...``. SQLite gets ``render_as_batch`` so
    autogenerated ALTERs work. ``configure_kwargs`` go to ``context.configure`` (e.g. ``include_name``).
    """
    from alembic import context

    config = context.config
    version_table = config.attributes.get("version_table") or config.get_main_option("version_table") or "alembic_version"
    options: dict[str, Any] = {"target_metadata": target_metadata, "version_table": version_table, "compare_type": True}
    options.update(configure_kwargs)
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")

    if context.is_offline_mode():
        if not url:
            raise RuntimeError("offline migrations need a URL: alembic -x url=... upgrade head --sql")
        parsed = normalize_url(url)
        options.setdefault("render_as_batch", parsed.get_backend_name() == "sqlite")
        context.configure(url=parsed, literal_binds=True, dialect_opts={"paramstyle": "named"}, **options)
        with context.begin_transaction():
            context.run_migrations()
        return

    def migrate(connection) -> None:
        options.setdefault("render_as_batch", connection.dialect.name == "sqlite")
        context.configure(connection=connection, **options)
        with context.begin_transaction():
            context.run_migrations()

    connection = config.attributes.get("connection")
    if connection is not None:
        migrate(connection)
        return
    if not url:
        raise RuntimeError("no database: call rondo_runtime.db.run_migrations, or pass alembic -x url=...")
    engine = make_engine(url, poolclass=NullPool)
    try:
        with engine.begin() as connection:
            migrate(connection)
    finally:
        engine.dispose()
