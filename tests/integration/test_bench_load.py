"""The load benchmark runs against `rondo up` with tiny parameters (4 clients, 8 players, 3 s) and
prints every RPC of its mix with calls, p50 and p99, the token check's cost and its share of each RPC;
no call ends INTERNAL or UNKNOWN. Figures are printed, never asserted."""

from __future__ import annotations

import json

import pytest

from bench.gateway_load import EXPECTED_NEVER, RPCS, main

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("database", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_short_load_reports_every_rpc_and_the_token_checks_share(database, tmp_path, capsys, request):
    out = tmp_path / "load.json"
    args = ["--database", database, "--clients", "4", "--players", "8", "--seconds", "3", "--round-trips", "20"]
    if database == "postgres":  # the fixture skips (or fails the whole check) when PostgreSQL is unreachable
        args += ["--pg-url", request.getfixturevalue("pg_server_url")]
    assert main([*args, "--token-checks", "200", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    report = json.loads(out.read_text())["reports"][database]
    assert set(report["rpcs"]) == set(RPCS)
    for rpc, figures in report["rpcs"].items():
        assert figures["count"] > 0, (rpc, printed)
        assert sum(figures["codes"].values()) == figures["count"]
        assert not set(figures["codes"]) & set(EXPECTED_NEVER), (rpc, figures["codes"])
        assert f"  {rpc} " in printed
    assert report["calls"] == sum(f["count"] for f in report["rpcs"].values())
    assert "the guard's token check in this process" in printed and "token %p50" in printed
    assert {"WhoAmI", "Check", "refused, token checked", "refused, no token"} <= set(report["round_trips_ms"])
