"""League domain: competitions, rosters and the life of a draw (RULES.md A "Roster" and "Draw").

Pure Python: no SQL, no protobuf. The service layer loads these, calls the rules, stores the result.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from datetime import datetime

from rondo_runtime.errors import FailedPrecondition, Violations


class PlayerStatus(enum.Enum):
    MAIN = "main"
    RESERVE = "reserve"
    SUBSTITUTE = "substitute"
    WITHDRAWN = "withdrawn"
    DISQUALIFIED = "disqualified"


class DrawStatus(enum.Enum):
    PROPOSED = "proposed"
    APPROVED = "approved"
    SUPERSEDED = "superseded"


# The rulesets Rondo ships (RULES.md), with the draw shape each one uses by default.
RULESETS: dict[str, tuple[int, int]] = {
    "discard-league-2026": (4, 4),  # 4 rounds, tables of 4 (riichi mahjong)
    "open-cup-2023": (0, 2),  # knockout, 1 vs 1: rounds follow from the bracket
    "updown-league-2007": (0, 2),  # round robin, 1 vs 1
}
DEFAULT_RULESET = "discard-league-2026"
MAX_NAME_LENGTH = 200
MAX_ROUNDS = 100
TABLE_SIZES = range(2, 9)


@dataclass(frozen=True)
class Competition:
    id: str
    name: str
    ruleset: str
    rounds: int
    table_size: int
    created_at: datetime
    published_draw_id: str | None = None


@dataclass(frozen=True)
class Player:
    id: str
    competition_id: str
    name: str
    registration_order: int
    status: PlayerStatus = PlayerStatus.MAIN
    rating: int | None = None

    @property
    def active(self) -> bool:
        return self.status in (PlayerStatus.MAIN, PlayerStatus.SUBSTITUTE)


Round = tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class DrawStatistics:
    objective: tuple[int, ...]
    lower_bound: tuple[int, ...]
    proven_optimal: bool
    method: str


@dataclass(frozen=True)
class Draw:
    id: str
    competition_id: str
    version: int
    status: DrawStatus
    seed: int
    rounds: tuple[Round, ...]
    statistics: DrawStatistics
    created_at: datetime
    replaces_draw_id: str | None = None
    played_rounds: int = 0
    reason: str = ""
    players_moved: int | None = None
    approved_at: datetime | None = None


def normalized_name(name: str) -> str:
    """Names compare without surrounding or repeated spaces and without case."""
    return " ".join(name.split()).casefold()


def validate_new_competition(name: str, ruleset: str, rounds: int, table_size: int) -> tuple[str, str, int, int]:
    """Checks a competition request; empty ruleset/rounds/table size take the ruleset's defaults."""
    v = Violations()
    name = v.text("name", name, "give the competition a name", MAX_NAME_LENGTH)
    ruleset = ruleset.strip() or DEFAULT_RULESET
    if ruleset not in RULESETS:
        v.add("ruleset", f"unknown ruleset {ruleset!r}; known: {', '.join(sorted(RULESETS))}")
        default_rounds, default_size = 0, 0
    else:
        default_rounds, default_size = RULESETS[ruleset]
    rounds = rounds or default_rounds
    table_size = table_size or default_size
    if not 1 <= rounds <= MAX_ROUNDS:
        v.add("rounds", f"must be between 1 and {MAX_ROUNDS}, got {rounds}")
    if table_size not in TABLE_SIZES:
        v.add("table_size", f"must be between {TABLE_SIZES.start} and {TABLE_SIZES.stop - 1}, got {table_size}")
    v.raise_if_any()
    return name, ruleset, rounds, table_size


def validate_player_name(name: str, roster: list[Player]) -> str:
    """A player's name is required and unique within the competition (withdrawn players included)."""
    v = Violations()
    clean = v.text("name", name, "give the player's name", MAX_NAME_LENGTH)
    if not v and any(normalized_name(p.name) == normalized_name(clean) for p in roster):
        v.add("name", f"a player named {clean!r} is already registered in this competition; add a distinguishing detail")
    v.raise_if_any()
    return clean


def main_roster(players: list[Player]) -> list[Player]:
    """Players who take part in the draw, in registration order (the order decides who is dropped)."""
    return sorted((p for p in players if p.active), key=lambda p: p.registration_order)


def withdraw(player: Player) -> Player:
    """A withdrawn player leaves the standings and future draws; the history is kept (RULES.md A s.6)."""
    if player.status in (PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED):
        raise FailedPrecondition(f"player {player.name!r} is already {player.status.value}")
    return replace(player, status=PlayerStatus.WITHDRAWN)


def validate_draw_shape(competition: Competition, rounds: tuple[Round, ...], roster_ids: set[str]) -> None:
    """A stored draw has the competition's rounds, full tables, and only its own players, once per round."""
    v = Violations()
    if len(rounds) != competition.rounds:
        v.add("rounds", f"the competition has {competition.rounds} rounds, the draw has {len(rounds)}")
    for r, rnd in enumerate(rounds):
        seen: set[str] = set()
        for t, table in enumerate(rnd):
            if len(table) != competition.table_size:
                v.add(f"rounds[{r}].tables[{t}]", f"has {len(table)} players, tables seat {competition.table_size}")
            for pid in table:
                if pid not in roster_ids:
                    v.add(f"rounds[{r}].tables[{t}].player_ids", f"{pid!r} is not a player of this competition")
                elif pid in seen:
                    v.add(f"rounds[{r}].tables[{t}].player_ids", f"{pid!r} is seated twice in round {r + 1}")
                seen.add(pid)
    v.raise_if_any()


def approve(draw: Draw, now: datetime) -> Draw:
    """Only a proposed draw can be approved; a superseded draw stays history (RULES.md A: the organizer
    approves the tables before they are published)."""
    if draw.status is DrawStatus.APPROVED:
        return draw
    if draw.status is not DrawStatus.PROPOSED:
        raise FailedPrecondition(f"draw {draw.id} is {draw.status.value} and cannot be approved; draw again")
    return replace(draw, status=DrawStatus.APPROVED, approved_at=now)


def supersede(draw: Draw) -> Draw:
    return replace(draw, status=DrawStatus.SUPERSEDED)
