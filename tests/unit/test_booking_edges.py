"""Issue 16 §1, edges: instants far from now are refused at the edge naming the field (they used to
overflow into INTERNAL when converted to a club's zone), on in-memory fakes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from booking.service import BookingService
from rondo_runtime.errors import InvalidArgument
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, clock
from tests.unit.fakes import FakeBookingRepository, FakeUnitOfWork

pytestmark = pytest.mark.unit

LAST = datetime(9999, 12, 31, 23, 0, tzinfo=UTC)  # east of UTC this is already year 10000
FIRST = datetime(1, 1, 1, 1, 0, tzinfo=UTC)  # west of UTC this is still year 0


@pytest.fixture
def booking() -> BookingService:
    return BookingService(FakeUnitOfWork(FakeBookingRepository()), clock)


def fields(error: pytest.ExceptionInfo[InvalidArgument]) -> list[str]:
    return [v.field for v in error.value.violations]


@pytest.mark.rule("schedule.time.near-now")
@pytest.mark.parametrize(
    ("zone", "start", "end", "field"),
    [
        ("Europe/Moscow", LAST - timedelta(days=7), LAST, "window_end"),
        ("America/New_York", FIRST, FIRST + timedelta(days=7), "window_start"),
    ],
    ids=["9999-east", "0001-west"],
)
def test_a_play_window_far_from_now_is_refused_naming_the_field(booking, zone, start, end, field):
    club = booking.create_club("Edge club", zone)
    booking.add_room(club.id, "Room 1")
    with pytest.raises(InvalidArgument) as error:
        booking.open_match(club.id, "e/1/1/1", PLAYERS, start, end, 90)
    assert field in fields(error) and "years of now" in error.value.violations[0].description
    match = booking.open_match(club.id, "e/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    with pytest.raises(InvalidArgument) as error:
        booking.move_match_window(match.key, start, end, "far away")
    assert field in fields(error)


@pytest.mark.rule("schedule.time.near-now")
def test_meetings_and_activities_far_from_now_are_refused_naming_the_field(booking):
    club = booking.create_club("Edge club", "Asia/Tokyo")
    room = booking.add_room(club.id, "Room 1")
    booking.open_match(club.id, "e/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    far = (LAST - timedelta(hours=4), LAST)
    for call in (
        lambda: booking.book_activity(club.id, room.id, "D&D", *far),
        lambda: booking.book_recurring_activity(club.id, room.id, "D&D", *far, "FREQ=DAILY;COUNT=2"),
        lambda: booking.propose_meeting("e/1/1/1", "p1", *far, []),
        lambda: booking.assign_meeting("e/1/1/1", *far, []),
    ):
        with pytest.raises(InvalidArgument) as error:
            call()
        assert fields(error) == ["start", "end"], fields(error)
