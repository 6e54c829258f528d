"""The fallback time of a match (discard-league-2026 §6.1: without valid reasons a match the players
could not agree on is played on the last Sunday of the round's window at 18:00 club time, binding;
docs/rules.md ``schedule.organizer.fallback-last-sunday``). Pure.

"The last Sunday of the window" is the latest local date that is a Sunday and whose fallback time
(18:00 by default, club configuration) lies inside the window ``[start, end)``; computed in the club's
zone with ``zoneinfo``, so it is 18:00 on the wall clock whatever the UTC offset that day. The meeting
starts then and lasts the whole match; it may end after the window does (the start is what the
regulation fixes).
"""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

from booking.domain.intervals import Interval

DEFAULT_FALLBACK_MINUTE = 18 * 60
SUNDAY = 7  # ISO weekday


def last_sunday_at(window: Interval, zone: ZoneInfo, minute_of_day: int = DEFAULT_FALLBACK_MINUTE) -> datetime | None:
    """The UTC instant of the last Sunday at ``minute_of_day`` (club time) inside ``window``; None when
    the window holds no such instant (shorter than a week and without a Sunday evening)."""
    day = (window.end - timedelta(microseconds=1)).astimezone(zone).date()
    first = window.start.astimezone(zone).date()
    while day >= first:
        if day.isoweekday() == SUNDAY:
            at = datetime.combine(day, time(minute_of_day // 60, minute_of_day % 60), tzinfo=zone).astimezone(UTC)
            if window.start <= at < window.end:
                return at
        day -= timedelta(days=1)
    return None


def fallback_slot(
    window: Interval, zone: ZoneInfo, minutes: int, minute_of_day: int = DEFAULT_FALLBACK_MINUTE
) -> Interval | None:
    start = last_sunday_at(window, zone, minute_of_day)
    return None if start is None else Interval(start, start + timedelta(minutes=minutes))
