"""My booked meetings as an iCalendar (RFC 5545) file: one event per meeting, in UTC, its UID stable
across downloads (the meeting's id), so a calendar app updates instead of duplicating."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

import icalendar


@dataclass(frozen=True)
class MyMeeting:
    id: str
    start: datetime
    end: datetime
    summary: str
    players: str
    path: str


def calendar_file(meetings: Sequence[MyMeeting], club_name: str, host: str, now: datetime | None = None) -> bytes:
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//Rondo//web//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"Rondo: {club_name}"[:100])
    stamp = now or datetime.now(UTC)
    for meeting in meetings:
        event = icalendar.Event()
        event.add("uid", f"meeting-{meeting.id}@{host or 'rondo'}")
        event.add("dtstamp", stamp)
        event.add("dtstart", meeting.start.astimezone(UTC))
        event.add("dtend", meeting.end.astimezone(UTC))
        event.add("summary", meeting.summary[:200])
        event.add("description", meeting.players[:500])
        event.add("location", club_name[:100])
        calendar.add_component(event)
    return calendar.to_ical()
