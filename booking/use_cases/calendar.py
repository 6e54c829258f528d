"""The club calendar (docs/rules.md schedule.recurring.*, schedule.calendar.*): one-off activities,
recurring activities (a series and its occurrences) and the club's iCalendar feed."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from booking.adapters.repository import BookingRepository
from booking.domain import calendar_feed
from booking.domain.model import Club
from booking.domain.recurrence import Series, expand, normalize_rule
from booking.domain.scheduling import MAX_TITLE_LENGTH, Booking, BookingStatus, RoomTaken, first_overlap, validate_window
from booking.use_cases import common
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.paging import WHOLE_LIST, Page, after_time, time_key
from rondo_runtime.text import clean_id
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MAX_LIST_SPAN = timedelta(days=366)
_FEED_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
NO_CALENDAR = "there is no calendar at this address"  # the same for a wrong token and a wrong room


@dataclass(frozen=True)
class SeriesView:
    """A recurring activity and every occurrence (active and cancelled), by start."""

    series: Series
    occurrences: tuple[Booking, ...]


@dataclass(frozen=True)
class FeedToken:
    club_id: str
    token: str

    @property
    def path(self) -> str:
        return f"/calendar/{self.token}.ics"


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Calendar:
    def __init__(self, uow: UnitOfWork[BookingRepository], clock: Callable[[], datetime] = common.now):
        self.uow = uow
        self.clock = clock
        self.feed_events = calendar_feed.EventCache()  # rendered VEVENTs: a feed re-renders only what changed

    # --- one-off activities ---
    def book_activity(
        self, club_id: str, room_id: str, title: str, start: datetime | None, end: datetime | None, idempotency_key: str = ""
    ) -> Booking:
        """A one-off activity (a D&D evening) in the same calendar, by the same no-overlap rule."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        room_id = v.id("room_id", room_id)
        title = v.name("title", title, "give the activity a title", MAX_TITLE_LENGTH)
        slot = validate_window(v, start, end, "start", "end", self.clock())
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert slot is not None
        request = {"club_id": club_id, "room_id": room_id, "title": title, "slot": slot}
        key = idempotency.request_key("BookingService.BookActivity", raw_key, request)

        def work(repo: BookingRepository) -> Booking:
            club = common.club(repo, club_id)
            room = common.room(repo, club, room_id)
            if done := common.replayed(repo, key):
                found = repo.booking(done)
                assert found is not None
                return found
            common.not_past(slot, self.clock())
            common.check_open(club, slot, "the activity")
            booking = Booking(common.new_id(), club.id, room.id, slot, title)
            if any(b.room_id == room.id for b in repo.active_bookings(club.id, slot.start, slot.end)):
                raise common.room_taken(repo, club, [room], slot)
            try:
                repo.add_booking(booking, self.clock())
            except RoomTaken:
                raise common.room_taken(repo, club, [room], slot) from None
            idempotency.remember(repo, key, self.clock(), booking.id)
            return booking

        return self.uow.write(work)

    def list_bookings(self, club_id: str, start: datetime | None, end: datetime | None) -> list[Booking]:
        """Every active booking of the club overlapping ``[start, end)`` (at most a year), by start, then id."""
        return self.booking_page(club_id, start, end, WHOLE_LIST)[0]

    def booking_page(self, club_id: str, start: datetime | None, end: datetime | None, page: Page) -> tuple[list[Booking], str]:
        """The club's active bookings overlapping ``[start, end)`` (at most a year), by start, then id: one
        keyset page (``rondo_runtime/paging.py``), page 500 read as page 1 is."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        span = validate_window(v, start, end, "from", "to", self.clock())
        if span is not None and span.length > MAX_LIST_SPAN:
            v.add("to", f"list at most {MAX_LIST_SPAN.days} days at a time")
        v.raise_if_any()
        assert span is not None
        after = after_time(page)
        found = self.uow.read(
            lambda repo: repo.booking_page(common.club(repo, club_id).id, span.start, span.end, after, page.limit)
        )
        return page.answer(found, lambda b: time_key(b.slot.start, b.id))

    # --- recurring activities (docs/rules.md schedule.recurring.*) ---
    def book_recurring_activity(
        self,
        club_id: str,
        room_id: str,
        title: str,
        start: datetime | None,
        end: datetime | None,
        rule: str,
        idempotency_key: str = "",
    ) -> SeriesView:
        """A recurring activity ("every Thursday 19:00-23:00"): ``start``/``end`` are the first occurrence,
        ``rule`` an RRULE expanded in the club's zone. Every occurrence is booked in one transaction, or
        none: an occurrence in the past, outside the opening hours or colliding with a booking refuses
        the series naming the first such occurrence."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        room_id = v.id("room_id", room_id)
        title = v.name("title", title, "give the activity a title", MAX_TITLE_LENGTH)
        first = validate_window(v, start, end, "start", "end", self.clock())
        normalize_rule(rule, v)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert first is not None
        request = {"club_id": club_id, "room_id": room_id, "title": title, "first": first, "rule": rule}
        key = idempotency.request_key("BookingService.BookRecurringActivity", raw_key, request)

        def work(repo: BookingRepository) -> SeriesView:
            club = common.club(repo, club_id)
            room = common.room(repo, club, room_id)
            if done := common.replayed(repo, key):
                return self._series_view(repo, club, done)
            slots = expand(rule, first, club.zone)
            common.not_past(first, self.clock())
            for n, slot in enumerate(slots, start=1):
                common.check_open(club, slot, f"occurrence {n}")
            taken = repo.active_bookings(club.id, slots[0].start, slots[-1].end)
            for n, slot in enumerate(slots, start=1):
                if (b := first_overlap(slot, [b for b in taken if b.room_id == room.id])) is not None:
                    by = "a match" if b.match_id else repr(b.title)
                    raise FailedPrecondition(
                        f"occurrence {n} ({common.local(club, slot)}) collides with {by} in {room.name} "
                        f"({common.local(club, b.slot)}); nothing was booked"
                    )
            series = Series(
                common.new_id(), club.id, room.id, title, rule.strip().upper().removeprefix("RRULE:"), first, club.time_zone
            )
            repo.add_series(series, self.clock())
            for slot in slots:
                try:
                    repo.add_booking(Booking(common.new_id(), club.id, room.id, slot, title, series_id=series.id), self.clock())
                except RoomTaken:  # a race: the whole series is rolled back
                    raise common.room_taken(repo, club, [room], slot) from None
            idempotency.remember(repo, key, self.clock(), series.id)
            return self._series_view(repo, club, series.id)

        return self.uow.write(work)

    @staticmethod
    def _series_view(repo: BookingRepository, club: Club, series_id: str) -> SeriesView:
        series = repo.series(series_id)
        if series is None or series.club_id != club.id:
            raise NotFound.because("SERIES_NOT_FOUND", series_id=series_id, club_id=club.id)
        return SeriesView(series, tuple(repo.series_bookings(series.id)))

    def get_series(self, club_id: str, series_id: str) -> SeriesView:
        v = Violations()
        club_id = v.id("club_id", club_id)
        series_id = v.id("series_id", series_id)
        v.raise_if_any()
        return self.uow.read(lambda repo: self._series_view(repo, common.club(repo, club_id), series_id))

    def _activity(self, repo: BookingRepository, club: Club, booking_id: str) -> Booking:
        """An activity booking of the club (an occurrence of a series, or a one-off): a match's booking
        changes through its meeting (CancelMeeting, AssignMeeting)."""
        booking = repo.booking(booking_id)
        if booking is None or booking.club_id != club.id:
            raise NotFound.because("BOOKING_NOT_FOUND", booking_id=booking_id, club_id=club.id)
        if booking.match_id:
            raise FailedPrecondition(
                f"booking {booking_id!r} is a match's meeting: cancel the meeting or assign it another time instead"
            )
        return booking

    def cancel_occurrence(self, club_id: str, booking_id: str, reason: str = "") -> Booking:
        """Cancels one occurrence of a series (or a one-off activity): kept, with the reason, its room
        free again. Cancelling it again answers it unchanged."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        booking_id = v.id("booking_id", booking_id)
        reason = common.optional_text(v, "reason", reason)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Booking:
            booking = self._activity(repo, common.club(repo, club_id), booking_id)
            if booking.status is BookingStatus.ACTIVE:
                repo.cancel_booking(booking.id, self.clock(), reason)
            found = repo.booking(booking.id)
            assert found is not None
            return found

        return self.uow.write(work)

    def move_occurrence(
        self,
        club_id: str,
        booking_id: str,
        start: datetime | None,
        end: datetime | None,
        room_id: str = "",
        idempotency_key: str = "",
    ) -> Booking:
        """Gives one occurrence (or a one-off activity) a new time, and optionally another room of the
        club, under the same checks as a new booking: not in the past, inside the opening hours, the
        room free (the database refuses an overlap). The series' other occurrences do not move."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        booking_id = v.id("booking_id", booking_id)
        slot = validate_window(v, start, end, "start", "end", self.clock())
        room_id = v.id("room_id", room_id, required=False)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert slot is not None
        request = {"club_id": club_id, "booking_id": booking_id, "slot": slot, "room_id": room_id}
        key = idempotency.request_key("BookingService.MoveOccurrence", raw_key, request)

        def work(repo: BookingRepository) -> Booking:
            club = common.club(repo, club_id)
            booking = self._activity(repo, club, booking_id)
            if common.replayed(repo, key):
                return booking
            if booking.status is not BookingStatus.ACTIVE:
                raise FailedPrecondition.because("BOOKING_CANCELLED", booking_id=booking_id)
            room = common.room(repo, club, room_id or booking.room_id)
            if (room.id, slot) != (booking.room_id, booking.slot):
                common.not_past(slot, self.clock())
                common.check_open(club, slot, "the activity")
                others = [
                    b for b in repo.active_bookings(club.id, slot.start, slot.end) if b.room_id == room.id and b.id != booking.id
                ]
                if others:
                    raise common.room_taken(repo, club, [room], slot)
                try:
                    repo.move_booking(booking.id, room.id, slot, self.clock())
                except RoomTaken:
                    raise common.room_taken(repo, club, [room], slot) from None
            idempotency.remember(repo, key, self.clock(), booking.id)
            found = repo.booking(booking.id)
            assert found is not None
            return found

        return self.uow.write(work)

    def cancel_series(self, club_id: str, series_id: str, from_: datetime | None = None, reason: str = "") -> SeriesView:
        """Cancels every active occurrence of the series starting at ``from_`` or later (unset: from now
        on); earlier occurrences stay as they are. Cancelling again changes nothing."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        series_id = v.id("series_id", series_id)
        reason = common.optional_text(v, "reason", reason)
        v.raise_if_any()

        def work(repo: BookingRepository) -> SeriesView:
            club = common.club(repo, club_id)
            view = self._series_view(repo, club, series_id)
            since = from_ or self.clock()
            for b in view.occurrences:
                if b.status is BookingStatus.ACTIVE and b.slot.start >= since:
                    repo.cancel_booking(b.id, self.clock(), reason)
            return self._series_view(repo, club, series_id)

        return self.uow.write(work)

    # --- the iCalendar feed (docs/rules.md schedule.calendar.ical-feed) ---
    def rotate_calendar_token(self, club_id: str) -> FeedToken:
        """A new unguessable feed token for the club (256 random bits); the old one stops working at
        once. Only its SHA-256 is stored: the token is in this answer alone. No idempotency key: a
        retry rotates again, and the token of the last answer is the one that works."""
        club_id = clean_id(club_id, "club_id")
        token = secrets.token_urlsafe(32)

        def work(repo: BookingRepository) -> FeedToken:
            club = common.club(repo, club_id)
            repo.set_calendar_token(club.id, token_digest(token), self.clock())
            return FeedToken(club.id, token)

        return self.uow.write(work)

    def export_calendar(self, token: str, room_id: str = "") -> bytes:
        """The club's calendar (or one room's) as iCalendar bytes. NOT_FOUND with one message for a
        wrong token and a wrong room, so an answer never tells whether a token exists; the stored hash
        is compared in constant time."""
        if not isinstance(token, str) or not _FEED_TOKEN.match(token) or not isinstance(room_id, str) or len(room_id) > 64:
            raise NotFound(NO_CALENDAR, reason="CALENDAR_NOT_FOUND")
        digest = token_digest(token)

        def work(repo: BookingRepository) -> bytes:
            found = repo.calendar_token(digest)
            if found is None or not hmac.compare_digest(found[1], digest):
                raise NotFound(NO_CALENDAR, reason="CALENDAR_NOT_FOUND")
            club = common.club(repo, found[0])
            rooms = {r.id: r.name for r in repo.rooms(club.id)}
            if room_id and room_id not in rooms:
                raise NotFound(NO_CALENDAR, reason="CALENDAR_NOT_FOUND")
            now = self.clock()
            span = calendar_feed.feed_span(now)
            bookings = repo.calendar_bookings(club.id, span.start, span.end, span.cancelled_since, calendar_feed.MAX_EVENTS)
            return calendar_feed.club_calendar(club, rooms, bookings, now, room_id, self.feed_events)

        return self.uow.read(work)
