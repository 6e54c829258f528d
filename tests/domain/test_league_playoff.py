"""Advancement in the mahjong playoff with upper and lower brackets: who continues, who is out, who
wins a prize (league's; docs/rules.md mahjong.playoff.*; discard-league-2026 §2, §4, §6.1).
The seating of each stage (league's too): tests/domain/test_mahjong_progress.py."""

from __future__ import annotations

from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.mahjong.playoff import (
    PlayoffStage,
    TableResult,
    explain_playoff,
    initial_playoff,
    places_without_substitutes,
    playoff_next_round,
    replay_playoff,
)
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

pytestmark = pytest.mark.domain

PLACES = tuple(f"p{i}" for i in range(1, 9))  # regular-stage places 1..8


def fields(err) -> list[str]:
    return [v.field for v in err.value.violations]


def tables(state) -> dict[str, tuple[str, ...]]:
    """Who plays where: from round 2 on, each group is one table."""
    return {g.name: g.players for g in state.groups}


def round_1_done():
    s = initial_playoff(PLACES)
    return playoff_next_round(s, [TableResult("A", ("p5", "p1", "p7", "p3")), TableResult("B", ("p2", "p8", "p4", "p6"))])


def round_2_done():
    s = round_1_done()  # upper: p1 p2 p5 p8; lower: p3 p4 p6 p7
    return playoff_next_round(s, [TableResult("upper", ("p8", "p2", "p1", "p5")), TableResult("lower", ("p6", "p3", "p7", "p4"))])


def round_3_done():
    s = round_2_done()  # round 3: p1 p5 (upper losers) + p6 p3; waiting p8 p2
    return playoff_next_round(s, [TableResult("round 3", ("p3", "p5", "p6", "p1"))])


@pytest.mark.rule("mahjong.playoff.top-eight")
def test_round_1_is_played_by_the_eight_qualifiers_in_regular_order():
    s = initial_playoff(PLACES)
    assert s.stage is PlayoffStage.ROUND_1
    assert tables(s) == {"round 1": PLACES}  # the solver seats them at tables A and B
    assert s.table_names == ("A", "B")
    assert s.exits == () and s.waiting == ()


@pytest.mark.rule("mahjong.playoff.brackets")
def test_round_1_top_two_to_upper_bottom_two_to_lower_nobody_out():
    s = round_1_done()
    assert s.stage is PlayoffStage.ROUND_2
    assert tables(s) == {"upper": ("p1", "p2", "p5", "p8"), "lower": ("p3", "p4", "p6", "p7")}
    assert s.exits == ()


@pytest.mark.rule("mahjong.playoff.brackets")
def test_round_2_upper_top_two_to_final_bottom_two_to_round_3():
    s = round_2_done()
    assert s.stage is PlayoffStage.ROUND_3
    assert s.waiting == ("p8", "p2")
    assert {"p1", "p5"} <= set(tables(s)["round 3"])


@pytest.mark.rule("mahjong.playoff.brackets")
def test_round_2_lower_top_two_to_round_3_bottom_two_out():
    s = round_2_done()
    assert tables(s) == {"round 3": ("p1", "p3", "p5", "p6")}
    assert [(e.player, e.stage, e.table, e.place) for e in s.exits] == [
        ("p7", PlayoffStage.ROUND_2, "lower", 3),
        ("p4", PlayoffStage.ROUND_2, "lower", 4),
    ]


@pytest.mark.rule("mahjong.playoff.round-3-and-final")
def test_round_3_two_to_final_two_out():
    s = round_3_done()
    assert s.stage is PlayoffStage.FINAL
    assert s.eliminated == ("p7", "p4", "p6", "p1")
    assert [e.stage for e in s.exits[2:]] == [PlayoffStage.ROUND_3] * 2


@pytest.mark.rule("mahjong.playoff.round-3-and-final")
def test_final_is_two_upper_finalists_and_two_from_round_3():
    s = round_3_done()
    assert tables(s) == {"final": ("p2", "p3", "p5", "p8")}
    assert s.waiting == ()


@pytest.mark.rule("mahjong.playoff.round-3-and-final")
def test_final_order_gives_places_1_to_4_prizes_1_and_2():
    s = playoff_next_round(round_3_done(), [TableResult("final", ("p5", "p8", "p3", "p2"))])
    assert s.stage is PlayoffStage.FINISHED
    assert s.final_order == ("p5", "p8", "p3", "p2")
    assert s.groups == () and s.table_names == ()
    assert "prizes for 1st and 2nd" in explain_playoff(s)[-1]
    with pytest.raises(FailedPrecondition):
        playoff_next_round(s, [])


@pytest.mark.rule("mahjong.playoff.places-only")
def test_advancement_by_places_only_no_points_involved():
    # the API takes finishing orders only: the same places always give the same bracket
    a = playoff_next_round(
        initial_playoff(PLACES), [TableResult("A", ("p7", "p5", "p3", "p1")), TableResult("B", ("p8", "p6", "p4", "p2"))]
    )
    assert tables(a) == {"upper": ("p5", "p6", "p7", "p8"), "lower": ("p1", "p2", "p3", "p4")}


@pytest.mark.rule("mahjong.playoff.substitutes-recounted")
def test_places_without_substitutes_regulation_example_6_1():
    # "if a substitute took first place and two advance, the main participants placed 2nd and 3rd advance"
    assert places_without_substitutes(("sub", "p2", "p3", "p4"), ["sub"]) == ("p2", "p3", "p4")
    assert places_without_substitutes({"sub": 1, "p2": 2, "p3": 3, "p4": 4}, ["sub"]) == ("p2", "p3", "p4")
    assert places_without_substitutes(("p1", "p2", "p3", "p4")) == ("p1", "p2", "p3", "p4")


@pytest.mark.rule("mahjong.playoff.substitutes-recounted")
def test_substitute_never_advances_6_1():
    s = initial_playoff(PLACES)
    s = playoff_next_round(
        s,
        [TableResult("A", ("sub", "p3", "p5", "p1"), ("sub",)), TableResult("B", ("p2", "p4", "p6", "p8"))],
        withdrawn=["p7"],
    )
    assert tables(s) == {"upper": ("p2", "p3", "p4", "p5"), "lower": ("p1", "p6", "p8")}
    assert "sub" not in s.in_play
    assert [(e.player, e.withdrawn) for e in s.exits] == [("p7", True)]
    assert s.played[0].places == ("p3", "p5", "p1") and s.played[0].substitutes == ("sub",)
    notes = "\n".join(explain_playoff(s))
    assert "substitutes sub removed, places re-counted" in notes and "p7 left the season" in notes


def test_table_result_from_places_mapping():
    r = TableResult.from_places("A", {"p1": 2, "p3": 1, "p5": 4, "p7": 3})
    assert r.order == ("p3", "p1", "p7", "p5")


@pytest.mark.rule("mahjong.playoff.withdrawals")
def test_withdrawn_player_who_played_is_removed_like_a_substitute_6_1():
    s = round_1_done()
    s = playoff_next_round(
        s,
        [TableResult("upper", ("p8", "p2", "p1", "p5")), TableResult("lower", ("p6", "p3", "p7", "p4"))],
        withdrawn=["p2"],
    )
    # p2 is removed like a substitute: p1 is re-counted 2nd at the upper table and goes to the final
    assert s.played[-2].places == ("p8", "p1", "p5")
    assert s.waiting == ("p8", "p1")
    assert tables(s) == {"round 3": ("p3", "p5", "p6")}
    assert ("p2", True) in [(e.player, e.withdrawn) for e in s.exits]


@pytest.mark.rule("mahjong.playoff.withdrawals")
def test_waiting_finalist_may_withdraw_during_round_3():
    s = round_2_done()
    s = playoff_next_round(s, [TableResult("round 3", ("p3", "p5", "p6", "p1"))], withdrawn=["p8"])
    assert tables(s) == {"final": ("p2", "p3", "p5")}
    (gone,) = [e for e in s.exits if e.player == "p8"]
    assert gone.withdrawn and gone.table == "waiting for the final" and gone.stage is PlayoffStage.ROUND_3


def test_replay_playoff_matches_step_by_step():
    results = [
        TableResult("A", ("p5", "p1", "p7", "p3")),
        TableResult("B", ("p2", "p8", "p4", "p6")),
        TableResult("lower", ("p6", "p3", "p7", "p4")),
        TableResult("upper", ("p8", "p2", "p1", "p5")),
        TableResult("round 3", ("p3", "p5", "p6", "p1")),
        TableResult("final", ("p5", "p8", "p3", "p2")),
    ]
    done = replay_playoff(PLACES, results)
    step = playoff_next_round(round_3_done(), [results[-1]])
    assert done.final_order == step.final_order and done.exits == step.exits
    partial = replay_playoff(PLACES, results[:3])
    assert partial.stage is PlayoffStage.ROUND_2  # lower is in, upper pending
    w = replay_playoff(PLACES, results[:4], withdrawn={"p2": PlayoffStage.ROUND_2})
    assert w.waiting == ("p8", "p1")


def test_notes_explain_each_step():
    notes = explain_playoff(round_2_done())
    assert notes[0].startswith("Round 1: the 8 best of the regular stage play at two tables")
    assert any("p8, p2 → the final; p1, p5 → round 3" in n for n in notes)
    assert any("p6, p3 → round 3; p7, p4 → out" in n for n in notes)
    assert notes[-1] == "Next, round 3: round 3: p1, p3, p5, p6; waiting in the final: p8, p2."


# ----------------------------------------------------------------------------------------- errors


@pytest.mark.rule("mahjong.playoff.top-eight")
@pytest.mark.parametrize(
    ("places", "field", "words"),
    [
        (PLACES[:7], "regular_places", "exactly the 8"),
        (PLACES + ("p9",), "regular_places", "exactly the 8"),
        (PLACES[:7] + ("p1",), "regular_places[7]", "already holds place 1"),
        (PLACES[:7] + ("",), "regular_places[7]", "non-empty"),
        ("p1p2p3p4", "regular_places", "list"),
    ],
)
def test_initial_playoff_requires_exactly_8_distinct_players(places, field, words):
    with pytest.raises(InvalidArgument) as err:
        initial_playoff(places)
    assert field in fields(err) and words in err.value.message


A_OK = TableResult("A", ("p1", "p3", "p5", "p7"))
B_OK = TableResult("B", ("p2", "p4", "p6", "p8"))


@pytest.mark.parametrize(
    ("results", "withdrawn", "field", "words"),
    [
        ([A_OK], (), "results", "no result for table 'B'"),
        ([A_OK, B_OK, TableResult("upper", ())], (), "results[2].table", "plays in round 2, which is not reached yet"),
        ([A_OK, B_OK, TableResult("Z", ())], (), "results[2].table", "no table 'Z' in round 1"),
        ([A_OK, TableResult("B", ("p2", "p4", "p6", "p1"))], (), "results[1].order[3]", "already has a place at table A"),
        ([A_OK, A_OK, B_OK], (), "results[1].table", "two results"),
        ([TableResult("A", ("p1", "p3", "p5", "x")), B_OK], (), "results[0].order[3]", "substitutes too"),
        ([TableResult("A", ("p1", "p3", "p5")), B_OK], (), "results[0].order", "p7"),
        ([TableResult("A", ("p1", "p3", "p5", "p5")), B_OK], (), "results[0].order[3]", "two places"),
        ([TableResult("A", ("p1", "p3", "p5", "p7"), ("p7",)), B_OK], (), "results[0].substitutes[0]", "main participant"),
        ([TableResult("A", ("p1", "p3", "p5", "p7"), ("s",)), B_OK], (), "results[0].substitutes[0]", "no place"),
        ([A_OK, B_OK], ("p9",), "withdrawn[0]", "not playing"),
        (["A", B_OK], (), "results[0]", "TableResult"),
    ],
)
def test_bad_results_name_the_field(results, withdrawn, field, words):
    with pytest.raises(InvalidArgument) as err:
        playoff_next_round(initial_playoff(PLACES), results, withdrawn=withdrawn)
    assert field in fields(err), fields(err)
    assert words in err.value.message


@pytest.mark.parametrize(
    ("call", "field", "words"),
    [
        (lambda: places_without_substitutes({"a": 1, "b": 1, "c": 3, "d": 4}), "table_result", "each once"),
        (lambda: places_without_substitutes({"a": 1, "b": cast(Any, 2.0)}), "table_result", "each once"),  # not an int
        (lambda: places_without_substitutes(("a", "b", "a")), "table_result[2]", "two places"),
        (lambda: places_without_substitutes(("a", "b"), ["c"]), "substitutes[0]", "no place"),
        (lambda: TableResult.from_places("A", {"a": 2, "b": 3}), "places", "1..2"),
    ],
)
def test_places_without_substitutes_bad_input(call, field, words):
    with pytest.raises(InvalidArgument) as err:
        call()
    assert field in fields(err) and words in err.value.message


def test_replay_rejects_results_out_of_stage_order():
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, [A_OK, TableResult("upper", ())])
    assert fields(err) == ["results[1].table"] and "stage order" in err.value.message
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, [B_OK, TableResult("A", ("p1", "p3", "p5", "zz"))])
    assert fields(err) == ["results[1].order[3]", "results[1].order"]  # 'zz' unknown, p7 missing
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, [A_OK], withdrawn={"p9": PlayoffStage.ROUND_1})
    assert fields(err) == ["withdrawn[p9]"]
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, [A_OK], withdrawn={"p1": cast(Any, "round 1")})  # not a PlayoffStage
    assert fields(err) == ["withdrawn[p1]"]


def test_exits_say_why():
    s = round_3_done()
    reasons = {e.player: e.reason for e in s.exits}
    assert reasons["p7"] == "placed 3 at table lower of round 2: only the first two continue"
    w = playoff_next_round(round_2_done(), [TableResult("round 3", ("p3", "p5", "p6", "p1"))], withdrawn=["p8"])
    assert {e.player: e.reason for e in w.exits}["p8"] == "left the season during round 3 (§6.1)"


@pytest.mark.rule("mahjong.playoff.brackets")
def test_two_results_for_one_table_are_refused():
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, [A_OK, A_OK])
    assert fields(err) == ["results[1].table"] and "already has a result (results[0])" in err.value.message
    with pytest.raises(InvalidArgument) as err:  # a second result once the stage is recorded
        replay_playoff(PLACES, [A_OK, B_OK, A_OK])
    assert fields(err) == ["results[2].table"] and "already has its results" in err.value.message
    with pytest.raises(InvalidArgument) as err:
        playoff_next_round(initial_playoff(PLACES), [A_OK, B_OK, B_OK])
    assert fields(err) == ["results[2].table"] and "two results" in err.value.message


@pytest.mark.rule("mahjong.playoff.brackets")
def test_results_for_a_round_not_reached_are_refused():
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, [A_OK, TableResult("final", ("p1", "p2", "p3", "p4"))])
    assert fields(err) == ["results[1].table"]
    assert "not reached yet" in err.value.message and "without a result: B" in err.value.message
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, [TableResult("round 3", ("p1", "p2", "p3", "p4"))])
    assert fields(err) == ["results[0].table"] and "round 3" in err.value.message
    finished_results = [
        TableResult("A", ("p5", "p1", "p7", "p3")),
        TableResult("B", ("p2", "p8", "p4", "p6")),
        TableResult("upper", ("p8", "p2", "p1", "p5")),
        TableResult("lower", ("p6", "p3", "p7", "p4")),
        TableResult("round 3", ("p3", "p5", "p6", "p1")),
        TableResult("final", ("p5", "p8", "p3", "p2")),
    ]
    with pytest.raises(InvalidArgument) as err:
        replay_playoff(PLACES, finished_results + [TableResult("final", ("p5", "p8", "p3", "p2"))])
    assert fields(err) == ["results[6].table"] and "finished" in err.value.message


# ------------------------------------------------------------------------------------- properties


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False))
def test_property_any_places_give_a_valid_bracket(rnd):
    s = initial_playoff(PLACES)
    firsts: dict[str, tuple[str, ...]] = {}
    while s.stage is not PlayoffStage.FINISHED:
        results = []
        if s.stage is PlayoffStage.ROUND_1:  # any seating of the eight at A and B (the solver's choice)
            eight = list(s.groups[0].players)
            rnd.shuffle(eight)
            seated = {"A": eight[:4], "B": eight[4:]}
        else:
            seated = {g.name: list(g.players) for g in s.groups}
        for name, players in seated.items():
            order = list(players)
            rnd.shuffle(order)
            firsts[name] = tuple(order)
            results.append(TableResult(name, tuple(order)))
        prev = s
        s = playoff_next_round(s, results)
        if prev.stage is PlayoffStage.ROUND_1:
            assert s.exits == ()
            assert set(tables(s)["upper"]) == set(firsts["A"][:2] + firsts["B"][:2])
        if prev.stage is PlayoffStage.ROUND_2:
            assert set(s.waiting) == set(firsts["upper"][:2])
            assert set(s.eliminated) == set(firsts["lower"][2:])
        if prev.stage is PlayoffStage.ROUND_3:
            assert set(tables(s)["final"]) == set(prev.waiting) | set(firsts["round 3"][:2])
    assert len(s.final_order) == 4 and len(s.exits) == 4
    assert sorted(s.final_order + s.eliminated) == sorted(PLACES)
    assert [t.table for t in s.played] == ["A", "B", "upper", "lower", "round 3", "final"]


@pytest.mark.rule("mahjong.playoff.no-show-substitute")
def test_a_no_show_s_seat_taken_by_a_substitute_leaves_four_who_sat_and_the_no_show_placed_last_6_1():
    s = initial_playoff(PLACES)
    no_show = TableResult("A", ("sub", "p1", "p5", "p7", "p3"), ("sub",), ("p3",))  # p3 did not come, sub sat
    after = playoff_next_round(s, [no_show, TableResult("B", ("p2", "p4", "p6", "p8"))])
    assert tables(after) == {"upper": ("p1", "p2", "p4", "p5"), "lower": ("p3", "p6", "p7", "p8")}
    assert "sub" not in after.in_play and not after.exits
    # without the no-show the result has five who sat at a table of four
    with pytest.raises(InvalidArgument) as five:
        playoff_next_round(s, [TableResult("A", no_show.order, ("sub",)), TableResult("B", ("p2", "p4", "p6", "p8"))])
    assert fields(five) == ["results[0].order"] and "5 players who sat" in five.value.violations[0].description
    # a no-show is a main participant of the table with a place; five who sat stay refused
    bad = TableResult("A", ("sub", "x", "p1", "p5", "p7", "p3"), ("sub", "x"), ("p2",))
    with pytest.raises(InvalidArgument) as error:
        playoff_next_round(s, [bad, TableResult("B", ("p2", "p4", "p6", "p8"))])
    assert "results[0].no_shows[0]" in fields(error)
    assert any(v.field == "results[0].order" and "6 players who sat" in v.description for v in error.value.violations)
