"""Interval algebra on half-open time intervals ``[start, end)`` (discard-league-2026 §6.1: free time,
busy rooms and common options are sets of instants). Pure: sorted tuples of :class:`Interval`.

A *normal* list is sorted, and no two of its intervals overlap or touch (touching ones are merged:
``[18:00, 19:00)`` and ``[19:00, 20:00)`` are one free evening ``[18:00, 20:00)``).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import chain, compress, repeat
from operator import attrgetter, eq, ge, lt, sub


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
# Sorting by (start, end) with a C-level key, not the dataclass's generated __lt__ (the match card
# sorts thousands of intervals: docs/rules.md schedule.card.options-after-everyone-answered).
_BOUNDS = attrgetter("start", "end")
_START = attrgetter("start")
_END = attrgetter("end")


def is_normal(intervals: Sequence[Interval]) -> bool:
    """Sorted, no two overlapping or touching (checked in C: one pass, no sort)."""
    return all(map(lt, map(_END, intervals[:-1]), map(_START, intervals[1:])))


def merge(intervals: Iterable[Interval]) -> Intervals:
    """The normal form: sorted, overlapping and touching intervals merged into maximal ones."""
    items = intervals if isinstance(intervals, (list, tuple)) else list(intervals)
    if is_normal(items):  # stored answers and a room's bookings usually are: nothing to sort
        return tuple(items)
    out: list[Interval] = []
    for i in sorted(items, key=_BOUNDS):
        if out and i.start <= out[-1].end:
            if i.end > out[-1].end:
                out[-1] = Interval(out[-1].start, i.end)
        else:
            out.append(i)
    return tuple(out)


def intersect(a: Iterable[Interval], b: Iterable[Interval]) -> Intervals:
    """Instants in both (inputs in any form; the answer is normal: two pieces never touch, since
    each ends where one of two normal inputs ends and the next starts after that input's next start)."""
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
    return tuple(out)


def intersect_all(sets: Iterable[Iterable[Interval]], within: Interval) -> Intervals:
    """Instants inside ``within`` that are in every set (no sets: all of ``within``)."""
    return tuple(map(trusted_interval, *common_bounds(sets, within)))


def common_bounds(sets: Iterable[Iterable[Interval]], within: Interval) -> tuple[list[datetime], list[datetime]]:
    """:func:`intersect_all` as two lists, the pieces' starts and their ends (no object per piece).

    Every set is made normal first, so a set never counts twice; then all starts are sorted, and all
    ends (in C: each set's bounds are already sorted runs). Just after the ``i``-th start, ``i + 1``
    intervals have started and as many as there are ends at or before it have ended (an end at the
    same instant comes first: half-open, touching intervals of two players share nothing); where that
    count is the number of sets, every set is open, so a common piece starts there, and it ends at the
    first end after it (no set can start again before one of them ends)."""
    normal = [merge(s) for s in sets]
    normal.append((within,))
    every = list(chain.from_iterable(normal))
    starts, ends = sorted(map(_START, every)), sorted(map(_END, every))
    ended = list(map(bisect_right, repeat(ends), starts))  # ends at or before each start
    open_now = map(sub, range(1, len(starts) + 1), ended)
    at = list(compress(range(len(starts)), map(eq, open_now, repeat(len(normal)))))
    return list(map(starts.__getitem__, at)), list(map(ends.__getitem__, map(ended.__getitem__, at)))


def trusted_interval(start: datetime, end: datetime) -> Interval:
    """An :class:`Interval` whose ``start < end`` the caller has established (a piece of an algebra on
    valid intervals): built without the dataclass's checks, which the match card would pay hundreds of
    times per card."""
    made = _NEW(Interval)
    _SET(made, "__dict__", {"start": start, "end": end})
    return made


_NEW = object.__new__
_SET = object.__setattr__


def subtract(a: Iterable[Interval], b: Iterable[Interval], at_least: timedelta | None = None) -> Intervals:
    """Instants of ``a`` not in ``b`` (inputs in any form; the answer is normal), without the pieces
    shorter than ``at_least`` when given (never built). The holes inside a piece are found by
    bisection and the gaps between them measured in C (``map``/``compress``): the match card subtracts
    each room's bookings, thousands of them, from everyone's free time."""
    shortest = at_least or timedelta(0)
    out: list[Interval] = []
    holes = b if isinstance(b, (list, tuple)) else tuple(b)
    starts, ends = list(map(_START, holes)), list(map(_END, holes))
    if not all(map(lt, ends, starts[1:])):  # not normal (the usual case is: a room's bookings never overlap)
        holes = merge(holes)
        starts, ends = list(map(_START, holes)), list(map(_END, holes))
    for piece in merge(a):
        p_start, p_end = piece.start, piece.end
        i, j = bisect_right(ends, p_start), bisect_left(starts, p_end)  # holes[i:j] overlap the piece
        if i == j:  # no hole in it
            if p_end - p_start >= shortest:
                out.append(piece)
            continue
        if starts[i] > p_start and starts[i] - p_start >= shortest:
            out.append(Interval(p_start, starts[i]))
        gaps = map(sub, starts[i + 1 : j], ends[i : j - 1])  # holes are normal: every gap is positive
        for k in compress(range(i, j - 1), map(ge, gaps, repeat(shortest))):
            out.append(Interval(ends[k], starts[k + 1]))
        if ends[j - 1] < p_end and p_end - ends[j - 1] >= shortest:
            out.append(Interval(ends[j - 1], p_end))
    return tuple(out)


def covered(what: Interval, by: Iterable[Interval]) -> bool:
    """Is every instant of ``what`` in ``by``?"""
    return any(i.covers(what) for i in merge(by))
