"""Rulesets as data: the numbers and choices of a mahjong league, composed from primitives implemented once.

A ruleset names everything a club may change without new code (docs/rules.md, the ``mahjong.scoring``
and ``mahjong.standings`` rules; discard-league-2026 §4 and §5): start points and the table total, the
hanchan uma and how equal final scores share it, the chombo and no-show penalties, the match uma (or
none), hanchans per match, rounds of the regular stage, the playoff cut and the tie-break chain.
After the chain, a tie is always left to the organizer ("organizer decision required").

``RULESETS`` is the registry a season names (``"ruleset": "mahjong-league"``); :func:`variant` makes a
club's variant of a registered ruleset (another uma, another tie-break order), checked like the
original.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from league.domain import texts
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.validation import Violations, shown

#: A final score, a penalty or any amount of a ruleset, in points: far beyond any real table. The one
#: range the service (RecordHanchan, RecordPenalty) and the season files check against.
MAX_POINTS = 10_000_000
MAX_CHOMBO = 100  # chombo of one player in one hanchan
MAX_PLAYOFF_PLACES = 10_000  # the cut: at most a season file's main roster


class TieHandling(enum.StrEnum):
    """How equal final scores in a hanchan are placed (docs/rules.md ``mahjong.scoring.split-uma``)."""

    SPLIT = "split"  # the tied places share their uma equally and the average of their places (default)
    EARLIER_SEAT_WINS = "earlier_seat_wins"  # the player seated earlier (first listed) takes the better place


# The criteria a tie-break chain may name, in the words the standings use to explain themselves.
TIE_BREAK_CRITERIA: dict[str, str] = {
    "total": "total",  # higher is better
    "average_place": "average place",  # exact, lower is better
}

ORGANIZER_DECISION = texts.ORGANIZER_DECISION


@dataclass(frozen=True)
class Ruleset:
    """One mahjong league's scoring and ranking, as data. Points are integers."""

    name: str
    table_size: int = 4
    start_points: int = 30_000
    total_points: int = 120_000
    hanchan_uma: tuple[int, ...] = (15_000, 5_000, -5_000, -15_000)
    tie_handling: TieHandling = TieHandling.SPLIT
    chombo_penalty: int = 40_000  # per chombo, applied after uma
    match_uma: tuple[int, ...] | None = (15_000, 5_000, -5_000, -15_000)  # None: no match uma (e.g. a playoff)
    no_show_penalty: int = 80_000  # per match missed without warning and valid reason
    hanchans_per_match: int = 3
    rounds: int = 4
    playoff_places: int = 8  # the cut: how many continue after the regular stage (0: none)
    tie_breaks: tuple[str, ...] = ("total", "average_place")

    def __post_init__(self) -> None:
        # data from a file or a request: lists become tuples, a tie handling given by its value is accepted
        for name in ("hanchan_uma", "match_uma", "tie_breaks"):
            if isinstance(getattr(self, name), list):
                object.__setattr__(self, name, tuple(getattr(self, name)))
        if isinstance(self.tie_handling, str) and self.tie_handling in {t.value for t in TieHandling}:
            object.__setattr__(self, "tie_handling", TieHandling(self.tie_handling))
        problems = ruleset_violations(self)
        if problems:
            raise InvalidArgument.of(problems.items)


def ruleset_violations(r: Ruleset, field: str = "ruleset") -> Violations:
    """What is wrong with a ruleset, each problem at ``ruleset.<field>``."""
    v = Violations()
    if isinstance(r.table_size, bool) or not isinstance(r.table_size, int) or not 2 <= r.table_size <= 8:
        v.add(f"{field}.table_size", f"a table seats 2 to 8 players, got {shown(r.table_size)}")
    for name in ("start_points", "total_points", "chombo_penalty", "no_show_penalty"):
        value = getattr(r, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_POINTS:
            v.add(f"{field}.{name}", f"must be an integer number of points from 0 to {MAX_POINTS}, got {shown(value)}")
    for name in ("hanchans_per_match", "rounds"):
        value = getattr(r, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100:
            v.add(f"{field}.{name}", f"must be an integer from 1 to 100, got {shown(value)}")
    places = r.playoff_places
    if isinstance(places, bool) or not isinstance(places, int) or not 0 <= places <= MAX_PLAYOFF_PLACES:
        v.add(f"{field}.playoff_places", f"must be an integer from 0 to {MAX_PLAYOFF_PLACES}, got {shown(places)}")
    for name in ("hanchan_uma", "match_uma"):
        uma = getattr(r, name)
        if uma is None and name == "match_uma":
            continue
        if not isinstance(uma, tuple) or any(isinstance(x, bool) or not isinstance(x, int) for x in uma):
            v.add(f"{field}.{name}", f"must be a list of integer amounts, one per place, got {shown(uma)}")
        elif any(not -MAX_POINTS <= x <= MAX_POINTS for x in uma):
            v.add(f"{field}.{name}", f"every amount must be between {-MAX_POINTS} and {MAX_POINTS} points")
        elif len(uma) != r.table_size:
            v.add(f"{field}.{name}", f"needs one amount per place ({r.table_size}), got {len(uma)}")
        elif list(uma) != sorted(uma, reverse=True):
            v.add(f"{field}.{name}", "amounts must not increase from 1st place to last")
    if not isinstance(r.tie_handling, TieHandling):
        v.add(f"{field}.tie_handling", f"one of {', '.join(t.value for t in TieHandling)}")
    if not isinstance(r.tie_breaks, tuple) or not r.tie_breaks:
        v.add(f"{field}.tie_breaks", f"a non-empty list of criteria from: {', '.join(TIE_BREAK_CRITERIA)}")
    else:
        for i, criterion in enumerate(r.tie_breaks):
            if not isinstance(criterion, str) or criterion not in TIE_BREAK_CRITERIA:
                v.add(f"{field}.tie_breaks[{i}]", f"unknown criterion {shown(criterion)}; known: {', '.join(TIE_BREAK_CRITERIA)}")
        if all(isinstance(c, str) for c in r.tie_breaks) and len(set(r.tie_breaks)) != len(r.tie_breaks):
            v.add(f"{field}.tie_breaks", "names a criterion twice")
    return v


MAHJONG_LEAGUE = Ruleset(name="mahjong-league")

# The registry a season file or a competition names. A club's variant is data: see :func:`variant`.
RULESETS: dict[str, Ruleset] = {MAHJONG_LEAGUE.name: MAHJONG_LEAGUE}

_VARIABLE = {f.name for f in dataclasses.fields(Ruleset)} - {"name"}


def variant(base: str, overrides: Mapping[str, Any], name: str | None = None, field: str = "ruleset") -> Ruleset:
    """A registered ruleset with some of its data replaced (lists become tuples; ``tie_handling`` by value).

    Raises :class:`InvalidArgument` naming ``ruleset.<field>`` for an unknown base, an unknown field or a
    bad value; nothing is returned on error.
    """
    v = Violations()
    if base not in RULESETS:
        v.add(f"{field}.base" if overrides or name else field, unknown_ruleset(base))
        v.raise_if_any()
    changes: dict[str, Any] = {}
    for key, value in overrides.items():
        if key not in _VARIABLE:
            v.add(f"{field}.{key}", f"unknown ruleset field; known: {', '.join(sorted(_VARIABLE))}")
        elif key == "tie_handling":
            try:
                changes[key] = TieHandling(value)
            except ValueError:
                v.add(f"{field}.{key}", f"one of {', '.join(t.value for t in TieHandling)}, got {shown(value)}")
        elif isinstance(value, list):
            changes[key] = tuple(value)
        else:
            changes[key] = value
    v.raise_if_any()
    try:
        return dataclasses.replace(RULESETS[base], name=name or f"{base} (variant)", **changes)
    except InvalidArgument as error:
        raise InvalidArgument.of(
            [dataclasses.replace(x, field=x.field.replace("ruleset", field, 1)) for x in error.violations]
        ) from None


def unknown_ruleset(name: object) -> str:
    return f"unknown ruleset {shown(name)}; known: {', '.join(sorted(RULESETS))}"
