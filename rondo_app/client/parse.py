"""The organizer CLI's own argument syntax, parsed before anything is sent (pure: no gRPC, no I/O).

A malformed argument is the organizer's typo, not the gateway's business: each parser raises
:class:`BadArgument` naming the option and saying what it expects, and the command exits 2 with that
line, nothing sent. What the gateway checks itself (a score sum, an unknown player) is left to it, so
the rules live in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from rondo_client.notation import ANNULLED, GAME_RESULTS, game_result, whole_points

__all__ = [  # the notation's constants are read from here by the CLI's tests and commands
    "ANNULLED",
    "GAME_RESULTS",
    "BadArgument",
    "parse_chombo",
    "parse_game_result",
    "parse_points",
    "parse_scores",
    "parse_when",
    "resolve_player",
]


class BadArgument(ValueError):
    """An argument the CLI cannot read: ``option`` is the option or argument, ``message`` why."""

    def __init__(self, option: str, message: str):
        super().__init__(f"{option}: {message}")
        self.option = option
        self.message = message


def parse_points(text: str, option: str) -> int:
    """A whole number of points, e.g. ``32000``, ``-4500`` or ``+800`` (no separators, no decimals)."""
    value = whole_points(text)
    if value is None:
        raise BadArgument(option, f"{text!r} is not a whole number of points")
    return value


def parse_assignment(text: str, option: str) -> tuple[str, str]:
    """``PLAYER=VALUE`` split at the first ``=``: both sides non-empty (a player id never holds ``=``)."""
    player, sep, value = text.partition("=")
    if not sep:
        raise BadArgument(option, f"{text!r} must be PLAYER=VALUE (e.g. {option} P1=32000)")
    if not player.strip():
        raise BadArgument(option, f"{text!r}: the player before '=' is missing")
    if not value.strip():
        raise BadArgument(option, f"{text!r}: the value after '=' is missing")
    return player.strip(), value.strip()


def parse_scores(items: Iterable[str], option: str = "--score") -> dict[str, int]:
    """Every ``PLAYER=POINTS`` of a hanchan; a player named twice is refused (which one was meant?)."""
    scores: dict[str, int] = {}
    for item in items:
        player, value = parse_assignment(item, option)
        if player in scores:
            raise BadArgument(option, f"{player!r} is given twice")
        scores[player] = parse_points(value, option)
    return scores


def parse_chombo(items: Iterable[str], option: str = "--chombo") -> dict[str, int]:
    """``PLAYER`` (one chombo) or ``PLAYER=COUNT``; naming a player again adds up (two chombos)."""
    counts: dict[str, int] = {}
    for item in items:
        if "=" in item:
            player, value = parse_assignment(item, option)
            count = parse_points(value, option)
            if count <= 0:
                raise BadArgument(option, f"{item!r}: the count must be at least 1")
        else:
            player, count = item.strip(), 1
            if not player:
                raise BadArgument(option, "the player is missing")
        counts[player] = counts.get(player, 0) + count
    return counts


def parse_when(text: str, option: str) -> datetime:
    """An ISO 8601 date and time (``2026-12-05T18:00``, ``2026-12-05 18:00+03:00``, ``...Z``) or a date
    (midnight). Without an offset the answer is naive: the caller reads it in the club's time zone."""
    stripped = text.strip()
    try:
        return datetime.fromisoformat(stripped)
    except ValueError:
        raise BadArgument(option, f"{text!r} is not an ISO 8601 date and time (e.g. 2026-12-05T18:00)") from None


def resolve_player(key: str, roster: Iterable[tuple[str, str]]) -> str:
    """The player id ``key`` stands for in ``roster`` (``(id, name)`` pairs): an id as is, else the one
    player whose name it is (compared case-folded), else ``key`` unchanged — an unregistered
    substitute's name is a valid score key, and anything else is the gateway's to refuse by field."""
    pairs = list(roster)
    if any(key == player_id for player_id, _ in pairs):
        return key
    named = [player_id for player_id, name in pairs if name.casefold() == key.casefold()]
    return named[0] if len(named) == 1 else key


def parse_game_result(text: str, option: str = "--result", allow_annulled: bool = False) -> str:
    """A game's result in the regulations' notation: ``1-0``, ``0-1``, ``+/-`` and ``-/+`` (a technical
    win/loss), ``-/-`` (both lose technically, or unplayed: ``0-0`` says the same) and ``=`` (a drawn cup
    game, replayed); ``1:0`` and typographic dashes are read as well. ``annulled`` only in a correction
    (``allow_annulled``). A long Up&Down match is the same notation with ``--long``."""
    result = game_result(text, allow_annulled)
    if result is not None:
        return result
    accepted = ", ".join(GAME_RESULTS + ((ANNULLED,) if allow_annulled else ()))
    raise BadArgument(option, f"{text!r} is not a game result (one of {accepted})")
