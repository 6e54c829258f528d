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
    for match in model.matches:
        for h in match.hanchans:
            places, uma = place_by_value.add(model, h.scores, p.hanchan_uma, p.split_ties, f"m{match.index}h{h.number}")
            h.places = places
            h.results = [step * s - start + u for s, u in zip(h.scores, uma, strict=True)]
