"""Tie decisions name the stage whose standings they decide (an Up&Down extra match decides a tie of
one stage); the decisions stored before are the regular stage's (1).

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tie_decisions") as batch:
        batch.add_column(sa.Column("stage", sa.Integer(), nullable=False, server_default="1"))


def downgrade() -> None:
    with op.batch_alter_table("tie_decisions") as batch:
        batch.drop_column("stage")
