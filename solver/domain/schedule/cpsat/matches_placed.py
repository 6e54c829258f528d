"""First term: the number of matches placed, maximized."""

from __future__ import annotations

from solver.domain.schedule.cpsat.model import ScheduleModel

TERM = "matches_placed"


def add(model: ScheduleModel) -> None:
    model.add_term(TERM, sum(model.x), maximize=True)
