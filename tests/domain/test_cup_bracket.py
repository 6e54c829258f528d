"""Single-elimination cup (docs/rules.md ``cup.*``; open-cup-2023 §2.3, §3.4, §4.1.2, §5.2.2)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from solver.domain.knockout import (
    DEFAULT_TITLE_ORDER,
    FINAL,
    QUARTER_FINAL,
    SEMI_FINAL,
    Entrant,
    Match,
    Seed,
    Stage,
    bracket_order,
    explain,
    explain_stage,
    final_places,
    first_game_blue,
    next_stage,
    numbered_list,
    pair_by_halves,
    pair_stage,
    plan_knockout,
    seed_list,
    simulate_bracket,
    stage_name,
)

pytestmark = pytest.mark.domain


def field_players(n: int) -> list[Entrant]:
    """n entrants whose seed order is their index: p1 best (rating 3000 - i, applied in order)."""
    return [Entrant(f"p{i}", rating=3000 - i, applied_at=i) for i in range(1, n + 1)]


def fields(err: pytest.ExceptionInfo) -> list[str]:
    return [v.field for v in err.value.violations]


def pairs(stage) -> list[tuple[int, int | None]]:
    return [(m.upper.number, m.lower.number if m.lower else None) for m in stage.matches]


def played(m: Match) -> tuple[int, int]:
    """Seed numbers of a played pair (not a pass)."""
    assert m.lower is not None, f"match {m.index} is a pass"
    return m.upper.number, m.lower.number


def third_place(stage: Stage) -> Match:
    assert stage.third_place is not None, f"{stage.name} has no third-place match"
    return stage.third_place


def play_top_seeds_win(stage) -> list[str]:
    """Winners of every played pair of ``stage``: the better (lower-numbered) seed."""
    return [min(m.players, key=lambda s: s.number).id for m in stage.matches if not m.is_pass]


# ------------------------------------------------------------------------------------------ seeding


@pytest.mark.rule("cup.seeding.title-rating-application")
def test_seed_order_title_then_rating_then_application_3_4_1_1():
    es = [
        Entrant("late-kms-1900", "КМС", 1900, applied_at=5),
        Entrant("ms-1500", "МС", 1500, applied_at=9),
        Entrant("early-kms-1900", "КМС", 1900, applied_at=1),
        Entrant("kms-2100", "КМС", 2100, applied_at=7),
        Entrant("none-2500", None, 2500, applied_at=0),
    ]
    seeds = seed_list(es).seeds
    assert [s.id for s in seeds] == ["ms-1500", "kms-2100", "early-kms-1900", "late-kms-1900", "none-2500"]
    assert [s.number for s in seeds] == [1, 2, 3, 4, 5]


@pytest.mark.rule("cup.seeding.unrated-after-rated")
def test_unrated_rank_after_rated_by_application_time_3_4_1_1():
    es = [
        Entrant("unrated-late", None, None, applied_at=3),
        Entrant("rated-low", None, 1000, applied_at=4),
        Entrant("unrated-early", None, None, applied_at=1),
    ]
    assert [s.id for s in seed_list(es).seeds] == ["rated-low", "unrated-early", "unrated-late"]


@pytest.mark.rule("cup.seeding.title-rating-application")
def test_title_outranks_rating_even_for_unrated_titled_player_3_4_1_1():
    es = [Entrant("rated", None, 2400, applied_at=1), Entrant("titled-unrated", "1 разряд", None, applied_at=2)]
    assert [s.id for s in seed_list(es).seeds] == ["titled-unrated", "rated"]


def test_default_title_order_follows_russian_sports_classification():
    assert DEFAULT_TITLE_ORDER == ("ГР", "МС", "КМС", "1 разряд", "2 разряд", "3 разряд")
    es = [Entrant(t, t, 1500, applied_at=i) for i, t in enumerate(reversed(DEFAULT_TITLE_ORDER))]
    assert [s.id for s in seed_list(es).seeds] == list(DEFAULT_TITLE_ORDER)


@pytest.mark.rule("cup.seeding.title-rating-application")
def test_title_order_is_configuration():
    es = [Entrant("a", "B-title", 1, applied_at=1), Entrant("b", "A-title", 1, applied_at=2)]
    assert [s.id for s in seed_list(es, title_order=("B-title", "A-title")).seeds] == ["a", "b"]
    assert [s.id for s in seed_list(es, title_order=("A-title", "B-title")).seeds] == ["b", "a"]


@pytest.mark.rule("cup.seeding.title-rating-application")
def test_application_time_as_datetime_earlier_first_3_4_1_1():
    t0 = datetime(2023, 4, 12, tzinfo=UTC)
    es = [Entrant("later", None, None, t0 + timedelta(minutes=1)), Entrant("earlier", None, None, t0)]
    assert [s.id for s in seed_list(es).seeds] == ["earlier", "later"]


@pytest.mark.rule("cup.entry.cap-64")
def test_over_64_keeps_the_best_64_and_reports_the_cut_3_4_1_1():
    seeding = seed_list(list(reversed(field_players(70))))
    assert [s.id for s in seeding.seeds] == [f"p{i}" for i in range(1, 65)]
    assert [(c.number, c.id) for c in seeding.cut] == [(64 + i, f"p{64 + i}") for i in range(1, 7)]
    assert not seeding.void_possible
    assert any("cut" in line and "p65" in line for line in explain(plan_knockout(field_players(70))))


@pytest.mark.rule("cup.entry.minimum-8-void-possible")
def test_fewer_than_8_applications_cup_may_be_declared_void_5_2_2a():
    plan = plan_knockout(field_players(6))
    assert plan.seeding.void_possible
    reason = plan.seeding.void_reason
    assert reason is not None and "5.2.2" in reason and "minimum of 8" in reason
    assert len(plan.first_stage.matches) == 4  # the bracket is still built; the arbiter decides
    assert not seed_list(field_players(8)).void_possible


@pytest.mark.rule("cup.entry.minimum-8-void-possible")
def test_exactly_the_minimum_is_not_void_2_3():
    assert not seed_list(field_players(8), min_participants=8).void_possible
    assert seed_list(field_players(7), min_participants=8).void_possible


# ------------------------------------------------------------------------------------------ pairing


@pytest.mark.rule("cup.bracket.empty-positions-at-bottom")
def test_pair_by_halves_pads_empty_positions_at_bottom_3_4_1_2():
    seeds = seed_list(field_players(5)).seeds
    positions = numbered_list(seeds)
    assert [p.number if p else None for p in positions] == [1, 2, 3, 4, 5, None, None, None]
    assert [(m.upper.number, m.lower.number if m.lower else None) for m in pair_by_halves(seeds)] == [
        (1, 5),
        (2, None),
        (3, None),
        (4, None),
    ]


@pytest.mark.rule("cup.bracket.literal-halves")
def test_pair_by_halves_ith_of_first_half_plays_ith_of_second_half_3_4_2():
    stage = plan_knockout(field_players(16)).first_stage
    assert pairs(stage) == [(i, 8 + i) for i in range(1, 9)]


@pytest.mark.rule("cup.bracket.literal-halves")
def test_player_facing_empty_position_advances_without_playing_3_4_2():
    stage = plan_knockout(field_players(12)).first_stage
    passes = [m for m in stage.matches if m.is_pass]
    assert [m.upper.number for m in passes] == [5, 6, 7, 8]
    assert all(m.second is None and m.first is m.upper for m in passes)
    nxt = next_stage(stage, play_top_seeds_win(stage))  # passing players need not be listed
    assert {s.number for s in nxt.players} == set(range(1, 9))


@pytest.mark.rule("cup.bracket.empty-positions-at-bottom")
def test_padded_size_sets_the_first_stage_3_4_1_2():
    assert plan_knockout(field_players(40)).first_stage.name == "1/32 final"
    assert plan_knockout(field_players(64)).first_stage.name == "1/32 final"
    assert plan_knockout(field_players(20)).first_stage.name == "1/16 final"
    assert plan_knockout(field_players(9)).first_stage.name == "1/8 final"
    assert plan_knockout(field_players(8)).first_stage.name == QUARTER_FINAL
    assert [stage_name(n) for n in (64, 32, 16, 8, 4, 2)] == [
        "1/32 final",
        "1/16 final",
        "1/8 final",
        QUARTER_FINAL,
        SEMI_FINAL,
        FINAL,
    ]


@pytest.mark.rule("cup.bracket.literal-halves")
def test_40_players_literal_byes_seeds_9_to_32_pass():
    plan = plan_knockout(field_players(40))
    stage = plan.first_stage
    assert len(stage.positions) == 64
    assert [played(m) for m in stage.matches if not m.is_pass] == [(i, 32 + i) for i in range(1, 9)]
    assert [m.upper.number for m in stage.matches if m.is_pass] == list(range(9, 33))
    lines = "\n".join(explain(plan))
    assert "seeds 1–8 play seeds 33–40" in lines
    assert "seeds 9–32 pass to the 1/16 final without playing" in lines.lower()
    assert "24 empty positions at the bottom" in lines


def by_position(stage) -> list[int | None]:
    """A stage's positions in order: seed numbers, None for an empty position."""
    return [(s.number if s else None) for s in stage.positions]


def test_bracket_order_is_the_standard_seeding():
    assert bracket_order(2) == (1, 2)
    assert bracket_order(4) == (1, 4, 2, 3)
    assert bracket_order(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    assert bracket_order(16) == (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)
    order = bracket_order(64)
    assert order[:8] == (1, 64, 32, 33, 16, 49, 17, 48)
    for size in (2, 4, 8, 16, 32, 64):
        o = bracket_order(size)
        assert sorted(o) == list(range(1, size + 1))
        assert all(o[i] + o[i + 1] == size + 1 for i in range(0, size, 2))  # s meets size + 1 - s
        # each half is the standard bracket of half the size (top seeds meet as late as possible)
        half = bracket_order(size // 2) if size > 1 else ()
        assert tuple(min(o[i], o[i + 1]) for i in range(0, size, 2)) == half
    with pytest.raises(ValueError):
        bracket_order(48)


@pytest.mark.rule("cup.bracket.byes-to-top-seeds")
def test_byes_to_top_seeds_40_entrants_is_the_conventional_bracket():
    plan = plan_knockout(field_players(40), byes_to_top_seeds=True)
    stage = plan.first_stage
    assert plan.bracket_size == 64 and stage.name == "1/32 final"
    # the full first-round line-up, position by position (None: an empty position)
    expected = [s if s <= 40 else None for s in bracket_order(64)]
    assert by_position(stage) == expected
    assert by_position(stage)[:8] == [1, None, 32, 33, 16, None, 17, None]
    # fmt: off
    assert pairs(stage) == [
        (1, None), (32, 33), (16, None), (17, None), (8, None), (25, 40), (9, None), (24, None),
        (4, None), (29, 36), (13, None), (20, None), (5, None), (28, 37), (12, None), (21, None),
        (2, None), (31, 34), (15, None), (18, None), (7, None), (26, 39), (10, None), (23, None),
        (3, None), (30, 35), (14, None), (19, None), (6, None), (27, 38), (11, None), (22, None),
    ]
    # fmt: on
    # byes to seeds 1-24; seeds 25-40 play 25 v 40, 26 v 39, ..., 32 v 33
    assert sorted(m.upper.number for m in stage.matches if m.is_pass) == list(range(1, 25))
    assert sorted(played(m) for m in stage.matches if not m.is_pass) == [(24 + i, 41 - i) for i in range(1, 9)]
    # round 2 by bracket position: the winner of pair i takes position i, no re-seeding
    upsets = {"p33", "p40", "p36"}  # 33 beats 32, 40 beats 25, 36 beats 29
    winners = [next((s.id for s in m.players if s.id in upsets), m.upper.id) for m in stage.matches if not m.is_pass]
    nxt = next_stage(stage, winners)
    assert nxt.name == "1/16 final" and len(nxt.positions) == 32
    # fmt: off
    assert pairs(nxt) == [
        (1, 33), (16, 17), (8, 40), (9, 24), (4, 36), (13, 20), (5, 28), (12, 21),
        (2, 31), (15, 18), (7, 26), (10, 23), (3, 30), (14, 19), (6, 27), (11, 22),
    ]
    # fmt: on
    # the literal re-numbering pairs by halves of the survivors instead: seed 1 v seed 17
    literal = plan_knockout(field_players(40)).first_stage
    assert pairs(next_stage(literal, play_top_seeds_win(literal)))[0] == (1, 17)


@pytest.mark.rule("cup.bracket.byes-to-top-seeds")
def test_byes_to_top_seeds_top_seeds_meet_as_late_as_possible():
    plan = plan_knockout(field_players(64), byes_to_top_seeds=True)
    stage, names = plan.first_stage, []
    while not stage.is_final:  # the better seed always wins: every stage is the standard bracket
        assert by_position(stage) == list(bracket_order(len(stage.positions)))
        names.append(stage.name)
        stage = next_stage(stage, play_top_seeds_win(stage))
    assert pairs(stage) == [(1, 2)] and {s.number for s in third_place(stage).players} == {3, 4}
    assert names == ["1/32 final", "1/16 final", "1/8 final", QUARTER_FINAL, SEMI_FINAL]


@pytest.mark.rule("cup.bracket.byes-to-top-seeds")
def test_byes_to_top_seeds_option():
    plan = plan_knockout(field_players(40), byes_to_top_seeds=True)
    lines = "\n".join(explain(plan))
    # the explanation states the option, the standard bracket, and what the literal text would do
    assert "Standard bracket of 64 positions" in lines and "seed 65 − s" in lines
    assert "no re-seeding" in lines
    assert "seeds 1–24 pass to the 1/16 final" in lines.lower()
    assert "seeds 25–32 play seeds 33–40 (25 v 40, 26 v 39, …, 32 v 33)" in lines
    assert "Literal regulation instead" in lines and "seeds 1–8 play seeds 33–40" in lines
    # the default explanation mentions the option's alternative
    literal = "\n".join(explain(plan_knockout(field_players(40))))
    assert "byes_to_top_seeds instead: seeds 25–32 play seeds 33–40 (25 v 40" in literal
    assert "seeds 1–24 pass" in literal


@pytest.mark.rule("cup.bracket.byes-to-top-seeds")
def test_byes_to_top_seeds_double_defeat_leaves_the_position_empty():
    stage = plan_knockout(field_players(8), byes_to_top_seeds=True).first_stage  # 1v8 4v5 2v7 3v6
    nxt = next_stage(stage, ["p1", "p2", "p3"], both_lost=[("p4", "p5")])
    assert by_position(nxt) == [1, None, 2, 3] and nxt.name == SEMI_FINAL
    assert pairs(nxt) == [(1, None), (2, 3)]
    final = next_stage(nxt, ["p3"])
    assert pairs(final) == [(1, 3)] and third_place(final).is_pass and third_place(final).upper.id == "p2"


@pytest.mark.rule("cup.bracket.literal-halves")
def test_literal_halves_unchanged_by_the_option():
    default = plan_knockout(field_players(40))
    assert default == plan_knockout(field_players(40), byes_to_top_seeds=False)
    stage = default.first_stage
    assert not stage.byes_to_top_seeds
    assert [p.number if p else None for p in stage.positions] == list(range(1, 41)) + [None] * 24
    assert pairs(stage) == [(i, 32 + i) for i in range(1, 9)] + [(i, None) for i in range(9, 33)]
    # later stages: survivors re-numbered in their original order and paired by halves again
    nxt = next_stage(stage, ["p33"] + [f"p{i}" for i in range(2, 9)])
    assert [p.number if p else None for p in nxt.positions] == list(range(2, 34))
    assert pairs(nxt) == [(i, 16 + i) for i in range(2, 18)]
    assert explain_stage(nxt)[1].startswith("Pairing by halves (3.4.2): seeds 2–17 play seeds 18–33")


def test_full_bracket_no_empty_positions():
    plan = plan_knockout(field_players(64))
    assert not any(m.is_pass for m in plan.first_stage.matches)
    assert "no empty positions" in "\n".join(explain(plan))


# ---------------------------------------------------------------------------------------- stages


@pytest.mark.rule("cup.bracket.survivors-renumbered")
def test_survivors_renumbered_in_original_order_3_4_1_3():
    stage = plan_knockout(field_players(16)).first_stage  # 1v9, 2v10, ... 8v16
    winners = ["p9", "p2", "p11", "p4", "p5", "p14", "p7", "p16"]  # upsets keep their seed numbers
    nxt = next_stage(stage, winners)
    assert [s.id if s else None for s in nxt.positions] == ["p2", "p4", "p5", "p7", "p9", "p11", "p14", "p16"]
    assert [(m.upper.id, m.lower.id if m.lower else None) for m in nxt.matches] == [
        ("p2", "p9"),
        ("p4", "p11"),
        ("p5", "p14"),
        ("p7", "p16"),
    ]
    assert nxt.name == QUARTER_FINAL


@pytest.mark.rule("cup.final.third-place-match")
def test_third_place_match_between_semifinal_losers_3_4_3():
    semi = plan_knockout(field_players(4)).first_stage
    assert semi.name == SEMI_FINAL and pairs(semi) == [(1, 3), (2, 4)]
    final = next_stage(semi, ["p3", "p2"])
    assert final.is_final
    assert {s.id for s in final.matches[0].players} == {"p2", "p3"}
    assert {s.id for s in third_place(final).players} == {"p1", "p4"}


@pytest.mark.rule("cup.final.places-1-to-4")
def test_final_places_1_to_4_medals_1_6_1():
    final = next_stage(plan_knockout(field_players(4)).first_stage, ["p1", "p2"])
    places = final_places(final, "p2", "p4")
    assert [s.id if s else None for s in places.as_tuple()] == ["p2", "p1", "p4", "p3"]


@pytest.mark.rule("cup.bracket.later-stages")
def test_full_bracket_simulation_40_players_until_places_1_to_4():
    plan = plan_knockout(field_players(40))
    results, stage = [], plan.first_stage
    while not stage.is_final:  # the better seed always wins
        results.append(play_top_seeds_win(stage))
        stage = next_stage(stage, results[-1])
    results.append(["p1", "p3"])
    run = simulate_bracket(plan, results)
    assert [s.name for s in run.stages] == [
        "1/32 final",
        "1/16 final",
        "1/8 final",
        QUARTER_FINAL,
        SEMI_FINAL,
        FINAL,
    ]
    assert run.places is not None
    assert [s.id if s else None for s in run.places.as_tuple()] == ["p1", "p2", "p3", "p4"]
    partial = simulate_bracket(plan, results[:2])
    assert partial.places is None and partial.stages[-1].name == "1/8 final"


@pytest.mark.rule("cup.forfeit.both-absent")
def test_double_technical_defeat_removes_both_and_pads_the_next_list_4_3_3():
    stage = plan_knockout(field_players(8)).first_stage  # 1v5 2v6 3v7 4v8
    nxt = next_stage(stage, ["p1", "p2", "p3"], both_lost=[("p4", "p8")])
    assert [s.id if s else None for s in nxt.positions] == ["p1", "p2", "p3", None]
    assert nxt.name == SEMI_FINAL
    assert pairs(nxt) == [(1, 3), (2, None)]


@pytest.mark.rule("cup.forfeit.both-absent")
def test_double_technical_defeat_in_semi_final_is_the_arbiters_call():
    semi = plan_knockout(field_players(4)).first_stage
    with pytest.raises(InvalidArgument) as err:
        next_stage(semi, ["p1"], both_lost=[("p2", "p4")])
    assert fields(err) == ["both_lost[0]"]
    assert "arbiter" in err.value.message


@pytest.mark.rule("cup.final.places-1-to-4")
def test_three_players_final_place_for_the_bye():
    semi = plan_knockout(field_players(3)).first_stage  # 1v3, 2 passes
    final = next_stage(semi, ["p3"])
    assert third_place(final).is_pass and third_place(final).upper.id == "p1"
    places = final_places(final, "p2")
    assert [s.id if s else None for s in places.as_tuple()] == ["p2", "p3", "p1", None]


def test_two_players_play_the_final_directly():
    plan = plan_knockout(field_players(2), min_participants=2)
    assert plan.first_stage.is_final and plan.first_stage.third_place is None
    places = simulate_bracket(plan, [["p2"]]).places
    assert places is not None and places.first.id == "p2"


# ---------------------------------------------------------------------------------------- colour


def _seed(n: int, rating=None, win=None) -> Seed:
    return Seed(n, Entrant(f"s{n}", rating=rating, applied_at=n, win_percentage=win))


@pytest.mark.rule("cup.colours.blue-to-lower-rating")
def test_first_game_colour_to_lower_rating_then_lower_win_pct_4_1_2():
    strong, weak = _seed(1, 2000, Fraction(10)), _seed(2, 1800, Fraction(90))
    assert first_game_blue(strong, weak)[:2] == (weak, strong)
    assert first_game_blue(weak, strong)[2] == "lower rating"
    a, b = _seed(1, 1800, Fraction(60)), _seed(2, 1800, Fraction(55))
    blue, other, rule = first_game_blue(a, b)
    assert (blue, other, rule) == (b, a, "lower win percentage")
    # the blue player is listed first in the pair
    stage = plan_knockout(
        [
            Entrant("x", None, 1900, 1, Fraction(70)),
            Entrant("y", None, 1900, 2, Fraction(40)),
        ],
        min_participants=2,
    ).first_stage
    second = stage.matches[0].second
    assert (stage.matches[0].first.id, second.id if second else None) == ("y", "x")


@pytest.mark.rule("cup.colours.blue-to-lower-rating")
def test_unrated_player_counts_as_lower_rated_for_blue():
    rated, unrated = _seed(1, 1200), _seed(2, None)
    assert first_game_blue(rated, unrated)[0] == unrated


@pytest.mark.rule("cup.colours.blue-to-lower-rating")
def test_colour_tie_goes_to_the_higher_seed_number():
    a, b = _seed(3, 1500, Fraction(50)), _seed(7, 1500, Fraction(50))
    assert first_game_blue(a, b) == (b, a, "higher seed number")
    c, d = _seed(2, 1500, None), _seed(5, 1500, Fraction(10))  # one percentage unknown
    assert first_game_blue(c, d) == (d, c, "higher seed number")


# ---------------------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("entrants", "field", "words"),
    [
        # cast(Any, ...): deliberately ill-typed input, as it can arrive from outside
        ([Entrant("a", applied_at=1)], "entrants", "at least 2"),
        ([Entrant("a", applied_at=1), Entrant("a", applied_at=2)], "entrants[1].id", "already entrants[0]"),
        ([Entrant("", applied_at=1), Entrant("b", applied_at=2)], "entrants[0].id", "non-empty"),
        ([Entrant("a", "GM", applied_at=1), Entrant("b", applied_at=2)], "entrants[0].title", "unknown title 'GM'"),
        (
            [Entrant("a", rating=cast(Any, 1500.5), applied_at=1), Entrant("b", applied_at=2)],
            "entrants[0].rating",
            "whole number",
        ),
        (
            [Entrant("a", applied_at=datetime(2023, 4, 12)), Entrant("b", applied_at=datetime(2023, 4, 13))],
            "entrants[0].applied_at",
            "time zone",
        ),
        (
            [Entrant("a", applied_at=1), Entrant("b", applied_at=datetime(2023, 4, 13, tzinfo=UTC))],
            "entrants[1].applied_at",
            "one kind",
        ),
        ([Entrant("a", applied_at=cast(Any, "first")), Entrant("b", applied_at=2)], "entrants[0].applied_at", "application"),
        (
            [Entrant("a", applied_at=1, win_percentage=cast(Any, 0.5)), Entrant("b", applied_at=2)],
            "entrants[0].win_percentage",
            "not a float",
        ),
        (
            [Entrant("a", applied_at=1, win_percentage=Fraction(101)), Entrant("b", applied_at=2)],
            "entrants[0].win_percentage",
            "between 0 and 100",
        ),
        ([Entrant("a", "МС", 1500, 3), Entrant("b", "МС", 1500, 3)], "entrants[1].applied_at", "ties with 'a'"),
        ([Entrant("a", applied_at=1), "b"], "entrants[1]", "Entrant"),
    ],
)
def test_bad_entrants_name_the_field(entrants, field, words):
    with pytest.raises(InvalidArgument) as err:
        seed_list(entrants)
    assert field in fields(err)
    assert words in err.value.message


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"max_participants": 1}, "max_participants"),
        ({"min_participants": 0}, "min_participants"),
        ({"max_participants": 8, "min_participants": 16}, "min_participants"),
        ({"max_participants": "64"}, "max_participants"),
        ({"title_order": ("МС", "МС")}, "title_order[1]"),
        ({"title_order": ("МС", "")}, "title_order[1]"),
        ({"title_order": "МС"}, "title_order"),
    ],
)
def test_bad_limits_and_title_order_name_the_field(kwargs, field):
    with pytest.raises(InvalidArgument) as err:
        seed_list(field_players(10), **kwargs)
    assert field in fields(err)


def test_all_violations_reported_together():
    with pytest.raises(InvalidArgument) as err:
        seed_list([Entrant("a", "GM", cast(Any, 1.5), 1), Entrant("a", applied_at=2)], max_participants=1)
    assert set(fields(err)) >= {"max_participants", "entrants[0].title", "entrants[0].rating", "entrants[1].id"}


def test_pair_by_halves_rejects_bad_lists():
    seeds = seed_list(field_players(4)).seeds
    with pytest.raises(InvalidArgument) as err:
        pair_by_halves(seeds[:1])
    assert fields(err) == ["seeds"]
    with pytest.raises(InvalidArgument) as err:
        pair_by_halves([seeds[0], seeds[0]])
    assert fields(err) == ["seeds[1]"]
    with pytest.raises(InvalidArgument) as err:
        pair_by_halves([seeds[0], cast(Any, None)])
    assert fields(err) == ["seeds[1]"]


def test_next_stage_rejects_bad_winners():
    stage = plan_knockout(field_players(8)).first_stage  # 1v5 2v6 3v7 4v8
    with pytest.raises(InvalidArgument) as err:
        next_stage(stage, ["p1", "p2", "p3", "p4", "nobody"])
    assert fields(err) == ["winners[4]"] and "does not play" in err.value.message
    with pytest.raises(InvalidArgument) as err:
        next_stage(stage, ["p1", "p5", "p2", "p3", "p4"])
    assert fields(err) == ["winners[1]"] and "only one of them can win" in err.value.message
    with pytest.raises(InvalidArgument) as err:
        next_stage(stage, ["p1", "p2", "p3"])
    assert fields(err) == ["winners"] and "pair 4" in err.value.message and "both_lost" in err.value.message
    with pytest.raises(InvalidArgument) as err:
        next_stage(stage, ["p1", "p1", "p2", "p3", "p4"])
    assert fields(err) == ["winners[1]"] and "twice" in err.value.message
    with pytest.raises(InvalidArgument) as err:
        next_stage(stage, ["p1", "p2", "p3", "p4"], both_lost=[("p4", "p8")])
    assert fields(err) == ["both_lost[0]"]
    with pytest.raises(InvalidArgument) as err:
        next_stage(stage, ["p1", "p2", "p3", "p4"], both_lost=[("p1", "p2")])
    assert fields(err) == ["both_lost[0]"] and "one pair" in err.value.message


def test_every_pair_lost_leaves_no_cup():
    stage = plan_knockout(field_players(16)).first_stage
    both = [(f"p{i}", f"p{i + 8}") for i in range(1, 9)]
    with pytest.raises(InvalidArgument) as err:
        next_stage(stage, ["p1"], both_lost=both[1:])
    assert fields(err) == ["both_lost"]


def test_after_the_final_there_is_no_next_stage():
    final = next_stage(plan_knockout(field_players(4)).first_stage, ["p1", "p2"])
    with pytest.raises(FailedPrecondition):
        next_stage(final, ["p1"])
    with pytest.raises(FailedPrecondition):
        final_places(plan_knockout(field_players(4)).first_stage, "p1", "p3")


def test_final_places_rejects_bad_winners():
    final = next_stage(plan_knockout(field_players(4)).first_stage, ["p1", "p2"])
    with pytest.raises(InvalidArgument) as err:
        final_places(final, "p3", "p4")
    assert fields(err) == ["final_winner"]
    with pytest.raises(InvalidArgument) as err:
        final_places(final, "p1")
    assert fields(err) == ["third_place_winner"]
    with pytest.raises(InvalidArgument) as err:
        final_places(final, "p1", "p2")
    assert fields(err) == ["third_place_winner"]
    two = plan_knockout(field_players(2), min_participants=2).first_stage
    with pytest.raises(InvalidArgument) as err:
        final_places(two, "p1", "p2")
    assert fields(err) == ["third_place_winner"] and "no third-place match" in err.value.message


def test_simulate_bracket_names_the_stage_result_at_fault():
    plan = plan_knockout(field_players(8))
    with pytest.raises(InvalidArgument) as err:
        simulate_bracket(plan, [["p1", "p2", "p3", "p4"], ["p1", "x"]])
    assert fields(err) == ["results[1][1]", "results[1]"]  # 'x' does not play; pair 2 has no winner
    with pytest.raises(InvalidArgument) as err:
        simulate_bracket(plan, [["p1", "p2", "p3"]])
    assert fields(err) == ["results[0]"]
    full = [["p1", "p2", "p3", "p4"], ["p1", "p2"], ["p1", "p3"]]
    with pytest.raises(InvalidArgument) as err:
        simulate_bracket(plan, full + [["p1"]])
    assert fields(err) == ["results[3]"]
    with pytest.raises(InvalidArgument) as err:
        simulate_bracket(plan, [["p1", "p2", "p3", "p4"], ["p1", "p2"], ["p1"]])
    assert fields(err) == ["results[2]"]
    with pytest.raises(InvalidArgument) as err:
        simulate_bracket(plan, [["p1", "p2", "p3", "p4"], ["p1", "p2"], ["p1", "p2"]])
    assert fields(err) == ["results[2]"]


# ----------------------------------------------------------------------------------- properties

ratings = st.one_of(st.none(), st.integers(0, 3000))
titles = st.one_of(st.none(), st.sampled_from(DEFAULT_TITLE_ORDER))


@st.composite
def entrant_lists(draw, min_size=2, max_size=80):
    n = draw(st.integers(min_size, max_size))
    order = draw(st.permutations(range(n)))
    return [
        Entrant(
            f"e{i}",
            draw(titles),
            draw(ratings),
            applied_at=order[i],
            win_percentage=draw(st.one_of(st.none(), st.fractions(0, 100))),
        )
        for i in range(n)
    ]


def _key(e: Entrant):
    t = len(DEFAULT_TITLE_ORDER) if e.title is None else DEFAULT_TITLE_ORDER.index(e.title)
    return (t, e.rating is None, -(e.rating or 0), e.applied_at)


@settings(max_examples=60, deadline=None)
@given(entrant_lists(max_size=90))
def test_property_seed_list_is_sorted_capped_and_complete(entrants):
    s = seed_list(entrants)
    ranked = list(s.seeds) + list(s.cut)
    assert [r.number for r in ranked] == list(range(1, len(entrants) + 1))
    assert [_key(r.entrant) for r in ranked] == sorted(_key(e) for e in entrants)
    assert len(s.seeds) == min(64, len(entrants))
    assert s.void_possible == (len(entrants) < 8)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 64), st.booleans())
def test_property_first_stage_pairs_everyone_once_and_byes_match_the_rule(n, top):
    stage = plan_knockout(field_players(n), min_participants=2, byes_to_top_seeds=top).first_stage
    size = len(stage.positions)
    assert size >= n and size & (size - 1) == 0 and size < 2 * n
    seen = [s.number for m in stage.matches for s in m.players]
    assert sorted(seen) == list(range(1, n + 1))
    passes = sorted(m.upper.number for m in stage.matches if m.is_pass)
    expected = list(range(1, size - n + 1)) if top else list(range(n - size // 2 + 1, size // 2 + 1))
    assert passes == expected
    if top:  # the standard bracket: seed s meets seed size + 1 - s
        assert all(sum(played(m)) == size + 1 for m in stage.matches if not m.is_pass)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 64), st.booleans(), st.randoms(use_true_random=False))
def test_property_any_results_reach_final_places(n, top, rnd):
    plan = plan_knockout(field_players(n), min_participants=2, byes_to_top_seeds=top)
    stage, results, stages = plan.first_stage, [], 1
    while not stage.is_final:
        winners = [rnd.choice(m.players).id for m in stage.matches if not m.is_pass]
        results.append(winners)
        before = {s.id: i for i, s in enumerate(stage.positions) if s is not None}
        stage = next_stage(stage, winners)
        stages += 1
        if top:  # fixed positions: the winner of pair i takes position i
            assert all(before[s.id] // 2 == i for i, s in enumerate(stage.positions) if s is not None)
        else:  # survivors re-numbered in their original order (3.4.1.3)
            assert [p.number for p in stage.players] == sorted(p.number for p in stage.players)
    third = stage.third_place
    tw = [rnd.choice(third.players).id] if third is not None and not third.is_pass else []
    run = simulate_bracket(plan, results + [[rnd.choice(stage.matches[0].players).id] + tw])
    assert run.places is not None
    got = [s.id for s in run.places.as_tuple() if s is not None]
    assert len(got) == len(set(got)) == min(n, 4)
    assert 2 ** (stages - 1) < n <= 2**stages


# ------------------------------------------------------------------- later stages from survivors


def first_positions(plan) -> dict[str, int]:
    """Each player's position (1-based) in the first stage of the bracket."""
    return {s.id: i for i, s in enumerate(plan.first_stage.positions, start=1) if s is not None}


@pytest.mark.rule("cup.bracket.later-stages")
@settings(max_examples=40, deadline=None)
@given(st.integers(2, 64), st.booleans(), st.randoms(use_true_random=False))
def test_property_pair_stage_from_survivors_equals_next_stage(n, top, rnd):
    plan = plan_knockout(field_players(n), min_participants=2, byes_to_top_seeds=top)
    where = first_positions(plan)
    stage = plan.first_stage
    while True:
        survivors = sorted(stage.players, key=lambda s: s.number)
        paired = pair_stage(
            survivors,
            byes_to_top_seeds=top,
            positions=[where[s.id] for s in survivors],
            bracket_size=plan.bracket_size,
            stage_size=len(stage.positions) if top else 0,
        )
        assert paired.positions == stage.positions and paired.matches == stage.matches
        if stage.name == SEMI_FINAL or stage.is_final:
            break
        stage = next_stage(stage, [rnd.choice(m.players).id for m in stage.matches if not m.is_pass])


@pytest.mark.rule("cup.bracket.later-stages")
def test_pair_stage_conventional_quarter_final_by_bracket_position():
    plan = plan_knockout(field_players(16), byes_to_top_seeds=True)
    where = first_positions(plan)
    # quarter-final survivors in seed order: 12 and 15 won upsets, 8 v 9 was a double defeat
    survivors = [Seed(n, Entrant(f"p{n}", rating=3000 - n, applied_at=n)) for n in (1, 3, 4, 6, 7, 12, 15)]
    stage = pair_stage(
        survivors,
        byes_to_top_seeds=True,
        positions=[where[s.id] for s in survivors],
        bracket_size=16,
        stage_size=8,
    )
    # positions 1,16 | 8,9 | 4,13 | 5,12 | 2,15 | 7,10 | 3,14 | 6,11: who is left of each pair
    assert by_position(stage) == [1, None, 4, 12, 15, 7, 3, 6]
    assert pairs(stage) == [(1, None), (4, 12), (15, 7), (3, 6)]
    lines = explain_stage(stage)
    assert stage.name == QUARTER_FINAL and "option byes_to_top_seeds" in lines[0]
    assert "Seed 1 passes to the semi-final without playing" in "\n".join(lines)


@pytest.mark.rule("cup.bracket.later-stages")
def test_pair_stage_literal_pads_and_pairs_by_halves():
    survivors = [Seed(n, Entrant(f"p{n}")) for n in (2, 5, 9, 11, 20)]
    stage = pair_stage(survivors)
    assert stage.name == QUARTER_FINAL and pairs(stage) == [(2, 20), (5, None), (9, None), (11, None)]
    assert "Seeds 5, 9, 11 pass to the semi-final without playing" in "\n".join(explain_stage(stage))


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(players=[Seed(1, Entrant("a"))]), "players"),
        (dict(players=[Seed(3, Entrant("a")), Seed(1, Entrant("b"))]), "players[1].seed"),
        (dict(players=[Seed(1, Entrant("a")), Seed(1, Entrant("b"))]), "players[1].seed"),
        (dict(players=[Seed(1, Entrant("a")), Seed(2, Entrant("a"))]), "players[1].id"),
        (dict(players=[Seed(0, Entrant("a")), Seed(2, Entrant("b"))]), "players[0].seed"),
        (
            dict(players=[Seed(1, Entrant("a", win_percentage=Fraction(201, 2))), Seed(2, Entrant("b"))]),
            "players[0].win_percentage",
        ),
        (dict(players=[Seed(i, Entrant(f"p{i}")) for i in range(1, 4098)]), "players"),
        (dict(byes_to_top_seeds=True, positions=[1, 2], bracket_size=2**40), "bracket_size"),
        (dict(byes_to_top_seeds=True, positions=[1, 2], bracket_size=48), "bracket_size"),
        (dict(byes_to_top_seeds=True, positions=[1, 2], bracket_size=8, stage_size=16), "stage_size"),
        (dict(byes_to_top_seeds=True, positions=[1, 2], bracket_size=8, stage_size=3), "stage_size"),
        (dict(byes_to_top_seeds=True, positions=[1], bracket_size=8), "positions"),
        (dict(byes_to_top_seeds=True, positions=[1, 9], bracket_size=8), "players[1].position"),
        (dict(byes_to_top_seeds=True, positions=[1, 2], bracket_size=8, stage_size=4), "players[1].position"),
    ],
)
def test_pair_stage_rejects_bad_input_naming_the_field(kwargs, field):
    kwargs.setdefault("players", [Seed(1, Entrant("a")), Seed(8, Entrant("b"))])
    with pytest.raises(InvalidArgument) as err:
        pair_stage(**kwargs)
    assert fields(err) == [field]
