"""The standings benchmark's pure and in-process parts run and print their figures (8 players, 2 repeats; no server)."""

from __future__ import annotations

import pytest

from bench.league_standings import main, synthetic_season

pytestmark = pytest.mark.integration


def test_the_pure_part_prints_p50_p99_and_the_mean(capsys):
    assert main(["--players", "8", "--repeat", "2", "--pure-only"]) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = [line for line in lines if "p50" in line]
    assert len(figures) == 3, lines
    assert all("p99" in line and "mean" in line for line in figures)
    assert "8 rows ranked" in lines[0]


def test_the_synthetic_season_seats_everyone_once_a_round_and_sums_each_hanchan():
    season = synthetic_season(8)
    for round_no in range(1, 5):
        seated = [p for m in season["matches"] if m["round"] == round_no for p in m["players"]]
        assert sorted(seated) == sorted(season["players"])
    assert all(sum(h["scores"].values()) == 120_000 for m in season["matches"] for h in m["hanchans"])


def test_the_in_process_part_prints_ms_per_record_fed_and_from_scratch_and_their_ratio(capsys):
    assert main(["--players", "8", "--repeat", "2", "--no-gateway", "--in-process-players", "8"]) == 0
    lines = capsys.readouterr().out.splitlines()
    part = lines[lines.index(next(line for line in lines if line.startswith("== in process"))) :]
    assert "8 players" in part[0] and "first GetStandings" in part[0]
    assert "(fed)" in part[1] and "p50" in part[1] and "(n=2)" in part[1]
    assert "from scratch" in part[2] and "p50" in part[2] and "(n=2)" in part[2]
    assert part[3].strip().startswith("from scratch / fed (p50):") and "nothing changed" in part[3]
    assert "CPU time" in part[4] and "fed" in part[4] and "from scratch" in part[4]
