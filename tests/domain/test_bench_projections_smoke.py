"""Smoke test of the projections benchmark (bench/projections.py): a row per case with its figures."""

from __future__ import annotations

import pytest

from bench.projections import format_rows, main, synthetic_problem

pytestmark = pytest.mark.domain


def test_the_synthetic_problem_seats_everyone_once_a_round_left():
    problem = synthetic_problem(8, 1, seed=3, sample=2, time_limit_s=1.0)
    seated = [p for m in problem.remaining for p in m.players]
    assert sorted(seated) == sorted(s.player for s in problem.standings)
    assert len(problem.players) == 2 and {c.places for c in problem.cuts} == {8, 3}


def test_the_benchmark_prints_a_row_per_case(capsys):
    rows = main(["--players", "8", "--rounds-left", "1", "--sample", "1", "--time-limit", "2"])
    assert [(r["players"], r["rounds_left"], r["projected"]) for r in rows] == [(8, 1, 1)]
    assert sum(rows[0]["statuses"].values()) == 2  # both cuts answered (a status or "unknown")
    assert rows[0]["mean_s"] > 0
    printed = capsys.readouterr().out
    assert printed.splitlines() == format_rows(rows)
