"""Stages generated after the draw (playoff rounds, Up&Down groups, cup stages) and the stage of
every result record.

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "stages",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(64), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("seating", sa.Text(), nullable=False),
        sa.Column("details", sa.Text(), nullable=False),
        sa.Column("basis", sa.Text(), nullable=False),
        sa.Column("created_by", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("completed_at", sa.DateTime(timezone=True), nullable=True),
        sa.UniqueConstraint("competition_id", "number", name="uq_stages_competition_number"),
    )
    op.create_index("ix_stages_competition_id", "stages", ["competition_id"])
    with op.batch_alter_table("result_records") as batch:
        batch.add_column(sa.Column("stage", sa.Integer(), nullable=False, server_default="1"))
        batch.drop_index("ix_result_records_match")
        batch.create_index("ix_result_records_match", ["competition_id", "stage", "round", "table_number"])


def downgrade() -> None:
    with op.batch_alter_table("result_records") as batch:
        batch.drop_index("ix_result_records_match")
        batch.create_index("ix_result_records_match", ["competition_id", "round", "table_number"])
        batch.drop_column("stage")
    op.drop_index("ix_stages_competition_id", table_name="stages")
    op.drop_table("stages")
