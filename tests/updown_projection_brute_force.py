"""An independent check of the Up&Down projections: every outcome of the games left, enumerated.

Nothing here shares code with the CP-SAT model (solver/domain/projection/updown): each game left ends
white won, black won or (when allowed) unplayed 0-0; every combination is played into the season and
ranked by **league's own standings** (``updown_standings``: points, the two-tied and several-tied
chains, SB, shared place ranges), and the player's fate at a cut is read from the place range league
gives him. Only small seasons: the outcomes are multiplied out.

Also the league side of the problem (what league's projection request will build): the figures from
league's ``effective_games`` (points, carried, who scored what against whom) and the pairings left.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from league.domain.updown.projection import group_figures
from league.domain.updown.standings import Game, GameResult, UpdownSeason, updown_standings
from solver.domain.projection.problem import Cut, Fate, Witness
from solver.domain.projection.updown.problem import PairPoints, RemainingGame, UpDownProjectionProblem, UpDownStanding
from tests.projection_brute_force import fate_of_place


@dataclass(frozen=True)
class Pairing:
    """A game of the schedule still to play."""

    round: int
    table: int
    white: str
    black: str


def played(season: UpdownSeason, remaining: Sequence[Pairing], results: Sequence[GameResult]) -> UpdownSeason:
    games = tuple(Game(m.round, m.white, m.black, r, long=season.long_matches) for m, r in zip(remaining, results, strict=True))
    return replace(season, games=season.games + games)


def outcomes(remaining: Sequence[Pairing], unplayed: bool) -> Iterator[tuple[GameResult, ...]]:
    choices = [GameResult.WHITE_WON, GameResult.BLACK_WON] + ([GameResult.BOTH_TECHNICAL] if unplayed else [])
    yield from itertools.product(choices, repeat=len(remaining))


@dataclass(frozen=True)
class BruteForce:
    """For each player and cut: the fates some outcome gives; for each number of own wins k, whether
    some outcome with the player winning at least k of his games left leaves him not IN."""

    fates: dict[tuple[str, int], set[Fate]]
    not_in_with_wins: dict[tuple[str, int, int], bool]

    def need(self, player: str, places: int, games: int) -> int | None:
        """The fewest wins that clinch (None: not even winning all)."""
        best = None
        for k in range(games, 0, -1):
            if self.not_in_with_wins[(player, places, k)]:
                break
            best = k
        return best


def brute_force(season: UpdownSeason, remaining: Sequence[Pairing], cuts: Sequence[int], unplayed: bool) -> BruteForce:
    ranked = [p for p in season.players if p not in season.withdrawn]
    own = {p: sum(p in (m.white, m.black) for m in remaining) for p in ranked}
    fates: dict[tuple[str, int], set[Fate]] = {(p, c): set() for p in ranked for c in cuts}
    not_in = {(p, c, k): False for p in ranked for c in cuts for k in range(1, own[p] + 1)}
    for results in outcomes(remaining, unplayed):
        standings = updown_standings(played(season, remaining, results))
        wins = dict.fromkeys(ranked, 0)
        for m, r in zip(remaining, results, strict=True):
            if r is GameResult.WHITE_WON:
                wins[m.white] += 1
            elif r is GameResult.BLACK_WON:
                wins[m.black] += 1
        for row in standings.rows:
            if row.withdrawn:
                continue
            for c in cuts:
                fate = fate_of_place(row.place, c)
                fates[(row.player, c)].add(fate)
                if fate is not Fate.IN:
                    for k in range(1, wins[row.player] + 1):
                        not_in[(row.player, c, k)] = True
    return BruteForce(fates, not_in)


# --- the league side: the problem league prepares ------------------------------------------------


def projection_problem(
    season: UpdownSeason, remaining: Sequence[Pairing], cuts: Sequence[int], unplayed: bool = True, **options
) -> UpDownProjectionProblem:
    """The problem from league's counted games (``group_figures``, as PrepareProjections reads them) and the pairings left."""
    standings, scored = group_figures(season)
    win = 2 if season.long_matches else 1
    return UpDownProjectionProblem(
        standings=tuple(UpDownStanding(s.player, s.points, s.carried, s.ranked) for s in standings),
        scored=tuple(PairPoints(p, q, pts) for p, q, pts in scored),
        remaining=tuple(RemainingGame(m.round, m.table, m.white, m.black, win) for m in remaining),
        cuts=tuple(Cut(f"top {c}", c) for c in cuts),
        two_tied_sonneborn_berger=season.stage == 1,
        sb_counts_carried=season.ruleset.sb_counts_carried,
        unplayed_possible=unplayed,
        **options,
    )


def fate_of_witness(season: UpdownSeason, remaining: Sequence[Pairing], witness: Witness, player: str, places: int) -> Fate:
    """Play the witness's results into the season and read the player's fate from league's standings."""
    by_game = {(m.round, m.table): dict(m.hanchans[0].scores) for m in witness.matches}
    results = []
    for m in remaining:
        scores = by_game[(m.round, m.table)]
        if scores[m.white]:
            results.append(GameResult.WHITE_WON)
        elif scores[m.black]:
            results.append(GameResult.BLACK_WON)
        else:
            results.append(GameResult.BOTH_TECHNICAL)
    row = next(r for r in updown_standings(played(season, remaining, results)).rows if r.player == player)
    return fate_of_place(row.place, places)
