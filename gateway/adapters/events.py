"""The gateway's durable event log, which bots follow with ``WatchEvents`` (docs/architecture.md
"Events for bots").

Every event gets an increasing id, its *cursor*: a reader asks for the events after the last id it
has seen and so misses nothing and gets nothing twice, in order, across reconnects and gateway
restarts. For that, ids must also become visible in order: an event with a smaller id may never
commit after a reader has seen a larger one. SQLite serializes writers; on PostgreSQL each append
takes a transaction-level advisory lock, so appends commit in id order (they are tiny).

Events carry only what a bot may post: kinds, ids, names, times of meetings, never anyone's
availability intervals (the callers build the payloads; ``tests/e2e`` checks every payload). Every
payload is its kind's typed message as a dict (``gateway/event_payloads.py``): an append of a kind
without one, or of a payload its message cannot hold, is refused (ValueError).
"""

from __future__ import annotations

import asyncio
import json
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, text
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from gateway.adapters.tables import EventRow
from gateway.event_payloads import parse
from rondo_runtime import unit_of_work

APPEND_LOCK = 0x726F6E646F  # "rondo": the advisory lock that orders appends on PostgreSQL
MAX_PAGE = 1000


@dataclass(frozen=True)
class Event:
    id: int
    kind: str
    competition_id: str
    subject_id: str
    payload: dict[str, Any]
    created_at: datetime


SUBJECT_LENGTH = 36  # events.subject_id and events.competition_id: VARCHAR(36)


class EventLog:
    def __init__(self, engine: Engine):
        self.engine = engine
        self._lock = threading.Lock()
        self._listeners: set[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = set()
        self.closing = False

    def append(self, kind: str, competition_id: str, subject_id: str, **payload) -> None:
        self._append(self._row(kind, competition_id, subject_id, payload))

    def append_once(self, kind: str, competition_id: str, subject_id: str, once_key: str, **payload) -> bool:
        """Appends unless an event with ``once_key`` is already in the log (the unique ``once_key``:
        a second replica publishing the same thing loses the race); True when it was appended."""
        return self._append(self._row(kind, competition_id, subject_id, payload, once_key))

    @staticmethod
    def _row(kind: str, competition_id: str, subject_id: str, payload: dict, once_key: str | None = None) -> EventRow:
        parse(kind, payload)  # ValueError for a kind without its typed message or a payload it cannot hold
        if len(subject_id) > SUBJECT_LENGTH or len(competition_id) > SUBJECT_LENGTH:  # SQLite would keep it, PostgreSQL not
            raise ValueError(f"an event's subject and competition are ids of at most {SUBJECT_LENGTH} characters: {subject_id!r}")
        return EventRow(
            kind=kind,
            competition_id=competition_id,
            subject_id=subject_id,
            payload=json.dumps(payload, sort_keys=True),
            created_at=datetime.now(UTC),
            once_key=once_key,
        )

    def _append(self, row: EventRow) -> bool:
        def work(session: Session) -> bool:
            if session.get_bind().dialect.name == "postgresql":
                session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": APPEND_LOCK})
            if row.once_key is not None:
                if session.exec(select(EventRow.id).where(EventRow.once_key == row.once_key)).first() is not None:
                    return False
                try:
                    with session.begin_nested():
                        session.add(row)
                except IntegrityError:
                    return False
                return True
            session.add(row)
            return True

        appended = unit_of_work.write(self.engine, work)
        if appended:
            self._wake()
        return appended

    def with_once_key(self, once_key: str) -> list[tuple[str, str, dict]]:
        """The events appended with ``once_key`` (kind, subject, payload): at most one."""

        def work(session: Session) -> list[tuple[str, str, dict]]:
            rows = session.exec(select(EventRow).where(EventRow.once_key == once_key)).all()
            return [(r.kind, r.subject_id, json.loads(r.payload)) for r in rows]

        return unit_of_work.read(self.engine, work)

    def after(self, cursor: int, limit: int = MAX_PAGE, kinds: tuple[str, ...] = (), competition_id: str = "") -> list[Event]:
        """The events with an id above ``cursor``, oldest first, at most ``limit``, optionally only of
        ``kinds`` and of one competition."""

        def work(session: Session) -> list[Event]:
            query = select(EventRow).where(col(EventRow.id) > cursor)
            if kinds:
                query = query.where(col(EventRow.kind).in_(kinds))
            if competition_id:
                query = query.where(EventRow.competition_id == competition_id)
            rows = session.exec(query.order_by(col(EventRow.id)).limit(max(1, min(limit, MAX_PAGE)))).all()
            return [_event(r) for r in rows]

        return unit_of_work.read(self.engine, work)

    def last_id(self) -> int:
        def work(session: Session) -> int:
            row = session.exec(select(EventRow).order_by(col(EventRow.id).desc()).limit(1)).first()
            return row.id if row is not None and row.id is not None else 0

        return unit_of_work.read(self.engine, work)

    def for_competition(self, competition_id: str) -> list[tuple[str, str]]:
        """Every event of one competition, oldest first, as (kind, subject id)."""
        found: list[Event] = []
        while page := self.after(found[-1].id if found else 0, MAX_PAGE, competition_id=competition_id):
            found.extend(page)
        return [(e.kind, e.subject_id) for e in found]

    # --- waking the streams of this process (other replicas' appends are found by polling) ---
    def listen(self) -> asyncio.Event:
        """An asyncio event set whenever this process appends (call from the loop that waits on it)."""
        signal = asyncio.Event()
        with self._lock:
            self._listeners.add((asyncio.get_running_loop(), signal))
        return signal

    def unlisten(self, signal: asyncio.Event) -> None:
        with self._lock:
            self._listeners = {(loop, s) for loop, s in self._listeners if s is not signal}

    def close(self) -> None:
        """The server is stopping: open streams end (their clients reconnect with their cursor)."""
        self.closing = True
        self._wake()

    def wake(self) -> None:
        """Wake every listener of this process: another replica appended (``gateway.event_service``)."""
        self._wake()

    def _wake(self) -> None:
        with self._lock:
            listeners = list(self._listeners)
        for loop, signal in listeners:
            try:
                loop.call_soon_threadsafe(signal.set)
            except RuntimeError:  # that loop is closed
                self.unlisten(signal)


def _event(row: EventRow) -> Event:
    assert row.id is not None
    return Event(row.id, row.kind, row.competition_id, row.subject_id, json.loads(row.payload), row.created_at)
