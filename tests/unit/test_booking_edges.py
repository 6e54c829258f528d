"""Issue 16 §1, edges: instants far from now are refused at the edge naming the field (they used to
overflow into INTERNAL when converted to a club's zone), on in-memory fakes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from booking.service import BookingService
from rondo_runtime.errors import InvalidArgument
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock
from tests.unit.fakes import FakeBookingRepository, FakeUnitOfWork

pytestmark = pytest.mark.unit

LAST = datetime(9999, 12, 31, 23, 0, tzinfo=UTC)  # east of UTC this is already year 10000
FIRST = datetime(1, 1, 1, 1, 0, tzinfo=UTC)  # west of UTC this is still year 0


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeBookingRepository]:
    return FakeUnitOfWork(FakeBookingRepository())


@pytest.fixture
def booking(uow) -> BookingService:
    return BookingService(uow, clock)


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
    club = booking.clubs.create_club("Edge club", zone)
    booking.clubs.add_room(club.id, "Room 1")
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.open_match(club.id, "e/1/1/1", PLAYERS, start, end, 90)
    assert field in fields(error) and "years of now" in error.value.violations[0].description
    match = booking.scheduling.open_match(club.id, "e/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.move_match_window(match.key, start, end, "far away")
    assert field in fields(error)


@pytest.mark.rule("schedule.time.near-now")
def test_meetings_and_activities_far_from_now_are_refused_naming_the_field(booking):
    club = booking.clubs.create_club("Edge club", "Asia/Tokyo")
    room = booking.clubs.add_room(club.id, "Room 1")
    booking.scheduling.open_match(club.id, "e/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    far = (LAST - timedelta(hours=4), LAST)
    for call in (
        lambda: booking.calendar.book_activity(club.id, room.id, "D&D", *far),
        lambda: booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *far, "FREQ=DAILY;COUNT=2"),
        lambda: booking.scheduling.propose_meeting("e/1/1/1", "p1", *far, []),
        lambda: booking.scheduling.assign_meeting("e/1/1/1", *far, []),
    ):
        with pytest.raises(InvalidArgument) as error:
            call()
        assert fields(error) == ["start", "end"], fields(error)


# --- privacy: what the card and proposals reveal (issue 16) ---
def two_player_match(booking: BookingService):
    club = booking.clubs.create_club("Cup club", "Europe/Moscow")
    booking.clubs.add_room(club.id, "Room 1")
    return booking.scheduling.open_match(club.id, "cup/1/1/1", ["p1", "p2"], WINDOW_START, WINDOW_END, 90)


@pytest.mark.rule("schedule.card.two-player-suggestions")
def test_a_two_player_card_suggests_hour_aligned_meetings_never_the_opponents_intervals(booking):
    two_player_match(booking)
    booking.scheduling.set_availability("cup/1/1/1", "p1", [(WINDOW_START, WINDOW_END)])  # "the whole window"
    opponent = [(at(0, 18, 20), at(0, 21, 40)), (at(2, 10, 5), at(2, 11, 50)), (at(3, 9, 10), at(3, 10, 30))]
    booking.scheduling.set_availability("cup/1/1/1", "p2", opponent)
    card = booking.scheduling.get_match_card("cup/1/1/1", "p1")
    assert [(o.slot.start, o.slot.end) for o in card.options] == [(at(0, 19), at(0, 20, 30))]  # day 2: no hour fits
    shown = {o.slot.start for o in card.options} | {o.slot.end for o in card.options}
    assert not shown & {t for pair in opponent for t in pair}  # no bound of the opponent's answer is on the card


@pytest.mark.rule("schedule.confirmation.inside-a-shown-option")
def test_a_proposal_must_lie_inside_an_option_the_card_shows(booking):
    from rondo_runtime.errors import FailedPrecondition

    two_player_match(booking)
    booking.scheduling.set_availability("cup/1/1/1", "p1", [(WINDOW_START, WINDOW_END)])
    booking.scheduling.set_availability("cup/1/1/1", "p2", [(at(0, 18, 20), at(0, 21, 40))])
    with pytest.raises(FailedPrecondition, match="option the card shows"):  # both free, but not a suggestion
        booking.scheduling.propose_meeting("cup/1/1/1", "p1", at(0, 18, 20), at(0, 19, 50), [])
    assert booking.scheduling.propose_meeting("cup/1/1/1", "p1", at(0, 19), at(0, 20, 30), []).slot.start == at(0, 19)
    # a table of four: inside an option, but shorter than the match's minimum length (minute probing)
    club = booking.clubs.create_club("Club", "")
    booking.clubs.add_room(club.id, "Room 1")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 18), at(0, 23))])
    from rondo_runtime.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="lasts 90 minutes"):  # the meeting-length rule answers first
        booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 18), at(0, 18, 1), [])


@pytest.mark.rule("schedule.proposal.rate-limited")
def test_proposals_are_rate_limited_per_player_and_match(booking):
    from booking.use_cases.scheduling import MAX_PROPOSALS_PER_HOUR
    from rondo_runtime.errors import ResourceExhausted

    club = booking.clubs.create_club("Club", "")
    booking.clubs.add_room(club.id, "Room 1")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 8), at(0, 23))])
    for n in range(MAX_PROPOSALS_PER_HOUR):
        booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 8, n), at(0, 10, n), [])
    with pytest.raises(ResourceExhausted) as error:
        booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 12), at(0, 14), [])
    assert f"{MAX_PROPOSALS_PER_HOUR} proposals" in str(error.value) and "try again after" in str(error.value)
    booking.scheduling.propose_meeting("c/1/1/1", "p2", at(0, 12), at(0, 14), [])  # another player's own budget
