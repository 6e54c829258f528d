"""League's side of a cup projection (docs/rules.md ``cup.projection.from-league-state``): where each
player stands comes from the cup domain's progress (the same one GetCupBracket reads), the cuts are
the title, the final, the podium and the medals, and ``project_cup`` reads the question as the
bracket says; a group's cuts of an Up&Down stage of several groups are named and titled apart
(``updown.projection.every-group``)."""

from __future__ import annotations

import pytest

from gateway.domain.projection_texts import Need, status_words
from league.domain.cup.knockout import THIRD_PLACE_MATCH, Game, cup_progress
from league.domain.cup.projection import CupProjectionQuestion, CupStandingNow, cup_question
from league.domain.texts import Text
from league.domain.updown.projection import CutOfStandings, group_title, titled_cuts
from solver.domain.projection.cup import project_cup
from solver.domain.projection.cup.problem import CupProjectionProblem, CupStanding
from solver.domain.projection.problem import Cut

P = [f"p{i}" for i in range(1, 9)]
QUARTERS = [[P[0], P[4]], [P[1], P[5]], [P[2], P[6]], [P[3], P[7]]]
SEMIS = [[P[0], P[2]], [P[1], P[3]]]


def won(stage: int, match: int, winner: str) -> list[Game]:
    return [Game(stage, match, 1, winner), Game(stage, match, 2, winner)]


def statuses(q: CupProjectionQuestion) -> dict[tuple[str, str], str]:
    problem = CupProjectionProblem(
        tuple(CupStanding(s.player, s.stage, s.in_cup, s.third_place, s.place) for s in q.standings),
        q.stages,
        tuple(Cut(c.name, c.places) for c in q.cuts),
        q.third_place_match,
    )
    return {(p.player, p.cut.name): p.status.value for p in project_cup(problem).projections}


@pytest.mark.rule("cup.projection.from-league-state")
def test_the_quarter_finals_half_played_leave_the_losers_out_and_the_winners_a_stage_on():
    progress = cup_progress(P, [QUARTERS], won(1, 1, P[0]) + won(1, 2, P[5]) + [Game(1, 3, 1, P[2])])
    q = cup_question(progress)
    assert (q.stages, q.third_place_match) == (3, True)
    assert [(c.name, c.places) for c in q.cuts] == [("champion", 1), ("final", 2), ("podium", 3), ("medals", 4)]
    assert q.cuts[1].title == "the final (top 2)" and q.cuts[1].title.ru == "выход в финал (топ-2)"
    by = {s.player: s for s in q.standings}
    assert by[P[0]] == CupStandingNow(P[0], 1, 2) and by[P[5]] == CupStandingNow(P[5], 6, 2)
    assert by[P[4]] == CupStandingNow(P[4], 5, 1, in_cup=False) and by[P[2]] == CupStandingNow(P[2], 3, 1)
    assert [s.player for s in q.standings] == [P[0], P[5], P[2], P[3], P[6], P[7], P[1], P[4]]
    assert (q.places(by[P[4]]), q.where(by[P[4]]), q.places(by[P[0]]), q.where(by[P[0]])) == (
        "5-8",
        "quarter-final",
        "",
        "semi-final",
    )
    assert (q.matches_left(P[0]), q.matches_left(P[2]), q.matches_left(P[4]), q.series_left()) == (2, 3, 0, 5 + 1)
    found = statuses(q)
    assert {found[(P[4], c.name)] for c in q.cuts} == {"eliminated"}
    assert [found[(P[0], c.name)] for c in q.cuts] == ["alive"] * 3 + ["clinched"]  # a semi-finalist has a medal


@pytest.mark.rule("cup.projection.from-league-state")
def test_after_the_final_the_finalists_have_their_places_and_the_semi_final_losers_play_for_third():
    games = won(1, 1, P[0]) + won(1, 2, P[1]) + won(1, 3, P[2]) + won(1, 4, P[3]) + won(2, 1, P[0]) + won(2, 2, P[1])
    progress = cup_progress(P, [QUARTERS, SEMIS, [[P[0], P[1]]]], [*games, *won(3, 1, P[1])])
    q = cup_question(progress)
    by = {s.player: s for s in q.standings}
    assert by[P[1]].place == 1 and by[P[0]].place == 2
    assert by[P[2]] == CupStandingNow(P[2], 3, 2, in_cup=False, third_place=True) and q.places(by[P[2]]) == "3-4"
    assert [s.player for s in q.standings][:4] == [P[1], P[0], P[2], P[3]]
    found = statuses(q)
    assert found[(P[0], "final")] == "clinched" and found[(P[0], "champion")] == "eliminated"
    assert found[(P[2], "medals")] == "clinched" and found[(P[2], "podium")] == "alive"
    assert found[(P[4], "medals")] == "eliminated"
    # the match for third place decided: the cup is over, every place is the progress' own
    done = cup_question(
        cup_progress(P, [QUARTERS, SEMIS, [[P[0], P[1]]]], [*games, *won(3, 1, P[1]), *won(3, THIRD_PLACE_MATCH, P[3])])
    )
    assert [(s.player, s.place) for s in done.standings[:4]] == [(P[1], 1), (P[0], 2), (P[3], 3), (P[2], 4)]
    assert done.series_left() == 0 and set(statuses(done).values()) <= {"clinched", "eliminated"}


@pytest.mark.rule("cup.projection.from-league-state")
def test_a_cup_s_need_is_said_in_series_won():
    need = Need(True, 1, True, 2, series=True)
    en, ru = status_words("alive", (Text("the final (top 2)", "выход в финал (топ-2)"), "выход в финал (топ-2)"), need, 3)
    assert en == "alive for the final (top 2) — needs to win the next 2 series"
    assert ru == "выход в финал (топ-2): шансы есть — нужно выиграть серий подряд: 2"


@pytest.mark.rule("updown.projection.every-group")
def test_a_group_s_cuts_are_named_apart_and_titled_with_the_group():
    cut = CutOfStandings("leaders", 3, Text("the leaders group (top 3)", "группа лидеров (топ-3)"))
    [titled] = titled_cuts([cut], 2, group_title(2, "group 2"))
    assert (titled.name, titled.places) == ("group2.leaders", 3)
    assert titled.title == "Group 2: the leaders group (top 3)" and titled.title.ru == "Группа 2: группа лидеров (топ-3)"
    assert group_title(1, "outsiders").ru == "Группа аутсайдеров"
