"""A club's open cup driven only by the ``rondo`` command, as a subprocess, against a real ``rondo up``:
8 players registered with their ratings, each stage generated, a drawn game (``=``) typed at the table
and replayed, a technical defeat (``+/-``: a player did not come), the rest of each stage imported from
the club's spreadsheet, the bracket with series scores, and places 1-4 — equal to the offline scorer's
for the same games. The commands are the organizer guide's (docs/organizer/index.md)
"Organizer quickstart: a cup"."""

from __future__ import annotations

import pytest

from league.adapters.season_file import parse_cup_season
from league.domain.cup.progress import score_cup_season
from tests.e2e.cli_process import Rondo, undocumented

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PLAYERS = ["Akagi", "Washizu", "Saki", "Nodoka", "Koromo", "Teru", "Hisa", "Mako"]
RATING = {name: 2400 - 10 * i for i, name in enumerate(PLAYERS)}  # the seeds: the higher rated first
DRAWN = "Akagi"  # stage 1: Akagi's first game is drawn and replayed
ABSENT = "Washizu"  # stage 1: Washizu does not come to the first game (a technical defeat)


def series(a: str, b: str, stage: int) -> list[str]:
    """A series' games, each the result of ``a`` (listed first): the higher rated wins two games."""
    win = "1-0" if RATING[a] > RATING[b] else "0-1"
    if stage == 1 and DRAWN in (a, b):
        return ["=", win, win]
    if stage == 1 and ABSENT in (a, b):
        return ["-/+" if a == ABSENT else "+/-", win, win]
    return [win, win]


@pytest.fixture(scope="module")
def rondo(embedded, tmp_path_factory) -> Rondo:
    home = tmp_path_factory.mktemp("organizer-home")
    cli = Rondo(embedded.address, home, home)
    cli.ok("login", embedded.accounts.organizer_name, "--password", embedded.accounts.organizer_password)
    return cli


def test_an_8_player_cup_to_places_1_4_from_the_cli(rondo):
    cid = rondo.json("competitions", "create", "Winter cup", "--ruleset", "open-cup-2023", "--rounds", "3")["id"]
    rondo.ok("roster", "import", cid, rondo.write("players.csv", ["name,rating", *(f"{p},{r}" for p, r in RATING.items())]))
    names = {p["id"]: p["name"] for p in rondo.json("roster", "list", cid)["players"]}

    played = []  # the same games as an offline season file's series
    for _ in range(6):
        stage = rondo.json("stages", "advance", cid)
        number = stage["number"]
        rows = ["round,table,first,second,result,game"]
        for t, table in enumerate(stage["rounds"][0]["tables"], start=1):
            if len(table["player_ids"]) < 2:
                continue
            a, b = (names[p] for p in table["player_ids"])
            games = series(a, b, number)
            played.append({"stage": number, "players": [a, b], "games": games})
            for n, result in enumerate(games, start=1):
                if result == "=":  # typed at the table, one game
                    shown = rondo.ok(
                        "results", "game", cid, "--stage", str(number), "--round", "1", "--table", str(t),
                        "--number", str(n), "--first", a, "--second", b, "--result", "=",
                    )  # fmt: skip
                    assert f"game {n}: {a} = {b}" in shown
                else:
                    rows.append(f"1,{t},{a},{b},{result},{n}")
        imported = rondo.ok("results", "import-games", cid, rondo.write(f"stage{number}.csv", rows), "--stage", str(number))
        assert f"stage {number}: {len(rows) - 1} game(s) recorded" in imported
        bracket = rondo.json("standings", cid)
        if bracket["finished"]:
            break

    assert [(p["place"], p["name"]) for p in bracket["places"]] == [(1, "Akagi"), (2, "Washizu"), (3, "Saki"), (4, "Nodoka")]
    technical = {r["name"]: r.get("technical_defeats", 0) for r in bracket["results"]}
    assert technical["Washizu"] == 1 and sum(technical.values()) == 1
    shown = rondo.ok("standings", cid)
    for text in ("stage 1", "final places", "=", "Teru (tech.) Washizu Washizu", "Akagi", "Nodoka"):
        assert text in shown
    assert not any(player_id in shown for player_id in names)

    season = {"ruleset": "open-cup", "entrants": [{"name": p, "rating": r} for p, r in RATING.items()], "series": played}
    offline = score_cup_season(parse_cup_season(season)).progress
    assert [p["name"] for p in bracket["places"]] == list(offline.places)
    assert technical == {p: r.technical_defeats for p, r in offline.results.items()}


def test_the_readme_quickstart_shows_every_command_this_season_ran(rondo):
    assert rondo.commands and not undocumented(rondo.commands)
