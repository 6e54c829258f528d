"""Smoke test of the match-card benchmark (bench/booking_card.py), run tiny."""

from __future__ import annotations

import pytest

from bench.booking_card import main, run

pytestmark = pytest.mark.integration


def test_the_card_benchmark_runs_tiny_and_prints_both_figures(capsys):
    figures = run(players=4, per_player=5, existing=20, rooms=2, repeat=2)
    assert {k: len(v) for k, v in figures.items()} == {
        "domain": 2,
        "service": 2,
        "dense": 2,
        "dense_before": 2,
        "dense_options": 1,
        "staggered": 2,
        "staggered_before": 2,
        "staggered_options": 1,
    }
    assert main(["--intervals", "3", "--bookings", "8", "--rooms", "2", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "domain (match_card)" in out and "service on SQLite" in out and "cards/s" in out
    assert "dense (match_card)" in out and "dense, before issue 16" in out and "speed-up" in out
    assert "staggered (match_card)" in out and "staggered speed-up" in out
