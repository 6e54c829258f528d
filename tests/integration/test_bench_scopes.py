"""The scoping benchmark runs and prints its figures (a few calls; no assertion on them)."""

from __future__ import annotations

import pytest

from bench.gateway_scopes import main

pytestmark = pytest.mark.integration


def test_the_scope_benchmark_prints_p50_and_p99_for_an_organizer_and_the_owner(capsys):
    main(["--calls", "50"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all("p50" in line and "p99" in line for line in lines), lines
