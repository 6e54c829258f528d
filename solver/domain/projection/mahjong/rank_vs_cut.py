"""A fate at a cut (docs/rules.md ``mahjong.projection.fate-at-cut``): with ``A`` rivals ranked strictly
above the player and ``T`` tied with them on the whole chain, the player's place range is
``A + 1 .. A + 1 + T``: IN when it ends within the cut (``A + T < places``), OUT when it starts below
it (``A >= places``), an organizer decision when it straddles the cut."""

from __future__ import annotations

from collections.abc import Sequence

from solver.domain.projection.mahjong.model import LinearExpr, ProjectionModel
from solver.domain.projection.problem import Fate


def add(model: ProjectionModel, rivals: Sequence[tuple[LinearExpr, LinearExpr]], places: int, fate: Fate) -> None:
    ahead = sum(a for a, _ in rivals)
    ahead_or_tied = sum(a + t for a, t in rivals)
    if fate is Fate.IN:
        model.cp.add(ahead_or_tied <= places - 1)
    elif fate is Fate.OUT:
        model.cp.add(ahead >= places)
    else:
        model.cp.add(ahead <= places - 1)
        model.cp.add(ahead_or_tied >= places)


def add_not_in(model: ProjectionModel, rivals: Sequence[tuple[LinearExpr, LinearExpr]], places: int) -> None:
    """OUT or an organizer decision: the player's place range does not end within the cut."""
    model.cp.add(sum(a + t for a, t in rivals) >= places)
