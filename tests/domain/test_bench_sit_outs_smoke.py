"""Smoke test of the sit-out benchmark (bench/solver/sit_outs.py), run tiny: the three methods, and
only the whole-evening draw keeps every sit-out rule."""

from __future__ import annotations

import pytest

from bench.solver.sit_outs import main, redraw_rows, run

pytestmark = pytest.mark.domain


@pytest.mark.rule("draw.sit-out.everyone-once-before-twice")
def test_the_sit_out_benchmark_runs_and_only_rondo_keeps_the_rules(capsys):
    ((_, rows),) = run([(9, 4, 3)], work=600, seed=1)
    rondo, last_arrive, rotation = rows
    assert [r.method for r in rows] == ["rondo", "last-arrive", "arrival-rotation"]
    assert rondo.rules_broken == 0 and rondo.most_sit_outs - rondo.fewest_sit_outs <= 1
    assert last_arrive.rules_broken > 0 and (last_arrive.fewest_sit_outs, last_arrive.most_sit_outs) == (0, 3)
    assert rotation.rules_broken == 0
    assert main(["--instances", "6x4x2", "--work", "300"]) == 0
    out = capsys.readouterr().out
    assert "rondo's C(m,2) as a ratio of" in out and "arrival-rotation" in out and "rules broken" in out
    with pytest.raises(SystemExit):
        main(["--instances", "8x4x2"])


@pytest.mark.rule("draw.sit-out.redraw-counts-the-evening")
def test_the_redraw_comparison_runs_and_only_the_redraw_counting_the_evening_keeps_the_rules(capsys):
    kept, fresh = redraw_rows(9, 4, 6, work=600, seed=1)
    assert (kept.method, fresh.method) == ("rondo-redraw", "fresh-rest")
    assert kept.rules_broken == 0 and fresh.rules_broken > 0  # a fresh rotation sits out again who already did
    assert main(["--instances", "9x4x4", "--work", "300", "--redraw"]) == 0
    assert "rondo-redraw" in capsys.readouterr().out
