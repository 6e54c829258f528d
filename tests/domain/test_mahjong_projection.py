"""Mahjong projections (docs/rules.md ``mahjong.projection.*``): the CP-SAT model against an independent
brute force over every outcome of small seasons, witnesses replayed through league's own scoring."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.domain.mahjong.ruleset import Ruleset, TieHandling
from league.domain.mahjong.scoring import Hanchan, Match
from league.domain.mahjong.standings import Season
from rondo_runtime.errors import InvalidArgument
from solver.domain.projection.mahjong import project_mahjong
from solver.domain.projection.problem import (
    Cut,
    Fate,
    HanchanOutcomes,
    MahjongProjectionProblem,
    ProjectionResult,
    ProjectionStatus,
    Proof,
    RemainingMatch,
    SearchStatus,
    Standing,
)
from tests.projection_brute_force import (
    Seating,
    brute_force,
    check_fates_and_witnesses,
    fate_of_witness,
    grid_hanchans,
    projection_problem,
)

pytestmark = pytest.mark.domain

PLAYERS = tuple(f"P{i}" for i in range(1, 9))
GRID_STEP = 30_000  # 35 outcomes a hanchan: small enough to multiply out two tables


@st.composite
def small_seasons(draw, max_tables_left: int = 2):
    """8 players, round 1 played (scores in 100s or coarse, so totals tie now and then), round 2 left
    at one or two tables, one hanchan a match (two when one table is left)."""
    tables_left = draw(st.integers(1, max_tables_left))
    ruleset = Ruleset(
        name="small",
        rounds=2,
        hanchans_per_match=1 if tables_left == 2 else draw(st.integers(1, 2)),
        tie_handling=draw(st.sampled_from(list(TieHandling))),
        match_uma=draw(st.sampled_from([(15_000, 5_000, -5_000, -15_000), None])),
        tie_breaks=draw(st.sampled_from([("total", "average_place"), ("average_place", "total"), ("total",)])),
    )
    unit = draw(st.sampled_from([100, 10_000]))
    order = draw(st.permutations(PLAYERS))
    matches = []
    for t in range(2):
        seats = tuple(order[4 * t : 4 * t + 4])
        hanchans = []
        for h in range(ruleset.hanchans_per_match):
            first = [draw(st.integers(0, 60_000 // unit)) * unit for _ in range(3)]
            hanchans.append(Hanchan(h + 1, tuple(zip(seats, [*first, 120_000 - sum(first)], strict=True))))
        matches.append(Match(1, t + 1, seats, tuple(hanchans)))
    second = draw(st.permutations(PLAYERS))
    remaining = [Seating(2, t + 1, tuple(second[4 * t : 4 * t + 4])) for t in range(2)]
    if tables_left == 1:  # table 2 of round 2 is already played
        done = remaining.pop()
        scores = (60_000, 30_000, 30_000, 0)
        matches.append(
            Match(
                2,
                2,
                done.players,
                tuple(Hanchan(h + 1, tuple(zip(done.players, scores, strict=True))) for h in range(ruleset.hanchans_per_match)),
            )
        )
    cuts = sorted(draw(st.sets(st.integers(1, 7), min_size=1, max_size=2)))
    return Season(ruleset, PLAYERS, matches=tuple(matches), tables=(2, 2)), remaining, cuts


def check_against_brute_force(season, remaining, cuts, min_score: int = 0) -> ProjectionResult:
    grid = grid_hanchans(120_000, GRID_STEP, min_score)
    truth = brute_force(season, remaining, cuts, grid)
    problem = projection_problem(season, remaining, cuts, GRID_STEP, min_score)
    result = project_mahjong(problem)
    for proj in result.projections:
        fates = truth.fates[(proj.player, proj.cut.places)]
        check_fates_and_witnesses(proj, fates, partial(fate_of_witness, season, player=proj.player, places=proj.cut.places))
        if proj.need is not None:
            assert proj.need.proven
            assert proj.need.place == truth.need(proj.player, proj.cut.places), (proj.player, proj.cut)
    return result


@pytest.mark.rule("mahjong.projection.exact-by-cp-sat")
@pytest.mark.rule("mahjong.projection.tie-break-chain")
@pytest.mark.rule("mahjong.projection.fate-at-cut")
@pytest.mark.rule("mahjong.projection.witness")
@pytest.mark.rule("mahjong.projection.what-do-i-need")
@pytest.mark.rule("mahjong.projection.tables-apart")
@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(small_seasons())
def test_the_model_agrees_with_brute_force_over_every_outcome(case):
    check_against_brute_force(*case)


@pytest.mark.rule("mahjong.projection.outcome-space")
@pytest.mark.rule("mahjong.projection.exact-by-cp-sat")
@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(small_seasons(max_tables_left=1))
def test_negative_final_scores_are_outcomes_too(case):
    season, remaining, cuts = case
    check_against_brute_force(season, remaining, cuts, min_score=-GRID_STEP)


def fixed_season(round_1, second, done, cuts):
    """8 players, one hanchan a match: round 1's scores by table, round 2's seats; its table 2 already
    played with ``done``, table 1 left."""
    ruleset = Ruleset(name="small", rounds=2, hanchans_per_match=1)
    matches = [
        Match(1, t + 1, PLAYERS[4 * t : 4 * t + 4], (Hanchan(1, tuple(zip(PLAYERS[4 * t : 4 * t + 4], scores, strict=True))),))
        for t, scores in enumerate(round_1)
    ]
    matches.append(Match(2, 2, second[4:], (Hanchan(1, tuple(zip(second[4:], done, strict=True))),)))
    return Season(ruleset, PLAYERS, matches=tuple(matches), tables=(2, 2)), [Seating(2, 1, second[:4])], cuts


@pytest.mark.rule("mahjong.projection.bounds-first")
@pytest.mark.rule("mahjong.projection.exact-by-cp-sat")
def test_bounds_witnesses_and_cp_sat_each_settle_questions_and_agree_with_brute_force():
    season, remaining, cuts = fixed_season(
        [(30_000, 40_000, 40_000, 10_000), (0, 10_000, 20_000, 90_000)],
        ("P7", "P5", "P1", "P8", "P6", "P3", "P2", "P4"),
        (60_000, 30_000, 30_000, 0),
        [2, 5],
    )
    result = check_against_brute_force(season, remaining, cuts)
    settled = Counter((p.search(f), proof) for p in result.projections for f, proof in p.proofs)
    for kind in (
        (SearchStatus.IMPOSSIBLE, Proof.BOUNDS),
        (SearchStatus.FOUND, Proof.WITNESS),
        (SearchStatus.IMPOSSIBLE, Proof.CP_SAT),
        (SearchStatus.FOUND, Proof.CP_SAT),
    ):
        assert settled[kind], (kind, settled)
    # P4 is done and two done players are above: eliminated by bounds alone, no search
    p4 = result.of("P4", "top 2")
    assert p4.status is ProjectionStatus.ELIMINATED
    assert p4.proof(Fate.IN) is p4.proof(Fate.ORGANIZER_DECISION) is Proof.BOUNDS
    # P8 is in the top 5 whatever happens, which its rivals' ranges alone do not show: the model reads their table jointly
    p8 = result.of("P8", "top 5")
    assert p8.status is ProjectionStatus.CLINCHED and p8.proof(Fate.OUT) is Proof.CP_SAT


def standing(player: str, total: int, place_sum: Fraction | int = 6, hanchans: int = 3) -> Standing:
    return Standing(player, total, place_sum, hanchans)


def problem(standings, remaining, cuts, **options) -> MahjongProjectionProblem:
    return MahjongProjectionProblem(
        tuple(standings), tuple(remaining), tuple(cuts), outcomes=HanchanOutcomes(score_step=10_000, min_score=0), **options
    )


@pytest.mark.rule("mahjong.projection.fate-at-cut")
def test_a_tie_the_chain_cannot_break_is_the_organizers_not_a_guess():
    # A and B are done, equal on total and average place, far ahead: 1st place is the organizer's
    done = [standing("A", 500_000, 6), standing("B", 500_000, 6)]
    playing = [standing(p, 0) for p in "CDEF"]
    result = project_mahjong(
        problem(done + playing, [RemainingMatch(4, 1, tuple("CDEF"), 3)], [Cut("winner", 1), Cut("top 2", 2)])
    )
    for p in "AB":
        assert result.of(p, "winner").status is ProjectionStatus.ORGANIZER_DECISION
        assert result.of(p, "winner").search(Fate.IN) is SearchStatus.IMPOSSIBLE
        assert result.of(p, "top 2").status is ProjectionStatus.CLINCHED
        assert result.of(p, "top 2").search(Fate.OUT) is SearchStatus.IMPOSSIBLE
    for p in "CDEF":
        assert result.of(p, "top 2").status is ProjectionStatus.ELIMINATED
        assert result.of(p, "top 2").witness(Fate.OUT) is not None


@pytest.mark.rule("mahjong.projection.what-do-i-need")
def test_what_do_i_need_names_the_weakest_own_place_that_clinches():
    # 5 players for 4 places, one table of four left with one hanchan; E is done on 0.
    standings = [standing("A", 100_000), standing("B", 0), standing("C", 0), standing("D", 0), standing("E", 0)]
    result = project_mahjong(problem(standings, [RemainingMatch(4, 1, tuple("ABCD"), 1)], [Cut("top 4", 4)]))
    assert result.of("A", "top 4").status is ProjectionStatus.CLINCHED
    b = result.of("B", "top 4")
    assert b.status is ProjectionStatus.ALIVE
    # 3rd is not enough: C 60 000, D 50 000, B 10 000, A 0 leaves B on -30 000, below A (40 000), C, D and E (0).
    # 2nd or better: B ends on 0 or more, level with E at worst (2-3 behind A, or better), never 5th.
    assert b.need is not None and b.need.proven and b.need.place == 2
    out = b.witness(Fate.OUT)
    assert out is not None and dict(out.matches[0].hanchans[0].scores)["B"] < max(
        dict(out.matches[0].hanchans[0].scores).values()
    )


@pytest.mark.rule("mahjong.projection.outcome-space")
def test_bad_problems_are_rejected_field_by_field():
    bad = MahjongProjectionProblem(
        standings=(standing("A", 0), standing("A", 0)),
        remaining=(RemainingMatch(4, 1, ("A", "B", "C"), 0),),
        cuts=(Cut("top", 0),),
        tie_breaks=("total", "luck"),
        outcomes=HanchanOutcomes(score_step=700),
        time_limit_s=0,
    )
    with pytest.raises(InvalidArgument) as raised:
        project_mahjong(bad)
    fields = {v.field for v in raised.value.violations}
    assert {
        "standings[1].player",
        "remaining[0].players",
        "remaining[0].hanchans",
        "cuts[0].places",
        "tie_breaks",
        "outcomes.table_total",
        "time_limit_s",
    } <= fields
