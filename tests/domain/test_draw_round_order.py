"""Repeats in consecutive rounds depend only on the round order (third objective term)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.domain.draw.objective import consecutive_repeats, evaluate
from solver.domain.draw.problem import DrawProblem, Pin
from solver.domain.draw.round_order import spread_repeats
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain

A = (("a", "b", "c", "d"), ("e", "f", "g", "h"), ("i", "j", "k", "l"))
B = (("a", "b", "c", "e"), ("d", "f", "g", "h"), ("i", "j", "k", "l"))  # nearly A again
C = (("a", "e", "i", "b"), ("f", "j", "c", "g"), ("k", "d", "h", "l"))
PROBLEM = DrawProblem(players=tuple("abcdefghijkl"), rounds=3, table_size=4)


def test_repeated_round_pair_is_split_by_a_third_round():
    draw = (A, B, C)
    better = spread_repeats(PROBLEM, draw)
    assert (consecutive_repeats(draw), consecutive_repeats(better)) == (18, 9)
    assert better == (A, C, B)  # the same rounds, only reordered
    assert evaluate(PROBLEM, better).sum_repeat_pairs == evaluate(PROBLEM, draw).sum_repeat_pairs


def test_played_rounds_stay_first_and_pins_freeze_the_order():
    fixed = DrawProblem(players=PROBLEM.players, rounds=3, table_size=4, fixed_rounds=(B,))
    assert spread_repeats(fixed, (B, A, C))[0] == B
    pinned = DrawProblem(players=PROBLEM.players, rounds=3, table_size=4, pins=(Pin("a", 1, 0),))
    assert spread_repeats(pinned, (A, B, C)) == (A, B, C)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(3, 7))
def test_reordering_is_exact_and_never_worse(seed, rounds):
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(8)]
    shuffled = []
    for _ in range(rounds):
        rng.shuffle(players)
        shuffled.append((tuple(players[:4]), tuple(players[4:])))
    draw = tuple(shuffled)
    problem = DrawProblem(players=tuple(sorted(players)), rounds=rounds, table_size=4)
    better = spread_repeats(problem, draw)
    assert check_draw(problem, better) == []
    best_possible = min(consecutive_repeats(tuple(draw[i] for i in p)) for p in itertools.permutations(range(rounds)))
    assert consecutive_repeats(better) == best_possible
