"""Seating of the 8-player mahjong playoff (docs/rules.md `mahjong.playoff.round-1-tables`;
discard-league-2026 §2).

Who advances is league's (``league/domain/playoff.py``); the solver seats a stage from the ranked
groups league gives it:

* Round 1: the eight qualifiers, ranked by regular-stage place: table A = places 1, 3, 5, 7;
  table B = places 2, 4, 6, 8 (tables, not winds: seat winds are drawn before every hanchan, §4).
* Later rounds (upper and lower match, round 3, the final): the given players, up to four, at one
  table named after their group, listed in the order given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rondo_runtime.errors import InvalidArgument
from rondo_runtime.validation import Violations

PLAYOFF_PLAYERS = 8
TABLE_SEATS = 4
ROUND_1 = "round 1"
STAGES = ("round 1", "round 2", "round 3", "final")
TABLE_A, TABLE_B = "A", "B"
MAX_GROUP_NAME = 32


@dataclass(frozen=True)
class PlayoffTable:
    name: str
    players: tuple[str, ...]  # in the order given (regular-stage order)


@dataclass(frozen=True)
class RankedGroup:
    """Players who play a stage together, best regular-stage place first."""

    name: str
    players: tuple[str, ...]


def seat_round_1(ranked: Sequence[str]) -> tuple[PlayoffTable, PlayoffTable]:
    """Table A = places 1, 3, 5, 7; table B = places 2, 4, 6, 8 (§2)."""
    places = tuple(ranked)
    return PlayoffTable(TABLE_A, places[0::2]), PlayoffTable(TABLE_B, places[1::2])


def seat_playoff_round(stage: str, groups: Sequence[RankedGroup]) -> tuple[PlayoffTable, ...]:
    """The tables of ``stage``: round 1 takes one group of the eight qualifiers and seats two tables;
    every later stage seats each group (one to four players) at one table named after the group."""
    v = Violations()
    stage = stage.strip().lower()
    if stage not in STAGES:
        raise InvalidArgument.single("stage", f"unknown stage {stage[:40]!r}; one of {', '.join(map(repr, STAGES))}")
    if not groups:
        raise InvalidArgument.single("groups", "give the players of the stage, one group per table (round 1: one group of 8)")
    names: dict[str, int] = {}
    everyone: dict[str, str] = {}
    for g, group in enumerate(groups):
        f = f"groups[{g}]"
        name = group.name.strip()
        if not name or len(name) > MAX_GROUP_NAME:
            v.add(f"{f}.name", f"give the table a name of 1 to {MAX_GROUP_NAME} characters")
        elif name in names:
            v.add(f"{f}.name", f"table {name!r} is listed twice (groups[{names[name]}] too)")
        else:
            names[name] = g
        seen = v.unique_ids(f"{f}.player_ids", group.players, duplicate="'{id}' is listed twice; list each player once")
        for pid, i in seen.items():
            if pid in everyone:
                v.add(f"{f}.player_ids[{i}]", f"'{pid[:40]}' also plays at {everyone[pid]!r}; one table per player")
            else:
                everyone[pid] = name
        size = len(group.players)
        if stage == ROUND_1:
            if size != PLAYOFF_PLAYERS:
                v.add(f"{f}.player_ids", f"round 1 seats the {PLAYOFF_PLAYERS} qualifiers, places 1-8 in order; got {size}")
        elif not 1 <= size <= TABLE_SEATS:
            v.add(f"{f}.player_ids", f"a table seats 1 to {TABLE_SEATS} players, got {size}")
    if stage == ROUND_1 and len(groups) != 1:
        v.add("groups", f"round 1 takes one group (the 8 qualifiers), got {len(groups)}")
    v.raise_if_any()
    if stage == ROUND_1:
        return seat_round_1(groups[0].players)
    return tuple(PlayoffTable(g.name.strip(), tuple(g.players)) for g in groups)


def explain_seating(stage: str, tables: Sequence[PlayoffTable]) -> tuple[str, ...]:
    listing = "; ".join(f"table {t.name}: {', '.join(t.players)}" for t in tables)
    if stage.strip().lower() == ROUND_1:
        return (
            f"Round 1 seating: table A = regular places 1, 3, 5, 7; table B = places 2, 4, 6, 8 (tables, not winds): {listing}.",
        )
    return (f"Seating of {stage.strip().lower()}: {listing}.",)
