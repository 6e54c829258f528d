"""Reminders and mediation: a match's number of games; each club's reminder instant; the reminders
recorded once per match and instant (a unique constraint) with their delivery; the Up&Down stage
calendars, mediations (one per game) and time-outs.

Revision ID: 0005
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0003"
branch_labels = None
depends_on = None


def _at(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("games", sa.Integer(), nullable=False, server_default="3"))
    op.create_table(
        "reminder_schedules",
        sa.Column("club_id", sa.String(36), sa.ForeignKey("clubs.id"), primary_key=True),
        sa.Column("weekday", sa.Integer(), nullable=False),
        sa.Column("local_time", sa.String(5), nullable=False),
        _at("updated_at"),
    )
    op.create_table(
        "reminders",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("match_id", sa.String(36), sa.ForeignKey("matches.id"), nullable=False),
        sa.Column("match_key", sa.String(200), nullable=False),
        sa.Column("club_id", sa.String(36), sa.ForeignKey("clubs.id"), nullable=False),
        _at("due_at"),
        _at("window_start"),
        _at("window_end"),
        sa.Column("reason", sa.String(32), nullable=False),
        sa.Column("player_ids", sa.Text(), nullable=False),
        _at("created_at"),
        _at("published_at", nullable=True),
        _at("acknowledged_at", nullable=True),
        sa.Column("acknowledged_by", sa.String(200), nullable=True),
        sa.UniqueConstraint("match_id", "due_at", name="uq_reminders_match_due"),
    )
    op.create_index("ix_reminders_club_due", "reminders", ["club_id", "due_at"])
    op.create_table(
        "mediation_calendars",
        sa.Column("competition_id", sa.String(64), primary_key=True),
        sa.Column("stage", sa.Integer(), primary_key=True),
        sa.Column("division", sa.String(16), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        sa.Column("second_round_starts_on", sa.Date(), nullable=True),
        sa.Column("fixed_schedule", sa.Boolean(), nullable=False),
        _at("updated_at"),
    )
    op.create_table(
        "mediations",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(64), nullable=False),
        sa.Column("stage", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("requester_id", sa.String(64), nullable=False),
        sa.Column("opponent_id", sa.String(64), nullable=False),
        _at("requested_at"),
        sa.Column("week_starts_on", sa.Date(), nullable=False),
        sa.Column("requester_days", sa.String(64), nullable=False),
        sa.Column("requester_time", sa.String(5), nullable=True),
        _at("answer_due_at"),
        sa.Column("opponent_days", sa.String(64), nullable=False),
        sa.Column("opponent_time", sa.String(5), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        _at("scheduled_at", nullable=True),
        sa.Column("decided_by", sa.String(16), nullable=True),
        sa.Column("absent_ids", sa.Text(), nullable=False),
        _at("closed_at", nullable=True),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.UniqueConstraint("competition_id", "stage", "round", "table_number", name="uq_mediations_game"),
    )
    op.create_index("ix_mediations_competition", "mediations", ["competition_id"])
    op.create_table(
        "mediation_timeouts",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(64), nullable=False),
        sa.Column("stage", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(64), nullable=False),
        sa.Column("starts_on", sa.Date(), nullable=False),
        sa.Column("ends_on", sa.Date(), nullable=False),
        sa.Column("clipped", sa.Boolean(), nullable=False),
        _at("requested_at"),
    )
    op.create_index("ix_mediation_timeouts_competition", "mediation_timeouts", ["competition_id", "player_id"])


def downgrade() -> None:
    for table in ("mediation_timeouts", "mediations", "mediation_calendars", "reminders", "reminder_schedules"):
        op.drop_table(table)
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("games")
