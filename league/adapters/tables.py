"""SQLModel tables of the league database. The schema itself is built by the Alembic migrations in
``migrations/``; a test checks that they agree."""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import BigInteger, Column, DateTime, ForeignKey, Index, String, UniqueConstraint
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel



class LeagueTable(SQLModel, registry=registry()):
    """Base of this service's tables: its own metadata, apart from every other service's."""


metadata = LeagueTable.metadata


def _utc_column(nullable: bool = False) -> Column:
    return Column(DateTime(timezone=True), nullable=nullable)


class CompetitionRow(LeagueTable, table=True):
    __tablename__ = "competitions"

    id: str = Field(primary_key=True, max_length=36)
    name: str = Field(max_length=200)
    ruleset: str = Field(max_length=64)
    rounds: int
    table_size: int
    created_at: datetime = Field(sa_column=_utc_column())
    published_draw_id: str | None = Field(default=None, max_length=36)
    idempotency_key: str | None = Field(default=None, max_length=128, unique=True)


class PlayerRow(LeagueTable, table=True):
    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("competition_id", "name_key", name="uq_players_competition_name"),
        UniqueConstraint("competition_id", "registration_order", name="uq_players_competition_order"),
        UniqueConstraint("competition_id", "idempotency_key", name="uq_players_competition_idempotency"),
    )

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(
        sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False, index=True)
    )
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    registration_order: int
    status: str = Field(max_length=16)
    rating: int | None = None
    status_reason: str = Field(default="", max_length=500)
    idempotency_key: str | None = Field(default=None, max_length=128)


class DrawRow(LeagueTable, table=True):
    __tablename__ = "draws"
    __table_args__ = (
        UniqueConstraint("competition_id", "version", name="uq_draws_competition_version"),
        UniqueConstraint("competition_id", "idempotency_key", name="uq_draws_competition_idempotency"),
    )

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(
        sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False, index=True)
    )
    version: int
    status: str = Field(max_length=16)
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    objective: str = Field(max_length=200)  # comma-separated integers, lexicographic order
    lower_bound: str = Field(max_length=200)
    proven_optimal: bool
    method: str = Field(max_length=64)
    replaces_draw_id: str | None = Field(default=None, max_length=36)
    played_rounds: int = 0
    reason: str = Field(default="", max_length=500)
    players_moved: int | None = None
    created_at: datetime = Field(sa_column=_utc_column())
    approved_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))
    idempotency_key: str | None = Field(default=None, max_length=128)


class DrawSeatRow(LeagueTable, table=True):
    """One seat of one round of a draw. The primary key makes "a player sits once per round" a
    database guarantee."""

    __tablename__ = "draw_seats"
    __table_args__ = (Index("ix_draw_seats_player", "player_id"),)

    draw_id: str = Field(sa_column=Column(String(36), ForeignKey("draws.id"), primary_key=True))
    round: int = Field(primary_key=True)
    player_id: str = Field(sa_column=Column(String(36), ForeignKey("players.id"), primary_key=True))
    table_number: int
    seat: int
