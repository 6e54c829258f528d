"""The gateway's own small database: the event log that bots follow (draws proposed and published) and
the idempotency keys of the draw workflow."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Index, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class GatewayTable(SQLModel, registry=registry()):
    """Base of the gateway's tables: its own metadata."""


metadata = GatewayTable.metadata


class EventRow(GatewayTable, table=True):
    __tablename__ = "events"
    __table_args__ = (
        Index("ix_events_competition", "competition_id"),
        UniqueConstraint("once_key", name="uq_events_once_key"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=64)
    competition_id: str = Field(max_length=36)
    subject_id: str = Field(max_length=36)
    payload: str = Field(default="{}", sa_type=Text)
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    # an event appended at most once (``EventLog.append_once``: one `reminder.due` per reminder, whatever
    # restarts or replicas); empty for the others (migration 0003)
    once_key: str | None = Field(default=None, sa_column=Column(String(100), nullable=True))


class IdempotencyKeyRow(GatewayTable, table=True):
    """One idempotency key of a gateway use case (``DrawCompetition``, ``Redraw``): its scope (sha256 of
    caller, method and key; ``rondo_runtime.idempotency``), the first request's fingerprint, and — once
    that request is done — the draw it made and its answer. ``completed_at`` is empty while the first
    request is still running: a concurrent retry waits for it instead of drawing a second time."""

    __tablename__ = "idempotency_keys"

    scope: str = Field(primary_key=True, max_length=64)
    fingerprint: str = Field(max_length=64)
    resource_id: str | None = Field(default=None, max_length=64)
    response: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
    completed_at: datetime | None = Field(default=None, sa_column=Column(DateTime(timezone=True), nullable=True))
