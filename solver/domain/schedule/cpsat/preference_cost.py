"""Second term: the total preference cost of the placed matches (``solver/domain/schedule/preference.py``:
minutes from the reference to the start, plus the daytime penalty), minimized among schedules
placing the most matches."""

from __future__ import annotations

from solver.domain.schedule.cpsat.model import ScheduleModel

TERM = "preference_cost"


def add(model: ScheduleModel) -> None:
    model.add_term(TERM, sum(o.cost * x for o, x in zip(model.options, model.x)), maximize=False)
