"""The match card, confirmations and what an availability change undoes (booking/domain/scheduling.py)."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest

from booking.domain.intervals import Interval
from booking.domain.scheduling import (
    Availability,
    Booking,
    CardState,
    Confirmation,
    Match,
    Meeting,
    MeetingStatus,
    all_confirmed,
    match_card,
    meetings_no_longer_covered,
    taken_message,
    validate_availability,
)
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

T0 = datetime(2026, 3, 2, tzinfo=UTC)
PLAYERS = ("a", "b", "c", "d")


def h(hours: float) -> datetime:
    return T0 + timedelta(hours=hours)


MATCH = Match("m", "c/1/1/1", "club", PLAYERS, Interval(h(0), h(24 * 7)), 90)


def answers(**free) -> dict[str, Availability]:
    return {p: Availability(p, 1, tuple(Interval(h(a), h(b)) for a, b in slots)) for p, slots in free.items()}


@pytest.mark.rule("schedule.card.options-after-everyone-answered")
def test_the_card_never_carries_intervals_and_hides_options_until_everyone_answered():
    some = answers(a=[(18, 23)], b=[(10, 12), (19, 23)], c=[(18, 22)])
    card = match_card(MATCH, some, [], [], ["r1"], {}, "b")
    assert card.state is CardState.WAITING_FOR_ANSWERS and card.options == () and card.pending == ("d",)
    assert not any(isinstance(value, Availability) for value in vars(card).values())
    full = {**some, **answers(d=[(0, 48)])}
    card = match_card(MATCH, full, [], [], ["r1"], {"r1": [Interval(h(21), h(22))]}, "b")
    assert [o.slot for o in card.options] == [Interval(h(19), h(21))]  # 22-22 is empty; 19-21 is two hours
    assert card.state is CardState.AGREEING


def test_options_subtract_the_busy_rooms():
    full = answers(a=[(18, 23)], b=[(19, 23)], c=[(18, 23)], d=[(0, 48)])
    card = match_card(MATCH, full, [], [], ["r1", "r2"], {"r1": [Interval(h(21), h(22))]}, "a")
    assert [(o.slot, o.room_ids) for o in card.options] == [
        (Interval(h(19), h(21)), ("r1",)),
        (Interval(h(19), h(23)), ("r2",)),
    ]


@pytest.mark.rule("schedule.availability.change-voids-confirmations")
def test_a_new_answer_voids_the_confirmations_given_with_the_old_one():
    meeting = Meeting("x", "m", Interval(h(19), h(21)), (), "a")
    given = answers(a=[(18, 23)], b=[(18, 23)], c=[(18, 23)], d=[(18, 23)])
    confirmations = [Confirmation("x", p, 1) for p in PLAYERS]
    assert all_confirmed(MATCH, meeting, confirmations, given)
    changed = {**given, "b": Availability("b", 2, (Interval(h(18), h(23)),))}
    assert not all_confirmed(MATCH, meeting, confirmations, changed)
    booked = dataclasses.replace(meeting, status=MeetingStatus.BOOKED)
    assert meetings_no_longer_covered([booked], (Interval(h(18), h(20)),)) == [booked]
    assert meetings_no_longer_covered([booked], (Interval(h(18), h(23)),)) == []
    assert meetings_no_longer_covered([meeting], ()) == []  # only booked meetings hold a room


def test_availability_limit_and_window():
    window = Interval(h(0), h(24))
    with pytest.raises(InvalidArgument):
        validate_availability([(h(1), h(2))] * 201, window)
    assert validate_availability([(h(1), h(2))] * 200, window) == (Interval(h(1), h(2)),)


def test_the_lost_race_message_uses_the_clubs_local_time():
    from zoneinfo import ZoneInfo

    b = Booking("b", "club", "r", Interval(h(16), h(20)), "match c/1/1/2", match_id="m2")
    assert taken_message("room 2", b, ZoneInfo("Europe/Kirov")) == (
        "room 2 was just booked for 2026-03-02 19:00-23:00 by another match; pick another option"
    )
