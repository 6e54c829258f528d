"""The availability week grid, built from the club's wall clock: each local day of the match's window
is cut into slots of ``step`` minutes starting at local midnight, and every slot is turned into UTC with
``zoneinfo`` — so a day with a DST change has one slot row fewer (spring) or a repeated hour (autumn),
and a slot never covers an hour that does not exist. A slot is selectable when it lies inside the
window and inside the club's opening hours; a submitted selection is checked against the grid (only its
slots, never an instant the client made up) and merged into intervals for SetAvailability."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

MAX_DAYS = 14  # the grid shows at most two weeks of a window
MAX_SLOTS = 2000  # ...and at most this many slots (a submitted form is bounded by it too)
SLOT_VALUE_CHARS = 25  # "2026-03-29T01:30:00+00:00"


@dataclass(frozen=True)
class Interval:
    start: datetime  # aware, UTC
    end: datetime

    def covers(self, start: datetime, end: datetime) -> bool:
        return self.start <= start and end <= self.end

    def overlaps(self, start: datetime, end: datetime) -> bool:
        return self.start < end and start < self.end


@dataclass(frozen=True)
class Slot:
    start: datetime  # UTC
    end: datetime
    local: datetime  # the wall-clock start in the club's zone
    selectable: bool
    selected: bool
    busy_rooms: int = 0

    @property
    def value(self) -> str:
        """The form value naming this slot: its UTC start."""
        return slot_value(self.start)

    @property
    def row_key(self) -> tuple[time, int]:
        return (self.local.time(), self.local.fold)


@dataclass(frozen=True)
class Day:
    date: date
    slots: dict[tuple[time, int], Slot]


@dataclass
class WeekGrid:
    zone: str
    step_minutes: int
    days: list[Day]
    rows: list[tuple[time, int]] = field(default_factory=list)
    """Wall-clock slot starts shown (rows with no selectable slot on any day are left out); a repeated
    hour of an autumn DST change appears twice (fold 0 then 1)."""
    total_rooms: int = 0

    def slot(self, day: Day, row: tuple[time, int]) -> Slot | None:
        return day.slots.get(row)

    def by_value(self) -> dict[str, Slot]:
        return {s.value: s for d in self.days for s in d.slots.values()}


def slot_value(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def parse_slot_value(raw: str) -> datetime | None:
    """A submitted slot value as an aware UTC instant, or None when it is not one."""
    if not isinstance(raw, str) or not 0 < len(raw) <= SLOT_VALUE_CHARS:
        return None
    try:
        moment = datetime.fromisoformat(raw)
    except ValueError:
        return None
    if moment.tzinfo is None or moment.utcoffset() != timedelta(0):
        return None
    return moment.astimezone(UTC)


def _hhmm(text: str) -> int | None:
    try:
        hours, minutes = text.split(":")
        value = int(hours) * 60 + int(minutes)
    except ValueError:
        return None
    return value if 0 <= value <= 24 * 60 else None


def opening_intervals(windows: Iterable[tuple[int, str, str]], zone: ZoneInfo, first: date, last: date) -> list[Interval] | None:
    """The club's opening hours ``(day 1-7, "HH:MM", "HH:MM")`` as UTC intervals covering the local
    days ``first``..``last`` (and the night before); None when the club has none (open 24/7). A closing
    time at or before the opening time is on the next day."""
    windows = list(windows)
    if not windows:
        return None
    found: list[Interval] = []
    day = first - timedelta(days=1)
    while day <= last:
        for weekday, opens, closes in windows:
            if weekday != day.isoweekday():
                continue
            start, end = _hhmm(opens), _hhmm(closes)
            if start is None or end is None:
                continue
            if end <= start:
                end += 24 * 60
            midnight = datetime.combine(day, time(0))
            local_start = midnight + timedelta(minutes=start)
            local_end = midnight + timedelta(minutes=end)
            found.append(Interval(_utc(local_start, zone), _utc(local_end, zone)))
        day += timedelta(days=1)
    return found


def _utc(naive_local: datetime, zone: ZoneInfo) -> datetime:
    return naive_local.replace(tzinfo=zone).astimezone(UTC)


def build_week(
    window: Interval,
    zone_name: str,
    step_minutes: int = 30,
    selected: Sequence[Interval] = (),
    opening: Sequence[Interval] | None = None,
    busy: Sequence[Interval] = (),
    total_rooms: int = 0,
) -> WeekGrid:
    """The grid of the window's local days (at most :data:`MAX_DAYS`)."""
    zone = ZoneInfo(zone_name)
    step = timedelta(minutes=step_minutes)
    first = window.start.astimezone(zone).date()
    last = min((window.end - timedelta(microseconds=1)).astimezone(zone).date(), first + timedelta(days=MAX_DAYS - 1))
    days: list[Day] = []
    count = 0
    day = first
    while day <= last and count < MAX_SLOTS:
        start = datetime.combine(day, time(0), tzinfo=zone).astimezone(UTC)
        next_midnight = datetime.combine(day + timedelta(days=1), time(0), tzinfo=zone).astimezone(UTC)
        slots: dict[tuple[time, int], Slot] = {}
        moment = start
        while moment < next_midnight and count < MAX_SLOTS:
            end = min(moment + step, next_midnight)
            local = moment.astimezone(zone)
            inside = window.covers(moment, end)
            open_ = opening is None or any(o.covers(moment, end) for o in opening)
            chosen = any(s.covers(moment, end) for s in selected)
            taken = sum(1 for b in busy if b.overlaps(moment, end))
            slot = Slot(moment, end, local, selectable=inside and open_, selected=chosen and inside, busy_rooms=taken)
            slots.setdefault(slot.row_key, slot)
            moment = end
            count += 1
        days.append(Day(day, slots))
        day += timedelta(days=1)
    keys = {key for d in days for key, s in d.slots.items() if s.selectable or s.selected}
    return WeekGrid(zone=zone_name, step_minutes=step_minutes, days=days, rows=sorted(keys), total_rooms=total_rooms)


def selection_intervals(grid: WeekGrid, values: Iterable[str]) -> list[Interval]:
    """The submitted slot values that are selectable slots of ``grid`` (others are ignored), merged
    into intervals (adjacent slots join)."""
    slots = grid.by_value()
    chosen: list[Slot] = []
    for raw in values:
        moment = parse_slot_value(raw)
        slot = slots.get(slot_value(moment)) if moment is not None else None
        if slot is not None and slot.selectable:
            chosen.append(slot)
    return merge(Interval(s.start, s.end) for s in chosen)


def merge(intervals: Iterable[Interval]) -> list[Interval]:
    merged: list[Interval] = []
    for interval in sorted(set(intervals), key=lambda i: (i.start, i.end)):
        if merged and interval.start <= merged[-1].end:
            if interval.end > merged[-1].end:
                merged[-1] = Interval(merged[-1].start, interval.end)
        else:
            merged.append(interval)
    return merged
