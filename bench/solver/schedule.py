"""Round auto-scheduler benchmark: a round of 16 matches x 4 players over a two-week window with
realistic availability and 3 rooms, CP-SAT against the earliest-first baseline, in one process.

Figures are printed, not asserted: matches placed, preference cost (docs/rules.md
``schedule.auto.objective``: minutes late + 1 440 per daytime start), the bound, the status and the
wall time of each method.

The instance (seeded, reproducible): 64 players, each with a habit —

* ``evenings`` (half of them): 3 to 5 weekday evenings a week, from 17:30-19:00 to 23:00-24:00,
  and each weekend day with even odds from 12:00-16:00 to 23:00;
* ``weekends``: Saturday and Sunday blocks of 6 to 10 hours between 11:00 and 23:30, plus one or two
  weekday evenings (18:00-23:30) a week;
* ``sparse`` (one in eight): three or four free evenings (18:00-23:30) in the whole fortnight.

The club (Europe/Kirov) has 3 rooms; a D&D evening takes room 1 every Thursday 19:00-23:00 and
other activities take a few more evenings. Each match's candidates are its common options as booking
computes them: the half hours where all four are free and a room is free, cut per room into maximal
intervals of at least the match's length (4 hours).

    .venv/bin/python -m bench.solver.schedule [--matches 16] [--rooms 3] [--days 14] [--seed 1] [--time-limit 10]
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from solver.domain.schedule.cpsat.solve import objective_of, solve_schedule
from solver.domain.schedule.greedy import earliest_first
from solver.domain.schedule.problem import Candidate, ScheduleMatch, ScheduleObjective, ScheduleProblem
from solver.domain.schedule.starts import all_options
from solver.domain.schedule.validate import check_schedule

ZONE = ZoneInfo("Europe/Kirov")
WINDOW_START = datetime(2030, 3, 4, tzinfo=ZONE)  # a Monday, club time
SLOT = timedelta(minutes=30)
MATCH_MINUTES = 240


def _slot(day: int, hour: float) -> int:
    return int((day * 24 + hour) * 2)


def _block(day: int, start: float, end: float) -> set[int]:
    return set(range(_slot(day, start), _slot(day, end)))


def player_free(rng: random.Random, days: int) -> set[int]:
    """One player's free half hours over ``days`` days from WINDOW_START (a Monday)."""
    habit = rng.choices(["evenings", "weekends", "sparse"], weights=[4, 3, 1])[0]
    free: set[int] = set()
    for week in range(0, days, 7):
        weekdays = [d for d in range(week, min(week + 5, days))]
        weekend = [d for d in range(week + 5, min(week + 7, days))]
        if habit == "evenings":
            for d in rng.sample(weekdays, k=min(len(weekdays), rng.randint(3, 5))):
                free |= _block(d, rng.choice([17.5, 18, 18.5, 19]), rng.choice([23, 23.5, 24]))
            for d in weekend:
                if rng.random() < 0.5:
                    free |= _block(d, rng.choice([12, 14, 16]), 23)
        elif habit == "weekends":
            for d in weekend:
                start = rng.choice([11, 12, 13, 15])
                free |= _block(d, start, min(23.5, start + rng.choice([6, 8, 10])))
            for d in rng.sample(weekdays, k=min(len(weekdays), rng.randint(1, 2))):
                free |= _block(d, 18, 23.5)
    if habit == "sparse":
        for d in rng.sample(range(days), k=rng.randint(3, 4)):
            free |= _block(d, 18, 23.5)
    return free


def club_busy(rooms: list[str], days: int, rng: random.Random) -> dict[str, set[int]]:
    busy: dict[str, set[int]] = {r: set() for r in rooms}
    for d in range(3, days, 7):  # every Thursday: the D&D evening in room 1
        busy[rooms[0]] |= _block(d, 19, 23)
    for _ in range(days // 3):  # a few other activities
        busy[rng.choice(rooms)] |= _block(rng.randrange(days), rng.choice([17, 18, 19]), 23)
    return busy


def _runs(slots: set[int]) -> list[tuple[int, int]]:
    """Maximal runs [a, b) of consecutive half hours."""
    out: list[tuple[int, int]] = []
    for s in sorted(slots):
        if out and out[-1][1] == s:
            out[-1] = (out[-1][0], s + 1)
        else:
            out.append((s, s + 1))
    return out


def _at(slot: int) -> datetime:
    return (WINDOW_START + slot * SLOT).astimezone(UTC)


def common_options(players: list[set[int]], busy: dict[str, set[int]], minutes: int) -> tuple[Candidate, ...]:
    """Booking's rule on half-hour grids: where everyone is free and a room is free, per room, maximal,
    at least ``minutes`` long; the same interval in several rooms is one candidate listing them."""
    everyone = set.intersection(*players) if players else set()
    by_slot: dict[tuple[int, int], list[str]] = {}
    for room, taken in busy.items():
        for a, b in _runs(everyone - taken):
            if (b - a) * 30 >= minutes:
                by_slot.setdefault((a, b), []).append(room)
    return tuple(Candidate(_at(a), _at(b), tuple(rooms)) for (a, b), rooms in sorted(by_slot.items()))


def make_round(matches: int = 16, rooms: int = 3, days: int = 14, seed: int = 1, time_limit: float = 10.0) -> ScheduleProblem:
    rng = random.Random(seed)
    free = {f"p{i:02d}": player_free(rng, days) for i in range(4 * matches)}
    room_ids = [f"room-{r + 1}" for r in range(rooms)]
    busy = club_busy(room_ids, days, rng)
    ids = list(free)
    rng.shuffle(ids)
    out = []
    for m in range(matches):
        players = ids[4 * m : 4 * m + 4]
        candidates = common_options([free[p] for p in players], busy, MATCH_MINUTES)
        out.append(ScheduleMatch(f"bench/1/1/{m + 1}", tuple(players), MATCH_MINUTES, candidates))
    return ScheduleProblem(
        tuple(out), tuple(room_ids), time_zone="Europe/Kirov", reference=_at(0), seed=seed, time_limit_s=time_limit
    )


@dataclass(frozen=True)
class Row:
    method: str
    status: str
    objective: ScheduleObjective
    bound: ScheduleObjective | None
    wall_time_s: float


def run(
    matches: int = 16, rooms: int = 3, days: int = 14, seed: int = 1, time_limit: float = 10.0
) -> tuple[ScheduleProblem, list[Row]]:
    problem = make_round(matches, rooms, days, seed, time_limit)
    t0 = time.perf_counter()
    options = all_options(problem)
    greedy = earliest_first(problem, options)
    greedy_s = time.perf_counter() - t0
    result = solve_schedule(problem)
    assert check_schedule(problem, result.placements) == []
    return problem, [
        Row("earliest-first", "FEASIBLE", objective_of(greedy), None, greedy_s),
        Row("rondo (cp-sat)", result.status.name, result.objective, result.bound, result.wall_time_s),
    ]


def _fmt(o: ScheduleObjective | None) -> str:
    return "-" if o is None else f"({o.matches_placed}, {o.preference_cost})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=16)
    parser.add_argument("--rooms", type=int, default=3)
    parser.add_argument("--days", type=int, default=14)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=10.0)
    args = parser.parse_args(argv)
    problem, rows = run(args.matches, args.rooms, args.days, args.seed, args.time_limit)
    with_options = sum(1 for m in problem.matches if m.candidates)
    options = len(all_options(replace(problem)))
    print(
        f"round schedule: {args.matches} matches x 4 players, {args.days} days, {args.rooms} rooms, seed {args.seed}, "
        f"time limit {args.time_limit:g} s; {with_options} matches have a common option, {options} (match, start, room) options"
    )
    print(f"  {'method':<16} {'status':<9} {'objective (placed, cost)':<26} {'bound':<16} {'wall s':>8}")
    for r in rows:
        print(f"  {r.method:<16} {r.status:<9} {_fmt(r.objective):<26} {_fmt(r.bound):<16} {r.wall_time_s:8.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
