"""ListClubs, ListReminders, ListMediations and ListTimeouts read one keyset page (rondo_runtime/paging.py)
with an index on each order, so page 500 is found as fast as page 1: a club's case-folded name (a new
column, filled here from the names, compared by code point: the "C" collation on PostgreSQL) then id;
a club's reminders by instant, match key, id; a competition's mediations by request time, then id; its
time-outs by first day, then id. The index of each list replaces the narrower one it begins with.

Columns are added in place (no table rebuild on SQLite: the triggers of 0003 stay).

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    name_key = sa.String(200).with_variant(sa.String(200, collation="C"), "postgresql")
    op.add_column("clubs", sa.Column("name_key", name_key, nullable=False, server_default=""))
    clubs = sa.table("clubs", sa.column("id", sa.String), sa.column("name", sa.String), sa.column("name_key", sa.String))
    connection = op.get_bind()
    for club_id, name in connection.execute(sa.select(clubs.c.id, clubs.c.name)).all():
        connection.execute(sa.update(clubs).where(clubs.c.id == club_id).values(name_key=name.casefold()))
    op.create_index("ix_clubs_name_key_id", "clubs", ["name_key", "id"])
    op.drop_index("ix_reminders_club_due", table_name="reminders")
    op.create_index("ix_reminders_club_due", "reminders", ["club_id", "due_at", "match_key", "id"])
    op.drop_index("ix_mediations_competition", table_name="mediations")
    op.create_index("ix_mediations_competition_requested_id", "mediations", ["competition_id", "requested_at", "id"])
    op.create_index("ix_mediation_timeouts_competition_starts_id", "mediation_timeouts", ["competition_id", "starts_on", "id"])


def downgrade() -> None:
    op.drop_index("ix_mediation_timeouts_competition_starts_id", table_name="mediation_timeouts")
    op.drop_index("ix_mediations_competition_requested_id", table_name="mediations")
    op.create_index("ix_mediations_competition", "mediations", ["competition_id"])
    op.drop_index("ix_reminders_club_due", table_name="reminders")
    op.create_index("ix_reminders_club_due", "reminders", ["club_id", "due_at"])
    op.drop_index("ix_clubs_name_key_id", table_name="clubs")
    op.drop_column("clubs", "name_key")
