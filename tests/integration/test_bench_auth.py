"""The token-check benchmark runs and prints its figures (a few calls, in-process only; no assertion on them)."""

from __future__ import annotations

import pytest

from bench.gateway_auth import main

pytestmark = pytest.mark.integration


def test_the_in_process_part_prints_p50_p99_and_the_mean(capsys):
    assert main(["--calls", "200", "--no-grpc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    figures = [line for line in lines if "p50" in line]
    assert len(figures) == 7, lines
    assert all("p99" in line and "mean" in line for line in figures)
