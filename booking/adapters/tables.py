"""SQLModel tables of the booking database; the schema is built by the migrations in ``migrations/``."""
from __future__ import annotations

from sqlalchemy import Column, ForeignKey, String, UniqueConstraint
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
    idempotency_key: str | None = Field(default=None, max_length=128, unique=True)


class RoomRow(BookingTable, table=True):
    __tablename__ = "rooms"
    __table_args__ = (
        UniqueConstraint("club_id", "name_key", name="uq_rooms_club_name"),
        UniqueConstraint("club_id", "idempotency_key", name="uq_rooms_club_idempotency"),
    )

    id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    idempotency_key: str | None = Field(default=None, max_length=128)
