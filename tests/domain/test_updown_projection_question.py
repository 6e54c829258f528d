"""League's side of an Up&Down projection (docs/rules.md ``updown.projection.from-league-state``): the
cuts are the places the standings' fates read, the figures come from league's counted games, the
games left from the pairings without a record; the gateway says the need in wins, in English and
Russian."""

from __future__ import annotations

import pytest

from gateway.domain.projection_texts import Need, status_words
from league.domain.updown.projection import updown_cuts, updown_question
from league.domain.updown.standings import FIRST_LEAGUE, SUPER_LEAGUE, Game, GameResult, UpdownSeason
from rondo_runtime.errors import FailedPrecondition

PLAYERS = tuple(f"p{i:02d}" for i in range(1, 25))


def cuts(season: UpdownSeason) -> list[tuple[str, int]]:
    return [(c.name, c.places) for c in updown_cuts(season)]


@pytest.mark.rule("updown.projection.from-league-state")
def test_the_cuts_are_the_places_the_fates_read_in_each_stage_and_group():
    assert cuts(UpdownSeason(SUPER_LEAGUE, PLAYERS)) == [("leaders", 8), ("not_outsiders", 16)]
    assert cuts(UpdownSeason(SUPER_LEAGUE, PLAYERS[:8], stage=2, group="outsiders")) == [("stays", 2)]
    assert cuts(UpdownSeason(SUPER_LEAGUE, PLAYERS[:8], stage=2, group="leaders")) == [("champion", 1)]
    assert cuts(UpdownSeason(FIRST_LEAGUE, PLAYERS[:12], stage=2, group="leaders")) == [("promoted", 6)]
    titles = updown_cuts(UpdownSeason(SUPER_LEAGUE, PLAYERS))
    assert titles[0].title == "the leaders group (top 8)" and titles[0].title.ru == "группа лидеров (топ-8)"
    with pytest.raises(FailedPrecondition) as refused:  # too few players for the split: no place decides anything
        updown_question(UpdownSeason(SUPER_LEAGUE, PLAYERS[:10]), [])
    assert refused.value.reason == "PROJECTION_WITHOUT_CUT"


@pytest.mark.rule("updown.projection.from-league-state")
def test_the_figures_come_from_league_s_counted_games_and_the_games_left_from_the_pairings():
    games = (
        Game(1, "p01", "p02", GameResult.WHITE_WON),
        Game(1, "p03", "p04", GameResult.BLACK_TECHNICAL_WIN),  # a technical win counts as a win
        Game(2, "p01", "p03", GameResult.WHITE_WON, after_deadline=True),  # removed (§7.8)
    )
    carried = {p: 3 for p in PLAYERS[:8]}
    season = UpdownSeason(SUPER_LEAGUE, PLAYERS[:8], games, stage=2, group="leaders", carried=carried)
    question = updown_question(season, [(3, 1, ("p02", "p05")), (3, 2, ("p01", "p99"))])
    points = {s.player: (s.points, s.carried) for s in question.standings}
    assert points["p01"] == (5, 3) and points["p04"] == (5, 3) and points["p03"] == (3, 3)  # long matches: 2 a win
    assert sorted(question.scored) == [("p01", "p02", 2), ("p02", "p01", 0), ("p03", "p04", 0), ("p04", "p03", 2)]
    assert [(g.white, g.black, g.win) for g in question.remaining] == [("p02", "p05", 2)]  # not a pairing of this group
    assert not question.two_tied_sonneborn_berger and question.matches_left("p05") == 1


@pytest.mark.rule("updown.projection.from-league-state")
def test_the_need_is_said_in_wins_in_english_and_russian():
    title = ("the leaders group (top 8)", "группа лидеров (топ-8)")
    en, ru = status_words("alive", title, Need(True, 1, True, wins=2), 3)
    assert en == "alive for the leaders group (top 8) — needs 2 wins in the 3 remaining games"
    assert ru == "группа лидеров (топ-8): шансы есть — нужно побед: 2 из 3 оставшихся партий"
    en, ru = status_words("alive", title, Need(True, 1, True, wins=1), 1)
    assert en.endswith("needs to win the last game") and ru.endswith("нужно выиграть последнюю партию")
