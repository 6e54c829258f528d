"""``python -m web`` as the deployables run it: uvicorn on loopback in front of a real gateway — health,
readiness, metrics, a login over HTTP; a bad variable stops it with exit code 2 naming the variable;
SIGTERM stops it cleanly (exit 0)."""

from __future__ import annotations

import os
import secrets
import signal
import subprocess
import sys

import httpx2 as httpx
import pytest

from rondo.gateway.v1 import identity_pb2
from rondo_runtime.process import free_port
from tests.waiting import eventually
from tests.web.conftest import csrf_of, make_account

pytestmark = pytest.mark.web


def web_env(**values: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RONDO_WEB")}
    env.update(values)
    return env


def answers(url: str) -> bool:
    try:
        return httpx.get(url, timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


@pytest.mark.parametrize(
    ("values", "named"),
    [({}, "RONDO_WEB_SECRET"), ({"RONDO_WEB_SECRET": "x" * 40, "RONDO_WEB_PORT": "eighty"}, "RONDO_WEB_PORT")],
)
def test_a_bad_setting_stops_it_with_exit_code_2_naming_the_variable(values: dict[str, str], named: str) -> None:
    done = subprocess.run([sys.executable, "-m", "web"], env=web_env(**values), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and named in done.stderr


def test_it_serves_health_readiness_metrics_and_a_login_then_stops_cleanly_on_sigterm(embedded) -> None:
    port, metrics_port = free_port(), free_port()
    env = web_env(
        RONDO_WEB_PORT=str(port),
        RONDO_WEB_METRICS_PORT=str(metrics_port),
        RONDO_GATEWAY_ADDR=embedded.address,
        RONDO_WEB_SECRET=secrets.token_urlsafe(32),
        RONDO_WEB_SECURE_COOKIE="0",  # plain HTTP on loopback in this test
        RONDO_WEB_LOG_LEVEL="WARNING",
    )
    process = subprocess.Popen([sys.executable, "-m", "web"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        assert eventually(lambda: answers(f"{base}/healthz") or process.poll() is not None, 60)
        assert process.poll() is None, process.communicate()[1]
        assert httpx.get(f"{base}/readyz", timeout=5).text == "ready"
        _, password = make_account(embedded, identity_pb2.ROLE_PLAYER, "Server Player")
        with httpx.Client(base_url=base, timeout=10) as browser:
            page = browser.get("/login")
            answer = browser.post(
                "/login", data={"name": "Server Player", "password": password, "csrf_token": csrf_of(page.text)}
            )
            assert answer.status_code == 303
            assert "Server Player" in browser.get("/").text
        assert "rondo_web_page_seconds_bucket" in httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=5).text
        assert httpx.get(f"{base}/metrics", timeout=5).status_code == 303, "no metrics on the pages' port: a page like any"
    finally:
        process.send_signal(signal.SIGTERM)
        code = process.wait(timeout=30)
    assert code == 0
