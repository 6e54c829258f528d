"""Multi-round table draws (RULES.md A, "Draw"): ``solve_draw`` is the entry point."""
from solver.domain.draw.optimize import solve_draw

__all__ = ["solve_draw"]
