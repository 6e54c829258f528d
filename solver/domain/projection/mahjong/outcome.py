"""One outcome of the games left, scored exactly in Python (docs/rules.md ``mahjong.projection.witness``).

The same rules as the CP-SAT model, read directly: a hanchan result is (final score − start) + the uma
of the place by final score, equal scores sharing places and uma (or, with ``split_ties`` off, the
earlier seat placed higher); the match uma follows the match sums (carried + results), equal sums
sharing it; the chain compares one player with another as ``tie_break_chain`` does. Amounts are whole
numbers in the model's units (``model.scales``), so comparing is exact.

A witness the projection builds without CP-SAT is scored here, and only the fate it scores is claimed
(the tests replay every witness through league's own scoring).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from solver.domain.projection.mahjong.model import scales
from solver.domain.projection.problem import MahjongProjectionProblem, PlayerId

Scores = tuple[int, ...]  # one hanchan's final scores in points, seat order
MatchScores = tuple[Scores, ...]  # the hanchans left of one match


@dataclass(frozen=True)
class SeatEffect:
    """What one outcome of a match adds to a seat: points and hanchan places (scaled), and the place by
    match sum (scaled places; what "what do I need" reads)."""

    total: int
    place_sum: int
    match_place: int


@dataclass(frozen=True)
class Figures:
    """A ranked player's final figures, scaled: total, place sum, and hanchans played at the end."""

    total: int
    place_sum: int
    hanchans: int


def places_and_uma(values: Sequence[Fraction | int], uma: Sequence[int], split_ties: bool) -> list[tuple[Fraction, Fraction]]:
    """``(place, uma share)`` of each seat by value, higher first (``place_by_value``'s rule)."""
    out = []
    for i, v in enumerate(values):
        if split_ties:
            better = sum(1 for x in values if x > v)
            equal = sum(1 for x in values if x == v)
        else:
            better = sum(1 for j, x in enumerate(values) if x > v or (x == v and j < i))
            equal = 1
        out.append((Fraction(2 * better + equal + 1, 2), Fraction(sum(uma[better : better + equal]), equal)))
    return out


class Scorer:
    """Scores outcomes of one problem's matches in the model's integer units."""

    def __init__(self, problem: MahjongProjectionProblem) -> None:
        self.problem = problem
        self.points_scale, self.place_scale = scales(problem)
        self.ranked = tuple(s.player for s in problem.standings)
        left: dict[PlayerId, int] = {p: 0 for p in self.ranked}
        for m in problem.remaining:
            for p in m.players:
                if p in left:
                    left[p] += m.hanchans
        self.base = {
            s.player: Figures(self.points(s.total), self.place(s.place_sum), s.hanchans + left[s.player])
            for s in problem.standings
        }

    def points(self, value: Fraction | int) -> int:
        return int(Fraction(value) * self.points_scale)

    def place(self, value: Fraction | int) -> int:
        return int(Fraction(value) * self.place_scale)

    def match(self, index: int, hanchans: MatchScores) -> tuple[SeatEffect, ...]:
        p = self.problem
        remaining = p.remaining[index]
        n = len(remaining.players)
        results = [Fraction(0)] * n
        places = [Fraction(0)] * n
        for scores in hanchans:
            for seat, (place, share) in enumerate(places_and_uma(scores, p.hanchan_uma, p.split_ties)):
                results[seat] += scores[seat] - p.outcomes.start + share
                places[seat] += place
        sums = [Fraction(remaining.carried_of(seat)) + results[seat] for seat in range(n)]
        by_sum = places_and_uma(sums, p.match_uma or (0,) * n, True)
        return tuple(
            SeatEffect(self.points(results[seat] + by_sum[seat][1]), self.place(places[seat]), self.place(by_sum[seat][0]))
            for seat in range(n)
        )


def lead(chain: Sequence[str], q: Figures, p: Figures) -> int:
    """1 when ``q`` ranks above ``p`` under the chain, -1 below, 0 when only the organizer can part them."""
    for criterion in chain:
        if criterion == "total":
            d = q.total - p.total
        elif criterion == "average_place":
            d = p.place_sum * q.hanchans - q.place_sum * p.hanchans if q.hanchans and p.hanchans else 0
        else:
            raise ValueError(f"unknown tie-break criterion {criterion!r}")
        if d:
            return 1 if d > 0 else -1
    return 0
