"""Up&Down projections (docs/rules.md ``updown.projection.*``): the CP-SAT model against an independent
brute force over every outcome of small seasons ranked by league's own standings, witnesses replayed
the same way, and the tie-break chain's steps one by one."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from functools import partial

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from league.domain.updown.standings import Game, GameResult, UpdownRuleset, UpdownSeason, updown_standings
from rondo_runtime.errors import InvalidArgument
from solver.domain.projection.problem import Cut, Fate, ProjectionStatus, SearchStatus
from solver.domain.projection.updown import project_updown
from solver.domain.projection.updown.problem import PairPoints, RemainingGame, UpDownProjectionProblem, UpDownStanding
from tests.projection_brute_force import check_fates_and_witnesses, fate_of_place, status_from
from tests.updown_projection_brute_force import Pairing, brute_force, fate_of_witness, projection_problem

pytestmark = pytest.mark.domain

PLAYED = [GameResult.WHITE_WON, GameResult.BLACK_WON, GameResult.WHITE_TECHNICAL_WIN, GameResult.BOTH_TECHNICAL]


@st.composite
def small_seasons(draw):
    """4 to 6 players, stage 1 (one or two cycles, maybe a withdrawn player) or stage 2 (points
    carried, long matches in the leaders group, SB with or without them), most games played (mostly
    plain wins so points tie often), 1 to 5 games left (7 without the unplayed outcome)."""
    n = draw(st.integers(4, 6))
    players = tuple(f"U{i}" for i in range(1, n + 1))
    stage = draw(st.sampled_from([1, 2]))
    ruleset = UpdownRuleset(
        "small",
        cycles=draw(st.integers(1, 2)) if stage == 1 else 1,
        leaders=2,
        outsiders=0,
        field=n,
        sb_counts_carried=draw(st.booleans()),
    )
    group = draw(st.sampled_from(["leaders", "outsiders"])) if stage == 2 else None
    carried = {p: draw(st.integers(0, 3)) for p in players} if stage == 2 else {}
    withdrawn = (draw(st.sampled_from(players)),) if stage == 1 and draw(st.integers(0, 3)) == 0 else ()
    cycles = ruleset.cycles
    schedule = [(a, b) if c % 2 == 0 else (b, a) for c in range(cycles) for a, b in itertools.combinations(players, 2)]
    schedule = draw(st.permutations(schedule))
    unplayed = draw(st.booleans())
    between_active = [i for i, (a, b) in enumerate(schedule) if a not in withdrawn and b not in withdrawn]
    left_count = draw(st.integers(1, min(5 if unplayed else 7, len(between_active))))
    left = set(between_active[-left_count:])
    games = []
    remaining = []
    for i, (a, b) in enumerate(schedule):
        if i in left:
            remaining.append(Pairing(100 + i, 1, a, b))
        elif a in withdrawn or b in withdrawn:
            if draw(st.booleans()):  # a withdrawn player's game may not have been played
                games.append(Game(i + 1, a, b, draw(st.sampled_from(PLAYED))))
        else:
            result = draw(st.sampled_from(PLAYED[:2] * 4 + PLAYED[2:]))
            games.append(Game(i + 1, a, b, result, long=stage == 2 and group == "leaders"))
    season = UpdownSeason(ruleset, players, tuple(games), withdrawn, stage, group, carried)
    ranked = n - len(withdrawn)
    cuts = sorted(draw(st.sets(st.integers(1, ranked - 1), min_size=1, max_size=2)))
    return season, remaining, cuts, unplayed


def check_against_brute_force(season, remaining, cuts, unplayed) -> None:
    truth = brute_force(season, remaining, cuts, unplayed)
    result = project_updown(projection_problem(season, remaining, cuts, unplayed))
    for proj in result.projections:
        fates = truth.fates[(proj.player, proj.cut.places)]
        check_fates_and_witnesses(
            proj, fates, partial(fate_of_witness, season, remaining, player=proj.player, places=proj.cut.places)
        )
        own = sum(proj.player in (m.white, m.black) for m in remaining)
        if proj.need is not None:
            assert proj.need.proven
            assert proj.need.wins == truth.need(proj.player, proj.cut.places, own), (proj.player, proj.cut)
            assert proj.need.place == (1 if proj.need.wins else None)
        elif proj.status is not ProjectionStatus.CLINCHED and Fate.IN in fates and own:
            pytest.fail(f"{proj.player} at {proj.cut}: 'what do I need' not asked")


@pytest.mark.rule("updown.projection.exact-by-cp-sat")
@pytest.mark.rule("updown.projection.outcome-space")
@pytest.mark.rule("updown.projection.tie-break-chain")
@pytest.mark.rule("updown.projection.fate-at-cut")
@pytest.mark.rule("updown.projection.bounds-first")
@pytest.mark.rule("updown.projection.witness")
@pytest.mark.rule("updown.projection.what-do-i-need")
@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(small_seasons())
def test_the_model_agrees_with_brute_force_over_every_outcome(case):
    check_against_brute_force(*case)


# --- the chain, step by step: each case fails if that step is read wrongly -----------------------

RESULTS = {"W": GameResult.WHITE_WON, "B": GameResult.BLACK_WON, "T": GameResult.BOTH_TECHNICAL}

#: (stage, games "AB:W" = A (white) beat B, "T" = both technical 0-0, the step league's standings name)
CHAIN_STEPS = [
    (1, "AB:W AC:B AD:B BC:W BD:B CD:W", "equal points; head-to-head 1 > 0"),
    (1, "AB:B AC:W AD:B BC:B BD:W CD:W AB:B AC:W AD:B BC:B BD:W CD:B", "equal head-to-head; Sonneborn-Berger 11 > 7"),
    (1, "AB:W AC:W AD:W BC:W BD:W CD:W AB:W AC:W AD:B BC:B BD:W CD:W", "equal Sonneborn-Berger; extra match needed"),
    (1, "AB:W AC:B AD:W AE:B BC:W BD:B BE:W CD:B CE:B DE:B", "equal points; mini-table 2 > 1"),
    (1, "AB:W AC:B AD:B AE:W BC:B BD:B BE:W CD:B CE:B DE:B", "equal mini-table; Sonneborn-Berger 5 > 3"),
    (1, "AB:W AC:B AD:B AE:W BC:B BD:B BE:W CD:B CE:B DE:B", "equal Sonneborn-Berger; head-to-head 1 > 0"),
    (1, "AB:B AC:W AD:B BC:W BD:W CD:W", "equal Sonneborn-Berger; organizer decision required"),
    (2, "AB:W AC:W AD:B BC:B BD:W CD:B", "equal points; head-to-head 1 > 0"),
    (2, "AB:B AC:T AD:W BC:T BD:W CD:W", "equal head-to-head; organizer decision required"),
    (2, "AB:W AC:B AD:W AE:W BC:W BD:W BE:B CD:B CE:W DE:B", "equal mini-table; Sonneborn-Berger 5 > 3"),
    (2, "AB:T AC:T AD:W BC:B BD:W CD:T", "equal Sonneborn-Berger; equal head-to-head; organizer decision required"),
    (2, "AB:B AC:B AD:B BC:B BD:W CD:B", "equal Sonneborn-Berger; organizer decision required"),
]


def season_of(stage: int, games: str) -> UpdownSeason:
    parsed = [(g[0], g[1], RESULTS[g[3]]) for g in games.split()]
    players = tuple(sorted({p for w, b, _ in parsed for p in (w, b)}))
    cycles = max(Counter(frozenset((w, b)) for w, b, _ in parsed).values())
    ruleset = UpdownRuleset("steps", cycles=cycles, leaders=2, outsiders=0, field=len(players))
    return UpdownSeason(
        ruleset,
        players,
        tuple(Game(i + 1, w, b, r) for i, (w, b, r) in enumerate(parsed)),
        stage=stage,
        group="outsiders" if stage == 2 else None,
    )


@pytest.mark.rule("updown.projection.tie-break-chain")
@pytest.mark.rule("updown.projection.fate-at-cut")
@pytest.mark.parametrize(("stage", "games", "step"), CHAIN_STEPS)
def test_each_step_of_the_chain_as_league_ranks_it(stage, games, step):
    season = season_of(stage, games)
    standings = updown_standings(season)
    assert any(step in str(r.separated_from_next or "") for r in standings.rows), "the case no longer takes that step"
    cuts = list(range(1, len(season.players)))
    # every game played: the projection is league's own standings, place range against each cut
    settled = project_updown(projection_problem(season, [], cuts))
    for row in standings.rows:
        for c in cuts:
            fate = fate_of_place(row.place, c)
            assert settled.of(row.player, f"top {c}").status is status_from({fate}), (row, c)
    # the last game still to play: every outcome of it, against the brute force
    *done, last = season.games
    check_against_brute_force(replace(season, games=tuple(done)), [Pairing(99, 1, last.white, last.black)], cuts, unplayed=True)


# --- the rest ----------------------------------------------------------------------------------


def problem(points, scored, remaining, cuts, **options) -> UpDownProjectionProblem:
    return UpDownProjectionProblem(
        standings=tuple(UpDownStanding(p, pts) for p, pts in points.items()),
        scored=tuple(PairPoints(p, q, pts) for (p, q), pts in scored.items()),
        remaining=tuple(RemainingGame(10 + i, 1, w, b) for i, (w, b) in enumerate(remaining)),
        cuts=tuple(Cut(f"top {c}", c) for c in cuts),
        **options,
    )


@pytest.mark.rule("updown.projection.what-do-i-need")
@pytest.mark.rule("updown.projection.witness")
def test_what_do_i_need_counts_wins_and_witnesses_show_both_fates():
    # A on 3, B on 2, C on 2, D on 0; games left: A-B and C-D. Top 1: A wins -> 4, clinched.
    points = {"A": 3, "B": 2, "C": 2, "D": 0}
    result = project_updown(problem(points, {}, [("A", "B"), ("C", "D")], [1], unplayed_possible=False))
    a = result.of("A", "top 1")
    assert a.status is ProjectionStatus.ALIVE
    assert a.need is not None and a.need.proven and a.need.wins == 1 and a.need.place == 1
    out = a.witness(Fate.OUT)
    assert out is not None
    assert dict(out.matches[0].hanchans[0].scores) == {"A": 0, "B": 1}
    d = result.of("D", "top 1")
    assert d.status is ProjectionStatus.ELIMINATED and d.search(Fate.IN) is SearchStatus.IMPOSSIBLE


@pytest.mark.rule("updown.projection.bounds-first")
def test_two_hundred_players_one_round_left_are_mostly_settled_by_bounds():
    players = [f"P{i:03d}" for i in range(200)]
    points = {p: 2 * i for i, p in enumerate(players)}  # every gap 2, one game of 1 point left
    remaining = [(players[i], players[i + 1]) for i in range(0, 200, 2)]
    result = project_updown(problem(points, {}, remaining, [8]))
    statuses = [result.of(p, "top 8").status for p in players]
    assert statuses.count(ProjectionStatus.CLINCHED) == 8 and statuses.count(ProjectionStatus.ELIMINATED) == 192


@pytest.mark.rule("updown.projection.outcome-space")
def test_bad_problems_are_rejected_field_by_field():
    bad = UpDownProjectionProblem(
        standings=(UpDownStanding("A", 1), UpDownStanding("A", -1), UpDownStanding("W", 0, ranked=False)),
        scored=(PairPoints("A", "A", 1),),
        remaining=(RemainingGame(1, 1, "A", "W", 0),),
        cuts=(Cut("top", 0),),
        time_limit_s=0,
    )
    with pytest.raises(InvalidArgument) as raised:
        project_updown(bad)
    fields = {v.field for v in raised.value.violations}
    assert {
        "standings[1].player",
        "standings[1].points",
        "scored[0]",
        "remaining[0]",
        "remaining[0].win",
        "cuts[0].places",
        "time_limit_s",
    } <= fields
