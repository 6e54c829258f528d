"""Bounds first (docs/rules.md ``mahjong.projection.bounds-first``): each player's best and worst final
figures from their own games left, and what they settle without a search.

A hanchan left gives at most the highest final score the outcome space allows (everybody else on the
lowest) with the 1st place's uma, at least the lowest score with the last place's uma; a match adds
its match uma between the last and the 1st place's; every hanchan adds a place from 1 to the table
size. A rival's possible standings against the player are then read from these ranges criterion by
criterion along the chain (``tie_break_chain``'s order): one whose worst total beats the player's best
total is above in every outcome, one whose best total is below the player's worst is below in every
outcome, two players done and equal on every criterion are tied in every outcome.

Counting those against a cut proves fates impossible (``rank_vs_cut``'s rule: A rivals above and T
tied give the places A + 1 .. A + 1 + T): IN when the rivals certainly above or tied already fill the
cut, OUT when even every rival that may be above cannot fill it, the organizer's decision when either
of its two conditions cannot hold. The rivals that are certain leave the model; only the others
(``uncertain``) can still cross the player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from solver.domain.projection.mahjong.outcome import Scorer
from solver.domain.projection.problem import Fate, PlayerId

AHEAD, TIED, BELOW = 1, 0, -1
Relations = frozenset[int]  # the standings a rival may end in against the player: a subset of AHEAD, TIED, BELOW


@dataclass(frozen=True)
class FigureRange:
    """A ranked player's final figures over every outcome, scaled: total from worst to best, place sum
    from best (lowest) to worst, hanchans at the end (fixed)."""

    total: tuple[int, int]
    place_sum: tuple[int, int]
    hanchans: int


def figure_ranges(scorer: Scorer) -> dict[PlayerId, FigureRange]:
    p = scorer.problem
    o = p.outcomes
    n = p.table_size
    low = -((-o.min_score) // o.score_step) * o.score_step  # the lowest final score on the grid
    high = o.table_total - (n - 1) * low
    best_hanchan, worst_hanchan = high - o.start + max(p.hanchan_uma), low - o.start + min(p.hanchan_uma)
    match_uma = p.match_uma or (0,)
    ranges: dict[PlayerId, list[int]] = {q: [0, 0, 0] for q in scorer.ranked}  # worst, best, hanchans left
    for m in p.remaining:
        for q in m.players:
            if q in ranges:
                ranges[q][0] += worst_hanchan * m.hanchans + min(match_uma)
                ranges[q][1] += best_hanchan * m.hanchans + max(match_uma)
                ranges[q][2] += m.hanchans
    out = {}
    for q, (worst, best, left) in ranges.items():
        base = scorer.base[q]
        out[q] = FigureRange(
            (base.total + scorer.points(worst), base.total + scorer.points(best)),
            (base.place_sum + scorer.place(left), base.place_sum + scorer.place(n * left)),
            base.hanchans,
        )
    return out


def criterion_range(criterion: str, q: FigureRange, p: FigureRange) -> tuple[int, int]:
    """The lowest and highest lead of ``q`` over ``p`` on ``criterion`` (positive: ``q`` better)."""
    if criterion == "total":
        return q.total[0] - p.total[1], q.total[1] - p.total[0]
    if criterion == "average_place":
        if not q.hanchans or not p.hanchans:
            return 0, 0
        return (
            p.place_sum[0] * q.hanchans - q.place_sum[1] * p.hanchans,
            p.place_sum[1] * q.hanchans - q.place_sum[0] * p.hanchans,
        )
    raise ValueError(f"unknown tie-break criterion {criterion!r}")


def possible_relations(chain: Sequence[str], q: FigureRange, p: FigureRange) -> Relations:
    """Where ``q`` may end against ``p``: the chain read on the ranges (a superset of the truth)."""
    possible: set[int] = set()
    equal_possible = True
    for criterion in chain:
        lo, hi = criterion_range(criterion, q, p)
        if hi > 0:
            possible.add(AHEAD)
        if lo < 0:
            possible.add(BELOW)
        if not lo <= 0 <= hi:
            equal_possible = False
            break
    if equal_possible:
        possible.add(TIED)
    return frozenset(possible)


def impossible_fates(relations: Iterable[Relations], places: int, tables: Sequence[TableCount] = ()) -> set[Fate]:
    """The fates at a cut of ``places`` that no outcome can give, by counting the rivals' relations
    (``relations``: the rivals outside ``tables``; each table counts its players as a whole too)."""
    ahead_min = ahead_max = at_least_level_min = at_least_level_max = 0
    for r in [*relations, *(r for t in tables for r in t.relations)]:
        ahead_min += r == {AHEAD}
        at_least_level_max += bool(r - {BELOW})
    for r in relations:
        ahead_max += AHEAD in r
        at_least_level_min += BELOW not in r
    for t in tables:
        ahead_max += min(sum(AHEAD in r for r in t.relations), t.most_level)
        at_least_level_min += max(sum(BELOW not in r for r in t.relations), t.fewest_not_below)
        at_least_level_max -= sum(bool(r - {BELOW}) for r in t.relations) - min(
            sum(bool(r - {BELOW}) for r in t.relations), t.most_level
        )
    impossible = set()
    if at_least_level_min >= places:  # IN needs ahead + tied <= places - 1
        impossible.add(Fate.IN)
    if ahead_max < places:  # OUT needs ahead >= places
        impossible.add(Fate.OUT)
    if ahead_min >= places or at_least_level_max < places:  # the organizer's: ahead < places <= ahead + tied
        impossible.add(Fate.ORGANIZER_DECISION)
    return impossible


@dataclass(frozen=True)
class Table:
    """A match whose ranked players have no other game left (so their gains come from it alone): the
    gains of its seats sum to ``gain_sum``, each between ``gain[0]`` and ``gain[1]`` (scaled)."""

    players: tuple[PlayerId, ...]  # ranked seats
    seats: int
    gain_sum: int
    gain: tuple[int, int]


@dataclass(frozen=True)
class TableCount:
    """What one table's zero-sum settles against the player: at least ``fewest_not_below`` of its
    players end level with or above the player's best total, at most ``most_level`` reach the player's
    worst total; ``relations`` are its players' pairwise ones."""

    relations: tuple[Relations, ...]
    fewest_not_below: int
    most_level: int


def match_gains(scorer: Scorer) -> tuple[tuple[int, int], int]:
    """A seat's worst and best gain in one hanchan (scaled), and the match uma's (worst, best) lie in
    ``match_uma_range``; also the sum of every seat's gains of one hanchan."""
    p = scorer.problem
    o = p.outcomes
    n = p.table_size
    low = -((-o.min_score) // o.score_step) * o.score_step  # the lowest final score on the grid
    high = o.table_total - (n - 1) * low
    hanchan = (scorer.points(low - o.start + min(p.hanchan_uma)), scorer.points(high - o.start + max(p.hanchan_uma)))
    return hanchan, scorer.points(o.table_total - n * o.start + sum(p.hanchan_uma))


def single_match_tables(scorer: Scorer) -> list[Table]:
    p = scorer.problem
    games: dict[PlayerId, int] = {}
    for m in p.remaining:
        for q in m.players:
            games[q] = games.get(q, 0) + 1
    (worst, best), per_hanchan = match_gains(scorer)
    uma = p.match_uma or (0,)
    out = []
    for m in p.remaining:
        ranked = tuple(q for q in m.players if q in scorer.base)
        if ranked and all(games[q] == 1 for q in ranked):
            out.append(
                Table(
                    ranked,
                    len(m.players),
                    per_hanchan * m.hanchans + scorer.points(sum(p.match_uma or ())),
                    (worst * m.hanchans + scorer.points(min(uma)), best * m.hanchans + scorer.points(max(uma))),
                )
            )
    return out


def fewest_not_below(table: Table, base: dict[PlayerId, int], best_total: int) -> int:
    """The fewest of the table's players that end with a total not below ``best_total``: the others must
    keep their gains at most ``best_total - base`` while every gain sums to ``gain_sum``."""
    worst, best = table.gain
    caps = sorted((best_total - base[q] for q in table.players if best_total - base[q] >= worst), reverse=True)
    room = best * table.seats - table.gain_sum  # how much the gains may stay below the best in all
    below = 0
    for cap in caps:
        room -= best - min(cap, best)
        if room < 0:
            break
        below += 1
    return len(table.players) - below


def most_level(table: Table, base: dict[PlayerId, int], worst_total: int) -> int:
    """The most of the table's players that can end with a total of at least ``worst_total``: each needs a
    gain of at least ``worst_total - base`` while every gain sums to ``gain_sum``."""
    worst, best = table.gain
    needs = sorted(max(worst_total - base[q], worst) for q in table.players if worst_total - base[q] <= best)
    room = table.gain_sum - worst * table.seats  # how much the gains may rise above the worst in all
    level = 0
    for need in needs:
        room -= need - worst
        if room < 0:
            break
        level += 1
    return level


def table_counts(
    scorer: Scorer, tables: Sequence[Table], player: PlayerId, total: tuple[int, int], relations: dict[PlayerId, Relations]
) -> list[TableCount]:
    """The counts of the tables without the player when the chain starts with the total (the player's
    total between ``total[0]`` and ``total[1]``); a rival below on total is below, one above it is above."""
    if scorer.problem.tie_breaks[0] != "total":
        return []
    base = {q: f.total for q, f in scorer.base.items()}
    return [
        TableCount(
            tuple(relations[q] for q in t.players),
            fewest_not_below(t, base, total[1]),
            most_level(t, base, total[0]),
        )
        for t in tables
        if player not in t.players
    ]


def worst_total_placing(scorer: Scorer, player: PlayerId, place: int) -> int:
    """The player's lowest final total when they finish ``place``-th or better (a shared place counting
    as its average) in each own match: the match uma is then at least the least share a block of tied
    places with an average no worse than ``place`` gets."""
    p = scorer.problem
    (worst, _), _ = match_gains(scorer)
    uma = p.match_uma or (0,) * p.table_size
    shares = [
        Fraction(sum(uma[j:end]), end - j)
        for j in range(p.table_size)
        for end in range(j + 1, p.table_size + 1)
        if j + 1 + end <= 2 * place  # places j + 1 .. end, average (j + 1 + end) / 2 <= place
    ]
    total = scorer.base[player].total
    for m in p.remaining:
        if player in m.players:
            total += worst * m.hanchans + scorer.points(min(shares))
    return total


def is_certain(relations: Relations) -> bool:
    return len(relations) == 1
