"""Sonneborn-Berger at the end of the stage (docs/rules.md ``updown.standings.sonneborn-berger``): over
each of the player's games of the stage, the points he scored × that opponent's final result (his
points of this stage, plus what he carried when the ruleset counts it). The games so far weigh the
opponents' final points (linear); a game left weighs them by the literal of winning it (products)."""

from __future__ import annotations

from solver.domain.projection.problem import PlayerId
from solver.domain.projection.updown.model import Affine, UpDownModel, total


def final_result(model: UpDownModel, player: PlayerId) -> Affine:
    points = model.points[player]
    return Affine(points.const + model.sb_base[player], points.terms)


def of(model: UpDownModel, player: PlayerId) -> Affine:
    so_far = (final_result(model, q).scaled(pts) for q, pts in model.scored.get(player, {}).items() if pts)
    left = (
        model.times(g.won(player), final_result(model, g.opponent(player)).scaled(g.game.win), [(g.white_won, g.black_won)])
        for g in model.own.get(player, [])
    )
    return total((*so_far, *left))
