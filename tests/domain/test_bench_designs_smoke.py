"""Smoke test of ``rondo bench --designs`` (bench/solver/designs.py) and its table of best known
values (bench/solver/best_known.py)."""

from __future__ import annotations

import pytest

from bench.solver.best_known import REPEAT_FREE, best_known, repeat_free_rounds
from bench.solver.designs import ISSUE_INSTANCES, run_designs, summary, sweep_instances
from bench.solver.runner import main

pytestmark = [pytest.mark.domain, pytest.mark.rule("draw.design.constructions")]


def test_best_known_values_and_their_sources():
    assert best_known(25, 10, 5) == ((0, 2, 200, 0, 16), best_known(25, 10, 5)[1])
    assert best_known(28, 10, 4)[0] == (0, 2, 42, 0, 3)
    assert best_known(15, 7, 3) == (REPEAT_FREE, "Kirkman triple system KTS(15) (Ray-Chaudhuri and Wilson 1971)")
    assert best_known(12, 5, 3)[0] is None  # no NKTS(12): open here
    assert repeat_free_rounds(24, 4)[0] == 7 and "construction" in repeat_free_rounds(24, 4)[1]
    assert repeat_free_rounds(8, 4) == (1, "pigeonhole: fewer tables than seats")


def test_the_sweep_covers_k_3_to_5_up_to_13_rounds_and_64_players():
    instances = sweep_instances()
    assert {k for _, _, k, _ in instances} == {3, 4, 5}
    assert max(r for _, r, _, _ in instances) == 13 and max(n for n, _, _, _ in instances) == 64
    assert len(instances) == 12 * (20 + 15 + 11)
    assert len(ISSUE_INSTANCES) == 12


def test_the_issue_instances_reach_their_best_known_draws():
    rows = run_designs(3.0, 1, sweep=False, only=[(15, 7, 3), (25, 10, 5), (40, 13, 4)])
    assert [r["reached"] for r in rows] == [True, True, True]
    lines = summary(rows)
    assert lines[0] == "reached the best known draw on 3 of 3"
    assert any(line.startswith("budget held") for line in lines)


def test_the_command(capsys):
    assert main(["--designs", "--no-sweep", "--only", "15x7x3,28x10x4", "--designs-time-limit", "2"]) == 0
    out = capsys.readouterr().out
    assert "reached the best known draw on 2 of 2" in out and "28x10 k=4" in out
