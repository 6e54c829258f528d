"""Mahjong league scoring: hanchan, match, penalties (docs/rules.md ``mahjong.scoring.*``;
discard-league-2026 §4, §5, §6.3)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.domain.mahjong.ruleset import MAHJONG_LEAGUE, RULESETS, Ruleset, TieHandling, variant
from league.domain.mahjong.scoring import (
    Hanchan,
    Match,
    MatchLine,
    MatchResult,
    NoShow,
    Penalty,
    chombo_penalty,
    hanchan_result,
    match_result,
    match_uma,
    no_show_penalty,
    split_uma,
)
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain
RS = MAHJONG_LEAGUE
TABLE = ("A", "B", "C", "D")


def hanchan(*scores: int, number: int = 1, chombo: dict[str, int] | None = None, players=TABLE) -> Hanchan:
    return Hanchan(number, tuple(zip(players, scores, strict=True)), tuple((chombo or {}).items()))


def results(h: Hanchan, rs: Ruleset = RS) -> dict[str, tuple[Fraction, int | Fraction]]:
    return {x.player: (x.place, x.result) for x in hanchan_result(h, rs).lines}


def line(result: MatchResult, player: str) -> MatchLine:
    """``player``'s line of a scored match; the test fails when the player is not in the match."""
    found = result.line(player)
    assert found is not None, f"{player} is not in match {result.match.label}"
    return found


def test_registry_holds_the_mahjong_league_with_the_regulation_numbers():
    rs = RULESETS["mahjong-league"]
    assert (rs.start_points, rs.total_points, rs.hanchan_uma) == (30_000, 120_000, (15_000, 5_000, -5_000, -15_000))
    assert (rs.chombo_penalty, rs.match_uma, rs.no_show_penalty, rs.hanchans_per_match) == (
        40_000,
        (15_000, 5_000, -5_000, -15_000),
        80_000,
        3,
    )
    assert rs.tie_handling is TieHandling.SPLIT and rs.tie_breaks == ("total", "average_place")


@pytest.mark.rule("mahjong.scoring.hanchan-uma")
def test_hanchan_uma_score_minus_start_plus_uma_15_5_by_place():
    # (final score − 30 000) + 15 000 / 5 000 / −5 000 / −15 000 by place; no oka
    assert results(hanchan(25_000, 45_000, 32_000, 18_000)) == {
        "B": (1, 15_000 + 15_000),
        "C": (2, 2_000 + 5_000),
        "A": (3, -5_000 - 5_000),
        "D": (4, -12_000 - 15_000),
    }


def test_a_club_variant_changes_the_uma_without_new_code():
    rs = variant("mahjong-league", {"hanchan_uma": [20_000, 10_000, -10_000, -20_000]})
    assert results(hanchan(45_000, 32_000, 25_000, 18_000), rs)["A"] == (1, 15_000 + 20_000)
    with pytest.raises(InvalidArgument) as err:
        variant("mahjong-league", {"hanchan_uma": [1, 2, 3]})
    assert err.value.violations[0].field == "ruleset.hanchan_uma"


@pytest.mark.rule("mahjong.scoring.split-uma")
def test_split_uma_equal_final_scores_share_uma_and_average_place():
    # two tied for 1st: each (15 000 + 5 000) / 2 and place 3/2
    r = results(hanchan(40_000, 40_000, 25_000, 15_000))
    assert r["A"] == r["B"] == (Fraction(3, 2), 10_000 + 10_000)
    assert r["C"] == (3, -5_000 - 5_000) and r["D"] == (4, -15_000 - 15_000)
    # tied 2nd and 3rd: uma (5 000 − 5 000) / 2 = 0, place 5/2
    r = results(hanchan(50_000, 25_000, 25_000, 20_000))
    assert r["B"] == r["C"] == (Fraction(5, 2), -5_000)
    # three tied for 2nd-4th: (5 000 − 5 000 − 15 000) / 3, place 3
    r = results(hanchan(54_000, 22_000, 22_000, 22_000))
    assert r["B"] == (3, -8_000 - 5_000)
    # all four equal: nobody gains anything
    assert {v for v in results(hanchan(30_000, 30_000, 30_000, 30_000)).values()} == {(Fraction(5, 2), 0)}


def test_split_uma_keeps_fractions_exact_when_the_uma_does_not_divide():
    placing = split_uma([("A", 10), ("B", 10), ("C", 10), ("D", 0)], (10_000, 5_000, 1_000, -16_000))
    assert placing["A"].uma == Fraction(16_000, 3) and placing["A"].place == 2


@pytest.mark.rule("mahjong.scoring.split-uma")
def test_earlier_seat_wins_is_a_ruleset_option_off_by_default():
    rs = variant("mahjong-league", {"tie_handling": "earlier_seat_wins"})
    r = results(hanchan(40_000, 40_000, 25_000, 15_000), rs)
    assert r["A"] == (1, 10_000 + 15_000) and r["B"] == (2, 10_000 + 5_000)
    r = results(hanchan(40_000, 40_000, 25_000, 15_000, players=("B", "A", "C", "D")), rs)
    assert r["B"] == (1, 25_000)


@pytest.mark.rule("mahjong.scoring.chombo-after-uma")
def test_chombo_after_uma_does_not_change_hanchan_places():
    lines = {x.player: x for x in hanchan_result(hanchan(45_000, 32_000, 25_000, 18_000, chombo={"A": 1}), RS).lines}
    a = lines["A"]
    assert a.place == 1 and a.uma == 15_000  # still first: places come from the final scores
    assert a.result == 15_000 + 15_000 - 40_000
    assert [lines[p].place for p in "BCD"] == [2, 3, 4]
    assert chombo_penalty(2, RS) == -80_000
    assert hanchan_result(hanchan(45_000, 32_000, 25_000, 18_000, chombo={"A": 2}), RS).line("A").result == 30_000 - 80_000


def complete_match(*hanchans: Hanchan, **kw) -> Match:
    return Match(1, 1, TABLE, tuple(Hanchan(i + 1, h.scores, h.chombo) for i, h in enumerate(hanchans)), **kw)


@pytest.mark.rule("mahjong.scoring.match-uma")
def test_match_uma_by_place_of_match_sums_split_on_equal_sums():
    m = complete_match(
        hanchan(45_000, 32_000, 25_000, 18_000),  # A +30 000, B +7 000, C −10 000, D −27 000
        hanchan(45_000, 32_000, 25_000, 18_000),
        hanchan(18_000, 25_000, 32_000, 45_000),  # A −27 000, B −10 000, C +7 000, D +30 000
    )
    r = match_result(m, RS)
    lines = {x.player: x for x in r.lines}
    assert {p: x.sum for p, x in lines.items()} == {"A": 33_000, "B": 4_000, "C": -13_000, "D": -24_000}
    assert {p: x.match_uma for p, x in lines.items()} == {"A": 15_000, "B": 5_000, "C": -5_000, "D": -15_000}
    assert lines["A"].total == 48_000 and r.complete
    # equal match sums split the match uma: A and B tie for 1st and 2nd
    assert match_uma([("A", 10), ("B", 10), ("C", 0), ("D", -20)], RS) == {"A": 10_000, "B": 10_000, "C": -5_000, "D": -15_000}


@pytest.mark.rule("mahjong.scoring.match-uma")
def test_match_uma_ranks_sums_with_penalties():
    # A and B equal before the penalty; B's behaviour penalty puts him below A for the match uma
    m = complete_match(
        hanchan(40_000, 40_000, 25_000, 15_000),
        hanchan(40_000, 40_000, 25_000, 15_000),
        hanchan(40_000, 40_000, 25_000, 15_000),
        penalties=(Penalty("B", 1_000, "slow play"),),
    )
    lines = {x.player: x for x in match_result(m, RS).lines}
    assert (lines["A"].match_uma, lines["B"].match_uma) == (15_000, 5_000)
    assert lines["B"].total == 3 * 20_000 - 1_000 + 5_000


@pytest.mark.rule("mahjong.scoring.match-uma-incomplete")
def test_match_uma_withheld_from_an_incomplete_match():
    two = (hanchan(45_000, 32_000, 25_000, 18_000, number=1), hanchan(45_000, 32_000, 25_000, 18_000, number=2))
    r = match_result(Match(1, 1, TABLE, two), RS)
    assert not r.complete and r.missing == (3,)
    assert all(x.match_uma is None for x in r.lines)
    assert line(r, "A").total == 60_000  # provisional: hanchans only
    done = match_result(Match(1, 1, TABLE, two + (hanchan(45_000, 32_000, 25_000, 18_000, number=3),)), RS)
    assert done.complete and line(done, "A").total == 90_000 + 15_000


@pytest.mark.rule("mahjong.scoring.no-show")
def test_no_show_minus_80000_for_the_match_not_a_chombo():
    players = ("SUB1", "B", "C", "D")
    hs = tuple(hanchan(45_000, 32_000, 25_000, 18_000, number=n, players=players) for n in (1, 2, 3))
    r = match_result(Match(2, 1, players, hs, no_shows=(NoShow("A", "SUB1"),)), RS)
    a = line(r, "A")
    assert a.no_show == no_show_penalty(RS) == -80_000 and a.total == -80_000
    assert a.hanchans == () and a.chombo == 0 and a.match_uma is None
    assert line(r, "SUB1").match_uma == 15_000  # the substitute took the seat and the match goes on


@pytest.mark.rule("mahjong.scoring.penalty-reason")
def test_penalty_reason_required():
    with pytest.raises(InvalidArgument) as err:
        Penalty("A", 5_000, "  ")
    assert [v.field for v in err.value.violations] == ["penalty.reason"]
    assert Penalty("A", 5_000, "insulted an opponent").reason == "insulted an opponent"
    with pytest.raises(InvalidArgument):
        Penalty("A", -5_000, "negative points are not a penalty")


@pytest.mark.rule("mahjong.scoring.sum-120000")
def test_sum_120000_final_scores_must_sum_to_the_table_total():
    with pytest.raises(InvalidArgument) as err:
        hanchan_result(hanchan(45_000, 32_000, 25_000, 17_000), RS)
    assert err.value.violations[0].field == "scores"
    assert err.value.violations[0].description == "sum is 119 000, must be 120 000"


# --- properties ---------------------------------------------------------------------------------------

# Final scores in hundreds, often equal (ties are what split_uma is about), summing to 120 000.
_score = st.sampled_from([-5_000, 0, 10_000, 25_000, 30_000, 31_200]) | st.integers(-500, 1_000).map(lambda x: x * 100)


@st.composite
def final_scores(draw) -> tuple[int, int, int, int]:
    three = [draw(_score) for _ in range(3)]
    return (*three, 120_000 - sum(three))


@pytest.mark.rule("mahjong.scoring.hanchan-uma")
@given(final_scores(), st.sampled_from(list(TieHandling)), st.dictionaries(st.sampled_from(TABLE), st.integers(1, 3)))
def test_hanchan_results_sum_to_zero_before_penalties(scores, ties, chombo):
    rs = variant("mahjong-league", {"tie_handling": ties.value})
    result = hanchan_result(hanchan(*scores, chombo=chombo), rs)
    assert sum(x.before_penalties for x in result.lines) == 0
    assert sum(x.result for x in result.lines) == -40_000 * sum(chombo.values())
    assert sorted(x.place for x in result.lines) == sorted(x.place for x in hanchan_result(hanchan(*scores), rs).lines)
    assert sum(x.place for x in result.lines) == 10  # places 1+2+3+4, shared or not


@given(st.lists(final_scores(), min_size=3, max_size=3))
def test_match_results_sum_to_zero_before_penalties(hanchans):
    m = complete_match(*(hanchan(*s) for s in hanchans))
    assert sum(x.total for x in match_result(m, RS).lines) == 0
