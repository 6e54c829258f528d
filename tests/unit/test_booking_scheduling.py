"""Scheduling use cases on in-memory fakes: availability, the card, meetings, confirmations, bookings."""

from __future__ import annotations

import pytest

from booking.domain.scheduling import CardState, MeetingStatus
from booking.service import BookingService
from rondo_runtime.errors import Aborted, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock
from tests.unit.fakes import FakeBookingRepository, FakeUnitOfWork

pytestmark = pytest.mark.unit


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeBookingRepository]:
    return FakeUnitOfWork(FakeBookingRepository())


@pytest.fixture
def booking(uow) -> BookingService:
    return BookingService(uow, clock)


@pytest.fixture
def club(booking):
    club = booking.clubs.create_club("Discard club", "")
    booking.clubs.add_room(club.id, "Room 1")
    return club


def open_match(booking, club, key="c/1/1/1", players=PLAYERS):
    return booking.scheduling.open_match(club.id, key, players, WINDOW_START, WINDOW_END, 90, idempotency_key=f"open-{key}")


def everyone_free(booking, key, start, end):
    for p in PLAYERS:
        booking.scheduling.set_availability(key, p, [(start, end)])


@pytest.mark.rule("schedule.availability.own-intervals-only")
def test_a_player_sees_only_their_own_merged_intervals(booking, club):
    open_match(booking, club)
    answer = booking.scheduling.set_availability(
        "c/1/1/1", "p1", [(at(0, 18), at(0, 20)), (at(0, 19), at(0, 22)), (at(0, 22), at(0, 23))]
    )
    assert [(i.start, i.end) for i in answer.availability.intervals] == [(at(0, 18), at(0, 23))]
    assert booking.scheduling.get_my_availability("c/1/1/1", "p1").intervals == answer.availability.intervals
    assert booking.scheduling.get_my_availability("c/1/1/1", "p2").version == 0
    with pytest.raises(PermissionDenied):
        booking.scheduling.get_my_availability("c/1/1/1", "stranger")


@pytest.mark.rule("schedule.availability.validated-and-merged")
def test_bad_intervals_name_the_field_and_store_nothing(booking, club, uow):
    open_match(booking, club)
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.set_availability("c/1/1/1", "p1", [(at(0, 18), at(0, 17)), (at(0, 18), at(9, 1)), (None, at(0, 1))])
    assert [v.field for v in error.value.violations] == ["intervals[0].end", "intervals[2].start"]
    with pytest.raises(InvalidArgument) as error:  # checked against the match's window once it is found
        booking.scheduling.set_availability("c/1/1/1", "p1", [(at(0, 18), at(0, 19)), (at(0, 18), at(9, 1))])
    assert [v.field for v in error.value.violations] == ["intervals[1]"]
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.set_availability("c/1/1/1", "p1", [(at(0, 1), at(0, 2))] * 201)
    assert [v.field for v in error.value.violations] == ["intervals"]
    assert uow.repository.answers == []


@pytest.mark.rule("schedule.card.options-after-everyone-answered")
def test_the_card_shows_options_only_once_everyone_answered(booking, club):
    open_match(booking, club)
    for p in PLAYERS[:3]:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 18), at(0, 23))])
    card = booking.scheduling.get_match_card("c/1/1/1", "p2")
    assert card.state is CardState.WAITING_FOR_ANSWERS and card.options == ()
    assert card.answered == ("p1", "p2", "p3") and card.pending == ("p4",)
    booking.scheduling.set_availability("c/1/1/1", "p4", [(at(0, 19), at(0, 23)), (at(1, 10), at(1, 11))])
    card = booking.scheduling.get_match_card("c/1/1/1", "p2")
    assert card.state is CardState.AGREEING
    assert [(o.slot.start, o.slot.end) for o in card.options] == [(at(0, 19), at(0, 23))]  # 1 hour < 90 minutes


@pytest.mark.rule("schedule.confirmation.all-four-book-a-room")
def test_all_four_confirmations_book_a_room(booking, club, uow):
    open_match(booking, club)
    everyone_free(booking, "c/1/1/1", at(0, 18), at(0, 23))
    meeting = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 23), [], idempotency_key="m1")
    assert booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 23), [], idempotency_key="m1").id == meeting.id
    for p in PLAYERS[:3]:
        assert booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p).status is MeetingStatus.PROPOSED
    assert [v.confirmed_by for v in booking.scheduling.get_match_card("c/1/1/1", "p4").meetings] == [("p1", "p2", "p3")]
    done = booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, "p4")
    assert done.status is MeetingStatus.BOOKED and done.room_id
    assert [b.meeting_id for b in booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)] == [meeting.id]
    assert booking.scheduling.get_match_card("c/1/1/1", "p1").state is CardState.BOOKED


@pytest.mark.rule("schedule.confirmation.inside-a-common-option")
def test_a_meeting_outside_the_common_options_or_in_the_past_is_refused(booking, club):
    open_match(booking, club)
    with pytest.raises(FailedPrecondition):  # nobody answered yet
        booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 23), [])
    everyone_free(booking, "c/1/1/1", at(0, 18), at(0, 23))
    with pytest.raises(FailedPrecondition):
        booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 17), at(0, 20), [])
    with pytest.raises(FailedPrecondition):
        booking.calendar.book_activity(club.id, booking.clubs.list_rooms(club.id)[0].id, "D&D", at(-2, 18), at(-2, 20))


@pytest.mark.rule("schedule.availability.change-voids-confirmations")
def test_changing_availability_voids_confirmations_and_cancels_an_uncovered_booking(booking, club):
    open_match(booking, club)
    everyone_free(booking, "c/1/1/1", at(0, 18), at(0, 23))
    first = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 18), at(0, 20), [1])
    second = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 20), at(0, 23), [2, 3])
    booking.scheduling.confirm_meeting("c/1/1/1", second.id, "p2")
    for p in PLAYERS:
        booking.scheduling.confirm_meeting("c/1/1/1", first.id, p)
    answer = booking.scheduling.set_availability("c/1/1/1", "p2", [(at(0, 19), at(0, 23))])
    assert answer.cancelled_meeting_ids == (first.id,)
    card = booking.scheduling.get_match_card("c/1/1/1", "p1")
    assert card.state is CardState.AGREEING
    assert {v.meeting.id: (v.meeting.status, v.confirmed_by) for v in card.meetings} == {
        first.id: (MeetingStatus.CANCELLED, ("p1", "p3", "p4")),
        second.id: (MeetingStatus.PROPOSED, ()),
    }
    assert booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END) == []


@pytest.mark.rule("schedule.booking.no-overlap-enforced-by-database")
def test_a_taken_room_aborts_with_a_readable_message_and_changes_nothing(booking, club, uow):
    room = booking.clubs.list_rooms(club.id)[0]
    booking.calendar.book_activity(club.id, room.id, "D&D evening", at(0, 19), at(0, 23))
    with pytest.raises(Aborted) as error:
        booking.calendar.book_activity(club.id, room.id, "Poker", at(0, 22), at(1, 1))
    assert (
        "Room 1 was just booked for 2026-03-02 22:00-2026-03-03 02:00 by 'D&D evening'; pick another option"
        == error.value.message
    )  # Kirov time, UTC+3
    open_match(booking, club)
    everyone_free(booking, "c/1/1/1", at(0, 17), at(0, 23))
    meeting = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 17, 30), at(0, 19), [])  # before the D&D evening
    for p in PLAYERS[:3]:
        booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p)
    booked = booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, "p4")
    assert booked.room_id == room.id
    before = len(uow.repository.bookings_by_id)
    with pytest.raises(Aborted):
        booking.scheduling.assign_meeting("c/1/1/1", at(0, 20), at(0, 21, 30), [], replaces_meeting_id=booked.id)
    assert len(uow.repository.bookings_by_id) == before


@pytest.mark.rule("schedule.organizer.assigns-and-moves")
def test_the_organizer_assigns_moves_and_cancels_meetings(booking, club):
    open_match(booking, club)
    assigned = booking.scheduling.assign_meeting("c/1/1/1", at(2, 18), at(2, 22), [], idempotency_key="a1")
    assert assigned.status is MeetingStatus.BOOKED
    moved = booking.scheduling.assign_meeting("c/1/1/1", at(2, 19), at(2, 23), [], replaces_meeting_id=assigned.id)
    assert [b.slot.start for b in booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)] == [at(2, 19)]
    assert booking.scheduling.cancel_meeting("c/1/1/1", moved.id).status is MeetingStatus.CANCELLED
    assert booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END) == []


def test_open_match_validates_fields_first_and_is_idempotent(booking, club, uow):
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.open_match("", "", ["a", "a"], WINDOW_END, WINDOW_START, -1)
    assert {v.field for v in error.value.violations} == {"club_id", "match_key", "player_ids[1]", "window_end", "min_minutes"}
    first = open_match(booking, club)
    assert booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90).id == first.id
    with pytest.raises(FailedPrecondition):
        booking.scheduling.open_match(club.id, "c/1/1/1", ["x", "y"], WINDOW_START, WINDOW_END, 90)
    with pytest.raises(NotFound):
        booking.scheduling.get_match_card("missing", "p1")
    assert len(uow.repository.matches_by_key) == 1


@pytest.mark.rule("schedule.meeting.split-or-whole")
def test_a_match_splits_between_hanchans_but_the_final_is_one_meeting(booking, club, uow):
    open_match(booking, club)
    everyone_free(booking, "c/1/1/1", at(0, 12), at(1, 23))
    first = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 12), at(0, 16), [1, 2])
    second = booking.scheduling.propose_meeting("c/1/1/1", "p2", at(1, 19), at(1, 22), [3])
    assert (first.hanchans, second.hanchans) == ((1, 2), (3,))  # each meeting of a split match stands alone
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 21), [4])
    assert error.value.violations[0].field == "hanchans" and "this match has 3" in error.value.violations[0].description

    final = booking.scheduling.open_match(club.id, "c/5/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90, games=5, one_meeting=True)
    assert final.one_meeting and final.games == 5
    everyone_free(booking, "c/5/1/1", at(0, 12), at(0, 23))
    meetings_before = len(uow.repository.meetings(final.id))
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.propose_meeting("c/5/1/1", "p1", at(0, 12), at(0, 16), [1, 2, 3])
    assert "one meeting" in error.value.violations[0].description
    with pytest.raises(InvalidArgument):
        booking.scheduling.assign_meeting("c/5/1/1", at(0, 12), at(0, 16), [4, 5])
    assert len(uow.repository.meetings(final.id)) == meetings_before  # nothing stored
    whole = booking.scheduling.propose_meeting("c/5/1/1", "p1", at(0, 13), at(0, 22), [])
    assert whole.hanchans == ()
