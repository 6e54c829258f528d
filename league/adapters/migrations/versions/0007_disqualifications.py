"""Disqualifications: who, in which stage, why, by whom and when (the cup's technical wins from that
stage on; the player's status is set too).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "disqualifications",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("player_id", sa.String(36), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("stage", sa.Integer(), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("player_id", name="uq_disqualifications_player"),
    )
    op.create_index("ix_disqualifications_competition_id", "disqualifications", ["competition_id"])


def downgrade() -> None:
    op.drop_index("ix_disqualifications_competition_id", table_name="disqualifications")
    op.drop_table("disqualifications")
