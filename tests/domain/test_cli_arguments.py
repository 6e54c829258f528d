"""The organizer CLI's own argument syntax (rondo_app/client/parse.py): what an organizer types is read
back exactly, and anything else is a BadArgument naming the option — never another exception, never a
silently different number. Pure: nothing is sent."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_app.client.parse import (
    ANNULLED,
    GAME_RESULTS,
    BadArgument,
    parse_chombo,
    parse_game_result,
    parse_points,
    parse_scores,
    parse_when,
    resolve_player,
)

pytestmark = pytest.mark.domain

# A player as typed: an id or a name, without "=" and without surrounding blanks.
players = st.text(st.characters(exclude_characters="=", codec="utf-8"), min_size=1, max_size=20).map(str.strip).filter(bool)
points = st.integers(min_value=-(10**9), max_value=10**9)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(players, points, min_size=1, max_size=6))
def test_scores_read_back_exactly_what_was_typed(scores):
    typed = [f"{player}={value}" for player, value in scores.items()]
    assert parse_scores(typed) == scores


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_any_score_text_is_a_score_or_a_bad_argument_naming_the_option(text):
    try:
        parsed = parse_scores([text])
    except BadArgument as error:
        assert error.option == "--score" and str(error).startswith("--score: ")
        return
    ((player, value),) = parsed.items()
    left, _, right = text.partition("=")
    assert player == left.strip() and value == int(right.strip())


@given(st.text(st.characters(exclude_characters="="), max_size=20))
def test_a_score_without_equals_is_refused_saying_the_syntax(text):
    with pytest.raises(BadArgument, match="PLAYER=VALUE|missing"):
        parse_scores([text])


@settings(max_examples=300, deadline=None)
@given(points, st.booleans(), st.booleans())
def test_points_are_whole_numbers_with_an_optional_sign(value, plus, blanks):
    text = f"+{value}" if plus and value >= 0 else str(value)
    assert parse_points(f" {text} " if blanks else text, "--points") == value


@pytest.mark.parametrize("text", ["12.5", "1e3", "25,000", "25 000", "", "-", "0x10", "٣"])
def test_not_whole_numbers_are_refused(text):
    with pytest.raises(BadArgument, match="not a whole number"):
        parse_points(text, "--score")


def test_a_player_named_twice_is_refused():
    with pytest.raises(BadArgument, match="'P1' is given twice"):
        parse_scores(["P1=30000", "P1=20000"])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(players, st.integers(min_value=1, max_value=5)), max_size=6))
def test_chombo_counts_add_up_by_player(items):
    typed = [player if count == 1 else f"{player}={count}" for player, count in items]
    expected: dict[str, int] = {}
    for player, count in items:
        expected[player] = expected.get(player, 0) + count
    assert parse_chombo(typed) == expected


@pytest.mark.parametrize("text", ["P1=0", "P1=-1", "=2", "P1=", " "])
def test_bad_chombo_is_refused(text):
    with pytest.raises(BadArgument):
        parse_chombo([text])


@given(st.lists(st.tuples(st.uuids().map(str), players), min_size=1, max_size=6, unique_by=lambda p: p[0]), st.data())
def test_a_player_is_named_by_id_or_by_a_unique_name(roster, data):
    player_id, name = data.draw(st.sampled_from(roster))
    assert resolve_player(player_id, roster) == player_id
    same_name = [i for i, n in roster if n.casefold() == name.casefold()]
    expected = same_name[0] if len(same_name) == 1 else name
    assert resolve_player(name, roster) == expected
    if len(same_name) == 1:
        assert resolve_player(name.casefold(), roster) == expected  # names compare case-folded
    assert resolve_player("nobody=here", roster) == "nobody=here"  # unknown: sent as typed, the gateway decides


@settings(max_examples=200, deadline=None)
@given(
    st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1)).map(lambda d: d.replace(microsecond=0)),
    st.one_of(st.none(), st.integers(min_value=-12 * 60, max_value=14 * 60).map(lambda m: timezone(timedelta(minutes=m)))),
)
def test_times_read_back_exactly_with_or_without_an_offset(moment, zone):
    typed = moment.replace(tzinfo=zone)
    assert parse_when(typed.isoformat(), "--start") == typed
    assert parse_when(typed.isoformat(sep=" "), "--start") == typed


def test_a_utc_time_and_a_date_are_read():
    assert parse_when("2026-12-05T18:00Z", "--start") == datetime(2026, 12, 5, 18, 0, tzinfo=UTC)
    assert parse_when("2026-12-05", "--from") == datetime(2026, 12, 5)


@given(st.text(max_size=25))
def test_any_time_text_is_a_time_or_a_bad_argument(text):
    try:
        parse_when(text, "--start")
    except BadArgument as error:
        assert error.option == "--start" and "ISO 8601" in error.message


# ---- a cup or Up&Down game's result (parse_game_result)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(GAME_RESULTS), st.text(" ", max_size=3), st.text(" ", max_size=3))
def test_every_regulation_notation_reads_back_as_typed(result, before, after):
    assert parse_game_result(before + result + after) == result


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=12), st.booleans())
def test_any_result_text_is_a_notation_or_a_bad_argument_naming_the_option(text, allow_annulled):
    try:
        parsed = parse_game_result(text, allow_annulled=allow_annulled)
    except BadArgument as error:
        assert error.option == "--result" and str(error).startswith("--result: ")
        return
    assert parsed in GAME_RESULTS or (allow_annulled and parsed == ANNULLED)


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("1:0", "1-0"), ("0 : 1", "0-1"), ("1\u20130", "1-0"), ("0-0", "-/-"), ("- / +", "-/+"), ("Draw", "=")],
)
def test_usual_variants_read_as_the_notation(typed, meant):
    assert parse_game_result(typed) == meant


def test_annulled_only_in_a_correction():
    assert parse_game_result("Annulled", allow_annulled=True) == ANNULLED
    with pytest.raises(BadArgument, match="not a game result"):
        parse_game_result("annulled")
    with pytest.raises(BadArgument):
        parse_game_result("2-0")
