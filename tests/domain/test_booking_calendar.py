"""The club calendar's pure rules: opening hours, recurring series (RRULE in the club's zone), the
fallback time, and the iCalendar feed read back by a second, independent parser across DST."""

from __future__ import annotations

import dataclasses
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import icalendar
import pytest
import recurring_ical_events

from booking.domain.calendar_feed import CANCELLED_KEPT, EventCache, club_calendar, uid
from booking.domain.fallback import fallback_slot, last_sunday_at
from booking.domain.intervals import Interval
from booking.domain.model import Club
from booking.domain.opening_hours import (
    format_opening_hours,
    inside_opening_hours,
    open_intervals,
    parse_opening_hours,
    validate_opening_hours,
)
from booking.domain.recurrence import MAX_OCCURRENCES, expand
from booking.domain.scheduling import Booking, BookingStatus, common_options, match_title
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

BERLIN = ZoneInfo("Europe/Berlin")  # CET/CEST: DST starts 2026-03-29 02:00, ends 2026-10-25 03:00
KIROV = ZoneInfo("Europe/Kirov")  # UTC+3 all year
EVENINGS = [(d, "18:00", "24:00") for d in range(1, 6)] + [(6, "12:00", "24:00"), (7, "12:00", "24:00")]


def local(zone: ZoneInfo, year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=zone).astimezone(UTC)


def violations(error: pytest.ExceptionInfo[InvalidArgument]) -> list[str]:
    return [v.field for v in error.value.violations]


# --- opening hours ---
@pytest.mark.rule("schedule.club.opening-hours")
def test_opening_hours_are_validated_naming_each_window_and_kept_in_one_canonical_text():
    hours = validate_opening_hours(EVENINGS + [(5, "22:00", "02:00")])
    text = format_opening_hours(hours)
    assert text.startswith("mon 18:00-24:00, tue 18:00-24:00") and "fri 22:00-02:00" in text
    assert parse_opening_hours(text) == hours and format_opening_hours(()) == ""
    with pytest.raises(InvalidArgument) as error:
        validate_opening_hours([(0, "18:00", "24:00"), (1, "25:00", "24:00"), (2, "18:00", "24:01"), (3, "24:00", "01:00")])
    assert violations(error) == [
        "opening_hours.windows[0].day",
        "opening_hours.windows[1].opens",
        "opening_hours.windows[2].closes",
        "opening_hours.windows[3].opens",
    ]
    with pytest.raises(InvalidArgument) as error:
        validate_opening_hours([(1, "18:00", "24:00")] * 22)
    assert violations(error) == ["opening_hours.windows"]


@pytest.mark.rule("schedule.club.opening-hours")
def test_open_time_is_local_across_dst_and_a_window_may_cross_midnight():
    hours = validate_opening_hours([(6, "18:00", "02:00"), (7, "12:00", "24:00")])  # Sat evening into Sunday
    # the weekend of the change to summer time in Berlin: Sat 28 March 2026 (CET), Sun 29 March (CEST)
    span = Interval(local(BERLIN, 2026, 3, 27), local(BERLIN, 2026, 3, 31))
    assert open_intervals(hours, BERLIN, span) == (
        Interval(local(BERLIN, 2026, 3, 28, 18), local(BERLIN, 2026, 3, 29, 2)),  # merged with nothing: Sun opens at 12
        Interval(local(BERLIN, 2026, 3, 29, 12), local(BERLIN, 2026, 3, 30)),
    )
    assert local(BERLIN, 2026, 3, 28, 18) == datetime(2026, 3, 28, 17, tzinfo=UTC)  # CET
    assert local(BERLIN, 2026, 3, 29, 12) == datetime(2026, 3, 29, 10, tzinfo=UTC)  # CEST
    # Sunday 23:00 to Monday 01:00 is not open (Sunday closes at midnight; Monday has no window)
    assert not inside_opening_hours(Interval(local(BERLIN, 2026, 3, 29, 23), local(BERLIN, 2026, 3, 30, 1)), hours, BERLIN)
    assert inside_opening_hours(Interval(local(BERLIN, 2026, 3, 28, 23), local(BERLIN, 2026, 3, 29, 1)), hours, BERLIN)
    always = Interval(local(KIROV, 2026, 1, 1), local(KIROV, 2026, 12, 31))
    assert open_intervals((), KIROV, always) == (always,) and inside_opening_hours(always, (), KIROV)


@pytest.mark.rule("schedule.club.opening-hours")
def test_common_options_are_cut_by_the_opening_hours():
    hours = validate_opening_hours(EVENINGS)
    window = Interval(local(KIROV, 2026, 3, 2), local(KIROV, 2026, 3, 9))  # Mon..Mon
    free = [Interval(local(KIROV, 2026, 3, 2, 15), local(KIROV, 2026, 3, 2, 22))]  # Monday 15:00-22:00
    open_ = open_intervals(hours, KIROV, window)
    options = common_options(window, [free, free], ["r1"], {}, timedelta(minutes=90), open_)
    assert [(o.slot.start, o.slot.end) for o in options] == [(local(KIROV, 2026, 3, 2, 18), local(KIROV, 2026, 3, 2, 22))]
    assert [o.slot for o in common_options(window, [free, free], ["r1"], {}, timedelta(minutes=90))] == free  # 24/7


# --- recurring series ---
THURSDAY = Interval(local(BERLIN, 2026, 3, 19, 19), local(BERLIN, 2026, 3, 19, 23))


@pytest.mark.rule("schedule.recurring.rrule-in-club-zone")
def test_every_thursday_stays_19_00_local_across_the_dst_change():
    slots = expand("FREQ=WEEKLY;BYDAY=TH;COUNT=4", THURSDAY, BERLIN)
    assert [s.start.astimezone(BERLIN).strftime("%a %d.%m %H:%M") for s in slots] == [
        "Thu 19.03 19:00",
        "Thu 26.03 19:00",
        "Thu 02.04 19:00",
        "Thu 09.04 19:00",
    ]
    assert [s.start.hour for s in slots] == [18, 18, 17, 17]  # UTC moves by the hour instead
    assert all(s.length == timedelta(hours=4) for s in slots)
    until = expand("RRULE:FREQ=WEEKLY;UNTIL=20260409T170000Z", THURSDAY, BERLIN)
    assert until == slots
    kirov = Interval(local(KIROV, 2026, 3, 19, 19), local(KIROV, 2026, 3, 19, 23))
    assert {s.start.hour for s in expand("FREQ=WEEKLY;COUNT=30", kirov, KIROV)} == {16}  # no DST: always 16:00 UTC


@pytest.mark.rule("schedule.recurring.rrule-in-club-zone")
def test_an_occurrence_in_the_dst_gap_takes_the_offset_before_it():
    """RFC 5545 §3.3.5: a nonexistent local time is read with the offset before the gap (02:30 CET is
    03:30 CEST on 29 March 2026)."""
    first = Interval(local(BERLIN, 2026, 3, 28, 2, 30), local(BERLIN, 2026, 3, 28, 3, 0))
    slots = expand("FREQ=DAILY;COUNT=3", first, BERLIN)
    assert slots[1].start == datetime(2026, 3, 29, 1, 30, tzinfo=UTC)
    assert slots[1].start.astimezone(BERLIN).strftime("%H:%M") == "03:30"
    assert slots[2].start.astimezone(BERLIN).strftime("%H:%M") == "02:30"


@pytest.mark.rule("schedule.recurring.bounded")
@pytest.mark.parametrize(
    ("rule", "field", "says"),
    [
        ("", "rrule", "give an RFC 5545 RRULE"),
        ("FREQ=WEEKLY;BYDAY=TH", "rrule", "COUNT or UNTIL"),
        ("FREQ=WEEKLY;COUNT=3;UNTIL=20260409T170000Z", "rrule", "COUNT or UNTIL"),
        ("FREQ=HOURLY;COUNT=3", "rrule", "FREQ must be one of"),
        (f"FREQ=DAILY;COUNT={MAX_OCCURRENCES + 1}", "rrule", f"COUNT is 1 to {MAX_OCCURRENCES}"),
        ("FREQ=MONTHLY;COUNT=14", "rrule", "runs past 366 days"),
        ("FREQ=WEEKLY;UNTIL=20280101T000000Z", "rrule", "more than 366 days"),
        ("FREQ=WEEKLY;UNTIL=20260409", "rrule", "not a valid RRULE"),
        ("FREQ=WEEKLY;COUNT=2;EXDATE=20260326", "rrule", "not a rule part"),
        ("FREQ=WEEKLY;COUNT=2;COUNT=3", "rrule", "given twice"),
        ("FREQ=WEEKLY;BYDAY=FR;COUNT=3", "start", "the first occurrence must be the start"),
        ("FREQ=DAILY;COUNT=2" + ";" * 200, "rrule", "at most 200"),
    ],
)
def test_a_rule_out_of_bounds_is_refused_naming_the_field(rule, field, says):
    with pytest.raises(InvalidArgument) as error:
        expand(rule, THURSDAY, BERLIN)
    [v] = error.value.violations
    assert v.field == field and says in v.description


@pytest.mark.rule("schedule.recurring.bounded")
def test_occurrences_never_overlap_each_other_and_last_at_most_a_day():
    long = Interval(THURSDAY.start, THURSDAY.start + timedelta(hours=30))
    with pytest.raises(InvalidArgument) as error:
        expand("FREQ=DAILY;COUNT=3", long, BERLIN)
    assert violations(error) == ["end"]
    saturday = local(BERLIN, 2026, 3, 28, 19)  # Saturday 19:00 CET + 24 h is Sunday 20:00 CEST: runs into the next
    with pytest.raises(InvalidArgument) as error:
        expand("FREQ=DAILY;COUNT=2", Interval(saturday, saturday + timedelta(hours=24)), BERLIN)
    assert "overlap each other" in error.value.violations[0].description


@pytest.mark.rule("schedule.recurring.rrule-in-club-zone")
def test_a_whole_day_series_keeps_its_wall_clock_times_across_both_dst_changes():
    """Each occurrence keeps the first one's local start and end (issue 16): a whole day is 00:00-24:00
    local, 23 hours on the spring-forward day and 25 on the fall-back day, and they touch, never overlap."""
    spring = local(BERLIN, 2026, 3, 28)
    days = expand("FREQ=DAILY;COUNT=3", Interval(spring, local(BERLIN, 2026, 3, 29)), BERLIN)
    assert [d.length for d in days] == [timedelta(hours=24), timedelta(hours=23), timedelta(hours=24)]
    assert all(d.start.astimezone(BERLIN).hour == 0 and d.end.astimezone(BERLIN).hour == 0 for d in days)
    autumn = expand("FREQ=DAILY;COUNT=2", Interval(local(BERLIN, 2026, 10, 24), local(BERLIN, 2026, 10, 25)), BERLIN)
    assert autumn[1].length == timedelta(hours=25)
    assert autumn[1].end.astimezone(BERLIN).strftime("%d.%m %H:%M") == "26.10 00:00"  # not 23:00 on the 25th
    saturday = local(BERLIN, 2026, 3, 28, 19)  # Saturday 19:00 to Sunday 19:00, daily: touching, in club time
    evening = expand("FREQ=DAILY;COUNT=2", Interval(saturday, saturday + timedelta(hours=23)), BERLIN)
    assert [e.end.astimezone(BERLIN).strftime("%d %H:%M") for e in evening] == ["29 19:00", "30 19:00"]


# --- the fallback time ---
@pytest.mark.rule("schedule.organizer.fallback-last-sunday")
@pytest.mark.parametrize("zone", [KIROV, BERLIN], ids=["Europe/Kirov", "Europe/Berlin"])
@pytest.mark.parametrize("end_day", range(7), ids=["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
def test_last_sunday_at_18_00_for_a_window_ending_on_every_weekday(zone, end_day):
    """Windows from Monday 2 March 2026 ending at midnight after Monday 16 March + ``end_day`` days
    (club time): the last Sunday inside is 15 March unless the window reaches past Sunday 22 March."""
    start = local(zone, 2026, 3, 2)
    end_date = date(2026, 3, 17) + timedelta(days=end_day)  # the window ends at local midnight starting this date
    window = Interval(start, local(zone, end_date.year, end_date.month, end_date.day))
    at = last_sunday_at(window, zone)
    assert at is not None
    expected = date(2026, 3, 22) if end_date > date(2026, 3, 22) else date(2026, 3, 15)
    assert at.astimezone(zone).date() == expected and at.astimezone(zone).strftime("%a %H:%M") == "Sun 18:00"


@pytest.mark.rule("schedule.organizer.fallback-last-sunday")
def test_fallback_is_18_00_wall_clock_on_the_day_of_the_dst_change_and_none_without_a_sunday():
    window = Interval(local(BERLIN, 2026, 3, 23), local(BERLIN, 2026, 3, 30))  # ends the Monday after the change
    slot = fallback_slot(window, BERLIN, 270)
    assert slot is not None and slot.start == datetime(2026, 3, 29, 16, tzinfo=UTC)  # 18:00 CEST
    assert slot.end - slot.start == timedelta(minutes=270)
    evening_cut = Interval(local(KIROV, 2026, 3, 9), local(KIROV, 2026, 3, 15, 17))  # ends Sunday 17:00
    assert last_sunday_at(evening_cut, KIROV) is None  # no Sunday 18:00 inside: Sunday 8 March is before it
    assert last_sunday_at(Interval(local(KIROV, 2026, 3, 2), local(KIROV, 2026, 3, 15, 17)), KIROV) == local(
        KIROV, 2026, 3, 8, 18
    )
    assert last_sunday_at(window, BERLIN, 12 * 60) == local(BERLIN, 2026, 3, 29, 12)  # the club's own fallback hour


# --- the iCalendar feed ---
NOW = datetime(2026, 3, 1, 12, tzinfo=UTC)
CLUB = Club("club", "Discard club", "Europe/Berlin")
ROOMS = {"r1": "Room 1", "r2": "Room 2"}


def feed_bookings() -> list[Booking]:
    series = [
        Booking(f"s{i}", "club", "r1", slot, "D&D evening", series_id="series", updated_at=NOW)
        for i, slot in enumerate(expand("FREQ=WEEKLY;BYDAY=TH;COUNT=4", THURSDAY, BERLIN))
    ]
    match = Booking(
        "m1",
        "club",
        "r2",
        Interval(local(BERLIN, 2026, 3, 29, 18), local(BERLIN, 2026, 3, 29, 22, 30)),
        match_title("3f2c-competition/1/2/3"),
        match_id="match-1",
        meeting_id="meeting-1",
        updated_at=NOW,
    )
    return [*series, match]


def parse(ics: bytes) -> list[icalendar.Event]:
    calendar = icalendar.Calendar.from_ical(ics)
    return sorted(
        recurring_ical_events.of(calendar).between(datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)),
        key=lambda e: e["UID"],
    )


@pytest.mark.rule("schedule.calendar.ical-feed")
@pytest.mark.parametrize("zone", ["Europe/Berlin", "Europe/Kirov"])
def test_a_second_parser_reads_every_event_at_its_local_time_across_dst(zone):
    club = dataclasses.replace(CLUB, time_zone=zone)
    first = Interval(local(ZoneInfo(zone), 2026, 3, 19, 19), local(ZoneInfo(zone), 2026, 3, 19, 23))
    bookings = [
        Booking(f"s{i}", "club", "r1", slot, "D&D evening", series_id="series", updated_at=NOW)
        for i, slot in enumerate(expand("FREQ=WEEKLY;BYDAY=TH;COUNT=4", first, ZoneInfo(zone)))
    ]
    ics = club_calendar(club, ROOMS, bookings, NOW)
    calendar = icalendar.Calendar.from_ical(ics)
    assert [tz["TZID"] for tz in calendar.walk("VTIMEZONE")] == [zone]
    events = sorted(parse(ics), key=lambda e: e.start)
    assert [(e.start.strftime("%d.%m %H:%M"), e.end.strftime("%H:%M")) for e in events] == [
        ("19.03 19:00", "23:00"),
        ("26.03 19:00", "23:00"),
        ("02.04 19:00", "23:00"),
        ("09.04 19:00", "23:00"),
    ]
    starts = [e.start for e in events]
    assert all(isinstance(s, datetime) and str(s.tzinfo) == zone for s in starts)
    assert [s.astimezone(UTC) for s in starts if isinstance(s, datetime)] == [b.slot.start for b in bookings]  # the same instants


@pytest.mark.rule("schedule.calendar.ical-feed")
def test_uids_are_stable_sequence_counts_changes_and_cancelled_events_stay_a_while():
    bookings = feed_bookings()
    first = club_calendar(CLUB, ROOMS, bookings, NOW)
    assert club_calendar(CLUB, ROOMS, bookings, NOW) == first  # the same state, the same bytes
    moved = dataclasses.replace(
        bookings[1], slot=Interval(bookings[1].slot.start, bookings[1].slot.end + timedelta(hours=1)), sequence=1
    )
    cancelled = dataclasses.replace(
        bookings[2],
        status=BookingStatus.CANCELLED,
        sequence=1,
        cancelled_at=NOW + timedelta(days=1),
        updated_at=NOW + timedelta(days=1),
    )
    later = [bookings[0], moved, cancelled, *bookings[3:]]
    events = {str(e["UID"]): e for e in parse(club_calendar(CLUB, ROOMS, later, NOW + timedelta(days=2)))}
    assert set(events) == {uid(b.id) for b in bookings}  # same UIDs across exports
    assert (events[uid("s1")]["SEQUENCE"], events[uid("s1")].end.strftime("%H:%M")) == (1, "00:00")
    assert (events[uid("s2")]["STATUS"], events[uid("s2")]["SEQUENCE"]) == ("CANCELLED", 1)
    assert events[uid("s0")]["STATUS"] == "CONFIRMED" and events[uid("s0")]["SEQUENCE"] == 0
    gone = club_calendar(CLUB, ROOMS, later, NOW + timedelta(days=1) + CANCELLED_KEPT + timedelta(seconds=1))
    assert uid("s2").encode() not in gone and uid("s3").encode() in gone


@pytest.mark.rule("schedule.calendar.ical-feed")
def test_cached_events_give_the_same_bytes_and_only_a_changed_booking_is_rendered_again():
    bookings, cache = feed_bookings(), EventCache()
    assert club_calendar(CLUB, ROOMS, bookings, NOW, cache=cache) == club_calendar(CLUB, ROOMS, bookings, NOW)
    assert (cache.hits, cache.misses) == (0, 5)
    changed = [dataclasses.replace(bookings[0], sequence=1, title="D&D: the finale"), *bookings[1:]]
    assert club_calendar(CLUB, ROOMS, changed, NOW, cache=cache) == club_calendar(CLUB, ROOMS, changed, NOW)
    assert (cache.hits, cache.misses) == (4, 6)
    small = EventCache(size=2)
    club_calendar(CLUB, ROOMS, bookings, NOW, cache=small)
    assert len(small._events) == 2  # bounded


@pytest.mark.rule("schedule.calendar.ical-feed")
def test_the_feed_holds_titles_and_rooms_only_and_a_room_feed_only_that_room():
    ics = club_calendar(CLUB, ROOMS, feed_bookings(), NOW)
    events = {str(e["UID"]): e for e in parse(ics)}
    assert (str(events[uid("m1")]["SUMMARY"]), str(events[uid("m1")]["LOCATION"])) == (
        "Match: stage 1, round 2, table 3",
        "Room 2",
    )
    [raw] = [e for e in icalendar.Calendar.from_ical(ics).walk("VEVENT") if e["UID"] == uid("m1")]
    assert set(raw.keys()) <= {
        "UID",
        "DTSTAMP",
        "LAST-MODIFIED",
        "SEQUENCE",
        "DTSTART",
        "DTEND",
        "SUMMARY",
        "LOCATION",
        "STATUS",
        "TRANSP",
    }
    for private in (b"match-1", b"meeting-1", b"3f2c-competition"):
        assert private not in ics
    room = parse(club_calendar(CLUB, ROOMS, feed_bookings(), NOW, room_id="r2"))
    assert [str(e["UID"]) for e in room] == [uid("m1")]
    assert icalendar.Calendar.from_ical(club_calendar(CLUB, ROOMS, [], NOW)).walk("VTIMEZONE")  # an empty feed still has its zone
