"""Up&Down league points (docs/rules.md ``updown.scoring.*``, ``updown.annul.thrown-match``;
updown-league-2007 §6.1, §7.8, §9.2)."""

from __future__ import annotations

import pytest

from league.domain.updown.standings import (
    Game,
    GameResult,
    UpdownRuleset,
    UpdownSeason,
    effective_games,
    game_points,
    updown_standings,
)

pytestmark = pytest.mark.domain
SINGLE = UpdownRuleset("single", cycles=1, leaders=0, outsiders=0)


def g(white: str, black: str, result: str, rnd: int = 1, **kw) -> Game:
    return Game(rnd, white, black, GameResult(result), **kw)


def points(season: UpdownSeason) -> dict[str, int]:
    return {r.player: r.points for r in updown_standings(season).rows}


@pytest.mark.rule("updown.scoring.points")
@pytest.mark.parametrize(
    ("result", "expected"), [("1-0", (1, 0)), ("0-1", (0, 1)), ("+/-", (1, 0)), ("-/+", (0, 1)), ("-/-", (0, 0))]
)
def test_a_win_is_one_point_a_loss_or_technical_loss_nothing(result, expected):
    assert game_points(g("A", "B", result)) == expected


@pytest.mark.rule("updown.scoring.points")
def test_points_are_summed_and_technical_results_are_not_really_played():
    season = UpdownSeason(SINGLE, ("A", "B", "C"), (g("A", "B", "1-0"), g("C", "A", "-/+"), g("B", "C", "0-1", rnd=2)))
    rows = {r.player: r for r in updown_standings(season).rows}
    assert {p: r.points for p, r in rows.items()} == {"A": 2, "B": 0, "C": 1}
    assert rows["A"].games == 2 and rows["A"].really_played == 1  # the technical win is not "really played"


@pytest.mark.rule("updown.scoring.long-match")
def test_a_long_match_is_worth_two_points():
    assert game_points(g("A", "B", "1-0", long=True)) == (2, 0)
    assert game_points(g("A", "B", "-/+", long=True)) == (0, 2)
    assert game_points(g("A", "B", "-/-", long=True)) == (0, 0)
    # stage 2 leaders of the Super League play long matches: every game there is worth 2
    rs = UpdownRuleset("sl", leaders=2, outsiders=0)
    season = UpdownSeason(rs, ("A", "B"), (g("A", "B", "0-1"),), stage=2, group="leaders", carried={"A": 5, "B": 3})
    assert points(season) == {"A": 5, "B": 5}


@pytest.mark.rule("updown.scoring.unplayed-and-late")
def test_unplayed_by_the_deadline_is_0_0_and_a_late_game_is_removed():
    late = g("A", "B", "1-0", rnd=2, after_deadline=True)
    assert game_points(late) is None
    season = UpdownSeason(SINGLE, ("A", "B"), (g("A", "B", "-/-"), late))
    games, _ = effective_games(season)
    assert [sg.game for sg in games] == [g("A", "B", "-/-")]
    rows = {r.player: r for r in updown_standings(season).rows}
    assert rows["A"].points == rows["B"].points == 0 and rows["A"].games == 1 and rows["A"].really_played == 0
    assert "round 2 vs B: played after the deadline, removed" in rows["A"].notes


@pytest.mark.rule("updown.annul.thrown-match")
def test_a_thrown_match_is_a_double_technical_loss_whatever_was_entered():
    thrown = g("A", "B", "1-0", thrown=True)
    assert game_points(thrown) == (0, 0) and not thrown.really_played
    season = UpdownSeason(SINGLE, ("A", "B", "C"), (thrown, g("A", "C", "1-0")))
    rows = {r.player: r for r in updown_standings(season).rows}
    assert (rows["A"].points, rows["B"].points) == (1, 0)
    assert rows["A"].really_played == 1 and rows["A"].games == 2
    assert "round 1 vs A: thrown match annulled, 0-0 (§9.2)" in rows["B"].notes
