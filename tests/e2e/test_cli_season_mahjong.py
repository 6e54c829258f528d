"""A club's mahjong league season driven only by the ``rondo`` command, as a subprocess, against a real
``rondo up``: 16 players registered from a text file, a 2-round draw, each round's hanchans imported
from a CSV, a no-show with a technical substitute, a hanchan typed wrong and corrected, the regular
standings (equal to the offline scorer's for the same results), then the playoff stage by stage to the
final order and the prizes. The commands are the organizer guide's (docs/organizer/index.md)
"Organizer quickstart: a mahjong league"."""

from __future__ import annotations

import pytest

from league.adapters.season_file import parse_season
from league.domain.mahjong.standings import regular_standings, standings_as_dict
from tests.e2e.cli_process import Rondo, undocumented

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

PLAYERS = [
    "Akagi", "Washizu", "Saki", "Nodoka", "Koromo", "Teru", "Hisa", "Mako",
    "Yuki", "Kyotaro", "Toki", "Ryuuka", "Sera", "Kana", "Ako", "Shizuno",
]  # fmt: skip
STRENGTH = {name: i for i, name in enumerate(PLAYERS)}  # the earlier the stronger
SUBSTITUTE = "Kurumi"
NO_SHOW = (1, 2)  # round, table: its last seat does not come
TYPED_WRONG = (2, 3, 1)  # round, table, hanchan: the first two scores swapped on the sheet


def hanchan(seats: list[str], number: int) -> dict[str, int]:
    """Final scores (sum 120 000): the stronger ahead, the order turned round in hanchan 3; each player's
    own hundreds keep totals apart (no tie for the organizer to decide)."""
    strength = dict(STRENGTH, **{SUBSTITUTE: 99})
    order = sorted(seats, key=lambda p: strength[p], reverse=number == 3)
    scores = {p: base + 100 * (strength[p] % 16) for p, base in zip(order[:3], (45_000, 35_000, 25_000), strict=True)}
    scores[order[3]] = 120_000 - sum(scores.values())
    return scores


def csv_rows(tables: list[list[str]], hanchans: int, typed_wrong: int = 0) -> list[str]:
    rows = ["table,hanchan,player1,score1,player2,score2,player3,score3,player4,score4"]
    for t, seats in enumerate(tables, start=1):
        for n in range(1, hanchans + 1):
            scores = hanchan(seats, n)
            if (t, n) == (typed_wrong, 1):
                top, second = sorted(scores, key=scores.__getitem__, reverse=True)[:2]
                scores[top], scores[second] = scores[second], scores[top]
            rows.append(f"{t},{n}," + ",".join(f"{p},{v}" for p, v in scores.items()))
    return rows


@pytest.fixture(scope="module")
def rondo(embedded, tmp_path_factory) -> Rondo:
    home = tmp_path_factory.mktemp("organizer-home")
    cli = Rondo(embedded.address, home, home)
    cli.ok("login", embedded.accounts.organizer_name, "--password", embedded.accounts.organizer_password)
    return cli


def test_a_16_player_mahjong_league_to_the_prizes_from_the_cli(rondo):
    cid = rondo.json("competitions", "create", "Autumn league", "--rounds", "2")["id"]
    rondo.ok("roster", "import", cid, rondo.write("players.txt", PLAYERS))
    assert "16 main participants" in rondo.ok("roster", "close", cid)
    rondo.ok("roster", "add", cid, SUBSTITUTE, "--substitute")
    draw = rondo.json("draws", "run", cid, "--seed", "7", "--time-limit", "5")["draw"]
    assert "approved" in rondo.ok("draws", "approve", cid, draw["id"])
    names = {p["id"]: p["name"] for p in rondo.json("roster", "list", cid)["players"]}

    season_matches = []  # the same results as an offline season file
    for r, rnd in enumerate(draw["rounds"], start=1):
        tables = [[names[p] for p in t["player_ids"]] for t in rnd["tables"]]
        if r == NO_SHOW[0]:
            absent = tables[NO_SHOW[1] - 1][-1]
            shown = rondo.ok(
                "results", "no-show", cid, "--round", str(r), "--table", str(NO_SHOW[1]), "--player", absent,
                "--substitute", SUBSTITUTE,
            )  # fmt: skip
            assert f"no-show {absent}, substitute {SUBSTITUTE}" in shown
            tables[NO_SHOW[1] - 1][-1] = SUBSTITUTE
        wrong = TYPED_WRONG[1] if r == TYPED_WRONG[0] else 0
        imported = rondo.ok("results", "import", cid, rondo.write(f"round{r}.csv", csv_rows(tables, 3, wrong)), "--round", str(r))
        assert f"round {r}: 12 hanchan(s) recorded" in imported
        for t, seats in enumerate(tables, start=1):
            match = {"round": r, "table": t, "players": seats, "hanchans": [{"scores": hanchan(seats, n)} for n in (1, 2, 3)]}
            if (r, t) == NO_SHOW:
                match["no_show"] = [{"player": absent, "substitute": SUBSTITUTE}]
            season_matches.append(match)

    r, t, n = TYPED_WRONG
    [record] = [
        x for x in rondo.json("results", "list", cid, "--round", str(r), "--table", str(t))["result_records"]
        if x["hanchan"]["number"] == n
    ]  # fmt: skip
    fixed = hanchan([names[p] for p in draw["rounds"][r - 1]["tables"][t - 1]["player_ids"]], n)
    corrected = rondo.json(
        "results", "correct", cid, record["id"], "--reason", "first two scores swapped on the sheet", "--number", str(n),
        *(arg for p, v in fixed.items() for arg in ("--score", f"{p}={v}")),
    )  # fmt: skip
    assert corrected["replaces_record_id"] == record["id"] and corrected["reason"] == "first two scores swapped on the sheet"

    standings = rondo.json("standings", cid)
    assert not standings.get("unresolved") and not any(row.get("provisional") for row in standings["rows"])
    season = {"ruleset": "mahjong-league", "players": PLAYERS, "substitutes": [SUBSTITUTE], "matches": season_matches}
    offline = regular_standings(parse_season(season))
    assert [(row["name"], int(row["total"])) for row in standings["rows"]] == [
        (row["player"], row["total"]) for row in standings_as_dict(offline)["standings"]
    ]  # fmt: skip
    shown = rondo.ok("standings", cid)
    assert all(name in shown for name in PLAYERS) and not any(player_id in shown for player_id in names)

    for _ in range(8):  # the playoff: round 1, round 2, round 3, the final
        stage = rondo.json("stages", "advance", cid)
        tables = [[names[p] for p in table["player_ids"]] for table in stage["rounds"][0]["tables"]]
        games = stage["games_per_match"]
        rows = csv_rows(tables, games)
        done = rondo.ok(
            "results", "import", cid, rondo.write(f"stage{stage['number']}.csv", rows), "--stage", str(stage["number"]),
            "--round", "1",
        )  # fmt: skip
        assert f"{len(rows) - 1} hanchan(s) recorded" in done
        playoff = rondo.json("playoff", cid)
        if playoff["finished"]:
            break
    final = rondo.ok("playoff", cid)
    assert "final order" in final and "prizes" in final and "finished" in final
    assert {names[playoff["first_prize_player_id"]], names[playoff["second_prize_player_id"]]} <= set(PLAYERS[:8])
    assert names[playoff["first_prize_player_id"]] in final and names[playoff["second_prize_player_id"]] in final
    assert absent not in [names.get(p) for p in playoff["progress"]["final_order"]]  # the no-show's 80 000 keep them out


def test_the_readme_quickstart_shows_every_command_this_season_ran(rondo):
    assert rondo.commands and not undocumented(rondo.commands)
