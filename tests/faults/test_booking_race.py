"""64 concurrent last confirmations and activity bookings for overlapping times in one room, on SQLite
and on PostgreSQL: exactly one booking per overlapping set, zero overlapping active rows in the table,
every loser ABORTED with a message a person understands, and nothing else stored for it."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from sqlalchemy import text

from booking.app import make_service
from booking.domain.scheduling import MeetingStatus
from booking.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import Aborted
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock

pytestmark = [pytest.mark.faults, pytest.mark.slow]

CONFIRMATIONS_DAY0, CONFIRMATIONS_DAY1, ACTIVITIES_DAY1 = 32, 16, 16


@pytest.fixture
def booking(db_url):
    engine = make_engine(db_url, pool_size=20, max_overflow=50)
    run_migrations(engine, MIGRATIONS)
    yield make_service(engine, clock)
    engine.dispose()


def _three_confirmed(booking, club_id: str, n: int, day: int):
    key = f"race/{day}/{n}"
    booking.scheduling.open_match(club_id, key, PLAYERS, WINDOW_START, WINDOW_END, 60)
    for p in PLAYERS:
        booking.scheduling.set_availability(key, p, [(at(day, 17), at(day, 23)), (at(2, 10), at(2, 12))])
    start = at(day, 18) + timedelta(minutes=n)  # every meeting of the day overlaps every other (20:00-21:00)
    meeting = booking.scheduling.propose_meeting(key, PLAYERS[0], start, start + timedelta(hours=3), [])
    for p in PLAYERS[:3]:
        booking.scheduling.confirm_meeting(key, meeting.id, p)
    return key, meeting.id


@pytest.mark.rule("schedule.booking.no-overlap-enforced-by-database")
def test_64_concurrent_bookings_of_one_room_leave_one_per_overlapping_set(booking):
    club = booking.clubs.create_club("Race club", "")
    room = booking.clubs.add_room(club.id, "room 2")
    day0 = [_three_confirmed(booking, club.id, n, 0) for n in range(CONFIRMATIONS_DAY0)]
    day1 = [_three_confirmed(booking, club.id, n, 1) for n in range(CONFIRMATIONS_DAY1)]
    start = threading.Barrier(CONFIRMATIONS_DAY0 + CONFIRMATIONS_DAY1 + ACTIVITIES_DAY1)

    def confirm(job):
        key, meeting_id = job
        start.wait()
        try:
            return booking.scheduling.confirm_meeting(key, meeting_id, PLAYERS[3])
        except Aborted as error:
            return error

    def activity(n: int):
        start.wait()
        try:
            return booking.calendar.book_activity(club.id, room.id, f"D&D {n}", at(1, 19) + timedelta(minutes=n), at(1, 22))
        except Aborted as error:
            return error

    with ThreadPoolExecutor(64) as pool:
        futures = [pool.submit(confirm, job) for job in day0 + day1] + [pool.submit(activity, n) for n in range(ACTIVITIES_DAY1)]
        answers = [f.result(timeout=120) for f in futures]

    won = [a for a in answers if not isinstance(a, Aborted)]
    lost = [a for a in answers if isinstance(a, Aborted)]
    assert len(won) == 2 and len(lost) == 62  # one per day: each day's bookings all overlap
    for error in lost:
        assert error.message.startswith("room 2 was just booked for "), error.message
        assert error.message.endswith("; pick another option"), error.message
    with booking.uow.engine.connect() as connection:
        active = connection.execute(text("SELECT count(*) FROM bookings WHERE status = 'active'")).scalar_one()
        overlaps = connection.execute(
            text(
                "SELECT count(*) FROM bookings a JOIN bookings b ON a.room_id = b.room_id AND a.id < b.id "
                "WHERE a.status = 'active' AND b.status = 'active' AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at"
            )
        ).scalar_one()
    assert (active, overlaps) == (2, 0)
    booked = [a for a in won if hasattr(a, "status")]
    assert all(m.status is MeetingStatus.BOOKED for m in booked if not hasattr(m, "title"))

    # a loser keeps its three confirmations and its answers: another option books at once
    loser_key, loser_meeting = next(job for job, a in zip(day0, answers, strict=False) if isinstance(a, Aborted))
    card = booking.scheduling.get_match_card(loser_key, PLAYERS[0])
    assert [v.confirmed_by for v in card.meetings if v.meeting.id == loser_meeting] == [tuple(sorted(PLAYERS[:3]))]
    other = booking.scheduling.propose_meeting(loser_key, PLAYERS[0], at(2, 10), at(2, 12), [])
    for p in PLAYERS:
        done = booking.scheduling.confirm_meeting(loser_key, other.id, p)
    assert done.status is MeetingStatus.BOOKED
