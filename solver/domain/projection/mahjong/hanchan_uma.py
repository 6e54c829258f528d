"""A hanchan's results (docs/rules.md ``mahjong.scoring.hanchan-uma``): (final score − start) + the uma
of the place by final score, equal scores sharing places and uma (``place_by_value``). The projection
assumes no chombo and no penalty in the games left (``mahjong.projection.outcome-space``)."""

from __future__ import annotations

from solver.domain.projection.mahjong import place_by_value
from solver.domain.projection.mahjong.model import ProjectionModel


def add(model: ProjectionModel) -> None:
    p = model.problem
    step = model.points(p.outcomes.score_step)
    start = model.points(p.outcomes.start)
    bound = p.outcomes.table_total // p.outcomes.score_step + abs(p.outcomes.min_score) // p.outcomes.score_step * p.table_size
    for match in model.matches:
        for h in match.hanchans:
            name = f"m{match.index}h{h.number}"
            places, uma = place_by_value.add(model, h.scores, bound, p.hanchan_uma, p.split_ties, name)
            h.places = places
            h.results = [step * s - start + u for s, u in zip(h.scores, uma, strict=True)]
