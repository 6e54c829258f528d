"""The club calendar's use cases on in-memory fakes: opening hours, recurring activities, the
organizer's fallback and window moves, the feed token, and intervals sent from another zone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import pytest

from booking.domain.calendar_feed import uid
from booking.domain.intervals import Interval
from booking.domain.scheduling import BookingStatus, CardState, MeetingStatus
from booking.service import BookingService
from booking.use_cases.calendar import NO_CALENDAR, token_digest
from rondo_runtime.errors import Aborted, FailedPrecondition, InvalidArgument, NotFound
from tests.booking_scheduling import NOW, PLAYERS, WINDOW_END, WINDOW_START, at, clock
from tests.unit.fakes import FakeBookingRepository, FakeUnitOfWork

pytestmark = pytest.mark.unit

BERLIN = ZoneInfo("Europe/Berlin")
KIROV = ZoneInfo("Europe/Kirov")
EVENINGS = [(d, "18:00", "24:00") for d in range(1, 6)] + [(6, "12:00", "24:00"), (7, "12:00", "24:00")]


def local(zone: ZoneInfo, year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=zone).astimezone(UTC)


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeBookingRepository]:
    return FakeUnitOfWork(FakeBookingRepository())


@pytest.fixture
def booking(uow) -> BookingService:
    return BookingService(uow, clock)


def club_with_rooms(booking, zone="Europe/Berlin", hours=None, rooms=("Room 1",)):
    club = booking.clubs.create_club("Club", zone, opening_hours=hours)
    return club, [booking.clubs.add_room(club.id, name) for name in rooms]


def open_match(booking, club, key="c/1/1/1"):
    return booking.scheduling.open_match(club.id, key, PLAYERS, WINDOW_START, WINDOW_END, 90)


# --- opening hours ---
@pytest.mark.rule("schedule.club.opening-hours")
def test_a_club_is_24_7_by_default_and_takes_weekly_hours_at_creation_and_update(booking, uow):
    club = booking.clubs.create_club("Club", "")
    assert (club.opening_hours, club.fallback_minute) == ((), 18 * 60)
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.create_club("", "Mars/Base", opening_hours=[(8, "18:00", "24:00")], fallback_time="7pm")
    assert [v.field for v in error.value.violations] == ["name", "time_zone", "opening_hours.windows[0].day", "fallback_time"]
    assert len(uow.repository.clubs_by_id) == 1  # nothing stored
    updated = booking.clubs.update_club(club.id, opening_hours=EVENINGS, fallback_time="17:30")
    assert len(updated.opening_hours) == 7 and updated.fallback_minute == 17 * 60 + 30 and updated.name == "Club"
    assert booking.clubs.get_club(club.id) == updated
    assert booking.clubs.update_club(club.id, name="Renamed").opening_hours == updated.opening_hours  # unset: unchanged
    assert booking.clubs.update_club(club.id, opening_hours=[]).opening_hours == ()  # empty: 24/7 again
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.update_club(club.id, opening_hours=[(1, "18:00", "xx")])
    assert [v.field for v in error.value.violations] == ["opening_hours.windows[0].closes"]
    with pytest.raises(NotFound):
        booking.clubs.update_club("nope", name="x")


def test_a_club_s_time_zone_never_changes(booking):
    club = booking.clubs.create_club("Club", "Europe/Berlin")
    assert booking.clubs.update_club(club.id, name="Same zone", time_zone="Europe/Berlin").name == "Same zone"  # its own: fine
    with pytest.raises(InvalidArgument, match="time zone is set when it is created") as error:
        booking.clubs.update_club(club.id, name="", time_zone="Asia/Tokyo")  # checked before anything else
    assert [v.field for v in error.value.violations] == ["time_zone"]
    assert booking.clubs.get_club(club.id).name == "Same zone"
    with pytest.raises(NotFound):
        booking.clubs.update_club("nope", time_zone="Europe/Berlin")


@pytest.mark.rule("schedule.club.opening-hours")
@pytest.mark.rule("schedule.organizer.assigns-and-moves")
def test_proposals_assignments_and_activities_must_lie_inside_opening_hours(booking):
    club, [room] = club_with_rooms(booking, "Europe/Kirov", EVENINGS)
    open_match(booking, club)
    monday = (local(KIROV, 2026, 3, 2, 15), local(KIROV, 2026, 3, 2, 23))  # at(0, 12) .. at(0, 20) UTC
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [monday])
    card = booking.scheduling.get_match_card("c/1/1/1", "p1")
    assert [(o.slot.start, o.slot.end) for o in card.options] == [(local(KIROV, 2026, 3, 2, 18), monday[1])]  # cut at 18:00
    with pytest.raises(FailedPrecondition, match=r"outside the club's opening hours \(mon 18:00-24:00"):
        booking.scheduling.propose_meeting("c/1/1/1", "p1", monday[0], local(KIROV, 2026, 3, 2, 19), [])
    booking.scheduling.propose_meeting("c/1/1/1", "p1", local(KIROV, 2026, 3, 2, 18), monday[1], [])
    with pytest.raises(FailedPrecondition, match="opening hours"):
        booking.scheduling.assign_meeting("c/1/1/1", local(KIROV, 2026, 3, 3, 10), local(KIROV, 2026, 3, 3, 14), [])
    with pytest.raises(FailedPrecondition, match="the activity .* is outside the club's opening hours"):
        booking.calendar.book_activity(club.id, room.id, "Poker", local(KIROV, 2026, 3, 4, 23), local(KIROV, 2026, 3, 5, 1))
    assigned = booking.scheduling.assign_meeting("c/1/1/1", local(KIROV, 2026, 3, 3, 19), local(KIROV, 2026, 3, 3, 23), [])
    assert assigned.status is MeetingStatus.BOOKED


@pytest.mark.rule("schedule.club.opening-hours")
def test_an_hours_change_applies_to_confirmations_given_after_it(booking):
    club, _ = club_with_rooms(booking, "Europe/Kirov")
    open_match(booking, club)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 8), at(0, 12))])  # Monday 11:00-15:00 Kirov
    meeting = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 8), at(0, 12), [])
    booking.clubs.update_club(club.id, opening_hours=EVENINGS)
    with pytest.raises(FailedPrecondition, match="opening hours"):
        booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, "p1")


# --- intervals from another zone ---
@pytest.mark.rule("schedule.club.time-zones")
def test_intervals_sent_from_new_york_land_at_the_right_club_time(booking):
    """Timestamps are UTC on the wire: a player in New York sends 11:00-15:00 EST (their client converts
    to UTC), which is 19:00-23:00 in Kirov; the options and the booking are in those instants."""
    club, [room] = club_with_rooms(booking, "Europe/Kirov", EVENINGS)
    open_match(booking, club)
    new_york = ZoneInfo("America/New_York")
    ny = (local(new_york, 2026, 3, 3, 11), local(new_york, 2026, 3, 3, 15))
    assert ny[0].astimezone(KIROV).strftime("%a %H:%M") == "Tue 19:00"
    booking.scheduling.set_availability("c/1/1/1", "p1", [ny])
    for p in PLAYERS[1:]:
        booking.scheduling.set_availability("c/1/1/1", p, [(local(KIROV, 2026, 3, 3, 18), local(KIROV, 2026, 3, 3, 23, 30))])
    [option] = booking.scheduling.get_match_card("c/1/1/1", "p2").options
    assert (option.slot.start, option.slot.end) == ny
    meeting = booking.scheduling.propose_meeting("c/1/1/1", "p1", *ny, [])
    for p in PLAYERS:
        meeting = booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p)
    [stored] = booking.calendar.list_bookings(club.id, WINDOW_START, WINDOW_END)
    assert stored.room_id == room.id and stored.slot.start.astimezone(KIROV).strftime("%H:%M") == "19:00"


# --- recurring activities ---
THURSDAY = (local(BERLIN, 2026, 3, 19, 19), local(BERLIN, 2026, 3, 19, 23))


@pytest.mark.rule("schedule.recurring.rrule-in-club-zone")
def test_a_weekly_series_books_every_occurrence_and_a_retry_books_it_once(booking, uow):
    club, [room] = club_with_rooms(booking)
    view = booking.calendar.book_recurring_activity(
        club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;BYDAY=TH;COUNT=6", idempotency_key="dnd"
    )
    assert [b.slot.start.astimezone(BERLIN).strftime("%d.%m %H:%M") for b in view.occurrences] == [
        "19.03 19:00",
        "26.03 19:00",
        "02.04 19:00",
        "09.04 19:00",
        "16.04 19:00",
        "23.04 19:00",
    ]
    assert {b.series_id for b in view.occurrences} == {view.series.id} and view.series.time_zone == "Europe/Berlin"
    again = booking.calendar.book_recurring_activity(
        club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;BYDAY=TH;COUNT=6", idempotency_key="dnd"
    )
    assert again.series.id == view.series.id and len(uow.repository.bookings_by_id) == 6
    assert booking.calendar.get_series(club.id, view.series.id) == view


@pytest.mark.rule("schedule.recurring.collision-refused")
def test_a_series_colliding_with_a_booking_is_refused_naming_the_first_collision(booking, uow):
    club, [room] = club_with_rooms(booking)
    booking.calendar.book_activity(club.id, room.id, "Poker night", local(BERLIN, 2026, 4, 2, 22), local(BERLIN, 2026, 4, 3, 1))
    booking.calendar.book_activity(club.id, room.id, "Go club", local(BERLIN, 2026, 4, 16, 18), local(BERLIN, 2026, 4, 16, 20))
    with pytest.raises(FailedPrecondition) as error:
        booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;COUNT=6")
    assert str(error.value) == (
        "occurrence 3 (2026-04-02 19:00-23:00) collides with 'Poker night' in Room 1 (2026-04-02 22:00-2026-04-03 01:00); nothing was booked"
    )
    assert len(uow.repository.bookings_by_id) == 2 and uow.repository.series_by_id == {}
    with pytest.raises(FailedPrecondition, match="in the past"):
        booking.calendar.book_recurring_activity(
            club.id, room.id, "D&D", NOW - timedelta(days=7), NOW - timedelta(days=7, hours=-4), "FREQ=WEEKLY;COUNT=3"
        )
    booking.clubs.update_club(club.id, opening_hours=[(4, "18:00", "24:00")])  # Thursdays only
    with pytest.raises(
        FailedPrecondition,
        match=r"occurrence 2 2026-03-20 19:00-23:00 \(Europe/Berlin\) is outside the club's opening hours \(thu 18:00-24:00\)",
    ):
        booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *THURSDAY, "FREQ=DAILY;COUNT=2")
    with pytest.raises(InvalidArgument) as bad:
        booking.calendar.book_recurring_activity(club.id, "", " ", THURSDAY[1], THURSDAY[0], "FREQ=HOURLY")
    assert [v.field for v in bad.value.violations] == ["room_id", "title", "end", "rrule"]


@pytest.mark.rule("schedule.recurring.occurrences-cancel-and-move")
def test_single_occurrences_are_cancelled_or_moved_under_the_room_check(booking):
    club, [room, other] = club_with_rooms(booking, rooms=("Room 1", "Room 2"))
    view = booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;COUNT=4")
    first, second, third, _ = view.occurrences
    cancelled = booking.calendar.cancel_occurrence(club.id, second.id, "holiday")
    assert (cancelled.status, cancelled.sequence, cancelled.cancel_reason) == (BookingStatus.CANCELLED, 1, "holiday")
    assert booking.calendar.cancel_occurrence(club.id, second.id) == cancelled  # again: unchanged
    # the cancelled evening is free again for a one-off booking
    booking.calendar.book_activity(club.id, room.id, "Quiz", second.slot.start, second.slot.end)
    later = (third.slot.start + timedelta(hours=1), third.slot.end + timedelta(hours=1))
    moved = booking.calendar.move_occurrence(club.id, third.id, *later, idempotency_key="m")
    assert (moved.slot.start, moved.sequence, moved.series_id) == (later[0], 1, view.series.id)
    assert booking.calendar.move_occurrence(club.id, third.id, *later, idempotency_key="m").sequence == 1  # a retry moves once
    with pytest.raises(Aborted, match="Room 1 was just booked for 2026-03-26 19:00-23:00 by 'Quiz'"):
        booking.calendar.move_occurrence(club.id, first.id, second.slot.start, second.slot.end)  # onto the quiz
    elsewhere = booking.calendar.move_occurrence(club.id, first.id, second.slot.start, second.slot.end, room_id=other.id)
    assert (elsewhere.room_id, elsewhere.sequence) == (other.id, 1)
    with pytest.raises(FailedPrecondition, match="was cancelled"):
        booking.calendar.move_occurrence(club.id, second.id, *later)
    with pytest.raises(FailedPrecondition, match="in the past"):
        booking.calendar.move_occurrence(club.id, third.id, NOW - timedelta(hours=5), NOW - timedelta(hours=1))


@pytest.mark.rule("schedule.recurring.occurrences-cancel-and-move")
def test_a_series_is_cancelled_from_a_date_on_and_a_match_booking_is_not_an_occurrence(booking):
    club, [room] = club_with_rooms(booking)
    view = booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;COUNT=5")
    after = booking.calendar.cancel_series(club.id, view.series.id, view.occurrences[2].slot.start, "the campaign ended")
    assert [b.status for b in after.occurrences] == [BookingStatus.ACTIVE] * 2 + [BookingStatus.CANCELLED] * 3
    assert {b.cancel_reason for b in after.occurrences[2:]} == {"the campaign ended"}
    assert booking.calendar.cancel_series(club.id, view.series.id, view.occurrences[2].slot.start) == after  # idempotent
    everything = booking.calendar.cancel_series(club.id, view.series.id)  # unset: from now on
    assert {b.status for b in everything.occurrences} == {BookingStatus.CANCELLED}
    open_match(booking, club)
    meeting = booking.scheduling.assign_meeting("c/1/1/1", at(1, 17), at(1, 21), [])
    with pytest.raises(FailedPrecondition, match="is a match's meeting"):
        booking.calendar.cancel_occurrence(club.id, meeting.booking_id)
    with pytest.raises(NotFound):
        booking.calendar.cancel_occurrence(club.id, "nope")
    with pytest.raises(NotFound):
        booking.calendar.cancel_series(club.id, "nope")


# --- the organizer: fallback time and window moves ---
@pytest.mark.rule("schedule.organizer.fallback-last-sunday")
def test_the_fallback_books_the_last_sunday_of_the_window_at_18_00_club_time(booking):
    club, [room] = club_with_rooms(booking, "Europe/Kirov")
    open_match(booking, club)  # window Mon 2 March 00:00 UTC .. Mon 9 March 00:00 UTC
    meeting = booking.scheduling.apply_fallback("c/1/1/1", idempotency_key="f")
    assert meeting.status is MeetingStatus.BOOKED and meeting.room_id == room.id and meeting.proposed_by == ""
    assert meeting.slot.start.astimezone(KIROV).strftime("%a %d.%m %H:%M") == "Sun 08.03 18:00"
    assert meeting.slot.length == timedelta(minutes=3 * 90)
    assert booking.scheduling.apply_fallback("c/1/1/1", idempotency_key="f").id == meeting.id  # a retry books once
    [view] = booking.scheduling.get_match_card("c/1/1/1", "p1").meetings
    assert view.meeting.status is MeetingStatus.BOOKED and view.meeting.id == meeting.id
    with pytest.raises(FailedPrecondition, match="already booked for 2026-03-08 18:00-22:30; cancel that meeting first"):
        booking.scheduling.apply_fallback("c/1/1/1")


@pytest.mark.rule("schedule.organizer.fallback-last-sunday")
def test_the_fallback_uses_the_clubs_hour_and_needs_a_free_room_and_a_sunday(booking):
    club = booking.clubs.create_club("Club", "Europe/Berlin", fallback_time="17:00")
    room = booking.clubs.add_room(club.id, "Room 1")
    open_match(booking, club)
    booking.calendar.book_activity(club.id, room.id, "Tournament", local(BERLIN, 2026, 3, 8, 12), local(BERLIN, 2026, 3, 8, 20))
    with pytest.raises(Aborted, match="Room 1 was just booked for 2026-03-08 12:00-20:00 by 'Tournament'"):
        booking.scheduling.apply_fallback("c/1/1/1", minutes=120)
    booking.clubs.add_room(club.id, "Room 2")
    meeting = booking.scheduling.apply_fallback("c/1/1/1", minutes=120)
    assert meeting.slot.start.astimezone(BERLIN).strftime("%a %H:%M") == "Sun 17:00" and meeting.slot.length == timedelta(hours=2)
    booking.scheduling.open_match(club.id, "c/1/1/2", PLAYERS, at(0, 0), at(4, 0), 90)  # Mon..Fri: no Sunday
    with pytest.raises(FailedPrecondition, match="has no Sunday 17:00"):
        booking.scheduling.apply_fallback("c/1/1/2")


@pytest.mark.rule("schedule.organizer.move-to-next-window")
def test_moving_a_match_voids_its_proposals_and_cancels_a_booking_outside_the_new_window(booking, uow):
    club, _ = club_with_rooms(booking, "Europe/Kirov")
    open_match(booking, club)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 15), at(0, 20)), (at(6, 10), at(6, 20))])
    proposed = booking.scheduling.propose_meeting("c/1/1/1", "p1", at(0, 15), at(0, 18), [])
    booking.scheduling.confirm_meeting("c/1/1/1", proposed.id, "p2")
    booked = booking.scheduling.assign_meeting("c/1/1/1", at(6, 10), at(6, 14), [1])
    stays = booking.scheduling.assign_meeting("c/1/1/1", at(6, 15), at(6, 19), [2, 3])
    with pytest.raises(InvalidArgument) as error:
        booking.scheduling.move_match_window("c/1/1/1", at(6, 15), at(13, 0), "  ")
    assert [v.field for v in error.value.violations] == ["reason"]
    with pytest.raises(FailedPrecondition, match="must end after the current one"):
        booking.scheduling.move_match_window("c/1/1/1", at(-7, 0), at(6, 0), "illness")
    moved = booking.scheduling.move_match_window("c/1/1/1", at(6, 15), at(13, 0), "p3 was ill all week", idempotency_key="mv")
    assert (moved.match.window.start, moved.match.window.end) == (at(6, 15), at(13, 0))
    assert moved.voided_meeting_ids == (proposed.id,) and moved.cancelled_meeting_ids == (booked.id,)
    meetings = {m.id: m for m in uow.repository.meetings(moved.match.id)}
    assert meetings[stays.id].status is MeetingStatus.BOOKED
    assert meetings[booked.id].cancel_reason == "the match moved to another window: p3 was ill all week"
    assert uow.repository.bookings_by_id[booked.booking_id].status is BookingStatus.CANCELLED
    old = Interval(WINDOW_START, WINDOW_END)
    assert uow.repository.window_moves == [(moved.match.id, old, moved.match.window, "p3 was ill all week")]  # kept
    assert (
        booking.scheduling.move_match_window(
            "c/1/1/1", at(6, 15), at(13, 0), "p3 was ill all week", idempotency_key="mv"
        ).match.window
        == moved.match.window
    )
    card = booking.scheduling.get_match_card("c/1/1/1", "p1")
    assert card.match.window == moved.match.window and card.state is CardState.BOOKED


# --- the feed token ---
@pytest.mark.rule("schedule.calendar.feed-token")
def test_the_feed_token_is_unguessable_stored_hashed_and_rotation_retires_the_old_one(booking, uow):
    club, [room, other] = club_with_rooms(booking, rooms=("Room 1", "Room 2"))
    booking.calendar.book_recurring_activity(club.id, room.id, "D&D", *THURSDAY, "FREQ=WEEKLY;COUNT=2")
    token = booking.calendar.rotate_calendar_token(club.id)
    assert len(token.token) >= 43 and token.path == f"/calendar/{token.token}.ics"
    assert uow.repository.calendar_tokens == {club.id: token_digest(token.token)}  # never the token itself
    events = icalendar.Calendar.from_ical(booking.calendar.export_calendar(token.token)).walk("VEVENT")
    assert len(events) == 2 and all(str(e["LOCATION"]) == "Room 1" for e in events)
    assert icalendar.Calendar.from_ical(booking.calendar.export_calendar(token.token, other.id)).walk("VEVENT") == []
    answers = []
    for wrong, room_id in (
        (token.token[:-1] + ("A" if token.token[-1] != "A" else "B"), ""),
        ("short", ""),
        (token.token, "nope"),
        ("x" * 500, ""),
    ):
        with pytest.raises(NotFound) as error:
            booking.calendar.export_calendar(wrong, room_id)
        answers.append(str(error.value))
    assert set(answers) == {NO_CALENDAR}  # one answer: it never tells whether a token exists
    rotated = booking.calendar.rotate_calendar_token(club.id)
    with pytest.raises(NotFound):
        booking.calendar.export_calendar(token.token)
    assert uid(str(events[0]["UID"]).split("@")[0]) in booking.calendar.export_calendar(rotated.token).decode()
    with pytest.raises(NotFound):
        booking.calendar.rotate_calendar_token("nope")
