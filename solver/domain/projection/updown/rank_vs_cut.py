"""A fate at a cut (docs/rules.md ``updown.projection.fate-at-cut``): with ``A`` rivals ranked strictly
above the player (those certainly above by their points, plus the rivals' ``ahead`` literals) and ``T``
tied with him on the whole chain, his place range is ``A + 1 .. A + 1 + T``: IN when it ends within the
cut, OUT when it starts below it, an organizer decision (or an extra match) when it straddles it."""

from __future__ import annotations

from collections.abc import Sequence

from solver.domain.projection.problem import Fate
from solver.domain.projection.updown.model import Lit, UpDownModel


def add(model: UpDownModel, above: int, rivals: Sequence[tuple[Lit, Lit]], places: int, fate: Fate | None) -> None:
    """``fate`` None: not IN (OUT or an organizer decision)."""
    ahead = above + sum(a for a, _ in rivals)
    ahead_or_tied = above + sum(a + t for a, t in rivals)
    if fate is Fate.IN:
        model.cp.add(ahead_or_tied <= places - 1)
    elif fate is Fate.OUT:
        model.cp.add(ahead >= places)
    elif fate is Fate.ORGANIZER_DECISION:
        model.cp.add(ahead <= places - 1)
        model.cp.add(ahead_or_tied >= places)
    else:
        model.cp.add(ahead_or_tied >= places)
