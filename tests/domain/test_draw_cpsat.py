"""The CP-SAT draw model (solver/domain/draw/cpsat): whole solves and each module alone.

``mahjong.draw.all-rounds-at-once`` (docs/rules.md): all rounds at once, minimizing repeated meetings. Every draw returned here is
checked with the solver-free ``check_draw``.
"""

from __future__ import annotations

import random
import time
from itertools import combinations, product
from math import comb

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from solver.domain.draw.cpsat import (
    DrawModel,
    bounds,
    fixed_rounds,
    lexicographic,
    objective,
    one_table_per_round,
    pair_meetings,
    pins,
    players_moved,
    separations,
    solve_cpsat,
    symmetry,
    table_size,
)
from solver.domain.draw.cpsat.model import OBJECTIVE_TERMS
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import (
    Draw,
    DrawObjective,
    DrawProblem,
    Pin,
    Separation,
    SolveStatus,
)
from solver.domain.draw.redraw import players_moved as count_moved
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.domain


def roster(n: int) -> tuple[str, ...]:
    return tuple(f"p{i:02d}" for i in range(n))


def league(n: int, rounds: int = 4, k: int = 4, **kw) -> DrawProblem:
    return DrawProblem(players=roster(n), rounds=rounds, table_size=k, **kw)


def solve(problem: DrawProblem, limit: float = 10.0, **kw):
    result = solve_cpsat(problem, limit, num_workers=2, **kw)
    if result.draw:
        assert check_draw(problem, result.draw) == []
        assert result.objective == evaluate(problem, result.draw)
    return result


def random_draw(players: tuple[str, ...], rounds: int, k: int, rng: random.Random) -> Draw:
    out = []
    for _ in range(rounds):
        order = list(players)
        rng.shuffle(order)
        out.append(tuple(tuple(order[i : i + k]) for i in range(0, len(order), k)))
    return tuple(out)


# -- whole solves --------------------------------------------------------------------------------


def test_eight_players_four_rounds_proven_optimal_max_2_sum_24():
    result = solve(league(8))
    assert result.status == SolveStatus.OPTIMAL and result.proven_optimal
    assert (result.objective.max_meetings, result.objective.sum_repeat_pairs) == (2, 24)
    assert result.lower_bound == result.objective


def test_twelve_players_four_rounds_proven_optimal_max_2_sum_18():
    result = solve(league(12))
    assert result.status == SolveStatus.OPTIMAL
    assert (result.objective.max_meetings, result.objective.sum_repeat_pairs) == (2, 18)


def test_sixteen_players_no_repeats_proven():
    result = solve(league(16))
    assert result.status == SolveStatus.OPTIMAL
    assert result.objective == DrawObjective(max_meetings=1)


def test_optimal_hint_is_proven_at_once_and_kept():
    first = solve(league(12))
    again = solve(league(12, seed=7), hint=first.draw)
    assert again.status == SolveStatus.OPTIMAL
    assert again.objective == first.objective


def test_without_bounds_only_cp_sat_proofs_count():
    result = solve(league(8), use_bounds=False)
    assert result.status == SolveStatus.OPTIMAL  # CP-SAT proves N=8 by itself
    assert (result.objective.max_meetings, result.objective.sum_repeat_pairs) == (2, 24)


# -- the time budget: asserted on what CP-SAT is told and on the status, never on the clock ------


@pytest.fixture
def cp_sat_limits(monkeypatch) -> list[float]:
    """Every ``max_time_in_seconds`` a CP-SAT solver of the draw model is built with, in order."""
    limits: list[float] = []
    real = lexicographic.make_solver

    def make_solver(seed: int, time_limit_s: float, num_workers: int, **kw):
        solver = real(seed, time_limit_s, num_workers, **kw)
        limits.append(solver.parameters.max_time_in_seconds)
        return solver

    monkeypatch.setattr(lexicographic, "make_solver", make_solver)
    return limits


@pytest.mark.slow
def test_time_limit_is_always_respected(cp_sat_limits):
    # 48 x 6 without bounds cannot be proven in half a second: the budget cuts the solve
    result = solve(league(48, rounds=6), limit=0.5, use_bounds=False)
    assert result.status in (SolveStatus.FEASIBLE, SolveStatus.UNKNOWN)
    assert not result.proven_optimal
    assert all(0 < limit <= 0.5 for limit in cp_sat_limits), cp_sat_limits


def test_each_stage_gets_its_share_of_the_time_left(cp_sat_limits):
    model = seated(league(6, rounds=4, k=3), pair_meetings, objective)
    symmetry.add(model)
    lex = lexicographic.minimize_lexicographically(model, 8.0, 0, 1, share=0.5, clock=lambda: 0.0)
    assert lex.proven and cp_sat_limits
    # the clock stands still, so 8 s are left at every stage: a stage gets half, the last one all
    assert cp_sat_limits[:-1] == [4.0] * (len(cp_sat_limits) - 1)
    assert cp_sat_limits[-1] == 8.0 and lex.stages[-1].term == OBJECTIVE_TERMS[-1]


def test_a_solve_cut_by_the_deadline_is_feasible_not_optimal(cp_sat_limits, monkeypatch):
    # the deadline passes while the first stage runs: the later terms are never minimized
    def clock() -> float:
        return time.monotonic() + (10**6 if cp_sat_limits else 0)

    real = lexicographic.minimize_lexicographically

    def with_clock(model, budget, *a, **kw):
        budget.clock = clock
        return real(model, budget, *a, **kw)

    monkeypatch.setattr(lexicographic, "minimize_lexicographically", with_clock)
    result = solve(league(8), limit=10.0, use_bounds=False)
    assert len(cp_sat_limits) == 1 and 0 < cp_sat_limits[0] <= 10.0
    assert result.status == SolveStatus.FEASIBLE and not result.proven_optimal and result.draw
    assert result.lower_bound != result.objective  # only what CP-SAT proved: the first term
    assert any(note.startswith("gap: ") for note in result.notes)


def test_same_seed_same_draw_when_proven():
    a = solve(league(8, seed=3))
    b = solve(league(8, seed=3))
    assert a.objective == b.objective


# -- infeasibility names exactly the conflicting groups ------------------------------------------


def test_three_separated_players_with_two_tables_is_infeasible():
    problem = league(
        8,
        separations=(
            Separation(("p00", "p05")),
            Separation(("p01", "p02", "p03")),  # 3 players, 2 tables: two always share one
            Separation(("p04", "p06"), weight=3),
        ),
        pins=(Pin("p07", 1, 1),),
    )
    result = solve(problem)
    assert result.status == SolveStatus.INFEASIBLE
    assert result.conflicts == ("separations[1]",)
    assert result.draw == () and result.objective is None


def test_two_separated_players_pinned_to_one_table_is_infeasible():
    problem = league(
        8,
        separations=(Separation(("p00", "p05")), Separation(("p01", "p02"))),
        pins=(Pin("p07", 1, 1), Pin("p01", 2, 0), Pin("p02", 2, 0), Pin("p03", 3, 1)),
    )
    result = solve(problem)
    assert result.status == SolveStatus.INFEASIBLE
    assert result.conflicts == ("pins[1]", "pins[2]", "separations[1]")


def test_played_round_against_a_separation_is_infeasible():
    played = ((("p00", "p01", "p02", "p03"), ("p04", "p05", "p06", "p07")),)
    problem = league(
        8,
        separations=(Separation(("p00", "p01")), Separation(("p04", "p00"))),
        pins=(Pin("p07", 1, 1),),
        fixed_rounds=played,
    )
    result = solve(problem)
    assert result.status == SolveStatus.INFEASIBLE
    assert result.conflicts == ("fixed_rounds", "separations[0]")


def test_pins_that_only_conflict_together_are_all_named():
    # five players pinned to one table of four in round 0
    problem = league(8, pins=tuple(Pin(f"p0{i}", 0, 1) for i in range(5)) + (Pin("p07", 2, 0),))
    result = solve(problem)
    assert result.status == SolveStatus.INFEASIBLE
    assert result.conflicts == tuple(f"pins[{i}]" for i in range(5))


# -- constraints respected in full solves --------------------------------------------------------


def test_pins_respected():
    pinned = (Pin("p03", 0, 2), Pin("p07", 0, 2), Pin("p03", 1, 0), Pin("p11", 3, 1))
    result = solve(league(12, pins=pinned), limit=15)
    assert result.status in (SolveStatus.OPTIMAL, SolveStatus.FEASIBLE)
    for pin in pinned:
        assert pin.player in result.draw[pin.round][pin.table]


def test_fixed_rounds_kept_verbatim_and_counted():
    played = random_draw(roster(12), 2, 4, random.Random(1))
    problem = league(12, fixed_rounds=played)
    result = solve(problem)
    assert result.draw[:2] == played
    assert result.status == SolveStatus.OPTIMAL


def test_hard_separation_respected_and_soft_one_minimized():
    problem = league(
        16,
        rounds=3,
        separations=(
            Separation(("p00", "p01", "p02", "p03")),
            Separation(("p04", "p05", "p06", "p07", "p08"), weight=2),  # 5 players, 4 tables
        ),
    )
    result = solve(problem)
    assert result.status == SolveStatus.OPTIMAL
    assert result.objective.soft_violations == 2 * 3  # one pair a round, weight 2


@pytest.mark.rule("draw.redraw.fewest-players-moved")
def test_redraw_prefers_the_previous_draw():
    previous = solve(league(8)).draw
    problem = league(8, previous=previous, seed=5)
    result = solve(problem)
    assert result.status == SolveStatus.OPTIMAL
    assert result.players_moved == 0


# -- each module alone, on a tiny model ----------------------------------------------------------


class _Count(cp_model.CpSolverSolutionCallback):
    def __init__(self):
        super().__init__()
        self.count = 0

    def on_solution_callback(self):
        self.count += 1


def count_solutions(model: DrawModel) -> int:
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 10
    counter = _Count()
    solver.solve(model.cp, counter)
    return counter.count


def minimize(model: DrawModel, expr) -> int:
    model.cp.minimize(expr)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 10
    assert solver.solve(model.cp) == cp_model.OPTIMAL
    return round(solver.objective_value)


def seated(problem: DrawProblem, *modules) -> DrawModel:
    model = DrawModel(problem)
    for module in (one_table_per_round, table_size, *modules):
        module.add(model)
    return model


def hold(model: DrawModel, draw: Draw) -> None:
    """Fix x to ``draw`` (for testing terms on a known draw)."""
    for r, rnd in enumerate(draw):
        for t, table in enumerate(rnd):
            for pid in table:
                model.cp.add(model.x[model.index[pid]][r][t] == 1)


def test_one_table_per_round_and_table_size_alone():
    # 4 players, tables of 2, one round: C(4, 2) = 6 ordered ways to fill table 0
    assert count_solutions(seated(league(4, rounds=1, k=2))) == 6
    only_one_table = DrawModel(league(4, rounds=1, k=2))
    one_table_per_round.add(only_one_table)
    assert count_solutions(only_one_table) == 2**4


def test_fixed_rounds_alone_fix_the_round():
    played = ((("p00", "p03"), ("p01", "p02")),)
    assert count_solutions(seated(league(4, rounds=1, k=2, fixed_rounds=played), fixed_rounds)) == 1
    assert count_solutions(seated(league(4, rounds=2, k=2, fixed_rounds=played), fixed_rounds)) == 6


def test_pins_alone():
    model = seated(league(4, rounds=1, k=2, pins=(Pin("p02", 0, 1),)), pins)
    assert count_solutions(model) == 3  # p02 at table 1 with one of three others


def test_hard_separation_alone():
    model = seated(league(4, rounds=1, k=2, separations=(Separation(("p00", "p01")),)), separations)
    assert count_solutions(model) == 4  # 6 minus the two with p00, p01 together


def test_soft_separation_term_alone():
    problem = league(
        4, rounds=2, k=2, separations=(Separation(("p00", "p01"), weight=5),), pins=(Pin("p00", 1, 0), Pin("p01", 1, 0))
    )
    model = seated(problem, pins, separations)
    assert minimize(model, model.terms["soft_violations"].var) == 5  # together in round 1 only


def test_pair_meetings_creates_only_needed_literals_and_counts_exactly():
    played = ((("p00", "p01"), ("p02", "p03")),)
    problem = league(4, rounds=3, k=2, fixed_rounds=played, separations=(Separation(("p00", "p03")),))
    model = seated(problem, fixed_rounds, separations, pair_meetings)
    # 6 pairs minus the separated one, 2 free rounds each; fixed round meetings are constants
    assert model.num_meet_literals == 5 * 2
    assert model.meet(0, 1, 0) == 1 and model.meet(0, 2, 0) == 0 and model.meet(0, 3, 1) == 0
    hold(model, played + ((("p00", "p01"), ("p02", "p03")), (("p00", "p02"), ("p01", "p03"))))
    assert minimize(model, model.meetings[(0, 1)]) == 2


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_objective_terms_equal_evaluate_on_any_draw(seed):
    problem = league(8, rounds=3)
    draw = random_draw(problem.players, 3, 4, random.Random(seed))
    model = seated(problem, pair_meetings, objective)
    hold(model, draw)
    expected = evaluate(problem, draw)
    for name in OBJECTIVE_TERMS[1:]:
        assert minimize(model, model.terms[name].var) == getattr(expected, name), name


def test_players_moved_term_alone():
    rng = random.Random(4)
    previous = random_draw(roster(8), 3, 4, rng)
    new = previous[:1] + random_draw(roster(8), 2, 4, rng)
    problem = league(8, rounds=3, fixed_rounds=previous[:1], previous=previous)
    model = seated(problem, fixed_rounds, players_moved)
    hold(model, new)
    assert minimize(model, model.terms["players_moved"].var) == count_moved(previous, new, 1)


def test_table_order_keeps_one_numbering_per_round():
    model = seated(league(4, rounds=1, k=2, pins=(Pin("p00", 0, 0),)))
    symmetry.order_tables(model, 0)
    assert count_solutions(model) == 3  # the three pairings, each numbered once


def table_partitions(players: tuple[str, ...], k: int):
    """Every split of ``players`` into tables of k (as a set partition: table order ignored)."""
    if not players:
        yield ()
        return
    first, rest = players[0], players[1:]
    for others in combinations(rest, k - 1):
        remaining = tuple(p for p in rest if p not in others)
        for tail in table_partitions(remaining, k):
            yield ((first, *others), *tail)


def brute_force_optimum(n: int, rounds: int, k: int) -> tuple[int, ...]:
    """Lexicographic optimum over every draw whose round 0 is the canonical one (any draw can be
    renamed so; the objective does not depend on names or on table numbers)."""
    problem = league(n, rounds=rounds, k=k)
    first = tuple(tuple(problem.players[i : i + k]) for i in range(0, n, k))
    every = list(table_partitions(problem.players, k))
    return min(evaluate(problem, (first, *later)).as_tuple() for later in product(every, repeat=rounds - 1))


@pytest.mark.parametrize("n, rounds, k", [(4, 4, 2), (6, 4, 2), (6, 3, 3), (6, 4, 3), (8, 3, 4)])
def test_symmetry_breaking_keeps_the_lexicographic_optimum(n, rounds, k):
    model = seated(league(n, rounds=rounds, k=k), pair_meetings, objective)
    assert symmetry.add(model) == list(range(rounds))
    lex = lexicographic.minimize_lexicographically(model, time.monotonic() + 20, 0, 2)
    assert lex.proven
    assert (0, *(s.value for s in lex.stages)) == brute_force_optimum(n, rounds, k)


def test_symmetry_not_canonical_when_players_differ():
    played = ((("p00", "p01", "p02", "p03"), ("p04", "p05", "p06", "p07")),)
    assert not symmetry.players_interchangeable(league(8, fixed_rounds=played))
    assert not symmetry.players_interchangeable(league(8, separations=(Separation(("p00", "p01")),)))
    pinned = league(8, pins=(Pin("p00", 2, 1),))
    model = seated(pinned)
    assert symmetry.table_order_rounds(model) == [0, 1, 3]


def test_bounds_are_floors_of_the_terms():
    problem = league(8, rounds=4)
    model = seated(problem, pair_meetings, objective)
    bounds.add(model, DrawObjective(max_meetings=2, sum_repeat_pairs=24))
    assert model.terms["max_meetings"].floor == 2
    assert model.terms["sum_repeat_pairs"].floor == 24
    assert minimize(model, model.terms["sum_repeat_pairs"].var) == 24
    assert comb(4, 2) * 28 == model.terms["sum_repeat_pairs"].upper


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), shape=st.sampled_from([(8, 4, 4), (12, 4, 4), (6, 5, 2), (9, 4, 3)]))
def test_any_hint_is_renamed_to_satisfy_every_symmetry_break(seed, shape):
    n, rounds, k = shape
    problem = league(n, rounds=rounds, k=k)
    hint = random_draw(problem.players, rounds, k, random.Random(seed))
    renamed = DrawProblem(players=symmetry.canonical_roster(problem, hint, random.Random(0)), rounds=rounds, table_size=k)
    model = seated(renamed, pair_meetings, objective)
    ordered = symmetry.add(model)
    hold(model, symmetry.canonical_hint(model, hint, ordered))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 10
    assert solver.solve(model.cp) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


def test_too_large_for_a_full_model_is_unknown_at_once(cp_sat_limits):
    result = solve(league(1000), limit=5)
    assert result.status == SolveStatus.UNKNOWN and result.draw == ()
    assert "too large" in result.notes[0]
    assert cp_sat_limits == []  # refused before any model is built or solved


def test_a_draw_hints_every_variable_feasibly():
    previous = random_draw(roster(8), 3, 4, random.Random(8))
    problem = league(8, rounds=3, previous=previous, separations=(Separation(("p00", "p01"), weight=2),))
    model = seated(problem, separations, pair_meetings, objective, players_moved)
    bounds.add(model, DrawObjective(max_meetings=1))
    draw = random_draw(problem.players, 3, 4, random.Random(9))
    model.set_draw_hint(draw)
    hint = model.cp.proto.solution_hint
    assert len(hint.vars) == len(model.cp.proto.variables)
    for var, value in zip(hint.vars, hint.values):  # holding every variable at its hint is feasible
        model.cp.add(model.cp.get_int_var_from_proto_index(var) == value)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = 10
    assert solver.solve(model.cp) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
