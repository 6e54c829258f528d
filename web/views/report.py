"""A reported hanchan as the form sends it: each player's final score (a whole number; spaces, as in
"45 000", are allowed) and chombo count. Either the scores and chombos, or what is wrong — the sums
and the rest are the gateway's to check (RecordHanchan's rules)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

SCORE_LIMIT = 1_000_000
MAX_CHOMBO = 10
MAX_HANCHAN = 9
_INTEGER = re.compile(r"^[+-]?[0-9]{1,7}$")
_SPACES = re.compile(r"[\s\u00a0\u202f\u2009_]")


def N_(message: str) -> str:
    """A msgid the page translates when it shows it (extracted by Babel)."""
    return message


NOT_A_NUMBER = N_("Every score must be a whole number.")
OUT_OF_RANGE = N_("A score or a chombo count is out of range.")


@dataclass
class ReportedHanchan:
    number: int
    scores: dict[str, int] = field(default_factory=dict)
    chombo: dict[str, int] = field(default_factory=dict)


def _integer(raw: str) -> int | None:
    cleaned = _SPACES.sub("", raw or "")
    return int(cleaned) if _INTEGER.match(cleaned) else None


def read_hanchan(value: Callable[[str], str], players: Sequence[str]) -> ReportedHanchan | str:
    """The hanchan from ``value(field name)`` (``number``, ``score-<player>``, ``chombo-<player>``), or
    the msgid of the problem."""
    number = _integer(value("number"))
    if number is None:
        return NOT_A_NUMBER
    if not 1 <= number <= MAX_HANCHAN:
        return OUT_OF_RANGE
    found = ReportedHanchan(number)
    for player in players:
        score = _integer(value(f"score-{player}"))
        chombo = _integer(value(f"chombo-{player}") or "0")
        if score is None or chombo is None:
            return NOT_A_NUMBER
        if not -SCORE_LIMIT <= score <= SCORE_LIMIT or not 0 <= chombo <= MAX_CHOMBO:
            return OUT_OF_RANGE
        found.scores[player] = score
        if chombo:
            found.chombo[player] = chombo
    return found
