"""The unit of work the use cases depend on (cosmicpython's ``AbstractUnitOfWork``, reduced to two calls).

A use case hands a function ``work(repo)`` to :meth:`UnitOfWork.write` (one write transaction, committed
when ``work`` returns, rolled back when it raises) or :meth:`UnitOfWork.read`. The service never sees a
session or an engine: ``<service>/app.py`` wires :class:`SqlUnitOfWork` over the real database, and the
service-layer tests (``tests/unit``) pass an in-memory fake with the same two methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from sqlalchemy import Engine
from sqlmodel import Session

from rondo_runtime import unit_of_work

R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)
T = TypeVar("T")


class UnitOfWork(Protocol[R_co]):
    def write(self, work: Callable[[R_co], T]) -> T:
        """Runs ``work(repository)`` in one write transaction; commits on return, rolls back on raise."""
        ...

    def read(self, work: Callable[[R_co], T]) -> T:
        """Runs ``work(repository)`` without taking the write lock."""
        ...


class SqlUnitOfWork(Generic[R]):
    """The real unit of work: a SQLModel session per call (:mod:`rondo_runtime.unit_of_work`), wrapped in
    the service's repository (``repository(session)``)."""

    def __init__(self, engine: Engine, repository: Callable[[Session], R]):
        self.engine = engine
        self.repository = repository

    def write(self, work: Callable[[R], T]) -> T:
        return unit_of_work.write(self.engine, lambda session: work(self.repository(session)))

    def read(self, work: Callable[[R], T]) -> T:
        return unit_of_work.read(self.engine, lambda session: work(self.repository(session)))
