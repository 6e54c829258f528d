"""rondo_app/frontends.py: which children `rondo up` runs, with what, and the settings it refuses."""

from __future__ import annotations

import stat

import pytest

from rondo_app.frontends import DEFAULT_WEB_PORT, frontends
from rondo_runtime.config import Settings
from rondo_runtime.server import ConfigurationError

pytestmark = pytest.mark.integration


def settings(tmp_path, **env: str) -> Settings:
    return Settings.from_env({"RONDO_DATA_DIR": str(tmp_path), **env})


def test_the_web_app_by_default_on_8000_dialing_this_gateway(tmp_path):
    (web,) = frontends(settings(tmp_path), {})
    assert (web.name, web.module, web.url) == ("web", "web", f"http://127.0.0.1:{DEFAULT_WEB_PORT}/")
    assert web.env["RONDO_GATEWAY_ADDR"] == "127.0.0.1:50051"
    assert web.env["RONDO_WEB_PORT"] == "8000" and web.env["RONDO_WEB_HOST"] == "127.0.0.1"


def test_the_generated_web_secret_is_kept_private_and_reused(tmp_path):
    first = frontends(settings(tmp_path), {})[0].env["RONDO_WEB_SECRET"]
    assert len(first) >= 32
    assert stat.S_IMODE((tmp_path / "web-secret").stat().st_mode) == 0o600
    assert frontends(settings(tmp_path), {})[0].env["RONDO_WEB_SECRET"] == first  # sessions survive a restart
    given = "g" * 40
    assert frontends(settings(tmp_path), {"RONDO_WEB_SECRET": given})[0].env["RONDO_WEB_SECRET"] == given


def test_minus_one_runs_no_web_app(tmp_path):
    assert frontends(settings(tmp_path), {"RONDO_WEB_PORT": "-1"}) == []


@pytest.mark.parametrize("value", ["80a", "70000", "0", "-2"])
def test_a_bad_web_port_is_refused_naming_the_variable(tmp_path, value):
    with pytest.raises(ConfigurationError, match="RONDO_WEB_PORT"):
        frontends(settings(tmp_path), {"RONDO_WEB_PORT": value})


@pytest.mark.parametrize("variable", ["RONDO_PORT", "RONDO_CALENDAR_PORT", "RONDO_METRICS_PORT"])
def test_the_web_port_may_not_be_a_port_the_process_already_takes(tmp_path, variable):
    with pytest.raises(ConfigurationError, match=f"also {variable}"):
        frontends(settings(tmp_path, **{variable: "9000"}), {"RONDO_WEB_PORT": "9000"})


def test_the_bot_runs_only_with_a_telegram_token_and_needs_its_service_token(tmp_path):
    env = {"RONDO_WEB_PORT": "-1", "RONDO_TELEGRAM_TOKEN": "123:abc"}
    with pytest.raises(ConfigurationError, match="RONDO_BOT_SERVICE_TOKEN"):
        frontends(settings(tmp_path), env)
    (bot,) = frontends(settings(tmp_path), {**env, "RONDO_BOT_SERVICE_TOKEN": "t" * 40})
    assert bot.module == "bot" and bot.env["RONDO_GATEWAY_ADDR"] == "127.0.0.1:50051"
    assert bot.env["RONDO_BOT_DATABASE_URL"] == f"sqlite:///{(tmp_path / 'bot.db').resolve()}"


def test_a_gateway_on_a_port_picked_at_start_gets_no_frontends(tmp_path):
    assert frontends(settings(tmp_path, RONDO_PORT="0"), {}) == []
