"""`rondo up` serves the frontends (rondo_app/frontends.py): the web app as a child process answering
/healthz on RONDO_WEB_PORT, started again when it dies, stopped with `up` on SIGTERM."""

from __future__ import annotations

import importlib.util
import signal
import urllib.error
import urllib.request

import psutil
import pytest

from rondo_app.demo import rondo_process
from rondo_runtime.process import free_port
from tests.e2e.conftest import embedded_up
from tests.waiting import wait_until

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(importlib.util.find_spec("web") is None, reason="the web app (web/) is not in this tree"),
]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code
    except (urllib.error.URLError, OSError):
        return 0


def web_children(process) -> list[psutil.Process]:
    """`up`'s children running ``python -m web``."""
    children = []
    for child in psutil.Process(process.pid).children():
        try:
            if child.cmdline()[-2:] == ["-m", "web"] and child.status() != psutil.STATUS_ZOMBIE:
                children.append(child)
        except psutil.NoSuchProcess:
            continue
    return children


@pytest.fixture(scope="module")
def up(tmp_path_factory):
    port = free_port()
    with embedded_up(tmp_path_factory.mktemp("frontends"), RONDO_WEB_PORT=str(port)) as deployment:
        yield deployment, f"http://127.0.0.1:{port}"


def test_rondo_up_serves_the_web_app_which_reaches_the_gateway(up):
    _, web = up
    wait_until(lambda: status(web + "/healthz") == 200, "the web app answering /healthz")
    wait_until(lambda: status(web + "/readyz") == 200, "the web app ready (it reaches the gateway)")


def test_a_web_app_that_dies_is_started_again(up):
    deployment, web = up
    wait_until(lambda: len(web_children(deployment.processes[0])) == 1, "one web app child")
    (first,) = web_children(deployment.processes[0])
    first.kill()
    first.wait(timeout=30)
    wait_until(lambda: [c.pid for c in web_children(deployment.processes[0])] not in ([], [first.pid]), "a new web app child")
    wait_until(lambda: status(web + "/healthz") == 200, "the restarted web app answering /healthz")


def test_sigterm_stops_the_web_app_with_rondo_up(tmp_path):
    port, gateway = free_port(), free_port()
    env = {"RONDO_PORT": str(gateway), "RONDO_WEB_PORT": str(port), "RONDO_DATA_DIR": str(tmp_path), "RONDO_METRICS_PORT": "-1"}
    with rondo_process(
        ["up"], {**env, "RONDO_CALENDAR_PORT": "-1", "RONDO_LOG_LEVEL": "WARNING"}, f"127.0.0.1:{gateway}"
    ) as process:
        wait_until(lambda: status(f"http://127.0.0.1:{port}/healthz") == 200, "the web app answering /healthz")
        (child,) = web_children(process)
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=60) == 0
        assert not child.is_running() or child.status() == psutil.STATUS_ZOMBIE
        assert status(f"http://127.0.0.1:{port}/healthz") == 0  # nobody listens there any more


@pytest.mark.skipif(importlib.util.find_spec("bot") is None, reason="the Telegram bot (bot/) is not in this tree")
def test_with_a_telegram_token_rondo_up_runs_the_bot_with_the_operators_service_token(tmp_path):
    """The operator makes a bot account on a first start (its service token), then starts `rondo up`
    with RONDO_TELEGRAM_TOKEN and RONDO_BOT_SERVICE_TOKEN: the bot runs as a child, reaches the gateway
    (its /readyz) and answers a message through the Bot API (here the local stand-in)."""
    from bot.standin import BotApiStandIn
    from rondo.gateway.v1 import identity_pb2

    with embedded_up(tmp_path) as first:
        _, service_token = first.accounts.account(identity_pb2.ROLE_BOT, "Club bot")
    health = free_port()
    with BotApiStandIn() as api:
        env = {
            "RONDO_WEB_PORT": "-1",
            "RONDO_TELEGRAM_TOKEN": "123456:stand-in-token",
            "RONDO_BOT_SERVICE_TOKEN": service_token,
            "RONDO_TELEGRAM_API_URL": api.url,
            "RONDO_BOT_HEALTH_PORT": str(health),
            "RONDO_BOT_POLL_SECONDS": "1",  # a long poll left open when the bot stops ends soon: the stand-in stops
        }
        with embedded_up(tmp_path, organizer="Second organizer", **env) as deployment:
            wait_until(lambda: status(f"http://127.0.0.1:{health}/readyz") == 200, "the bot started by `rondo up` ready")
            api.message(777, "/start")  # someone writes to the bot: it answers (how to link), so it polls
            wait_until(lambda: api.sent("sendMessage", chat_id=777), "the bot answering /start through the Bot API")
            (bot,) = [c for c in psutil.Process(deployment.processes[0].pid).children() if c.cmdline()[-2:] == ["-m", "bot"]]
            assert bot.is_running()
