"""Smoke test of the calibration-slope benchmark (bench/solver/calibration_slope.py), run tiny: it
prints both searches' one-run rate, slope and overhead, and the budgets both give."""

from __future__ import annotations

import pytest

from bench.solver.calibration_slope import main

pytestmark = pytest.mark.domain


@pytest.mark.rule("draw.seed.reproducible")
def test_the_calibration_slope_benchmark_runs(capsys):
    assert main(["--repeats", "1", "--budgets", "2"]) == 0
    out = capsys.readouterr().out
    assert "tabu units/s" in out and "CP-SAT det. s/s" in out and "overhead" in out
    assert "2 s budget:" in out and "at the slope after" in out
    with pytest.raises(SystemExit):
        main(["--budgets", "0"])
