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


@pytest.fixture(autouse=True)
def reference_work_rate(monkeypatch):
    """The offline draw's work rate set, not measured: these draws' outcomes then do not depend on how
    busy the machine is while the tests run (tests/integration/test_draw_reproducible.py runs the
    measured default)."""
    monkeypatch.setenv("RONDO_SOLVER_WORK_UNITS_PER_SECOND", "40000")


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


@pytest.mark.rule("draw.sit-out.fair-counts")
def test_draw_sit_out_draws_a_club_night_with_fair_sit_outs():
    result = runner.invoke(app, ["draw", "-n", "10", "-r", "5", "--sit-out", "--seed", "3", "--work", "6000", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    sit_outs = report["sit_outs"]
    assert [len(s) for s in sit_outs] == [2] * 5
    assert sorted(p for s in sit_outs for p in s) == sorted(f"P{i}" for i in range(1, 11))  # everyone exactly once
    draw = tuple(tuple(tuple(t) for t in r) for r in report["rounds_drawn"])
    problem = DrawProblem(players=tuple(f"P{i}" for i in range(1, 11)), rounds=5, table_size=4, sit_out=0)
    assert check_draw(problem, draw) == []
    text = runner.invoke(app, ["draw", "-n", "9", "-r", "2", "--sit-out", "--seed", "3", "--work", "600"])
    assert text.exit_code == 0 and text.output.count("sitting out:") == 2


def test_draw_sit_out_count_that_leaves_no_whole_tables_names_the_option():
    result = runner.invoke(app, ["draw", "-n", "10", "--sit-out", "--sitting-out", "1"])
    assert result.exit_code == 2
    assert "--sitting-out: 1 sitting out of 10 players leaves 9 playing" in result.output


def test_draw_bad_table_size_names_the_option():
    result = runner.invoke(app, ["draw", "-n", "8", "-k", "9"])
    assert result.exit_code == 2 and "--table-size" in result.output


@pytest.mark.rule("draw.seed.reproducible")
def test_draw_says_how_to_re_run_it_by_units_and_re_runs_so():
    """12 x 6 at tables of 3 (tabu search and CP-SAT both run): the text gives the seed, work budget and
    CP-SAT exchange, and those re-run the same tables whatever this machine measures."""
    # a long safety cut: `rondo draw` counts its process's age in it, and this process is pytest's
    with_cpsat = ["draw", "-n", "12", "-r", "6", "-k", "3", "--seed", "3", "--time-limit", "600", "--json"]
    made = json.loads(runner.invoke(app, [*with_cpsat, "--work", "8000", "--cpsat-per-unit", "1e-5"]).output)
    assert made["work_budget"] == 8000 and made["cpsat_deterministic_seconds_per_unit"] == 1e-5
    assert made["search_work_used"] > 0 and made["cpsat_deterministic_seconds_used"] > 0
    again = json.loads(
        runner.invoke(app, [*with_cpsat, "--work", "8000", "--cpsat-per-unit", "1e-5", "--time-limit", "300"]).output
    )
    assert again["rounds_drawn"] == made["rounds_drawn"]
    text = runner.invoke(app, [*with_cpsat[:-1], "--work", "8000", "--cpsat-per-unit", "1e-5"]).output
    assert "(--seed 3 --work 8000 --cpsat-per-unit 1e-05)" in text


def test_draw_bad_cpsat_exchange_names_the_option():
    result = runner.invoke(app, ["draw", "-n", "8", "--work", "1000", "--cpsat-per-unit", "-1"])
    assert (
        result.exit_code == 2 and "--cpsat-per-unit" in result.output and "deterministic seconds per work unit" in result.output
    )


@pytest.mark.rule("access.accounts.organizer-issues-passwords")
def test_admin_create_organizer_prints_the_password_once_on_the_gateway_database(db_url, monkeypatch, tmp_path):
    import asyncio

    from gateway.app import make_identity
    from rondo_runtime.config import Settings
    from rondo_runtime.db import make_engine

    monkeypatch.setenv("RONDO_DATA_DIR", str(tmp_path / "unused"))
    monkeypatch.setenv("RONDO_GATEWAY_DATABASE_URL", db_url)
    made = runner.invoke(app, ["admin", "create-organizer", "Club Boss"])
    assert made.exit_code == 0, made.output
    password = next(line.split(": ", 1)[1] for line in made.output.splitlines() if line.startswith("password: "))
    assert "shown only this once" in made.output
    again = runner.invoke(app, ["admin", "create-organizer", "club boss"])
    assert again.exit_code == 1 and "already exists" in again.output
    bad = runner.invoke(app, ["admin", "create-organizer", "bad\x00name"])
    assert bad.exit_code == 1 and "control character" in bad.output
    engine = make_engine(db_url)
    try:
        identity = make_identity(engine, Settings())
        attempt = identity.attempt_login("Club Boss", password, "ipv4:127.0.0.1:1")
        assert attempt.error is None and attempt.result is not None
        principal = asyncio.run(identity.authenticate([("authorization", f"Bearer {attempt.result.token}")]))
        assert principal is not None and principal.role.value == "organizer"
    finally:
        engine.dispose()


def test_admin_create_organizer_uses_the_embedded_data_directory_by_default(monkeypatch, tmp_path):
    monkeypatch.delenv("RONDO_GATEWAY_DATABASE_URL", raising=False)
    monkeypatch.setenv("RONDO_DATA_DIR", str(tmp_path))
    made = runner.invoke(app, ["admin", "create-organizer", "Boss", "--json"])
    assert made.exit_code == 0, made.output
    assert set(json.loads(made.output)) == {"account_id", "name", "password"}
    assert (tmp_path / "gateway.db").is_file()
