"""``solve_schedule``: the round's schedule with CP-SAT, lexicographically, always within the time limit.

1. ``validate_problem`` (bad input is an error, not a result); the options (``starts``).
2. The earliest-first baseline (``greedy``): a valid schedule at once, the first hint and the
   fallback when CP-SAT finds nothing better in time.
3. The model: one Boolean per option, ``one_option_per_match``, ``rooms_never_overlap``,
   ``players_never_overlap``; terms ``matches_placed`` (maximized) then ``preference_cost``.
4. Stage by stage: optimize the term, then hold it (at its optimum when proven, else at least as good
   as the incumbent) and go on, each stage hinted with the best schedule so far. The first stage gets
   at most ``FIRST_STAGE_SHARE`` of the time.
5. Not proven: every match still out that has a free option is added (``greedy.fill_free``). The
   schedule is checked without the solver (``check_schedule``), and each match left out gets its
   reason (``explain``).

Status: OPTIMAL when both stages are proven; otherwise FEASIBLE (a schedule, possibly empty, always
exists). ``bound``: the most matches any schedule can place (CP-SAT's bound, or the matches that have
an option), and the least cost of a schedule placing that many (CP-SAT's bound of the second stage,
at least the sum of the cheapest options of the cheapest matches).
"""

from __future__ import annotations

import time

from ortools.sat.python import cp_model

from solver.domain.draw.cpsat.lexicographic import make_solver
from solver.domain.draw.problem import SolveStatus
from solver.domain.schedule.cpsat import (
    matches_placed,
    one_option_per_match,
    players_never_overlap,
    preference_cost,
    rooms_never_overlap,
)
from solver.domain.schedule.cpsat.model import ScheduleModel, Term
from solver.domain.schedule.explain import why_not_placed
from solver.domain.schedule.greedy import earliest_first, fill_free
from solver.domain.schedule.occupancy import occupancy_of
from solver.domain.schedule.problem import Placement, ScheduleObjective, ScheduleProblem, ScheduleResult
from solver.domain.schedule.starts import Option, all_options
from solver.domain.schedule.validate import check_schedule, validate_problem

METHOD = "cp-sat"
FIRST_STAGE_SHARE = 0.5
CONSTRAINTS = (one_option_per_match, rooms_never_overlap, players_never_overlap)
TERMS = (matches_placed, preference_cost)


def build_model(problem: ScheduleProblem, options: list[Option]) -> ScheduleModel:
    model = ScheduleModel(problem, options)
    for module in (*CONSTRAINTS, *TERMS):
        module.add(model)
    return model


def objective_of(chosen: list[Option]) -> ScheduleObjective:
    return ScheduleObjective(len(chosen), sum(o.cost for o in chosen))


def cheapest_cost_bound(options: list[Option], placed: int) -> int:
    """No schedule placing ``placed`` matches costs less than the ``placed`` smallest per-match minima."""
    cheapest: dict[int, int] = {}
    for o in options:
        cheapest[o.match] = min(o.cost, cheapest.get(o.match, o.cost))
    return sum(sorted(cheapest.values())[:placed])


class _Stages:
    """The lexicographic stages over one model, keeping the best schedule seen."""

    def __init__(self, model: ScheduleModel, incumbent: list[int], deadline: float, seed: int, num_workers: int):
        self.model, self.deadline, self.seed, self.num_workers = model, deadline, seed, num_workers
        self.incumbent = incumbent
        self.notes: list[str] = []
        self.proven: list[bool] = []
        self.bounds: list[int] = []

    def value(self, term: Term, chosen: list[int]) -> int:
        options = self.model.options
        if term.name == matches_placed.TERM:
            return len(chosen)
        return sum(options[i].cost for i in chosen)

    def run(self, term: Term, share: float) -> bool:
        """Optimize ``term``; False when out of time (nothing more can be proven)."""
        left = self.deadline - time.monotonic()
        if left <= 0.005:
            self.notes.append(f"{term.name}: no time left")
            return False
        cp = self.model.cp
        cp.maximize(term.expr) if term.maximize else cp.minimize(term.expr)
        self.model.hint(self.incumbent)
        solver = make_solver(self.seed, left * share, self.num_workers)
        started = time.monotonic()
        status = solver.solve(cp)
        elapsed = time.monotonic() - started
        current = self.value(term, self.incumbent)
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            found = self.model.chosen(solver)
            better = self.value(term, found) > current if term.maximize else self.value(term, found) < current
            if better:
                self.incumbent = found
                current = self.value(term, found)
        proven = status == cp_model.OPTIMAL
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            bound = int(solver.best_objective_bound // 1) if term.maximize else int(-(-solver.best_objective_bound // 1))
        else:
            bound = None
        self.proven.append(proven)
        self.bounds.append(current if proven else bound if bound is not None else -1)
        self.notes.append(f"{term.name}={current} ({solver.status_name(status)}, bound {bound}, {elapsed:.2f}s)")
        cp.clear_objective()
        cp.add(term.expr >= current) if term.maximize else cp.add(term.expr <= current)  # later stages keep it
        return status != cp_model.UNKNOWN


def solve_schedule(problem: ScheduleProblem, num_workers: int = 2) -> ScheduleResult:
    """Solve ``problem`` within ``problem.time_limit_s`` seconds (always bounded); see the module doc."""
    started = time.monotonic()
    deadline = started + problem.time_limit_s
    validate_problem(problem)
    options = all_options(problem)
    greedy = earliest_first(problem, options)
    notes = [f"{len(options)} options (match, start, room)", _baseline_note(greedy)]
    matches_with_options = len({o.match for o in options})
    if not options:
        return _result(problem, SolveStatus.OPTIMAL, started, options, [], ScheduleObjective(), notes, "trivial")
    model = build_model(problem, options)
    index = {id(o): i for i, o in enumerate(options)}
    stages = _Stages(model, [index[id(o)] for o in greedy], deadline, problem.seed, num_workers)
    placed_term, cost_term = model.terms
    if matches_with_options == len(greedy):  # the baseline already places every match that has an option
        stages.proven.append(True)
        stages.bounds.append(len(greedy))
        model.cp.add(placed_term.expr >= len(greedy))
        stages.notes.append(f"matches_placed={len(greedy)} (every match with an option, proven without solving)")
        stages.run(cost_term, 1.0)
    elif stages.run(placed_term, FIRST_STAGE_SHARE):
        stages.run(cost_term, 1.0)
    notes.extend(stages.notes)
    chosen = [options[i] for i in stages.incumbent]
    proven = len(stages.proven) == 2 and all(stages.proven)
    if not proven:
        chosen = fill_free(problem, options, chosen)
    placed_bound = stages.bounds[0] if stages.bounds and stages.bounds[0] >= 0 else matches_with_options
    placed_bound = max(min(placed_bound, matches_with_options), len(chosen))
    cost_bound = cheapest_cost_bound(options, placed_bound)
    if len(stages.proven) == 2 and stages.proven[0] and stages.bounds[1] >= 0:
        cost_bound = max(cost_bound, stages.bounds[1])
    bound = ScheduleObjective(placed_bound, cost_bound)
    status = SolveStatus.OPTIMAL if proven else SolveStatus.FEASIBLE
    if objective_of(chosen) == bound:
        status = SolveStatus.OPTIMAL
    return _result(problem, status, started, options, chosen, bound, notes, METHOD)


def _baseline_note(greedy: list[Option]) -> str:
    value = objective_of(greedy)
    return f"earliest-first baseline: {value.matches_placed} placed, cost {value.preference_cost}"


def _result(
    problem: ScheduleProblem,
    status: SolveStatus,
    started: float,
    options: list[Option],
    chosen: list[Option],
    bound: ScheduleObjective,
    notes: list[str],
    method: str,
) -> ScheduleResult:
    taken = occupancy_of(problem, sorted(chosen, key=lambda o: o.match))
    placements = tuple(taken.placed[m.id] for m in problem.matches if m.id in taken.placed)
    wrong = check_schedule(problem, placements)
    if wrong:  # a bug, never a result: the service answers INTERNAL and logs it
        raise AssertionError("the scheduler produced an invalid schedule: " + "; ".join(wrong[:5]))
    by_match: dict[int, list[Option]] = {}
    for o in options:
        by_match.setdefault(o.match, []).append(o)
    unplaced = tuple(
        (m.id, why_not_placed(m, by_match.get(i, []), taken)) for i, m in enumerate(problem.matches) if m.id not in taken.placed
    )
    objective = ScheduleObjective.of(placements)
    return ScheduleResult(
        status=status,
        placements=placements,
        unplaced=unplaced,
        objective=objective,
        bound=ScheduleObjective(max(bound.matches_placed, objective.matches_placed), bound.preference_cost)
        if status is not SolveStatus.OPTIMAL
        else objective,
        wall_time_s=time.monotonic() - started,
        method=method,
        notes=tuple(notes),
        seed=problem.seed,
    )


__all__ = ["Placement", "build_model", "solve_schedule"]
