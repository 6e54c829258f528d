"""A player's title through `rondo up` and the CLI (docs/rules.md mahjong.roster.title): `rondo roster
import` reads an optional title column, `rondo roster add --title` sets one, `rondo roster list` shows
them (table and --json); a title over 100 characters is refused before anybody is registered."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import out_json

pytestmark = pytest.mark.e2e


@pytest.mark.rule("mahjong.roster.title")
def test_roster_import_reads_a_title_column_and_roster_add_takes_title(rondo, tmp_path):
    cid = out_json(rondo("competitions", "create", "Titled league", "--ruleset", "discard-league-2026", "--json"))["id"]
    bad = tmp_path / "bad.csv"
    bad.write_text("name,title\nAkagi,1 dan\nWashizu," + "x" * 101 + "\nSaki\n", encoding="utf-8")
    refused = rondo("roster", "import", cid, str(bad))
    assert refused.exit_code == 2 and "nobody registered" in refused.output
    assert "line 3: a title is at most 100 characters" in refused.output
    assert "line 4: 1 column(s), the header has 2" in refused.output
    assert out_json(rondo("roster", "list", cid, "--json"))["players"] == []

    club = tmp_path / "club.csv"
    club.write_text('Name,Rating,Title\nAkagi,1500,1 dan\n"Washizu, Iwao",,MCR master\nSaki,1450,\n', encoding="utf-8")
    done = rondo("roster", "import", cid, str(club))
    assert done.exit_code == 0 and "3 player(s) registered" in done.stdout and "MCR master" in done.stdout, done.output
    added = rondo("roster", "add", cid, "Nodoka", "--title", "2 dan")
    assert added.exit_code == 0 and "title '2 dan'" in added.stdout, added.output

    roster = out_json(rondo("roster", "list", cid, "--json"))["players"]
    assert [(p["name"], p["title"]) for p in roster] == [
        ("Akagi", "1 dan"),
        ("Washizu, Iwao", "MCR master"),
        ("Saki", ""),
        ("Nodoka", "2 dan"),
    ]
    table = rondo("roster", "list", cid)
    assert table.exit_code == 0 and "title" in table.stdout and "1 dan" in table.stdout and "MCR master" in table.stdout
    again = out_json(rondo("roster", "import", cid, str(club), "--json"))  # a re-run registers nobody twice
    assert [p["title"] for p in again["players"]] == ["1 dan", "MCR master", ""]
    assert len(out_json(rondo("roster", "list", cid, "--json"))["players"]) == 4
    too_long = rondo("roster", "add", cid, "Koromo", "--title", "y" * 101)
    assert too_long.exit_code != 0 and "title" in too_long.output
