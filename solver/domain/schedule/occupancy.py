"""Who and what is taken when, by the matches placed so far: the rule "no player and no room in two
matches at once" (docs/rules.md ``schedule.auto.no-double-booking``) for the greedy baseline, the
filling pass after CP-SAT and the reasons of the matches left out."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from solver.domain.schedule.problem import Placement, ScheduleProblem
from solver.domain.schedule.starts import Option


@dataclass
class Occupancy:
    problem: ScheduleProblem
    rooms: dict[str, list[tuple[int, int, str]]] = field(default_factory=lambda: defaultdict(list))
    players: dict[str, list[tuple[int, int, str]]] = field(default_factory=lambda: defaultdict(list))
    placed: dict[str, Placement] = field(default_factory=dict)

    def room_taken_by(self, option: Option) -> str | None:
        """The placed match holding the option's room at an overlapping time (None: free)."""
        return next((m for s, e, m in self.rooms[option.room] if s < option.end_minute and option.minute < e), None)

    def players_taken_by(self, option: Option) -> list[tuple[str, str]]:
        """(player, placed match) for every player of the option's match already playing then."""
        match = self.problem.matches[option.match]
        return [
            (p, m)
            for p in match.players
            for s, e, m in self.players[p]
            if m != match.id and s < option.end_minute and option.minute < e
        ]

    def fits(self, option: Option) -> bool:
        return (
            self.problem.matches[option.match].id not in self.placed
            and self.room_taken_by(option) is None
            and not self.players_taken_by(option)
        )

    def place(self, option: Option) -> Placement:
        match = self.problem.matches[option.match]
        span = (option.minute, option.end_minute, match.id)
        self.rooms[option.room].append(span)
        for p in match.players:
            self.players[p].append(span)
        placement = Placement(match.id, option.start, option.end, option.room, option.cost)
        self.placed[match.id] = placement
        return placement


def occupancy_of(problem: ScheduleProblem, chosen: list[Option]) -> Occupancy:
    taken = Occupancy(problem)
    for option in chosen:
        taken.place(option)
    return taken
