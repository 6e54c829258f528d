"""Confirmations retried with the same idempotency key on fakes: the booking is made once, the retry
answers the first answer, and a lost race frees the key for a retry that can still book."""

from __future__ import annotations

import pytest

from booking.domain.scheduling import MeetingStatus
from rondo_runtime.errors import Aborted, InvalidArgument
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at, clock

pytestmark = pytest.mark.unit


def _agreeing(booking) -> tuple[str, str, str]:
    club = booking.clubs.create_club("Discard club", "")
    room = booking.clubs.add_room(club.id, "Room 1")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 90)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 18), at(0, 23)), (at(1, 18), at(1, 23))])
    meeting = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 19), at(0, 23), [])
    return club.id, room.id, meeting.id


@pytest.mark.rule("schedule.confirmation.retry-books-once")
def test_every_confirmation_retried_with_its_key_books_the_room_once(booking, uow):
    _, _, meeting_id = _agreeing(booking)
    first = {}
    for p in PLAYERS:
        first[p] = booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, p, idempotency_key=f"confirm-{p}")
        assert (
            booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, p, idempotency_key=f"confirm-{p}").status is first[p].status
        )
    assert first["p4"].status is MeetingStatus.BOOKED
    for p in PLAYERS:  # every retry after the booking answers the booked meeting, nothing more is stored
        assert booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, p, idempotency_key=f"confirm-{p}") == first["p4"]
    assert len(uow.repository.bookings_by_id) == 1 and len(uow.repository.confirmation_rows) == 4
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, "p2", idempotency_key="confirm-p1")
    assert [v.field for v in error.value.violations] == ["idempotency_key"]


@pytest.mark.rule("schedule.confirmation.retry-books-once")
def test_a_lost_race_keeps_the_key_free_and_the_retry_books_once_the_room_is_free(booking, uow):
    club_id, room_id, meeting_id = _agreeing(booking)
    for p in PLAYERS[:3]:
        booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, p)
    dnd = booking.calendar.book_activity(club_id, room_id, "D&D evening", at(0, 20), at(0, 22))
    with pytest.raises(Aborted, match="D&D evening"):
        booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, "p4", idempotency_key="last")
    assert uow.repository.idempotency_records == {} and len(uow.repository.confirmation_rows) == 3
    uow.repository.cancel_booking(dnd.id, clock())  # the activity is cancelled: the same retry now books
    done = booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, "p4", idempotency_key="last")
    assert done.status is MeetingStatus.BOOKED
    assert booking.scheduling.confirm_meeting("c/1/1/1", meeting_id, "p4", idempotency_key="last") == done
    assert len([b for b in uow.repository.bookings_by_id.values() if b.meeting_id == meeting_id]) == 1
