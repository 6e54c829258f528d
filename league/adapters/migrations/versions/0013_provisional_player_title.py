"""A player's title ("1 dan", "MCR master"), bounded like a name (docs/rules.md mahjong.roster.title);
existing players have none ("").

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("title", sa.String(200), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("title")
