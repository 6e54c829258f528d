"""What a match's meetings may be (issue 16 §1): a match or a hanchan is booked once; the organizer's
meetings lie inside the window and stand until the organizer changes them; every meeting is between
one hanchan's length and a day; a player's changed answer needs that player's confirmation again."""

from __future__ import annotations

from datetime import timedelta

import pytest

from booking.domain.scheduling import MeetingStatus
from booking.grpc_api import card_to_proto
from booking.service import BookingService
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock
from tests.unit.fakes import FakeBookingRepository, FakeUnitOfWork

pytestmark = pytest.mark.unit
KEY = "c/1/1/1"


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeBookingRepository]:
    return FakeUnitOfWork(FakeBookingRepository())


@pytest.fixture
def booking(uow) -> BookingService:
    service = BookingService(uow, clock)
    club = service.clubs.create_club("Discard club", "")
    service.clubs.add_room(club.id, "Room 1")
    service.clubs.add_room(club.id, "Room 2")
    service.scheduling.open_match(club.id, KEY, PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        service.scheduling.set_availability(KEY, p, [(at(0, 10), at(0, 23)), (at(1, 10), at(1, 23))])
    return service


def agreed(booking: BookingService, start, end, hanchans=()):
    meeting = booking.scheduling.propose_meeting(KEY, "p1", start, end, list(hanchans))
    for p in PLAYERS:
        meeting = booking.scheduling.confirm_meeting(KEY, meeting.id, p)
    return meeting


def active(booking: BookingService):
    club_id = booking.uow.read(lambda repo: repo.match_by_key(KEY)).club_id  # type: ignore[union-attr]
    return booking.calendar.list_bookings(club_id, WINDOW_START, WINDOW_END)


@pytest.mark.rule("schedule.meeting.booked-once")
def test_a_booked_match_or_hanchan_is_not_confirmed_or_assigned_again(booking):
    first = agreed(booking, at(0, 18), at(0, 21), [1, 2])
    assert first.status is MeetingStatus.BOOKED
    again = booking.scheduling.propose_meeting(KEY, "p2", at(1, 18), at(1, 21), [2, 3])
    with pytest.raises(FailedPrecondition) as error:
        booking.scheduling.confirm_meeting(KEY, again.id, "p1")
    assert "hanchan 2" in error.value.message and "already booked" in error.value.message
    with pytest.raises(FailedPrecondition) as error:  # the whole match holds hanchans 1 and 2 too
        booking.scheduling.assign_meeting(KEY, at(1, 10), at(1, 15), [])
    assert "already booked" in error.value.message and "replaces_meeting_id" in error.value.message
    third = agreed(booking, at(1, 18), at(1, 20), [3])  # the hanchan left is booked on its own
    assert third.status is MeetingStatus.BOOKED
    moved = booking.scheduling.assign_meeting(KEY, at(1, 10), at(1, 15), [1, 2], replaces_meeting_id=first.id)
    assert moved.status is MeetingStatus.BOOKED
    assert sorted(b.slot.start for b in active(booking)) == [at(1, 10), at(1, 18)]


@pytest.mark.rule("schedule.meeting.booked-once")
def test_the_organizer_assigns_only_inside_the_window_and_for_a_sane_length(booking):
    with pytest.raises(FailedPrecondition) as error:
        booking.scheduling.assign_meeting(KEY, WINDOW_END + timedelta(days=6), WINDOW_END + timedelta(days=6, hours=4), [])
    assert "outside the match's window" in error.value.message
    for end in (at(2, 18, 1), at(3, 19)):  # one minute; 25 hours
        with pytest.raises(InvalidArgument) as bad:
            booking.scheduling.assign_meeting(KEY, at(2, 18), end, [])
        assert [v.field for v in bad.value.violations] == ["end"]
    with pytest.raises(InvalidArgument) as bad:
        booking.scheduling.propose_meeting(KEY, "p1", at(0, 18), at(0, 18, 1), [])
    assert [v.field for v in bad.value.violations] == ["end"]
    with pytest.raises(InvalidArgument) as bad:
        booking.scheduling.apply_fallback(KEY, minutes=1)
    assert [v.field for v in bad.value.violations] == ["minutes"]
    assert active(booking) == []


@pytest.mark.rule("schedule.organizer.meeting-stands")
def test_a_players_new_answer_never_undoes_the_organizers_meeting(booking):
    assigned = booking.scheduling.assign_meeting(KEY, at(1, 18), at(1, 22), [])  # everyone free then
    answer = booking.scheduling.set_availability(KEY, "p3", [(at(0, 10), at(0, 12))])  # no longer free then
    assert answer.cancelled_meeting_ids == () and answer.availability.version == 2
    assert [b.meeting_id for b in active(booking)] == [assigned.id]
    card = booking.scheduling.get_match_card(KEY, "p1")
    assert [(v.meeting.status, v.unavailable) for v in card.meetings] == [(MeetingStatus.BOOKED, ("p3",))]  # shown
    assert list(card_to_proto(card).meetings[0].unavailable_player_ids) == ["p3"]
    booking.scheduling.cancel_meeting(KEY, assigned.id)
    fallback = booking.scheduling.apply_fallback(KEY)  # the binding last-Sunday meeting stands too
    assert booking.scheduling.set_availability(KEY, "p1", [(at(0, 10), at(0, 12))]).cancelled_meeting_ids == ()
    assert [b.meeting_id for b in active(booking)] == [fallback.id]


@pytest.mark.rule("schedule.availability.change-voids-confirmations")
def test_a_changed_answer_still_covering_the_meeting_needs_that_players_confirmation_again(booking):
    meeting = agreed(booking, at(0, 18), at(0, 21))
    same = booking.scheduling.set_availability(KEY, "p2", [(at(1, 10), at(1, 23)), (at(0, 10), at(0, 23))])  # no change at all
    assert same.cancelled_meeting_ids == () and same.availability.version == 1
    assert [(v.meeting.status, len(v.confirmed_by)) for v in booking.scheduling.get_match_card(KEY, "p1").meetings] == [
        (MeetingStatus.BOOKED, 4)
    ]
    answer = booking.scheduling.set_availability(KEY, "p2", [(at(0, 17), at(0, 22))])  # changed, still covers 18-21
    assert answer.cancelled_meeting_ids == (meeting.id,)  # its room is freed
    [view] = booking.scheduling.get_match_card(KEY, "p1").meetings
    assert (view.meeting.status, view.confirmed_by) == (MeetingStatus.PROPOSED, ("p1", "p3", "p4"))
    assert active(booking) == []
    again = booking.scheduling.confirm_meeting(KEY, meeting.id, "p2")  # a new confirmation books it again
    assert again.status is MeetingStatus.BOOKED and [b.meeting_id for b in active(booking)] == [meeting.id]
