"""Faults under load (bench.season_load --faults, small): two replicas of every service on fresh
PostgreSQL databases (the shared server, never restarted here), a round of 6 clubs x 16 players played by
6 clients, and the first league replica then the first booking replica SIGKILLed mid-round and started
again on the same port. Clients send a call answered UNAVAILABLE again with the same idempotency key:
every match still ends booked with its hanchans recorded, every acknowledged booking is its match's one
BOOKED meeting and every acknowledged record is stored exactly once; the status codes seen are reported."""

from __future__ import annotations

import json

import pytest

from bench.gateway_load import EXPECTED_NEVER
from bench.season_load import HANCHANS, main

pytestmark = [pytest.mark.faults, pytest.mark.postgres, pytest.mark.slow]


def test_killing_league_and_booking_replicas_mid_round_loses_and_doubles_nothing(pg_server_url, tmp_path, capsys):
    out = tmp_path / "season-faults.json"
    args = ["--clubs", "6", "--players", "16", "--clients", "6", "--draw-burst", "0", "--faults", "league,booking"]
    assert main([*args, "--pg-url", pg_server_url, "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    report = json.loads(out.read_text())
    assert [e["what"] for e in report["faults"]] == ["killed league-1", "killed booking-1"], report["faults"]
    assert all(e["matches_done"] < report["matches"] for e in report["faults"]), "each kill happened mid-round"
    assert all("back_after_seconds" in e for e in report["faults"]), "each replica started again"
    assert report["checks"] == {"lost_bookings": 0, "double_bookings": 0, "lost_records": 0, "double_records": 0}, printed
    assert report["meetings_booked"] == report["matches"] and report["matches_unbooked"] == 0, printed
    assert report["records_stored"] == report["matches"] * HANCHANS, printed
    for rpc, figures in report["rpcs"].items():
        assert not set(figures["codes"]) & set(EXPECTED_NEVER), (rpc, figures["codes"])
        # whatever a kill answered (UNAVAILABLE), the retry with the same key was answered in the end
        assert figures["codes"].get("UNAVAILABLE", 0) <= report["retries"].get(rpc, 0), (rpc, figures, report["retries"])
    assert "retries (same request, same key):" in printed
