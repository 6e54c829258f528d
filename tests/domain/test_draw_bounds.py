"""Lower bounds of the draw objective: exact on the known optima, valid on every draw."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.domain.draw.bounds import (
    even_spread_pairs,
    lexicographic_lower_bound,
    lower_bound,
    repeat_free_averaging_bound,
    repeat_free_rounds_max,
    sum_repeat_pairs_bound,
    table_split_repeats,
)
from solver.domain.draw.local_search import random_draw
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import DrawObjective, DrawProblem, Separation
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain


def league(n: int, rounds: int = 4, k: int = 4, **kw) -> DrawProblem:
    return DrawProblem(players=tuple(f"p{i}" for i in range(n)), rounds=rounds, table_size=k, **kw)


def test_even_spread_and_table_split():
    assert even_spread_pairs(12, 7) == 5  # five partners twice, two once
    assert table_split_repeats(4, 2) == 2  # 2 + 2
    assert table_split_repeats(4, 3) == 1  # 2 + 1 + 1
    assert table_split_repeats(4, 4) == 0
    assert table_split_repeats(8, 3) == 3 + 3 + 1  # 3 + 3 + 2


@pytest.mark.rule("draw.objective.lower-bound-and-gap")
@pytest.mark.parametrize(
    "n, max_meetings, sum_pairs",
    [(8, 2, 24), (12, 2, 18), (16, 1, 0), (20, 1, 0), (24, 1, 0), (64, 1, 0), (10_000, 1, 0)],
)
def test_bound_gives_the_known_optima_of_the_league(n, max_meetings, sum_pairs):
    """R = 4 rounds of tables of 4 (discard-league-2026 §2)."""
    bound = lower_bound(league(n))
    assert (bound.max_meetings, bound.sum_repeat_pairs) == (max_meetings, sum_pairs)
    if sum_pairs == 0:
        assert bound == DrawObjective(0, 1, 0, 0, 0)


def test_lexicographic_bound_tightens_the_worst_player():
    # With no pair meeting more than twice, a pair's repeats are exactly C(m, 2).
    assert lower_bound(league(8)) == DrawObjective(0, 2, 24, 12, 5)
    assert lexicographic_lower_bound(league(8)) == DrawObjective(0, 2, 24, 12, 6)
    assert lexicographic_lower_bound(league(12)) == DrawObjective(0, 2, 18, 9, 3)


def test_everyone_at_one_table_meets_every_round():
    bound = lower_bound(league(4, rounds=3))
    assert bound.max_meetings == 3
    assert bound.sum_repeat_pairs == 6 * 3  # six pairs, C(3,2) each
    assert bound.consecutive_repeats == 6 * 2


def test_table_patterns_force_a_pair_to_meet_every_round():
    # 10 players, 2 tables of 5, 3 rounds: 2^3 = 8 table sequences for 10 players.
    assert lower_bound(league(10, rounds=3, k=5)).max_meetings == 3
    assert lower_bound(league(8, rounds=3, k=4)).max_meetings == 2  # 8 players fit 8 patterns


def test_soft_group_larger_than_the_tables_forces_violations():
    problem = league(16, separations=(Separation(tuple(f"p{i}" for i in range(5)), weight=3),))
    assert lower_bound(problem).soft_violations == 3 * 4  # one pair a round, weight 3, 4 rounds


def test_fixed_rounds_count_with_their_actual_meetings():
    repeated = tuple(tuple(tuple(f"p{4 * t + i}" for i in range(4)) for t in range(4)) for _ in range(2))
    problem = league(16, fixed_rounds=repeated)
    bound = lower_bound(problem)
    assert bound.max_meetings == 2
    assert bound.sum_repeat_pairs == 24  # 4 tables x 6 pairs met twice already
    assert bound.consecutive_repeats == 24
    assert bound.max_player_repeats == 3


@settings(max_examples=60, deadline=None)
@given(
    k=st.integers(2, 5),
    t=st.integers(1, 5),
    rounds=st.integers(1, 6),
    fixed=st.integers(0, 3),
    seed=st.integers(0, 10_000),
)
def test_bounds_are_valid_for_random_draws(k, t, rounds, fixed, seed):
    """Componentwise for every draw; lexicographically for every draw."""
    rng = random.Random(seed)
    base = league(k * t, rounds=rounds, k=k)
    fixed_rounds = random_draw(base, rng)[: min(fixed, rounds)]
    problem = league(k * t, rounds=rounds, k=k, fixed_rounds=fixed_rounds)
    componentwise = lower_bound(problem)
    lexicographic = lexicographic_lower_bound(problem)
    for _ in range(5):
        draw = random_draw(problem, rng)
        assert check_draw(problem, draw) == []
        value = evaluate(problem, draw)
        assert all(v >= b for v, b in zip(value.as_tuple(), componentwise.as_tuple())), (value, componentwise)
        assert value >= lexicographic


def _rounds_of(players: tuple[str, ...], k: int):
    """Every round (set partition into tables of k, table order canonical)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for mates in itertools.combinations(rest, k - 1):
        left = tuple(p for p in rest if p not in mates)
        for more in _rounds_of(left, k):
            yield ((first, *mates),) + more


@pytest.mark.parametrize("n, k, rounds", [(4, 2, 4), (6, 2, 3), (6, 3, 4), (8, 4, 2), (8, 2, 2)])
def test_bounds_never_exceed_the_exhaustive_optimum(n, k, rounds):
    """Every draw of a tiny problem enumerated."""
    problem = league(n, rounds=rounds, k=k)
    options = list(_rounds_of(problem.players, k))
    values = [evaluate(problem, draw) for draw in itertools.product(options, repeat=rounds)]
    componentwise_minimum = tuple(min(v.as_tuple()[i] for v in values) for i in range(5))
    assert all(b <= m for b, m in zip(lower_bound(problem).as_tuple(), componentwise_minimum))
    assert lexicographic_lower_bound(problem) <= min(values)


def _most_repeat_free_rounds(players: tuple[str, ...], k: int) -> int:
    """By exhaustive search: the most rounds with no pair at one table twice."""
    options = [frozenset(frozenset(itertools.combinations(table, 2)) for table in r) for r in _rounds_of(players, k)]
    pairs = [frozenset().union(*o) for o in options]

    def extend(used: frozenset, start: int) -> int:
        return max((1 + extend(used | pairs[i], i + 1) for i in range(start, len(pairs)) if not used & pairs[i]), default=0)

    return extend(frozenset(), 0)


@pytest.mark.rule("draw.objective.lower-bound-and-gap")
@pytest.mark.parametrize("n, k, rounds", [(4, 2, 4), (4, 2, 5), (4, 2, 6), (6, 3, 2), (6, 3, 3), (6, 3, 4), (6, 2, 3)])
def test_the_averaging_bound_never_exceeds_the_exhaustive_optimum(n, k, rounds):
    """The averaging argument (bounds.repeat_free_averaging_bound) with the true maximum of
    repeat-free rounds, found by exhaustive search, against the least sum C(m, 2) of every draw."""
    problem = league(n, rounds=rounds, k=k)
    most = _most_repeat_free_rounds(problem.players, k)
    assert most == repeat_free_rounds_max(n, k)
    options = list(_rounds_of(problem.players, k))
    least = min(evaluate(problem, draw).sum_repeat_pairs for draw in itertools.product(options, repeat=rounds))
    assert repeat_free_averaging_bound(rounds, most) <= least
    assert sum_repeat_pairs_bound(problem) <= least


@pytest.mark.rule("draw.objective.lower-bound-and-gap")
def test_no_nkts_of_12_means_five_rounds_of_twelve_players_in_threes_repeat():
    problem = league(12, rounds=5, k=3)
    assert repeat_free_rounds_max(12, 3) == 4 < (12 - 1) // 2  # counting alone would allow 5
    bound = lexicographic_lower_bound(problem)
    assert (bound.max_meetings, bound.sum_repeat_pairs) == (2, 1)
    assert repeat_free_averaging_bound(6, 4) == 2 and repeat_free_averaging_bound(4, 4) == 0
