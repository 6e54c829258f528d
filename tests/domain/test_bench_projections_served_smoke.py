"""Smoke test of the served-projection benchmark (bench/projections_served.py): a row per case."""

from __future__ import annotations

import pytest

from bench.projections_served import format_rows, main

pytestmark = pytest.mark.domain


@pytest.mark.slow
def test_the_benchmark_prints_a_row_per_case_with_its_figures(capsys):
    rows = main(["--players", "8", "--sample", "1", "--budget", "0.5", "--repeat", "2"])
    [row] = rows
    assert row["players"] == 8 and row["matches_left"] == 2 and row["request_bytes"] > 0
    assert row["prepare_p50_ms"] > 0 and sum(row["statuses"].values()) == 1  # one player, one cut
    assert capsys.readouterr().out.splitlines() == format_rows(rows)
