"""The draw-engine functions this package uses (objective, bounds, validation), in one place.

They belong to ``solver.domain.draw.objective``, ``.bounds``, ``.validate`` and ``.redraw``.
"""
from __future__ import annotations

from solver.domain.draw.bounds import lower_bound, max_player_repeats_bound  # noqa: F401
from solver.domain.draw.objective import evaluate  # noqa: F401
from solver.domain.draw.validate import check_draw, validate_problem  # noqa: F401
from solver.domain.draw.redraw import players_moved  # noqa: F401
