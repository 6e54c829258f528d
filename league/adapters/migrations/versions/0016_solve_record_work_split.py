"""How a draw's work used splits: tabu-search work units and CP-SAT deterministic seconds, for its
certificate (docs/rules.md draw.seed.reproducible); draws stored before have none (NULL).

Revision ID: 0016
Revises: 0015
"""

import sqlalchemy as sa
from alembic import op

revision = "0016"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("solve_records") as batch:
        batch.add_column(sa.Column("search_work_used", sa.BigInteger(), nullable=True))
        batch.add_column(sa.Column("cpsat_deterministic_seconds_used", sa.Float(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("solve_records") as batch:
        batch.drop_column("cpsat_deterministic_seconds_used")
        batch.drop_column("search_work_used")
