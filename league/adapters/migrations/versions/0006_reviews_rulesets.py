"""Player-reported results and their reviews, pinned ruleset versions, tie decisions: append-only.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("result_records") as batch:
        batch.add_column(sa.Column("reported_by_player_id", sa.String(36), nullable=True))
    op.create_table(
        "record_reviews",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("record_id", sa.String(36), sa.ForeignKey("result_records.id"), nullable=False),
        sa.Column("player_id", sa.String(36), nullable=True),
        sa.Column("judge", sa.String(200), nullable=False),
        sa.Column("verdict", sa.String(16), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.UniqueConstraint("competition_id", "sequence", name="uq_record_reviews_competition_sequence"),
    )
    op.create_index("ix_record_reviews_record", "record_reviews", ["record_id"])
    op.create_table(
        "ruleset_versions",
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("changed_by", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "tie_decisions",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("sequence", sa.Integer(), nullable=False),
        sa.Column("players", sa.Text(), nullable=False),
        sa.Column("method", sa.String(16), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("decided_by", sa.String(200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("competition_id", "sequence", name="uq_tie_decisions_competition_sequence"),
    )


def downgrade() -> None:
    op.drop_table("tie_decisions")
    op.drop_table("ruleset_versions")
    op.drop_index("ix_record_reviews_record", table_name="record_reviews")
    op.drop_table("record_reviews")
    with op.batch_alter_table("result_records") as batch:
        batch.drop_column("reported_by_player_id")
