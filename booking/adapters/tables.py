"""SQLModel tables of the booking database; the schema is built by the migrations in ``migrations/``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, ForeignKey, Index, Integer, LargeBinary, String, UniqueConstraint
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
    # migration 0004: the canonical text of booking/domain/opening_hours.py ("" = 24/7) and the fallback time
    opening_hours: str = Field(sa_column=Column(String(400), nullable=False, server_default=""))
    fallback_minute: int = Field(sa_column=Column(Integer, nullable=False, server_default="1080"))


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
    cancel_reason: str | None = Field(default=None, max_length=500)  # migration 0004


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
    # migration 0004: the recurring series it belongs to, its change counter (the iCalendar SEQUENCE),
    # its last change and why it was cancelled
    series_id: str | None = Field(default=None, sa_column=Column(String(36), nullable=True, index=True))
    sequence: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    updated_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
    cancel_reason: str | None = Field(default=None, max_length=500)


# --- the club calendar (migration 0004): recurring series, feed tokens, window moves ---
class SeriesRow(BookingTable, table=True):
    """A recurring activity: its RRULE and first occurrence (DTSTART in the club's zone); each
    occurrence is a row of ``bookings``."""

    __tablename__ = "booking_series"

    id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    room_id: str = Field(sa_column=Column(String(36), ForeignKey("rooms.id"), nullable=False))
    title: str = Field(max_length=200)
    rrule: str = Field(max_length=200)
    time_zone: str = Field(max_length=64)
    first_start: datetime = Field(sa_column=_at())
    first_end: datetime = Field(sa_column=_at())
    created_at: datetime = Field(sa_column=_at())


class CalendarTokenRow(BookingTable, table=True):
    """The club's feed token, stored as its SHA-256 only (the token itself is shown once, when made)."""

    __tablename__ = "calendar_tokens"

    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), primary_key=True))
    token_sha256: str = Field(sa_column=Column(String(64), nullable=False, unique=True))
    created_at: datetime = Field(sa_column=_at())


class WindowMoveRow(BookingTable, table=True):
    """A match moved into another window (the next round's), with the window it replaces and why."""

    __tablename__ = "match_window_moves"

    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), primary_key=True))
    position: int = Field(primary_key=True)
    old_start: datetime = Field(sa_column=_at())
    old_end: datetime = Field(sa_column=_at())
    new_start: datetime = Field(sa_column=_at())
    new_end: datetime = Field(sa_column=_at())
    reason: str = Field(max_length=500)
    created_at: datetime = Field(sa_column=_at())
