"""One transaction per use case (cosmicpython's unit of work, reduced to two functions)."""
from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from rondo_runtime.db import SQLITE_BEGIN_OPTION

T = TypeVar("T")


def write(engine: Engine, work: Callable[[Session], T], attempts: int = 3) -> T:
    """Runs ``work`` in one write transaction (``BEGIN IMMEDIATE`` on SQLite) and commits.

    A lost race on a unique key (two retries with one idempotency key, two registrations taking the
    same number) is retried from the start, so the retry sees the winner's row and answers from it.
    """
    for attempt in range(attempts):
        try:
            with Session(engine, expire_on_commit=False) as session, session.begin():
                return work(session)
        except IntegrityError:
            if attempt == attempts - 1:
                raise
    raise AssertionError("unreachable")


def read(engine: Engine, work: Callable[[Session], T]) -> T:
    """Runs ``work`` without taking the write lock (a deferred transaction on SQLite)."""
    with Session(engine.execution_options(**{SQLITE_BEGIN_OPTION: "DEFERRED"}), expire_on_commit=False) as session:
        return work(session)
