"""Booking use cases (clubs and rooms so far): each opens one transaction, calls the domain rules,
stores the result through the repository."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from booking.adapters.repository import BookingRepository
from booking.domain.model import Club, Room, validate_new_club, validate_new_room
from rondo_runtime import idempotency
from rondo_runtime.errors import NotFound
from rondo_runtime.text import MAX_NAME_LENGTH, clean_id, clean_key
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")
T = TypeVar("T")


def _now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return str(uuid.uuid4())


class BookingService:
    def __init__(self, uow: UnitOfWork[BookingRepository], clock: Callable[[], datetime] = _now):
        self.uow = uow
        self.clock = clock

    def _transaction(self, work: Callable[[BookingRepository], T]) -> T:
        return self.uow.write(work)

    def _read(self, work: Callable[[BookingRepository], T]) -> T:
        return self.uow.read(work)

    @staticmethod
    def _club(repo: BookingRepository, club_id: str) -> Club:
        club_id = clean_id(club_id, "club_id")
        club = repo.club(club_id)
        if club is None:
            raise NotFound(f"club {club_id!r} does not exist")
        return club

    @staticmethod
    def _room(repo: BookingRepository, club: Club, room_id: str) -> Room:
        room = repo.room(room_id)
        if room is None or room.club_id != club.id:
            raise NotFound(f"room {room_id!r} does not exist in club {club.id!r}")
        return room

    @staticmethod
    def _replayed(repo: BookingRepository, key: idempotency.RequestKey | None) -> str | None:
        """The id of what the first request with this key made (None: no key, or a new one);
        INVALID_ARGUMENT on ``idempotency_key`` when the key was used for a different request."""
        record = idempotency.first_answer(repo, key)
        return record.resource_id if record else None

    # --- clubs ---
    def create_club(self, name: str, time_zone: str, idempotency_key: str = "") -> Club:
        request = {"name": name, "time_zone": time_zone}
        name, zone = validate_new_club(name, time_zone)
        key = idempotency.request_key("BookingService.CreateClub", clean_key(idempotency_key), request)

        def work(repo: BookingRepository) -> Club:
            if done := self._replayed(repo, key):
                return self._club(repo, done)
            club = Club(id=_new_id(), name=name, time_zone=zone)
            repo.add_club(club)
            idempotency.remember(repo, key, self.clock(), club.id)
            return club

        return self._transaction(work)

    def get_club(self, club_id: str) -> Club:
        club_id = clean_id(club_id, "club_id")
        return self._read(lambda repo: self._club(repo, club_id))

    # --- rooms ---
    def add_room(self, club_id: str, name: str, idempotency_key: str = "") -> Room:
        # The request's own fields first, before anything is looked up (issue 7).
        v = Violations()
        club_id = v.id("club_id", club_id)
        v.name("name", name, "give the room a name", MAX_NAME_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = idempotency.request_key("BookingService.AddRoom", raw_key, {"club_id": club_id, "name": name})

        def work(repo: BookingRepository) -> Room:
            club = self._club(repo, club_id)
            if done := self._replayed(repo, key):
                return self._room(repo, club, done)
            clean = validate_new_room(name, repo.rooms(club.id))
            room = Room(id=_new_id(), club_id=club.id, name=clean)
            repo.add_room(room)
            idempotency.remember(repo, key, self.clock(), room.id)
            return room

        return self._transaction(work)

    def list_rooms(self, club_id: str) -> list[Room]:
        club_id = clean_id(club_id, "club_id")
        return self._read(lambda repo: repo.rooms(self._club(repo, club_id).id))
