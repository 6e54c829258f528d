"""Booking domain, first part: clubs and their rooms (docs/architecture.md "Data": every club has an IANA time
zone, Europe/Kirov by default), the club's opening hours (24/7 by default, booking/domain/opening_hours.py)
and its fallback time for matches (18:00 by default, booking/domain/fallback.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from booking.domain.fallback import DEFAULT_FALLBACK_MINUTE
from booking.domain.opening_hours import ALWAYS_OPEN, DAY_MINUTES, OpeningHours, parse_clock, validate_opening_hours
from rondo_runtime import text
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.text import CLUB_TIME_ZONE_FIXED, name_key
from rondo_runtime.validation import Violations

DEFAULT_TIME_ZONE = "Europe/Kirov"
MAX_NAME_LENGTH = text.MAX_NAME_LENGTH  # one name rule for league and booking (rondo_runtime.text)


@dataclass(frozen=True)
class Club:
    id: str
    name: str
    time_zone: str
    opening_hours: OpeningHours = ALWAYS_OPEN
    fallback_minute: int = DEFAULT_FALLBACK_MINUTE  # minutes after local midnight (18:00)

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)


def check_time_zone_kept(club: Club, time_zone: str) -> None:
    """A club's time zone never changes: an update may send the club's own zone back, never another."""
    if time_zone != club.time_zone:
        raise InvalidArgument.single("time_zone", f"cannot be changed: {CLUB_TIME_ZONE_FIXED}")


@dataclass(frozen=True)
class Room:
    id: str
    club_id: str
    name: str


def valid_time_zone(name: str) -> bool:
    if name not in available_timezones():
        return False
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


def validate_new_club(name: str, time_zone: str) -> tuple[str, str]:
    v = Violations()
    clean = v.name("name", name, "give the club a name", MAX_NAME_LENGTH)
    zone = time_zone.strip() or DEFAULT_TIME_ZONE
    if len(zone) > text.MAX_SHORT_LENGTH or not valid_time_zone(zone):
        v.add("time_zone", f"{text.echo(zone)} is not an IANA time zone name such as 'Europe/Kirov' or 'Europe/Moscow'")
    v.raise_if_any()
    return clean, zone


def validate_new_room(name: str, existing: list[Room]) -> str:
    v = Violations()
    clean = v.name("name", name, "give the room a name", MAX_NAME_LENGTH)
    if not v and any(name_key(r.name) == name_key(clean) for r in existing):
        v.add("name", f"the club already has a room named {clean!r}")
    v.raise_if_any()
    return clean


def validate_club_calendar(
    v: Violations, opening_hours: Sequence[tuple[int, str, str]] | None, fallback_time: str | None
) -> tuple[OpeningHours | None, int | None]:
    """The club's opening hours and fallback time as given (None: not given), every bad field in ``v``;
    an empty fallback time is 18:00 (discard-league-2026 §6.1)."""
    hours: OpeningHours | None = None
    if opening_hours is not None:
        try:
            hours = validate_opening_hours(opening_hours)
        except InvalidArgument as error:
            v.items.extend(error.violations)
    minute: int | None = None
    if fallback_time is not None:
        minute = parse_clock(fallback_time) if fallback_time.strip() else DEFAULT_FALLBACK_MINUTE
        if minute is None or minute == DAY_MINUTES:
            v.add("fallback_time", f"a time of day is HH:MM from 00:00 to 23:59, got {text.echo(fallback_time)}")
            minute = None
    return hours, minute
