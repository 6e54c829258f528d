"""The player's own results (docs/rules.md ``updown.projection.what-do-i-need``): he wins at least
``wins`` of his games left, whichever."""

from __future__ import annotations

from solver.domain.projection.problem import PlayerId
from solver.domain.projection.updown.model import UpDownModel


def add(model: UpDownModel, player: PlayerId, wins: int) -> None:
    model.cp.add(sum(g.won(player) for g in model.own[player]) >= wins)
