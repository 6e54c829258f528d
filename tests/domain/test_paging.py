"""Keyset pages and their tokens (rondo_runtime/paging.py), the one scheme of every List: pages of any
size walk the whole list once, also when items are added between two pages; a token fits only its own
query and a bad one is refused naming page_token."""

from __future__ import annotations

import base64
import json
from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo.gateway.v1 import competitions_pb2
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.paging import (
    DEFAULT_PAGE_SIZE,
    MAX_PAGE_SIZE,
    MAX_TOKEN_LENGTH,
    NAME_ID_KEY,
    NUMBER_KEY,
    TIME_KEY,
    Page,
    after_date,
    after_time,
    decode_page_token,
    encode_page_token,
    page_request,
    page_size,
    query_fingerprint,
    request_query,
    time_key,
)

pytestmark = pytest.mark.domain

QUERY = query_fingerprint("ListRooms", "club-1")


def _walk(items: list[tuple[str, str]], size: int, added: list[list[tuple[str, str]]]) -> list[tuple[str, str]]:
    """Every page of ``items`` (rooms: (name, id)) in turn, the i-th batch of ``added`` inserted after page i."""
    listed = list(items)
    seen: list[tuple[str, str]] = []
    token = ""
    for turn in range(len(listed) + sum(map(len, added)) + 2):
        page = Page(size, decode_page_token(token, QUERY, NAME_ID_KEY), QUERY)
        found, token = page.of(listed, lambda room: room)
        seen += found
        if not token:
            return seen
        listed += added[turn] if turn < len(added) else []
    raise AssertionError("the pages never ended")


names = st.text(alphabet="abcAB я", min_size=0, max_size=3)
rooms = st.lists(st.tuples(names, st.uuids().map(str)), unique_by=lambda r: r[1], max_size=40)


@settings(max_examples=150, deadline=None)
@given(items=rooms, size=st.integers(1, 12))
def test_pages_of_any_size_walk_the_whole_list_once_in_key_order(items, size):
    assert _walk(items, size, []) == sorted(items)


@settings(max_examples=150, deadline=None)
@given(items=rooms, size=st.integers(1, 12), added=st.lists(rooms, max_size=6))
def test_items_added_between_pages_never_make_a_page_skip_or_repeat_one(items, size, added):
    """Rooms by name, then id: a room added before the position is not shown (its page is past), one
    added after it is; nothing there before is skipped and nothing is shown twice."""
    ids = {r[1] for r in items}
    added = [[r for r in batch if r[1] not in ids] for batch in added]
    seen = _walk(items, size, added)
    assert len(seen) == len({r[1] for r in seen})  # no repeat
    assert set(items) <= set(seen)  # no skip
    assert seen == sorted(seen)  # in key order: every page after the last key of the previous one
    assert set(seen) <= set(items) | {r for batch in added for r in batch}


def test_the_last_page_has_no_token_and_the_whole_list_is_one_page():
    assert Page(3, None, QUERY).of([], lambda r: r) == ([], "")
    assert Page(3, None, QUERY).of([("a", "1"), ("b", "2"), ("c", "3")], lambda r: r) == (
        [("a", "1"), ("b", "2"), ("c", "3")],
        "",
    )
    assert Page(0, None, QUERY).of([(str(i), str(i)) for i in range(2000)], lambda r: r)[1] == ""  # internal: whole
    assert (DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE) == (100, 1000)
    assert page_size(0) == DEFAULT_PAGE_SIZE and page_size(MAX_PAGE_SIZE) == MAX_PAGE_SIZE


def test_a_token_is_the_last_key_bound_to_its_query_and_fits_no_other():
    token = encode_page_token(("Big room", "r1"), QUERY)
    assert decode_page_token(token, QUERY, NAME_ID_KEY) == ("Big room", "r1")
    assert decode_page_token("", QUERY, NAME_ID_KEY) is None
    with pytest.raises(InvalidArgument) as bad:
        decode_page_token(token, query_fingerprint("ListRooms", "club-2"), NAME_ID_KEY)
    assert [(v.field, v.reason) for v in bad.value.violations] == [("page_token", "PAGE_TOKEN_OTHER_QUERY")]


def _forged(key: object, query: str = QUERY) -> str:
    return base64.urlsafe_b64encode(json.dumps([key, query]).encode()).decode().rstrip("=")


@pytest.mark.parametrize(
    ("token", "reason"),
    [
        ("%%%", "PAGE_TOKEN_INVALID"),
        ("bm90IGpzb24", "PAGE_TOKEN_INVALID"),  # base64 of "not json"
        (_forged(["a"]), "PAGE_TOKEN_INVALID"),  # a key of another shape
        (_forged([1, "r1"]), "PAGE_TOKEN_INVALID"),
        (_forged("a, r1"), "PAGE_TOKEN_INVALID"),
        (base64.urlsafe_b64encode(b'{"p": 5, "q": "x"}').decode(), "PAGE_TOKEN_INVALID"),  # the old offset tokens
        ("a" * (MAX_TOKEN_LENGTH + 1), "PAGE_TOKEN_TOO_LONG"),
    ],
)
def test_a_malformed_or_overlong_token_is_refused_naming_page_token(token, reason):
    with pytest.raises(InvalidArgument) as bad:
        decode_page_token(token, QUERY, NAME_ID_KEY)
    assert [(v.field, v.reason) for v in bad.value.violations] == [("page_token", reason)]


@settings(max_examples=200, deadline=None)
@given(token=st.text(max_size=300))
def test_any_text_is_a_key_of_the_shape_or_refused_as_invalid_argument(token):
    try:
        key = decode_page_token(token, QUERY, NAME_ID_KEY)
    except InvalidArgument as error:
        assert [v.field for v in error.violations] == ["page_token"]
    else:
        assert key is None or (len(key) == 2 and all(isinstance(k, str) for k in key))


@settings(max_examples=100, deadline=None)
@given(name=st.text(max_size=200), item_id=st.uuids().map(str))
def test_the_longest_key_makes_a_token_within_the_bound(name, item_id):
    token = encode_page_token((name, item_id), QUERY)
    assert len(token) <= MAX_TOKEN_LENGTH
    assert decode_page_token(token, QUERY, NAME_ID_KEY) == (name, item_id)


def test_a_time_key_sorts_by_time_and_reads_back_as_a_utc_time():
    base = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)
    times = [base + timedelta(microseconds=m) for m in (0, 1, 999_999)] + [base - timedelta(days=400)]
    assert sorted(time_key(t, "x") for t in times) == [time_key(t, "x") for t in sorted(times)]
    page = Page(10, time_key(base, "b1"), QUERY)
    assert after_time(page) == (base, "b1")
    for bad in (("yesterday", "b1"), ("2026-03-01T19:00:00", "b1")):  # not a time; a time without its zone
        with pytest.raises(InvalidArgument) as refused:
            after_time(Page(10, bad, QUERY))
        assert [v.reason for v in refused.value.violations] == ["PAGE_TOKEN_INVALID"]
    # a longer key led by a time (ListReminders: instant, match key, id) keeps its other parts
    assert after_time(Page(10, (*time_key(base, "c/1/1"), "r1"), QUERY)) == (base, "c/1/1", "r1")


def test_a_day_key_reads_back_as_a_date_or_is_refused_as_invalid():
    """ListTimeouts' key: (the first day as ISO 8601 text, the id)."""
    assert after_date(Page(10, None, QUERY)) is None
    assert after_date(Page(10, ("2027-02-01", "t1"), QUERY)) == (date(2027, 2, 1), "t1")
    for bad in (("tomorrow", "t1"), ("2027-02-30", "t1")):
        with pytest.raises(InvalidArgument) as refused:
            after_date(Page(10, bad, QUERY))
        assert [(v.field, v.reason) for v in refused.value.violations] == [("page_token", "PAGE_TOKEN_INVALID")]


def test_a_request_s_page_is_bound_to_its_filters_not_to_its_page():
    first = competitions_pb2.ListPlayersRequest(competition_id="c1", page_size=5)
    assert request_query(first) == request_query(competitions_pb2.ListPlayersRequest(competition_id="c1", page_token="t"))
    assert request_query(first) != request_query(competitions_pb2.ListPlayersRequest(competition_id="c2"))
    found, token = page_request(first, NUMBER_KEY).of(range(7), lambda n: (n,))
    assert found == [0, 1, 2, 3, 4]
    again = competitions_pb2.ListPlayersRequest(competition_id="c1", page_size=5, page_token=token)
    assert page_request(again, NUMBER_KEY).of(range(7), lambda n: (n,)) == ([5, 6], "")
    with pytest.raises(InvalidArgument) as other:
        page_request(competitions_pb2.ListPlayersRequest(competition_id="c2", page_token=token), NUMBER_KEY)
    assert [v.reason for v in other.value.violations] == ["PAGE_TOKEN_OTHER_QUERY"]
    assert page_request(competitions_pb2.ListPlayersRequest(), NUMBER_KEY).size == DEFAULT_PAGE_SIZE
    for size in (-1, MAX_PAGE_SIZE + 1):
        with pytest.raises(InvalidArgument) as bad:
            page_request(competitions_pb2.ListPlayersRequest(page_size=size), TIME_KEY)
        assert [v.field for v in bad.value.violations] == ["page_size"]
