"""``solve_cpsat``: build the model from its modules, solve it lexicographically, report a DrawResult.

Steps:
1. ``validate_problem`` (bad input is an error, not a result).
2. Feasibility with named groups: when there are hard constraint groups (hard separations, pins,
   fixed rounds) and no valid hint proves feasibility, a small model with one assumption literal
   per group is solved single-threaded without objective (CP-SAT computes cores only then). If it
   is infeasible, ``sufficient_assumptions_for_infeasibility`` gives a core, shrunk to a minimal one
   by deletion (drop a group, re-solve: still infeasible -> the group was not needed).
3. The optimization model: the groups become plain constraints (full presolve), plus meetings, the
   objective terms, valid symmetry breaks and (``use_bounds``) the counting bounds as floors.
4. Stage-by-stage minimization (``lexicographic.minimize_lexicographically``) within the time limit.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from ortools.sat.python import cp_model

from solver.domain.draw.bounds import lower_bound, max_player_repeats_bound
from solver.domain.draw.cpsat import (
    bounds,
    fixed_rounds,
    lexicographic,
    objective,
    one_table_per_round,
    pair_meetings,
    pins,
    separations,
    symmetry,
    table_size,
)
from solver.domain.draw.cpsat import players_moved as moved_term
from solver.domain.draw.cpsat.model import OBJECTIVE_TERMS, DrawModel
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem, DrawResult, SolveStatus
from solver.domain.draw.redraw import players_moved
from solver.domain.draw.validate import check_draw, validate_problem
from solver.domain.draw.work import meeting_clauses, work_of_cpsat

METHOD = "cp-sat"
# The model has about C(N, 2) * free rounds * tables meeting clauses; beyond this it would take
# longer to build in Python than any sensible time limit (N = 64, R = 4: 129 024).
MAX_MEETING_CLAUSES = 2_000_000


def add_hard_constraints(model: DrawModel) -> None:
    one_table_per_round.add(model)
    table_size.add(model)
    fixed_rounds.add(model)
    pins.add(model)
    separations.add_hard(model)


def build_feasibility_model(problem: DrawProblem) -> DrawModel:
    model = DrawModel(problem, with_assumptions=True)
    add_hard_constraints(model)
    model.cp.add_assumptions(list(model.assumptions.values()))
    return model


def build_optimization_model(problem: DrawProblem, bound: DrawObjective | None) -> tuple[DrawModel, list[int]]:
    model = DrawModel(problem)
    add_hard_constraints(model)
    separations.add_soft(model)  # term 1 (only with soft separations)
    pair_meetings.add(model)
    objective.add(model)  # terms 2..5
    moved_term.add(model)  # redraw only, after the DrawObjective
    ordered = symmetry.add(model)
    if bound is not None:
        bounds.add(model, bound)
    return model, ordered


# -- infeasibility -----------------------------------------------------------------------------


def _solve_with(
    model: DrawModel, groups: list[str], seed: int, budget: lexicographic.CpBudget, fraction: float = 1.0
) -> tuple[cp_model.CpSolverStatus, list[str], Draw | None]:
    """Solve the feasibility model assuming only ``groups`` (single-threaded: CP-SAT computes cores
    only then), within ``fraction`` of what is left of ``budget``: (status, core group names, draw)."""
    model.cp.clear_assumptions()
    model.cp.add_assumptions([model.assumptions[g] for g in groups])
    solver = budget.solver(seed, budget.left() * fraction, 1)
    status = solver.solve(model.cp)
    budget.spent(solver, status)
    core: list[str] = []
    draw = None
    if status == cp_model.INFEASIBLE:
        by_index = {lit.index: name for name, lit in model.assumptions.items()}
        core = [by_index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in by_index]
    elif status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        draw = model.extract_draw(solver)
    return status, core, draw


def minimal_conflict(model: DrawModel, core: list[str], seed: int, budget: lexicographic.CpBudget) -> tuple[list[str], bool]:
    """Deletion filter: returns (a subset of ``core`` that is still infeasible, proven minimal)."""
    minimal = True
    kept = list(core)
    for group in list(core):
        if group not in kept:
            continue
        trial = [g for g in kept if g != group]
        if budget.left() <= (0.01 if budget.deterministic_s is None else 0.0):
            minimal = False
            break
        status, smaller, _ = _solve_with(model, trial, seed, budget)
        if status == cp_model.INFEASIBLE:
            kept = smaller if smaller else trial
        elif status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            minimal = False  # unknown: keep the group, cannot tell
    order = list(model.assumptions)
    return sorted(kept, key=order.index), minimal


# -- result helpers ----------------------------------------------------------------------------


def count_players_moved(problem: DrawProblem, draw: Draw) -> int:
    """Players whose table changed versus ``problem.previous`` after the played rounds."""
    return players_moved(problem.previous or (), draw, len(problem.fixed_rounds))


def _usable_hint(problem: DrawProblem, hint: Draw | None, notes: list[str]) -> Draw | None:
    if hint is None:
        return None
    problems = check_draw(problem, hint)
    if problems:
        notes.append(f"hint ignored: {problems[0]}")
        return None
    return hint


def _lexicographic_bound(problem: DrawProblem, lex: lexicographic.LexResult, counting: DrawObjective | None) -> DrawObjective:
    """A lower bound in the lexicographic order (every draw's objective is >= it as a tuple).

    Proven stages give their optimum, the first unproven stage its CP-SAT bound (valid because the
    stages before it are at their optimum), later terms the counting bounds; max_player_repeats is
    bounded among draws whose max_meetings equals the bound's (``max_player_repeats_bound``).
    ``counting`` None: only what CP-SAT proved itself (the plain baseline).
    """
    base = counting if counting is not None else DrawObjective()
    out = dict(zip(OBJECTIVE_TERMS, base.as_tuple()))
    settled = set()
    for stage in lex.stages:
        if stage.term not in out:
            break
        if stage.status == "OPTIMAL":
            assert stage.value is not None  # a stage proven optimal always keeps its value
            out[stage.term] = stage.value
            settled.add(stage.term)
            continue
        if stage.bound is not None:
            out[stage.term] = max(out[stage.term], stage.bound)
        break
    if counting is not None and "max_player_repeats" not in settled and out["max_meetings"] > 0:
        conditional = max_player_repeats_bound(problem, out["sum_repeat_pairs"], out["max_meetings"])
        out["max_player_repeats"] = max(out["max_player_repeats"], conditional)
    return DrawObjective(**out)


def _result(
    problem: DrawProblem,
    status: SolveStatus,
    started: float,
    *,
    draw: Draw = (),
    objective_value: DrawObjective | None = None,
    bound: DrawObjective,
    conflicts: tuple[str, ...] = (),
    notes: list[str],
    budget: lexicographic.CpBudget | None = None,
) -> DrawResult:
    moved = None
    if problem.previous is not None and draw:
        moved = count_players_moved(problem, draw)
    return DrawResult(
        status=status,
        draw=draw,
        objective=objective_value,
        lower_bound=bound,
        proven_optimal=status == SolveStatus.OPTIMAL,
        seed=problem.seed,
        wall_time_s=time.monotonic() - started,
        method=METHOD,
        players_moved=moved,
        conflicts=conflicts,
        notes=tuple(notes),
        reproducible=budget is not None and budget.deterministic_s is not None and not budget.wall_cut,
        work_used=work_of_cpsat(budget.spent_deterministic_s, problem.cpsat_seconds_per_unit) if budget is not None else 0,
        cpsat_deterministic_s_used=budget.spent_deterministic_s if budget is not None else 0.0,
        cpsat_seconds_per_unit=problem.cpsat_seconds_per_unit,
    )


# -- the public entry point --------------------------------------------------------------------


def solve_cpsat(
    problem: DrawProblem,
    time_limit_s: float,
    hint: Draw | None = None,
    use_bounds: bool = True,
    num_workers: int = 2,
    deterministic_s: float | None = None,
) -> DrawResult:
    """Solve ``problem`` with CP-SAT within ``time_limit_s`` seconds (always bounded) and, with
    ``deterministic_s``, within that much deterministic time on one worker: then the result is the
    same on any machine unless the wall clock cut it first (``reproducible``).

    OPTIMAL: every lexicographic stage proven (``lower_bound`` equals the objective).
    FEASIBLE: a valid draw; ``lower_bound`` is the best lexicographic bound known, the gap is in
    ``notes``. INFEASIBLE: ``conflicts`` names a minimal set of conflicting constraint groups
    ("separations[i]", "pins[i]", "fixed_rounds"). UNKNOWN: no draw found in time.
    ``use_bounds=False`` leaves the counting bounds out of the model (a plain CP-SAT baseline).
    """
    started = time.monotonic()
    budget = lexicographic.CpBudget(started + time_limit_s, deterministic_s)
    validate_problem(problem)
    notes: list[str] = []
    counting = lower_bound(problem)
    seed = problem.seed
    hint = _usable_hint(problem, hint, notes)
    if problem.seat_balance:
        notes.append("seat balance is not optimized by cp-sat (seat order is roster order)")

    if meeting_clauses(problem) > MAX_MEETING_CLAUSES:
        notes.append(f"model too large for cp-sat ({meeting_clauses(problem)} meeting clauses > {MAX_MEETING_CLAUSES})")
        return _result(problem, SolveStatus.UNKNOWN, started, bound=counting, notes=notes, budget=budget)

    if budget.left() <= 0:
        notes.append("no time left for cp-sat")
        return _result(problem, SolveStatus.UNKNOWN, started, bound=counting, notes=notes, budget=budget)

    # 2. named groups: infeasibility and its minimal conflict
    feasibility = build_feasibility_model(problem)
    groups = list(feasibility.assumptions)
    if groups and hint is None:
        status, core, found = _solve_with(feasibility, groups, seed, budget)
        if status == cp_model.INFEASIBLE:
            conflict, minimal = minimal_conflict(feasibility, core, seed, budget)
            if not minimal:
                notes.append("conflict set may not be minimal (time limit)")
            return _result(
                problem,
                SolveStatus.INFEASIBLE,
                started,
                bound=counting,
                conflicts=tuple(conflict),
                notes=notes,
                budget=budget,
            )
        hint = found  # a feasible draw (fixed rounds verbatim) is a good first hint
    del feasibility

    # 3. the optimization model (players renamed when they are interchangeable)
    work = problem
    if symmetry.players_interchangeable(problem):
        roster = symmetry.canonical_roster(problem, hint, random.Random(seed))
        work = replace(problem, players=roster)
    model, ordered = build_optimization_model(work, counting if use_bounds else None)
    start = symmetry.canonical_hint(model, hint, ordered) if hint is not None else None
    if budget.left() <= 0:  # building the model in Python took what was left of the wall clock
        notes.append("the time limit ran out while the cp-sat model was built")
        return _result(problem, SolveStatus.UNKNOWN, started, bound=counting, notes=notes, budget=budget)

    def before_stage(name: str, found: dict[str, int]) -> None:
        # With no pair meeting more than M times (the value the max_meetings stage reached), the
        # worst player's repeats have a stronger bound; valid for every draw of this stage.
        if use_bounds and name == "max_player_repeats" and "max_meetings" in found:
            floor = max_player_repeats_bound(problem, counting.sum_repeat_pairs, found["max_meetings"])
            model.terms[name].raise_floor(model.cp, floor)

    lex = lexicographic.minimize_lexicographically(model, budget, seed, num_workers, before_stage=before_stage, start=start)
    notes.extend(model.notes)
    notes.append(
        "stages: " + ", ".join(f"{s.term}={s.value} ({s.status}, bound {s.bound}, {s.wall_time_s:.2f}s)" for s in lex.stages)
    )
    if lex.draw is None:
        outcome = SolveStatus.INFEASIBLE if lex.infeasible else SolveStatus.UNKNOWN
        return _result(problem, outcome, started, bound=counting, notes=notes, budget=budget)
    draw = tuple(problem.fixed_rounds) + tuple(lex.draw[len(problem.fixed_rounds) :])  # played: verbatim
    value = evaluate(problem, draw)
    if lex.proven:
        return _result(
            problem, SolveStatus.OPTIMAL, started, draw=draw, objective_value=value, bound=value, notes=notes, budget=budget
        )
    # Without bounds (the plain CP-SAT baseline) only what CP-SAT itself proved is reported.
    best = _lexicographic_bound(problem, lex, counting if use_bounds else None)
    moved_proven = problem.previous is None or any(s.term == moved_term.TERM and s.status == "OPTIMAL" for s in lex.stages)
    if best == value and moved_proven:
        notes.append("objective equals the lexicographic lower bound")
        return _result(
            problem, SolveStatus.OPTIMAL, started, draw=draw, objective_value=value, bound=value, notes=notes, budget=budget
        )
    gap = [f"{n} {v}-{b}" for n, v, b in zip(OBJECTIVE_TERMS, value.as_tuple(), best.as_tuple()) if v != b]
    notes.append("gap: " + (", ".join(gap) if gap else "none in the DrawObjective"))
    return _result(
        problem, SolveStatus.FEASIBLE, started, draw=draw, objective_value=value, bound=best, notes=notes, budget=budget
    )
