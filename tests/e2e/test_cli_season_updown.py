"""A club's Up&Down league driven only by the ``rondo`` command, as a subprocess, against a real ``rondo
up``: 12 players registered from a CSV with ratings, stage 1 (the double round robin: 22 rounds of 6
games) imported from the club's spreadsheet with a technical result, its tables (equal to the offline
scorer's for the same games), the split into the leaders and outsiders groups, stage 2 with the leaders'
long matches, and the final fates: who goes up, who stays, who is relegated. The
commands are the organizer guide's (docs/organizer/index.md)
"Organizer quickstart: an Up&Down league"."""

from __future__ import annotations

import json

import pytest

from league.adapters.season_file import parse_updown_season
from league.domain.updown.standings import updown_standings, updown_standings_as_dict
from tests.e2e.cli_process import Rondo, undocumented

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PLAYERS = [f"U{i:02d}" for i in range(1, 13)]
STRENGTH = {name: i for i, name in enumerate(PLAYERS)}  # the earlier the stronger
#: The club's division, as data: 12 players, the first 4 and the last 4 play on, the first 2 go up.
DIVISION = {"name": "club Up&Down", "field": 12, "leaders": 4, "outsiders": 4, "outsiders_stay": 2, "promoted": 2}
TECHNICAL = {"U01", "U12"}  # U12 did not come: a technical win for U01 (+/-)
UPSET = {"U11", "U12"}  # stage 2: the weaker wins


def result(first: str, second: str, stage: int) -> str:
    if stage == 1 and {first, second} == TECHNICAL:
        return "+/-" if first == "U01" else "-/+"
    first_wins = STRENGTH[first] < STRENGTH[second]
    if stage == 2 and {first, second} == UPSET:
        first_wins = not first_wins
    return "1-0" if first_wins else "0-1"


def games_csv(stage: dict, names: dict[str, str], long_players: set[str]) -> list[str]:
    rows = ["round,table,first,second,result,long"]
    for r, rnd in enumerate(stage["rounds"], start=1):
        for t, table in enumerate(rnd["tables"], start=1):
            a, b = (names[p] for p in table["player_ids"])
            rows.append(f"{r},{t},{a},{b},{result(a, b, stage['number'])},{'yes' if a in long_players else 'no'}")
    return rows


@pytest.fixture(scope="module")
def rondo(embedded, tmp_path_factory) -> Rondo:
    home = tmp_path_factory.mktemp("organizer-home")
    cli = Rondo(embedded.address, home, home)
    cli.ok("login", embedded.accounts.organizer_name, "--password", embedded.accounts.organizer_password)
    return cli


def test_a_12_player_updown_league_through_the_split_to_promotion_and_relegation(rondo):
    created = rondo.json(
        "competitions", "create", "Up&Down 2026", "--ruleset", "updown-league-2007", "--overrides", json.dumps(DIVISION)
    )
    cid = created["id"]
    assert created["rounds"] == 22 and created["table_size"] == 2  # the ruleset's, not typed
    roster = ["name,rating", *(f"{name},{2000 - i}" for i, name in enumerate(PLAYERS))]
    rondo.ok("roster", "import", cid, rondo.write("players.csv", roster))
    names = {p["id"]: p["name"] for p in rondo.json("roster", "list", cid)["players"]}

    one = rondo.json("stages", "advance", cid)
    assert (one["number"], len(one["rounds"])) == (1, 22) and all(len(r["tables"]) == 6 for r in one["rounds"])
    rows = games_csv(one, names, set())
    imported = rondo.ok("results", "import-games", cid, rondo.write("stage1.csv", rows), "--stage", "1")
    assert "stage 1: 132 game(s) recorded" in imported and "stage 1 is complete" in imported

    tables = rondo.ok("standings", cid, "--stage", "1")
    for text in ("stage 1", "points", "SB", "leaders", "outsiders"):
        assert text in tables
    stage_one = rondo.json("standings", cid, "--stage", "1")
    [group] = stage_one["groups"]
    assert stage_one["complete"] and [r["name"] for r in group["rows"]] == PLAYERS
    assert [r["fate"] for r in group["rows"]] == ["leaders"] * 4 + ["stop"] * 4 + ["outsiders"] * 4
    games = [line.split(",") for line in rows[1:]]  # round, table, first, second, result, long
    season = {
        "ruleset": {"base": "updown", **DIVISION},
        "stage": 1,
        "players": PLAYERS,
        "games": [{"round": int(g[0]), "white": g[2], "black": g[3], "result": g[4]} for g in games],
    }
    offline = updown_standings_as_dict(updown_standings(parse_updown_season(season)))["standings"]
    assert [(r["name"], r["points"], r["sonneborn_berger"]) for r in group["rows"]] == [
        (r["player"], r["points"], str(r["sonneborn_berger"])) for r in offline
    ]

    two = rondo.json("stages", "advance", cid)
    groups = {g["name"]: [names[p] for p in g["player_ids"]] for g in two["groups"]}
    assert groups["leaders"] == PLAYERS[:4] and groups["outsiders"] == PLAYERS[8:]
    imported = rondo.ok(
        "results", "import-games", cid, rondo.write("stage2.csv", games_csv(two, names, set(groups["leaders"]))), "--stage", "2"
    )
    assert "stage 2 is complete" in imported

    final = rondo.json("standings", cid)
    assert final["stage"] == 2 and final["complete"]
    assert not final["champion_id"]  # a division whose first go up names no champion
    assert [names[p] for p in final["promoted_ids"]] == ["U01", "U02"]
    assert sorted(names[p] for p in final["relegated_ids"]) == ["U11", "U12"]
    fates = {r["name"]: r["fate"] for g in final["groups"] for r in g["rows"]}
    assert fates["U01"] == fates["U02"] == "promoted" and fates["U12"] == "relegated"
    shown = rondo.ok("standings", cid)
    for text in ("stage 2", "leaders", "outsiders", "28 (22 carried)", "promoted: U01, U02", "relegated: U11, U12"):
        assert text in shown
    assert not any(player_id in shown for player_id in names)
    assert "finished" in rondo.ok("stages", "next", cid)


def test_the_readme_quickstart_shows_every_command_this_season_ran(rondo):
    assert rondo.commands and not undocumented(rondo.commands)
