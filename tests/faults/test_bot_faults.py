"""The bot against a gateway that goes away: it stays alive (healthz) but not ready (readyz says the
gateway is down), reconnects with backoff once the gateway is back, and delivers what happened from
its cursor; Telegram refusing a message (a blocked bot) is recorded and not retried."""

from __future__ import annotations

import secrets
import subprocess
import sys
from pathlib import Path

import grpc
import pytest

from bot.standin import BotApiStandIn
from rondo.gateway.v1 import competitions_pb2, draws_pb2, gateway_pb2_grpc, identity_pb2
from rondo_app.demo import rondo_process
from rondo_runtime.bearer import with_bearer
from rondo_runtime.config import Settings
from rondo_runtime.process import free_port
from tests.accounts import Accounts, login
from tests.bot_process import BotProcess
from tests.waiting import wait_until

pytestmark = pytest.mark.faults


@pytest.mark.rule("access.bot.delivery-never-twice")
def test_the_bot_waits_for_a_gateway_that_is_down_and_delivers_once_it_is_back(tmp_path):
    port = free_port()
    env = {
        "RONDO_PORT": str(port),
        "RONDO_INTERNAL_PORT": str(free_port()),
        "RONDO_METRICS_PORT": "-1",
        "RONDO_CALENDAR_PORT": "-1",
        "RONDO_DATA_DIR": str(tmp_path / "gateway"),
        "RONDO_LOG_LEVEL": "WARNING",
        "RONDO_TOKEN_SECRET": secrets.token_urlsafe(48),
        "RONDO_INTERNAL_TOKEN": secrets.token_urlsafe(24),
    }
    address = f"127.0.0.1:{port}"
    database = f"sqlite:///{Path(env['RONDO_DATA_DIR']).resolve() / 'gateway'}.db"
    with rondo_process(["up"], env, address):  # the accounts, made while it runs
        raw = grpc.insecure_channel(address)
        accounts = Accounts(raw, Settings(database_urls={"gateway": database}))
        _, token = accounts.account(identity_pb2.ROLE_BOT, "bot")
        competition = accounts.organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name="Down league", ruleset="discard-league-2026"), idempotency_key="d"
            ),
            timeout=10,
        )
        for i in range(8):
            accounts.organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"D{i}", idempotency_key=f"d{i}"),
                timeout=10,
            )
        draw = accounts.organizer.DrawCompetition(
            draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=1, time_limit_seconds=5, idempotency_key="d"),
            timeout=30,
        ).draw
        player = draw.rounds[0].tables[0].player_ids[0]
        code = (
            accounts.player(competition.id, player)
            .CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=10)
            .code
        )
        raw.close()

    with BotApiStandIn() as api:
        bot = BotProcess(address, token, api, tmp_path)
        bot.process = subprocess.Popen([sys.executable, "-m", "bot"], env=bot.env)  # no gateway: never ready
        try:
            wait_until(lambda: bot.get("/healthz")[0] == 200, "the bot is alive without a gateway")
            status, body = bot.get("/readyz")
            assert status == 503 and "gateway down" in body
            api.message(7001, f"/start {code}")
            wait_until(lambda: api.sent(chat_id=7001), "the bot answers while the gateway is down")
            assert api.sent(chat_id=7001)[0].params["text"] == "Rondo is not reachable right now. Please try again in a minute."

            with rondo_process(["up"], env, address):  # back, same data
                wait_until(bot.ready, "the bot reconnected")
                api.message(7001, f"/start {code}")
                wait_until(lambda: len(api.sent(chat_id=7001)) == 2, "linked once the gateway is back")
                assert api.sent(chat_id=7001)[1].params["text"].startswith("Linked as player ")
                raw = grpc.insecure_channel(address)
                organizer = gateway_pb2_grpc.GatewayServiceStub(
                    with_bearer(raw, login(raw, accounts.organizer_name, accounts.organizer_password))
                )
                organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=draw.id), timeout=10)
                wait_until(lambda: len(api.sent(chat_id=7001)) == 3, "the draw told after the reconnection")
                assert "The draw of “Down league” is published" in api.sent(chat_id=7001)[2].params["text"]
                raw.close()
        finally:
            assert bot.stop() == 0
