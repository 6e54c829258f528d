"""SQLModel tables of the league database. The schema itself is built by the Alembic migrations in
``migrations/``; a test checks that they agree."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel


class LeagueTable(SQLModel, registry=registry()):
    """Base of this service's tables: its own metadata, apart from every other service's."""


metadata = LeagueTable.metadata


def _utc_column(nullable: bool = False) -> Column:
    return Column(DateTime(timezone=True), nullable=nullable)


class CompetitionRow(LeagueTable, table=True):
    __tablename__ = "competitions"
    # migration 0014: ListCompetitions' keyset order (rondo_runtime/paging.py)
    __table_args__ = (Index("ix_competitions_created_id", "created_at", "id"),)

    id: str = Field(primary_key=True, max_length=36)
    name: str = Field(max_length=200)
    ruleset: str = Field(max_length=64)
    rounds: int
    table_size: int
    created_at: datetime = Field(sa_column=_utc_column())
    published_draw_id: str | None = Field(default=None, max_length=36)
    registration_closed_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))


class PlayerRow(LeagueTable, table=True):
    __tablename__ = "players"
    __table_args__ = (
        UniqueConstraint("competition_id", "name_key", name="uq_players_competition_name"),
        UniqueConstraint("competition_id", "registration_order", name="uq_players_competition_order"),
        Index("ix_players_competition_lookalike", "competition_id", "lookalike_key", unique=True),
    )

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False, index=True))
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)
    registration_order: int
    status: str = Field(max_length=16)
    rating: int | None = None
    # the player's title, bounded like a name (migration 0013_provisional_player_title)
    title: str = Field(default="", max_length=200)
    status_reason: str = Field(default="", max_length=500)
    # rondo_runtime.confusables.lookalike_key(name): look-alike names collide (migration 0012; unique per competition)
    lookalike_key: str | None = Field(default=None, max_length=400)


class DrawRow(LeagueTable, table=True):
    __tablename__ = "draws"
    __table_args__ = (UniqueConstraint("competition_id", "version", name="uq_draws_competition_version"),)

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False, index=True))
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
    # players sitting out each round, a club night's draw (docs/rules.md draw.sit-out.*; migration 0014)
    sitting_out: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    #: The seats, one JSON value for the whole draw: rounds of tables of player ids in seat order,
    #: ``[[["p1","p2","p3","p4"], ...], ...]``. A draw is written once and read whole (review, approve,
    #: publish), so one column instead of one row per seat: a 1 000 x 100 draw is one 4 MB write, not
    #: 100 000 rows, and the write lock is held for milliseconds (issue 7). "A player sits once per round
    #: and only players of the competition sit" is checked by ``model.validate_draw_to_store`` before it
    #: is written; nothing writes a draw's seats afterwards.
    seating: str = Field(default="[]", sa_column=Column(Text, nullable=False))


class IdempotencyKeyRow(LeagueTable, table=True):
    """One idempotency key (``rondo_runtime.idempotency``): its scope (sha256 of caller, method and key),
    the first request's fingerprint and the id of what that request made. Written in the same
    transaction as the resource, so a key never points at nothing."""

    __tablename__ = "idempotency_keys"

    scope: str = Field(primary_key=True, max_length=64)
    fingerprint: str = Field(max_length=64)
    resource_id: str | None = Field(default=None, max_length=36)
    response: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    created_at: datetime = Field(sa_column=_utc_column())


class ResultRecordRow(LeagueTable, table=True):
    """One result record of a match (``league.domain.records``): never updated, never deleted. A
    correction is a new row whose ``replaces_record_id`` points at the row it replaces; the unique
    constraint lets a record be corrected once (later corrections correct the correction)."""

    __tablename__ = "result_records"
    __table_args__ = (
        UniqueConstraint("competition_id", "sequence", name="uq_result_records_competition_sequence"),
        UniqueConstraint("replaces_record_id", name="uq_result_records_replaces"),
        # a match's records in the order entered: ListMatchHistory's keyset page (migration 0017)
        Index("ix_result_records_match_sequence", "competition_id", "stage", "round", "table_number", "sequence"),
        # a match's no-shows, whatever its length (migration 0017)
        Index("ix_result_records_match_kind", "competition_id", "stage", "round", "table_number", "kind"),
    )

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False))
    sequence: int
    stage: int = 1  # league.domain.stages: 1 is a drawn competition's regular stage
    round: int
    table_number: int
    kind: str = Field(max_length=16)
    #: The record's content as JSON (``league.adapters.repository``): scores, a penalty or a no-show.
    content: str = Field(sa_column=Column(Text, nullable=False))
    recorded_by: str = Field(max_length=200)
    recorded_at: datetime = Field(sa_column=_utc_column())
    replaces_record_id: str | None = Field(default=None, max_length=36)
    reason: str = Field(default="", max_length=500)
    #: A player of the table reported it (``league.domain.mahjong.reviews``); NULL: entered by the organizer or a judge.
    reported_by_player_id: str | None = Field(default=None, max_length=36)


class StageRow(LeagueTable, table=True):
    """One stage of a competition (``league.domain.stages``): generated once from stored standings and
    the solver's pairings; only ``status`` and ``completed_at`` change afterwards (open -> completed)."""

    __tablename__ = "stages"
    __table_args__ = (UniqueConstraint("competition_id", "number", name="uq_stages_competition_number"),)

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False, index=True))
    number: int
    kind: str = Field(max_length=64)
    name: str = Field(max_length=200)
    status: str = Field(max_length=16)
    #: rounds of tables of player ids in seat order, as JSON (like a draw's seating)
    seating: str = Field(sa_column=Column(Text, nullable=False))
    details: str = Field(sa_column=Column(Text, nullable=False))  # JSON object
    basis: str = Field(sa_column=Column(Text, nullable=False))  # JSON object
    created_by: str = Field(max_length=200)
    created_at: datetime = Field(sa_column=_utc_column())
    completed_at: datetime | None = Field(default=None, sa_column=_utc_column(nullable=True))


# --- player reports, pinned rulesets, tie decisions (league.domain.mahjong.reviews, .pinning, .lots): append-only ---


class RecordReviewRow(LeagueTable, table=True):
    """A confirmation or dispute by a player of the table, or a judge's decision, on one result record.
    Never updated, never deleted: a record's status is derived from these rows."""

    __tablename__ = "record_reviews"
    __table_args__ = (
        UniqueConstraint("competition_id", "sequence", name="uq_record_reviews_competition_sequence"),
        Index("ix_record_reviews_record", "record_id"),
    )

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False))
    record_id: str = Field(sa_column=Column(String(36), ForeignKey("result_records.id"), nullable=False))
    player_id: str | None = Field(default=None, max_length=36)
    judge: str = Field(default="", max_length=200)
    verdict: str = Field(max_length=16)
    reason: str = Field(default="", max_length=500)
    at: datetime = Field(sa_column=_utc_column())
    sequence: int


class RulesetVersionRow(LeagueTable, table=True):
    """One version of a competition's ruleset as JSON data, with who changed it and why."""

    __tablename__ = "ruleset_versions"

    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), primary_key=True))
    version: int = Field(primary_key=True)
    name: str = Field(max_length=200)
    data: str = Field(sa_column=Column(Text, nullable=False))
    reason: str = Field(default="", max_length=500)
    changed_by: str = Field(default="", max_length=200)
    at: datetime = Field(sa_column=_utc_column())


class TieDecisionRow(LeagueTable, table=True):
    """The organizer's decision on a tie (his order, or a lot from the recorded seed)."""

    __tablename__ = "tie_decisions"
    __table_args__ = (UniqueConstraint("competition_id", "sequence", name="uq_tie_decisions_competition_sequence"),)

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False))
    sequence: int
    #: The tied players in the decided order, best first, as a JSON list of player ids.
    players: str = Field(sa_column=Column(Text, nullable=False))
    method: str = Field(max_length=16)
    seed: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    reason: str = Field(default="", max_length=500)
    decided_by: str = Field(max_length=200)
    at: datetime = Field(sa_column=_utc_column())
    #: The stage whose standings it decides (1: a drawn competition's regular stage).
    stage: int = Field(default=1, sa_column=Column(Integer, nullable=False, server_default="1"))


class PlayoffDecisionRow(LeagueTable, table=True):
    """The organizer's decision on a stored playoff the corrected standings no longer give
    (``league.domain.mahjong.playoff_basis``): REGENERATE (the removed stages kept here) or KEEP; append-only."""

    __tablename__ = "playoff_decisions"
    __table_args__ = (UniqueConstraint("competition_id", "sequence", name="uq_playoff_decisions_competition_sequence"),)

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False))
    sequence: int
    kind: str = Field(max_length=16)
    reason: str = Field(max_length=500)
    decided_by: str = Field(max_length=200)
    at: datetime = Field(sa_column=_utc_column())
    stored: str = Field(sa_column=Column(Text, nullable=False))  # JSON list of player ids
    qualified: str = Field(sa_column=Column(Text, nullable=False))  # JSON list of player ids
    removed: str = Field(sa_column=Column(Text, nullable=False))  # JSON list of the removed stages


class DisqualificationRow(LeagueTable, table=True):
    """One disqualification (``league.domain.disqualification``): written once, never updated or deleted;
    the player's status and reason are set in the same transaction."""

    __tablename__ = "disqualifications"
    __table_args__ = (
        Index("ix_disqualifications_competition_id", "competition_id"),
        UniqueConstraint("player_id", name="uq_disqualifications_player"),
    )
    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), nullable=False))
    player_id: str = Field(sa_column=Column(String(36), ForeignKey("players.id"), nullable=False))
    stage: int
    reason: str = Field(max_length=500)
    recorded_by: str = Field(max_length=200)
    recorded_at: datetime = Field(sa_column=_utc_column())


class SeedCommitmentRow(LeagueTable, table=True):
    """A competition's committed draw seed (``league.domain.commitment``): written once, never changed;
    the seed and nonce are revealed only with a published draw's certificate."""

    __tablename__ = "seed_commitments"

    competition_id: str = Field(sa_column=Column(String(36), ForeignKey("competitions.id"), primary_key=True))
    seed: int = Field(sa_column=Column(BigInteger, nullable=False))
    nonce: str = Field(max_length=64)
    commitment: str = Field(max_length=64)
    committed_by: str = Field(max_length=200)
    committed_at: datetime = Field(sa_column=_utc_column())


class SolveRecordRow(LeagueTable, table=True):
    """What the solver was asked for a draw and how far it went (``league.domain.certificate``):
    written with the draw, never changed."""

    __tablename__ = "solve_records"

    draw_id: str = Field(sa_column=Column(String(36), ForeignKey("draws.id"), primary_key=True))
    solver_request: bytes = Field(sa_column=Column(LargeBinary, nullable=False))
    work_budget: int = Field(sa_column=Column(BigInteger, nullable=False))
    work_used: int = Field(sa_column=Column(BigInteger, nullable=False))
    reproducible: bool
    # how work_used splits (NULL: stored before the split was recorded)
    search_work_used: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    cpsat_deterministic_seconds_used: float | None = Field(default=None, sa_column=Column(Float, nullable=True))
