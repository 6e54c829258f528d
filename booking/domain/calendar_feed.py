"""The club calendar as an iCalendar feed (RFC 5545), made with the ``icalendar`` library
(discard-league-2026 §3: one shared calendar of the club; docs/rules.md ``schedule.calendar.ical-feed``).
Pure: the bookings in, the feed's bytes out.

* One VEVENT per booking (an occurrence of a recurring activity is a booking of its own, so a moved or
  cancelled occurrence is simply that event changed): ``UID`` is ``<booking id>@rondo`` (the same booking
  has the same UID in every export), ``SEQUENCE`` is the booking's stored sequence (+1 on every change),
  ``DTSTAMP``/``LAST-MODIFIED`` its last change, so the same state exports the same bytes.
* Times are local to the club (``DTSTART;TZID=<zone>``) with the club's ``VTIMEZONE``, so a calendar app
  shows 19:00 as 19:00 on both sides of a DST change.
* A cancelled booking stays in the feed as ``STATUS:CANCELLED`` for :data:`CANCELLED_KEPT` after its
  cancellation (subscribers see it go), then leaves it.
* Titles and rooms only: ``SUMMARY`` is the booking's title (a match is "Match: stage 1, round 2,
  table 3"), ``LOCATION`` the room. Never a player's id or name, never anyone's availability.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import icalendar

from booking.domain.model import Club
from booking.domain.scheduling import Booking, BookingStatus

CANCELLED_KEPT = timedelta(days=30)
PAST = timedelta(days=30)  # bookings that ended longer ago than this are left out
FUTURE = timedelta(days=366)
MAX_EVENTS = 5000
PRODID = "-//Rondo//Club calendar//EN"
UID_DOMAIN = "rondo"


@dataclass(frozen=True)
class FeedSpan:
    """Which bookings a feed exported at ``now`` holds: ending after ``start``, starting before ``end``."""

    start: datetime
    end: datetime
    cancelled_since: datetime


def feed_span(now: datetime) -> FeedSpan:
    return FeedSpan(now - PAST, now + FUTURE, now - CANCELLED_KEPT)


def in_feed(booking: Booking, span: FeedSpan) -> bool:
    if not (booking.slot.end > span.start and booking.slot.start < span.end):
        return False
    if booking.status is BookingStatus.CANCELLED:
        return booking.cancelled_at is not None and booking.cancelled_at >= span.cancelled_since
    return True


def uid(booking_id: str) -> str:
    return f"{booking_id}@{UID_DOMAIN}"


def club_calendar(
    club: Club, room_names: Mapping[str, str], bookings: Iterable[Booking], now: datetime, room_id: str = ""
) -> bytes:
    """The feed of the whole club, or of one room (``room_id``): at most :data:`MAX_EVENTS` events, the
    earliest first."""
    span = feed_span(now)
    chosen = sorted((b for b in bookings if in_feed(b, span) and (not room_id or b.room_id == room_id)), key=_order)
    chosen = chosen[:MAX_EVENTS]
    zone = club.zone
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    name = f"{club.name}: {room_names.get(room_id, '')}" if room_id else club.name
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", club.time_zone)
    for b in chosen:
        event = icalendar.Event()
        event.add("uid", uid(b.id))
        changed = b.updated_at or b.cancelled_at or now
        event.add("dtstamp", changed.astimezone(UTC))
        event.add("last-modified", changed.astimezone(UTC))
        event.add("sequence", b.sequence)
        event.add("dtstart", b.slot.start.astimezone(zone))
        event.add("dtend", b.slot.end.astimezone(zone))
        event.add("summary", b.title)
        event.add("location", room_names.get(b.room_id, ""))
        event.add("status", "CANCELLED" if b.status is BookingStatus.CANCELLED else "CONFIRMED")
        event.add("transp", "OPAQUE")
        cal.add_component(event)
    if chosen:
        first, last = chosen[0].slot.start, max(b.slot.end for b in chosen)
    else:
        first, last = now, now + timedelta(days=1)
    cal.add("x-published-ttl", "PT1H")
    _add_timezone(cal, club.time_zone, first - timedelta(days=366), last + timedelta(days=366))
    return cal.to_ical()


def _add_timezone(cal: icalendar.Calendar, tzid: str, first: datetime, last: datetime) -> None:
    """The club's VTIMEZONE (even for an empty feed), covering the events with a year to spare."""
    timezone = icalendar.Timezone.from_tzid(tzid, first_date=first.date(), last_date=last.date())
    cal.subcomponents.insert(0, timezone)


def _order(b: Booking) -> tuple[datetime, str]:
    return b.slot.start, b.id
