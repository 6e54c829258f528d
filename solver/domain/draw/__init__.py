"""Multi-round table draws (docs/rules.md, ``mahjong.draw.*``, ``draw.*``): ``solve_draw`` is the entry point."""

from solver.domain.draw.optimize import solve_draw

__all__ = ["solve_draw"]
