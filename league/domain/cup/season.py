"""An open cup as a season file writes it (the offline ``rondo standings``; read by
``league.adapters.season_file``, scored by ``league.domain.cup.progress.score_cup_season``). Pure."""

from __future__ import annotations

from dataclasses import dataclass

from league.domain.cup.knockout import CupRules


@dataclass(frozen=True)
class CupEntrant:
    """An entrant as the file lists him: name, optional rating and sports title; his index in the
    list is his application order."""

    name: str
    rating: int | None = None
    title: str | None = None


@dataclass(frozen=True)
class CupSeries:
    """The games of one series of a stage as the file writes them, for its first listed player."""

    stage: int
    players: tuple[str, str]
    results: tuple[str, ...]


@dataclass(frozen=True)
class CupDisqualification:
    player: str
    stage: int
    reason: str


@dataclass(frozen=True)
class CupSeason:
    """An open cup as a season file: the rules, the entrants in application order, the series played
    and the disqualifications; scored by ``league.domain.cup.progress.score_cup_season``."""

    rules: CupRules
    entrants: tuple[CupEntrant, ...]
    series: tuple[CupSeries, ...] = ()
    disqualifications: tuple[CupDisqualification, ...] = ()
