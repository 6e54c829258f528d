"""Input validation (every bad field named, all at once) and the solver-free draw check."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_runtime.errors import InvalidArgument
from solver.domain.draw.local_search import random_draw
from solver.domain.draw.problem import DrawProblem, Pin, Separation
from solver.domain.draw.validate import check_draw, roster_adjustment, validate_problem

pytestmark = pytest.mark.domain

PLAYERS = tuple(f"p{i:02d}" for i in range(16))
GOOD = DrawProblem(players=PLAYERS, rounds=4, table_size=4)


def fields_of(problem: DrawProblem) -> list[str]:
    with pytest.raises(InvalidArgument) as caught:
        validate_problem(problem)
    return [v.field for v in caught.value.violations]


def test_a_valid_problem_passes():
    validate_problem(GOOD)
    validate_problem(replace(GOOD, separations=(Separation(("p00", "p01"), weight=2),), pins=(Pin("p00", 3, 3),)))


@pytest.mark.parametrize(
    "change, field",
    [
        (dict(players=("a", "b", "c")), "players"),  # fewer than one table
        (dict(players=PLAYERS[:14]), "players"),  # not a multiple of 4
        (dict(players=("", *PLAYERS[1:])), "players[0].id"),
        (dict(players=(*PLAYERS[:15], "p00")), "players[15].id"),
        (dict(rounds=0), "rounds"),
        (dict(table_size=1), "table_size"),
        (dict(table_size=9), "table_size"),
        (dict(separations=(Separation(("p00", "zz")),)), "separations[0].player_ids"),
        (dict(separations=(Separation(("p00",)),)), "separations[0].player_ids"),
        (dict(separations=(Separation(("p00", "p00")),)), "separations[0].player_ids"),
        (dict(separations=(Separation(("p00", "p01"), weight=0),)), "separations[0].weight"),
        (dict(separations=(Separation(("p00", "p01")), Separation(("p02", "p03"), weight=-2))), "separations[1].weight"),
        (dict(pins=(Pin("zz", 0, 0),)), "pins[0].player_id"),
        (dict(pins=(Pin("p00", 4, 0),)), "pins[0].round"),
        (dict(pins=(Pin("p00", -1, 0),)), "pins[0].round"),
        (dict(pins=(Pin("p00", 0, 4),)), "pins[0].table"),
        (dict(fixed_rounds=((PLAYERS[:4],),)), "fixed_rounds"),  # not a whole round
        (dict(rounds=1, fixed_rounds=(tuple(PLAYERS[i : i + 4] for i in range(0, 16, 4)),) * 2), "fixed_rounds"),
        (dict(previous=(tuple(PLAYERS[i : i + 4] for i in range(0, 16, 4)),)), "previous"),  # 1 round of 4
        (dict(previous=((("p00", "p00", "p01", "p02"),),) * 4), "previous"),
        (dict(time_limit_s=0), "time_limit_seconds"),
        (dict(time_limit_s=float("nan")), "time_limit_seconds"),
    ],
)
def test_every_bad_input_names_its_field(change, field):
    assert field in fields_of(replace(GOOD, **change))


def test_all_violations_are_reported_together():
    bad = replace(GOOD, rounds=0, table_size=3, pins=(Pin("zz", 0, 0),), time_limit_s=-1)
    assert set(fields_of(bad)) >= {"rounds", "players", "pins[0].player_id", "time_limit_seconds"}


@pytest.mark.rule("mahjong.roster.multiple-of-table-size")
def test_roster_not_a_multiple_of_four_explains_the_organizer_options():
    """``mahjong.roster.multiple-of-table-size``: add reserves or drop the last-registered applicants (named)."""
    players = tuple(f"p{i:02d}" for i in range(18))  # registration order
    with pytest.raises(InvalidArgument) as caught:
        validate_problem(replace(GOOD, players=players))
    (violation,) = [v for v in caught.value.violations if v.field == "players"]
    text = violation.description
    assert "multiple of 4" in text
    assert "add 2 reserve" in text
    assert "drop the 2 last-registered" in text and "p16, p17" in text


@pytest.mark.rule("mahjong.roster.multiple-of-table-size")
def test_roster_adjustment_arithmetic():
    adjustment = roster_adjustment([f"p{i}" for i in range(23)], 4)
    assert (adjustment.remainder, adjustment.reserves_needed, adjustment.drop_count) == (3, 1, 3)
    assert adjustment.dropped_ids == ("p20", "p21", "p22")
    assert roster_adjustment([f"p{i}" for i in range(24)], 4).fits


# -- check_draw -----------------------------------------------------------------------------

ROUND = tuple(PLAYERS[i : i + 4] for i in range(0, 16, 4))
VALID = (ROUND,) * 4  # valid (repeats are allowed, only costly)


def test_check_draw_accepts_a_valid_draw():
    assert check_draw(GOOD, VALID) == []


@pytest.mark.parametrize(
    "draw, problem, words",
    [
        (VALID[:3], GOOD, "3 rounds"),
        ((ROUND[:3],) + VALID[1:], GOOD, "leaves out"),
        ((ROUND[:3] + (("p00", "p13", "p14", "p15"),),) + VALID[1:], GOOD, "more than once"),
        ((ROUND[:3] + (("zz", "p13", "p14", "p15"),),) + VALID[1:], GOOD, "not in the roster"),
        (((PLAYERS[:8], PLAYERS[8:]),) + VALID[1:], GOOD, "has 8 players"),
        (VALID, replace(GOOD, separations=(Separation(("p00", "p01")),)), "separations[0]"),
        (VALID, replace(GOOD, pins=(Pin("p00", 2, 1),)), "pins[0]"),
        (VALID, replace(GOOD, fixed_rounds=(tuple(reversed(ROUND)),)), "fixed"),
    ],
)
def test_check_draw_names_each_problem(draw, problem, words):
    problems = check_draw(problem, draw)
    assert any(words in p for p in problems), problems


def test_soft_separations_are_not_errors_and_seat_order_in_fixed_rounds_is_free():
    problem = replace(GOOD, separations=(Separation(("p00", "p01"), weight=1),), fixed_rounds=(ROUND,))
    shuffled = tuple(tuple(reversed(t)) for t in ROUND)
    assert check_draw(problem, (shuffled,) + VALID[1:]) == []


# -- property tests -------------------------------------------------------------------------

ids = st.text(alphabet="abcxyz0", min_size=0, max_size=3)


@settings(max_examples=150, deadline=None)
@given(
    players=st.lists(ids, max_size=14),
    rounds=st.integers(-1, 5),
    k=st.integers(0, 9),
    separations=st.lists(st.tuples(st.lists(ids, max_size=4), st.one_of(st.none(), st.integers(-2, 3))), max_size=3),
    pins=st.lists(st.tuples(ids, st.integers(-1, 5), st.integers(-1, 5)), max_size=3),
    limit=st.floats(allow_nan=True, allow_infinity=False, width=32),
)
def test_validate_problem_never_crashes(players, rounds, k, separations, pins, limit):
    problem = DrawProblem(
        players=tuple(players),
        rounds=rounds,
        table_size=k,
        separations=tuple(Separation(tuple(g), w) for g, w in separations),
        pins=tuple(Pin(p, r, t) for p, r, t in pins),
        time_limit_s=limit,
    )
    try:
        validate_problem(problem)
    except InvalidArgument as error:
        assert error.violations and all(v.field and v.description for v in error.violations)
        return
    # Accepted: the basic promises hold.
    assert 2 <= k <= 8 and len(players) % k == 0 and len(players) >= k and rounds >= 1
    assert len(set(players)) == len(players) and all(p.strip() for p in players)
    check_draw(problem, ())  # and the checker copes with an empty draw


def _really_valid(problem: DrawProblem, draw) -> bool:
    """An independent reading of the rules check_draw enforces."""
    roster = Counter(problem.players)
    if len(draw) != problem.rounds:
        return False
    for r, round_ in enumerate(draw):
        if len(round_) != len(problem.players) // problem.table_size:
            return False
        if any(len(table) != problem.table_size for table in round_):
            return False
        if Counter(p for table in round_ for p in table) != roster:
            return False
        for separation in problem.separations:
            if separation.weight is None and any(len(set(separation.players) & set(t)) > 1 for t in round_):
                return False
        for pin in problem.pins:
            if pin.round == r and pin.player not in round_[pin.table]:
                return False
        if r < len(problem.fixed_rounds) and [set(t) for t in round_] != [set(t) for t in problem.fixed_rounds[r]]:
            return False
    return True


@settings(max_examples=200, deadline=None)
@given(
    k=st.integers(2, 4),
    t=st.integers(1, 4),
    rounds=st.integers(1, 4),
    seed=st.integers(0, 100_000),
    mutation=st.sampled_from(["none", "swap", "duplicate", "drop_round", "stranger", "move"]),
    constraints=st.booleans(),
)
def test_any_draw_check_draw_accepts_is_valid(k, t, rounds, seed, mutation, constraints):
    rng = random.Random(seed)
    players = tuple(f"p{i}" for i in range(k * t))
    problem = DrawProblem(players=players, rounds=rounds, table_size=k)
    if constraints:
        problem = replace(
            problem,
            separations=(Separation(tuple(rng.sample(players, 2))),),
            pins=(Pin(rng.choice(players), rng.randrange(rounds), rng.randrange(t)),),
            fixed_rounds=random_draw(problem, rng)[: rng.randrange(rounds)],
        )
    draw = [list(list(table) for table in round_) for round_ in random_draw(replace(problem, pins=()), rng)]
    r = rng.randrange(rounds)
    if mutation == "swap" and t > 1:
        draw[r][0][0], draw[r][1][0] = draw[r][1][0], draw[r][0][0]
    elif mutation == "duplicate":
        draw[r][0][0] = draw[r][-1][-1]
    elif mutation == "drop_round":
        draw.pop()
    elif mutation == "stranger":
        draw[r][0][0] = "stranger"
    elif mutation == "move" and t > 1:
        draw[r][1].append(draw[r][0].pop())
    frozen = tuple(tuple(tuple(table) for table in round_) for round_ in draw)
    problems = check_draw(problem, frozen)
    assert (problems == []) == _really_valid(problem, frozen), problems
