"""Fair sit-outs for club nights (docs/rules.md ``draw.sit-out.*``): the whole evening drawn at once,
the sit-out rules always hold, the tables are optimized as any draw's."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_runtime.errors import InvalidArgument
from solver.domain.draw import solve_draw
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import DrawProblem, Separation, SolveStatus
from solver.domain.draw.sit_outs import last_to_arrive, rotation, sit_out_problems, sitting_out
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain

FAIR = "draw.sit-out.fair-counts"
ONCE = "draw.sit-out.everyone-once-before-twice"
SPREAD = "draw.sit-out.spread"


def club_night(n: int, k: int, rounds: int, sit_out: int = 0, seed: int = 1, work: int = 3000, **extra) -> DrawProblem:
    return DrawProblem(
        players=tuple(f"P{i}" for i in range(n)),
        rounds=rounds,
        table_size=k,
        sit_out=sit_out,
        seed=seed,
        time_limit_s=60.0,
        work_budget=work,
        **extra,
    )


@st.composite
def evenings(draw: st.DrawFn) -> tuple[int, int, int, int]:
    k = draw(st.integers(2, 6))
    n = draw(st.integers(k + 1, 30).filter(lambda n: n % k != 0))
    rounds = draw(st.integers(1, 10))
    # the organizer's count: N mod k, or that plus whole tables while at least one table plays
    extra_tables = draw(st.integers(0, max(0, (n - n % k) // k - 1)))
    return n, k, rounds, n % k + extra_tables * k if draw(st.booleans()) else 0


@pytest.mark.rule("draw.sit-out.fair-counts")
@pytest.mark.rule("draw.sit-out.everyone-once-before-twice")
@pytest.mark.rule("draw.sit-out.spread")
@settings(max_examples=30, deadline=None)
@given(evenings(), st.integers(0, 2**31 - 1))
def test_every_sit_out_draw_keeps_the_three_rules(evening: tuple[int, int, int, int], seed: int) -> None:
    n, k, rounds, requested = evening
    problem = club_night(n, k, rounds, requested, seed=seed, work=600)
    result = solve_draw(problem)
    assert result.status in (SolveStatus.OPTIMAL, SolveStatus.FEASIBLE)
    assert check_draw(problem, result.draw) == []
    count = requested or n % k
    assert result.sit_outs == sitting_out(problem.players, result.draw)
    counts: Counter[str] = Counter({p: 0 for p in problem.players})
    last: dict[str, int] = {}
    for r, (tables, sitters) in enumerate(zip(result.draw, result.sit_outs)):
        assert len(sitters) == count and all(len(t) == k for t in tables)
        assert not set(sitters) & {p for t in tables for p in t}  # nobody sitting out is seated
        for p in sitters:
            assert r - last.get(p, -n) >= n // count  # spread
            last[p] = r
        counts.update(sitters)
        assert max(counts.values()) - min(counts.values()) <= 1  # once before twice, then fair counts
    assert result.objective == evaluate(problem, result.draw)
    assert result.lower_bound <= result.objective


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_unfair_counts_are_found() -> None:
    players = ("a", "b", "c", "d", "e")
    # a sits out twice, e never: the counts differ by two
    problems = sit_out_problems(players, [("a",), ("b",), ("c",), ("d",), ("a",), ("b",)], 1)
    assert any(p.startswith(FAIR) for p in problems)


@pytest.mark.rule("draw.sit-out.everyone-once-before-twice")
def test_sitting_out_twice_before_everyone_sat_out_once_is_found() -> None:
    players = ("a", "b", "c", "d", "e", "f", "g", "h", "i")
    problems = sit_out_problems(players, [("a",), ("b",), ("c",), ("d",), ("e",), ("a",), ("f",)], 1)
    assert any(p.startswith(ONCE) and "after round 6" in p and "a sat out 2 times" in p for p in problems)
    assert sit_out_problems(players, [("a",), ("b",), ("c",), ("d",), ("e",), ("f",)], 1) == []


@pytest.mark.rule("draw.sit-out.spread")
def test_sit_outs_too_close_together_are_found() -> None:
    players = ("a", "b", "c", "d", "e", "f")
    # two sit out a round: at least 6 // 2 = 3 rounds between a player's sit-outs
    close = [("a", "b"), ("c", "d"), ("e", "a"), ("f", "b")]
    assert any(p.startswith(SPREAD) and "a sits out in rounds 1 and 3" in p for p in sit_out_problems(players, close, 2))
    assert sit_out_problems(players, [("a", "b"), ("c", "d"), ("e", "f"), ("a", "b")], 2) == []


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_the_wrong_number_sitting_out_is_found() -> None:
    problems = sit_out_problems(("a", "b", "c", "d", "e"), [("a",), ("b", "c")], 1)
    assert problems == ["round 2: 2 different players sit out, expected 1"]


@pytest.mark.rule("draw.sit-out.spread")
def test_the_rotation_is_fair_for_many_rounds() -> None:
    import random

    for n, count in ((9, 1), (10, 2), (7, 3), (22, 2), (11, 3)):
        schedule = rotation([f"P{i}" for i in range(n)], count, 3 * n, random.Random(n))
        assert sit_out_problems([f"P{i}" for i in range(n)], schedule, count) == []


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_the_last_to_arrive_practice_breaks_the_rules() -> None:
    players = [f"P{i}" for i in range(9)]
    assert sit_out_problems(players, last_to_arrive(players, 1, 3), 1) != []


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_the_same_seed_gives_the_same_evening() -> None:
    a, b = solve_draw(club_night(10, 4, 5, seed=5)), solve_draw(club_night(10, 4, 5, seed=5))
    assert (a.draw, a.sit_outs) == (b.draw, b.sit_outs)
    assert a.reproducible and a.work_used <= a.work_budget + 200


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_the_search_lowers_repeats_against_its_start() -> None:
    """Tables are optimized as any draw's: the same start (seed) searched longer meets fewer pairs
    again, and 17 players at tables of 4 for 3 rounds (one sits out) are drawn repeat-free, proven."""
    start = solve_draw(club_night(10, 4, 5, seed=4, work=1))
    searched = solve_draw(club_night(10, 4, 5, seed=4, work=60_000))
    assert start.objective is not None and searched.objective is not None
    assert searched.objective < start.objective
    result = solve_draw(club_night(17, 4, 3, seed=2, work=60_000))
    assert result.objective is not None and result.objective.max_meetings == 1
    assert result.proven_optimal and result.status is SolveStatus.OPTIMAL


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_hard_separations_hold_with_sit_outs() -> None:
    problem = club_night(9, 4, 4, work=20_000, separations=(Separation(("P0", "P1")),))
    result = solve_draw(problem)
    assert check_draw(problem, result.draw) == []
    assert all(not {"P0", "P1"} <= set(t) for rnd in result.draw for t in rnd)


def test_a_count_that_leaves_no_whole_tables_is_refused() -> None:
    with pytest.raises(InvalidArgument) as refused:
        solve_draw(club_night(10, 4, 3, sit_out=1))
    (violation,) = refused.value.violations
    assert violation.field == "sit_out.per_round" and violation.reason == "SIT_OUT_COUNT_INVALID"
    assert "1 sitting out of 10 players leaves 9 playing" in violation.description


def test_a_negative_count_is_refused() -> None:
    with pytest.raises(InvalidArgument) as refused:
        solve_draw(club_night(10, 4, 3, sit_out=-2))
    assert [(v.field, v.reason) for v in refused.value.violations] == [("sit_out.per_round", "SIT_OUT_COUNT_NEGATIVE")]


def test_the_option_a_sit_out_draw_does_not_take_is_refused_naming_it() -> None:
    problem = club_night(10, 4, 3, fixed_rounds=((("P0", "P1", "P2", "P3"), ("P4", "P5", "P6", "P7")),))
    with pytest.raises(InvalidArgument) as refused:
        solve_draw(problem)
    assert [(v.field, v.reason) for v in refused.value.violations] == [("fixed_rounds", "SIT_OUT_NOT_COMBINABLE")]


def test_without_the_option_a_roster_that_leaves_a_remainder_is_still_refused() -> None:
    problem = DrawProblem(players=tuple(f"P{i}" for i in range(10)), rounds=3, table_size=4)
    with pytest.raises(InvalidArgument) as refused:
        solve_draw(problem)
    assert [v.field for v in refused.value.violations] == ["players"]


def test_a_full_roster_with_the_option_is_an_ordinary_draw() -> None:
    result = solve_draw(club_night(12, 4, 3))
    assert result.sit_outs == () and all(len(rnd) == 3 for rnd in result.draw)


def test_check_draw_refuses_a_sitter_seated_or_an_extra_one_left_out() -> None:
    problem = club_night(9, 4, 1)
    players = problem.players
    good = ((players[0:4], players[4:8]),)
    assert check_draw(problem, good) == []
    short = ((players[0:4], players[4:7] + (players[0],)),)
    assert any("leaves out" in p for p in check_draw(problem, short))


def test_a_hard_separation_no_evening_can_keep_gives_no_draw() -> None:
    # four players kept apart, two tables and one sitting out a round: two of them always share a table
    problem = club_night(9, 4, 2, work=600, separations=(Separation(("P0", "P1", "P2", "P3")),))
    result = solve_draw(problem)
    assert result.status is SolveStatus.INFEASIBLE and result.draw == () and result.objective is None
    assert result.conflicts == ("separations[0]",)
    # three kept apart fit (two tables and the bye) in a round, but not in every round of a fair
    # evening: the search finds none
    problem = club_night(9, 4, 9, work=600, separations=(Separation(("P0", "P1", "P2")),))
    result = solve_draw(problem)
    assert result.status is SolveStatus.UNKNOWN and result.draw == () and result.objective is None
    assert "no draw respecting every hard separation was found" in result.notes
