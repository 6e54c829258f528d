"""One projection question put to CP-SAT ("is there an outcome with this fate?"), for any ruleset's
model: a pure feasibility search within the problem's time limit, its proof status read as
:class:`~solver.domain.projection.problem.SearchStatus` (docs/rules.md ``*.projection.exact-by-cp-sat``)."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.domain.projection.problem import SearchStatus


def ask(cp: cp_model.CpModel, time_limit_s: float, num_workers: int) -> tuple[SearchStatus, cp_model.CpSolver]:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit_s
    solver.parameters.num_workers = num_workers
    solver.parameters.linearization_level = 0  # feasibility only: the LP relaxation does not help the proofs
    status = solver.solve(cp)
    found = {
        cp_model.OPTIMAL: SearchStatus.FOUND,
        cp_model.FEASIBLE: SearchStatus.FOUND,
        cp_model.INFEASIBLE: SearchStatus.IMPOSSIBLE,
        cp_model.UNKNOWN: SearchStatus.NOT_PROVEN,
    }.get(status)
    if found is None:
        raise RuntimeError(f"the projection model is invalid ({solver.status_name(status)})")
    return found, solver
