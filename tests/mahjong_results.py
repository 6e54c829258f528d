"""One round of a 16-player mahjong league as records and as a season file (tests of results and standings).

Round 1 of an approved draw: 3 hanchans a table, a chombo at table 1, a no-show with a substitute at
table 2, a penalty at table 3, and a correction of table 4's first hanchan.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from league.adapters.season_file import load_season
from league.domain.mahjong.standings import Season, Standings, regular_standings
from league.domain.model import DrawStatistics
from league.domain.records import HanchanEntry, NoShowEntry, PenaltyEntry

if TYPE_CHECKING:
    from league.service import League

SUBSTITUTE = "Sub One"
SCORES = (45_000, 35_000, 25_000, 15_000)
CORRECTED = (40_000, 40_000, 25_000, 15_000)  # table 4, hanchan 1 after the correction (split uma)
PENALTY: dict[str, Any] = {"table": 3, "seat": 1, "points": 5_000, "reason": "arrived 20 minutes late"}
CORRECTION_REASON = "scores of hanchan 1 were swapped on the protocol"
BY = "judge Anna"
STATS = DrawStatistics(objective=(0, 1, 0, 0, 0), lower_bound=(0, 1, 0, 0, 0), proven_optimal=True, method="test")


def draw_rounds(ids: list[str]) -> tuple[tuple[tuple[str, ...], ...], ...]:
    """A legal draw of 16 players: round r seats player (i + 5r) mod 16 in seat i."""
    return tuple(tuple(tuple(ids[(i + r * 5) % 16] for i in range(t * 4, t * 4 + 4)) for t in range(4)) for r in range(4))


def approved_league(league: League):
    """A 16-player discard-league competition with an approved 4-round draw: (competition, ids, round 1 tables)."""
    competition = league.competitions.create("Autumn league", "discard-league-2026", 4, 4)
    ids = [league.roster.register(competition.id, f"P{i:02d}").id for i in range(1, 17)]
    rounds = draw_rounds(ids)
    draw = league.draws.save(competition.id, 1, rounds, STATS)
    league.draws.approve(competition.id, draw.id)
    return competition, ids, [list(t) for t in rounds[0]]


def record_even_season(league: League, competition_id: str, ids: list[str]):
    """Every hanchan of the 4-round draw of :func:`approved_league` at 30 000 each: the season played out
    with all 16 tied (a tie only the organizer can decide: mahjong.standings.provisional-until-played);
    returns the last record."""
    last = None
    for r, tables in enumerate(draw_rounds(ids), start=1):
        for t, seats in enumerate(tables, start=1):
            for h in (1, 2, 3):
                last = league.records.record_hanchan(competition_id, r, t, hanchan(h, dict.fromkeys(seats, 30_000)), BY)
    assert last is not None
    return last


def hanchan(number: int, s: dict[str, int], chombo: dict[str, int] | None = None) -> HanchanEntry:
    return HanchanEntry(number, tuple(s.items()), tuple((chombo or {}).items()))


def record_round_one(league: League, competition_id: str, tables: list[list[str]]):
    """Round 1 as this module describes it (before the correction); returns the record corrected later."""
    league.records.record_no_show(competition_id, 1, 2, NoShowEntry(tables[1][3], SUBSTITUTE), BY)
    sat = seated(tables)
    to_correct = None
    for t, seats in enumerate(sat, start=1):
        for h in (1, 2, 3):
            chombo = {seats[0]: 1} if (t, h) == (1, 2) else None
            record = league.records.record_hanchan(competition_id, 1, t, hanchan(h, scores(seats, t, h), chombo), BY)
            if (t, h) == (4, 1):
                to_correct = record
    p = PENALTY
    league.records.record_penalty(
        competition_id, 1, int(p["table"]), PenaltyEntry(sat[2][int(p["seat"])], int(p["points"]), str(p["reason"])), BY
    )
    assert to_correct is not None
    return to_correct


def scores(seats: list[str], table: int, hanchan: int) -> dict[str, int]:
    """Final scores summing to 120 000, rotated so every seat wins something."""
    k = (table + hanchan) % 4
    turned = SCORES[k:] + SCORES[:k]
    return dict(zip(seats, turned, strict=True))


def seated(tables: list[list[str]]) -> list[list[str]]:
    """Who sat: table 2's last player is a no-show, the substitute took the seat."""
    out = [list(t) for t in tables]
    out[1][3] = SUBSTITUTE
    return out


def season_file(players: list[str], tables: list[list[str]]) -> dict[str, Any]:
    """The same round as a season file (``rondo standings``), after the correction."""
    sat = seated(tables)
    matches = []
    for t, seats in enumerate(sat, start=1):
        hanchans = []
        for h in (1, 2, 3):
            s = scores(seats, t, h)
            if t == 4 and h == 1:
                s = dict(zip(seats, CORRECTED, strict=True))
            chombo = {seats[0]: 1} if (t, h) == (1, 2) else {}
            hanchans.append({"number": h, "scores": s, "chombo": chombo})
        match: dict[str, Any] = {"round": 1, "table": t, "players": seats, "hanchans": hanchans}
        if t == 2:
            match["no_show"] = [{"player": tables[1][3], "substitute": SUBSTITUTE}]
        if t == PENALTY["table"]:
            match["penalties"] = [{"player": seats[PENALTY["seat"]], "points": PENALTY["points"], "reason": PENALTY["reason"]}]
        matches.append(match)
    return {"ruleset": "mahjong-league", "players": players, "substitutes": [SUBSTITUTE], "withdrawn": [], "matches": matches}


def expected_standings(players: list[str], tables: list[list[str]]) -> Standings:
    """What `rondo standings` gives for the same round as a season file: the service must agree."""
    season = load_season(json.dumps(season_file(players, tables)))
    assert isinstance(season, Season)
    return regular_standings(season)
