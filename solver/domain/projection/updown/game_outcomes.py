"""What a game left may end as (docs/rules.md ``updown.projection.outcome-space``): white wins, black
wins or, when the problem allows it, neither (unplayed by the deadline, 0-0, §7.8; a double technical
loss scores the same). A technical win scores as a win (§6.1), so these are every outcome's points."""

from __future__ import annotations

from solver.domain.projection.updown.model import GameVars, UpDownModel


def add(model: UpDownModel) -> None:
    cp = model.cp
    for i, g in enumerate(model.problem.remaining):
        white, black = cp.new_bool_var(f"g{i}w"), cp.new_bool_var(f"g{i}b")
        if model.problem.unplayed_possible:
            cp.add_at_most_one(white, black)
        else:
            cp.add_exactly_one(white, black)
        vars_ = GameVars(i, g, white, black)
        model.games.append(vars_)
        for player in (g.white, g.black):
            model.own.setdefault(player, []).append(vars_)
