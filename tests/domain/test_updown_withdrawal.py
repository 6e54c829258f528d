"""Withdrawals and the split after stage 1 (docs/rules.md ``updown.withdrawal.half-rule``,
``updown.stage.split-and-carry``; updown-league-2007 §10.4, §4.3, §4.4)."""

from __future__ import annotations

import pytest

from league.domain.updown.standings import (
    Game,
    GameResult,
    UpdownRuleset,
    UpdownSeason,
    stage_two_groups,
    updown_standings,
    withdrawal_decision,
)
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain
DOUBLE = UpdownRuleset("double", cycles=2, leaders=0, outsiders=0)
FOUR = ("A", "B", "C", "D")


def g(white: str, black: str, result: str, rnd: int = 1) -> Game:
    return Game(rnd, white, black, GameResult(result))


# every game among A, B, C (both cycles): A beats everyone, B beats C
ABC = (
    g("A", "B", "1-0"),
    g("B", "A", "0-1", 2),
    g("A", "C", "1-0"),
    g("C", "A", "0-1", 2),
    g("B", "C", "1-0"),
    g("C", "B", "0-1", 2),
)


@pytest.mark.rule("updown.withdrawal.half-rule")
def test_fewer_than_half_really_played_annuls_all_his_results_technical_results_do_not_count():
    # D: 2 games really played and one technical win out of 6 against players still in the league
    d_games = (g("D", "A", "1-0"), g("D", "B", "0-1"), g("C", "D", "-/+"))
    decision = withdrawal_decision("D", d_games, ("A", "B", "C"), cycles=2)
    assert (decision.really_played, decision.scheduled, decision.annulled) == (2, 6, True)
    standings = updown_standings(UpdownSeason(DOUBLE, FOUR, ABC + d_games, withdrawn=("D",)))
    out = {r.player: r for r in standings.rows}
    assert {p: r.points for p, r in out.items()} == {"A": 4, "B": 2, "C": 0, "D": 0}  # B's win over D is gone too
    assert out["D"].games == 0 and out["D"].withdrawn and out["D"].place == "4"
    assert "fewer than half, all his results annulled" in out["D"].notes[0]


@pytest.mark.rule("updown.withdrawal.half-rule")
def test_at_least_half_really_played_his_remaining_games_are_technical_losses():
    d_games = (g("D", "A", "1-0"), g("D", "B", "0-1"), g("C", "D", "0-1"))  # 3 of 6 really played
    standings = updown_standings(UpdownSeason(DOUBLE, FOUR, ABC + d_games, withdrawn=("D",)))
    out = {r.player: r for r in standings.rows}
    # D keeps his 2 wins; A, B, C each get one technical win 1-0 for the second cycle game
    assert {p: (r.points, r.games, r.really_played) for p, r in out.items()} == {
        "A": (5, 6, 5),
        "B": (4, 6, 5),
        "C": (1, 6, 5),
        "D": (2, 6, 3),
    }
    assert "his 3 remaining games are technical losses 0-1" in out["D"].notes[0]


@pytest.mark.rule("updown.withdrawal.half-rule")
def test_withdrawn_players_are_ranked_after_those_still_in_the_league():
    d_games = (g("D", "A", "1-0"), g("D", "B", "1-0"), g("D", "C", "1-0"))  # 3 of 6: kept, 3 points
    rs = UpdownRuleset("cut", cycles=2, leaders=1, outsiders=1)
    standings = updown_standings(UpdownSeason(rs, FOUR, ABC + d_games, withdrawn=("D",)))
    assert [(r.place, r.player, r.points, r.fate) for r in standings.rows] == [
        ("1", "A", 5, "leaders"),
        ("2", "B", 3, "stop"),
        ("3", "C", 1, "stop"),
        ("4", "D", 3, "outsiders"),
    ]
    assert standings.rows[2].separated_from_next == "withdrawn players are ranked after those still in the league"


@pytest.mark.rule("updown.stage.split-and-carry")
def test_stage_one_splits_by_the_configured_cut_places_and_stage_two_carries_the_points():
    players = tuple("ABCDEF")
    games = tuple(g(a, b, "1-0") for i, a in enumerate(players) for b in players[i + 1 :])  # A 5, B 4, ... F 0
    rs = UpdownRuleset("club", cycles=1, leaders=2, outsiders=2, leaders_long=True, outsiders_stay=1)
    stage1 = updown_standings(UpdownSeason(rs, players, games))
    assert [r.fate for r in stage1.rows] == ["leaders", "leaders", "stop", "stop", "outsiders", "outsiders"]
    groups = stage_two_groups(stage1)
    assert groups == {"leaders": {"A": 5, "B": 4}, "outsiders": {"E": 1, "F": 0}}
    # stage 2: one cycle; leaders play long matches (2 points); SB from stage-2 games only, each times
    # the opponent's final result, carried points included (§6.1): B 2 x A's 5
    leaders = updown_standings(
        UpdownSeason(rs, ("A", "B"), (g("B", "A", "1-0"),), stage=2, group="leaders", carried=groups["leaders"])
    )
    assert [(r.player, r.points, r.carried, r.sonneborn_berger, r.fate) for r in leaders.rows] == [
        ("B", 6, 4, 10, "champion"),
        ("A", 5, 5, 0, "prize places"),
    ]
    outsiders = updown_standings(
        UpdownSeason(rs, ("E", "F"), (g("F", "E", "1-0"),), stage=2, group="outsiders", carried=groups["outsiders"])
    )
    assert [(r.player, r.points, r.fate) for r in outsiders.rows] == [("F", 1, "stays"), ("E", 1, "relegated")]
    assert outsiders.rows[0].separated_from_next == "equal points; head-to-head 1 > 0"


@pytest.mark.rule("updown.stage.split-and-carry")
def test_first_league_promotes_its_first_places_and_a_tie_across_a_cut_blocks_the_split():
    rs = UpdownRuleset("fl", cycles=1, leaders=1, outsiders=0, leaders_long=False, outsiders_stay=0, promoted=1)
    stage2 = updown_standings(
        UpdownSeason(rs, ("A", "B"), (g("A", "B", "1-0"),), stage=2, group="leaders", carried={"A": 0, "B": 0})
    )
    assert [(r.player, r.fate) for r in stage2.rows] == [("A", "promoted"), ("B", "stays")]
    tied = updown_standings(UpdownSeason(rs, ("A", "B"), (g("A", "B", "-/-"),)))
    with pytest.raises(InvalidArgument) as error:
        stage_two_groups(tied)
    assert "extra match needed" in error.value.violations[0].description
