"""The draw objective (``draw.objective.lexicographic-terms``: minimize repeated meetings): one test per term, the
lexicographic order, and the local search's incremental delta against ``evaluate``."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solver.domain.draw.local_search import DrawState, random_draw, score_objective
from solver.domain.draw.objective import (
    consecutive_repeats,
    evaluate,
    max_meetings,
    max_player_repeats,
    meeting_counts,
    player_repeats,
    soft_violations,
    sum_repeat_pairs,
)
from solver.domain.draw.problem import DrawObjective, DrawProblem, Pin, Separation
from solver.domain.draw.redraw import players_moved
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain

# Four players in pairs: the three possible rounds.
M1 = (("a", "b"), ("c", "d"))
M2 = (("a", "c"), ("b", "d"))
M3 = (("a", "d"), ("b", "c"))
FOUR = ("a", "b", "c", "d")


def pairs_problem(rounds: int, **kw) -> DrawProblem:
    return DrawProblem(players=FOUR, rounds=rounds, table_size=2, **kw)


def test_meeting_counts_uses_sorted_pairs():
    counts = meeting_counts((M1, (("b", "a"), ("d", "c")), M2))
    assert counts == Counter({("a", "b"): 2, ("c", "d"): 2, ("a", "c"): 1, ("b", "d"): 1})


def test_max_meetings_is_zero_when_nobody_meets_and_counts_the_worst_pair():
    assert max_meetings(Counter()) == 0
    assert max_meetings(meeting_counts((M1, M1, M1, M2))) == 3


def test_sum_repeat_pairs_counts_pair_round_pair_coincidences():
    # ab and cd meet 3 times: C(3,2) = 3 each.
    assert sum_repeat_pairs(meeting_counts((M1, M1, M1, M2))) == 6
    assert sum_repeat_pairs(meeting_counts((M1, M2, M3))) == 0


def test_consecutive_repeats_differ_by_round_order_only():
    together = (M1, M1, M2, M3)  # ab, cd meet in rounds 0 and 1
    apart = (M1, M2, M3, M1)  # the same rounds, reordered
    assert meeting_counts(together) == meeting_counts(apart)
    assert consecutive_repeats(together) == 2
    assert consecutive_repeats(apart) == 0


def test_player_repeats_sum_extra_meetings_over_partners():
    counts = meeting_counts((M1, M1, M1, M2))  # a: b three times, c once -> 2 repeats
    assert player_repeats(counts) == Counter({"a": 2, "b": 2, "c": 2, "d": 2})
    assert max_player_repeats(meeting_counts((M1, M2, M3))) == 0
    # six players: a meets b twice and c twice -> 2 repeats; e and f never repeat
    six = ((("a", "b", "c"), ("d", "e", "f")), (("a", "b", "d"), ("c", "e", "f")), (("a", "c", "e"), ("b", "d", "f")))
    assert player_repeats(meeting_counts(six))["a"] == 2


def test_soft_violations_weigh_each_pair_of_a_group_at_one_table():
    problem = pairs_problem(2, separations=(Separation(("a", "b"), weight=5), Separation(("c", "d"))))
    assert soft_violations(problem, (M1, M1)) == 10  # the hard separation (c, d) is not counted here
    three = DrawProblem(players=tuple("abcdef"), rounds=1, table_size=3, separations=(Separation(("a", "b", "c"), weight=2),))
    assert soft_violations(three, ((("a", "b", "c"), ("d", "e", "f")),)) == 2 * 3


@pytest.mark.rule("draw.objective.lexicographic-terms")
def test_evaluate_combines_the_terms_in_order():
    problem = pairs_problem(4, separations=(Separation(("a", "d"), weight=7),))
    objective = evaluate(problem, (M1, M1, M2, M3))
    assert objective == DrawObjective(
        soft_violations=7, max_meetings=2, sum_repeat_pairs=2, consecutive_repeats=2, max_player_repeats=1
    )
    assert objective.as_tuple() == (7, 2, 2, 2, 1)


@pytest.mark.rule("draw.objective.lexicographic-terms")
def test_objective_is_lexicographic():
    assert DrawObjective(0, 2, 99, 99, 99) < DrawObjective(0, 3, 0, 0, 0)
    assert DrawObjective(0, 1, 0, 0, 0) < DrawObjective(1, 1, 0, 0, 0)
    assert DrawObjective(0, 2, 5, 9, 9) < DrawObjective(0, 2, 6, 0, 0)


def _random_problem(rng: random.Random) -> DrawProblem:
    k = rng.randint(2, 5)
    t = rng.randint(1, 5)
    players = tuple(f"p{i}" for i in range(k * t))
    rounds = rng.randint(1, 6)
    separations = []
    for _ in range(rng.randint(0, 3)):
        group = tuple(rng.sample(players, rng.randint(2, min(4, len(players)))))
        separations.append(Separation(group, weight=rng.choice([None, 1, 3])))
    base = DrawProblem(players=players, rounds=rounds, table_size=k, seed=rng.randrange(1000))
    fixed = random_draw(base, rng)[: rng.randint(0, rounds - 1)]
    previous = random_draw(base, rng) if rng.random() < 0.5 else None
    pins = []
    if rng.random() < 0.5:
        r = rng.randrange(len(fixed), rounds)
        pins.append(Pin(rng.choice(players), r, rng.randrange(t)))
    return DrawProblem(
        players=players,
        rounds=rounds,
        table_size=k,
        separations=tuple(separations),
        pins=tuple(pins),
        fixed_rounds=fixed,
        previous=previous,
    )


def _hard_violations(problem: DrawProblem, draw) -> int:
    hard = [set(s.players) for s in problem.separations if s.weight is None]
    return sum(
        len(group & set(table)) * (len(group & set(table)) - 1) // 2 for round_ in draw for table in round_ for group in hard
    )


def _score_from_scratch(problem: DrawProblem, draw) -> tuple:
    moved = 0
    seatings = 0
    if problem.previous is not None:
        moved = players_moved(problem.previous, draw, len(problem.fixed_rounds))
        for r in range(len(problem.fixed_rounds), problem.rounds):
            before = {p: t for t, table in enumerate(problem.previous[r]) for p in table}
            seatings += sum(1 for t, table in enumerate(draw[r]) for p in table if before.get(p, t) != t)
    return (_hard_violations(problem, draw), *evaluate(problem, draw).as_tuple(), moved, seatings)


@pytest.mark.parametrize("seed", range(12))
def test_incremental_delta_agrees_with_evaluate_on_random_moves(seed):
    """The local search's swap_outcome (and swap) must equal evaluate() + the redraw terms."""
    rng = random.Random(seed)
    problem = _random_problem(rng)
    state = DrawState(problem, random_draw(problem, rng))
    assert state.score() == _score_from_scratch(problem, state.draw())
    for _ in range(40):
        r = rng.randrange(len(problem.fixed_rounds), problem.rounds) if len(problem.fixed_rounds) < problem.rounds else None
        if r is None or state.n_tables < 2:
            break
        a, b = rng.sample(range(state.n), 2)
        if state.tab[r][a] == state.tab[r][b]:
            continue
        predicted = state.swap_outcome(r, a, b)
        state.swap(r, a, b)
        draw = state.draw()
        assert predicted == state.score() == _score_from_scratch(problem, draw)
        assert score_objective(predicted) == evaluate(problem, draw)
        assert not [p for p in check_draw(problem, draw) if "separations" not in p and "pins" not in p]
