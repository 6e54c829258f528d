"""Recurring activities (discard-league-2026 §3: the club's one calendar also holds other activities,
"every Thursday 19:00-23:00"; docs/rules.md ``schedule.recurring.*``). Pure.

A series is an RFC 5545 RRULE expanded by ``python-dateutil`` from a DTSTART that is a *local* time in
the club's zone, so 19:00 stays 19:00 across a DST change (the UTC instants move instead). Bounds:

* the rule has COUNT or UNTIL, at most :data:`MAX_OCCURRENCES` occurrences, all starting within
  :data:`HORIZON` of the first one (a year: a season's Thursday evenings fit, an endless series does not);
* FREQ is DAILY, WEEKLY, MONTHLY or YEARLY (no sub-daily series) and only the parts below are accepted;
* the first occurrence is the given start itself (DTSTART matches the rule: RFC 5545 leaves the other
  case undefined), and no occurrence overlaps the next one of the same series.

Each occurrence becomes a real booking row, so the database's no-overlap guarantee covers every one.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import NoReturn
from zoneinfo import ZoneInfo

from dateutil.rrule import rrule, rrulestr

from booking.domain.intervals import Interval
from rondo_runtime.validation import Violations

MAX_OCCURRENCES = 100
HORIZON = timedelta(days=366)
MAX_RULE_LENGTH = 200
MAX_DURATION = timedelta(hours=24)
FREQUENCIES = ("DAILY", "WEEKLY", "MONTHLY", "YEARLY")
PARTS = ("FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "BYYEARDAY", "BYWEEKNO", "WKST")


@dataclass(frozen=True)
class Series:
    id: str
    club_id: str
    room_id: str
    title: str
    rule: str  # the RRULE value as given (normalized: upper case, no "RRULE:" prefix)
    first: Interval  # the first occurrence (UTC); DTSTART is its start in the club's zone
    time_zone: str


def normalize_rule(text: str, v: Violations, field: str = "rrule") -> dict[str, str] | None:
    """The RRULE's parts (``FREQ=WEEKLY;BYDAY=TH;COUNT=20`` -> {"FREQ": "WEEKLY", ...}), or None with
    the reason in ``v``."""
    rule = text.strip()
    if rule.upper().startswith("RRULE:"):
        rule = rule[len("RRULE:") :]
    if not rule:
        v.add(field, "give an RFC 5545 RRULE such as 'FREQ=WEEKLY;BYDAY=TH;COUNT=20'")
        return None
    if len(rule) > MAX_RULE_LENGTH or not rule.isascii() or not rule.isprintable() or " " in rule:
        v.add(field, f"an RRULE is at most {MAX_RULE_LENGTH} printable ASCII characters without spaces")
        return None
    parts: dict[str, str] = {}
    for part in rule.upper().split(";"):
        name, _, value = part.partition("=")
        if name not in PARTS or not value:
            v.add(field, f"{name[:20]!r} is not a rule part Rondo accepts ({', '.join(PARTS)})")
            return None
        if name in parts:
            v.add(field, f"{name} is given twice")
            return None
        parts[name] = value
    if parts.get("FREQ") not in FREQUENCIES:
        v.add(field, f"FREQ must be one of {', '.join(FREQUENCIES)}")
        return None
    if ("COUNT" in parts) == ("UNTIL" in parts):
        v.add(field, f"give COUNT or UNTIL (one of them): a series ends, within {HORIZON.days} days")
        return None
    return parts


def expand(rule: str, first: Interval, zone: ZoneInfo, field: str = "rrule") -> tuple[Interval, ...]:
    """Every occurrence of the series (UTC intervals at the first one's local wall-clock times), in order.
    INVALID_ARGUMENT naming ``field`` (or ``start``/``end``) for a rule out of bounds."""
    v = Violations()
    if first.length > MAX_DURATION:
        v.add("end", f"an occurrence lasts at most {MAX_DURATION.total_seconds() / 3600:g} hours")
    parts = normalize_rule(rule, v, field)
    v.raise_if_any()
    assert parts is not None
    text = ";".join(f"{k}={value}" for k, value in parts.items())
    start = first.start.astimezone(zone).replace(tzinfo=zone)  # DTSTART: the local wall-clock time
    horizon = start.astimezone(UTC) + HORIZON
    try:
        parsed = rrulestr(text, dtstart=start)
    except (ValueError, TypeError, KeyError, IndexError, OverflowError) as error:
        raise_single(field, f"not a valid RRULE: {str(error)[:80]}")
    if not isinstance(parsed, rrule):
        raise_single(field, "give one RRULE")
    if "UNTIL" in parts:
        until = parsed._until  # dateutil keeps it aware (UTC) when DTSTART is aware
        if until is not None and until.astimezone(UTC) > horizon:
            raise_single(field, f"UNTIL is more than {HORIZON.days} days after the first occurrence")
        bounded = parsed
        wanted = MAX_OCCURRENCES + 1
    else:
        count = int(parts["COUNT"]) if parts["COUNT"].isdigit() else 0
        if not 1 <= count <= MAX_OCCURRENCES:
            raise_single(field, f"COUNT is 1 to {MAX_OCCURRENCES}")
        bounded = parsed.replace(count=None, until=horizon)  # iteration never runs past the horizon
        wanted = count
    starts = list(itertools.islice(iter(bounded), wanted))
    if "COUNT" in parts and len(starts) < wanted:
        raise_single(field, f"the series runs past {HORIZON.days} days after the first occurrence; give a smaller COUNT")
    if len(starts) > MAX_OCCURRENCES:
        raise_single(field, f"at most {MAX_OCCURRENCES} occurrences; give a smaller COUNT or an earlier UNTIL")
    if not starts or starts[0] != start:
        raise_single(
            "start", "the first occurrence must be the start itself: pick a start the rule matches (e.g. a Thursday for BYDAY=TH)"
        )
    occurrences = tuple(_wall_clock_occurrence(s, first, zone) for s in starts)
    for a, b in itertools.pairwise(occurrences):
        if a.overlaps(b):
            raise_single(field, "occurrences of the series would overlap each other; make them shorter or further apart")
    return occurrences


def _wall_clock_occurrence(start: datetime, first: Interval, zone: ZoneInfo) -> Interval:
    """The occurrence starting at ``start`` (local, from the rule) with the first one's local wall-clock
    length: 00:00-24:00 stays the whole day across a DST change (23 or 25 hours), 19:00-23:00 stays
    19:00-23:00. A local end in a DST gap is read like a start (the offset before it); an end that
    would not come after the start (a gap swallowing a short occurrence) keeps the first's exact length."""
    wall = first.end.astimezone(zone).replace(tzinfo=None) - first.start.astimezone(zone).replace(tzinfo=None)
    begin = start.astimezone(UTC)
    end = (start.replace(tzinfo=None) + wall).replace(tzinfo=zone).astimezone(UTC)
    return Interval(begin, end if end > begin else begin + first.length)


def raise_single(field: str, description: str) -> NoReturn:
    v = Violations()
    v.add(field, description)
    v.raise_if_any()
    raise AssertionError("unreachable")
