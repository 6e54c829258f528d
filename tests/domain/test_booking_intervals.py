"""Interval algebra and common options (booking/domain/intervals.py, booking/domain/scheduling.py),
checked against a brute-force minute grid on small inputs."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from booking.domain.intervals import Interval, intersect, intersect_all, merge, subtract
from booking.domain.scheduling import common_options

pytestmark = pytest.mark.domain

T0 = datetime(2026, 3, 2, tzinfo=UTC)
SPAN = 48  # minutes on the grid


def t(minute: int) -> datetime:
    return T0 + timedelta(minutes=minute)


def iv(a: int, b: int) -> Interval:
    return Interval(t(a), t(b))


def minutes(intervals) -> set[int]:
    return {
        m for i in intervals for m in range(int((i.start - T0).total_seconds() // 60), int((i.end - T0).total_seconds() // 60))
    }


intervals_st = st.lists(
    st.tuples(st.integers(0, SPAN - 1), st.integers(1, 12)).map(lambda p: iv(p[0], min(SPAN, p[0] + p[1]))), max_size=6
)


def test_merge_joins_overlapping_touching_and_duplicate_intervals():
    assert merge([iv(5, 7), iv(0, 2), iv(2, 3), iv(6, 9), iv(0, 2)]) == (iv(0, 3), iv(5, 9))


def test_an_interval_must_end_after_it_starts():
    with pytest.raises(ValueError):
        iv(3, 3)


@pytest.mark.rule("schedule.availability.validated-and-merged")
@settings(max_examples=200, deadline=None)
@given(intervals_st)
def test_merging_is_idempotent_and_keeps_the_same_instants(xs):
    once = merge(xs)
    assert merge(once) == once
    assert minutes(once) == minutes(xs)
    assert all(a.end < b.start for a, b in zip(once, once[1:], strict=False))  # maximal: no overlap, no touch


@settings(max_examples=200, deadline=None)
@given(intervals_st, intervals_st)
def test_intersection_and_subtraction_match_the_minute_grid(xs, ys):
    assert minutes(intersect(xs, ys)) == minutes(xs) & minutes(ys)
    assert minutes(subtract(xs, ys)) == minutes(xs) - minutes(ys)
    assert merge(intersect(xs, ys)) == intersect(xs, ys)


@settings(max_examples=200, deadline=None)
@given(st.lists(intervals_st, max_size=4), st.tuples(st.integers(0, SPAN - 1), st.integers(1, SPAN)))
def test_intersecting_every_set_matches_the_minute_grid(sets, within):
    window = iv(within[0], min(SPAN, within[0] + within[1]))
    common = intersect_all(sets, window)
    assert minutes(common) == minutes([window]).intersection(*(minutes(s) for s in sets))
    assert merge(common) == common  # normal: sorted, never touching


def brute_force_options(players, busy, rooms, min_len):
    """Per room: runs of minutes where every player and the room are free, at least ``min_len`` long."""
    free_all = set(range(SPAN))
    for p in players:
        free_all &= minutes(p)
    out: dict[tuple[int, int], list[str]] = {}
    for room in rooms:
        free = free_all - minutes(busy.get(room, ()))
        m = 0
        while m < SPAN:
            if m in free:
                start = m
                while m in free:
                    m += 1
                if m - start >= min_len:
                    out.setdefault((start, m), []).append(room)
            m += 1
    return sorted(out.items())


@pytest.mark.rule("schedule.card.options-after-everyone-answered")
@settings(max_examples=200, deadline=None)
@given(
    st.lists(intervals_st, min_size=1, max_size=4),
    st.fixed_dictionaries({"r1": intervals_st, "r2": intervals_st}),
    st.integers(1, 10),
    st.sampled_from(["own", "as r1", "as r2", "every room as r1"]),
)
def test_common_options_are_exactly_where_everyone_and_some_room_are_free(players, busy, min_len, r3):
    # a third room booked like another one (rooms booked alike are computed once) or on its own
    busy = {**busy, "r3": busy["r2"] if r3 == "as r2" else list(busy["r1"]) if r3 == "as r1" else busy["r1"][1:]}
    if r3 == "every room as r1":  # one pattern for every room: its answer alone, sorted
        busy = {room: list(busy["r1"]) for room in busy}
    rooms = ["r1", "r3", "r2"]  # r3 between the two: an option's rooms stay in this order
    options = common_options(iv(0, SPAN), players, rooms, busy, timedelta(minutes=min_len))
    got = [
        ((int((o.slot.start - T0).total_seconds() // 60), int((o.slot.end - T0).total_seconds() // 60)), list(o.room_ids))
        for o in options
    ]
    assert got == brute_force_options(players, busy, rooms, min_len)
    # with no minimum: the options cover exactly the instants where all players are free and some room is
    everything = common_options(iv(0, SPAN), players, rooms, busy, timedelta(0))
    free_all = set(range(SPAN)).intersection(*(minutes(p) for p in players))
    some_room = set().union(*(set(range(SPAN)) - minutes(busy[r]) for r in rooms))
    assert minutes(o.slot for o in everything) == free_all & some_room


def test_an_option_fits_in_one_room_for_its_whole_length():
    # room 1 free 0-20, room 2 free 10-40: two options, never one 0-40 option that needs a room change
    options = common_options(
        iv(0, 40), [[iv(0, 40)]], ["r1", "r2"], {"r1": [iv(20, 40)], "r2": [iv(0, 10)]}, timedelta(minutes=5)
    )
    assert [(o.slot, o.room_ids) for o in options] == [(iv(0, 20), ("r1",)), (iv(10, 40), ("r2",))]
