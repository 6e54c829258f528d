"""Loads and stores booking domain objects; the only place that knows the booking tables."""

from __future__ import annotations

from sqlmodel import Session, select

from booking.adapters.tables import ClubRow, IdempotencyKeyRow, RoomRow
from booking.domain.model import Club, Room
from rondo_runtime.idempotency import IdempotencyRecords


class BookingRepository(IdempotencyRecords):
    _key_row = IdempotencyKeyRow  # idempotency_record / add_idempotency_record (rondo_runtime.idempotency)

    def __init__(self, session: Session):
        self.session = session

    # --- clubs ---
    def add_club(self, club: Club) -> None:
        self.session.add(ClubRow(id=club.id, name=club.name, time_zone=club.time_zone))

    def club(self, club_id: str) -> Club | None:
        row = self.session.get(ClubRow, club_id)
        return self._club(row) if row else None

    @staticmethod
    def _club(row: ClubRow) -> Club:
        return Club(id=row.id, name=row.name, time_zone=row.time_zone)

    # --- rooms ---
    def add_room(self, room: Room) -> None:
        self.session.add(
            RoomRow(
                id=room.id,
                club_id=room.club_id,
                name=room.name,
                name_key=room.name.casefold(),
            )
        )

    def room(self, room_id: str) -> Room | None:
        row = self.session.get(RoomRow, room_id)
        return self._room(row) if row else None

    def rooms(self, club_id: str) -> list[Room]:
        """The club's rooms by name."""
        rows = self.session.exec(select(RoomRow).where(RoomRow.club_id == club_id).order_by(RoomRow.name)).all()
        return [self._room(r) for r in rows]

    @staticmethod
    def _room(row: RoomRow) -> Room:
        return Room(id=row.id, club_id=row.club_id, name=row.name)
