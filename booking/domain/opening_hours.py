"""A club's opening hours (discard-league-2026 §3: "the club is available around the clock"; the hours
are club configuration, docs/rules.md ``schedule.club.opening-hours``). Pure.

Weekly windows in the club's local time: a day of the week, when it opens and when it closes
(``"18:00"``-``"24:00"``; a closing time at or before the opening time means the next day, so
``Fri 18:00-02:00`` crosses midnight). No windows at all: open 24/7 (the default). Windows are turned
into UTC instants per local date with ``zoneinfo``, so "18:00" holds across a DST change; overlapping
or touching windows (Mon 18:00-24:00 and Tue 00:00-02:00) are one stretch of open time.

Stored and shown in one canonical text form, ``"mon 18:00-24:00, sat 12:00-24:00"`` (empty: 24/7).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from booking.domain.intervals import Interval, Intervals, covered, merge
from rondo_runtime.validation import Violations

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")  # ISO weekday 1..7
MAX_WINDOWS = 21  # three a day
_CLOCK = re.compile(r"^([01]\d|2[0-4]):([0-5]\d)$")
DAY_MINUTES = 24 * 60


@dataclass(frozen=True, order=True)
class OpeningWindow:
    """Open from ``opens`` to ``closes`` (minutes after local midnight of ``weekday``, 1 = Monday); a
    ``closes`` beyond 24:00 (up to 48:00) is on the next day."""

    weekday: int
    opens: int
    closes: int

    @property
    def closing_time(self) -> str:
        """``"HH:MM"`` as given: ``"02:00"`` for a window that closes after midnight, ``"24:00"`` at midnight."""
        return clock(self.closes - DAY_MINUTES if self.closes > DAY_MINUTES else self.closes)

    def __str__(self) -> str:
        return f"{DAYS[self.weekday - 1]} {clock(self.opens)}-{self.closing_time}"


OpeningHours = tuple[OpeningWindow, ...]  # empty: open 24/7
ALWAYS_OPEN: OpeningHours = ()


def clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def parse_clock(text: str) -> int | None:
    """``"HH:MM"`` (00:00 to 24:00) in minutes after midnight; None when malformed."""
    m = _CLOCK.match(text.strip())
    if not m:
        return None
    minutes = int(m.group(1)) * 60 + int(m.group(2))
    return minutes if minutes <= DAY_MINUTES else None


def validate_opening_hours(raw: Sequence[tuple[int, str, str]], field: str = "opening_hours") -> OpeningHours:
    """``(weekday 1-7, opens "HH:MM", closes "HH:MM")`` triples; every bad one named at once
    (``opening_hours.windows[i].closes``). Closing at or before the opening time means the next day;
    "00:00"-"24:00" is the whole day. Sorted; duplicates and overlaps are kept and merged when used."""
    v = Violations()
    if len(raw) > MAX_WINDOWS:
        v.add(f"{field}.windows", f"at most {MAX_WINDOWS} opening windows, got {len(raw)}")
        v.raise_if_any()
    out = []
    for i, (weekday, opens_text, closes_text) in enumerate(raw):
        where = f"{field}.windows[{i}]"
        if not 1 <= weekday <= 7:
            v.add(f"{where}.day", f"a day of the week is 1 (Monday) to 7 (Sunday), got {weekday}")
        opens, closes = parse_clock(opens_text), parse_clock(closes_text)
        if opens is None or opens == DAY_MINUTES:
            v.add(f"{where}.opens", f"an opening time is HH:MM from 00:00 to 23:59, got {opens_text[:8]!r}")
        if closes is None:
            v.add(f"{where}.closes", f"a closing time is HH:MM from 00:00 to 24:00, got {closes_text[:8]!r}")
        if opens is None or closes is None or opens == DAY_MINUTES or not 1 <= weekday <= 7:
            continue
        if closes <= opens:
            closes += DAY_MINUTES  # past midnight: the next day
        out.append(OpeningWindow(weekday, opens, closes))
    v.raise_if_any()
    return tuple(sorted(set(out)))


def format_opening_hours(hours: OpeningHours) -> str:
    """The canonical text (stored, and shown in errors); "" for 24/7."""
    return ", ".join(str(w) for w in hours)


def parse_opening_hours(text: str) -> OpeningHours:
    """The inverse of :func:`format_opening_hours` (the stored form)."""
    raw = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        day, span = part.split()
        opens, closes = span.split("-")
        raw.append((DAYS.index(day) + 1, opens, closes))
    return validate_opening_hours(raw)


def describe(hours: OpeningHours) -> str:
    return format_opening_hours(hours) or "24/7"


def open_intervals(hours: OpeningHours, zone: ZoneInfo, span: Interval) -> Intervals:
    """The instants of ``span`` when the club is open, as normal UTC intervals (24/7: all of ``span``).
    Each window is placed on every local date it can touch, its wall-clock times converted with
    ``zoneinfo`` (in a DST gap the earlier offset applies, RFC 5545's rule for nonexistent times)."""
    if not hours:
        return (span,)
    first = span.start.astimezone(zone).date() - timedelta(days=2)  # a window from the day before may reach in
    last = span.end.astimezone(zone).date()
    pieces = []
    for day in _dates(first, last):
        for w in hours:
            if day.isoweekday() != w.weekday:
                continue
            start, end = _local(day, w.opens, zone), _local(day, w.closes, zone)
            if start < span.end and end > span.start and start < end:
                pieces.append(Interval(max(start, span.start), min(end, span.end)))
    return merge(pieces)


def inside_opening_hours(slot: Interval, hours: OpeningHours, zone: ZoneInfo) -> bool:
    return not hours or covered(slot, open_intervals(hours, zone, slot))


def _local(day: date, minutes: int, zone: ZoneInfo) -> datetime:
    days, minutes = divmod(minutes, DAY_MINUTES)
    local = datetime.combine(day + timedelta(days=days), time(minutes // 60, minutes % 60), tzinfo=zone)
    return local.astimezone(UTC)


def _dates(first: date, last: date) -> Iterable[date]:
    day = first
    while day <= last:
        yield day
        day += timedelta(days=1)
