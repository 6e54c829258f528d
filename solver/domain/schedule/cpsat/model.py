"""``ScheduleModel``: the CP-SAT model of a round's schedule, its variables and bookkeeping.

    x[o]   option o is taken: match ``options[o].match`` starts at ``options[o].start`` in ``options[o].room``

Every constraint and objective term is a module with ``add(model)`` (the CP-SAT Primer's layout).
Overlaps are forbidden with clique constraints: among intervals, every set of pairwise-overlapping
ones shares the start of one of them, so "at most one option active at each option's start" is
exactly "no two overlap" and is the tightest linear form (``at_most_one_at_each_start``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from solver.domain.schedule.problem import ScheduleProblem
from solver.domain.schedule.starts import Option


@dataclass
class Term:
    """One lexicographic term: ``expr`` is maximized (``maximize``) or minimized, after the terms before it."""

    name: str
    expr: cp_model.LinearExprT
    maximize: bool


class ScheduleModel:
    def __init__(self, problem: ScheduleProblem, options: list[Option]):
        self.problem = problem
        self.options = options
        self.cp = cp_model.CpModel()
        self.x = [self.cp.new_bool_var(f"x[{o.match},{o.minute},{o.room}]") for o in options]
        self.by_match: dict[int, list[int]] = defaultdict(list)
        for i, o in enumerate(options):
            self.by_match[o.match].append(i)
        self.terms: list[Term] = []

    def add_term(self, name: str, expr: cp_model.LinearExprT, maximize: bool) -> Term:
        term = Term(name, expr, maximize)
        self.terms.append(term)
        return term

    def at_most_one_at_each_start(self, indices: Iterable[int]) -> None:
        """No two of these options overlap in time: a sweep over their distinct starts emits the set
        active at a start only when it is maximal (something ends before the next start, or none follows)."""
        ordered = sorted(indices, key=lambda i: self.options[i].minute)
        active: list[int] = []
        k = 0
        while k < len(ordered):
            t = self.options[ordered[k]].minute
            still = [j for j in active if self.options[j].end_minute > t]
            if len(still) < len(active) and len(active) >= 2:
                self.cp.add_at_most_one(self.x[j] for j in active)  # maximal: some of it ends before t
            active = still
            while k < len(ordered) and self.options[ordered[k]].minute == t:
                active.append(ordered[k])
                k += 1
        if len(active) >= 2:
            self.cp.add_at_most_one(self.x[j] for j in active)

    def hint(self, chosen: Iterable[int]) -> None:
        taken = set(chosen)
        self.cp.clear_hints()
        for i, var in enumerate(self.x):
            self.cp.add_hint(var, i in taken)

    def chosen(self, solver: cp_model.CpSolver) -> list[int]:
        return [i for i, var in enumerate(self.x) if solver.boolean_value(var)]
