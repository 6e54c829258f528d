"""Interval algebra on half-open time intervals ``[start, end)`` (discard-league-2026 §6.1: free time,
busy rooms and common options are sets of instants). Pure: sorted tuples of :class:`Interval`.

A *normal* list is sorted, and no two of its intervals overlap or touch (touching ones are merged:
``[18:00, 19:00)`` and ``[19:00, 20:00)`` are one free evening ``[18:00, 20:00)``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True, order=True)
class Interval:
    start: datetime
    end: datetime

    def __post_init__(self) -> None:
        if not self.start < self.end:
            raise ValueError(f"an interval must end after it starts: {self.start} .. {self.end}")

    @property
    def length(self) -> timedelta:
        return self.end - self.start

    def overlaps(self, other: Interval) -> bool:
        return self.start < other.end and other.start < self.end

    def covers(self, other: Interval) -> bool:
        return self.start <= other.start and other.end <= self.end


Intervals = tuple[Interval, ...]


def merge(intervals: Iterable[Interval]) -> Intervals:
    """The normal form: sorted, overlapping and touching intervals merged into maximal ones."""
    out: list[Interval] = []
    for i in sorted(intervals):
        if out and i.start <= out[-1].end:
            if i.end > out[-1].end:
                out[-1] = Interval(out[-1].start, i.end)
        else:
            out.append(i)
    return tuple(out)


def intersect(a: Iterable[Interval], b: Iterable[Interval]) -> Intervals:
    """Instants in both (inputs in any form; the answer is normal)."""
    xs, ys = merge(a), merge(b)
    out: list[Interval] = []
    i = j = 0
    while i < len(xs) and j < len(ys):
        start, end = max(xs[i].start, ys[j].start), min(xs[i].end, ys[j].end)
        if start < end:
            out.append(Interval(start, end))
        if xs[i].end < ys[j].end:
            i += 1
        else:
            j += 1
    return merge(out)


def intersect_all(sets: Iterable[Iterable[Interval]], within: Interval) -> Intervals:
    """Instants inside ``within`` that are in every set (no sets: all of ``within``)."""
    common: Intervals = (within,)
    for s in sets:
        common = intersect(common, s)
    return common


def subtract(a: Iterable[Interval], b: Iterable[Interval]) -> Intervals:
    """Instants of ``a`` not in ``b``."""
    out: list[Interval] = []
    holes = merge(b)
    for piece in merge(a):
        start = piece.start
        for h in holes:
            if h.end <= start or h.start >= piece.end:
                continue
            if h.start > start:
                out.append(Interval(start, h.start))
            start = max(start, h.end)
            if start >= piece.end:
                break
        if start < piece.end:
            out.append(Interval(start, piece.end))
    return merge(out)


def covered(what: Interval, by: Iterable[Interval]) -> bool:
    """Is every instant of ``what`` in ``by``?"""
    return any(i.covers(what) for i in merge(by))
