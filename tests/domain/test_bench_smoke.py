"""Smoke test of the draw benchmark (bench/solver): rows, fields, and Rondo never worse than a baseline."""

from __future__ import annotations

import pytest

from bench.solver import run_benchmark
from bench.solver.runner import BASELINES, RONDO, check_targets, format_table, main

pytestmark = pytest.mark.domain

FIELDS = {
    "n",
    "method",
    "status",
    "objective",
    "proven",
    "lower_bound",
    "wall_time_s",
    "peak_rss_delta_mb",
    "vs_baselines",
    "note",
}


@pytest.fixture(scope="module")
def rows():
    return run_benchmark([8, 16], rounds=4, table_size=4, seed=3, time_limit=3.0, baseline_max_n=16, shuffles=200)


def test_every_method_has_a_row_per_size_with_the_expected_fields(rows):
    assert {(r["n"], r["method"]) for r in rows} == {(n, m) for n in (8, 16) for m in (RONDO, *BASELINES)}
    for row in rows:
        assert FIELDS <= set(row)
        assert row["objective"] is not None and len(row["objective"]) == 5
        assert row["wall_time_s"] >= 0 and row["peak_rss_delta_mb"] is not None


def test_rondo_is_never_worse_than_any_baseline(rows):
    for n in (8, 16):
        rondo = next(r for r in rows if r["n"] == n and r["method"] == RONDO)
        assert rondo["proven"]
        for row in rows:
            if row["n"] == n and row["method"] in BASELINES:
                assert tuple(rondo["objective"]) <= tuple(row["objective"]), (n, row["method"])
        assert rondo["vs_baselines"].startswith(("beats", "ties"))


def test_known_optima_reached(rows):
    objective = {r["n"]: tuple(r["objective"]) for r in rows if r["method"] == RONDO}
    assert objective[8][1:3] == (2, 24)
    assert objective[16][1:3] == (1, 0)


def test_report_and_targets(rows):
    table = format_table(rows)
    assert "plain-cpsat" in table and "restarts" in table
    names = {name: ok for name, ok, _ in check_targets(rows)}
    assert names["Rondo <= every baseline on the objective, every N"] is True


def test_main_runs_with_flags(capsys):
    assert main(["--sizes", "8", "--time-limit", "1", "--baseline-max-n", "0", "--shuffles", "50"]) == 0
    out = capsys.readouterr().out
    assert "SUMMARY" in out and "plain-cpsat" in out
