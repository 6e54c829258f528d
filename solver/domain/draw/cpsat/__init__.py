"""CP-SAT model of the multi-round table draw (one module per constraint or objective term).

Public entry point: ``solve_cpsat(problem, time_limit_s, hint=None, use_bounds=True, num_workers=2)``.
"""
from solver.domain.draw.cpsat.model import DrawModel
from solver.domain.draw.cpsat.solve import solve_cpsat

__all__ = ["DrawModel", "solve_cpsat"]
