"""Each player's final points (docs/rules.md ``updown.scoring.points``, ``updown.scoring.long-match``):
the points so far (carried + this stage) plus the winner's points of every game left he wins."""

from __future__ import annotations

from solver.domain.projection.updown.model import Affine, UpDownModel


def add(model: UpDownModel) -> None:
    for s in model.problem.standings:
        model.own.setdefault(s.player, [])
        wins = tuple((g.game.win, g.won(s.player)) for g in model.own[s.player])
        model.points[s.player] = Affine(s.points, wins)
        model.sb_base[s.player] = 0 if model.problem.sb_counts_carried else -s.carried
    for pair in model.problem.scored:
        against = model.scored.setdefault(pair.player, {})
        against[pair.opponent] = against.get(pair.opponent, 0) + pair.points
