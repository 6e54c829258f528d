"""The preference cost of one start (docs/rules.md ``schedule.auto.objective``): earlier is better,
and an evening start is better than a daytime one up to ``daytime_penalty`` minutes earlier.

    cost(start) = minutes from the reference to start  +  (0 if evening(start) else daytime_penalty)

``evening(start)``: the start's wall-clock time in the club's zone (``zoneinfo``, DST-safe) is in
``[evening_start, evening_end)``. Integers only, so the CP-SAT objective is exact.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from solver.domain.schedule.problem import Preference


def is_evening(start: datetime, zone: ZoneInfo, preference: Preference) -> bool:
    local = start.astimezone(zone)
    minute = local.hour * 60 + local.minute
    lo, hi = preference.evening_start, preference.evening_end
    if lo <= hi:
        return lo <= minute < hi
    return minute >= lo or minute < hi  # an evening past midnight, e.g. 20:00-01:00


def lateness_minutes(start: datetime, reference: datetime) -> int:
    return max(0, int((start - reference).total_seconds() // 60))


def start_cost(start: datetime, reference: datetime, zone: ZoneInfo, preference: Preference) -> int:
    daytime = 0 if is_evening(start, zone, preference) else preference.daytime_penalty
    return lateness_minutes(start, reference) + daytime
