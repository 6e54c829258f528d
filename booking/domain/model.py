"""Booking domain, first part: clubs and their rooms (DESIGN.md "Data": every club has an IANA time
zone, Europe/Kirov by default). Availability and bookings come with the booking issue."""
from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from rondo_runtime.errors import Violations

DEFAULT_TIME_ZONE = "Europe/Kirov"
MAX_NAME_LENGTH = 200


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
    clean = v.text("name", name, max_length=MAX_NAME_LENGTH)
    zone = time_zone.strip() or DEFAULT_TIME_ZONE
    if not valid_time_zone(zone):
        v.add("time_zone", f"{zone!r} is not an IANA time zone name such as 'Europe/Kirov' or 'Europe/Moscow'")
    v.raise_if_any()
    return clean, zone


def validate_new_room(name: str, existing: list[Room]) -> str:
    v = Violations()
    clean = v.text("name", name, max_length=MAX_NAME_LENGTH)
    if clean and any(r.name.casefold() == clean.casefold() for r in existing):
        v.add("name", f"the club already has a room named {clean!r}")
    v.raise_if_any()
    return clean
