"""The earliest-first baseline (and the CP-SAT model's first hint): take every option of every match
in order of start (then the match's order, then the room's), and place a match at the first option
that is free: its room not taken and none of its players playing then. Fast and often good; it can
lose matches (an early placement may take the only time another match has), which is what the
CP-SAT model improves on (``bench.solver.schedule`` compares the two)."""

from __future__ import annotations

from solver.domain.schedule.occupancy import Occupancy, occupancy_of
from solver.domain.schedule.problem import ScheduleProblem
from solver.domain.schedule.starts import Option


def earliest_first(problem: ScheduleProblem, options: list[Option]) -> list[Option]:
    taken = Occupancy(problem)
    chosen = []
    for option in sorted(options, key=lambda o: (o.minute, o.match)):
        if taken.fits(option):
            taken.place(option)
            chosen.append(option)
    return chosen


def fill_free(problem: ScheduleProblem, options: list[Option], chosen: list[Option]) -> list[Option]:
    """``chosen`` plus every match still out that has a free option, cheapest first (after a
    time-limited solve: a left-out match always has a reason)."""
    taken = occupancy_of(problem, chosen)
    out = list(chosen)
    for option in sorted(options, key=lambda o: (o.cost, o.minute, o.match)):
        if taken.fits(option):
            taken.place(option)
            out.append(option)
    return out
