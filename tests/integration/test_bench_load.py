"""The load benchmark runs against `rondo up` with tiny parameters (4 clients, 8 players, 3 s) and
prints every RPC of its mix with calls, p50 and p99, the token check's cost and its share of each RPC;
no call ends INTERNAL or UNKNOWN. Figures are printed, never asserted."""

from __future__ import annotations

import json

import pytest

from bench.gateway_load import EXPECTED_NEVER, RPCS, exported, main, ratio_lines

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


def test_the_baseline_is_a_commits_tree_exported_and_removed_afterwards():
    """``--baseline``'s export: the named commit's files (the tree its `rondo up` runs from), gone once
    the benchmark is over; a name git does not know is refused with the name."""
    with exported("HEAD") as tree:
        assert (tree / "rondo_app" / "cli.py").is_file() and (tree / "bench" / "gateway_load.py").is_file()
        assert not (tree / ".git").exists()
    assert not tree.exists()
    with pytest.raises(ValueError, match="no-such-commit"), exported("no-such-commit"):
        pass


def test_the_ratio_lines_compare_this_checkout_with_the_baseline():
    def figures(per_second, p50, p99):
        return {"per_second": per_second, "rpcs": {rpc: {"p50_ms": p50, "p99_ms": p99} for rpc in RPCS}}

    lines = ratio_lines("sqlite: this checkout / base", figures(100.0, 10.0, 40.0), figures(250.0, 5.0, 10.0))
    assert lines[1] == "  throughput 2.50x"
    assert all(f"  {rpc} " in line and "p50 0.50x  p99 0.25x" in line for rpc, line in zip(RPCS, lines[2:], strict=True))
