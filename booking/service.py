"""Booking use cases (clubs and rooms so far)."""
from __future__ import annotations

import uuid
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, select

from booking.adapters.tables import ClubRow, RoomRow
from booking.domain.model import Club, Room, validate_new_club, validate_new_room
from rondo_runtime import unit_of_work
from rondo_runtime.errors import InvalidArgument, NotFound

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")


def _club(row: ClubRow) -> Club:
    return Club(id=row.id, name=row.name, time_zone=row.time_zone)


def _room(row: RoomRow) -> Room:
    return Room(id=row.id, club_id=row.club_id, name=row.name)


def _club_row(session: Session, club_id: str) -> ClubRow:
    if not club_id.strip():
        raise InvalidArgument.single("club_id", "is required")
    row = session.get(ClubRow, club_id.strip())
    if row is None:
        raise NotFound(f"club {club_id!r} does not exist")
    return row


class BookingService:
    def __init__(self, engine: Engine):
        self.engine = engine

    def create_club(self, name: str, time_zone: str, idempotency_key: str = "") -> Club:
        name, zone = validate_new_club(name, time_zone)
        key = idempotency_key.strip() or None

        def work(session: Session) -> Club:
            if key and (row := session.exec(select(ClubRow).where(ClubRow.idempotency_key == key)).first()):
                return _club(row)
            row = ClubRow(id=str(uuid.uuid4()), name=name, time_zone=zone, idempotency_key=key)
            session.add(row)
            return _club(row)

        return unit_of_work.write(self.engine, work)

    def get_club(self, club_id: str) -> Club:
        return unit_of_work.read(self.engine, lambda session: _club(_club_row(session, club_id)))

    def add_room(self, club_id: str, name: str, idempotency_key: str = "") -> Room:
        key = idempotency_key.strip() or None

        def work(session: Session) -> Room:
            club = _club_row(session, club_id)
            rooms = session.exec(select(RoomRow).where(RoomRow.club_id == club.id)).all()
            if key and (same := [r for r in rooms if r.idempotency_key == key]):
                return _room(same[0])
            clean = validate_new_room(name, [_room(r) for r in rooms])
            row = RoomRow(id=str(uuid.uuid4()), club_id=club.id, name=clean, name_key=clean.casefold(), idempotency_key=key)
            session.add(row)
            return _room(row)

        return unit_of_work.write(self.engine, work)

    def list_rooms(self, club_id: str) -> list[Room]:
        def work(session: Session) -> list[Room]:
            club = _club_row(session, club_id)
            rows = session.exec(select(RoomRow).where(RoomRow.club_id == club.id).order_by(RoomRow.name)).all()
            return [_room(r) for r in rows]

        return unit_of_work.read(self.engine, work)
