"""Stored designs (designs.py): the social golfer 8-4-10 (32 players, 10 rounds of 8 tables of 4)
with zero repeated meetings, and solve_draw using it as a construction."""

from __future__ import annotations

import pytest

from solver.domain.draw import solve_draw
from solver.domain.draw.construction import longest_repeat_free_draw, repeat_free_draw
from solver.domain.draw.designs import known_design
from solver.domain.draw.objective import evaluate, meeting_counts
from solver.domain.draw.problem import DrawObjective, DrawProblem, SolveStatus
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain

PLAYERS = tuple(f"p{i}" for i in range(32))


def as_draw(rounds):
    return tuple(tuple(tuple(PLAYERS[i] for i in table) for table in round_) for round_ in rounds)


@pytest.mark.parametrize("rounds", range(1, 11))
def test_the_8_4_10_design_has_no_repeats(rounds):
    design = known_design(32, 4, rounds)
    assert design is not None and len(design) == rounds
    problem = DrawProblem(players=PLAYERS, rounds=rounds, table_size=4)
    draw = as_draw(design)
    assert check_draw(problem, draw) == []
    assert evaluate(problem, draw) == DrawObjective(0, 1, 0, 0, 0)


def test_ten_rounds_leave_exactly_a_perfect_matching_unmet():
    counts = meeting_counts(as_draw(known_design(32, 4, 10)))
    assert len(counts) == 480 and max(counts.values()) == 1  # 496 pairs - 16 never meet
    unmet = {frozenset((a, b)) for i, a in enumerate(PLAYERS) for b in PLAYERS[i + 1 :]} - {frozenset(pair) for pair in counts}
    assert sorted(p for pair in unmet for p in pair) == sorted(PLAYERS)


def test_no_design_elsewhere():
    assert known_design(32, 4, 11) is None
    assert known_design(32, 4, 0) is None
    assert known_design(36, 4, 10) is None
    assert known_design(32, 8, 4) is None


def test_construction_uses_the_design_with_a_seeded_relabelling():
    draw = repeat_free_draw(PLAYERS, 4, 10, seed=3)
    assert draw is not None
    assert check_draw(DrawProblem(PLAYERS, 10, 4), draw) == []
    assert max(meeting_counts(draw).values()) == 1
    assert draw == repeat_free_draw(PLAYERS, 4, 10, seed=3)
    assert draw != repeat_free_draw(PLAYERS, 4, 10, seed=4)
    assert len(longest_repeat_free_draw(PLAYERS, 4, 10, seed=1)) == 10


def test_solve_draw_32_players_10_rounds_is_proven_optimal_by_the_stored_design():
    draws = []
    for seed in (1, 2):
        problem = DrawProblem(players=PLAYERS, rounds=10, table_size=4, seed=seed)
        result = solve_draw(problem)
        assert check_draw(problem, result.draw) == []
        assert result.objective == evaluate(problem, result.draw) == DrawObjective(0, 1, 0, 0, 0)
        assert result.proven_optimal and result.status == SolveStatus.OPTIMAL
        assert result.method == "construction"
        draws.append(result.draw)
    assert draws[0] != draws[1]  # different seeds, different relabellings
