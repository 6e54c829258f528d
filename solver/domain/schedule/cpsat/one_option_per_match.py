"""A match is placed at most once: at most one of its options is taken (one meeting per match)."""

from __future__ import annotations

from solver.domain.schedule.cpsat.model import ScheduleModel


def add(model: ScheduleModel) -> None:
    for indices in model.by_match.values():
        if len(indices) > 1:
            model.cp.add_at_most_one(model.x[i] for i in indices)
