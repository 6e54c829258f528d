"""The public API's conventions that are pure rules of the gateway (gateway/domain/update_mask.py): the
fields an Update changes (AIP-134), and errors named by the public request's field paths (AIP-193).
Pages and their tokens: tests/domain/test_paging.py."""

from __future__ import annotations

import pytest

from gateway.domain.update_mask import fields_to_update, nested_paths
from rondo_runtime.errors import FieldViolation, InvalidArgument

pytestmark = pytest.mark.domain

UPDATABLE = ("name", "opening_hours", "fallback_time")
FIXED = {"time_zone": "it is set at creation"}


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
