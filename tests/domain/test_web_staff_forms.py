"""The staff pages' forms (web/views/staff_forms.py): what an organizer or a judge types is read back
exactly into the gateway's request, and anything else is a FormProblem naming the field — never another
exception, never a silently different number. Pure: nothing is sent."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo.gateway.v1 import results_pb2
from rondo_client.notation import ANNULLED, GAME_RESULTS
from web.views import staff_forms
from web.views.staff_forms import FormProblem

pytestmark = pytest.mark.domain

PLAYERS = ("p1", "p2", "p3", "p4")
scores = st.integers(min_value=-staff_forms.INT32_MAX, max_value=staff_forms.INT32_MAX)


@given(
    st.lists(scores, min_size=4, max_size=4),
    st.integers(1, staff_forms.MAX_GAMES),
    st.lists(st.integers(0, 99), min_size=4, max_size=4),
)
def test_a_hanchan_is_read_back_exactly(points: list[int], number: int, chombo: list[int]) -> None:
    form = {"number": str(number), **{f"score-{i}": f" {p} " for i, p in enumerate(points)}}
    form.update({f"chombo-{i}": str(c) for i, c in enumerate(chombo)})
    read = staff_forms.hanchan(form, PLAYERS)
    assert read.number == number and dict(read.scores) == dict(zip(PLAYERS, points, strict=True))
    assert dict(read.chombo) == {p: c for p, c in zip(PLAYERS, chombo, strict=True) if c}


@settings(max_examples=300)
@given(st.dictionaries(st.sampled_from(["number", "score-0", "score-1", "score-2", "score-3", "chombo-0"]), st.text(max_size=30)))
def test_any_hanchan_form_is_read_or_refused_naming_its_field(form: dict[str, str]) -> None:
    try:
        read = staff_forms.hanchan(form, PLAYERS)
    except FormProblem as problem:
        assert problem.field in form or problem.field in ("number", "score-0", "score-1", "score-2", "score-3")
        assert len(problem.value) <= 40
        return
    assert isinstance(read, results_pb2.HanchanResult) and set(read.scores) == set(PLAYERS)


def test_numbers_out_of_range_are_refused() -> None:
    base = {"number": "1", **{f"score-{i}": "30000" for i in range(4)}}
    for field, typed in (
        ("number", "0"),
        ("number", "51"),
        ("score-2", str(2**31)),
        ("score-1", "3.5"),
        ("chombo-0", "-1"),
        ("score-0", ""),
    ):
        with pytest.raises(FormProblem) as problem:
            staff_forms.hanchan({**base, field: typed}, PLAYERS)
        assert problem.value.field == field


@given(st.sampled_from(GAME_RESULTS), st.booleans())
def test_a_game_in_the_regulations_notation(notation: str, long: bool) -> None:
    form = {"result": notation, "number": "2", **({"long": "on"} if long else {})}
    read = staff_forms.game(form, ("a", "b"))
    assert (read.result, read.number, read.long, read.first_player_id, read.second_player_id) == (notation, 2, long, "a", "b")


@settings(max_examples=300)
@given(st.text(max_size=20))
def test_any_game_result_is_a_notation_or_refused_and_annulled_only_in_a_correction(typed: str) -> None:
    for correction in (False, True):
        try:
            read = staff_forms.game({"result": typed}, ("a", "b"), correction=correction)
        except FormProblem as problem:
            assert problem.field == "result"
            continue
        assert read.result in GAME_RESULTS or (correction and read.result == ANNULLED)
    with pytest.raises(FormProblem):
        staff_forms.game({"result": "annulled"}, ("a", "b"))
    with pytest.raises(FormProblem):
        staff_forms.game({"result": "1-0"}, ("a", "b", "c", "d"))  # a mahjong table is no pairing


@given(st.permutations(PLAYERS))
def test_a_tie_order_is_read_from_the_places_given(order: list[str]) -> None:
    form = {f"place-{p}": str(order.index(p) + 1) for p in PLAYERS}
    assert staff_forms.tie_order(form, PLAYERS) == list(order)


def test_a_tie_order_with_a_place_twice_is_refused() -> None:
    with pytest.raises(FormProblem) as problem:
        staff_forms.tie_order({"place-p1": "1", "place-p2": "1", "place-p3": "2", "place-p4": "3"}, PLAYERS)
    assert problem.value.field == "place"


def test_a_decision_and_its_reason() -> None:
    assert staff_forms.dispute_decision({"decision": "replace"}) == results_pb2.DISPUTE_DECISION_REPLACE
    with pytest.raises(FormProblem):
        staff_forms.dispute_decision({"decision": "maybe"})
    with pytest.raises(FormProblem):
        staff_forms.reason({"reason": "   "})
    assert len(staff_forms.reason({"reason": "y" * 900})) == staff_forms.MAX_REASON


def test_a_meeting_starts_at_the_clubs_wall_clock_time_across_a_dst_change() -> None:
    """Europe/Berlin leaves summer time on 2026-10-25 at 03:00: a meeting from 01:30 for 180 minutes
    ends three real hours later (at 03:30 winter time, 04:30 by the summer clock)."""
    start, end = staff_forms.meeting_slot({"start": "2026-10-25T01:30", "minutes": "180"}, "Europe/Berlin")
    begin = start.ToDatetime(tzinfo=UTC)
    assert begin == datetime(2026, 10, 24, 23, 30, tzinfo=UTC)
    assert end.ToDatetime(tzinfo=UTC) - begin == timedelta(minutes=180)
    default_end = staff_forms.meeting_slot({"start": "2026-12-05T18:00"}, "Europe/Kirov")[1].ToDatetime(tzinfo=UTC)
    assert default_end == datetime(2026, 12, 5, 15 + 4, 30, tzinfo=UTC)  # 18:00 Kirov (UTC+3) + 270 minutes


@settings(max_examples=200)
@given(
    st.one_of(st.text(max_size=30), st.sampled_from(["0001-01-01T00:00", "9999-12-31T23:59", "2026-02-30T10:00"])),
    st.text(max_size=8),
)
def test_any_meeting_form_is_read_or_refused_naming_its_field(typed: str, minutes: str) -> None:
    try:
        staff_forms.meeting_slot({"start": typed, "minutes": minutes}, "Europe/Kirov")
    except FormProblem as problem:
        assert problem.field in ("start", "minutes")


def test_a_penalty_and_a_no_show_name_a_player_of_the_match() -> None:
    read = staff_forms.penalty({"player": "p2", "points": "1000", "reason": "late"}, PLAYERS)
    assert (read.player_id, read.points, read.reason) == ("p2", 1000, "late")
    for form, field in (
        ({"player": "x", "points": "1000", "reason": "late"}, "player"),
        ({"player": "p2", "points": "0", "reason": "late"}, "points"),
        ({"player": "p2", "points": "1000"}, "reason"),
    ):
        with pytest.raises(FormProblem) as problem:
            staff_forms.penalty(form, PLAYERS)
        assert problem.value.field == field
    assert staff_forms.no_show({"player": "p3", "substitute": " Guest "}, PLAYERS).substitute == "Guest"
    with pytest.raises(FormProblem) as problem:
        staff_forms.no_show({"player": "p3", "substitute": " "}, PLAYERS)
    assert problem.value.field == "substitute"


@given(st.integers(0, 30), st.integers(0, 30), st.text(min_size=1, max_size=600), st.booleans(), st.integers(0, 9))
def test_a_redraw_keeps_the_rounds_typed_and_its_reason(rounds: int, played: int, why: str, sit_out: bool, count: int) -> None:
    form = {
        "played_rounds": str(played),
        "reason": why,
        "time_limit": "5",
        "sit_out": "on" if sit_out else "",
        "sitting_out": str(count),
    }
    if played > rounds or not why.strip():
        with pytest.raises(FormProblem) as problem:
            staff_forms.redraw("c1", form, rounds)
        assert problem.value.field == ("played_rounds" if played > rounds else "reason")
        return
    read = staff_forms.redraw("c1", form, rounds)
    assert (read.competition_id, read.played_rounds, read.time_limit_seconds) == ("c1", played, 5)
    assert read.reason == why.strip()[: staff_forms.MAX_REASON] and len(read.reason) <= staff_forms.MAX_REASON
    assert read.HasField("sit_out") == sit_out and (not sit_out or read.sit_out.per_round == count)


@settings(max_examples=300)
@given(
    st.dictionaries(st.sampled_from(["played_rounds", "reason", "time_limit", "sit_out", "sitting_out"]), st.text(max_size=30))
)
def test_any_redraw_form_is_read_or_refused_naming_its_field(form: dict[str, str]) -> None:
    try:
        read = staff_forms.redraw("c1", form, 6)
    except FormProblem as problem:
        assert problem.field in ("played_rounds", "reason", "time_limit", "sitting_out") and len(problem.value) <= 40
        return
    assert 0 <= read.played_rounds <= 6 and read.reason
