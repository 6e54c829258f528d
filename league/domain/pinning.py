"""A competition's ruleset pinned as versioned data (docs/rules.md ``mahjong.ruleset.pinned-with-versions``).

The scoring ruleset (scoring, tie-break order, cut places) is stored as data, version 1 when the
competition is created; every change is a new version with who changed it, when and why, and the
standings use the latest version and say which. After the competition starts (its first draw is
approved) a change needs a reason. Rulesets without scoring data yet (the cup, Up&Down) store their
name and an empty data object. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from league.domain.mahjong.ruleset import Ruleset, variant
from league.domain.records import SCORED_RULESETS
from league.domain.updown.standings import SUPER_LEAGUE, updown_variant
from rondo_runtime.errors import InvalidArgument

#: Fields a competition decides itself, not its ruleset data.
FROM_COMPETITION = ("rounds", "table_size")
MAX_OVERRIDES_LENGTH = 10_000


@dataclass(frozen=True)
class RulesetVersion:
    competition_id: str
    version: int  # 1 when the competition is created, +1 for every change
    name: str
    data: Mapping[str, Any]  # the ruleset as JSON data; {} for a ruleset without scoring data yet
    reason: str
    changed_by: str
    at: datetime


def ruleset_data(r: Ruleset) -> dict[str, Any]:
    """A ruleset as JSON data (``dataclasses.asdict`` with lists and enum values)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(r):
        value = getattr(r, f.name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, enum.Enum):
            value = value.value
        out[f.name] = value
    return out


def ruleset_from_data(data: Mapping[str, Any]) -> Ruleset:
    return Ruleset(**dict(data))


def parse_overrides(text: str, field: str) -> dict[str, Any]:
    """A JSON object of ruleset fields; empty text = no overrides."""
    if not text.strip():
        return {}
    if len(text) > MAX_OVERRIDES_LENGTH:
        raise InvalidArgument.single(field, f"at most {MAX_OVERRIDES_LENGTH} characters, got {len(text)}")
    try:
        value = json.loads(text)
    except ValueError as error:
        raise InvalidArgument.single(field, f"not valid JSON: {error}") from None
    if not isinstance(value, dict):
        raise InvalidArgument.single(
            field, 'a JSON object of ruleset fields, e.g. {"hanchan_uma": [20000, 10000, -10000, -20000]}'
        )
    for key in FROM_COMPETITION:
        if key in value:
            raise InvalidArgument.single(f"{field}.{key}", f"the competition's own {key} decides this; it is not ruleset data")
    return value


#: Competition rulesets whose division is data (docs/rules.md ``updown.ruleset.division-as-data``): the
#: registered division a competition plays unless its pinned data names another.
DIVISIONS = {"updown-league-2007": SUPER_LEAGUE.name}


def pinned_ruleset(
    competition_ruleset: str, overrides: Mapping[str, Any], field: str, latest: Mapping[str, Any] | None = None
) -> tuple[str, dict[str, Any]]:
    """(name, data) of a new version: the registered ruleset of the competition (or ``latest`` data)
    with ``overrides`` applied by :func:`league.domain.mahjong.ruleset.variant`; errors at ``<field>.<name>``."""
    if competition_ruleset in DIVISIONS:
        return pinned_division(competition_ruleset, overrides, field, latest)
    base = SCORED_RULESETS.get(competition_ruleset)
    if base is None:
        if overrides:
            raise InvalidArgument.single(field, f"the {competition_ruleset!r} ruleset has no scoring data to override yet")
        return competition_ruleset, {}
    start = {k: v for k, v in (latest or {}).items() if k != "name"}
    name = str((latest or {}).get("name") or base.name)
    if overrides and name == base.name:
        name = f"{base.name} (variant)"
    r = variant(base.name, {**start, **overrides}, name=name, field=field)
    return r.name, ruleset_data(r)


def pinned_division(
    competition_ruleset: str, overrides: Mapping[str, Any], field: str, latest: Mapping[str, Any] | None = None
) -> tuple[str, dict[str, Any]]:
    """docs/rules.md ``updown.ruleset.division-as-data``: an Up&Down competition's division as pinned data.
    ``overrides`` name a registered ``division`` (``updown``, ``updown-first-league``) and any of its fields
    (cut places, cycles, group size, who stays, who goes up, the checkpoint, the SB reading); they apply on top of
    ``latest`` (or, when ``division`` is given, on top of that division). No overrides and no data: ``{}``,
    the registered division fitted to the field. Errors at ``<field>.<name>``."""
    start = dict(latest or {})
    if not overrides:
        return str(start.get("name") or competition_ruleset), start
    if "division" in overrides:
        start = {}
    base = overrides.get("division", start.get("division", DIVISIONS[competition_ruleset]))
    changes = {k: v for k, v in {**start, **overrides}.items() if k not in ("division", "name")}
    name = overrides.get("name") or start.get("name") or f"{base} (club data)"
    if not isinstance(base, str) or not isinstance(name, str) or not name.strip():
        raise InvalidArgument.single(
            f"{field}.division" if not isinstance(base, str) else f"{field}.name",
            "a registered division name, and a non-empty name",
        )
    try:
        division = updown_variant(base, changes, name.strip())
    except InvalidArgument as error:

        def renamed(name: str) -> str:
            return f"{field}.division" if name == "ruleset.base" else field + name[len("ruleset") :]

        raise error.with_fields(renamed) from None
    return division.name, {"division": base, **dataclasses.asdict(division)}


def check_change_reason(started: bool, reason: str, how: str = "its draw is approved") -> None:
    """After the start (the first draw approved, the first stage generated) a change of the ruleset needs
    the organizer's reason."""
    if started and not reason:
        raise InvalidArgument.single("reason", f"the competition has started ({how}); say why the ruleset changes")
