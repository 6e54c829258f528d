"""ListBookings reads one keyset page (rondo_runtime/paging.py): an index on its order within a club,
start then id, so page 500 is found as fast as page 1.

Revision ID: 0008
Revises: 0007
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_bookings_club_start_id", "bookings", ["club_id", "starts_at", "id"])


def downgrade() -> None:
    op.drop_index("ix_bookings_club_start_id", table_name="bookings")
