"""Smoke test of the club-calendar benchmark (bench/booking_calendar.py), run tiny."""

from __future__ import annotations

import pytest

from bench.booking_calendar import main, run

pytestmark = pytest.mark.integration


def test_the_calendar_benchmark_runs_tiny_and_prints_its_figures(capsys):
    figures = run(existing=20, occurrences=3, repeat=2)
    assert {k: len(v) for k, v in figures.items()} == {
        "feed_bytes": 1,
        "domain": 2,
        "domain_cached": 2,
        "series": 2,
        "export_first": 1,
        "export_bytes": 1,
        "export": 2,
    }
    assert main(["--bookings", "10", "--occurrences", "2", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "domain (club_calendar)" in out and "export_calendar, again (SQLite)" in out and "series/s" in out
