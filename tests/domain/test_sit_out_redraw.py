"""A redraw of a club night (docs/rules.md ``draw.sit-out.redraw-counts-the-evening``): the played
rounds keep their sit-outs and the sit-out rules hold over the whole evening, counting the sit-outs
already served; the solver's rule and league's own recount agree; the certificate's checker counts
the played rounds too."""

from __future__ import annotations

import random
from collections import Counter
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from league.domain.certificate import meeting_figures
from league.domain.certificate import sit_out_problems as certificate_problems
from league.domain.model import Competition, Player, validate_draw_to_store
from league.domain.sit_outs import closest_counts, redraw_keeps_sit_outs, sit_out_breaches, who_sits_out
from rondo_runtime.errors import InvalidArgument
from solver.domain.draw import solve_draw
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import DrawProblem, SolveStatus
from solver.domain.draw.sit_outs import continue_rotation, fair_gap, rotation, sit_out_problems, sitting_out
from solver.domain.draw.validate import check_draw
from tests.domain.test_draw_sit_outs import club_night, evenings

pytestmark = [pytest.mark.domain, pytest.mark.rule("draw.sit-out.redraw-counts-the-evening")]
NOW = datetime(2026, 12, 6, tzinfo=UTC)


def names(n: int) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(n))


@settings(max_examples=60, deadline=None)
@given(evenings(), st.integers(0, 2**31 - 1), st.data())
def test_a_fair_evening_split_anywhere_is_judged_the_same_counting_the_played_rounds(evening, seed, data) -> None:
    n, k, rounds, requested = evening
    count = requested or n % k
    players = names(n)
    whole = rotation(players, count, rounds, random.Random(seed))
    played = data.draw(st.integers(0, rounds))
    assert sit_out_problems(players, whole, count) == []
    assert sit_out_problems(players, whole[played:], count, whole[:played]) == []
    assert sit_out_breaches(players, whole[played:], count, whole[:played]) == []


@settings(max_examples=80, deadline=None)
@given(st.integers(3, 12), st.integers(1, 3), st.integers(1, 8), st.data())
def test_the_solver_rule_and_league_recount_agree_on_any_sit_outs(n, count, rounds, data) -> None:
    """Random sit-outs (fair or not) after random played rounds: the solver's rule and league's own
    recount, written apart, find a breach in exactly the same evenings."""
    count = min(count, n - 1)
    players = names(n)
    pick = st.lists(st.sampled_from(players), min_size=count, max_size=count, unique=True).map(tuple)
    played = data.draw(st.lists(pick, max_size=4))
    to_play = data.draw(st.lists(pick, min_size=rounds, max_size=rounds))
    solver_says = sit_out_problems(players, to_play, count, played)
    league_says = sit_out_breaches(players, to_play, count, played)
    assert bool(solver_says) == bool(league_says), (solver_says, league_says)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=2, max_size=15), st.integers(1, 4), st.integers(0, 8))
def test_the_closest_final_counts_are_computed_alike_and_never_widen(served, count, rounds) -> None:
    count = min(count, len(served) - 1)
    assert fair_gap(served, count, rounds) == closest_counts(served, count, rounds)
    assert fair_gap(served, count, rounds) <= max(1, max(served) - min(served))
    if max(served) - min(served) <= 1:
        assert fair_gap(served, count, rounds) == 1  # from a fair start: the usual "at most one apart"


@settings(max_examples=60, deadline=None)
@given(evenings(), st.integers(0, 2**31 - 1), st.data())
def test_the_rotation_continued_after_any_played_rounds_is_fair(evening, seed, data) -> None:
    n, k, rounds, requested = evening
    count = requested or n % k
    players = names(n)
    played = rotation(players, count, data.draw(st.integers(0, 6)), random.Random(seed))
    rest = continue_rotation(players, count, rounds, random.Random(seed + 1), played)
    assert sit_out_problems(players, rest, count, played) == []


@settings(max_examples=60, deadline=None)
@given(evenings(), st.integers(0, 2**31 - 1))
def test_from_a_fair_start_the_continued_rotation_is_the_rotation(evening, seed) -> None:
    n, k, rounds, requested = evening
    count = requested or n % k
    players = names(n)
    assert continue_rotation(players, count, rounds, random.Random(seed)) == rotation(players, count, rounds, random.Random(seed))


def _evening(n: int = 10, k: int = 4, rounds: int = 5, seed: int = 3) -> tuple[DrawProblem, tuple]:
    problem = club_night(n, k, rounds, seed=seed, work=1500)
    return problem, solve_draw(problem).draw


def test_a_redraw_keeps_the_played_sit_outs_and_is_fair_over_the_whole_evening() -> None:
    problem, draw = _evening()
    played = 2
    redraw = club_night(10, 4, 3, seed=9, work=1500, history=draw[:played], previous=draw[played:])
    result = solve_draw(redraw)
    assert result.status in (SolveStatus.OPTIMAL, SolveStatus.FEASIBLE)
    assert check_draw(redraw, result.draw) == []
    evening = draw[:played] + result.draw
    assert sit_out_problems(problem.players, sitting_out(problem.players, evening), 2) == []
    counts = Counter(p for s in sitting_out(problem.players, evening) for p in s)
    assert max(counts.values()) - min(counts.get(p, 0) for p in problem.players) <= 1
    assert result.objective == evaluate(redraw, result.draw)  # the played rounds' meetings count
    assert result.players_moved is not None and result.players_moved <= 10
    assert result.lower_bound <= result.objective


def test_a_redraw_after_a_withdrawal_and_a_newcomer_counts_the_missed_rounds_as_sat_out() -> None:
    problem, draw = _evening(n=9, rounds=6, seed=5)  # one sits out a round
    played = 3
    roster = tuple(p for p in problem.players if p != "P0") + ("New",)
    redraw = DrawProblem(
        players=roster, rounds=3, table_size=4, sit_out=0, seed=2, work_budget=1500, history=draw[:played], previous=draw[played:]
    )
    result = solve_draw(redraw)
    assert check_draw(redraw, result.draw) == []
    later = sitting_out(roster, result.draw)
    # the newcomer missed three rounds: he sits out no more, the others who never sat out do
    assert all("New" not in s for s in later)
    served = sitting_out(roster, draw[:played])
    assert sit_out_breaches(roster, later, 1, served) == []


def test_a_redraw_that_sits_a_player_out_again_too_soon_is_found_by_both_counts() -> None:
    players = names(6)
    played = [("P0",), ("P1",)]
    again = [("P0",), ("P2",), ("P3",), ("P4",)]  # P0 sat out in round 1, again in round 3
    assert any(p.startswith("draw.sit-out.everyone-once-before-twice") for p in sit_out_problems(players, again, 1, played))
    rules = {b.rule for b in sit_out_breaches(players, again, 1, played)}
    assert {"draw.sit-out.everyone-once-before-twice", "draw.sit-out.spread"} <= rules
    assert sit_out_problems(players, [("P2",), ("P3",), ("P4",), ("P5",)], 1, played) == []


def _players(ids: tuple[str, ...]) -> list[Player]:
    return [Player(p, "c", p, i) for i, p in enumerate(ids, 1)]


def test_league_stores_a_redraw_fair_over_the_evening_and_refuses_one_unfair_counting_the_played_rounds() -> None:
    problem, draw = _evening()
    competition = Competition("c", "Club night", "discard-league-2026", 5, 4, NOW)
    fair = solve_draw(club_night(10, 4, 3, seed=4, work=1500, history=draw[:2], previous=draw[2:])).draw
    validate_draw_to_store(competition, draw[:2] + fair, _players(problem.players), played_rounds=2, redraw=True, sitting_out=2)
    # round 3 sits out again the two who sat out round 1, while others have not sat out yet
    first = sitting_out(problem.players, draw)[0]
    playing = [p for p in problem.players if p not in first][:8]
    unfair = ((tuple(playing[:4]), tuple(playing[4:])),) + fair[1:]
    with pytest.raises(InvalidArgument) as refused:
        validate_draw_to_store(
            competition, draw[:2] + unfair, _players(problem.players), played_rounds=2, redraw=True, sitting_out=2
        )
    (violation,) = refused.value.violations
    assert violation.field == "rounds[2]" and violation.reason == "SIT_OUT_UNFAIR"


def test_the_certificate_checker_counts_the_played_rounds_of_a_redraw() -> None:
    problem, draw = _evening()
    fair = solve_draw(club_night(10, 4, 3, seed=4, work=1500, history=draw[:2], previous=draw[2:])).draw
    tables = [[list(t) for t in rnd] for rnd in draw[:2] + fair]
    most, repeats = meeting_figures(tables)
    cert = {
        "draw": {"played_rounds": 2},
        "solver_request": {"players": [{"id": p} for p in problem.players]},
        "tables": tables,
        "sitting_out": 2,
        "sit_outs": who_sits_out(problem.players, tables[2:]),
        "objective": [0, most, repeats, 0, 0],
    }
    assert certificate_problems(cert) == []
    # the redrawn round 3 seats those who sat out round 2 and sits round 1's again: fair alone, not over the evening
    first = sitting_out(problem.players, draw)[0]
    playing = [p for p in problem.players if p not in first][:8]
    forged_tables = tables[:2] + [[playing[:4], playing[4:]]] + tables[3:]
    forged = {**cert, "tables": forged_tables, "sit_outs": who_sits_out(problem.players, forged_tables[2:])}
    most, repeats = meeting_figures(forged_tables)
    forged["objective"] = [0, most, repeats, 0, 0]
    assert any(p.startswith("draw.sit-out.everyone-once-before-twice") for p in certificate_problems(forged))


def test_a_club_nights_redraw_keeps_its_count_while_it_fits() -> None:
    assert redraw_keeps_sit_outs(0, 10, 4) is None  # not a club night
    assert redraw_keeps_sit_outs(2, 10, 4) == 2
    assert redraw_keeps_sit_outs(2, 9, 4) == 0  # a withdrawal: N mod table size from now on
    assert redraw_keeps_sit_outs(5, 9, 4) == 5  # the organizer's count, still leaving one table
