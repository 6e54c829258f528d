"""The club calendar in storage, on SQLite and PostgreSQL: opening hours and the fallback time kept
per club, a recurring series as booking rows the DATABASE refuses to overlap (each occurrence, on
insert and on a move), sequences and cancellations kept for the feed, window moves recorded, and the
feed token stored as its hash only."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import pytest
import recurring_ical_events
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from booking.adapters.repository import BookingRepository
from booking.app import make_service
from booking.domain.intervals import Interval
from booking.domain.scheduling import BookingStatus, MeetingStatus, RoomTaken
from booking.service import MIGRATIONS
from booking.use_cases.calendar import token_digest
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import Aborted, FailedPrecondition
from rondo_runtime.transactions import SqlUnitOfWork
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock

pytestmark = pytest.mark.integration

BERLIN = ZoneInfo("Europe/Berlin")
THURSDAY = (datetime(2026, 3, 19, 19, tzinfo=BERLIN).astimezone(UTC), datetime(2026, 3, 19, 23, tzinfo=BERLIN).astimezone(UTC))


@pytest.fixture
def engine(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield engine
    engine.dispose()


@pytest.fixture
def booking(engine):
    return make_service(engine, clock)


@pytest.mark.rule("schedule.club.opening-hours")
def test_opening_hours_and_the_fallback_time_are_kept_per_club(booking):
    club = booking.clubs.create_club(
        "Club", "Europe/Berlin", opening_hours=[(5, "18:00", "02:00"), (6, "12:00", "24:00")], fallback_time="17:00"
    )
    stored = booking.clubs.get_club(club.id)
    assert stored == club and [str(w) for w in stored.opening_hours] == ["fri 18:00-02:00", "sat 12:00-24:00"]
    assert stored.fallback_minute == 17 * 60
    assert booking.clubs.update_club(club.id, opening_hours=[]) == booking.clubs.get_club(club.id)
    assert booking.clubs.get_club(club.id).opening_hours == () and booking.clubs.get_club(club.id).fallback_minute == 17 * 60


@pytest.mark.rule("schedule.recurring.collision-refused")
def test_every_occurrence_is_a_booking_row_the_database_refuses_to_overlap(booking, engine):
    club = booking.clubs.create_club("Club", "Europe/Berlin")
    room = booking.clubs.add_room(club.id, "Room 1")
    view = booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;BYDAY=TH;COUNT=4")
    listed = booking.calendar.list_bookings(club.id, THURSDAY[0], THURSDAY[0] + timedelta(days=30))
    assert [b.id for b in listed] == [b.id for b in view.occurrences]
    assert [b.slot.start.astimezone(BERLIN).hour for b in listed] == [19] * 4
    third = view.occurrences[2]
    insert = text(
        "INSERT INTO bookings (id, club_id, room_id, starts_at, ends_at, status, title, created_at, sequence) "
        "VALUES (:id, :club, :room, :start, :end, 'active', 'raw', :start, 0)"
    )
    with pytest.raises(IntegrityError), engine.begin() as connection:  # the database itself, not the code
        connection.execute(
            insert,
            {
                "id": str(uuid.uuid4()),
                "club": club.id,
                "room": room.id,
                "start": third.slot.start + timedelta(hours=1),
                "end": third.slot.end,
            },
        )
    # the repository's own move, past the service's check: refused by the constraint / trigger, nothing changed
    uow = SqlUnitOfWork(engine, BookingRepository)

    def move_onto_the_third(repo: BookingRepository) -> None:
        repo.move_booking(view.occurrences[1].id, room.id, Interval(third.slot.start, third.slot.end), clock())

    with pytest.raises(RoomTaken):
        uow.write(move_onto_the_third)
    assert booking.calendar.get_series(club.id, view.series.id) == view
    # a series over an existing booking: refused before any insert, nothing stored
    with pytest.raises(FailedPrecondition, match="occurrence 1 .* collides with 'D&D'"):
        booking.calendar.book_recurring_activity(club.id, room.id, "Poker", *THURSDAY, "FREQ=DAILY;COUNT=3")
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM bookings")).scalar_one() == 4
        assert connection.execute(text("SELECT count(*) FROM booking_series")).scalar_one() == 1


@pytest.mark.rule("schedule.recurring.occurrences-cancel-and-move")
def test_moves_and_cancellations_are_stored_with_their_sequence_and_feed_the_calendar(booking):
    club = booking.clubs.create_club("Club", "Europe/Berlin")
    room = booking.clubs.add_room(club.id, "Room 1")
    other = booking.clubs.add_room(club.id, "Room 2")
    view = booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;COUNT=4")
    first, second, third, fourth = view.occurrences
    booking.calendar.cancel_occurrence(club.id, first.id, "holiday")
    booking.calendar.move_occurrence(
        club.id, second.id, second.slot.start + timedelta(hours=1), second.slot.end + timedelta(hours=1)
    )
    booking.calendar.move_occurrence(club.id, second.id, second.slot.start, second.slot.end, room_id=other.id)
    booking.calendar.cancel_series(club.id, view.series.id, fourth.slot.start, "campaign over")
    stored = {b.id: b for b in booking.calendar.get_series(club.id, view.series.id).occurrences}
    assert (stored[first.id].status, stored[first.id].sequence, stored[first.id].cancel_reason) == (
        BookingStatus.CANCELLED,
        1,
        "holiday",
    )
    assert (stored[second.id].room_id, stored[second.id].sequence, stored[second.id].slot) == (other.id, 2, second.slot)
    assert (stored[third.id].sequence, stored[fourth.id].status) == (0, BookingStatus.CANCELLED)
    with pytest.raises(Aborted):
        booking.calendar.move_occurrence(club.id, third.id, second.slot.start, second.slot.end, room_id=other.id)
    token = booking.calendar.rotate_calendar_token(club.id)
    ics = booking.calendar.export_calendar(token.token)
    events = {str(e["UID"]): e for e in icalendar.Calendar.from_ical(ics).walk("VEVENT")}
    assert len(events) == 4
    assert events[f"{first.id}@rondo"]["STATUS"] == "CANCELLED" and events[f"{second.id}@rondo"]["SEQUENCE"] == 2
    assert str(events[f"{second.id}@rondo"]["LOCATION"]) == "Room 2"
    read = recurring_ical_events.of(icalendar.Calendar.from_ical(ics)).between(
        THURSDAY[0] - timedelta(days=1), THURSDAY[0] + timedelta(days=30)
    )
    assert [e.start.strftime("%d.%m %H:%M %Z") for e in sorted(read, key=lambda e: e.start)] == [
        "19.03 19:00 CET",
        "26.03 19:00 CET",
        "02.04 19:00 CEST",
        "09.04 19:00 CEST",
    ]
    assert booking.calendar.export_calendar(token.token, other.id).count(b"BEGIN:VEVENT") == 1


@pytest.mark.rule("schedule.calendar.feed-token")
def test_only_the_tokens_hash_is_stored_and_a_rotation_replaces_it(booking, engine):
    club = booking.clubs.create_club("Club", "")
    first = booking.calendar.rotate_calendar_token(club.id)
    second = booking.calendar.rotate_calendar_token(club.id)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT club_id, token_sha256 FROM calendar_tokens")).all()
    assert [tuple(r) for r in rows] == [(club.id, token_digest(second.token))]
    assert first.token not in str(rows) and second.token not in str(rows)
    assert b"BEGIN:VCALENDAR" in booking.calendar.export_calendar(second.token)


@pytest.mark.rule("schedule.organizer.move-to-next-window")
@pytest.mark.rule("schedule.organizer.fallback-last-sunday")
def test_fallback_and_window_move_in_storage(booking, engine):
    club = booking.clubs.create_club("Club", "Europe/Kirov")
    booking.clubs.add_room(club.id, "Room 1")
    match = booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    fallback = booking.scheduling.apply_fallback("c/1/1/1")
    assert (
        fallback.status is MeetingStatus.BOOKED
        and fallback.slot.start.astimezone(ZoneInfo("Europe/Kirov")).strftime("%a %H:%M") == "Sun 18:00"
    )
    [stored] = booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)
    assert stored.title == "Match: stage 1, round 1, table 1"  # never a player
    moved = booking.scheduling.move_match_window("c/1/1/1", at(7, 0), at(14, 0), "two players abroad")
    assert (
        moved.cancelled_meeting_ids == (fallback.id,) and booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END) == []
    )
    with engine.connect() as connection:
        row = connection.execute(text("SELECT match_id, position, reason FROM match_window_moves")).one()
        reason = connection.execute(text("SELECT cancel_reason FROM meetings WHERE id = :id"), {"id": fallback.id}).scalar_one()
        booking_reason = connection.execute(
            text("SELECT cancel_reason, sequence FROM bookings WHERE id = :id"), {"id": fallback.booking_id}
        ).one()
    assert tuple(row) == (match.id, 0, "two players abroad")
    assert reason == booking_reason[0] == "the match moved to another window: two players abroad" and booking_reason[1] == 1
    second = booking.scheduling.apply_fallback("c/1/1/1")  # the new window's last Sunday
    assert (
        second.slot.start.astimezone(ZoneInfo("Europe/Kirov")).date() == (at(13, 0)).astimezone(ZoneInfo("Europe/Kirov")).date()
    )
