"""Input checks of a round-schedule problem, and a solver-free check of any schedule
(docs/rules.md ``schedule.auto.no-double-booking``).

``validate_problem`` raises ``InvalidArgument`` naming every bad field at once, with the request's
paths (``matches[2].candidates[0].end``); the capacity (``solver/domain/capacity.py``) is checked
first, on sizes only. ``check_schedule`` returns what is wrong with a set of placements, in words
(empty = valid): every placement inside a candidate of its match, in a room free for all of that
candidate, as long as the match; no match twice; no room and no player in two placements at once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import datetime
from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from rondo_runtime.validation import Violations
from solver.domain.capacity import (
    MAX_SCHEDULE_LENGTH_MINUTES,
    MAX_SCHEDULE_PENALTY,
    MAX_SCHEDULE_STEP_MINUTES,
    MIN_SCHEDULE_STEP_MINUTES,
    schedule_capacity_violations,
)
from solver.domain.schedule.problem import Placement, ScheduleProblem

MINUTES_PER_DAY = 24 * 60


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def known_time_zone(name: object) -> bool:
    """An IANA zone name that ``zoneinfo`` can load."""
    if not isinstance(name, str) or name not in _zones():
        return False
    try:
        ZoneInfo(name)
    except (ValueError, OSError):
        return False
    return True


def _aware(value: object) -> bool:
    return isinstance(value, datetime) and value.tzinfo is not None


def validate_problem(problem: ScheduleProblem) -> None:
    capacity = schedule_capacity_violations(problem)
    capacity.raise_if_any()
    v = Violations()
    rooms = v.unique_ids("room_ids", problem.room_ids, empty="needs a non-empty room id")
    if not problem.room_ids:
        v.add("room_ids", "list the club's rooms (at least one)")
    if not problem.matches:
        v.add("matches", "give at least one match to schedule")
    v.unique_ids("matches", [m.id for m in problem.matches], empty="needs a non-empty match id")
    for i, match in enumerate(problem.matches):
        field = f"matches[{i}]"
        if not match.players:
            v.add(f"{field}.player_ids", "a match has at least one player")
        v.unique_ids(f"{field}.player_ids", match.players, empty="needs a non-empty player id")
        v.integer(f"{field}.length_minutes", match.length_minutes, 1, MAX_SCHEDULE_LENGTH_MINUTES, "minutes")
        for j, candidate in enumerate(match.candidates):
            where = f"{field}.candidates[{j}]"
            if not _aware(candidate.start):
                v.add(f"{where}.start", "is required")
            if not _aware(candidate.end):
                v.add(f"{where}.end", "is required")
            elif _aware(candidate.start) and not candidate.start < candidate.end:
                v.add(f"{where}.end", f"must be after start ({candidate.start.isoformat()})")
            if not candidate.room_ids:
                v.add(f"{where}.room_ids", "list the rooms free for all of this interval (at least one)")
            for k, room in enumerate(candidate.room_ids):
                if room not in rooms:
                    v.add(f"{where}.room_ids[{k}]", f"room {room!r} is not in room_ids")
    if not known_time_zone(problem.time_zone):
        v.add("time_zone", f"{problem.time_zone[:40]!r} is not an IANA time zone name such as 'Europe/Kirov'")
    if problem.reference is not None and not _aware(problem.reference):
        v.add("window_start", "must carry a time zone (UTC)")
    v.integer("start_step_minutes", problem.step_minutes, MIN_SCHEDULE_STEP_MINUTES, MAX_SCHEDULE_STEP_MINUTES, "minutes")
    p = problem.preference
    v.integer("preference.evening_start_minute", p.evening_start, 0, MINUTES_PER_DAY, "minutes after midnight")
    v.integer("preference.evening_end_minute", p.evening_end, 0, MINUTES_PER_DAY, "minutes after midnight")
    v.integer("preference.daytime_penalty_minutes", p.daytime_penalty, 0, MAX_SCHEDULE_PENALTY, "minutes")
    v.raise_if_any()


def check_schedule(problem: ScheduleProblem, placements: Iterable[Placement]) -> list[str]:
    """Everything wrong with ``placements`` (empty: a valid schedule of ``problem``)."""
    problems: list[str] = []
    by_id = {m.id: m for m in problem.matches}
    seen: set[str] = set()
    by_room: dict[str, list[Placement]] = defaultdict(list)
    by_player: dict[str, list[Placement]] = defaultdict(list)
    for p in placements:
        match = by_id.get(p.match_id)
        if match is None:
            problems.append(f"{p.match_id!r} is not a match of the problem")
            continue
        if p.match_id in seen:
            problems.append(f"match {p.match_id!r} is placed twice")
        seen.add(p.match_id)
        if p.end - p.start != match.length:
            problems.append(f"match {p.match_id!r} is placed for {p.end - p.start}, not its {match.length_minutes} minutes")
        if not any(c.start <= p.start and p.end <= c.end and p.room_id in c.room_ids for c in match.candidates):
            problems.append(f"match {p.match_id!r} at {p.start.isoformat()} in {p.room_id!r} is not inside one of its candidates")
        by_room[p.room_id].append(p)
        for player in match.players:
            by_player[player].append(p)
    for what, groups in (("room", by_room), ("player", by_player)):
        for name, group in groups.items():
            ordered = sorted(group, key=lambda p: p.start)
            for a, b in zip(ordered, ordered[1:]):
                if b.start < a.end:
                    problems.append(f"{what} {name!r} is in matches {a.match_id!r} and {b.match_id!r} at once")
    return problems
