"""Points one player scores against another over the whole stage (docs/rules.md
``updown.projection.tie-break-chain``): what he scored so far plus the games left between them he
wins. Head-to-head (two tied) and the mini-table (several tied) are sums of it."""

from __future__ import annotations

from solver.domain.projection.problem import PlayerId
from solver.domain.projection.updown.model import Affine, UpDownModel


def scored_against(model: UpDownModel, player: PlayerId, opponent: PlayerId) -> Affine:
    left = tuple((g.game.win, g.won(player)) for g in model.own.get(player, []) if g.opponent(player) == opponent)
    return Affine(model.scored.get(player, {}).get(opponent, 0), left)
