"""Bounds first (docs/rules.md ``updown.projection.bounds-first``): each player's points lie between
what he has (every game left lost or unplayed) and that plus every game left won. A rival whose
lowest total is above the player's highest is above him whatever happens; one whose highest is below
the player's lowest is below him; only the rest (``level``: they may finish on equal points) need
the chain and CP-SAT. When even every such rival ahead leaves the player within the cut he has
clinched it; when the certain ones alone fill the cut he is out."""

from __future__ import annotations

from dataclasses import dataclass

from solver.domain.projection.problem import Fate, PlayerId
from solver.domain.projection.updown.problem import UpDownProjectionProblem


@dataclass(frozen=True)
class Rivals:
    above: int  # ranked players certainly above the player
    level: tuple[PlayerId, ...]  # ranked players whose points may equal his

    def fate(self, places: int) -> Fate | None:
        """The fate every outcome gives at a cut of ``places``, when the bounds alone prove it."""
        if self.above + len(self.level) <= places - 1:
            return Fate.IN
        if self.above >= places:
            return Fate.OUT
        return None


def point_ranges(problem: UpDownProjectionProblem) -> dict[PlayerId, tuple[int, int]]:
    most = {s.player: s.points for s in problem.standings}
    for g in problem.remaining:
        for player in (g.white, g.black):
            most[player] += g.win
    return {s.player: (s.points, most[s.player]) for s in problem.standings}


def rivals_of(player: PlayerId, ranked: tuple[PlayerId, ...], ranges: dict[PlayerId, tuple[int, int]]) -> Rivals:
    low, high = ranges[player]
    above = 0
    level = []
    for q in ranked:
        if q == player:
            continue
        q_low, q_high = ranges[q]
        if q_low > high:
            above += 1
        elif q_high >= low:
            level.append(q)
    return Rivals(above, tuple(level))
