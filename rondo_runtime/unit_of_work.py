"""One transaction per use case (cosmicpython's unit of work, reduced to two functions).

Faults end in clear, retryable answers (issue 7):

* **Contention.** SQLite's "database is locked"/"busy" (and PostgreSQL's serialization failures and
  deadlocks) are retried from the start with a growing, jittered back-off, within the calling RPC's
  remaining deadline (``rondo_runtime._method_handlers.remaining_seconds``; ``BUSY_RETRY_SECONDS``
  when the call has none). On SQLite each attempt's lock wait (``busy_timeout``) is cut to the time
  left, so a writer never waits past its caller's deadline. When time is up the use case raises
  :class:`~rondo_runtime.errors.Unavailable` ("the database is busy; retry"), never INTERNAL.
* **Outage.** A database that cannot be reached (SQLAlchemy ``OperationalError``/``InterfaceError``
  that is not contention) raises ``Unavailable`` ("the database is unavailable; retry later").
"""

from __future__ import annotations

import logging
import random
import time
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, InterfaceError, OperationalError
from sqlmodel import Session

from rondo_runtime._method_handlers import remaining_seconds
from rondo_runtime.db import SQLITE_BEGIN_OPTION, SQLITE_BUSY_TIMEOUT_INFO
from rondo_runtime.errors import Unavailable

T = TypeVar("T")
log = logging.getLogger(__name__)

BUSY_RETRY_SECONDS = 10.0  # how long a write keeps trying when its call has no deadline
DEFAULT_SQLITE_BUSY_TIMEOUT_MS = 5000
_FIRST_BACKOFF_SECONDS = 0.01
_MAX_BACKOFF_SECONDS = 0.25
# Leave the caller time to receive the answer: a tenth of what is left, between 50 ms and 500 ms.
_MIN_MARGIN_SECONDS, _MAX_MARGIN_SECONDS = 0.05, 0.5
BUSY_MESSAGE = "the database is busy; retry"
UNAVAILABLE_MESSAGE = "the database is unavailable; retry later"
_BUSY_TEXTS = ("database is locked", "database is busy", "database table is locked")
_PG_RETRYABLE_SQLSTATES = ("40001", "40P01", "55P03")  # serialization failure, deadlock, lock not available


# Engines whose database is not usable yet (migrations pending, URL unusable): calls answer UNAVAILABLE
# at once instead of meeting missing tables. ``rondo_runtime.wiring`` marks and clears them.
_not_ready: weakref.WeakKeyDictionary[Engine, str] = weakref.WeakKeyDictionary()


def mark_not_ready(engine: Engine, why: str) -> None:
    _not_ready[engine] = why


def mark_ready(engine: Engine) -> None:
    _not_ready.pop(engine, None)


def not_ready_reason(engine: Engine) -> str | None:
    return _not_ready.get(engine)


def _check_ready(engine: Engine) -> None:
    if engine in _not_ready:
        raise Unavailable.because("DATABASE_NOT_READY", retry_after_s=2.0)


def is_contention(error: BaseException) -> bool:
    """A lost race for a lock, worth retrying: SQLite locked/busy, PostgreSQL serialization/deadlock."""
    if not isinstance(error, DBAPIError):
        return False
    text = str(getattr(error, "orig", error)).lower()
    if any(busy in text for busy in _BUSY_TEXTS):
        return True
    return getattr(getattr(error, "orig", None), "sqlstate", None) in _PG_RETRYABLE_SQLSTATES


def _budget() -> float:
    remaining = remaining_seconds()
    if remaining is None:
        return BUSY_RETRY_SECONDS
    return remaining - min(_MAX_MARGIN_SECONDS, max(_MIN_MARGIN_SECONDS, remaining / 10))


def write(engine: Engine, work: Callable[[Session], T], attempts: int = 3) -> T:
    """Runs ``work`` in one write transaction (``BEGIN IMMEDIATE`` on SQLite) and commits.

    A lost race on a unique key (two retries with one idempotency key, two registrations taking the
    same number) is retried from the start, so the retry sees the winner's row and answers from it.
    Lock contention is retried until the call's deadline, then answered ``Unavailable`` (module doc).
    """
    _check_ready(engine)
    stop_at = time.monotonic() + _budget()
    integrity_failures = 0
    backoff = _FIRST_BACKOFF_SECONDS
    busy_attempts = 0
    while True:
        left = stop_at - time.monotonic()
        if left <= 0:
            log.warning("database busy: gave up", extra={"attempts": busy_attempts})
            raise Unavailable(BUSY_MESSAGE, reason="DATABASE_BUSY")
        try:
            return _write_once(engine, work, left)
        except IntegrityError:
            integrity_failures += 1
            if integrity_failures >= attempts:
                raise
        except (OperationalError, InterfaceError, DBAPIError) as error:
            if is_contention(error):
                busy_attempts += 1
                pause = min(backoff * (0.5 + random.random()), max(0.0, stop_at - time.monotonic()))
                time.sleep(pause)
                backoff = min(backoff * 2, _MAX_BACKOFF_SECONDS)
                continue
            if isinstance(error, (OperationalError, InterfaceError)) or error.connection_invalidated:
                raise Unavailable(UNAVAILABLE_MESSAGE, reason="DATABASE_UNAVAILABLE", retry_after_s=2.0) from error
            raise


def _write_once(engine: Engine, work: Callable[[Session], T], seconds_left: float) -> T:
    if engine.dialect.name != "sqlite":
        with Session(engine, expire_on_commit=False) as session, session.begin():
            return work(session)
    # SQLite: wait for the write lock no longer than the caller will wait (the busy handler blocks).
    with engine.connect() as connection:
        raw = connection.connection.dbapi_connection
        assert raw is not None  # None only once the connection is invalidated; this one was just checked out
        wait_ms = max(1, min(DEFAULT_SQLITE_BUSY_TIMEOUT_MS, int(seconds_left * 1000)))
        _set_busy_timeout(
            connection, raw, wait_ms
        )  # a statement only when it changes: rarely, once a connection's is the default
        try:
            with Session(bind=connection, expire_on_commit=False) as session, session.begin():
                return work(session)
        finally:
            try:
                _set_busy_timeout(connection, raw, DEFAULT_SQLITE_BUSY_TIMEOUT_MS)
            except Exception:  # noqa: BLE001 - a broken connection is discarded by the pool anyway
                pass


def _set_busy_timeout(connection: Connection, raw: Any, ms: int) -> None:
    """SQLite's ``busy_timeout`` of this pooled connection, set unless it is ``ms`` already (the value
    is remembered in the connection's ``info``, from ``rondo_runtime.db``'s connect hook on)."""
    info = connection.connection.info
    if info.get(SQLITE_BUSY_TIMEOUT_INFO) == ms:
        return
    info.pop(SQLITE_BUSY_TIMEOUT_INFO, None)  # unknown until the statement succeeds
    raw.execute(f"PRAGMA busy_timeout = {ms}")
    info[SQLITE_BUSY_TIMEOUT_INFO] = ms


def read(engine: Engine, work: Callable[[Session], T]) -> T:
    """Runs ``work`` without taking the write lock (a deferred transaction on SQLite); an unreachable
    database raises ``Unavailable``."""
    _check_ready(engine)
    try:
        with Session(engine.execution_options(**{SQLITE_BEGIN_OPTION: "DEFERRED"}), expire_on_commit=False) as session:
            return work(session)
    except (OperationalError, InterfaceError) as error:
        if is_contention(error):
            raise Unavailable(BUSY_MESSAGE, reason="DATABASE_BUSY") from error
        raise Unavailable(UNAVAILABLE_MESSAGE, reason="DATABASE_UNAVAILABLE", retry_after_s=2.0) from error
