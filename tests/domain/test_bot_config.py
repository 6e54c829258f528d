"""The bot's settings (bot/config.py): defaults, files for secrets, and each bad value refused naming
its variable."""

from __future__ import annotations

import pytest

from bot.config import BotSettings

pytestmark = pytest.mark.domain
BASE = {"RONDO_BOT_SERVICE_TOKEN": "service", "RONDO_TELEGRAM_TOKEN": "123:abc_DEF-1"}


def test_defaults_and_a_secret_from_a_file(tmp_path):
    settings = BotSettings.from_env(BASE)
    assert (settings.gateway_addr, settings.telegram_api_url, settings.database_url, settings.health_port) == (
        "127.0.0.1:50051",
        "https://api.telegram.org",
        "sqlite:///data/bot.db",
        8081,
    )
    assert "service" not in repr(settings) and "abc_DEF" not in repr(settings)
    (tmp_path / "token").write_text("987:from-a-file\n")
    env = {"RONDO_BOT_SERVICE_TOKEN": "s", "RONDO_TELEGRAM_TOKEN_FILE": str(tmp_path / "token"), "RONDO_DATA_DIR": "/srv/x"}
    settings = BotSettings.from_env({**env, "RONDO_BOT_HEALTH_PORT": "-1", "RONDO_TELEGRAM_API_URL": "http://127.0.0.1:9/"})
    assert (settings.telegram_token, settings.database_url, settings.health_port, settings.telegram_api_url) == (
        "987:from-a-file",
        "sqlite:////srv/x/bot.db",
        None,
        "http://127.0.0.1:9",
    )


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"RONDO_BOT_SERVICE_TOKEN": ""}, "RONDO_BOT_SERVICE_TOKEN"),
        ({"RONDO_TELEGRAM_TOKEN": "not-a-token"}, "RONDO_TELEGRAM_TOKEN"),
        ({"RONDO_TELEGRAM_TOKEN": "", "RONDO_TELEGRAM_TOKEN_FILE": "/nonexistent/token"}, "RONDO_TELEGRAM_TOKEN_FILE"),
        ({"RONDO_TELEGRAM_API_URL": "ftp://x"}, "RONDO_TELEGRAM_API_URL"),
        ({"RONDO_BOT_DATABASE_URL": "mysql://x"}, "RONDO_BOT_DATABASE_URL"),
        ({"RONDO_BOT_HEALTH_PORT": "http"}, "RONDO_BOT_HEALTH_PORT"),
        ({"RONDO_BOT_HEALTH_PORT": "70000"}, "RONDO_BOT_HEALTH_PORT"),
        ({"RONDO_BOT_POLL_SECONDS": "0"}, "RONDO_BOT_POLL_SECONDS"),
        ({"RONDO_LOG_LEVEL": "LOUD"}, "RONDO_LOG_LEVEL"),
    ],
)
def test_a_bad_value_is_refused_naming_its_variable(env, named):
    with pytest.raises(ValueError, match=named):
        BotSettings.from_env({**BASE, **env})
