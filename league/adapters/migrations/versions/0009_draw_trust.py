"""A draw anyone can verify: the competition's committed draw seed, and what the solver was asked for
each draw (docs/rules.md draw.trust.seed-commitment).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seed_commitments",
        sa.Column("competition_id", sa.String(36), sa.ForeignKey("competitions.id"), primary_key=True),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("nonce", sa.String(64), nullable=False),
        sa.Column("commitment", sa.String(64), nullable=False),
        sa.Column("committed_by", sa.String(200), nullable=False),
        sa.Column("committed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "solve_records",
        sa.Column("draw_id", sa.String(36), sa.ForeignKey("draws.id"), primary_key=True),
        sa.Column("solver_request", sa.LargeBinary(), nullable=False),
        sa.Column("work_budget", sa.BigInteger(), nullable=False),
        sa.Column("work_used", sa.BigInteger(), nullable=False),
        sa.Column("reproducible", sa.Boolean(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("solve_records")
    op.drop_table("seed_commitments")
