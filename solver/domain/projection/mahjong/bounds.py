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


def impossible_fates(relations: Iterable[Relations], places: int) -> set[Fate]:
    """The fates at a cut of ``places`` that no outcome can give, by counting the rivals' relations."""
    ahead_min = ahead_max = at_least_level_min = at_least_level_max = 0
    for r in relations:
        ahead_min += r == {AHEAD}
        ahead_max += AHEAD in r
        at_least_level_min += BELOW not in r
        at_least_level_max += bool(r - {BELOW})
    impossible = set()
    if at_least_level_min >= places:  # IN needs ahead + tied <= places - 1
        impossible.add(Fate.IN)
    if ahead_max < places:  # OUT needs ahead >= places
        impossible.add(Fate.OUT)
    if ahead_min >= places or at_least_level_max < places:  # the organizer's: ahead < places <= ahead + tied
        impossible.add(Fate.ORGANIZER_DECISION)
    return impossible


def is_certain(relations: Relations) -> bool:
    return len(relations) == 1
