"""How many players sit out each round of a draw (a club night, docs/rules.md draw.sit-out.*);
existing draws seat everyone (0).

Revision ID: 0015
Revises: 0014
"""

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("draws") as batch:
        batch.add_column(sa.Column("sitting_out", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("draws") as batch:
        batch.drop_column("sitting_out")
