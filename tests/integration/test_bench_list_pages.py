"""The paging benchmark (bench/list_pages.py) runs small: page 1 and page 3 of 300 competitions, 300
players of a main roster, 300 records of a match and 300 bookings, each way, with the keyset pages
checked against the slice of the whole list inside it. Figures are printed, never asserted."""

from __future__ import annotations

import json

import pytest

from bench.list_pages import main

pytestmark = pytest.mark.integration


def test_a_small_run_prints_page_1_and_page_3_of_each_way_and_their_ratios(tmp_path, capsys):
    out = tmp_path / "pages.json"
    assert main(["--rows", "300", "--page", "3", "--page-size", "10", "--repeat", "1", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    figures = json.loads(out.read_text())
    assert set(figures) == {"competitions", "players", "records", "bookings"}
    assert set(figures["competitions"]) >= {"whole list", "offset", "keyset"}
    assert not any("offset" in figures[name] for name in ("players", "records", "bookings"))
    for listed in figures.values():
        assert listed["items"] == 300
        assert all(listed[way]["page 3 ms"] > 0 and listed[way]["ratio"] > 0 for way in ("whole list", "keyset"))
    assert printed.count("page 3 / page 1 =") == 9 and printed.count("keyset / whole list at page 3") == 4


def test_lists_picks_the_lists_measured(tmp_path, capsys):
    out = tmp_path / "pages.json"
    argv = ["--rows", "40", "--page", "2", "--page-size", "10", "--repeat", "1", "--lists", "players,records", "--json", str(out)]
    assert main(argv) == 0
    assert set(json.loads(out.read_text())) == {"players", "records"}
    with pytest.raises(SystemExit):
        main(["--lists", "players,nothing"])
