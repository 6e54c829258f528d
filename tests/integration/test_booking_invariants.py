"""What a match's meetings can never be, refused by the database itself on SQLite and PostgreSQL even
when written directly, bypassing the service (docs/rules.md schedule.booking.invariants-in-database):
an ACTIVE booking for a meeting that is not BOOKED, two BOOKED meetings for one match and hanchan set,
a player in two BOOKED meetings at once."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from booking.app import make_service
from booking.domain.scheduling import MeetingStatus
from booking.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import Aborted
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock

pytestmark = pytest.mark.integration


@pytest.fixture
def booking(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield make_service(engine, clock)
    engine.dispose()


@pytest.fixture
def booked(booking):
    """A club with two rooms, match "a" booked day 1 18:00-21:00 by the organizer: (service, club id, meeting)."""
    club = booking.clubs.create_club("Club", "")
    booking.clubs.add_room(club.id, "room 1")
    booking.clubs.add_room(club.id, "room 2")
    booking.scheduling.open_match(club.id, "a", PLAYERS, WINDOW_START, WINDOW_END, 60)
    return booking, club.id, booking.scheduling.assign_meeting("a", at(1, 18), at(1, 21), [])


def refused(booking, sql: str, words: str, **params) -> None:
    with pytest.raises(IntegrityError) as error, booking.uow.engine.begin() as connection:
        connection.execute(text(sql), params)
    assert words in str(error.value)


@pytest.mark.rule("schedule.booking.invariants-in-database")
def test_a_booked_meeting_cannot_be_cancelled_while_its_booking_stays_active(booked):
    booking, _, meeting = booked
    refused(booking, "UPDATE meetings SET status = 'cancelled' WHERE id = :m", "meetings_keep_booking", m=meeting.id)
    refused(booking, "UPDATE meetings SET status = 'proposed' WHERE id = :m", "meetings_keep_booking", m=meeting.id)
    # cancelling the booking first, then the meeting, is how it is done
    with booking.uow.engine.begin() as c:
        c.execute(text("UPDATE bookings SET status = 'cancelled' WHERE id = :b"), {"b": meeting.booking_id})
        c.execute(text("UPDATE meetings SET status = 'cancelled' WHERE id = :m"), {"m": meeting.id})
    # and a cancelled meeting's booking cannot be made active again
    refused(booking, "UPDATE bookings SET status = 'active' WHERE id = :b", "bookings_meeting_booked", b=meeting.booking_id)


@pytest.mark.rule("schedule.booking.invariants-in-database")
def test_an_active_booking_cannot_be_added_for_a_meeting_that_is_not_booked(booked):
    booking, club_id, meeting = booked
    room = booking.clubs.list_rooms(club_id)[1]
    refused(
        booking,
        "INSERT INTO bookings (id, club_id, room_id, starts_at, ends_at, status, title, match_id, meeting_id, created_at, sequence) "
        "VALUES ('ghost', :c, :r, :s, :e, 'active', 'ghost', :match, :m, :s, 0)",
        "bookings_meeting_booked",
        c=club_id,
        r=room.id,
        s=at(3, 10),
        e=at(3, 12),
        match=meeting.match_id,
        m=meeting.id,  # booked, but with another booking
    )


@pytest.mark.rule("schedule.booking.invariants-in-database")
def test_a_match_and_hanchan_set_has_at_most_one_booked_meeting(booked):
    booking, _, meeting = booked
    refused(
        booking,
        "INSERT INTO meetings (id, match_id, starts_at, ends_at, hanchans, proposed_by, status, created_at) "
        "VALUES ('twice', :match, :s, :e, '', '', 'booked', :s)",
        "uq_meetings_booked_hanchans" if booking.uow.engine.dialect.name == "postgresql" else "UNIQUE",
        match=meeting.match_id,
        s=at(4, 10),
        e=at(4, 13),
    )


@pytest.mark.rule("schedule.booking.invariants-in-database")
def test_a_player_is_in_at_most_one_booked_meeting_at_a_time(booked):
    booking, club_id, meeting = booked
    booking.scheduling.open_match(club_id, "b", ["p1", "q2", "q3", "q4"], WINDOW_START, WINDOW_END, 60)
    other = booking.scheduling.open_match(club_id, "c", ["r1", "r2", "r3", "r4"], WINDOW_START, WINDOW_END, 60)
    match_b = booking.uow.read(lambda repo: repo.match_by_key("b"))
    assert match_b is not None
    refused(  # p1 plays match "a" at day 1 19:00
        booking,
        "INSERT INTO meetings (id, match_id, starts_at, ends_at, hanchans, proposed_by, status, created_at) "
        "VALUES ('p1-twice', :match, :s, :e, '', '', 'booked', :s)",
        "booked_players_no_overlap",
        match=match_b.id,
        s=at(1, 20),
        e=at(1, 22),
    )
    with booking.uow.engine.begin() as c:  # right after it, and another match's players at the same time: fine
        for mid, match, start in (("b-after", match_b.id, at(1, 21)), ("c-same", other.id, at(1, 18))):
            c.execute(
                text(
                    "INSERT INTO meetings (id, match_id, starts_at, ends_at, hanchans, proposed_by, status, created_at) "
                    "VALUES (:id, :match, :s, :e, '', '', 'booked', :s)"
                ),
                {"id": mid, "match": match, "s": start, "e": at(1, 23)},
            )


@pytest.mark.rule("schedule.booking.invariants-in-database")
def test_booking_a_player_twice_through_the_service_is_aborted_naming_the_player(booked):
    booking, club_id, _ = booked  # p1..p4 play match "a" day 1 18:00-21:00
    booking.scheduling.open_match(club_id, "b", ["p1", "q2", "q3", "q4"], WINDOW_START, WINDOW_END, 60)
    with pytest.raises(Aborted) as error:  # a free room, but p1 is busy
        booking.scheduling.assign_meeting("b", at(1, 20), at(1, 23), [])
    assert error.value.message.startswith("p1 is already booked in another match's meeting overlapping ")
    assert booking.scheduling.assign_meeting("b", at(1, 21), at(1, 23), []).status is MeetingStatus.BOOKED  # right after: fine
