"""A player's own iCalendar feed (docs/rules.md ``schedule.calendar.player-feed-own-meetings``): their
booked meetings, one event each, its UID the meeting's id (a calendar app updates instead of
duplicating), in the club's time zone, with the room and the match. Pure: the gateway finds the
meetings (gateway/my_calendar.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import icalendar

MAX_COMPETITIONS = 20  # linked competitions looked at
MAX_MEETINGS = 500  # events in one feed
MAX_TEXT = 200


@dataclass(frozen=True)
class MyMeeting:
    id: str
    start: datetime
    end: datetime
    competition: str
    round: int
    table: int
    club: str
    time_zone: str
    room: str


def _zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def summary(meeting: MyMeeting) -> str:
    """ "Autumn league, round 2, table 3"."""
    return f"{meeting.competition}, round {meeting.round}, table {meeting.table}"[:MAX_TEXT]


def my_feed(meetings: Sequence[MyMeeting], stamp: datetime) -> bytes:
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//Rondo//my matches//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", "Rondo: my matches")
    for meeting in sorted(meetings, key=lambda m: (m.start, m.id))[:MAX_MEETINGS]:
        zone = _zone(meeting.time_zone)
        event = icalendar.Event()
        event.add("uid", f"meeting-{meeting.id}@rondo")
        event.add("dtstamp", stamp)
        event.add("dtstart", meeting.start.astimezone(zone))
        event.add("dtend", meeting.end.astimezone(zone))
        event.add("summary", summary(meeting))
        event.add("location", f"{meeting.club}, {meeting.room}"[:MAX_TEXT])
        calendar.add_component(event)
    return calendar.to_ical()
