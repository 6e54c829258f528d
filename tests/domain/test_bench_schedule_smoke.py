"""Smoke test of the round-schedule benchmark (bench/solver/schedule.py), run small: both methods,
valid schedules, CP-SAT never worse than the earliest-first baseline."""

from __future__ import annotations

import pytest

from bench.solver.schedule import main, make_round, run
from solver.domain.schedule.validate import validate_problem

pytestmark = pytest.mark.domain


@pytest.mark.rule("schedule.auto.most-matches-placed")
def test_the_schedule_benchmark_runs_and_cp_sat_is_never_worse_than_earliest_first(capsys):
    problem = make_round(matches=16, rooms=3, days=14, seed=1, time_limit=5)
    validate_problem(problem)
    assert len(problem.matches) == 16 and all(len(m.players) == 4 for m in problem.matches)
    for seed in (1, 3):
        _, (greedy, rondo) = run(matches=16, rooms=1, days=14, seed=seed, time_limit=5)
        assert not greedy.objective.better_than(rondo.objective)
        assert rondo.bound is not None and rondo.objective.matches_placed <= rondo.bound.matches_placed
    assert main(["--matches", "6", "--days", "7", "--time-limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "earliest-first" in out and "rondo (cp-sat)" in out and "wall s" in out
