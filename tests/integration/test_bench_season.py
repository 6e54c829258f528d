"""The season benchmark runs tiny (2 clubs x 8 players, 4 clients, two replicas of every service on
PostgreSQL, two draws at once on solvers of one worker each): every RPC of the round is reported, no
call ends INTERNAL or UNKNOWN, every match is booked and its hanchans recorded, what was acknowledged is
stored once, and both solver replicas solved a draw of the burst. Figures are printed, never asserted."""

from __future__ import annotations

import json

import pytest

from bench.gateway_load import EXPECTED_NEVER
from bench.season_load import HANCHANS, RPCS, main

pytestmark = [pytest.mark.integration, pytest.mark.postgres, pytest.mark.slow]

TINY = ["--clubs", "2", "--players", "8", "--clients", "4", "--draw-burst", "2", "--draw-players", "8", "--draw-seconds", "0.5"]


def test_a_tiny_season_books_records_and_reports_every_rpc(pg_server_url, tmp_path, capsys):
    out = tmp_path / "season.json"
    assert main([*TINY, "--pg-url", pg_server_url, "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    report = json.loads(out.read_text())
    assert report["matches"] == 4  # 2 clubs x 8 players, tables of 4
    for rpc in RPCS:
        figures = report["rpcs"][rpc]
        assert figures["count"] > 0, (rpc, printed)
        assert not set(figures["codes"]) & set(EXPECTED_NEVER), (rpc, figures["codes"])
    assert report["meetings_booked"] == report["matches"] and report["matches_unbooked"] == 0
    assert report["records_stored"] == report["matches"] * HANCHANS
    assert report["checks"] == {"lost_bookings": 0, "double_bookings": 0, "lost_records": 0, "double_records": 0}
    draws = report["draws"]
    assert draws["burst"] == 2 and set(draws["codes"]) <= {"OK", "RESOURCE_EXHAUSTED"}, draws
    assert set(draws["solved_by"]) == {"solver-1", "solver-2"}
    assert sum(draws["solved_by"].values()) == draws["codes"].get("OK", 0)
    assert "solver queue:" in printed and "acknowledged and checked:" in printed
