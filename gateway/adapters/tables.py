"""The gateway's own small database: the event log that bots follow (draws proposed and published)."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, DateTime, Index, Text
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class GatewayTable(SQLModel, registry=registry()):
    """Base of the gateway's tables: its own metadata."""


metadata = GatewayTable.metadata


class EventRow(GatewayTable, table=True):
    __tablename__ = "events"
    __table_args__ = (Index("ix_events_competition", "competition_id"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=64)
    competition_id: str = Field(max_length=36)
    subject_id: str = Field(max_length=36)
    payload: str = Field(default="{}", sa_type=Text)
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))
