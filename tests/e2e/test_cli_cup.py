"""The open cup from the organizer CLI only (`rondo competitions create`, `roster add`, `stages advance`,
`results game`, `results correct`, `results list`, `standings`) against `rondo up`, in-process with
typer's CliRunner like tests/e2e/test_cli_client.py: 8 players to places 1-4, a drawn game replayed,
a technical defeat, a corrected game, the bracket rendered by the offline cup renderer; and an Up&Down
stage's tables (points, SB, fates, the tie-break) after a round of games."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import out_json

pytestmark = pytest.mark.e2e

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
NAMES = ("Akagi", "Washizu", "Saki", "Nodoka", "Koromo", "Teru", "Hisa", "Mako")


def test_an_8_player_cup_to_places_1_4_from_the_cli(rondo):
    cid = out_json(rondo("competitions", "create", "CLI cup", "--ruleset", "open-cup-2023", "--rounds", "3", "--json"))["id"]
    for i, name in enumerate(NAMES):
        added = rondo("roster", "add", cid, name, "--rating", str(3000 - i))
        assert added.exit_code == 0, added.output
    seed = {name: i for i, name in enumerate(NAMES, start=1)}

    refused = rondo(
        "results", "game", cid, "--round", "1", "--table", "1", "--first", "Akagi", "--second", "Mako", "--result", "2-0"
    )
    assert refused.exit_code == 2 and "--result: '2-0' is not a game result" in refused.output

    # Seed 1 draws game 1 (replayed as game 2); seed 2 is absent from game 1 (a technical defeat).
    scenarios = {(1, 1): ["=", "W", "W"], (1, 2): ["A", "W", "W"]}
    corrected = False
    while True:
        stage = out_json(rondo("stages", "advance", cid, "--json"))
        number = stage["number"]
        for t, table in enumerate(stage["rounds"][0]["tables"], start=1):
            ids = table["player_ids"]
            if len(ids) == 1:
                continue
            names = [p["name"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"] if p["id"] in ids]
            by_id = {p["id"]: p["name"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
            a, b = by_id[ids[0]], by_id[ids[1]]
            assert sorted(names) == sorted([a, b])
            better = a if seed[a] < seed[b] else b
            plan = scenarios.get((number, seed[better]), ["W", "W"])
            for n, r in enumerate(plan, start=1):
                result = {"W": "1-0" if better == a else "0-1", "A": "-/+" if better == a else "+/-"}.get(r, r)
                if r == "W" and not corrected:  # typed wrong, corrected from the CLI
                    wrong = {"1-0": "0-1", "0-1": "1-0"}[result]
                    record = out_json(rondo(
                        "results", "game", cid, "--stage", str(number), "--round", "1", "--table", str(t),
                        "--number", str(n), "--first", a, "--second", b, "--result", wrong, "--json",
                    ))  # fmt: skip
                    fixed = rondo(
                        "results", "correct", cid, record["id"], "--reason", "winner swapped on the sheet",
                        "--number", str(n), "--first", a, "--second", b, "--result", result,
                    )  # fmt: skip
                    assert fixed.exit_code == 0, fixed.output
                    assert "winner swapped on the sheet" in fixed.stdout and f"{a} {result} {b}" in fixed.stdout
                    corrected = True
                    continue
                shown = rondo(
                    "results", "game", cid, "--stage", str(number), "--round", "1", "--table", str(t),
                    "--number", str(n), "--first", a, "--second", b, "--result", result,
                )  # fmt: skip
                assert shown.exit_code == 0, shown.output
                assert f"game {n}: {a} {result} {b}" in shown.stdout
        listed = out_json(rondo("results", "list", cid, "--stage", str(number), "--json"))["result_records"]
        assert listed and all(r["stage"] == number for r in listed)
        bracket = out_json(rondo("standings", cid, "--json"))
        if bracket["finished"]:
            break
        assert number < 4

    by_place = {p["place"]: p["name"] for p in bracket["places"]}
    assert sorted(by_place) == [1, 2, 3, 4]
    tech = {r["name"]: r.get("technical_defeats", 0) for r in bracket["results"]}
    assert tech["Washizu"] == 1
    shown = rondo("standings", cid)
    assert shown.exit_code == 0, shown.output
    for text in ("stage 1", "final places", "Akagi", "Washizu", "="):
        assert text in shown.stdout
    assert "results are recorded for mahjong league" not in shown.output
    roster = out_json(rondo("roster", "list", cid, "--json"))["players"]
    assert not any(p["id"] in shown.stdout for p in roster)  # names, never ids
    history = rondo("results", "list", "cli CUP", "--stage", "1")  # the cup by name
    assert history.exit_code == 0 and "winner swapped on the sheet" in history.stdout
    for output in (shown.stdout, history.stdout, rondo("stages", "list", cid[:6]).stdout, rondo("roster", "list", cid).stdout):
        assert not UUID.search(output), output  # tables name players, stages and records, never by id


def test_updown_standings_after_a_few_games_from_the_cli(rondo):
    cid = out_json(rondo(
        "competitions", "create", "CLI Up&Down", "--ruleset", "updown-league-2007", "--rounds", "22", "--table-size", "2", "--json"
    ))["id"]  # fmt: skip
    players = [f"U{i:02d}" for i in range(1, 13)]
    for i, name in enumerate(players):
        assert rondo("roster", "add", cid, name, "--rating", str(2000 - i)).exit_code == 0
    by_id = {p["id"]: p["name"] for p in out_json(rondo("roster", "list", cid, "--json"))["players"]}
    stage = out_json(rondo("stages", "advance", cid, "--json"))
    results = ["1-0", "0-1", "+/-", "-/+", "-/-", "1:0"]  # 1:0 is read as 1-0
    for t, table in enumerate(stage["rounds"][0]["tables"], start=1):
        a, b = (by_id[p] for p in table["player_ids"])
        done = rondo(
            "results", "game", cid, "--round", "1", "--table", str(t), "--first", a, "--second", b, "--result", results[t - 1]
        )
        assert done.exit_code == 0, done.output
    listed = out_json(rondo("results", "list", cid, "--round", "1", "--json"))["result_records"]
    assert sorted(r["game"]["result"] for r in listed) == sorted(["1-0", "0-1", "+/-", "-/+", "-/-", "1-0"])

    thrown = next(r for r in listed if r["game"]["result"] == "0-1")
    a, b = by_id[thrown["game"]["first_player_id"]], by_id[thrown["game"]["second_player_id"]]
    annulled = rondo(
        "results", "correct", cid, thrown["id"], "--reason", "a thrown match", "--first", a, "--second", b, "--result", "annulled"
    )
    assert annulled.exit_code == 0, annulled.output
    assert f"{a} annulled {b}" in annulled.stdout and "a thrown match" in annulled.stdout
    standings = out_json(rondo("standings", cid, "--stage", "1", "--json"))
    assert standings["stage"] == 1
    rows = [r for g in standings["groups"] for r in g["rows"]]
    assert len(rows) == 12 and all(r["fate"] for r in rows)
    shown = rondo("standings", cid)
    assert shown.exit_code == 0, shown.output
    for text in ("stage 1", "points", "SB", "fate", "vs next", "games still to play"):
        assert text in shown.stdout
    assert not any(player_id in shown.stdout for player_id in by_id)  # names, never ids
