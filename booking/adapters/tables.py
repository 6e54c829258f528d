"""SQLModel tables of the booking database; the schema is built by the migrations in ``migrations/``."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
    text,
)
from sqlalchemy.orm import registry
from sqlmodel import Field, SQLModel

#: A case-folded name: compared by code point on PostgreSQL too (its "C" collation), as Python's sort and
#: SQLite's BINARY compare, whatever the database's default collation.
NAME_KEY_TYPE = String(200).with_variant(String(200, collation="C"), "postgresql")


class BookingTable(SQLModel, registry=registry()):
    """Base of this service's tables: its own metadata, apart from every other service's."""


metadata = BookingTable.metadata


class ClubRow(BookingTable, table=True):
    __tablename__ = "clubs"
    # ListClubs' keyset page: by case-folded name, then id (migration 0009)
    __table_args__ = (Index("ix_clubs_name_key_id", "name_key", "id"),)

    id: str = Field(primary_key=True, max_length=36)
    name: str = Field(max_length=200)
    # the name case-folded (``str.casefold``), compared by code point as Python compares it (migration 0009)
    name_key: str = Field(sa_column=Column(NAME_KEY_TYPE, nullable=False, server_default=""))
    time_zone: str = Field(max_length=64)
    # migration 0004: the canonical text of booking/domain/opening_hours.py ("" = 24/7) and the fallback time
    opening_hours: str = Field(sa_column=Column(String(400), nullable=False, server_default=""))
    fallback_minute: int = Field(sa_column=Column(Integer, nullable=False, server_default="1080"))


class RoomRow(BookingTable, table=True):
    __tablename__ = "rooms"
    __table_args__ = (UniqueConstraint("club_id", "name_key", name="uq_rooms_club_name"),)

    id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    name: str = Field(max_length=200)
    name_key: str = Field(max_length=200)


class IdempotencyKeyRow(BookingTable, table=True):
    """One idempotency key (``rondo_runtime.idempotency``): its scope (sha256 of caller, method and key),
    the first request's fingerprint and the id of what that request made, written in the same
    transaction as the resource."""

    __tablename__ = "idempotency_keys"

    scope: str = Field(primary_key=True, max_length=64)
    fingerprint: str = Field(max_length=64)
    resource_id: str | None = Field(default=None, max_length=36)
    response: bytes | None = Field(default=None, sa_column=Column(LargeBinary, nullable=True))
    created_at: datetime = Field(sa_column=Column(DateTime(timezone=True), nullable=False))


# --- scheduling (migration 0003): matches, availability, meetings, confirmations, bookings ---
def _at(nullable: bool = False) -> Column:
    return Column(DateTime(timezone=True), nullable=nullable)


class MatchRow(BookingTable, table=True):
    __tablename__ = "matches"

    id: str = Field(primary_key=True, max_length=36)
    match_key: str = Field(sa_column=Column(String(200), nullable=False, unique=True))
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    window_start: datetime = Field(sa_column=_at())
    window_end: datetime = Field(sa_column=_at())
    min_minutes: int
    created_at: datetime = Field(sa_column=_at())
    games: int = Field(default=3, sa_column=Column(Integer, nullable=False, server_default="3"))  # migration 0005
    one_meeting: bool = Field(default=False, sa_column=Column(Boolean, nullable=False, server_default=false()))  # migration 0006


class MatchPlayerRow(BookingTable, table=True):
    __tablename__ = "match_players"

    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), primary_key=True))
    player_id: str = Field(primary_key=True, max_length=64)
    seat: int


class AvailabilityRow(BookingTable, table=True):
    """One answer of one player for one match (new rows only: the latest version is the answer)."""

    __tablename__ = "availability_answers"

    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), primary_key=True))
    player_id: str = Field(primary_key=True, max_length=64)
    version: int = Field(primary_key=True)
    created_at: datetime = Field(sa_column=_at())


class AvailabilityIntervalRow(BookingTable, table=True):
    __tablename__ = "availability_intervals"

    match_id: str = Field(primary_key=True, max_length=36)
    player_id: str = Field(primary_key=True, max_length=64)
    version: int = Field(primary_key=True)
    position: int = Field(primary_key=True)
    starts_at: datetime = Field(sa_column=_at())
    ends_at: datetime = Field(sa_column=_at())


class MeetingRow(BookingTable, table=True):
    """A meeting of a match. The database holds what it can never be (migration 0007): at most one
    BOOKED meeting per match and hanchan set (this index), an active booking only for its booked
    meeting, a player in at most one booked meeting at a time (``booked_players``)."""

    __tablename__ = "meetings"
    __table_args__ = (
        Index(
            "uq_meetings_booked_hanchans",
            "match_id",
            "hanchans",
            unique=True,
            postgresql_where=text("status = 'booked'"),
            sqlite_where=text("status = 'booked'"),
        ),
    )

    id: str = Field(primary_key=True, max_length=36)
    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), nullable=False, index=True))
    starts_at: datetime = Field(sa_column=_at())
    ends_at: datetime = Field(sa_column=_at())
    hanchans: str = Field(max_length=100)
    proposed_by: str = Field(max_length=64)
    status: str = Field(max_length=16)
    room_id: str | None = Field(default=None, max_length=36)
    booking_id: str | None = Field(default=None, max_length=36)
    created_at: datetime = Field(sa_column=_at())
    cancel_reason: str | None = Field(default=None, max_length=500)  # migration 0004


class BookedPlayerRow(BookingTable, table=True):
    """One player of one booked meeting, written only by triggers on ``meetings`` (migration 0007): no two
    rows of one player overlap (an exclusion constraint on PostgreSQL, a trigger on SQLite)."""

    __tablename__ = "booked_players"

    meeting_id: str = Field(sa_column=Column(String(36), ForeignKey("meetings.id"), primary_key=True))
    player_id: str = Field(primary_key=True, max_length=64)
    starts_at: datetime = Field(sa_column=_at())
    ends_at: datetime = Field(sa_column=_at())


class ConfirmationRow(BookingTable, table=True):
    __tablename__ = "confirmations"

    meeting_id: str = Field(sa_column=Column(String(36), ForeignKey("meetings.id"), primary_key=True))
    player_id: str = Field(primary_key=True, max_length=64)
    availability_version: int = Field(primary_key=True)
    created_at: datetime = Field(sa_column=_at())


class BookingRow(BookingTable, table=True):
    """A room taken for a time. No two active bookings of one room overlap: an exclusion constraint on
    PostgreSQL, a trigger on SQLite (migration 0003)."""

    __tablename__ = "bookings"
    # migration 0008: ListBookings' keyset order within a club (rondo_runtime/paging.py)
    __table_args__ = (
        Index("ix_bookings_room_time", "room_id", "starts_at"),
        Index("ix_bookings_club_start_id", "club_id", "starts_at", "id"),
    )

    id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    room_id: str = Field(sa_column=Column(String(36), ForeignKey("rooms.id"), nullable=False))
    starts_at: datetime = Field(sa_column=_at())
    ends_at: datetime = Field(sa_column=_at())
    status: str = Field(max_length=16)
    title: str = Field(max_length=200)
    match_id: str | None = Field(default=None, max_length=36)
    meeting_id: str | None = Field(default=None, max_length=36)
    created_at: datetime = Field(sa_column=_at())
    cancelled_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
    # migration 0004: the recurring series it belongs to, its change counter (the iCalendar SEQUENCE),
    # its last change and why it was cancelled
    series_id: str | None = Field(default=None, sa_column=Column(String(36), nullable=True, index=True))
    sequence: int = Field(default=0, sa_column=Column(Integer, nullable=False, server_default="0"))
    updated_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
    cancel_reason: str | None = Field(default=None, max_length=500)


# --- the club calendar (migration 0004): recurring series, feed tokens, window moves ---
class SeriesRow(BookingTable, table=True):
    """A recurring activity: its RRULE and first occurrence (DTSTART in the club's zone); each
    occurrence is a row of ``bookings``."""

    __tablename__ = "booking_series"

    id: str = Field(primary_key=True, max_length=36)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False, index=True))
    room_id: str = Field(sa_column=Column(String(36), ForeignKey("rooms.id"), nullable=False))
    title: str = Field(max_length=200)
    rrule: str = Field(max_length=200)
    time_zone: str = Field(max_length=64)
    first_start: datetime = Field(sa_column=_at())
    first_end: datetime = Field(sa_column=_at())
    created_at: datetime = Field(sa_column=_at())


class CalendarTokenRow(BookingTable, table=True):
    """The club's feed token, stored as its SHA-256 only (the token itself is shown once, when made)."""

    __tablename__ = "calendar_tokens"

    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), primary_key=True))
    token_sha256: str = Field(sa_column=Column(String(64), nullable=False, unique=True))
    created_at: datetime = Field(sa_column=_at())


class WindowMoveRow(BookingTable, table=True):
    """A match moved into another window (the next round's), with the window it replaces and why."""

    __tablename__ = "match_window_moves"

    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), primary_key=True))
    position: int = Field(primary_key=True)
    old_start: datetime = Field(sa_column=_at())
    old_end: datetime = Field(sa_column=_at())
    new_start: datetime = Field(sa_column=_at())
    new_end: datetime = Field(sa_column=_at())
    reason: str = Field(max_length=500)
    created_at: datetime = Field(sa_column=_at())


# --- reminders and mediation (migration 0005) ---
class ReminderScheduleRow(BookingTable, table=True):
    """A club's weekly reminder instant (docs/rules.md schedule.reminder.sunday-evening); no row: Sunday 19:00."""

    __tablename__ = "reminder_schedules"

    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), primary_key=True))
    weekday: int
    local_time: str = Field(max_length=5)
    updated_at: datetime = Field(sa_column=_at())


class ReminderRow(BookingTable, table=True):
    """One reminder of one match at one instant, and its delivery. The unique (match, instant) makes a
    restart or a second replica record it once."""

    __tablename__ = "reminders"
    __table_args__ = (
        UniqueConstraint("match_id", "due_at", name="uq_reminders_match_due"),
        # ListReminders' keyset page: by instant, match key, id within a club (migration 0009)
        Index("ix_reminders_club_due", "club_id", "due_at", "match_key", "id"),
    )

    id: str = Field(primary_key=True, max_length=36)
    match_id: str = Field(sa_column=Column(String(36), ForeignKey("matches.id"), nullable=False))
    match_key: str = Field(max_length=200)
    club_id: str = Field(sa_column=Column(String(36), ForeignKey("clubs.id"), nullable=False))
    due_at: datetime = Field(sa_column=_at())
    window_start: datetime = Field(sa_column=_at())
    window_end: datetime = Field(sa_column=_at())
    reason: str = Field(max_length=32)
    player_ids: str = Field(sa_column=Column(Text, nullable=False))  # a JSON list
    created_at: datetime = Field(sa_column=_at())
    published_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
    acknowledged_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
    acknowledged_by: str | None = Field(default=None, max_length=200)


class MediationCalendarRow(BookingTable, table=True):
    """A stage of an Up&Down competition as mediation needs it (league keeps no dates)."""

    __tablename__ = "mediation_calendars"

    competition_id: str = Field(primary_key=True, max_length=64)
    stage: int = Field(primary_key=True)
    division: str = Field(max_length=16)
    starts_on: date = Field(sa_column=Column(Date, nullable=False))
    ends_on: date = Field(sa_column=Column(Date, nullable=False))
    second_round_starts_on: date | None = Field(default=None, sa_column=Column(Date, nullable=True))
    fixed_schedule: bool = Field(sa_column=Column(Boolean, nullable=False))
    updated_at: datetime = Field(sa_column=_at())


class MediationRow(BookingTable, table=True):
    """A mediation request and its life; one per game (pairing) of a stage."""

    __tablename__ = "mediations"
    __table_args__ = (
        UniqueConstraint("competition_id", "stage", "round", "table_number", name="uq_mediations_game"),
        # ListMediations' keyset page: by request time, then id (migration 0009)
        Index("ix_mediations_competition_requested_id", "competition_id", "requested_at", "id"),
    )

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(max_length=64)
    stage: int
    round: int
    table_number: int
    requester_id: str = Field(max_length=64)
    opponent_id: str = Field(max_length=64)
    requested_at: datetime = Field(sa_column=_at())
    week_starts_on: date = Field(sa_column=Column(Date, nullable=False))
    requester_days: str = Field(max_length=64)  # ISO dates, comma-separated
    requester_time: str | None = Field(default=None, max_length=5)
    answer_due_at: datetime = Field(sa_column=_at())
    opponent_days: str = Field(default="", max_length=64)
    opponent_time: str | None = Field(default=None, max_length=5)
    status: str = Field(max_length=16)
    scheduled_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
    decided_by: str | None = Field(default=None, max_length=16)
    absent_ids: str = Field(sa_column=Column(Text, nullable=False))  # a JSON list
    closed_at: datetime | None = Field(default=None, sa_column=_at(nullable=True))
    recorded_by: str = Field(default="", max_length=200)


class MediationTimeoutRow(BookingTable, table=True):
    __tablename__ = "mediation_timeouts"
    __table_args__ = (
        Index("ix_mediation_timeouts_competition", "competition_id", "player_id"),
        # ListTimeouts' keyset page: by first day, then id (migration 0009)
        Index("ix_mediation_timeouts_competition_starts_id", "competition_id", "starts_on", "id"),
    )

    id: str = Field(primary_key=True, max_length=36)
    competition_id: str = Field(max_length=64)
    stage: int
    player_id: str = Field(max_length=64)
    starts_on: date = Field(sa_column=Column(Date, nullable=False))
    ends_on: date = Field(sa_column=Column(Date, nullable=False))
    clipped: bool = Field(sa_column=Column(Boolean, nullable=False))
    requested_at: datetime = Field(sa_column=_at())
