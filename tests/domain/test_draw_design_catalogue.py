"""Every design of the draw engine's catalogue, checked independently of the engine.

The checks (tests/checkers.py ``design_problems``: each round a partition into tables of k, no pair
at one table twice) share no code with the engine; the developed designs are also re-developed here
from their base rounds with this module's own arithmetic, the difference matrix is checked with its
own group law, and the complete designs are checked to meet every pair exactly once
(docs/rules.md ``draw.design.constructions``)."""

from __future__ import annotations

from itertools import combinations

import pytest

from bench.solver.best_known import literature_repeat_free_rounds
from solver.domain.draw import solve_draw
from solver.domain.draw.construction import affine_space_rounds, design_rounds, repeated_classes_draw
from solver.domain.draw.designs import (
    DEVELOPED_DESIGNS,
    DIFFERENCE_MATRIX_Z2_Z6,
    stored_design,
    transversal_design_rounds,
    z2_z6_add,
)
from solver.domain.draw.problem import DrawProblem, SolveStatus
from tests.checkers import design_problems, recount, unmet_pairs

pytestmark = [pytest.mark.domain, pytest.mark.rule("draw.design.constructions")]


def names(n: int) -> list[str]:
    return [f"p{i:02d}" for i in range(n)]


def as_players(rounds, n: int):
    players = names(n)
    return [[[players[i] for i in table] for table in round_] for round_ in rounds]


def stored(n: int, k: int) -> tuple[str, list[list[list[int]]]]:
    found = stored_design(n, k)
    assert found is not None
    return found


def catalogued(n: int, k: int):
    found = design_rounds(n, k)
    assert found is not None
    return found


def develop(design) -> list[list[list[int]]]:
    """This test's own development: (i, a) -> (i, a + x mod m), fixed points stay."""
    m, finite = design.modulus, design.orbits * design.modulus
    out = []
    for base in design.base_rounds:
        for x in range(m):
            out.append([[p if p >= finite else (p // m) * m + (p % m + x) % m for p in table] for table in base])
    return out


@pytest.mark.parametrize("design", DEVELOPED_DESIGNS, ids=lambda d: f"{d.players}x{d.table_size}")
def test_every_developed_design_is_repeat_free(design):
    rounds = develop(design)
    assert len(rounds) == design.modulus * len(design.base_rounds)
    assert design_problems(as_players(rounds, design.players), names(design.players), design.table_size) == []
    assert [sorted(map(sorted, r)) for r in design.rounds()] == [sorted(map(sorted, r)) for r in rounds]


@pytest.mark.parametrize("n, k", [(15, 3), (21, 3), (28, 4), (40, 4)])
def test_the_complete_designs_meet_every_pair_exactly_once(n, k):
    name, rounds = stored(n, k)
    assert len(rounds) == (n - 1) // (k - 1)
    players = as_players(rounds, n)
    assert design_problems(players, names(n), k) == []
    assert unmet_pairs(players, names(n)) == set()


@pytest.mark.parametrize("n", [18, 24, 30])
def test_nearly_kirkman_systems_leave_a_perfect_matching_unmet(n):
    name, rounds = stored(n, 3)
    assert "NKTS" in name and len(rounds) == (n - 2) // 2
    unmet = unmet_pairs(as_players(rounds, n), names(n))
    assert sorted(p for pair in unmet for p in pair) == names(n)  # every player misses exactly one other


def test_24_players_7_rounds_of_4_leave_eight_disjoint_triangles():
    name, rounds = stored(24, 4)
    assert len(rounds) == 7  # the counting bound: 7 * 3 = 21 <= 23
    unmet = unmet_pairs(as_players(rounds, 24), names(24))
    partners = {p: {q for pair in unmet if p in pair for q in pair if q != p} for p in names(24)}
    assert all(len(ps) == 2 for ps in partners.values())
    assert all(partners[q] - {p} == partners[p] - {q} for p in partners for q in partners[p])  # triangles


def z2_z6(u: int, v: int, sign: int = 1) -> int:
    """This test's own group law of Z_2 x Z_6 on codes 6a + b."""
    return 6 * ((u // 6 + sign * (v // 6)) % 2) + (u % 6 + sign * (v % 6)) % 6


def test_the_difference_matrix_over_z2_x_z6_is_one():
    rows = [[0] * 12] + [list(r) for r in DIFFERENCE_MATRIX_Z2_Z6]  # the implicit zero row first
    assert len(rows) == 6
    for a, b in combinations(rows, 2):
        assert sorted(z2_z6(x, y, -1) for x, y in zip(a, b)) == list(range(12))


@pytest.mark.parametrize("k", [3, 4, 5])
def test_the_transversal_designs_of_order_12_are_repeat_free(k):
    rounds = transversal_design_rounds(DIFFERENCE_MATRIX_Z2_Z6[:k], z2_z6_add)
    assert len(rounds) == 12
    players = as_players(rounds, 12 * k)
    assert design_problems(players, names(12 * k), k) == []
    # the 12 players of a row (a group of the transversal design) never meet, every other pair once
    groups = {frozenset(pair) for i in range(k) for pair in combinations(names(12 * k)[12 * i : 12 * i + 12], 2)}
    assert unmet_pairs(players, names(12 * k)) == groups


@pytest.mark.parametrize("q, dimension", [(3, 3), (4, 3), (5, 2), (3, 4)])
def test_affine_spaces_meet_every_pair_exactly_once(q, dimension):
    rounds = affine_space_rounds(q, dimension)
    n = q**dimension
    assert len(rounds) == (n - 1) // (q - 1)
    players = as_players(rounds, n)
    assert design_problems(players, names(n), q) == []
    assert unmet_pairs(players, names(n)) == set()


def test_the_macneish_product_gives_60_players_20_rounds_of_3():
    name, rounds = catalogued(60, 3)
    assert "MacNeish" in name and len(rounds) == 20
    assert design_problems(as_players(rounds, 60), names(60), 3) == []


SWEEP = [(n, k) for k in (3, 4, 5) for n in range(2 * k, 65, k)]


@pytest.mark.parametrize("n, k", SWEEP)
def test_every_catalogue_design_of_the_sweep_is_repeat_free(n, k):
    found = design_rounds(n, k)
    if found is None:
        return
    name, rounds = found
    assert design_problems(as_players(rounds, n), names(n), k) == [], name
    known = literature_repeat_free_rounds(n, k)
    assert len(rounds) * (k - 1) <= n - 1 or len(rounds) == 1  # never beyond the counting bound
    if known is not None and known[0] > 1:
        assert len(rounds) <= known[0]


@pytest.mark.parametrize(
    "n, rounds, k, expected",
    [
        (25, 10, 5, (2, 200, 0, 16)),
        (28, 10, 4, (2, 42, 0, 3)),
        (16, 7, 4, (2, 48, 0, 6)),
        (9, 6, 3, (2, 18, 0, 4)),
        (8, 10, 2, (2, 12, 0, 3)),  # pairings: the circle method's 7 rounds, 3 of them again
    ],
)
def test_repeating_whole_rounds_of_a_complete_design_meets_the_issue_values(n, rounds, k, expected):
    built = repeated_classes_draw(names(n), k, rounds, seed=5)
    assert built is not None
    draw, how = built
    assert "repeated" in how
    assert recount(draw).as_tuple() == expected
    assert all(set(map(frozenset, a)) != set(map(frozenset, b)) for a, b in zip(draw, draw[1:]))
    problem = DrawProblem(players=tuple(names(n)), rounds=rounds, table_size=k, seed=5, time_limit_s=5)
    result = solve_draw(problem)
    assert result.status == SolveStatus.OPTIMAL and recount(result.draw).as_tuple() == expected


@pytest.mark.parametrize(
    "n, rounds, k",
    [(15, 7, 3), (18, 8, 3), (21, 10, 3), (24, 10, 3), (27, 13, 3), (24, 6, 4), (24, 7, 4), (28, 9, 4), (40, 13, 4), (60, 10, 5)],
)
def test_the_issue_instances_are_drawn_repeat_free_by_construction(n, rounds, k):
    problem = DrawProblem(players=tuple(names(n)), rounds=rounds, table_size=k, seed=2, time_limit_s=5)
    result = solve_draw(problem)
    assert result.status == SolveStatus.OPTIMAL and result.method == "construction"
    assert design_problems(result.draw, names(n), k) == []
