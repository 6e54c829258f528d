"""What a match's meetings can never be, held by the database even if the service code were wrong
(docs/rules.md schedule.booking.invariants-in-database):

* no ACTIVE booking for a meeting that is not BOOKED with that booking (triggers on both databases:
  a booking is made active only for its booked meeting; a meeting with an active booking stays booked);
* at most one BOOKED meeting per match and hanchan set (a partial unique index);
* a player in at most one BOOKED meeting at a time: ``booked_players`` holds one row per player of each
  booked meeting, kept by triggers on ``meetings``; no two rows of one player overlap (an exclusion
  constraint on PostgreSQL, a trigger on SQLite, like ``bookings_no_overlap``).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

NOT_BOOKED = "bookings_meeting_booked: an active booking belongs to its booked meeting"
KEEPS_BOOKING = "meetings_keep_booking: a meeting with an active booking stays booked with it"
PLAYER_TWICE = "booked_players_no_overlap: a player is already booked in another meeting at that time"

# SQLite (writes serialized: a check at the statement is enough)
SQLITE_BOOKING = (
    f"SELECT RAISE(ABORT, '{NOT_BOOKED}') WHERE NEW.status = 'active' AND NEW.meeting_id IS NOT NULL "
    "AND NOT EXISTS (SELECT 1 FROM meetings m WHERE m.id = NEW.meeting_id AND m.status = 'booked' AND m.booking_id = NEW.id);"
)
SQLITE_MEETING = (
    f"SELECT RAISE(ABORT, '{KEEPS_BOOKING}') WHERE EXISTS (SELECT 1 FROM bookings b WHERE b.meeting_id = NEW.id "
    "AND b.status = 'active' AND (NEW.status <> 'booked' OR NEW.booking_id IS NULL OR b.id <> NEW.booking_id));"
)
SQLITE_SEATS = (
    "DELETE FROM booked_players WHERE meeting_id = NEW.id; "
    "INSERT INTO booked_players (meeting_id, player_id, starts_at, ends_at) "
    "SELECT NEW.id, p.player_id, NEW.starts_at, NEW.ends_at FROM match_players p "
    "WHERE p.match_id = NEW.match_id AND NEW.status = 'booked';"
)
SQLITE_PLAYER_OVERLAP = (
    f"SELECT RAISE(ABORT, '{PLAYER_TWICE}') WHERE EXISTS (SELECT 1 FROM booked_players o "
    "WHERE o.player_id = NEW.player_id AND o.meeting_id <> NEW.meeting_id "
    "AND julianday(o.starts_at) < julianday(NEW.ends_at) AND julianday(NEW.starts_at) < julianday(o.ends_at));"
)

# PostgreSQL
PG_FUNCTIONS = f"""
CREATE FUNCTION bookings_meeting_booked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'active' AND NEW.meeting_id IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM meetings m WHERE m.id = NEW.meeting_id AND m.status = 'booked' AND m.booking_id = NEW.id FOR SHARE) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = '{NOT_BOOKED}';
  END IF;
  RETURN NEW;
END $$;
CREATE FUNCTION meetings_keep_booking() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM bookings b WHERE b.meeting_id = NEW.id AND b.status = 'active'
             AND (NEW.status <> 'booked' OR NEW.booking_id IS NULL OR b.id <> NEW.booking_id)) THEN
    RAISE EXCEPTION USING ERRCODE = 'check_violation', MESSAGE = '{KEEPS_BOOKING}';
  END IF;
  RETURN NEW;
END $$;
CREATE FUNCTION meetings_booked_players() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booked_players WHERE meeting_id = NEW.id;
  IF NEW.status = 'booked' THEN
    INSERT INTO booked_players (meeting_id, player_id, starts_at, ends_at)
      SELECT NEW.id, p.player_id, NEW.starts_at, NEW.ends_at FROM match_players p WHERE p.match_id = NEW.match_id;
  END IF;
  RETURN NULL;
END $$;
"""


def upgrade() -> None:
    op.create_index(
        "uq_meetings_booked_hanchans",
        "meetings",
        ["match_id", "hanchans"],
        unique=True,
        postgresql_where=sa.text("status = 'booked'"),
        sqlite_where=sa.text("status = 'booked'"),
    )
    op.create_table(
        "booked_players",
        sa.Column("meeting_id", sa.String(36), sa.ForeignKey("meetings.id"), primary_key=True),
        sa.Column("player_id", sa.String(64), primary_key=True),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "ALTER TABLE booked_players ADD CONSTRAINT booked_players_no_overlap EXCLUDE USING gist "
            "(player_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&)"
        )
        op.execute(PG_FUNCTIONS)
        op.execute(
            "CREATE TRIGGER bookings_meeting_booked BEFORE INSERT OR UPDATE ON bookings "
            "FOR EACH ROW EXECUTE FUNCTION bookings_meeting_booked()"
        )
        op.execute(
            "CREATE TRIGGER meetings_keep_booking BEFORE UPDATE ON meetings FOR EACH ROW EXECUTE FUNCTION meetings_keep_booking()"
        )
        op.execute(
            "CREATE TRIGGER meetings_booked_players AFTER INSERT OR UPDATE ON meetings "
            "FOR EACH ROW EXECUTE FUNCTION meetings_booked_players()"
        )
    else:
        op.execute(f"CREATE TRIGGER booked_players_no_overlap BEFORE INSERT ON booked_players BEGIN {SQLITE_PLAYER_OVERLAP} END")
        op.execute(f"CREATE TRIGGER bookings_meeting_booked_insert BEFORE INSERT ON bookings BEGIN {SQLITE_BOOKING} END")
        op.execute(f"CREATE TRIGGER bookings_meeting_booked_update BEFORE UPDATE ON bookings BEGIN {SQLITE_BOOKING} END")
        op.execute(f"CREATE TRIGGER meetings_keep_booking BEFORE UPDATE ON meetings BEGIN {SQLITE_MEETING} END")
        op.execute(f"CREATE TRIGGER meetings_booked_players_insert AFTER INSERT ON meetings BEGIN {SQLITE_SEATS} END")
        op.execute(f"CREATE TRIGGER meetings_booked_players_update AFTER UPDATE ON meetings BEGIN {SQLITE_SEATS} END")
    op.execute(  # the meetings booked already
        "INSERT INTO booked_players (meeting_id, player_id, starts_at, ends_at) "
        "SELECT m.id, p.player_id, m.starts_at, m.ends_at FROM meetings m JOIN match_players p ON p.match_id = m.match_id "
        "WHERE m.status = 'booked'"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS meetings_booked_players ON meetings")
        op.execute("DROP TRIGGER IF EXISTS meetings_keep_booking ON meetings")
        op.execute("DROP TRIGGER IF EXISTS bookings_meeting_booked ON bookings")
        op.execute("DROP FUNCTION IF EXISTS meetings_booked_players(), meetings_keep_booking(), bookings_meeting_booked()")
    else:
        for name in (
            "meetings_booked_players_update",
            "meetings_booked_players_insert",
            "meetings_keep_booking",
            "bookings_meeting_booked_update",
            "bookings_meeting_booked_insert",
        ):
            op.execute(f"DROP TRIGGER IF EXISTS {name}")
    op.drop_table("booked_players")
    op.drop_index("uq_meetings_booked_hanchans", "meetings")
