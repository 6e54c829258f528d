"""Bounds first (docs/rules.md ``mahjong.projection.bounds-first``): the ranges, the relations and the
fates they rule out hold for every outcome, and an outcome is scored as league scores it."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.domain.mahjong.ruleset import Ruleset, TieHandling
from league.domain.mahjong.scoring import Hanchan, Match, MatchLine, MatchResult, match_result, split_uma
from solver.domain.projection.mahjong.bounds import (
    AHEAD,
    BELOW,
    TIED,
    FigureRange,
    fewest_not_below,
    figure_ranges,
    impossible_fates,
    most_level,
    possible_relations,
    single_match_tables,
)
from solver.domain.projection.mahjong.outcome import Figures, Scorer, lead
from solver.domain.projection.mahjong.witness_search import hanchan_patterns
from solver.domain.projection.problem import (
    Cut,
    Fate,
    HanchanOutcomes,
    MahjongProjectionProblem,
    RemainingMatch,
    Standing,
)

pytestmark = pytest.mark.domain

TABLE = ("A", "B", "C", "D")
CHAINS = [("total", "average_place"), ("average_place", "total"), ("total",)]


def hanchan_scores(step: int, min_score: int):
    """Final scores of one hanchan on a grid: the extreme patterns (where the bounds are reached) or any."""
    units, low = 120_000 // step, -((-min_score) // step)

    @st.composite
    def anywhere(draw):
        first = [draw(st.integers(low, units - 3 * low)) for _ in range(3)]
        rest = units - sum(first)
        return tuple(x * step for x in [*first, rest]) if rest >= low else tuple([units // 4 * step] * 4)

    return st.one_of(st.sampled_from(hanchan_patterns(120_000, step, min_score, 4)), anywhere())


def line(result: MatchResult, player: str) -> MatchLine:
    found = result.line(player)
    assert found is not None, player
    return found


@pytest.mark.rule("mahjong.projection.bounds-first")
@given(
    st.sampled_from(list(TieHandling)),
    st.sampled_from([(15_000, 5_000, -5_000, -15_000), None]),
    st.integers(-2, 2).map(lambda k: k * 10_000),
    st.lists(hanchan_scores(10_000, -20_000), min_size=1, max_size=3),
)
def test_an_outcome_is_scored_as_league_scores_it(ties, uma, carried_first, hanchans):
    ruleset = Ruleset(name="x", hanchans_per_match=len(hanchans) + 1, tie_handling=ties, match_uma=uma)
    played = Hanchan(1, tuple(zip(TABLE, (30_000 + carried_first, 30_000 - carried_first, 30_000, 30_000), strict=True)))
    carried = match_result(Match(1, 1, TABLE, (played,)), ruleset)
    problem = MahjongProjectionProblem(
        standings=tuple(Standing(p, 0) for p in TABLE),
        remaining=(RemainingMatch(1, 1, TABLE, len(hanchans), tuple(line(carried, p).sum for p in TABLE), 1),),
        cuts=(Cut("top", 1),),
        hanchan_uma=ruleset.hanchan_uma,
        match_uma=uma,
        split_ties=ties is TieHandling.SPLIT,
        outcomes=HanchanOutcomes(score_step=10_000, min_score=-20_000),
    )
    scorer = Scorer(problem)
    effects = scorer.match(0, tuple(hanchans))
    match = Match(1, 1, TABLE, (played, *(Hanchan(h + 2, tuple(zip(TABLE, s, strict=True))) for h, s in enumerate(hanchans))))
    league = match_result(match, ruleset)
    sums = [(p, line(league, p).sum) for p in TABLE]
    places = split_uma(sums, [0] * 4, split_ties=True)
    for seat, p in enumerate(TABLE):
        whole = line(league, p)
        assert effects[seat].total == scorer.points(whole.total - line(carried, p).total)
        assert effects[seat].place_sum == scorer.place(sum(whole.places[1:], Fraction(0)))
        assert effects[seat].match_place == scorer.place(places[p].place)


@st.composite
def problems_and_outcomes(draw):
    """Six players, two tables of four left in two rounds (two players sit out one each), base figures on
    a coarse grid (so ties are common) and one outcome of every hanchan left."""
    players = [f"P{i}" for i in range(6)]
    standings = tuple(
        Standing(p, draw(st.integers(-4, 4)) * 10_000, draw(st.integers(3, 12)), draw(st.sampled_from([0, 3]))) for p in players
    )
    standings = tuple(Standing(s.player, s.total, s.place_sum if s.hanchans else 0, s.hanchans) for s in standings)
    first, second = draw(st.permutations(players)), draw(st.permutations(players))
    hanchans = draw(st.integers(1, 2))
    remaining = (RemainingMatch(1, 1, tuple(first[:4]), hanchans), RemainingMatch(2, 1, tuple(second[:4]), hanchans))
    problem = MahjongProjectionProblem(
        standings=standings,
        remaining=remaining,
        cuts=(Cut("top", 1),),
        split_ties=draw(st.booleans()),
        match_uma=draw(st.sampled_from([(15_000, 5_000, -5_000, -15_000), None])),
        tie_breaks=draw(st.sampled_from(CHAINS)),
        outcomes=HanchanOutcomes(score_step=10_000, min_score=-10_000),
    )
    outcome = [tuple(draw(hanchan_scores(10_000, -10_000)) for _ in range(hanchans)) for _ in remaining]
    return problem, outcome


@pytest.mark.rule("mahjong.projection.bounds-first")
@given(problems_and_outcomes())
def test_every_outcome_stays_within_the_ranges_and_the_possible_relations(case):
    problem, outcome = case
    scorer = Scorer(problem)
    ranges = figure_ranges(scorer)
    figures = dict(scorer.base)
    for index, (m, scores) in enumerate(zip(problem.remaining, outcome, strict=True)):
        for seat, effect in enumerate(scorer.match(index, scores)):
            f = figures[m.players[seat]]
            figures[m.players[seat]] = Figures(f.total + effect.total, f.place_sum + effect.place_sum, f.hanchans)
    for p, f in figures.items():
        r = ranges[p]
        assert r.total[0] <= f.total <= r.total[1] and r.place_sum[0] <= f.place_sum <= r.place_sum[1], p
        for q in figures:
            if q != p:
                assert lead(problem.tie_breaks, figures[q], f) in possible_relations(problem.tie_breaks, ranges[q], r), (q, p)


RELATIONS = [frozenset(c) for k in (1, 2, 3) for c in itertools.combinations((AHEAD, TIED, BELOW), k)]


@pytest.mark.rule("mahjong.projection.bounds-first")
@given(
    st.lists(st.sampled_from(RELATIONS), max_size=7).flatmap(
        lambda rs: st.tuples(st.just(rs), st.tuples(*(st.sampled_from(sorted(r)) for r in rs)), st.integers(1, len(rs) + 1))
    )
)
def test_no_realisation_of_the_relations_has_a_fate_ruled_out(case):
    relations, realised, places = case
    ahead, tied = realised.count(AHEAD), realised.count(TIED)
    fate = Fate.IN if ahead + tied < places else Fate.OUT if ahead >= places else Fate.ORGANIZER_DECISION
    ruled_out = impossible_fates(relations, places)
    assert fate not in ruled_out
    if all(len(r) == 1 for r in relations):  # everything certain: exactly one fate is left
        assert ruled_out == set(Fate) - {fate}


@pytest.mark.rule("mahjong.projection.bounds-first")
def test_a_rival_whose_worst_total_equals_the_players_best_is_parted_by_the_rest_of_the_chain():
    player = FigureRange((0, 100), (10, 20), 5)
    level = FigureRange((100, 200), (10, 20), 5)
    assert possible_relations(("total",), level, player) == {AHEAD, TIED}
    assert possible_relations(("total", "average_place"), level, player) == {AHEAD, TIED, BELOW}
    better_places = FigureRange((100, 200), (5, 9), 5)
    assert possible_relations(("total", "average_place"), better_places, player) == {AHEAD}
    assert possible_relations(("total",), FigureRange((101, 200), (10, 20), 5), player) == {AHEAD}
    assert possible_relations(("total",), FigureRange((-50, -1), (10, 20), 5), player) == {BELOW}
    assert possible_relations(("total",), FigureRange((-50, 0), (10, 20), 5), player) == {TIED, BELOW}
    assert possible_relations(("total",), FigureRange((99, 200), (10, 20), 5), player) == {AHEAD, TIED, BELOW}
    done = FigureRange((50, 50), (15, 15), 5)
    assert possible_relations(("total", "average_place"), done, done) == {TIED}
    assert possible_relations(("total",), FigureRange((100, 100), (10, 10), 5), FigureRange((100, 100), (20, 20), 5)) == {TIED}


@pytest.mark.rule("mahjong.projection.bounds-first")
@given(
    st.lists(st.integers(-6, 6).map(lambda k: k * 10_000), min_size=4, max_size=4),
    st.lists(hanchan_scores(10_000, 0), min_size=1, max_size=3),
    st.integers(-8, 12).map(lambda k: k * 10_000),
    st.booleans(),
)
def test_a_table_without_the_player_is_counted_as_a_whole_soundly(bases, hanchans, threshold, match_uma):
    problem = MahjongProjectionProblem(
        standings=tuple(Standing(p, b) for p, b in zip(TABLE, bases, strict=True)),
        remaining=(RemainingMatch(1, 1, TABLE, len(hanchans)),),
        cuts=(Cut("top", 1),),
        match_uma=(15_000, 5_000, -5_000, -15_000) if match_uma else None,
        outcomes=HanchanOutcomes(score_step=10_000, min_score=0),
    )
    scorer = Scorer(problem)
    (table,) = single_match_tables(scorer)
    base = {p: f.total for p, f in scorer.base.items()}
    totals = [base[p] + e.total for p, e in zip(TABLE, scorer.match(0, tuple(hanchans)), strict=True)]
    at = scorer.points(threshold)
    assert sum(t > at for t in totals) >= fewest_not_below(table, base, at)
    assert sum(t >= at for t in totals) <= most_level(table, base, at)
