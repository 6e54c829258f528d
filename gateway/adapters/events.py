"""Appends to the gateway's event log (read by the bot's event stream in a later version)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from gateway.adapters.tables import EventRow
from rondo_runtime import unit_of_work


class EventLog:
    def __init__(self, engine: Engine):
        self.engine = engine

    def append(self, kind: str, competition_id: str, subject_id: str, **payload) -> None:
        row = EventRow(
            kind=kind,
            competition_id=competition_id,
            subject_id=subject_id,
            payload=json.dumps(payload, sort_keys=True),
            created_at=datetime.now(UTC),
        )
        unit_of_work.write(self.engine, lambda session: session.add(row))

    def append_once(self, kind: str, competition_id: str, subject_id: str, once_key: str, **payload) -> bool:
        """Appends unless an event with ``once_key`` is already in the log (the unique ``once_key``:
        a second replica publishing the same thing loses the race); True when it was appended."""
        row = EventRow(
            kind=kind,
            competition_id=competition_id,
            subject_id=subject_id,
            payload=json.dumps(payload, sort_keys=True),
            created_at=datetime.now(UTC),
            once_key=once_key,
        )

        def work(session: Session) -> bool:
            if session.exec(select(EventRow.id).where(EventRow.once_key == once_key)).first() is not None:
                return False
            try:
                with session.begin_nested():
                    session.add(row)
            except IntegrityError:
                return False
            return True

        return unit_of_work.write(self.engine, work)

    def with_once_key(self, once_key: str) -> list[tuple[str, str, dict]]:
        """The events appended with ``once_key`` (kind, subject, payload): at most one."""

        def work(session: Session) -> list[tuple[str, str, dict]]:
            rows = session.exec(select(EventRow).where(EventRow.once_key == once_key)).all()
            return [(r.kind, r.subject_id, json.loads(r.payload)) for r in rows]

        return unit_of_work.read(self.engine, work)

    def for_competition(self, competition_id: str) -> list[tuple[str, str]]:
        def work(session: Session) -> list[tuple[str, str]]:
            rows = session.exec(
                select(EventRow).where(EventRow.competition_id == competition_id).order_by(col(EventRow.id))
            ).all()
            return [(r.kind, r.subject_id) for r in rows]

        return unit_of_work.read(self.engine, work)
