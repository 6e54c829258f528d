"""Scheduling: matches and their players, availability answers (new rows per answer), meetings,
confirmations and room bookings. No two active bookings of one room overlap, enforced by the database:
an exclusion constraint on PostgreSQL (btree_gist), triggers on SQLite (whose writes are serialized).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

OVERLAP = (
    "SELECT RAISE(ABORT, 'bookings_no_overlap: the room is already booked for that time') "
    "WHERE NEW.status = 'active' AND EXISTS (SELECT 1 FROM bookings b WHERE b.room_id = NEW.room_id "
    "AND b.status = 'active' AND b.id <> NEW.id AND b.starts_at < NEW.ends_at AND NEW.starts_at < b.ends_at);"
)


def _at(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("match_key", sa.String(200), nullable=False, unique=True),
        sa.Column("club_id", sa.String(36), sa.ForeignKey("clubs.id"), nullable=False),
        _at("window_start"),
        _at("window_end"),
        sa.Column("min_minutes", sa.Integer(), nullable=False),
        _at("created_at"),
    )
    op.create_index("ix_matches_club_id", "matches", ["club_id"])
    op.create_table(
        "match_players",
        sa.Column("match_id", sa.String(36), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("player_id", sa.String(64), primary_key=True),
        sa.Column("seat", sa.Integer(), nullable=False),
    )
    op.create_table(
        "availability_answers",
        sa.Column("match_id", sa.String(36), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("player_id", sa.String(64), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        _at("created_at"),
    )
    op.create_table(
        "availability_intervals",
        sa.Column("match_id", sa.String(36), primary_key=True),
        sa.Column("player_id", sa.String(64), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        _at("starts_at"),
        _at("ends_at"),
    )
    op.create_table(
        "meetings",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("match_id", sa.String(36), sa.ForeignKey("matches.id"), nullable=False),
        _at("starts_at"),
        _at("ends_at"),
        sa.Column("hanchans", sa.String(100), nullable=False),
        sa.Column("proposed_by", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("room_id", sa.String(36), nullable=True),
        sa.Column("booking_id", sa.String(36), nullable=True),
        _at("created_at"),
    )
    op.create_index("ix_meetings_match_id", "meetings", ["match_id"])
    op.create_table(
        "confirmations",
        sa.Column("meeting_id", sa.String(36), sa.ForeignKey("meetings.id"), primary_key=True),
        sa.Column("player_id", sa.String(64), primary_key=True),
        sa.Column("availability_version", sa.Integer(), primary_key=True),
        _at("created_at"),
    )
    op.create_table(
        "bookings",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("club_id", sa.String(36), sa.ForeignKey("clubs.id"), nullable=False),
        sa.Column("room_id", sa.String(36), sa.ForeignKey("rooms.id"), nullable=False),
        _at("starts_at"),
        _at("ends_at"),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("match_id", sa.String(36), nullable=True),
        sa.Column("meeting_id", sa.String(36), nullable=True),
        _at("created_at"),
        _at("cancelled_at", nullable=True),
    )
    op.create_index("ix_bookings_club_id", "bookings", ["club_id"])
    op.create_index("ix_bookings_room_time", "bookings", ["room_id", "starts_at"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute("CREATE EXTENSION IF NOT EXISTS btree_gist")
        op.execute(
            "ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap EXCLUDE USING gist "
            "(room_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&) WHERE (status = 'active')"
        )
    else:
        op.execute(f"CREATE TRIGGER bookings_no_overlap_insert BEFORE INSERT ON bookings BEGIN {OVERLAP} END")
        op.execute(f"CREATE TRIGGER bookings_no_overlap_update BEFORE UPDATE ON bookings BEGIN {OVERLAP} END")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        op.execute("DROP TRIGGER IF EXISTS bookings_no_overlap_update")
        op.execute("DROP TRIGGER IF EXISTS bookings_no_overlap_insert")
    for table in (
        "bookings",
        "confirmations",
        "meetings",
        "availability_intervals",
        "availability_answers",
        "match_players",
        "matches",
    ):
        op.drop_table(table)
