"""The demo's simulated players (rondo_app/demo_simulation.py): the same seed gives the same season,
every table has a common evening long enough for its match, every hanchan sums to the table total,
and no match ends with two players level on sum and average place (which would stop the playoff)."""

from __future__ import annotations

from datetime import date, timedelta
from zoneinfo import ZoneInfo

import pytest

from league.domain.mahjong.ruleset import MAHJONG_LEAGUE
from league.domain.mahjong.scoring import Hanchan, Match, match_result
from rondo_app import demo_simulation as sim

pytestmark = pytest.mark.domain
ZONE = ZoneInfo("Europe/Kirov")
MONDAY = date(2026, 3, 2)


def _common(free: dict[str, list[sim.Interval]]) -> timedelta:
    """The longest stretch in which everyone is free."""
    best = timedelta(0)
    for candidate in next(iter(free.values())):
        start, end = candidate.start, candidate.end
        for intervals in free.values():
            overlaps = [(max(start, i.start), min(end, i.end)) for i in intervals if i.start < end and start < i.end]
            if not overlaps:
                start = end
                break
            start, end = max(overlaps, key=lambda o: o[1] - o[0])
        best = max(best, end - start)
    return best


@pytest.mark.parametrize("seed", [1, 7, 2026])
@pytest.mark.parametrize("games", [3, 5])
def test_every_table_shares_an_evening_long_enough_for_its_match_and_two_tables_at_most_share_it(seed, games):
    for r in range(1, 5):
        evenings = [sim.table_evening(seed, f"1/{r}", t) for t in range(1, 8)]
        assert all(evenings.count(day) <= 2 for day in evenings)
        for t in range(1, 8):
            players = [f"r{r}t{t}p{i}" for i in range(4)]
            free = sim.availability(seed, f"1/{r}", t, players, MONDAY, ZONE, games)
            assert free == sim.availability(seed, f"1/{r}", t, players, MONDAY, ZONE, games)
            assert _common(free) >= sim.meeting(games)
            assert all(MONDAY <= i.start.astimezone(ZONE).date() < MONDAY + timedelta(days=7) for f in free.values() for i in f)


@pytest.mark.parametrize("hanchans", [3, 5])
def test_matches_sum_to_the_table_total_and_never_tie(hanchans):
    seats = ["a", "b", "c", "d"]
    for table in range(1, 60):
        played = sim.match_scores(3, seats, hanchans, 1, 1, table, chombo={2: "a"})
        assert played == sim.match_scores(3, seats, hanchans, 1, 1, table, chombo={2: "a"})
        assert len(played) == hanchans
        assert all(
            sum(h.values()) == 120_000 and len(set(h.values())) == 4 and all(s % 100 == 0 for s in h.values()) for h in played
        )
        match = Match(
            1,
            1,
            tuple(seats),
            tuple(Hanchan(n, tuple(h.items()), (("a", 1),) if n == 2 else ()) for n, h in enumerate(played, start=1)),
        )
        lines = match_result(match, MAHJONG_LEAGUE).lines
        assert len({(line.sum, sum(line.places)) for line in lines}) == 4
        assert sorted(sim.places(played[0]).values()) == [1, 2, 3, 4]


def test_the_misread_moves_1000_points_and_keeps_the_total():
    scores = {"a": 40_000, "b": 35_000, "c": 30_000, "d": 15_000}
    wrong = sim.misread(scores)
    assert sum(wrong.values()) == 120_000 and (wrong["b"], wrong["c"]) == (36_000, 29_000)
