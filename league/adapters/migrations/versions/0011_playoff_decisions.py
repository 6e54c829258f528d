"""The organizer's decisions on a stored playoff the corrected standings no longer give (docs/rules.md
mahjong.playoff.stale-after-correction): append-only.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "playoff_decisions",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("decided_by", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("stored", sa.Text(), nullable=False),
        sa.Column("qualified", sa.Text(), nullable=False),
        sa.Column("removed", sa.Text(), nullable=False),
        sa.UniqueConstraint("competition_id", "sequence", name="uq_playoff_decisions_competition_sequence"),
    )


def downgrade() -> None:
    op.drop_table("playoff_decisions")
