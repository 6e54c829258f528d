"""Telegram links when the gateway's database is lost while serving (docs/rules.md
access.bot.acts-for-linked-player): the bot's call for a linked player, a new link and a new code answer
UNAVAILABLE (retryable, never INTERNAL), and a delegated call never falls back to the bot's own identity
when the link cannot be read. A real gateway on PostgreSQL on loopback; the database is dropped, which
terminates the server's connections: as good as an outage."""

from __future__ import annotations

import grpc
import pytest

from rondo.gateway.v1 import competitions_pb2, gateway_pb2_grpc, identity_pb2, results_pb2
from rondo_app.registry import NAMES
from rondo_runtime.bearer import with_bearer
from tests.databases import create_test_database, drop_database
from tests.faults.conftest import InProcessServer
from tests.faults.test_errors_bounded import _fails

pytestmark = [pytest.mark.faults, pytest.mark.rule("access.bot.acts-for-linked-player")]
TIMEOUT = 30
HEADER = "x-rondo-telegram-user"


def test_a_lost_database_makes_telegram_calls_unavailable_never_the_bots_own(pg_server_url, tmp_path):
    url = create_test_database(pg_server_url)
    # a long account cache: the bot's own token still checks out from it after the outage, so only the
    # link's read can fail — and must fail the call, not let it through as the bot's
    server = InProcessServer(list(NAMES), tmp_path, database_urls={"gateway": url}, auth_cache_seconds=3600.0)
    try:
        assert server.accounts is not None
        player_id, player_token = server.accounts.account(identity_pb2.ROLE_PLAYER, "Saki")
        bot_token = server.accounts.account(identity_pb2.ROLE_BOT, "Bot")[1]
        player, bot = server.accounts.stub(player_token), server.accounts.stub(bot_token)
        code = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code
        bot.LinkTelegram(identity_pb2.LinkTelegramRequest(code=code, telegram_user_id=9, chat_id=9), timeout=TIMEOUT)
        spare = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code
        as_saki = gateway_pb2_grpc.GatewayServiceStub(with_bearer(server.raw_channel, bot_token))
        metadata = ((HEADER, "9"),)
        assert as_saki.WhoAmI(identity_pb2.WhoAmIRequest(), metadata=metadata, timeout=TIMEOUT).id == player_id

        competition = server.accounts.organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Outage league")),
            timeout=TIMEOUT,
        )
        standings = results_pb2.GetStandingsRequest(competition_id=competition.id)
        bot.GetStandings(standings, timeout=TIMEOUT)  # the bot may read them itself: its token is cached now

        drop_database(url)
        # a Telegram user never seen: the link cannot be read, so the read the bot may make as itself is
        # refused as retryable, never answered as the bot's own
        error = _fails(
            lambda request, timeout: as_saki.GetStandings(request, metadata=((HEADER, "10"),), timeout=timeout),
            standings,
            grpc.StatusCode.UNAVAILABLE,
        )
        assert "retry" in (error.details() or "")
        link = identity_pb2.LinkTelegramRequest(code=spare, telegram_user_id=10, chat_id=10)
        _fails(bot.LinkTelegram, link, grpc.StatusCode.UNAVAILABLE)
        _fails(player.CreateTelegramLinkCode, identity_pb2.CreateTelegramLinkCodeRequest(), grpc.StatusCode.UNAVAILABLE)
    finally:
        server.close()
        drop_database(url)
