"""Ties left to the organizer, decided by his order or by lot from a recorded seed.

docs/rules.md ``mahjong.standings.tie-by-organizer-or-lot`` (discard-league-2026 §4: what the tie-break
chain cannot separate is the organizer's decision). A decision names the exact set of tied players; the
standings apply it only while the unresolved tie is exactly that set (otherwise it is stale and said
so). A lot is drawn by :func:`draw_lots` from a seed the organizer gives and Rondo records, so anyone
can repeat it. Pure: no I/O.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from league.domain import texts
from league.domain.mahjong.standings import StandingRow, Standings, place_range
from league.domain.texts import Text


class TieMethod(enum.StrEnum):
    ORGANIZER_ORDER = "organizer_order"  # the order the organizer gives
    LOT = "lot"  # drawn by lot from the recorded seed


@dataclass(frozen=True)
class TieDecision:
    """One decision on a tie: appended, never changed; the latest for the same set of players wins."""

    id: str
    competition_id: str
    sequence: int
    players: tuple[str, ...]  # the tied players in the decided order, best first
    method: TieMethod
    seed: int | None
    reason: str
    decided_by: str
    at: datetime
    stage: int = 1  # the stage whose standings it decides (1: a drawn competition's regular stage)

    def explained(self) -> Text:
        if self.method is TieMethod.LOT:
            return texts.tie_decided_by_lot(self.seed)
        return texts.tie_decided_by_organizer(self.reason)


def lot_key(seed: int, player_id: str) -> str:
    return hashlib.sha256(f"{seed}:{player_id}".encode()).hexdigest()


def draw_lots(seed: int, players: Iterable[str]) -> tuple[str, ...]:
    """The players in the order the lot gives, best first: ascending by the hex digest
    ``sha256(f"{seed}:{player_id}".encode("utf-8")).hexdigest()`` (ties of digests impossible in
    practice; then by player id). Anyone can redo it with the recorded seed and the player ids."""
    return tuple(sorted(players, key=lambda p: (lot_key(seed, p), p)))


def latest_decisions(decisions: Iterable[TieDecision]) -> dict[frozenset[str], TieDecision]:
    """The latest decision for each set of players."""
    out: dict[frozenset[str], TieDecision] = {}
    for d in sorted(decisions, key=lambda d: d.sequence):
        out[frozenset(d.players)] = d
    return out


def apply_tie_decisions(
    standings: Standings, decisions: Iterable[TieDecision], names: Mapping[str, str] | None = None
) -> tuple[Standings, tuple[Text, ...]]:
    """The standings with every unresolved tie that a decision names exactly put in the decided order
    (places no longer shared; ``separated_from_next`` says how it was decided), and notes about
    decisions that no longer match an unresolved tie (stale)."""
    names = names or {}
    latest = latest_decisions(decisions)
    used: set[frozenset[str]] = set()
    rows = list(standings.rows)
    unresolved = []
    for tie in standings.unresolved:
        decision = latest.get(frozenset(tie.players))
        if decision is None:
            unresolved.append(tie)
            continue
        used.add(frozenset(tie.players))
        index = [i for i, row in enumerate(rows) if row.player in set(tie.players)]
        first_place = int(tie.place.split("-")[0])
        by_player = {rows[i].player: rows[i] for i in index}
        last_step = rows[index[-1]].separated_from_next
        ordered: list[StandingRow] = []
        for k, player in enumerate(decision.players):
            step = decision.explained() if k + 1 < len(decision.players) else last_step
            ordered.append(replace(by_player[player], place=place_range(first_place + k, 1), separated_from_next=step))
        for i, row in zip(index, ordered, strict=True):
            rows[i] = row
    notes = tuple(
        texts.stale_tie_decision(d.explained(), (names.get(p, p) for p in d.players))
        for key, d in sorted(latest.items(), key=lambda kv: kv[1].sequence)
        if key not in used
    )
    return replace(standings, rows=tuple(rows), unresolved=tuple(unresolved)), notes


def decision_order(method: TieMethod, players: Sequence[str], seed: int | None) -> tuple[str, ...]:
    """The decided order: the organizer's as given, or the lot's from the seed."""
    if method is TieMethod.LOT:
        assert seed is not None
        return draw_lots(seed, players)
    return tuple(players)
