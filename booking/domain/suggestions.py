"""Suggested start times instead of the raw common options on a two-player table (issue 16;
docs/rules.md ``schedule.card.two-player-suggestions``). Pure.

On a table of two (a cup or Up&Down match), the common options are the intersection of two answers:
a player who answers "the whole window" reads the opponent's private intervals off the card exactly.
There the card offers instead at most :data:`MAX_SUGGESTIONS` meetings of the match's minimum length,
each starting on a full UTC hour (a full hour of the club's clock in every zone with a whole-hour
offset) inside a common option, earliest first, at most one per option and day. A suggestion tells
that both are free for that hour-aligned slot, never where anyone's free time begins or ends.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING

from booking.domain.intervals import Interval

if TYPE_CHECKING:  # scheduling imports this module
    from booking.domain.scheduling import Option

MAX_SUGGESTIONS = 6
STEP = timedelta(hours=1)


def suggested_meetings(options: Sequence[Option], length: timedelta) -> tuple[Option, ...]:
    """At most :data:`MAX_SUGGESTIONS` slots ``length`` long starting on a full hour inside one of
    ``options`` (with that option's rooms), at most one per option and per UTC day, earliest first."""
    out: list[Option] = []
    days: set[date] = set()
    for option in options:
        if len(out) == MAX_SUGGESTIONS:
            break
        start = option.slot.start
        aligned = start.replace(minute=0, second=0, microsecond=0)
        if aligned < start:
            aligned += STEP
        if aligned + length > option.slot.end or aligned.date() in days:
            continue
        days.add(aligned.date())
        out.append(dataclasses.replace(option, slot=Interval(aligned, aligned + length)))
    return tuple(out)
