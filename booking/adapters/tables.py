"""SQLModel tables of the booking database; the schema is built by the migrations in ``migrations/``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, ForeignKey, Index, LargeBinary, String, UniqueConstraint
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class BookingTable(SQLModel, registry=registry()):
    """Base of this service's tables: its own metadata, apart from every other service's."""


metadata = BookingTable.metadata


class ClubRow(BookingTable, table=True):
    __tablename__ = "clubs"

    id: str = Field(primary_key=True, max_length=36)
    name: str = Field(max_length=200)
    time_zone: str = Field(max_length=64)


class RoomRow(BookingTable, table=True):
    __tablename__ = "rooms"
    __table_args__ = (UniqueConstraint("club_id", "name_key", name="uq_rooms_club_name"),)

    id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)


class IdempotencyKeyRow(BookingTable, table=True):
    """One idempotency key (``rondo_runtime.idempotency``): its scope (sha256 of caller, method and key),
    the first request's fingerprint and the id of what that request made, written in the same
    transaction as the resource."""

    __tablename__ = "idempotency_keys"

    scope: str = Field(primary_key=True, max_length=64)
    fingerprint: str = Field(max_length=64)
    resource_id: str | None = Field(default=None, max_length=36)
    response: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


# --- scheduling (migration 0003): matches, availability, meetings, confirmations, bookings ---
def _at(nullable: bool = False) -> Column:
    return Column(DateTime(timezone=True), nullable=nullable)


class MatchRow(BookingTable, table=True):
    __tablename__ = "matches"

    id: str = Field(primary_key=True, max_length=36)
    match_key: str = Field(sa_column=Column(String(200), nullable=False, unique=True))
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    window_start: datetime = Field(sa_column=_at())
    window_end: datetime = Field(sa_column=_at())
    min_minutes: int
    created_at: datetime = Field(sa_column=_at())


class MatchPlayerRow(BookingTable, table=True):
    __tablename__ = "match_players"

    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), primary_key=True))
    player_id: str = Field(primary_key=True, max_length=64)
    seat: int


class AvailabilityRow(BookingTable, table=True):
    """One answer of one player for one match (new rows only: the latest version is the answer)."""

    __tablename__ = "availability_answers"

    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), primary_key=True))
    player_id: str = Field(primary_key=True, max_length=64)
    version: int = Field(primary_key=True)
    created_at: datetime = Field(sa_column=_at())


class AvailabilityIntervalRow(BookingTable, table=True):
    __tablename__ = "availability_intervals"

    match_id: str = Field(primary_key=True, max_length=36)
    player_id: str = Field(primary_key=True, max_length=64)
    version: int = Field(primary_key=True)
    position: int = Field(primary_key=True)
    starts_at: datetime = Field(sa_column=_at())
    ends_at: datetime = Field(sa_column=_at())


class MeetingRow(BookingTable, table=True):
    __tablename__ = "meetings"

    id: str = Field(primary_key=True, max_length=36)
    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), nullable=False, index=True))
    starts_at: datetime = Field(sa_column=_at())
    ends_at: datetime = Field(sa_column=_at())
    hanchans: str = Field(max_length=100)
    proposed_by: str = Field(max_length=64)
    status: str = Field(max_length=16)
    room_id: str | None = Field(default=None, max_length=36)
    booking_id: str | None = Field(default=None, max_length=36)
    created_at: datetime = Field(sa_column=_at())


class ConfirmationRow(BookingTable, table=True):
    __tablename__ = "confirmations"

    meeting_id: str = Field(sa_column=Column(String(36), ForeignKey("meetings.id"), primary_key=True))
    player_id: str = Field(primary_key=True, max_length=64)
    availability_version: int = Field(primary_key=True)
    created_at: datetime = Field(sa_column=_at())


class BookingRow(BookingTable, table=True):
    """A room taken for a time. No two active bookings of one room overlap: an exclusion constraint on
    PostgreSQL, a trigger on SQLite (migration 0003)."""

    __tablename__ = "bookings"
    __table_args__ = (Index("ix_bookings_room_time", "room_id", "starts_at"),)

    id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    room_id: str = Field(sa_column=Column(String(36), ForeignKey("rooms.id"), nullable=False))
    starts_at: datetime = Field(sa_column=_at())
    ends_at: datetime = Field(sa_column=_at())
    status: str = Field(max_length=16)
    title: str = Field(max_length=200)
    match_id: str | None = Field(default=None, max_length=36)
    meeting_id: str | None = Field(default=None, max_length=36)
    created_at: datetime = Field(sa_column=_at())
    cancelled_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
