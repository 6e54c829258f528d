"""Hypothesis attacking the availability validator (booking/domain/scheduling.py::validate_availability)
and the interval algebra it relies on: any list of (start, end) pairs — missing ends, reversed,
empty, outside the window, overlapping, duplicated, far in the past or future — is either refused
with INVALID_ARGUMENT naming only fields of bad entries, or accepted as the normal form of exactly the
instants given; nothing else is ever raised."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from booking.domain.intervals import Interval, merge, subtract
from booking.domain.scheduling import MAX_INTERVALS, validate_availability
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

W0 = datetime(2026, 3, 2, tzinfo=UTC)
WINDOW = Interval(W0, W0 + timedelta(days=7))
FIELD = re.compile(r"^intervals(\[(\d+)\](\.start|\.end)?)?$")

instants = st.one_of(
    st.none(),
    st.integers(-3 * 24 * 60, 10 * 24 * 60).map(lambda m: W0 + timedelta(minutes=m)),  # around the window
    st.sampled_from([datetime.min.replace(tzinfo=UTC), datetime.max.replace(tzinfo=UTC), WINDOW.start, WINDOW.end]),
)
raw_lists = st.lists(st.tuples(instants, instants), max_size=12) | st.lists(
    st.tuples(st.just(W0), st.just(W0 + timedelta(hours=1))), min_size=MAX_INTERVALS - 1, max_size=MAX_INTERVALS + 2
)


def bad(start, end) -> bool:
    return start is None or end is None or not start < end or not (WINDOW.start <= start and end <= WINDOW.end)


@pytest.mark.rule("schedule.availability.validated-and-merged")
@settings(max_examples=400, deadline=None)
@given(raw_lists)
def test_the_validator_refuses_exactly_the_bad_entries_or_answers_their_normal_form(raw):
    try:
        merged = validate_availability(raw, WINDOW)
    except InvalidArgument as error:
        assert error.violations
        for v in error.violations:
            match = FIELD.match(v.field)
            assert match, v.field
            if match.group(2) is None:
                assert len(raw) > MAX_INTERVALS  # only the count is named without an index
            else:
                assert bad(*raw[int(match.group(2))]), (v.field, raw[int(match.group(2))])
            assert v.description and len(v.description) < 300
        return
    assert len(raw) <= MAX_INTERVALS and not any(bad(s, e) for s, e in raw)
    assert all(a.end < b.start for a, b in zip(merged, merged[1:]))  # normal: sorted, no overlap or touch
    assert all(WINDOW.covers(i) for i in merged)
    given_ = [Interval(s, e) for s, e in raw]
    assert merge(given_) == merged and subtract(given_, merged) == () and subtract(merged, given_) == ()


minute_intervals = st.lists(
    st.tuples(st.integers(0, 600), st.integers(1, 180)).map(
        lambda p: Interval(W0 + timedelta(minutes=p[0]), W0 + timedelta(minutes=p[0] + p[1]))
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(minute_intervals, minute_intervals, st.integers(0, 240))
def test_subtract_at_least_drops_exactly_the_short_pieces(a, b, minutes):
    at_least = timedelta(minutes=minutes)
    assert subtract(a, b, at_least) == tuple(p for p in subtract(a, b) if p.length >= at_least)
