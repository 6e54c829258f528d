"""What a person types for a result, read the same way by every client (pure): whole points and the
regulations' notation of a 1-vs-1 game. A client says what it could not read in its own words (the
CLI names its option, the web app its form field); these answer None for text they cannot read."""

from __future__ import annotations

import re

_POINTS = re.compile(r"[+-]?[0-9]+")

# The notations of a 1-vs-1 game (the cup, Up&Down), as the regulations write them, first player first.
GAME_RESULTS = ("1-0", "0-1", "+/-", "-/+", "-/-", "=")
ANNULLED = "annulled"
_GAME_ALIASES = {"1:0": "1-0", "0:1": "0-1", "+:-": "+/-", "-:+": "-/+", "-:-": "-/-", "0-0": "-/-", "draw": "="}
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-"})


def whole_points(text: str) -> int | None:
    """A whole number of points, e.g. ``32000``, ``-4500`` or ``+800`` (no separators, no decimals)."""
    stripped = text.strip()
    if not _POINTS.fullmatch(stripped):
        return None
    return int(stripped)


def game_result(text: str, allow_annulled: bool = False) -> str | None:
    """A game's result in the regulations' notation: ``1-0``, ``0-1``, ``+/-`` and ``-/+`` (a technical
    win/loss), ``-/-`` (both lose technically, or unplayed: ``0-0`` says the same) and ``=`` (a drawn cup
    game, replayed); ``1:0`` and typographic dashes are read as well. ``annulled`` only in a correction."""
    typed = text.strip().translate(_DASHES).replace(" ", "").casefold()
    result = _GAME_ALIASES.get(typed, typed)
    if result in GAME_RESULTS or (allow_annulled and result == ANNULLED):
        return result
    return None
