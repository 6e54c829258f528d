"""The player's own result (docs/rules.md ``mahjong.projection.what-do-i-need``): the place by match
sum in each of the player's remaining matches is ``place`` or better (a shared place counts as its
average: 1.5 is "2nd or better")."""

from __future__ import annotations

from ortools.sat.python import cp_model

from solver.domain.projection.mahjong.model import ProjectionModel
from solver.domain.projection.problem import PlayerId


def add(model: ProjectionModel, player: PlayerId, place: int, enforce: cp_model.IntVar | None = None) -> None:
    for match, seat in model.own_matches[player]:
        constraint = model.cp.add(match.places[seat] <= model.place(place))
        if enforce is not None:
            constraint.only_enforce_if(enforce)
