"""The cluster benchmark runs tiny (4 clients, 8 players, 2 s, one organizer drawing) in the embedded mode
and with two processes of every service on PostgreSQL: every RPC of the mix and the draws are reported,
no call ends INTERNAL or UNKNOWN, and with two replicas both gateways and both bookings worked (the
address lists are balanced, not pinned to the first). Figures are printed, never asserted."""

from __future__ import annotations

import json

import pytest

from bench.cluster_load import main
from bench.gateway_load import EXPECTED_NEVER, RPCS
from rondo_app.registry import SERVICES

pytestmark = [pytest.mark.integration, pytest.mark.postgres, pytest.mark.slow]


def test_two_replicas_share_the_load_and_every_rpc_is_reported(pg_server_url, tmp_path, capsys):
    out = tmp_path / "cluster.json"
    args = ["--topologies", "embedded,replicas-N", "--replicas", "2", "--clients", "4", "--players", "8"]
    args += ["--seconds", "2", "--draw-clients", "1", "--draw-players", "8", "--pg-url", pg_server_url, "--json", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    embedded, replicated = json.loads(out.read_text())
    assert (embedded["topology"], replicated["topology"]) == ("embedded", "replicas-2")
    for report in (embedded, replicated):
        assert set(report["rpcs"]) == {*RPCS, "DrawCompetition"}
        for rpc, figures in report["rpcs"].items():
            assert figures["count"] > 0, (report["topology"], rpc, printed)
            assert not set(figures["codes"]) & set(EXPECTED_NEVER), (rpc, figures["codes"])
    cpu = replicated["cpu_seconds"]
    assert {f"{s.name}-{i}" for s in SERVICES for i in (1, 2)} == set(cpu)
    for name in ("gateway-1", "gateway-2", "booking-1", "booking-2"):  # the mix's two busiest services
        assert cpu[name] > 0, (name, cpu)
    assert "== against embedded" in printed


def test_the_baseline_commit_runs_beside_this_checkout_in_interleaved_turns_and_one_table(tmp_path, capsys):
    """``--baseline HEAD``: the exported tree's own `rondo up` (SQLite) set up and loaded in the same
    turns as this checkout's; one markdown table with a row each, the baseline's ratio 1.00."""
    out = tmp_path / "cluster.json"
    args = ["--topologies", "embedded-sqlite", "--baseline", "HEAD", "--rounds", "2", "--clients", "4", "--players", "8"]
    args += ["--seconds", "2", "--draw-clients", "1", "--draw-players", "8", "--json", str(out)]
    assert main(args) == 0
    printed = capsys.readouterr().out
    current, baseline = json.loads(out.read_text())
    assert (current["topology"], baseline["topology"]) == ("embedded-sqlite", "embedded-sqlite@HEAD")
    assert (current["baseline"], baseline["baseline"]) == (False, True)
    for report in (current, baseline):
        assert report["database"] == "sqlite"
        for rpc, figures in report["rpcs"].items():
            assert figures["count"] > 0, (report["topology"], rpc, printed)
            assert not set(figures["codes"]) & set(EXPECTED_NEVER), (rpc, figures["codes"])
    assert printed.count("turn 2, 4 clients") == 2, printed
    table = [line for line in printed.splitlines() if line.startswith("| embedded-sqlite")]
    assert len(table) == 2 and "| HEAD | SQLite |" in table[1] and "| 1.00 |" in table[1], table
