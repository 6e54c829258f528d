"""No room holds two placed matches at once (booking's candidates already leave out the room's
existing bookings; this keeps the round's own proposals apart)."""

from __future__ import annotations

from collections import defaultdict

from solver.domain.schedule.cpsat.model import ScheduleModel


def add(model: ScheduleModel) -> None:
    by_room: dict[str, list[int]] = defaultdict(list)
    for i, o in enumerate(model.options):
        by_room[o.room].append(i)
    for indices in by_room.values():
        model.at_most_one_at_each_start(indices)
