"""A player's own feed (gateway/domain/my_calendar.py): each meeting at the club's local time with the
match and the room, its UID the meeting's, bounded in events and text."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import icalendar
import pytest

from gateway.domain.my_calendar import MAX_MEETINGS, MAX_TEXT, MyMeeting, my_feed

STAMP = datetime(2027, 3, 1, tzinfo=UTC)


def meeting(n: int, zone: str = "Europe/Berlin", competition: str = "Autumn league") -> MyMeeting:
    start = datetime(2027, 3, 28, 16, tzinfo=UTC) + timedelta(days=n)
    return MyMeeting(f"m{n}", start, start + timedelta(hours=4), competition, 2, 3, "Discard club", zone, "Room 1")


@pytest.mark.rule("schedule.calendar.player-feed-own-meetings")
def test_a_meeting_is_at_the_clubs_local_time_with_the_match_and_the_room() -> None:
    [event] = icalendar.Calendar.from_ical(my_feed([meeting(0)], STAMP)).walk("VEVENT")
    assert str(event["UID"]) == "meeting-m0@rondo"
    assert event.decoded("DTSTART").strftime("%d.%m %H:%M %Z") == "28.03 18:00 CEST"
    assert (str(event["SUMMARY"]), str(event["LOCATION"])) == ("Autumn league, round 2, table 3", "Discard club, Room 1")
    unknown = icalendar.Calendar.from_ical(my_feed([meeting(0, zone="Nowhere/Else")], STAMP)).walk("VEVENT")[0]
    assert unknown.decoded("DTSTART").utcoffset() == timedelta(0)  # an unknown zone: UTC, not an error


@pytest.mark.rule("schedule.calendar.player-feed-own-meetings")
def test_the_feed_is_bounded_in_events_and_text() -> None:
    many = [meeting(n, competition="x" * 1000) for n in range(MAX_MEETINGS + 5)]
    events = icalendar.Calendar.from_ical(my_feed(many, STAMP)).walk("VEVENT")
    assert len(events) == MAX_MEETINGS
    assert all(len(str(e["SUMMARY"])) <= MAX_TEXT for e in events)
    assert [str(e["UID"]) for e in events[:2]] == ["meeting-m0@rondo", "meeting-m1@rondo"]  # the earliest first
