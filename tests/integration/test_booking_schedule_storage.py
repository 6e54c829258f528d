"""Scheduling storage on SQLite and PostgreSQL: answers kept as new rows, a whole match booked, and the
database itself refusing two overlapping active bookings of one room."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from booking.app import make_service
from booking.domain.scheduling import CardState, MeetingStatus
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


@pytest.mark.rule("schedule.confirmation.all-four-book-a-room")
def test_a_match_is_agreed_booked_and_unbooked_in_storage(booking):
    club = booking.clubs.create_club("Discard club", "")
    room = booking.clubs.add_room(club.id, "Room 1")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 18), at(0, 20)), (at(0, 19), at(0, 23))])
    assert [(i.start, i.end) for i in booking.scheduling.get_my_availability("c/1/1/1", "p1").intervals] == [
        (at(0, 18), at(0, 23))
    ]
    meeting = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 23), [])
    for p in PLAYERS:
        done = booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p)
    assert done.status is MeetingStatus.BOOKED and done.room_id == room.id
    [stored] = booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)
    assert (stored.slot.start, stored.slot.end, stored.meeting_id) == (at(0, 19), at(0, 23), meeting.id)
    answer = booking.scheduling.set_availability("c/1/1/1", "p3", [(at(1, 18), at(1, 23))])
    assert answer.cancelled_meeting_ids == (meeting.id,) and answer.availability.version == 2
    assert booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END) == []
    assert booking.scheduling.get_match_card("c/1/1/1", "p2").state is CardState.AGREEING


@pytest.mark.rule("schedule.booking.no-overlap-enforced-by-database")
def test_the_database_refuses_overlapping_active_bookings_of_one_room(booking):
    club = booking.clubs.create_club("Club", "")
    room = booking.clubs.add_room(club.id, "Room 1")
    first = booking.calendar.book_activity(club.id, room.id, "D&D evening", at(0, 18), at(0, 22))
    booking.calendar.book_activity(club.id, room.id, "Right after", at(0, 22), at(0, 23))  # [) ranges: touching is fine
    with pytest.raises(Aborted):
        booking.calendar.book_activity(club.id, room.id, "Poker", at(0, 21), at(0, 23))
    insert = text(
        "INSERT INTO bookings (id, club_id, room_id, starts_at, ends_at, status, title, created_at) "
        "VALUES (:id, :club, :room, :start, :end, :status, 'raw', :start)"
    )
    engine = booking.uow.engine
    for status, start, end in (("active", at(0, 19), at(0, 20)), ("active", at(0, 17), at(0, 23))):
        with pytest.raises(IntegrityError), engine.begin() as connection:  # past the service: the database says no
            connection.execute(
                insert, {"id": str(uuid.uuid4()), "club": club.id, "room": room.id, "start": start, "end": end, "status": status}
            )
    with engine.begin() as connection:  # a cancelled booking may overlap anything
        connection.execute(
            insert,
            {
                "id": str(uuid.uuid4()),
                "club": club.id,
                "room": room.id,
                "start": at(0, 19),
                "end": at(0, 20),
                "status": "cancelled",
            },
        )
        with pytest.raises(IntegrityError), connection.begin_nested():  # re-activating it would overlap
            connection.execute(text("UPDATE bookings SET status = 'active' WHERE title = 'raw'"))
    assert [b.id for b in booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)][0] == first.id


@pytest.mark.rule("schedule.proposal.rate-limited")
def test_the_proposal_rate_limit_is_counted_from_stored_meetings(db_url):
    """The limit holds across service instances (replicas) because it counts the stored proposals."""
    from datetime import timedelta

    from booking.use_cases.scheduling import MAX_PROPOSALS_PER_HOUR
    from rondo_runtime.errors import ResourceExhausted

    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    now = [clock()]
    first, second = make_service(engine, lambda: now[0]), make_service(engine, lambda: now[0])
    club = first.clubs.create_club("Discard club", "")
    first.clubs.add_room(club.id, "Room 1")
    first.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        first.scheduling.set_availability("c/1/1/1", p, [(at(0, 8), at(0, 23))])
    for n in range(MAX_PROPOSALS_PER_HOUR):
        (first if n % 2 else second).scheduling.propose_meeting("c/1/1/1", "p1", at(0, 8, n), at(0, 10, n), [])
    with pytest.raises(ResourceExhausted, match="try again after"):
        second.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 12), at(0, 14), [])
    now[0] += timedelta(hours=1, seconds=1)  # an hour later the budget is back
    assert first.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 12), at(0, 14), []).proposed_by == "p1"
    engine.dispose()
