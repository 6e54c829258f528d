"""The lexicographic objective (``DrawObjective``), one term at a time.

Order (smaller is better, compared term by term):

    soft_violations      weighted soft-separation violations (``separations.add_soft``)
    max_meetings         M >= m[p, q] for every pair
    sum_repeat_pairs     sum of y[p, q] >= C(m[p, q], 2)
    consecutive_repeats  pairs meeting in rounds r and r + 1, per r
    max_player_repeats   P >= sum over q of max(0, m[p, q] - 1), for every player p
    players_moved        redraw only (``players_moved.add``), after the DrawObjective

C(m, 2) is convex in m, so it is the maximum of its tangents at the integers j = 1..R-1:
``C(m, 2) >= C(j, 2) + j * (m - j)``, exact at every integer m. max(0, m - 1) is the j = 1 tangent.

``minimize_lexicographically`` solves stage by stage: minimize a term, then hold it at most at the
value found (its optimum when the stage is proven) and minimize the next one, hinted with the
previous solution. A single weighted sum with big-M weights would be equivalent but its
coefficients grow as the product of the term ranges (e.g. N^2 R^2 ...), which hurts CP-SAT's LP
and bound reasoning; stages keep every objective small and each stage's bound meaningful.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import comb

from ortools.sat.python import cp_model

from solver.domain.draw.cpsat.model import DrawModel

OBJECTIVE_TERMS = (
    "soft_violations",
    "max_meetings",
    "sum_repeat_pairs",
    "consecutive_repeats",
    "max_player_repeats",
)


def add_max_meetings(model: DrawModel) -> None:
    model.add_term("max_meetings", list(model.meetings.values()), model.num_rounds)


def add_sum_repeat_pairs(model: DrawModel) -> None:
    rounds = model.num_rounds
    ys = []
    for (p, q), m in model.meetings.items():
        if isinstance(m, int):  # both only in fixed rounds
            ys.append(comb(m, 2))
            continue
        y = model.cp.new_int_var(0, comb(rounds, 2), f"repeats[{p},{q}]")
        for j in range(1, rounds):
            model.cp.add(y >= comb(j, 2) + j * (m - j))
        ys.append(y)
    model.add_term("sum_repeat_pairs", [sum(ys)], comb(rounds, 2) * len(ys))


def add_consecutive_repeats(model: DrawModel) -> None:
    terms = []
    for p, q in model.meetings:
        for r in range(model.num_rounds - 1):
            a, b = model.meet(p, q, r), model.meet(p, q, r + 1)
            if isinstance(a, int) and isinstance(b, int):
                terms.append(a * b)
            elif isinstance(a, int):
                terms.append(b if a else 0)
            elif isinstance(b, int):
                terms.append(a if b else 0)
            else:
                c = model.cp.new_bool_var(f"consecutive[{p},{q},{r}]")
                model.cp.add_bool_or([a.Not(), b.Not(), c])
                terms.append(c)
    model.add_term("consecutive_repeats", [sum(terms)], len(terms))


def add_max_player_repeats(model: DrawModel) -> None:
    rounds = model.num_rounds
    excess: dict[tuple[int, int], cp_model.LinearExprT] = {}
    for (p, q), m in model.meetings.items():
        if isinstance(m, int):
            excess[(p, q)] = max(0, m - 1)
            continue
        z = model.cp.new_int_var(0, rounds - 1, f"excess[{p},{q}]")
        model.cp.add(z >= m - 1)
        excess[(p, q)] = z
    per_player: list[list[cp_model.LinearExprT]] = [[] for _ in range(model.n)]
    for (p, q), z in excess.items():
        per_player[p].append(z)
        per_player[q].append(z)
    model.add_term("max_player_repeats", [sum(zs) for zs in per_player], (model.n - 1) * (rounds - 1))


def add(model: DrawModel) -> None:
    """Adds the DrawObjective terms after soft_violations (needs ``pair_meetings.add`` first)."""
    add_max_meetings(model)
    add_sum_repeat_pairs(model)
    add_consecutive_repeats(model)
    add_max_player_repeats(model)


# -- solving -----------------------------------------------------------------------------------


@dataclass
class StageResult:
    term: str
    status: str  # CP-SAT status name
    value: int | None
    bound: int | None  # CP-SAT's best bound of the term (valid only if earlier stages proven)
    wall_time_s: float


@dataclass
class LexResult:
    solved: bool = False  # a solution exists (from some stage)
    infeasible: bool = False
    proven: bool = False  # every stage proven optimal
    stages: list[StageResult] = field(default_factory=list)
    solver: cp_model.CpSolver | None = None  # holds the last solution found


def make_solver(seed: int, time_limit_s: float, num_workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(time_limit_s, 0.001)
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = max(1, num_workers)
    return solver


def minimize_lexicographically(
    model: DrawModel,
    deadline: float,
    seed: int,
    num_workers: int,
    share: float = 0.6,
    before_stage: Callable[[str, dict[str, int]], None] | None = None,
    true_values: Callable[[cp_model.CpSolver], dict[str, int]] | None = None,
) -> LexResult:
    """Minimizes ``model.terms`` in order, each stage within the time left before ``deadline``.

    A stage that is not the last gets at most ``share`` of the time left, so a stage that cannot
    be proven does not starve the terms after it. The best solution found so far is kept as the
    hint of the next stage and in ``result.solver``. ``before_stage(term, found)`` may add cuts
    before a stage, knowing the values ``found`` so far. ``true_values(solver)`` gives the terms'
    values evaluated on the solution's draw (the model's term variables may be slack above them);
    when the solution in hand already reaches a term's floor, that stage needs no solve.
    The next stage is hinted with the seating (x) only; CP-SAT completes the auxiliaries.
    """
    result = LexResult()
    names = list(model.terms)
    found: dict[str, int] = {}
    for i, name in enumerate(names):
        term = model.terms[name]
        if before_stage is not None:
            before_stage(name, found)
        if result.solver is not None:
            # The solution in hand may already reach the term's floor: proven, nothing to solve.
            values = true_values(result.solver) if true_values else {}
            current = values.get(name, term.value(result.solver))
            if current <= term.floor:
                result.stages.append(StageResult(name, "OPTIMAL", current, term.floor, 0.0))
                found[name] = current
                model.cp.add(term.var <= current)
                continue
        left = deadline - time.monotonic()
        if left <= 0.005:
            break
        budget = left if i == len(names) - 1 else left * share if result.solved else left
        solver = make_solver(seed, budget, num_workers)
        model.cp.minimize(term.var)
        started = time.monotonic()
        status = solver.solve(model.cp)
        elapsed = time.monotonic() - started
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            value = round(solver.objective_value)
            bound = int(-(-solver.best_objective_bound // 1))  # ceil
            result.stages.append(StageResult(name, solver.status_name(status), value, bound, elapsed))
            result.solved = True
            result.solver = solver
            found[name] = value
            model.cp.add(term.var <= value)
            model.hint_x_from_solver(solver)
        else:
            result.stages.append(StageResult(name, solver.status_name(status), None, None, elapsed))
            if status == cp_model.INFEASIBLE and not result.solved:
                result.infeasible = True
                return result
            break  # out of time (UNKNOWN): keep the best solution so far
    result.proven = len(result.stages) == len(names) and all(
        s.status == "OPTIMAL" for s in result.stages
    )
    model.cp.clear_objective()
    return result
