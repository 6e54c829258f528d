"""A fate at a cut (docs/rules.md ``mahjong.projection.fate-at-cut``): with ``A`` rivals ranked strictly
above the player and ``T`` tied with them on the whole chain, the player's place range is
``A + 1 .. A + 1 + T``: IN when it ends within the cut (``A + T < places``), OUT when it starts below
it (``A >= places``), an organizer decision when it straddles the cut.

A rival may be a constant pair (``bounds`` settled it); ``enforce`` makes the fate one question of a
model that asks several (solved under the assumption that the literal holds)."""

from __future__ import annotations

from collections.abc import Sequence

from ortools.sat.python import cp_model

from solver.domain.projection.mahjong.model import LinearExpr, ProjectionModel
from solver.domain.projection.problem import Fate


def require(model: ProjectionModel, bound: cp_model.BoundedLinearExpression | bool, enforce: cp_model.IntVar | None) -> None:
    """Add ``bound`` (a constant truth when every term is settled), enforced by ``enforce`` if given."""
    if isinstance(bound, bool | int):
        if not bound:
            model.cp.add_bool_or([enforce.negated()] if enforce is not None else [])
        return
    constraint = model.cp.add(bound)
    if enforce is not None:
        constraint.only_enforce_if(enforce)


def add(
    model: ProjectionModel,
    rivals: Sequence[tuple[LinearExpr, LinearExpr]],
    places: int,
    fate: Fate,
    enforce: cp_model.IntVar | None = None,
) -> None:
    ahead = sum(a for a, _ in rivals)
    ahead_or_tied = sum(a + t for a, t in rivals)
    if fate is Fate.IN:
        require(model, ahead_or_tied <= places - 1, enforce)
    elif fate is Fate.OUT:
        require(model, ahead >= places, enforce)
    else:
        require(model, ahead <= places - 1, enforce)
        require(model, ahead_or_tied >= places, enforce)


def add_not_in(
    model: ProjectionModel,
    rivals: Sequence[tuple[LinearExpr, LinearExpr]],
    places: int,
    enforce: cp_model.IntVar | None = None,
) -> None:
    """OUT or an organizer decision: the player's place range does not end within the cut."""
    require(model, sum(a + t for a, t in rivals) >= places, enforce)
