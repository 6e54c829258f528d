"""The `rondo` command line: the offline draw an organizer runs before registration closes."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from rondo_app.cli import app
from solver.domain.draw.problem import DrawProblem
from solver.domain.draw.validate import check_draw

pytestmark = pytest.mark.integration
runner = CliRunner()


def test_draw_json_is_documented_shape_and_valid():
    result = runner.invoke(app, ["draw", "--players", "12", "--rounds", "4", "--table-size", "4", "--seed", "9", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["status"] == "OPTIMAL" and report["proven_optimal"] is True and report["seed"] == 9
    assert report["objective"]["sum_repeat_pairs"] == 18 == report["lower_bound"]["sum_repeat_pairs"]
    draw = tuple(tuple(tuple(t) for t in r) for r in report["rounds_drawn"])
    assert check_draw(DrawProblem(players=tuple(f"P{i}" for i in range(1, 13)), rounds=4, table_size=4), draw) == []


def test_draw_same_seed_same_output():
    args = ["draw", "-n", "20", "--seed", "4", "--json"]
    first, second = runner.invoke(app, args), runner.invoke(app, args)
    assert json.loads(first.output)["rounds_drawn"] == json.loads(second.output)["rounds_drawn"]


def test_draw_text_shows_bound_and_tables():
    result = runner.invoke(app, ["draw", "-n", "16", "--seed", "1"])
    assert result.exit_code == 0
    assert "proven optimal: yes" in result.output and "round 4" in result.output and "table   4" in result.output


@pytest.mark.rule("mahjong.roster.multiple-of-table-size")
def test_draw_bad_roster_says_what_to_do_and_exits_2():
    result = runner.invoke(app, ["draw", "-n", "10"])
    assert result.exit_code == 2
    assert "add 2 reserve" in result.output and "P9, P10" in result.output


def test_draw_bad_table_size_names_the_option():
    result = runner.invoke(app, ["draw", "-n", "8", "-k", "9"])
    assert result.exit_code == 2 and "--table-size" in result.output
