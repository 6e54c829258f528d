"""Competitions, players, draws and their seats.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "competitions",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("table_size", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("published_draw_id", sa.String(36), nullable=True),
        sa.Column("idempotency_key", sa.String(128), nullable=True, unique=True),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("registration_order", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=True),
        sa.Column("status_reason", sa.String(500), nullable=False),
        sa.Column("idempotency_key", sa.String(128), nullable=True),
        sa.UniqueConstraint("competition_id", "name_key", name="uq_players_competition_name"),
        sa.UniqueConstraint("competition_id", "registration_order", name="uq_players_competition_order"),
        sa.UniqueConstraint("competition_id", "idempotency_key", name="uq_players_competition_idempotency"),
    )
    op.create_index("ix_players_competition_id", "players", ["competition_id"])
    op.create_table(
        "draws",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("objective", sa.String(200), nullable=False),
        sa.Column("lower_bound", sa.String(200), nullable=False),
        sa.Column("proven_optimal", sa.Boolean(), nullable=False),
        sa.Column("method", sa.String(64), nullable=False),
        sa.Column("replaces_draw_id", sa.String(36), nullable=True),
        sa.Column("played_rounds", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("players_moved", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("approved_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("idempotency_key", sa.String(128), nullable=True),
        sa.UniqueConstraint("competition_id", "version", name="uq_draws_competition_version"),
        sa.UniqueConstraint("competition_id", "idempotency_key", name="uq_draws_competition_idempotency"),
    )
    op.create_index("ix_draws_competition_id", "draws", ["competition_id"])
    op.create_table(
        "draw_seats",
        sa.Column("draw_id", sa.String(36), sa.ForeignKey("draws.id"), primary_key=True),
        sa.Column("round", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.String(36), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
    )
    op.create_index("ix_draw_seats_player", "draw_seats", ["player_id"])


def downgrade() -> None:
    op.drop_table("draw_seats")
    op.drop_table("draws")
    op.drop_table("players")
    op.drop_table("competitions")
