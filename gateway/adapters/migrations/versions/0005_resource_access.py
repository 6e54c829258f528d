"""Organizers scoped to their clubs and competitions: ``resource_access`` records, per club and per
competition, its owner (the organizer who created it) and the organizers granted access to it
(docs/rules.md access.organizers.scoped). Clubs and competitions made before this revision have no
recorded owner: the gateway's owner (its first organizer) acts on them and may hand them on.

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
        "resource_access",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("resource_id", sa.String(64), nullable=False),
        sa.Column("account_id", sa.String(36), nullable=False),
        sa.Column("owner", sa.Boolean(), nullable=False),
        sa.Column("granted_by", sa.String(64), nullable=False),
        sa.Column("granted_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("revoked_by", sa.String(64), nullable=True),
        sa.UniqueConstraint("kind", "resource_id", "account_id", name="uq_resource_access"),
    )
    op.create_index("ix_resource_access_resource", "resource_access", ["kind", "resource_id"])


def downgrade() -> None:
    op.drop_index("ix_resource_access_resource", table_name="resource_access")
    op.drop_table("resource_access")
