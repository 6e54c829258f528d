"""CP-SAT model of the multi-round table draw (one module per constraint or objective term).

Public entry point: ``solve_cpsat(problem, time_limit_s, hint=None, use_bounds=True, num_workers=2)``.

``model`` holds the variables and bookkeeping; each constraint (``one_table_per_round``,
``table_size``, ``fixed_rounds``, ``pins``, ``separations``, ``symmetry``) and each objective term
(``separations.add_soft``, ``pair_meetings`` + ``objective``, ``players_moved``, floors from
``bounds``) adds itself to it; ``lexicographic`` minimizes the terms in order; ``solve`` puts it together.
"""

from solver.domain.draw.cpsat.model import DrawModel
from solver.domain.draw.cpsat.solve import solve_cpsat

__all__ = ["DrawModel", "solve_cpsat"]
