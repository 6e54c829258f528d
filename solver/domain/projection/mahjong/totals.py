"""Final figures of each ranked player (docs/rules.md ``mahjong.standings.total-then-average-place``):
the total so far plus every remaining hanchan result and match uma; the place sum so far plus every
remaining hanchan place; the hanchans played once every game left is played."""

from __future__ import annotations

from solver.domain.projection.mahjong.model import ProjectionModel


def add(model: ProjectionModel) -> None:
    for s in model.problem.standings:
        total = model.points(s.total)
        place_sum = model.place(s.place_sum)
        hanchans = s.hanchans
        for match, seat in model.own_matches[s.player]:
            total += sum(h.results[seat] for h in match.hanchans) + match.uma[seat]
            place_sum += sum(h.places[seat] for h in match.hanchans)
            hanchans += len(match.hanchans)
        model.totals[s.player] = total
        model.place_sums[s.player] = place_sum
        model.hanchans_played[s.player] = hanchans
