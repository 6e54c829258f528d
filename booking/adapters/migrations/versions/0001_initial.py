"""Clubs and rooms.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("time_zone", sa.String(64), nullable=False),
        sa.Column("idempotency_key", sa.String(128), nullable=True, unique=True),
    )
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("club_id", sa.String(36), sa.ForeignKey("clubs.id"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("name_key", sa.String(200), nullable=False),
        sa.Column("idempotency_key", sa.String(128), nullable=True),
        sa.UniqueConstraint("club_id", "name_key", name="uq_rooms_club_name"),
        sa.UniqueConstraint("club_id", "idempotency_key", name="uq_rooms_club_idempotency"),
    )
    op.create_index("ix_rooms_club_id", "rooms", ["club_id"])


def downgrade() -> None:
    op.drop_table("rooms")
    op.drop_table("clubs")
