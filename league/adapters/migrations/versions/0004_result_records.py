"""Result records of matches (hanchans, penalties, no-shows) and their corrections, never deleted.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "result_records",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("table_number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("content", sa.Text(), nullable=False),
        sa.Column("recorded_by", sa.String(200), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("replaces_record_id", sa.String(36), nullable=True),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.UniqueConstraint("competition_id", "sequence", name="uq_result_records_competition_sequence"),
        sa.UniqueConstraint("replaces_record_id", name="uq_result_records_replaces"),
    )
    op.create_index("ix_result_records_match", "result_records", ["competition_id", "round", "table_number"])


def downgrade() -> None:
    op.drop_index("ix_result_records_match", table_name="result_records")
    op.drop_table("result_records")
