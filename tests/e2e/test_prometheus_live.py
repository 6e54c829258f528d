"""The real Prometheus (Debian's ``prometheus``) against a live `rondo up`: it scrapes the metrics port,
every Grafana dashboard query and every alert expression evaluates without an error, and an alert fires
when the process stops (a fault).

Prometheus runs on a loopback port with its own temporary storage, scraping every second. Its rules are
deploy/prometheus/alerts.yml with every ``for:`` shortened to 1 s and the target-down alert's job as this
test names it (the expressions are otherwise as shipped); the dashboard's Grafana variables are replaced by
what Grafana sends ("All": the variable's allValue; ``$__rate_interval``: 1m). Without the binary a
targeted run skips, saying why; the whole check (RONDO_REQUIRE_REAL_PARTS=1) fails."""

from __future__ import annotations

import json
import re
import secrets
import shutil
import signal
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from rondo_app.demo import rondo_process
from rondo_runtime.process import free_port
from tests.conftest import real_parts_required
from tests.waiting import wait_until

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def prometheus_binary() -> str:
    found = shutil.which("prometheus")
    if found is None:
        message = "prometheus is not installed (Debian: apt-get install prometheus; ./dev test does it when root)"
        if real_parts_required():
            pytest.fail(message + " (required by the whole check: RONDO_REQUIRE_REAL_PARTS=1)", pytrace=False)
        pytest.skip(message)
    return found


def api(port: int, path: str, **params: str) -> dict:
    url = f"http://127.0.0.1:{port}/api/v1/{path}" + (f"?{urllib.parse.urlencode(params)}" if params else "")
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return json.load(answer)
    except urllib.error.HTTPError as error:  # Prometheus answers a bad query with 400 and a JSON body
        return json.load(error)


def dashboard_queries() -> list[str]:
    dashboard = json.loads((DEPLOY / "grafana" / "dashboards" / "rondo.json").read_text())
    variables = {v["name"]: v.get("allValue", ".*") for v in dashboard["templating"]["list"] if v["type"] == "query"}
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "expr" and isinstance(value, str):
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(dashboard["panels"])
    for variable in dashboard["templating"]["list"]:  # the variables' own queries: label_values(<selector>, label)
        match = re.match(r"label_values\((.+),\s*\w+\)$", str(variable.get("definition", "")))
        if match:
            found.append(match.group(1))

    def substitute(expr: str) -> str:
        expr = expr.replace("$__rate_interval", "1m")
        return re.sub(r"\$\{?(\w+)\}?", lambda m: variables.get(m.group(1), ".*"), expr)

    return [substitute(expr) for expr in found]


def test_prometheus_evaluates_every_query_and_fires_an_alert_when_rondo_stops(tmp_path):
    import yaml

    binary = prometheus_binary()
    rondo_port, metrics_port, prometheus_port = free_port(), free_port(), free_port()
    alerts = yaml.safe_load((DEPLOY / "prometheus" / "alerts.yml").read_text())
    expressions = {}
    for group in alerts["groups"]:
        group["interval"] = "1s"
        for rule in group["rules"]:
            expressions[rule["alert"]] = rule["expr"]
            if "for" in rule:
                rule["for"] = "1s"
    (tmp_path / "alerts.yml").write_text(yaml.safe_dump(alerts))
    config = {
        "global": {"scrape_interval": "1s", "evaluation_interval": "1s"},
        "rule_files": [str(tmp_path / "alerts.yml")],
        "scrape_configs": [
            {
                "job_name": "rondo",  # the job RondoTargetDown and RondoProcessRestarted name
                "static_configs": [{"targets": [f"127.0.0.1:{metrics_port}"], "labels": {"service": "rondo-up"}}],
            }
        ],
    }
    (tmp_path / "prometheus.yml").write_text(yaml.safe_dump(config))
    env = {
        "RONDO_PORT": str(rondo_port),
        "RONDO_METRICS_PORT": str(metrics_port),
        "RONDO_CALENDAR_PORT": "-1",
        "RONDO_WEB_PORT": "-1",
        "RONDO_DATA_DIR": str(tmp_path / "data"),
        "RONDO_LOG_LEVEL": "WARNING",
        "RONDO_SOLVER_WORKERS": "1",
        "RONDO_INTERNAL_PORT": str(free_port()),
        "RONDO_INTERNAL_TOKEN": secrets.token_urlsafe(24),
    }
    with rondo_process(["up"], env, f"127.0.0.1:{rondo_port}") as rondo:
        prometheus = subprocess.Popen(
            [
                binary,
                f"--config.file={tmp_path / 'prometheus.yml'}",
                f"--storage.tsdb.path={tmp_path / 'tsdb'}",
                f"--web.listen-address=127.0.0.1:{prometheus_port}",
                "--log.level=warn",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:

            def scraped():
                try:
                    result = api(prometheus_port, "query", query='up{job="rondo"}')
                except (OSError, ValueError):
                    return None  # not listening yet, or starting (503 with a plain-text body)
                return [s for s in result.get("data", {}).get("result", []) if s["value"][1] == "1"]

            # Prometheus scrapes and evaluates on its own clock: the test waits for the state it reports
            wait_until(scraped, "Prometheus scrapes rondo up's metrics port")
            # the series the alerts read exist from the start (pre-initialised, or set at start)
            for metric in ("rondo_solver_solves_total", "rondo_service_serving", "process_start_time_seconds"):
                result = api(prometheus_port, "query", query=metric)
                assert result["status"] == "success" and result["data"]["result"], f"{metric}: no series scraped"
            unknown = api(prometheus_port, "query", query='rondo_solver_solves_total{status="UNKNOWN"}')
            assert unknown["data"]["result"], "UNKNOWN is exported at 0 before any solve"
            serving = api(prometheus_port, "query", query="min(rondo_service_serving)")
            assert serving["data"]["result"][0]["value"][1] == "1", "every service SERVING"

            queries = dashboard_queries() + list(expressions.values())
            assert len(queries) > len(expressions)
            for query in queries:
                result = api(prometheus_port, "query", query=query)
                assert result["status"] == "success", f"{query}\n{result.get('error')}"

            def firing() -> set[str]:
                answer = api(prometheus_port, "alerts")
                return {a["labels"]["alertname"] for a in answer["data"]["alerts"] if a["state"] == "firing"}

            assert "RondoTargetDown" not in firing()
            rondo.send_signal(signal.SIGTERM)  # the fault: the process stops
            rondo.wait(timeout=60)
            wait_until(lambda: "RondoTargetDown" in firing(), "RondoTargetDown fires once rondo up has stopped")
        finally:
            prometheus.terminate()
            try:
                _, errors = prometheus.communicate(timeout=30)
            except subprocess.TimeoutExpired:
                prometheus.kill()
                _, errors = prometheus.communicate()
        assert "level=error" not in (errors or ""), errors
