"""The public API's conventions that are pure rules of the gateway (gateway/domain/paging.py,
gateway/domain/update_mask.py): pages of a whole list with tokens bound to their query, the fields an
Update changes (AIP-134), and errors named by the public request's field paths (AIP-193)."""

from __future__ import annotations

import pytest

from gateway.domain.paging import DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, page_of, query_fingerprint
from gateway.domain.update_mask import fields_to_update, nested_paths
from rondo_runtime.errors import FieldViolation, InvalidArgument

pytestmark = pytest.mark.domain

UPDATABLE = ("name", "opening_hours", "fallback_time")
FIXED = {"time_zone": "it is set at creation"}


def test_pages_walk_the_whole_list_once_and_the_last_page_has_no_token():
    items = list(range(250))
    query = query_fingerprint("ListPlayers", "c1")
    seen, token, pages = [], "", 0
    while True:
        page, token = page_of(items, 0, token, query)
        seen += page
        pages += 1
        if not token:
            break
    assert seen == items and pages == 3  # 100 + 100 + 50: the default page
    assert page_of(items, MAX_PAGE_SIZE, "", query) == (items, "")
    assert page_of([], 10, "", query) == ([], "")
    assert DEFAULT_PAGE_SIZE == 100 and MAX_PAGE_SIZE == 1000


def test_a_token_fits_only_its_own_query_and_sizes_are_bounded():
    query, other = query_fingerprint("ListPlayers", "c1"), query_fingerprint("ListPlayers", "c2")
    _, token = page_of(list(range(5)), 2, "", query)
    assert page_of(list(range(5)), 2, token, query)[0] == [2, 3]
    for size, token_text, q, field in (
        (5, token, other, "page_token"),
        (5, "%%%", query, "page_token"),
        (-1, "", query, "page_size"),
    ):
        with pytest.raises(InvalidArgument) as bad:
            page_of(list(range(5)), size, token_text, q)
        assert [v.field for v in bad.value.violations] == [field]
    with pytest.raises(InvalidArgument):
        page_of([], MAX_PAGE_SIZE + 1, "", query)


def test_an_update_changes_its_mask_or_else_what_the_resource_sets():
    assert fields_to_update(["fallback_time", "name"], UPDATABLE, set(), FIXED) == ["name", "fallback_time"]
    assert fields_to_update([], UPDATABLE, {"name", "time_zone"}, FIXED) == ["name"]  # implied: fixed fields left out
    assert fields_to_update(["*"], UPDATABLE, set(), FIXED) == list(UPDATABLE)
    assert fields_to_update([" name "], UPDATABLE, set()) == ["name"]


@pytest.mark.parametrize(
    ("paths", "said"),
    [
        (["time_zone"], "'time_zone' cannot be changed: it is set at creation"),
        (["colour"], "'colour' is not a field this method changes; it changes name, opening_hours, fallback_time"),
        (["*", "name"], "stands alone"),
    ],
)
def test_a_mask_naming_what_cannot_change_is_refused_on_update_mask(paths, said):
    with pytest.raises(InvalidArgument) as bad:
        fields_to_update(paths, UPDATABLE, set(), FIXED)
    [violation] = bad.value.violations
    assert violation.field == "update_mask" and said in violation.description


def test_a_downstream_error_names_the_public_request_s_paths():
    error = InvalidArgument.of(
        [
            FieldViolation("name", "give the club a name"),
            FieldViolation("opening_hours.windows[0].opens", "HH:MM"),
            FieldViolation("idempotency_key", "too long"),
        ]
    )
    renamed = nested_paths(error, {"name": "club.name", "opening_hours": "club.opening_hours"})
    assert [v.field for v in renamed.violations] == ["club.name", "club.opening_hours.windows[0].opens", "idempotency_key"]
    assert renamed.message.startswith("club.name: give the club a name")
    plain = InvalidArgument("no field")
    assert nested_paths(plain, {"name": "club.name"}) is plain
