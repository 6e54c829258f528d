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

icalendar renders about a thousand events a second on a small machine, so each event's bytes are kept
in an :class:`EventCache` keyed by everything the event shows: a booking is rendered again only when it
changed (``python -m bench.booking_calendar`` prints the figures).
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterable, Mapping
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
CACHED_EVENTS = 20_000
END = b"END:VCALENDAR\r\n"


class EventCache:
    """Rendered VEVENTs by what they show (bounded: the oldest entries leave first); shared by threads."""

    def __init__(self, size: int = CACHED_EVENTS):
        self.size = size
        self._events: dict[Hashable, bytes] = {}
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            found = self._events.get(key)
            self.hits, self.misses = self.hits + (found is not None), self.misses + (found is None)
            return found

    def put(self, key: Hashable, value: bytes) -> None:
        with self._lock:
            self._events[key] = value
            while len(self._events) > self.size:
                self._events.pop(next(iter(self._events)))


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
    club: Club,
    room_names: Mapping[str, str],
    bookings: Iterable[Booking],
    now: datetime,
    room_id: str = "",
    cache: EventCache | None = None,
) -> bytes:
    """The feed of the whole club, or of one room (``room_id``): at most :data:`MAX_EVENTS` events, the
    earliest first."""
    span = feed_span(now)
    chosen = sorted((b for b in bookings if in_feed(b, span) and (not room_id or b.room_id == room_id)), key=_order)
    chosen = chosen[:MAX_EVENTS]
    cal = icalendar.Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    name = f"{club.name}: {room_names.get(room_id, '')}" if room_id else club.name
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", club.time_zone)
    cal.add("x-published-ttl", "PT1H")
    if chosen:
        first, last = chosen[0].slot.start, max(b.slot.end for b in chosen)
    else:
        first, last = now, now + timedelta(days=1)
    _add_timezone(cal, club.time_zone, first - timedelta(days=366), last + timedelta(days=366))
    envelope = cal.to_ical()
    assert envelope.endswith(END)
    events = [_event(club, b, room_names.get(b.room_id, ""), now, cache) for b in chosen]
    return b"".join((envelope[: -len(END)], *events, END))


def _event(club: Club, b: Booking, room: str, now: datetime, cache: EventCache | None) -> bytes:
    """One VEVENT's bytes, rendered by icalendar (or taken from ``cache`` when nothing it shows changed)."""
    changed = b.updated_at or b.cancelled_at or now
    key = (b.id, b.sequence, b.status, b.slot, b.title, room, club.time_zone, changed)
    if cache is not None and (found := cache.get(key)) is not None:
        return found
    zone = club.zone
    event = icalendar.Event()
    event.add("uid", uid(b.id))
    event.add("dtstamp", changed.astimezone(UTC))
    event.add("last-modified", changed.astimezone(UTC))
    event.add("sequence", b.sequence)
    event.add("dtstart", b.slot.start.astimezone(zone))
    event.add("dtend", b.slot.end.astimezone(zone))
    event.add("summary", b.title)
    event.add("location", room)
    event.add("status", "CANCELLED" if b.status is BookingStatus.CANCELLED else "CONFIRMED")
    event.add("transp", "OPAQUE")
    rendered = event.to_ical()
    if cache is not None:
        cache.put(key, rendered)
    return rendered


def _add_timezone(cal: icalendar.Calendar, tzid: str, first: datetime, last: datetime) -> None:
    """The club's VTIMEZONE (even for an empty feed), covering the events with a year to spare."""
    timezone = icalendar.Timezone.from_tzid(tzid, first_date=first.date(), last_date=last.date())
    cal.subcomponents.insert(0, timezone)


def _order(b: Booking) -> tuple[datetime, str]:
    return b.slot.start, b.id
