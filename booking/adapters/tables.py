"""SQLModel tables of the booking database; the schema is built by the migrations in ``migrations/``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, ForeignKey, LargeBinary, String, UniqueConstraint
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
