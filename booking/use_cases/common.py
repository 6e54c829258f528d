"""What booking's use cases share: the lookups (a club, a room, an open match, an idempotent replay)
and the checks every new booking passes (not in the past, inside the window and the opening hours,
every player free, a room free)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from booking.adapters.repository import BookingRepository
from booking.domain.intervals import Interval
from booking.domain.model import Club, Room
from booking.domain.opening_hours import describe, inside_opening_hours
from booking.domain.scheduling import Match, first_overlap, players_free, taken
from rondo_runtime import idempotency
from rondo_runtime.errors import Aborted, FailedPrecondition, InvalidArgument, NotFound
from rondo_runtime.text import MAX_REASON_LENGTH, clean_id, clean_text
from rondo_runtime.validation import Violations


def now() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return str(uuid.uuid4())


def local(club: Club, slot: Interval) -> str:
    """``2026-03-19 19:00-23:00`` in the club's time."""
    start, end = slot.start.astimezone(club.zone), slot.end.astimezone(club.zone)
    return f"{start:%Y-%m-%d %H:%M}-{end:%H:%M}" if start.date() == end.date() else f"{start:%Y-%m-%d %H:%M}-{end:%Y-%m-%d %H:%M}"


def optional_text(v: Violations, field: str, value: str) -> str:
    """A person-entered text that may be empty (``rondo_runtime.text.clean_text``), bounded."""
    try:
        return clean_text(value, field, MAX_REASON_LENGTH, required=False)
    except InvalidArgument as error:
        v.items.extend(error.violations)
        return ""


def club(repo: BookingRepository, club_id: str) -> Club:
    club_id = clean_id(club_id, "club_id")
    found = repo.club(club_id)
    if found is None:
        raise NotFound.because("CLUB_NOT_FOUND", club_id=club_id)
    return found


def room(repo: BookingRepository, of: Club, room_id: str) -> Room:
    found = repo.room(room_id)
    if found is None or found.club_id != of.id:
        raise NotFound.because("ROOM_NOT_FOUND", room_id=room_id, club_id=of.id)
    return found


def replayed(repo: BookingRepository, key: idempotency.RequestKey | None) -> str | None:
    """The id of what the first request with this key made (None: no key, or a new one);
    INVALID_ARGUMENT on ``idempotency_key`` when the key was used for a different request."""
    record = idempotency.first_answer(repo, key)
    return record.resource_id if record else None


def match(repo: BookingRepository, match_key: str, lock: bool = False) -> Match:
    """The open match; ``lock``: every write that changes the match's meetings passes ``lock=True``,
    which serializes them on the match (docs/rules.md ``schedule.booking.match-serialized``)."""
    found = repo.match_by_key(match_key, lock)
    if found is None:
        raise NotFound.because("MATCH_NOT_OPEN", match=match_key)
    return found


def not_past(slot: Interval, at: datetime, field: str = "start") -> None:
    if slot.start < at:
        raise FailedPrecondition.because("TIME_IN_PAST", field=field, time=slot.start.isoformat())


def check_open(of: Club, slot: Interval, what: str = "the meeting") -> None:
    """FAILED_PRECONDITION unless ``slot`` lies inside the club's opening hours (docs/rules.md
    ``schedule.club.opening-hours``)."""
    if not inside_opening_hours(slot, of.opening_hours, of.zone):
        raise FailedPrecondition(
            f"{what} {local(of, slot)} ({of.time_zone}) is outside the club's opening hours ({describe(of.opening_hours)})"
        )


def check_in_window(of: Match, slot: Interval) -> None:
    if not of.window.covers(slot):
        raise FailedPrecondition(
            f"the meeting is outside the match's window {of.window.start.isoformat()} .. {of.window.end.isoformat()}"
        )


def check_bookable(repo: BookingRepository, of: Match, slot: Interval, at: datetime) -> None:
    """A meeting of the match at ``slot``: not in the past (``at`` is now), inside the match's window
    and the club's opening hours, every player free for all of it."""
    not_past(slot, at)
    check_in_window(of, slot)
    check_open(club(repo, of.club_id), slot)
    answers = repo.availabilities(of.id)
    if not players_free(of, answers, slot):
        raise FailedPrecondition.because("MEETING_NOT_COMMON")


def room_taken(repo: BookingRepository, of: Club, rooms: list[Room], slot: Interval) -> Aborted:
    """ABORTED naming the first booking that holds one of ``rooms`` at ``slot`` (or: no room free)."""
    bookings = repo.active_bookings(of.id, slot.start, slot.end)
    for r in rooms:
        if (b := first_overlap(slot, [b for b in bookings if b.room_id == r.id])) is not None:
            return taken(r.name, b, of.zone)
    return Aborted.because("NO_ROOM_FREE")
