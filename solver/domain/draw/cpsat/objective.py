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

from solver.domain.draw.cpsat._draw_api import evaluate, players_moved
from solver.domain.draw.cpsat.model import DrawModel
from solver.domain.draw.problem import Draw

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
        model.hint_rule(y, lambda s, p=p, q=q: comb(s.meetings(p, q), 2))
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
                model.hint_rule(c, lambda s, p=p, q=q, r=r: s.together(p, q, r) * s.together(p, q, r + 1))
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
        model.hint_rule(z, lambda s, p=p, q=q: max(0, s.meetings(p, q) - 1))
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
    status: str  # CP-SAT status name; "OPTIMAL" also when the solution in hand reached the floor
    value: int | None  # the term's value in the best draw kept after the stage
    bound: int | None  # CP-SAT's best bound of the term (valid only if earlier stages proven)
    wall_time_s: float


@dataclass
class LexResult:
    solved: bool = False  # a draw is known (the start draw or a stage's solution)
    infeasible: bool = False
    proven: bool = False  # every stage proven optimal
    stages: list[StageResult] = field(default_factory=list)
    draw: Draw | None = None  # the lexicographically best draw seen
    values: dict[str, int] | None = None  # its term values (``term_values``)


def make_solver(seed: int, time_limit_s: float, num_workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(time_limit_s, 0.001)
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = max(1, num_workers)
    return solver


def term_values(model: DrawModel, draw: Draw) -> dict[str, int]:
    """Every term of ``draw`` evaluated by the draw engine (the model's term variables may be slack)."""
    problem = model.problem
    values = dict(zip(OBJECTIVE_TERMS, evaluate(problem, draw).as_tuple()))
    if problem.previous is not None:
        values["players_moved"] = players_moved(problem.previous, draw, model.num_fixed)
    return values


def minimize_lexicographically(
    model: DrawModel,
    deadline: float,
    seed: int,
    num_workers: int,
    share: float = 0.6,
    before_stage: Callable[[str, dict[str, int]], None] | None = None,
    start: Draw | None = None,
) -> LexResult:
    """Minimizes ``model.terms`` in order, each stage within the time left before ``deadline``.

    The lexicographically best draw seen (``start``, a valid draw satisfying the model, or a
    stage's solution) is the incumbent: it hints every stage, and a stage holds its term at most
    at the incumbent's value (the incumbent satisfies every such cut by construction). When the
    incumbent already reaches a term's floor, that stage is proven without solving.

    A stage that is not the last gets at most ``share`` of the time left, so a stage that cannot
    be proven does not starve the terms after it (when no draw is known at all, a stage that found
    nothing in its share gets the rest). ``before_stage(term, found)`` may add cuts before a
    stage, knowing the values ``found`` so far.
    """
    result = LexResult()
    names = list(model.terms)
    found: dict[str, int] = {}

    def key(values: dict[str, int]) -> tuple[int, ...]:
        return tuple(values[n] for n in names)

    if start is not None:
        result.draw, result.values, result.solved = start, term_values(model, start), True
    for i, name in enumerate(names):
        term = model.terms[name]
        if before_stage is not None:
            before_stage(name, found)
        if result.values is not None and result.values[name] <= term.floor:
            # The incumbent already reaches the term's floor: proven, nothing to solve.
            current = result.values[name]
            result.stages.append(StageResult(name, "OPTIMAL", current, term.floor, 0.0))
            found[name] = current
            model.cp.add(term.var <= current)
            continue
        model.cp.minimize(term.var)
        if result.draw is not None:
            model.set_draw_hint(result.draw)  # after before_stage: the hint respects new floors
        status, elapsed, solver = cp_model.UNKNOWN, 0.0, None
        while status == cp_model.UNKNOWN:
            left = deadline - time.monotonic()
            if left <= 0.005:
                break
            last = i == len(names) - 1 or (solver is not None and not result.solved)
            solver = make_solver(seed, left if last else left * share, num_workers)
            started = time.monotonic()
            status = solver.solve(model.cp)
            elapsed += time.monotonic() - started
            if result.solved or last:
                break
        if solver is None:
            break  # no time left
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            draw = model.extract_draw(solver)
            values = term_values(model, draw)
            if result.values is None or key(values) < key(result.values):
                result.draw, result.values = draw, values
            result.solved = True
            value = result.values[name]
            bound = int(-(-solver.best_objective_bound // 1))  # ceil
            proven = status == cp_model.OPTIMAL and value <= round(solver.objective_value)
            result.stages.append(StageResult(name, "OPTIMAL" if proven else "FEASIBLE", value, bound, elapsed))
            found[name] = value
            model.cp.add(term.var <= value)
        else:
            result.stages.append(StageResult(name, solver.status_name(status), None, None, elapsed))
            if status == cp_model.INFEASIBLE and not result.solved:
                result.infeasible = True
                return result
            break  # out of time (UNKNOWN): keep the best draw so far
    result.proven = len(result.stages) == len(names) and all(
        s.status == "OPTIMAL" for s in result.stages
    )
    model.cp.clear_objective()
    return result
