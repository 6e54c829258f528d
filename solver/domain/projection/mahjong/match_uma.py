"""The match uma (docs/rules.md ``mahjong.scoring.match-uma``): by place of each seat's match sum (the
hanchans already played in the match plus those left), equal sums splitting it. The places by match
sum are kept for "what do I need" (``own_place``) even when the ruleset has no match uma."""

from __future__ import annotations

from solver.domain.projection.mahjong import place_by_value
from solver.domain.projection.mahjong.model import ProjectionModel


def add(model: ProjectionModel) -> None:
    p = model.problem
    uma = p.match_uma or (0,) * p.table_size
    o = p.outcomes
    per_hanchan = model.points(o.table_total - (p.table_size - 1) * o.min_score + abs(o.start)) + model.points(
        max(map(abs, p.hanchan_uma))
    )
    for match in model.matches:
        remaining = p.remaining[match.index]
        match.sums = [
            model.points(remaining.carried_of(seat)) + sum(h.results[seat] for h in match.hanchans)
            for seat in range(len(match.players))
        ]
        carried = max((abs(model.points(c)) for c in remaining.carried), default=0)
        bound = carried + per_hanchan * len(match.hanchans)
        match.places, match.uma = place_by_value.add(model, match.sums, bound, uma, True, f"m{match.index}")
