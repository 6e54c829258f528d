"""`rondo standings SEASON.json [--json]`: a season file scored offline by the league's own code."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from rondo_app.cli import app

pytestmark = pytest.mark.integration
runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "mahjong-league-season.json"


def test_standings_json_is_the_documented_shape_in_standings_order():
    result = runner.invoke(app, ["standings", str(EXAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == {"standings", "unresolved", "rounds", "after_round", "final", "progress", "progress_ru"}
    rows = out["standings"]
    assert [r["place"] for r in rows] == [str(i) for i in range(1, 25)]
    assert {r["player"] for r in rows} == {f"P{i:02}" for i in range(1, 25)}  # SUB1 is not ranked
    assert all(isinstance(r["total"], int) and Fraction(r["average_place"]) >= 1 for r in rows)  # exact, e.g. "9/4"
    assert [r["total"] for r in rows] == sorted((r["total"] for r in rows), reverse=True)
    # the top-8 cut of the example is decided by the average place
    assert rows[7]["total"] == rows[8]["total"]
    assert rows[7]["separated_from_next"] == "equal total; average place 7/3 < 5/2"
    p03 = next(r for r in rows if r["player"] == "P03")
    assert "round 3: no-show -80 000" in p03["notes"] and p03["hanchans"] == 9
    assert out["unresolved"] == []


def test_standings_table_shows_places_figures_and_notes():
    result = runner.invoke(app, ["standings", str(EXAMPLE)])
    assert result.exit_code == 0, result.output
    for text in ("place", "average place", "P11", "7/3", "equal total; average place 7/3 < 5/2", "chombo", "no-show"):
        assert text in result.stdout


def test_standings_malformed_file_exits_2_naming_match_and_field(tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["matches"][3]["hanchans"][1]["scores"][data["matches"][3]["players"][0]] -= 1000
    bad = tmp_path / "season.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["standings", str(bad)])
    assert result.exit_code == 2
    assert "matches[3].hanchans[1].scores: sum is 119 000, must be 120 000" in result.stderr
    assert result.stdout == ""


def test_standings_missing_file_exits_2(tmp_path):
    result = runner.invoke(app, ["standings", str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and "file: cannot read" in result.stderr


@pytest.mark.rule("updown.standings.several-tied")
def test_updown_standings_json_and_table_from_the_same_entry_point():
    example = EXAMPLE.parent / "updown-season.json"
    result = runner.invoke(app, ["standings", str(example), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert set(out) == {"standings", "unresolved", "final", "to_play", "progress", "progress_ru"} and out["unresolved"] == []
    rows = out["standings"]
    assert [r["place"] for r in rows][:8] == ["1", "2", "3", "4", "5", "6-7", "6-7", "8"]
    assert all(isinstance(r["points"], int) and isinstance(r["sonneborn_berger"], int) for r in rows)
    # the three-way tie at 14 points across the leaders cut: mini-table, then SB between the two left
    assert [(r["player"], r["points"], r["fate"]) for r in rows[2:5]] == [
        ("P06", 14, "leaders"),
        ("P05", 14, "leaders"),
        ("P07", 14, "stop"),
    ]
    assert rows[3]["separated_from_next"] == "equal points; mini-table 2 > 1"
    table = runner.invoke(app, ["standings", str(example)])
    assert table.exit_code == 0, table.output
    for text in ("stage 1 standings", "mini-table 2 > 1", "6-7", "withdrawn", "outsiders"):
        assert text in table.stdout


@pytest.mark.rule("updown.stage.split-and-carry")
def test_updown_twelve_players_with_the_plain_super_league_ruleset_are_ranked_and_the_split_says_what_it_needs(tmp_path):
    data = json.loads((EXAMPLE.parent / "updown-season.json").read_text(encoding="utf-8"))
    data["ruleset"] = "updown"  # written for 24 players: 8 leaders + 8 outsiders
    plain = tmp_path / "season.json"
    plain.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["standings", str(plain), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["standings"]
    variant = json.loads(runner.invoke(app, ["standings", str(EXAMPLE.parent / "updown-season.json"), "--json"]).stdout)
    # stage 1 stands as with the club's variant: places, points, SB
    assert [(r["place"], r["player"], r["points"], r["sonneborn_berger"]) for r in rows] == [
        (r["place"], r["player"], r["points"], r["sonneborn_berger"]) for r in variant["standings"]
    ]
    assert {r["fate"] for r in rows} == {"no split"}
    why = rows[0]["fate_reason"]
    assert why.startswith("12 players, but the split of updown needs 8 leaders + 8 outsiders (updown-league-2007 §4.3.1)")
    assert '{"base": "updown", "leaders": ..., "outsiders": ...}' in why and "updown-first-league" in why and "§4.3.2" in why
    table = runner.invoke(app, ["standings", str(plain)])
    assert table.exit_code == 0, table.output
    assert "no split" in table.stdout and "stage 1 standings" in table.stdout


def test_updown_malformed_file_names_the_game_and_field(tmp_path):
    data = json.loads((EXAMPLE.parent / "updown-season.json").read_text(encoding="utf-8"))
    data["games"][7]["result"] = "1-1"
    bad = tmp_path / "season.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["standings", str(bad)])
    assert result.exit_code == 2 and "games[7].result: one of 1-0, 0-1, +/-, -/+, -/-, got '1-1'" in result.stderr


@pytest.mark.rule("cup.season-file.same-scorer")
def test_cup_bracket_places_and_prizes_as_json_and_as_a_table():
    example = EXAMPLE.parent / "open-cup-season.json"
    result = runner.invoke(app, ["standings", str(example), "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert {"seeds", "stages", "places", "results", "finished", "explanation", "next"} <= set(out)
    assert out["finished"] and [s["name"] for s in out["stages"]][-1] == "final"
    assert [(p["place"], p["player"], p["prize"]) for p in out["places"]] == [
        (1, "P01", False),
        (2, "P02", True),
        (3, "P03", True),
        (4, "P04", True),
    ]
    assert "2 technical defeats" in out["places"][0]["reason"]
    table = runner.invoke(app, ["standings", str(example)])
    assert table.exit_code == 0, table.output
    for text in (
        "stage 1: 1/32 final",
        "pass without playing (3.4.2): P09",
        "final places",
        "-/-",
        "P34 (tech.)",
        "disqualified",
    ):
        assert text in table.stdout


def test_cup_malformed_file_names_the_series_the_game_and_the_field(tmp_path):
    data = json.loads((EXAMPLE.parent / "open-cup-season.json").read_text(encoding="utf-8"))
    data["series"][2]["games"][1] = "2-0"
    del data["disqualifications"][0]["reason"]
    bad = tmp_path / "cup.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["standings", str(bad)])
    assert result.exit_code == 2 and result.stdout == ""
    assert "series[2].games[1]: one of 1-0, 0-1, =, +/-, -/+, -/-" in result.stderr
    assert "disqualifications[0].reason: a disqualification needs its reason" in result.stderr


@pytest.mark.rule("mahjong.season-file.bounded")
def test_a_file_with_thousands_of_errors_prints_20_and_how_many_more_and_a_huge_number_no_traceback(tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    for match in data["matches"]:
        for hanchan in match["hanchans"]:
            hanchan["scores"] = dict.fromkeys(hanchan["scores"], 10**30)
    bad = tmp_path / "season.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["standings", str(bad)])
    lines = result.stderr.splitlines()
    assert result.exit_code == 2 and len(lines) == 21 and lines[-1].startswith("error: … and ") and lines[-1].endswith(" more")
    assert "must be between -10000000 and 10000000 (a final score, integer points)" in lines[0]
    bad.write_text(json.dumps(data).replace("1" + "0" * 30, "9" * 5000, 1), encoding="utf-8")
    result = runner.invoke(app, ["standings", str(bad)])
    assert result.exit_code == 2 and "a number of 5000 digits" in result.stderr and "Traceback" not in result.output


@pytest.mark.rule("mahjong.standings.explanations-in-both-languages")
@pytest.mark.rule("updown.standings.explanations-in-both-languages")
@pytest.mark.rule("cup.progress.explanations-in-both-languages")
def test_a_russian_user_reads_the_explanations_in_russian_and_json_keeps_both():
    ru = runner.invoke(app, ["standings", str(EXAMPLE)], env={"RONDO_LANG": "ru", "LANG": "en_US.UTF-8"})
    assert ru.exit_code == 0, ru.output
    for text in ("равная сумма очков; среднее место 7/3 < 5/2", "тур 3: неявка -80 000", "чомбо"):
        assert text in ru.stdout
    assert "equal total" not in ru.stdout and "no-show" not in ru.stdout
    assert "таблица регулярного этапа" in ru.stdout and "среднее место" in ru.stdout and "плей-офф" in ru.stdout
    by_lang = runner.invoke(app, ["standings", str(EXAMPLE)], env={"RONDO_LANG": "", "LC_ALL": "ru_RU.UTF-8"})
    assert "равная сумма очков; среднее место 7/3 < 5/2" in by_lang.stdout
    en = runner.invoke(app, ["standings", str(EXAMPLE)], env={"RONDO_LANG": "en", "LC_ALL": "ru_RU.UTF-8"})
    assert "equal total; average place 7/3 < 5/2" in en.stdout and "равная" not in en.stdout
    rows = json.loads(runner.invoke(app, ["standings", str(EXAMPLE), "--json"], env={"RONDO_LANG": "ru"}).stdout)["standings"]
    assert rows[7]["separated_from_next"] == "equal total; average place 7/3 < 5/2"
    assert rows[7]["separated_from_next_ru"] == "равная сумма очков; среднее место 7/3 < 5/2"
    assert all(len(r["notes_ru"]) == len(r["notes"]) and r["fate_reason_ru"] for r in rows)
    updown = runner.invoke(app, ["standings", str(EXAMPLE.parent / "updown-season.json")], env={"RONDO_LANG": "ru"})
    assert updown.exit_code == 0, updown.output
    assert "равенство очков; мини-турнир 2 > 1" in updown.stdout and "mini-table" not in updown.stdout
    assert "лидеры" in updown.stdout and "аутсайдеры" in updown.stdout and "leaders" not in updown.stdout
    cup = runner.invoke(app, ["standings", str(EXAMPLE.parent / "open-cup-season.json")], env={"RONDO_LANG": "ru"})
    assert cup.exit_code == 0, cup.output
    assert "выиграл у" in cup.stdout and " beat " not in cup.stdout
    assert (
        "итоговые места" in cup.stdout
        and "стадия 6: финал" in cup.stdout
        and "1/8 финала" in cup.stdout
        and "final places" not in cup.stdout
    )
