"""The club calendar: opening hours and the fallback time per club, recurring series whose occurrences
are booking rows (so the no-overlap constraint / triggers of 0003 cover each one), a change counter and
a cancellation reason per booking (the iCalendar SEQUENCE), a cancellation reason per meeting, the
clubs' feed tokens (SHA-256 only) and the record of matches moved into another window.

Columns are added in place (no table rebuild on SQLite: the triggers of 0003 stay). It follows 0005
(reminders and mediation), which reached the main line first: a database already at 0005 upgrades to
this one.

Revision ID: 0004
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0005"
branch_labels = None
depends_on = None


def _at(name: str, nullable: bool = False) -> sa.Column:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    op.add_column("clubs", sa.Column("opening_hours", sa.String(400), nullable=False, server_default=""))
    op.add_column("clubs", sa.Column("fallback_minute", sa.Integer(), nullable=False, server_default="1080"))
    op.add_column("meetings", sa.Column("cancel_reason", sa.String(500), nullable=True))
    op.create_table(
        "booking_series",
        sa.Column("id", sa.String(36), primary_key=True),
        sa.Column("club_id", sa.String(36), sa.ForeignKey("clubs.id"), nullable=False),
        sa.Column("room_id", sa.String(36), sa.ForeignKey("rooms.id"), nullable=False),
        sa.Column("title", sa.String(200), nullable=False),
        sa.Column("rrule", sa.String(200), nullable=False),
        sa.Column("time_zone", sa.String(64), nullable=False),
        _at("first_start"),
        _at("first_end"),
        _at("created_at"),
    )
    op.create_index("ix_booking_series_club_id", "booking_series", ["club_id"])
    op.add_column("bookings", sa.Column("series_id", sa.String(36), nullable=True))
    op.add_column("bookings", sa.Column("sequence", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("bookings", _at("updated_at", nullable=True))
    op.add_column("bookings", sa.Column("cancel_reason", sa.String(500), nullable=True))
    op.create_index("ix_bookings_series_id", "bookings", ["series_id"])
    op.create_table(
        "calendar_tokens",
        sa.Column("club_id", sa.String(36), sa.ForeignKey("clubs.id"), primary_key=True),
        sa.Column("token_sha256", sa.String(64), nullable=False, unique=True),
        _at("created_at"),
    )
    op.create_table(
        "match_window_moves",
        sa.Column("match_id", sa.String(36), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("position", sa.Integer(), primary_key=True),
        _at("old_start"),
        _at("old_end"),
        _at("new_start"),
        _at("new_end"),
        sa.Column("reason", sa.String(500), nullable=False),
        _at("created_at"),
    )


def downgrade() -> None:
    op.drop_table("match_window_moves")
    op.drop_table("calendar_tokens")
    op.drop_index("ix_bookings_series_id", "bookings")
    for column in ("cancel_reason", "updated_at", "sequence", "series_id"):
        op.drop_column("bookings", column)
    op.drop_index("ix_booking_series_club_id", "booking_series")
    op.drop_table("booking_series")
    op.drop_column("meetings", "cancel_reason")
    op.drop_column("clubs", "fallback_minute")
    op.drop_column("clubs", "opening_hours")
