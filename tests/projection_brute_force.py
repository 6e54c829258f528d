"""An independent check of the mahjong projections: every outcome of the games left, enumerated.

Nothing here shares code with the CP-SAT model (solver/domain/projection): each remaining match's
outcomes are every hanchan's final scores on the grid (multiples of ``step`` no lower than
``min_score`` summing to the table total), scored by **league's own scoring** (``match_result``), and
the final standings are ranked here by the chain read directly (higher total, then lower exact
average place, then a tie). Only small seasons: the outcomes are multiplied out.

Also the league side of the problem (what league's PrepareProjection will build): the current
figures from league's ``regular_standings`` and the remaining matches of the draw.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from league.domain.mahjong.ruleset import Ruleset, TieHandling
from league.domain.mahjong.scoring import Hanchan, Match, match_result, split_uma
from league.domain.mahjong.standings import Season, regular_standings
from solver.domain.projection.problem import (
    Cut,
    CutProjection,
    Fate,
    HanchanOutcomes,
    MahjongProjectionProblem,
    ProjectionStatus,
    RemainingMatch,
    Standing,
    Witness,
)


@dataclass(frozen=True)
class Seating:
    """A remaining match of the draw: round, table, seats."""

    round: int
    table: int
    players: tuple[str, ...]


def grid_hanchans(table_total: int, step: int, min_score: int, seats: int = 4) -> list[tuple[int, ...]]:
    """Every hanchan's final scores on the grid, in seat order."""
    units = table_total // step
    low = -((-min_score) // step)
    free = units - seats * low
    out = []
    for cuts in itertools.combinations(range(free + seats - 1), seats - 1):
        parts = [b - a - 1 for a, b in zip((-1, *cuts), (*cuts, free + seats - 1), strict=True)]
        out.append(tuple((p + low) * step for p in parts))
    return out


@dataclass(frozen=True)
class Effect:
    """What one outcome of a match does to each seated player: points, hanchan places, own match place."""

    points: tuple[Fraction, ...]
    places: tuple[Fraction, ...]
    match_place: tuple[Fraction, ...]


def match_effects(seating: Seating, hanchans: int, ruleset: Ruleset, grid: list[tuple[int, ...]]) -> list[Effect]:
    """Every distinct effect of the match over the grid, scored by league's ``match_result``."""
    seen: dict[Effect, None] = {}
    for combo in itertools.combinations_with_replacement(grid, hanchans):  # the hanchans' order changes nothing
        match = Match(
            seating.round,
            seating.table,
            seating.players,
            tuple(Hanchan(i + 1, tuple(zip(seating.players, s, strict=True))) for i, s in enumerate(combo)),
        )
        result = match_result(match, ruleset)
        lines = [result.line(p) for p in seating.players]
        sums = [(p, line.sum) for p, line in zip(seating.players, lines, strict=True) if line]
        own = split_uma(sums, [0] * len(sums), split_ties=True)
        effect = Effect(
            tuple(Fraction(line.total) for line in lines if line),
            tuple(sum(line.places, Fraction(0)) for line in lines if line),
            tuple(own[p].place for p in seating.players),
        )
        seen[effect] = None
    return list(seen)


def fate(
    player: str,
    totals: dict[str, Fraction],
    place_sums: dict[str, Fraction],
    hanchans: dict[str, int],
    places: int,
    chain: Sequence[str],
) -> Fate:
    """The player's fate at the cut: the chain read directly (higher total, lower exact average place,
    in the chain's order; then a tie)."""
    criteria = {"total": lambda q: totals[q], "average_place": lambda q: -place_sums[q] / hanchans[q]}

    def key(q: str) -> tuple[Fraction, ...]:
        return tuple(criteria[c](q) for c in chain)

    mine = key(player)
    ahead = sum(1 for q in totals if q != player and key(q) > mine)
    tied = sum(1 for q in totals if q != player and key(q) == mine)
    if ahead + tied < places:
        return Fate.IN
    if ahead >= places:
        return Fate.OUT
    return Fate.ORGANIZER_DECISION


@dataclass(frozen=True)
class BruteForce:
    """For each player and cut: the fates some outcome gives, and for each own place k, whether some
    outcome with the player k-th or better in each own match leaves them not IN."""

    fates: dict[tuple[str, int], set[Fate]]
    not_in_with_place: dict[tuple[str, int, int], bool]

    def need(self, player: str, places: int, table_size: int = 4) -> int | None:
        for k in range(table_size - 1, 0, -1):
            if not self.not_in_with_place[(player, places, k)]:
                return k
        return None


def outcomes(season: Season, remaining: Sequence[Seating], grid: list[tuple[int, ...]]) -> Iterator[dict[str, tuple]]:
    rs = season.ruleset
    effects = [match_effects(m, rs.hanchans_per_match, rs, grid) for m in remaining]
    for picked in itertools.product(*effects):
        yield {
            p: (e.points[i], e.places[i], e.match_place[i])
            for m, e in zip(remaining, picked, strict=True)
            for i, p in enumerate(m.players)
        }


def brute_force(season: Season, remaining: Sequence[Seating], cuts: Sequence[int], grid: list[tuple[int, ...]]) -> BruteForce:
    rows = regular_standings(season).rows
    base_totals = {r.player: Fraction(r.figures.total) for r in rows}
    base_places = {r.player: sum(r.figures.places, Fraction(0)) for r in rows}
    base_hanchans = {r.player: r.figures.hanchans for r in rows}
    per_match = season.ruleset.hanchans_per_match
    hanchans = {p: base_hanchans[p] + per_match * sum(p in m.players for m in remaining) for p in base_totals}
    fates: dict[tuple[str, int], set[Fate]] = {(p, c): set() for p in base_totals for c in cuts}
    not_in: dict[tuple[str, int, int], bool] = {(p, c, k): False for p in base_totals for c in cuts for k in range(1, 4)}
    for outcome in outcomes(season, remaining, grid):
        totals = dict(base_totals)
        places = dict(base_places)
        worst_place: dict[str, Fraction] = {}
        for p, (points, place_sum, match_place) in outcome.items():
            if p in totals:
                totals[p] += points
                places[p] += place_sum
                worst_place[p] = max(worst_place.get(p, Fraction(0)), match_place)
        for p in totals:
            for c in cuts:
                f = fate(p, totals, places, hanchans, c, season.ruleset.tie_breaks)
                fates[(p, c)].add(f)
                if f is not Fate.IN and p in worst_place:
                    for k in range(1, 4):
                        if worst_place[p] <= k:
                            not_in[(p, c, k)] = True
    return BruteForce(fates, not_in)


# --- the league side: the problem league prepares ------------------------------------------------


def projection_problem(
    season: Season, remaining: Sequence[Seating], cuts: Sequence[int], step: int, min_score: int, **options
) -> MahjongProjectionProblem:
    """The problem from league's figures (``regular_standings``) and ruleset, and the draw's remaining matches."""
    rs = season.ruleset
    rows = regular_standings(season).rows
    by_player = {r.player: r.figures for r in rows}
    standings = tuple(
        Standing(p, Fraction(f.total), sum(f.places, Fraction(0)), f.hanchans) for p in season.players if (f := by_player.get(p))
    )
    return MahjongProjectionProblem(
        standings=standings,
        remaining=tuple(RemainingMatch(m.round, m.table, m.players, rs.hanchans_per_match) for m in remaining),
        cuts=tuple(Cut(f"top {c}", c) for c in cuts),
        hanchan_uma=rs.hanchan_uma,
        match_uma=rs.match_uma,
        split_ties=rs.tie_handling is TieHandling.SPLIT,
        tie_breaks=rs.tie_breaks,
        outcomes=HanchanOutcomes(rs.total_points, rs.start_points, step, min_score),
        **options,
    )


def fate_of_witness(season: Season, witness: Witness, player: str, places: int) -> Fate:
    """Play the witness's results into the season and read the player's fate from league's standings."""
    played = tuple(
        Match(m.round, m.table, tuple(p for p, _ in m.hanchans[0].scores), tuple(Hanchan(h.number, h.scores) for h in m.hanchans))
        for m in witness.matches
    )
    standings = regular_standings(replace(season, matches=season.matches + played))
    row = next(r for r in standings.rows if r.player == player)
    return fate_of_place(row.place, places)


# --- generic: any ruleset's projection against its brute force -----------------------------------


def fate_of_place(place: str, places: int) -> Fate:
    """A place as league's standings show it ("3", or a shared "11-12") against a cut of ``places``."""
    low, _, high = place.partition("-")
    first, last = int(low), int(high or low)
    if last <= places:
        return Fate.IN
    if first > places:
        return Fate.OUT
    return Fate.ORGANIZER_DECISION


def status_from(fates: set[Fate]) -> ProjectionStatus:
    """The status the fates some outcome gives add up to."""
    if {Fate.IN, Fate.OUT} <= fates:
        return ProjectionStatus.ALIVE
    if Fate.ORGANIZER_DECISION in fates:
        return ProjectionStatus.ORGANIZER_DECISION
    return ProjectionStatus.CLINCHED if fates == {Fate.IN} else ProjectionStatus.ELIMINATED


def check_fates_and_witnesses(proj: CutProjection, fates: set[Fate], replay: Callable[[Witness], Fate]) -> None:
    """The status agrees with the brute force's fates, every witness replays (``replay``: through
    league's own standings) to the fate it claims, and an ALIVE player has a witness in and one out."""
    assert proj.status is status_from(fates), (proj.player, proj.cut, fates, proj.questions)
    for w in proj.witnesses:
        assert w.fate in fates
        assert replay(w) is w.fate, (proj.player, proj.cut, w)
    if proj.status is ProjectionStatus.ALIVE:
        assert {w.fate for w in proj.witnesses} >= {Fate.IN, Fate.OUT}
