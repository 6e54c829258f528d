"""The question league asks about its regular stage (docs/rules.md ``mahjong.projection.from-league-state``,
``mahjong.projection.cuts-from-ruleset``), the projection's budget (``mahjong.projection.within-budget``)
and its statuses in words (``mahjong.projection.status-in-words``)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from gateway.domain.projection_texts import Need, status_words
from league.domain.mahjong.projection import projection_question
from league.domain.mahjong.ruleset import MAHJONG_LEAGUE
from league.domain.mahjong.scoring import Hanchan, Match, NoShow, Penalty
from league.domain.mahjong.standings import Season, regular_standings
from rondo_runtime.errors import FailedPrecondition
from solver.domain.projection.budget import ProjectionJob, project_within
from solver.domain.projection.problem import (
    Cut,
    MahjongProjectionProblem,
    ProjectionStatus,
    RemainingMatch,
    SearchStatus,
    Standing,
)

pytestmark = pytest.mark.domain

PLAYERS = tuple(f"P{i}" for i in range(1, 9))
RULESET = dataclasses.replace(MAHJONG_LEAGUE, rounds=2)
ROUNDS = (
    (PLAYERS[:4], PLAYERS[4:]),
    ((PLAYERS[0], PLAYERS[4], PLAYERS[1], PLAYERS[5]), (PLAYERS[2], PLAYERS[6], PLAYERS[3], PLAYERS[7])),
)


def hanchan(number: int, seats, scores=(45_000, 35_000, 25_000, 15_000)) -> Hanchan:
    return Hanchan(number, tuple(zip(seats, scores, strict=True)))


def season(*matches: Match) -> Season:
    return Season(RULESET, PLAYERS, matches=matches, tables=(2, 2))


@pytest.mark.rule("mahjong.projection.from-league-state")
def test_a_partly_played_match_carries_its_sums_and_keeps_its_substitute():
    """Round 1 table 1 complete; table 2 two hanchans in, P8 a no-show replaced by "Sub", P5 penalized;
    round 2 untouched: three matches left, the partial one with one hanchan and its seats' sums."""
    t1 = Match(1, 1, ROUNDS[0][0], tuple(hanchan(h, ROUNDS[0][0]) for h in (1, 2, 3)))
    seats2 = ("P5", "P6", "P7", "Sub")
    t2 = Match(
        1,
        2,
        seats2,
        (hanchan(1, seats2), hanchan(2, seats2, (15_000, 25_000, 35_000, 45_000))),
        penalties=(Penalty("P5", 10_000, "late"),),
        no_shows=(NoShow("P8", "Sub"),),
    )
    standings = regular_standings(dataclasses.replace(season(t1, t2), substitutes=("Sub",)))
    question = projection_question(standings, ROUNDS, RULESET)
    assert [(m.round, m.table, m.hanchans) for m in question.remaining] == [(1, 2, 1), (2, 1, 3), (2, 2, 3)]
    partial = question.remaining[0]
    assert partial.players == seats2 and partial.played == 2
    # (15 000 + 15 000) + (-15 000 - 15 000) - 10 000; (5 000 + 5 000) + (-5 000 - 5 000); ...
    assert partial.carried == (-10_000, 0, 0, 0)
    assert question.remaining[1].carried == () and question.remaining[1].players == ROUNDS[1][0]
    by_player = {s.player: s for s in question.standings}
    assert set(by_player) == set(PLAYERS)  # the no-show is ranked (a main participant), the substitute is not
    assert by_player["P1"].total == 3 * 30_000 + 15_000 and by_player["P1"].place_sum == Fraction(3)
    assert by_player["P5"].hanchans == 2 and by_player["P5"].place_sum == Fraction(5)
    assert question.matches_left("P1") == 1 and question.matches_left("P5") == 2


@pytest.mark.rule("mahjong.projection.cuts-from-ruleset")
def test_the_question_has_the_playoff_cut_of_the_pinned_ruleset():
    standings = regular_standings(season())
    [cut] = projection_question(standings, ROUNDS, RULESET).cuts
    assert (cut.name, cut.places, cut.title, cut.title.ru) == ("playoff", 8, "the playoff (top 8)", "плей-офф (топ-8)")
    four = dataclasses.replace(RULESET, playoff_places=4)
    assert projection_question(regular_standings(dataclasses.replace(season(), ruleset=four)), ROUNDS, four).cuts[0].places == 4
    none = dataclasses.replace(RULESET, playoff_places=0)
    with pytest.raises(FailedPrecondition) as refused:
        projection_question(regular_standings(dataclasses.replace(season(), ruleset=none)), ROUNDS, none)
    assert refused.value.reason == "PROJECTION_WITHOUT_CUT"
    with pytest.raises(FailedPrecondition) as no_draw:
        projection_question(standings, (), RULESET)
    assert no_draw.value.reason == "PROJECTION_NEEDS_APPROVED_DRAW"


@pytest.mark.rule("mahjong.projection.within-budget")
def test_a_player_the_budget_does_not_reach_is_unknown_never_guessed():
    ticks = iter([0.0, 0.0, 100.0, 100.0, 100.0, 100.0])  # the first player starts at once, then the budget is spent
    problem = MahjongProjectionProblem(
        standings=tuple(Standing(p, 1_000_000 - 100_000 * i, 2, 1) for i, p in enumerate(PLAYERS[:4])),
        remaining=(),
        cuts=(Cut("playoff", 2),),
    )
    run = project_within(ProjectionJob(problem, 10.0), clock=lambda: next(ticks))
    assert [p.status for p in run.result.projections] == [ProjectionStatus.CLINCHED] + [ProjectionStatus.UNKNOWN] * 3
    assert run.unreached == PLAYERS[1:4]
    assert all(s is SearchStatus.NOT_PROVEN for p in run.result.projections[1:] for _, s in p.questions)
    played = MahjongProjectionProblem(
        standings=tuple(Standing(p, 0, 2, 1) for p in PLAYERS[:4]),
        remaining=(RemainingMatch(2, 1, PLAYERS[:4], 1),),
        cuts=(Cut("playoff", 2),),
        players=("P1",),
    )
    [alive] = project_within(ProjectionJob(played, 30.0)).result.projections
    assert alive.status is ProjectionStatus.ALIVE and alive.need is not None and alive.need.proven


@pytest.mark.rule("mahjong.projection.status-in-words")
def test_statuses_are_said_in_english_and_russian():
    title = ("the playoff (top 8)", "плей-офф (топ-8)")
    assert status_words("clinched", title) == ("clinched the playoff (top 8)", "плей-офф (топ-8): место обеспечено")
    assert status_words("eliminated", title)[0] == "eliminated: the playoff (top 8) is out of reach"
    alive = status_words("alive", title, Need(True, 2, True), matches_left=1)
    assert alive == (
        "alive for the playoff (top 8) — needs 2nd place or better in the last match",
        "плей-офф (топ-8): шансы есть — нужно 2-е место или выше в последнем матче",
    )
    assert status_words("alive", title, Need(True, 1, True), matches_left=2)[0].endswith(
        "needs 1st place in each remaining match"
    )
    assert status_words("alive", title, Need(True, 3, False), matches_left=1)[0] == "alive for the playoff (top 8)"
    assert (
        "organizer" in status_words("organizer_decision", title)[0]
        and "организатор" in status_words("organizer_decision", title)[1]
    )
    assert "time limit" in status_words("unknown", title)[0]
