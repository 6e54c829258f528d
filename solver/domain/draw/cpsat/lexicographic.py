"""Lexicographic minimization of a ``DrawModel``'s terms, one stage per term.

``minimize_lexicographically`` solves stage by stage: minimize a term, then hold it at most at the
value found (its optimum when the stage is proven) and minimize the next one, hinted with the
previous solution. A single weighted sum with big-M weights would be equivalent but its
coefficients grow as the product of the term ranges (e.g. N^2 R^2 ...), which hurts CP-SAT's LP
and bound reasoning; stages keep every objective small and each stage's bound meaningful.

The terms themselves are defined elsewhere (``objective``, ``separations.add_soft``,
``players_moved``); this module only solves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from solver.domain.draw.cpsat.model import DrawModel
from solver.domain.draw.problem import Draw


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
    values: dict[str, int] | None = None  # its term values (``DrawModel.term_values``)


def make_solver(seed: int, time_limit_s: float, num_workers: int, deterministic_s: float | None = None) -> cp_model.CpSolver:
    """A CP-SAT solver bounded by ``time_limit_s`` of wall clock and, when ``deterministic_s`` is set,
    by that much of CP-SAT's deterministic time with one worker (reproducible on any machine)."""
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(time_limit_s, 0.001)
    solver.parameters.random_seed = seed
    solver.parameters.num_workers = max(1, num_workers)
    if deterministic_s is not None:
        solver.parameters.max_deterministic_time = max(deterministic_s, 0.0001)
        solver.parameters.num_workers = 1
    return solver


@dataclass
class CpBudget:
    """What the CP-SAT solves of one draw may spend (solver/domain/draw/work.py).

    ``deadline`` (an instant of ``clock``) is the wall-clock safety cut, always set. With
    ``deterministic_s`` the solves are bounded by CP-SAT's deterministic time, one worker, so they
    are reproducible; ``wall_cut`` records that the safety cut stopped one before its deterministic
    limit (the draw can then not be re-run). Without it, the wall clock is the budget."""

    deadline: float
    deterministic_s: float | None = None
    clock: Callable[[], float] = time.monotonic
    spent_deterministic_s: float = 0.0
    wall_cut: bool = False

    def left(self) -> float:
        """What is left, in the budget's unit (deterministic or wall seconds); 0 once the wall clock is out."""
        wall = self.deadline - self.clock()
        if self.deterministic_s is None:
            return wall
        if wall <= MIN_SOLVE_S:
            self.wall_cut = True
            return 0.0
        return self.deterministic_s - self.spent_deterministic_s

    def solver(self, seed: int, limit: float, num_workers: int) -> cp_model.CpSolver:
        """A solver for ``limit`` of the budget's unit (the wall clock always capped by the deadline)."""
        if self.deterministic_s is None:
            return make_solver(seed, limit, num_workers)
        return make_solver(seed, self.deadline - self.clock(), 1, deterministic_s=limit)

    def spent(self, solver: cp_model.CpSolver, status: cp_model.CpSolverStatus) -> None:
        if self.deterministic_s is None:
            return
        self.spent_deterministic_s += solver.deterministic_time
        stopped_early = status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE)
        if stopped_early and solver.deterministic_time < solver.parameters.max_deterministic_time * 0.999:
            self.wall_cut = True  # stopped by max_time_in_seconds, not by its deterministic limit


MIN_SOLVE_S = 0.005  # less wall clock than this left: no solve is started


def minimize_lexicographically(
    model: DrawModel,
    deadline: float | CpBudget,
    seed: int,
    num_workers: int,
    share: float = 0.6,
    before_stage: Callable[[str, dict[str, int]], None] | None = None,
    start: Draw | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> LexResult:
    """Minimizes ``model.terms`` in order, each stage within what is left of the budget: ``deadline``
    is a ``CpBudget`` or a wall-clock instant of ``clock``.

    The lexicographically best draw seen (``start``, a valid draw satisfying the model, or a
    stage's solution) is the incumbent: it hints every stage, and a stage holds its term at most
    at the incumbent's value (the incumbent satisfies every such cut by construction). When the
    incumbent already reaches a term's floor, that stage is proven without solving.

    A stage that is not the last gets at most ``share`` of what is left, so a stage that cannot
    be proven does not starve the terms after it (when no draw is known at all, a stage that found
    nothing in its share gets the rest). ``before_stage(term, found)`` may add cuts before a
    stage, knowing the values ``found`` so far.
    """
    budget = deadline if isinstance(deadline, CpBudget) else CpBudget(deadline, clock=clock)
    result = LexResult()
    names = list(model.terms)
    found: dict[str, int] = {}

    def key(values: dict[str, int]) -> tuple[int, ...]:
        return tuple(values[n] for n in names)

    if start is not None:
        result.draw, result.values, result.solved = start, model.term_values(start), True
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
            left = budget.left()
            if left <= (MIN_SOLVE_S if budget.deterministic_s is None else 0.0):
                break
            last = i == len(names) - 1 or (solver is not None and not result.solved)
            solver = budget.solver(seed, left if last else left * share, num_workers)
            started = time.monotonic()
            status = solver.solve(model.cp)
            elapsed += time.monotonic() - started
            budget.spent(solver, status)
            if result.solved or last:
                break
        if solver is None:
            break  # no time left
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            draw = model.extract_draw(solver)
            values = model.term_values(draw)
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
    result.proven = len(result.stages) == len(names) and all(s.status == "OPTIMAL" for s in result.stages)
    model.cp.clear_objective()
    return result
