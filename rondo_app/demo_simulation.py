"""What the demo's players do, simulated: when they are free and how their hanchans end. Pure and
deterministic: the same seed, players and places give the same answers on any machine.

Availability: every table of a round shares one evening of the round's week with one other table
(so the club's rooms are never short), each player arriving and leaving
at a time of their own around it, so the table's common option is at least four hours long; each
player also names an evening or two of their own, which rarely line up with the others'.

Hanchans: final scores in hundreds that sum to the table total (120 000), four different scores a
hanchan. A match whose figures would leave two of its players level on the sum of the match and the
average place (a tie only the organizer could break, which would stop the playoff) is played again
with the next salt: ties are checked with league's own scorer, not a copy of it.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from league.domain.mahjong.ruleset import MAHJONG_LEAGUE
from league.domain.mahjong.scoring import Hanchan, Match, match_result

TABLE_TOTAL = MAHJONG_LEAGUE.total_points
HANCHAN = timedelta(minutes=80)  # a meeting lasts this long a hanchan: three are an evening of four hours
EVENING_FROM = time(17, 0)  # club time; a player arrives at most 90 minutes later (earlier for a longer match)
EVENING_TO = time(23, 0)  # and leaves at most 30 minutes earlier or an hour later


def meeting(games: int) -> timedelta:
    return games * HANCHAN


def _rng(seed: int, *where: object) -> random.Random:
    """A generator for one decision, from the seed and where it is made (strings, never hash())."""
    return random.Random("/".join(str(p) for p in (seed, *where)))


@dataclass(frozen=True)
class Interval:
    start: datetime  # aware, UTC
    end: datetime


def _local(day: date, at: time, zone: ZoneInfo, minutes: int = 0) -> datetime:
    return (datetime.combine(day, at, tzinfo=zone) + timedelta(minutes=minutes)).astimezone(ZoneInfo("UTC"))


def table_evening(seed: int, week: object, table: int) -> int:
    """The day of the week (0 = its first day) when the whole table is free: two tables of a round
    share an evening, every other day (up to seven tables: a club of three rooms with a D&D evening
    in one of them still seats both). ``week`` names the round ("<stage>/<round>")."""
    return (_rng(seed, "evenings", week).randrange(7) + (table - 1) // 2 * 2) % 7


def availability(
    seed: int, week: object, table: int, players: Sequence[str], first_day: date, zone: ZoneInfo, games: int = 3
) -> dict[str, list[Interval]]:
    """Each player's free intervals in the round's week starting ``first_day`` (club time), for a
    match of ``games`` hanchans."""
    shared = table_evening(seed, week, table)
    earlier = int((meeting(games) - meeting(3)).total_seconds() // 60)
    out: dict[str, list[Interval]] = {}
    for player in players:
        rng = _rng(seed, "free", week, table, player)
        day = first_day + timedelta(days=shared)
        intervals = [
            Interval(
                _local(day, EVENING_FROM, zone, rng.choice((0, 30, 60, 90)) - earlier),
                _local(day, EVENING_TO, zone, rng.choice((-30, 0, 30, 60))),
            )
        ]
        for other in rng.sample([d for d in range(7) if d != shared], rng.choice((1, 2))):
            day = first_day + timedelta(days=other)
            intervals.append(Interval(_local(day, time(18, 0), zone, rng.choice((0, 30))), _local(day, time(22, 0), zone)))
        out[player] = sorted(intervals, key=lambda i: i.start)
    return out


def _hanchan(rng: random.Random) -> list[int]:
    """Four different final scores (hundreds) summing to the table total, in random seat order."""
    while True:
        top = rng.randrange(360, 560) * 100
        second = rng.randrange(270, 360) * 100
        third = rng.randrange(160, 270) * 100
        last = TABLE_TOTAL - top - second - third
        scores = [top, second, third, last]
        if len(set(scores)) == 4:
            rng.shuffle(scores)
            return scores


def match_scores(
    seed: int, seats: Sequence[str], hanchans: int, *where: object, chombo: Mapping[int, str] | None = None
) -> list[dict[str, int]]:
    """The final scores of every hanchan of a match (seat -> score), ``chombo`` naming the hanchans
    where a player had one; two players of the match never end level on sum and average place."""
    chombo = chombo or {}
    ruleset = dataclasses.replace(MAHJONG_LEAGUE, hanchans_per_match=hanchans)
    for salt in range(1000):
        rng = _rng(seed, "scores", salt, *where)
        played = [dict(zip(seats, _hanchan(rng), strict=True)) for _ in range(hanchans)]
        match = Match(
            round=1,
            table=1,
            players=tuple(seats),
            hanchans=tuple(
                Hanchan(n, tuple(scores.items()), ((chombo[n], 1),) if n in chombo else ())
                for n, scores in enumerate(played, start=1)
            ),
        )
        lines = match_result(match, ruleset).lines
        if len({(line.sum, sum(line.places)) for line in lines}) == len(lines):
            return played
    raise AssertionError("no tie-free match in 1000 tries")  # never: ties are rare


def places(scores: Mapping[str, int]) -> dict[str, int]:
    """1-4 by final score (the scores of a simulated hanchan are all different)."""
    return {p: i for i, p in enumerate(sorted(scores, key=lambda p: -scores[p]), start=1)}


def misread(scores: Mapping[str, int]) -> dict[str, int]:
    """The hanchan as first written down: 1 000 of the 3rd's points credited to the 2nd (the judge
    corrects it later)."""
    order = sorted(scores, key=lambda p: -scores[p])
    wrong = dict(scores)
    wrong[order[1]] += 1000
    wrong[order[2]] -= 1000
    return wrong
