"""Telegram links and the bot acting for a linked player on in-memory fakes (tests/unit/gateway_fakes.py):
the real IdentityService and guard with a clock the test moves — a code expires after ten minutes, a new
one replaces the unused one, a used one never links again; a delegated call reaches the downstream as
the player's (their own player filled in) and its audit entry names the bot; the link is read once per
cache period (docs/rules.md access.telegram.link-one-time-code, access.bot.acts-for-linked-player)."""

from __future__ import annotations

from typing import Any

import pytest

from gateway.domain.telegram import TELEGRAM_USER_HEADER, code_hash
from rondo.gateway.v1 import identity_pb2, scheduling_pb2
from rondo_runtime.errors import NotFound, PermissionDenied
from tests.unit.gateway_fakes import GuardedGateway, MovableClock

pytestmark = pytest.mark.unit


@pytest.fixture
def gateway():
    g = GuardedGateway(clock=MovableClock())
    yield g
    g.close()


def code_for(gateway: GuardedGateway, token: str) -> str:
    return gateway("CreateTelegramLinkCode", identity_pb2.CreateTelegramLinkCodeRequest(), token=token).code


def link(gateway: GuardedGateway, bot: str, code: str, user: int):
    request = identity_pb2.LinkTelegramRequest(code=code, telegram_user_id=user, chat_id=user, language="en")
    return gateway("LinkTelegram", request, token=bot)


def as_user(user: int) -> tuple[tuple[str, str], ...]:
    return ((TELEGRAM_USER_HEADER, str(user)),)


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_a_code_expires_after_ten_minutes_and_a_new_one_replaces_the_unused_one(gateway):
    account_id, player = gateway.account(identity_pb2.ROLE_PLAYER, "Saki")
    _, bot = gateway.account(identity_pb2.ROLE_BOT, "Bot")
    late = code_for(gateway, player)
    stored = gateway.identity_uow.repository.link_codes[account_id]
    assert stored.code_hash == code_hash(late) and late not in repr(gateway.identity_uow.repository.link_codes)
    gateway.identity_clock.advance(minutes=10)
    with pytest.raises(NotFound, match="used or expired"):
        link(gateway, bot, late, 5)
    first = code_for(gateway, player)
    second = code_for(gateway, player)
    with pytest.raises(NotFound):
        link(gateway, bot, first, 5)
    gateway.identity_clock.advance(minutes=9, seconds=59)
    assert link(gateway, bot, second, 5).account_id == account_id
    with pytest.raises(NotFound):
        link(gateway, bot, second, 6)
    assert [linked.telegram_user_id for _, linked in gateway.identity_uow.repository.telegram] == [5]


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_a_code_of_an_account_disabled_since_links_nothing(gateway):
    account_id, player = gateway.account(identity_pb2.ROLE_PLAYER, "Saki")
    _, bot = gateway.account(identity_pb2.ROLE_BOT, "Bot")
    code = code_for(gateway, player)
    gateway("DisableAccount", identity_pb2.DisableAccountRequest(account_id=account_id))
    with pytest.raises(NotFound):
        link(gateway, bot, code, 5)
    assert gateway.identity_uow.repository.telegram == []


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_a_disabled_accounts_link_stops_working_but_the_bot_can_still_forget_the_user(gateway):
    account_id, player = gateway.account(identity_pb2.ROLE_PLAYER, "Saki")
    _, bot = gateway.account(identity_pb2.ROLE_BOT, "Bot")
    link(gateway, bot, code_for(gateway, player), 5)
    gateway("DisableAccount", identity_pb2.DisableAccountRequest(account_id=account_id))
    with pytest.raises(NotFound):
        gateway("GetTelegramLink", identity_pb2.GetTelegramLinkRequest(telegram_user_id=5), token=bot)
    with pytest.raises(PermissionDenied, match="not linked"):
        gateway("WhoAmI", identity_pb2.WhoAmIRequest(), token=bot, metadata=as_user(5))
    assert gateway("ListTelegramLinks", identity_pb2.ListTelegramLinksRequest(), token=bot).links == []
    gone = gateway("UnlinkTelegram", identity_pb2.UnlinkTelegramRequest(telegram_user_id=5), token=bot)
    assert gone.account_id == account_id and gateway.identity_uow.repository.telegram == []


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_a_delegated_action_reaches_the_downstream_as_the_players_and_is_audited_via_the_bot(gateway):
    league = gateway.downstream.league_service
    cid = league.competitions.create("Spring league", "discard-league-2026", 2, 4).id
    ids = [league.roster.register(cid, f"Player {i}").id for i in range(2)]
    token = gateway.player(cid, ids[0])
    _, bot = gateway.account(identity_pb2.ROLE_BOT, "Telegram bot")
    link(gateway, bot, code_for(gateway, token), 42)
    sent: list[Any] = []

    async def set_availability(request, timeout=None):
        sent.append(request)
        return scheduling_pb2.Availability(match_key=request.match_key, player_id=request.player_id)

    gateway.downstream.booking = type("B", (), {"SetAvailability": staticmethod(set_availability)})()
    request = scheduling_pb2.SetAvailabilityRequest(match_key=f"{cid}/1/1/1")
    assert gateway("SetAvailability", request, token=bot, metadata=as_user(42)).player_id == ids[0]
    assert sent[0].player_id == ids[0]  # the player's own, filled in as if they called
    [entry] = [e for e in gateway.identity_uow.repository.audit if e.rpc == "SetAvailability"]
    assert (entry.account_name, entry.via, entry.outcome) == (f"player {ids[0]}", "Telegram bot", "OK")
    other = scheduling_pb2.SetAvailabilityRequest(match_key=f"{cid}/1/1/1", player_id=ids[1])
    with pytest.raises(PermissionDenied, match="another player"):
        gateway("SetAvailability", other, token=bot, metadata=as_user(42))
    assert len(sent) == 1
    with pytest.raises(PermissionDenied, match="SetAvailability"):  # the bot itself may not set anyone's
        gateway("SetAvailability", request, token=bot)


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_linking_elsewhere_or_unlinking_takes_effect_at_once_on_this_replica(gateway):
    account_id, player = gateway.account(identity_pb2.ROLE_PLAYER, "Saki")
    _, bot = gateway.account(identity_pb2.ROLE_BOT, "Bot")
    link(gateway, bot, code_for(gateway, player), 7)
    assert gateway("WhoAmI", identity_pb2.WhoAmIRequest(), token=bot, metadata=as_user(7)).id == account_id
    link(gateway, bot, code_for(gateway, player), 8)  # the account moves to another Telegram user
    with pytest.raises(PermissionDenied, match="not linked"):
        gateway("WhoAmI", identity_pb2.WhoAmIRequest(), token=bot, metadata=as_user(7))
    gateway("UnlinkTelegram", identity_pb2.UnlinkTelegramRequest(), token=player)
    with pytest.raises(PermissionDenied, match="not linked"):
        gateway("WhoAmI", identity_pb2.WhoAmIRequest(), token=bot, metadata=as_user(8))
