"""Booking domain, first part: clubs and their rooms (docs/architecture.md "Data": every club has an IANA time
zone, Europe/Kirov by default). Availability and bookings come with the booking issue."""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from rondo_runtime import text
from rondo_runtime.text import name_key
from rondo_runtime.validation import Violations

DEFAULT_TIME_ZONE = "Europe/Kirov"
MAX_NAME_LENGTH = text.MAX_NAME_LENGTH  # one name rule for league and booking (rondo_runtime.text)


@dataclass(frozen=True)
class Club:
    id: str
    name: str
    time_zone: str

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.time_zone)


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
