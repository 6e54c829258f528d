"""The availability week grid (web/views/week.py): local wall-clock slots turned into UTC with
zoneinfo, correct across DST changes; a submitted selection only ever names the grid's slots."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given
from hypothesis import strategies as st

from web.views.week import Interval, build_week, merge, opening_intervals, parse_slot_value, selection_intervals

pytestmark = pytest.mark.domain

BERLIN = ZoneInfo("Europe/Berlin")


def local(y: int, m: int, d: int, h: int = 0, minute: int = 0, fold: int = 0) -> datetime:
    return datetime(y, m, d, h, minute, tzinfo=BERLIN, fold=fold).astimezone(UTC)


def test_a_spring_dst_day_has_23_hourly_slots_and_no_slot_in_the_missing_hour() -> None:
    window = Interval(local(2026, 3, 28), local(2026, 3, 30))
    grid = build_week(window, "Europe/Berlin", step_minutes=60)
    sunday = grid.days[1]
    assert sunday.date.isoformat() == "2026-03-29"
    assert len(sunday.slots) == 23
    assert all(s.local.hour != 2 for s in sunday.slots.values())
    assert all(s.end - s.start == timedelta(hours=1) for s in sunday.slots.values())
    # 03:00 local is 01:00 UTC that day (CEST, +2), 01:00 local is 00:00 UTC (CET, +1)
    assert sunday.slots[(time(3), 0)].start == datetime(2026, 3, 29, 1, tzinfo=UTC)
    assert sunday.slots[(time(1), 0)].start == datetime(2026, 3, 29, 0, tzinfo=UTC)
    assert len(grid.days[0].slots) == 24


def test_an_autumn_dst_day_has_25_hourly_slots_and_the_repeated_hour_twice() -> None:
    window = Interval(local(2026, 10, 25), local(2026, 10, 26))
    grid = build_week(window, "Europe/Berlin", step_minutes=60)
    (day,) = grid.days
    assert len(day.slots) == 25
    first, second = day.slots[(time(2), 0)], day.slots[(time(2), 1)]
    assert second.start - first.start == timedelta(hours=1)
    assert grid.rows.count((time(2), 0)) == 1 and (time(2), 1) in grid.rows
    starts = sorted(s.start for s in day.slots.values())
    assert all(b - a == timedelta(hours=1) for a, b in zip(starts, starts[1:]))


def test_the_selection_round_trips_through_the_form_and_merges_adjacent_slots() -> None:
    window = Interval(local(2026, 3, 28), local(2026, 3, 30))
    grid = build_week(window, "Europe/Berlin", step_minutes=30)
    # 01:30 and 03:00 local on the spring day are adjacent in real time (02:00-03:00 does not exist)
    values = [grid.days[1].slots[(time(1, 30), 0)].value, grid.days[1].slots[(time(3), 0)].value]
    chosen = selection_intervals(grid, values)
    assert chosen == [Interval(local(2026, 3, 29, 1, 30), local(2026, 3, 29, 3, 30))]
    assert chosen[0].end - chosen[0].start == timedelta(hours=1)
    again = build_week(window, "Europe/Berlin", step_minutes=30, selected=chosen)
    assert sorted(s.value for d in again.days for s in d.slots.values() if s.selected) == sorted(values)


def test_opening_hours_limit_the_selectable_slots_and_closing_after_midnight_is_the_next_day() -> None:
    window = Interval(local(2026, 3, 27), local(2026, 3, 30))  # Friday to Sunday
    opening = opening_intervals(
        [(5, "18:00", "02:00"), (7, "12:00", "16:00")], BERLIN, local(2026, 3, 27).date(), local(2026, 3, 30).date()
    )
    assert opening is not None
    grid = build_week(window, "Europe/Berlin", step_minutes=60, opening=opening)
    friday, saturday, sunday = grid.days
    assert [s.local.hour for s in friday.slots.values() if s.selectable] == [18, 19, 20, 21, 22, 23]
    assert [s.local.hour for s in saturday.slots.values() if s.selectable] == [0, 1]
    assert [s.local.hour for s in sunday.slots.values() if s.selectable] == [12, 13, 14, 15]
    assert opening_intervals([], BERLIN, friday.date, sunday.date) is None


def test_slots_outside_the_window_or_closed_are_refused_whatever_the_form_says() -> None:
    window = Interval(local(2026, 3, 2, 18), local(2026, 3, 2, 20))
    grid = build_week(window, "Europe/Berlin", step_minutes=60)
    outside = local(2026, 3, 2, 10).isoformat()
    inside = local(2026, 3, 2, 18).isoformat()
    assert selection_intervals(grid, [outside, "2026-03-02T18:00:00", "nonsense", inside]) == [
        Interval(local(2026, 3, 2, 18), local(2026, 3, 2, 19))
    ]


def test_busy_rooms_are_counted_per_slot() -> None:
    window = Interval(local(2026, 3, 2), local(2026, 3, 3))
    busy = [Interval(local(2026, 3, 2, 21), local(2026, 3, 3, 1)), Interval(local(2026, 3, 2, 22), local(2026, 3, 2, 23))]
    grid = build_week(window, "Europe/Berlin", step_minutes=60, busy=busy, total_rooms=2)
    counts = {s.local.hour: s.busy_rooms for s in grid.days[0].slots.values()}
    assert counts[20] == 0 and counts[21] == 1 and counts[22] == 2 and counts[23] == 1


@given(st.text(max_size=40))
def test_any_submitted_slot_value_is_parsed_or_refused_never_raises(raw: str) -> None:
    parsed = parse_slot_value(raw)
    assert parsed is None or parsed.tzinfo is not None


@given(
    st.lists(st.integers(min_value=-48, max_value=400), max_size=60),
    st.sampled_from(["Europe/Berlin", "America/New_York", "Asia/Kolkata"]),
)
def test_a_selection_is_always_inside_the_window_and_made_of_whole_slots(offsets: list[int], zone: str) -> None:
    start = datetime(2026, 10, 30, tzinfo=UTC)  # a window across the autumn changes of both zones
    window = Interval(start, start + timedelta(days=4))
    grid = build_week(window, zone, step_minutes=30)
    values = [(start + timedelta(minutes=30 * k)).isoformat() for k in offsets]
    chosen = selection_intervals(grid, values)
    assert chosen == merge(chosen)
    for interval in chosen:
        assert window.covers(interval.start, interval.end)
        assert (interval.end - interval.start) % timedelta(minutes=30) == timedelta(0)
