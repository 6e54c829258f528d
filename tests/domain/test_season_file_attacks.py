"""Season files attacked with huge numbers, floats and deep nesting (issue 16 §4): the one loader never
fails other than by naming fields, numbers are bounded by the service's own ranges, and errors are
reported at most 20 at a time plus "… and N more" (docs/rules.md ``mahjong.season-file.bounded``)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.adapters.season_file import load_season, violations_text
from league.domain.mahjong.ruleset import MAX_POINTS
from rondo_runtime.errors import MAX_VIOLATIONS, InvalidArgument
from tests.season_damage import damaged

pytestmark = pytest.mark.domain
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
FILES = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in sorted(EXAMPLES.glob("*.json"))}
MAHJONG = FILES["mahjong-league-season.json"]
MORE = re.compile(r"^… and (\d+) more$")


def _refused(text: str | bytes) -> list[str]:
    with pytest.raises(InvalidArgument) as error:
        load_season(text)
    return violations_text(error.value)


def _bounded(lines: list[str], total: int | None = None) -> None:
    """At most 20 errors and one "… and N more" line; no line is a whole file."""
    assert lines and len(lines) <= MAX_VIOLATIONS + 1
    assert all(len(line) <= 500 for line in lines)
    if total is not None and total > MAX_VIOLATIONS:
        more = MORE.match(lines[-1])
        assert more is not None and int(more.group(1)) == total - MAX_VIOLATIONS


def _first_hanchan(data: dict[str, Any]) -> dict[str, int]:
    return data["matches"][0]["hanchans"][0]["scores"]


@pytest.mark.rule("mahjong.season-file.bounded")
def test_a_number_of_more_than_4300_digits_is_an_error_naming_its_field_not_a_traceback():
    for digits in (4301, 5000, 100_000):
        text = json.dumps(MAHJONG).replace('"round": 1', '"round": ' + "9" * digits, 1)
        lines = _refused(text)
        assert lines[0].startswith("matches[0].round: ") and f"a number of {digits} digits" in lines[0]
        _bounded(lines)
        text = json.dumps(MAHJONG).replace('"P07": 7100', '"P07": -' + "1" * digits, 1)
        assert (
            f"matches[0].hanchans[0].scores.P07: must be between {-MAX_POINTS} and {MAX_POINTS} (a final score, integer points), got a number of {digits} digits"
            in _refused(text)
        )


@pytest.mark.rule("mahjong.season-file.bounded")
def test_scores_and_penalties_are_bounded_by_the_service_s_own_range():
    data = copy.deepcopy(MAHJONG)
    scores = _first_hanchan(data)
    first, second = list(scores)[:2]
    scores[first] += 10**30
    scores[second] -= 10**30  # the sum is still 120 000
    data["matches"][0]["penalties"] = [{"player": first, "points": 10**40, "reason": "a penalty of 10^40"}]
    found = dict(line.split(": ", 1) for line in _refused(json.dumps(data)))
    for field in (f"matches[0].hanchans[0].scores.{first}", f"matches[0].hanchans[0].scores.{second}"):
        assert f"between {-MAX_POINTS} and {MAX_POINTS} (a final score" in found[field]
    assert f"between 1 and {MAX_POINTS}" in found["matches[0].penalties[0].points"]
    # the edge of the range is accepted
    data = copy.deepcopy(MAHJONG)
    scores = _first_hanchan(data)
    scores[first], scores[second] = MAX_POINTS, scores[first] + scores[second] - MAX_POINTS
    data["matches"][0]["penalties"] = [{"player": first, "points": MAX_POINTS, "reason": "the largest penalty"}]
    load_season(json.dumps(data))


@pytest.mark.rule("mahjong.season-file.bounded")
def test_a_ruleset_variant_s_points_are_bounded_too():
    data = copy.deepcopy(MAHJONG)
    data["ruleset"] = {"base": "mahjong-league", "chombo_penalty": 10**30, "hanchan_uma": [10**30, 0, 0, -(10**30)]}
    found = dict(line.split(": ", 1) for line in _refused(json.dumps(data)))
    assert str(MAX_POINTS) in found["ruleset.chombo_penalty"] and str(MAX_POINTS) in found["ruleset.hanchan_uma"]


@pytest.mark.rule("mahjong.season-file.bounded")
def test_a_file_with_half_a_million_errors_reports_20_and_how_many_more():
    data = copy.deepcopy(MAHJONG)
    data["players"] = [" bad "] * 200_000 + data["players"]
    lines = _refused(json.dumps(data))
    _bounded(lines, total=None)
    assert len(lines) == MAX_VIOLATIONS + 1 and int(MORE.match(lines[-1]).group(1)) >= 200_000 - MAX_VIOLATIONS  # type: ignore[union-attr]


@pytest.mark.rule("mahjong.season-file.bounded")
def test_deep_nesting_anywhere_is_an_error_not_a_traceback():
    for depth in (500, 990, 5_000, 200_000):
        nested = "[" * depth + "]" * depth
        for text in (nested, '{"ruleset": "mahjong-league", "players": ' + nested + "}"):
            _bounded(_refused(text))
        data = copy.deepcopy(MAHJONG)
        data["matches"][0]["round"] = "__NESTED__"
        _bounded(_refused(json.dumps(data).replace('"__NESTED__"', nested)))


DEEP = "__DEEP__"  # replaced in the text by a value nested ``depth`` lists deep
HUGE_INTS = st.one_of(
    st.integers(-(10**60), 10**60),
    st.integers(4_200, 6_000).map(lambda n: 10**n - 1),
    st.sampled_from([MAX_POINTS, MAX_POINTS + 1, -MAX_POINTS - 1, 2**63, -(2**63) - 1]),
)
HOSTILE = st.recursive(
    st.one_of(
        HUGE_INTS,
        st.floats(allow_nan=True, allow_infinity=True),
        st.sampled_from([1e308, -1e308, 1e-320, 0.5, 30000.0]),
        st.text(max_size=5),
        st.just(DEEP),
        st.none(),
        st.booleans(),
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=12,
)


def _dumps(data: Any) -> str:
    """JSON text: Python's json writes NaN and Infinity as its loader reads them back."""
    import sys

    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(data)
    finally:
        sys.set_int_max_str_digits(limit)


@pytest.mark.rule("mahjong.season-file.bounded")
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(
    st.sampled_from(sorted(FILES)),
    st.lists(st.tuples(st.integers(0, 10**6), HOSTILE, st.booleans()), min_size=1, max_size=5),
    st.integers(0, 3_000),
)
def test_property_hostile_numbers_and_nesting_give_named_errors_or_a_season_never_a_traceback(name, changes, depth):
    data = damaged(FILES[name], changes)
    text = _dumps(data)
    text = text.replace(json.dumps(DEEP), "[" * depth + "7" + "]" * depth)
    try:
        load_season(text)
    except InvalidArgument as error:
        lines = violations_text(error)
        _bounded(lines, total=len(error.violations))
        assert all(line.split(": ", 1)[0] for line in lines[:MAX_VIOLATIONS])


@pytest.mark.rule("mahjong.season-file.bounded")
def test_up_down_carried_points_and_cup_ratings_are_bounded_too():
    from league.adapters.season_file import MAX_CARRIED
    from league.domain.model import MAX_RATING

    data = copy.deepcopy(FILES["updown-season.json"])
    data.update(stage=2, group="leaders", carried=dict.fromkeys(data["players"], 0))
    data["ruleset"] = data.get("ruleset", "updown")
    data["carried"][data["players"][0]] = 10**30
    lines = _refused(json.dumps(data))
    assert f"carried.{data['players'][0]}: points carried from stage 1, an integer from 0 to {MAX_CARRIED}, got" in "\n".join(
        lines
    )
    cup = copy.deepcopy(FILES["open-cup-season.json"])
    cup["entrants"][0]["rating"] = 10**30
    assert any(line.startswith("entrants[0].rating: ") and str(MAX_RATING) in line for line in _refused(json.dumps(cup)))
