"""Every alert in deploy/prometheus/alerts.yml fires when it should: ``promtool test rules`` runs the unit
tests in deploy/prometheus/alerts.test.yml, and every alert has a case where it fires and one where it
stays quiet. promtool is Debian's ``prometheus`` package (``./dev test`` installs it when root); a targeted
run without it skips, saying why, and the whole check (RONDO_REQUIRE_REAL_PARTS=1) fails."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import real_parts_required

pytestmark = pytest.mark.integration

PROMETHEUS = Path(__file__).resolve().parents[2] / "deploy" / "prometheus"


def load(name: str) -> dict:
    import yaml

    return yaml.safe_load((PROMETHEUS / name).read_text())


def promtool() -> str:
    found = shutil.which("promtool")
    if found is None:
        message = "promtool is not installed (Debian: apt-get install prometheus; ./dev test does it when root)"
        if real_parts_required():
            pytest.fail(message + " (required by the whole check: RONDO_REQUIRE_REAL_PARTS=1)", pytrace=False)
        pytest.skip(message)
    return found


def test_every_alert_has_a_case_that_fires_and_one_that_stays_quiet():
    alerts = {rule["alert"] for group in load("alerts.yml")["groups"] for rule in group["rules"] if "alert" in rule}
    tests = load("alerts.test.yml")
    assert tests["rule_files"] == ["alerts.yml"]
    fires: set[str] = set()
    quiet: set[str] = set()
    for case in tests["tests"]:
        for check in case.get("alert_rule_test", []):
            (fires if check.get("exp_alerts") else quiet).add(check["alertname"])
    assert alerts, "no alerts"
    assert not alerts - fires, f"alerts no test sees fire: {sorted(alerts - fires)}"
    assert not alerts - quiet, f"alerts no test sees stay quiet: {sorted(alerts - quiet)}"
    assert not (fires | quiet) - alerts, f"tests of alerts that do not exist: {sorted((fires | quiet) - alerts)}"


def test_promtool_runs_the_alert_unit_tests():
    done = subprocess.run(
        [promtool(), "test", "rules", "alerts.test.yml"], cwd=PROMETHEUS, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"promtool test rules:\n{done.stdout}{done.stderr}"
    assert "SUCCESS" in done.stdout
