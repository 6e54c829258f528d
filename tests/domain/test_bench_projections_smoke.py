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


@pytest.mark.parametrize("ruleset", ["updown", "cup"])
def test_the_updown_and_cup_cases_project_every_player(ruleset, capsys):
    rows = main(["--ruleset", ruleset, "--players", "10", "--rounds-left", "1", "--time-limit", "5"])
    assert [(r["players"], r["rounds_left"], r["projected"]) for r in rows] == [(10, 1, 10)]
    answered = sum(n for k, n in rows[0]["statuses"].items() if ":" in k)
    assert answered == 10 * (2 if ruleset == "updown" else 4)  # every player at every cut
    assert capsys.readouterr().out.splitlines() == format_rows(rows)


def test_the_updown_round_robin_meets_every_pair_twice():
    from bench.projections import round_robin

    rounds = round_robin([f"U{i}" for i in range(7)])
    games = [frozenset(g) for r in rounds for g in r]
    assert len(rounds) == 14 and len(games) == 42 and len(set(games)) == 21
    assert all(len({p for g in r for p in g}) == 2 * len(r) for r in rounds)  # nobody twice in a round
