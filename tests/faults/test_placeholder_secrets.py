"""A deployment that kept a secret shipped in deploy/ (compose's old defaults, the k8s Secrets'
CHANGE_ME values) is refused at start: anyone who read the repository could forge an organizer token
with it (rondo_runtime.config.PLACEHOLDER_SECRETS). The real process, started as an operator would."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rondo_runtime.config import PLACEHOLDER_SECRETS

pytestmark = pytest.mark.faults


def _serve(tmp_path, service: str, **env: str) -> subprocess.CompletedProcess:
    environ = {
        **os.environ,
        "RONDO_PORT": "0",
        "RONDO_METRICS_PORT": "-1",
        "RONDO_CALENDAR_PORT": "-1",
        "RONDO_DATA_DIR": str(tmp_path),
        "RONDO_LOG_LEVEL": "WARNING",
        **env,
    }
    return subprocess.run([sys.executable, "-m", service], env=environ, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("secret", sorted(PLACEHOLDER_SECRETS))
@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_the_gateway_refuses_to_start_with_a_placeholder_token_secret(tmp_path, secret):
    result = _serve(tmp_path, "gateway", RONDO_TOKEN_SECRET=secret)
    assert result.returncode == 2, result.stderr[-2000:]
    assert "RONDO_TOKEN_SECRET" in result.stderr and "placeholder" in result.stderr
    assert secret not in result.stderr  # a secret is never echoed


def test_a_service_refuses_a_placeholder_or_short_internal_token(tmp_path):
    placeholder = _serve(tmp_path, "league", RONDO_INTERNAL_TOKEN="local-compose-internal-token-change-me")
    assert placeholder.returncode == 2 and "RONDO_INTERNAL_TOKEN" in placeholder.stderr, placeholder.stderr[-2000:]
    short = _serve(tmp_path, "gateway", RONDO_TOKEN_SECRET="x" * 31)
    assert short.returncode == 2 and "RONDO_TOKEN_SECRET" in short.stderr and "32" in short.stderr, short.stderr[-2000:]
