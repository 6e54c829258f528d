"""Events appended at most once: ``events.once_key``, unique where set (a `reminder.due` per reminder,
whatever restarts or replicas publish it; docs/rules.md schedule.reminder.published-once).

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("once_key", sa.String(100), nullable=True))
        batch.create_unique_constraint("uq_events_once_key", ["once_key"])


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_constraint("uq_events_once_key", type_="unique")
        batch.drop_column("once_key")
