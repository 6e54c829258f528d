"""Idempotency keys in one table, scoped to the caller and the method and bound to a fingerprint of the
request (``rondo_runtime.idempotency``), instead of a global key column on each resource.

The old per-resource keys had no fingerprint and were global (another caller's key returned this
caller's competition), so they are not carried over: a retry of a request sent before the upgrade
makes a new resource.

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
    op.create_table(
        "idempotency_keys",
        sa.Column("scope", sa.String(64), primary_key=True),
        sa.Column("fingerprint", sa.String(64), nullable=False),
        sa.Column("resource_id", sa.String(36), nullable=True),
        sa.Column("response", sa.LargeBinary(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("draws") as batch:
        batch.drop_constraint("uq_draws_competition_idempotency", type_="unique")
        batch.drop_column("idempotency_key")
    with op.batch_alter_table("players") as batch:
        batch.drop_constraint("uq_players_competition_idempotency", type_="unique")
        batch.drop_column("idempotency_key")
    with op.batch_alter_table("competitions") as batch:
        batch.drop_column("idempotency_key")  # its unnamed unique constraint goes with it


def downgrade() -> None:
    with op.batch_alter_table("competitions") as batch:
        batch.add_column(sa.Column("idempotency_key", sa.String(128), nullable=True))
        batch.create_unique_constraint("uq_competitions_idempotency", ["idempotency_key"])
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("idempotency_key", sa.String(128), nullable=True))
        batch.create_unique_constraint("uq_players_competition_idempotency", ["competition_id", "idempotency_key"])
    with op.batch_alter_table("draws") as batch:
        batch.add_column(sa.Column("idempotency_key", sa.String(128), nullable=True))
        batch.create_unique_constraint("uq_draws_competition_idempotency", ["competition_id", "idempotency_key"])
    op.drop_table("idempotency_keys")
