"""The match uma (docs/rules.md ``mahjong.scoring.match-uma``): by place of each seat's match sum (the
hanchans already played in the match plus those left), equal sums splitting it. The places by match
sum are kept for "what do I need" (``own_place``) even when the ruleset has no match uma."""

from __future__ import annotations

from solver.domain.projection.mahjong import place_by_value
from solver.domain.projection.mahjong.model import ProjectionModel


def add(model: ProjectionModel) -> None:
    p = model.problem
    uma = p.match_uma or (0,) * p.table_size
    for match in model.matches:
        remaining = p.remaining[match.index]
        match.sums = [
            model.points(remaining.carried_of(seat)) + sum(h.results[seat] for h in match.hanchans)
            for seat in range(len(match.players))
        ]
        match.places, match.uma = place_by_value.add(model, match.sums, uma, True, f"m{match.index}")
