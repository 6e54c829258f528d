"""ListCompetitions reads one keyset page (rondo_runtime/paging.py): an index on its order, creation
time then id, so page 500 is found as fast as page 1.

Revision ID: 0014
Revises: 0013
"""

from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_competitions_created_id", "competitions", ["created_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_competitions_created_id", table_name="competitions")
