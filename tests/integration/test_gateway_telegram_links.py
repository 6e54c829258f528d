"""Telegram links over real gRPC on SQLite and PostgreSQL (docs/rules.md access.telegram.link-one-time-code,
access.bot.acts-for-linked-player): a player's one-time code (stored only as a hash, a new one replaces
the unused one), the bot linking it (one Telegram user per account and one account per Telegram user),
used and wrong codes NOT_FOUND changing nothing, two concurrent links with one code of which exactly one
wins, unlinking, listing by pages; and the bot acting for the linked player — only on the RPCs the matrix
allows, as the player (their own checks), audited as the player's ``via`` the bot, never for an unlinked
Telegram user, a disabled account or a caller that is not a bot."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

import grpc
import pytest
from sqlalchemy import text

from rondo.gateway.v1 import competitions_pb2, gateway_pb2_grpc, identity_pb2, results_pb2, scheduling_pb2
from rondo_app.registry import NAMES
from rondo_runtime.bearer import with_bearer
from rondo_runtime.db import make_engine
from tests.accounts import Accounts
from tests.databases import create_test_database, drop_database
from tests.faults.conftest import InProcessServer

pytestmark = pytest.mark.integration
TIMEOUT = 30
BOT_USERNAME = "rondo_test_bot"
HEADER = "x-rondo-telegram-user"
RACES = 5  # concurrent LinkTelegram pairs with one code, each must have exactly one winner


@dataclass
class World:
    server: InProcessServer
    accounts: Accounts
    database_url: str
    competition_id: str
    player_ids: list[str]
    bot: gateway_pb2_grpc.GatewayServiceStub
    bot_token: str
    made: int = 0

    def player(self, index: int) -> tuple[str, gateway_pb2_grpc.GatewayServiceStub]:
        """(account id, stub) of the player account linked to league player ``index``."""
        stub = self.accounts.player(self.competition_id, self.player_ids[index])
        return self.accounts.account(identity_pb2.ROLE_PLAYER, f"player {self.player_ids[index]}")[0], stub

    def new_player(self) -> tuple[str, gateway_pb2_grpc.GatewayServiceStub]:
        """A fresh player account, linked to no league player."""
        self.made += 1
        account_id, token = self.accounts.account(identity_pb2.ROLE_PLAYER, f"telegram player {self.made}")
        return account_id, self.accounts.stub(token)

    def link(self, player: gateway_pb2_grpc.GatewayServiceStub, telegram_user_id: int, chat_id: int = 0):
        code = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code
        request = identity_pb2.LinkTelegramRequest(
            code=code, telegram_user_id=telegram_user_id, chat_id=chat_id or telegram_user_id, language="ru"
        )
        return self.bot.LinkTelegram(request, timeout=TIMEOUT)

    def as_user(self, telegram_user_id: int, token: str | None = None) -> gateway_pb2_grpc.GatewayServiceStub:
        """The bot's stub (or ``token``'s) sending ``x-rondo-telegram-user``."""
        channel = with_bearer(self.server.raw_channel, token or self.bot_token)
        return gateway_pb2_grpc.GatewayServiceStub(grpc.intercept_channel(channel, _Header(str(telegram_user_id))))


class _Header(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    def __init__(self, value: str):
        self.value = value

    def _with(self, details):
        metadata = [*(details.metadata or ()), (HEADER, self.value)]
        return details._replace(metadata=metadata)

    def intercept_unary_unary(self, continuation, client_call_details, request):
        return continuation(self._with(client_call_details), request)

    def intercept_unary_stream(self, continuation, client_call_details, request):
        return continuation(self._with(client_call_details), request)


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def world(request, tmp_path_factory) -> Iterator[World]:
    data_dir = tmp_path_factory.mktemp("telegram")
    if request.param == "sqlite":
        url = f"sqlite:///{data_dir / 'gateway.db'}"
    else:
        url = create_test_database(request.getfixturevalue("pg_server_url"))
    server = InProcessServer(list(NAMES), data_dir, database_urls={"gateway": url}, telegram_bot_username=BOT_USERNAME)
    try:
        assert server.accounts is not None
        accounts = server.accounts
        competition = accounts.organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name="Telegram league", ruleset="discard-league-2026")
            ),
            timeout=TIMEOUT,
        )
        player_ids = [
            accounts.organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"T{i}"), timeout=TIMEOUT
            ).id
            for i in range(4)
        ]
        bot_token = accounts.account(identity_pb2.ROLE_BOT, "Telegram bot")[1]
        yield World(server, accounts, url, competition.id, player_ids, accounts.stub(bot_token), bot_token)
    finally:
        server.close()
        if request.param != "sqlite":
            drop_database(url)


def refused(call, request, code: grpc.StatusCode) -> str:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=TIMEOUT)
    assert caught.value.code() == code, caught.value.details()
    details = caught.value.details() or ""
    assert len(details.encode()) <= 512
    return details


def _rows(world: World, table: str) -> str:
    engine = make_engine(world.database_url)
    try:
        with engine.connect() as connection:
            return " ".join(str(v) for row in connection.execute(text(f"SELECT * FROM {table}")).all() for v in row)
    finally:
        engine.dispose()


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_a_player_links_telegram_with_a_one_time_code_kept_only_as_a_hash(world):
    account_id, saki = world.player(0)
    issued = saki.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT)
    assert 32 <= len(issued.code) <= 64 and issued.deep_link == f"https://t.me/{BOT_USERNAME}?start={issued.code}"
    assert issued.expires_at.ToSeconds() > 0
    assert issued.code not in _rows(world, "telegram_link_codes")  # only its hash is stored

    request = identity_pb2.LinkTelegramRequest(code=issued.code, telegram_user_id=1001, chat_id=2001, language="ru")
    link = world.bot.LinkTelegram(request, timeout=TIMEOUT)
    assert (link.account_id, link.telegram_user_id, link.chat_id, link.language) == (account_id, 1001, 2001, "ru")
    assert [p.player_id for p in link.players] == [world.player_ids[0]] and link.account_name
    # one use: the same code again (even for another Telegram user) is NOT_FOUND and changes nothing
    again = identity_pb2.LinkTelegramRequest(code=issued.code, telegram_user_id=1002, chat_id=2002)
    assert "used or expired" in refused(world.bot.LinkTelegram, again, grpc.StatusCode.NOT_FOUND)
    wrong = identity_pb2.LinkTelegramRequest(code="x" * 32, telegram_user_id=1002, chat_id=2002)
    refused(world.bot.LinkTelegram, wrong, grpc.StatusCode.NOT_FOUND)
    refused(world.bot.GetTelegramLink, identity_pb2.GetTelegramLinkRequest(telegram_user_id=1002), grpc.StatusCode.NOT_FOUND)

    own = saki.GetTelegramLink(identity_pb2.GetTelegramLinkRequest(telegram_user_id=999), timeout=TIMEOUT)
    assert (own.account_id, own.telegram_user_id) == (account_id, 1001)  # a player's own, whatever id they name
    by_bot = world.bot.GetTelegramLink(identity_pb2.GetTelegramLinkRequest(telegram_user_id=1001), timeout=TIMEOUT)
    assert by_bot == own


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_a_new_code_replaces_the_unused_one_and_bad_requests_are_refused_naming_the_field(world):
    _, player = world.new_player()
    first = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code
    second = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code
    assert first != second
    stale = identity_pb2.LinkTelegramRequest(code=first, telegram_user_id=1101, chat_id=1101)
    refused(world.bot.LinkTelegram, stale, grpc.StatusCode.NOT_FOUND)
    for bad, field in (
        (identity_pb2.LinkTelegramRequest(code="y" * 65, telegram_user_id=1101, chat_id=1101), "code"),
        (identity_pb2.LinkTelegramRequest(code=second, telegram_user_id=-5, chat_id=1101), "telegram_user_id"),
        (identity_pb2.LinkTelegramRequest(code=second, telegram_user_id=1101, chat_id=0), "chat_id"),
        (identity_pb2.LinkTelegramRequest(code=second, telegram_user_id=1101, chat_id=1101, language="r" * 40), "language"),
    ):
        assert field in refused(world.bot.LinkTelegram, bad, grpc.StatusCode.INVALID_ARGUMENT)
    good = identity_pb2.LinkTelegramRequest(code=second, telegram_user_id=1101, chat_id=1101)
    assert world.bot.LinkTelegram(good, timeout=TIMEOUT).telegram_user_id == 1101  # the refusals used nothing
    # only a player asks for a code, only the bot links
    refused(world.bot.CreateTelegramLinkCode, identity_pb2.CreateTelegramLinkCodeRequest(), grpc.StatusCode.PERMISSION_DENIED)
    refused(player.LinkTelegram, good, grpc.StatusCode.PERMISSION_DENIED)
    refused(player.ListTelegramLinks, identity_pb2.ListTelegramLinksRequest(), grpc.StatusCode.PERMISSION_DENIED)


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_one_telegram_user_per_account_and_one_account_per_telegram_user(world):
    anna_id, anna = world.new_player()
    boris_id, boris = world.new_player()
    world.link(anna, 1201)
    world.link(anna, 1202)  # the account's new Telegram user replaces the old one
    refused(world.bot.GetTelegramLink, identity_pb2.GetTelegramLinkRequest(telegram_user_id=1201), grpc.StatusCode.NOT_FOUND)
    world.link(boris, 1202)  # the Telegram user's new account replaces the old one
    got = world.bot.GetTelegramLink(identity_pb2.GetTelegramLinkRequest(telegram_user_id=1202), timeout=TIMEOUT)
    assert got.account_id == boris_id
    refused(anna.GetTelegramLink, identity_pb2.GetTelegramLinkRequest(), grpc.StatusCode.NOT_FOUND)
    assert world.as_user(1202).WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).id == boris_id
    assert anna_id != boris_id


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_unlinking_by_the_player_or_by_the_bot_ends_the_link(world):
    account_id, player = world.new_player()
    world.link(player, 1301)
    gone = player.UnlinkTelegram(identity_pb2.UnlinkTelegramRequest(telegram_user_id=77), timeout=TIMEOUT)
    assert gone.account_id == account_id
    refused(player.UnlinkTelegram, identity_pb2.UnlinkTelegramRequest(), grpc.StatusCode.NOT_FOUND)
    details = refused(world.as_user(1301).WhoAmI, identity_pb2.WhoAmIRequest(), grpc.StatusCode.PERMISSION_DENIED)
    assert "not linked" in details
    world.link(player, 1302)
    by_bot = world.bot.UnlinkTelegram(identity_pb2.UnlinkTelegramRequest(telegram_user_id=1302), timeout=TIMEOUT)
    assert by_bot.account_id == account_id
    refused(world.bot.UnlinkTelegram, identity_pb2.UnlinkTelegramRequest(telegram_user_id=1302), grpc.StatusCode.NOT_FOUND)
    refused(world.bot.UnlinkTelegram, identity_pb2.UnlinkTelegramRequest(), grpc.StatusCode.INVALID_ARGUMENT)


def race(world: World, links: list[tuple[str, int]]) -> list[grpc.StatusCode]:
    """LinkTelegram for each (code, Telegram user) of ``links`` at once, each from its own client (a
    channel and a thread), released together by a barrier; each one's status code, in order."""
    start = threading.Barrier(len(links))
    outcomes: list[grpc.StatusCode] = [grpc.StatusCode.UNKNOWN] * len(links)
    channels = [with_bearer(grpc.insecure_channel(world.server.address), world.bot_token) for _ in links]

    def link(index: int, channel: grpc.Channel) -> None:
        stub = gateway_pb2_grpc.GatewayServiceStub(channel)
        code, user = links[index]
        request = identity_pb2.LinkTelegramRequest(code=code, telegram_user_id=user, chat_id=user, language="en")
        start.wait(TIMEOUT)
        try:
            stub.LinkTelegram(request, timeout=TIMEOUT)
            outcomes[index] = grpc.StatusCode.OK
        except grpc.RpcError as error:
            outcomes[index] = error.code()

    threads = [threading.Thread(target=link, args=pair) for pair in enumerate(channels)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(TIMEOUT)
    for channel in channels:
        channel.close()
    return outcomes


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_two_concurrent_links_with_one_code_exactly_one_wins(world):
    _, player = world.new_player()
    for attempt in range(RACES):
        code = player.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code
        users = (1400 + 2 * attempt, 1401 + 2 * attempt)
        outcomes = race(world, [(code, user) for user in users])
        assert sorted(c.name for c in outcomes) == ["NOT_FOUND", "OK"], outcomes
        winner, loser = users if outcomes[0] == grpc.StatusCode.OK else users[::-1]
        own = player.GetTelegramLink(identity_pb2.GetTelegramLinkRequest(), timeout=TIMEOUT)
        assert own.telegram_user_id == winner
        refused(world.bot.GetTelegramLink, identity_pb2.GetTelegramLinkRequest(telegram_user_id=loser), grpc.StatusCode.NOT_FOUND)


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_two_accounts_linking_one_telegram_user_at_once_leave_one_link(world):
    for attempt in range(RACES):
        players = [world.new_player() for _ in range(2)]
        codes = [p.CreateTelegramLinkCode(identity_pb2.CreateTelegramLinkCodeRequest(), timeout=TIMEOUT).code for _, p in players]
        user = 1450 + attempt
        assert race(world, [(code, user) for code in codes]) == [grpc.StatusCode.OK, grpc.StatusCode.OK]
        holder = world.bot.GetTelegramLink(identity_pb2.GetTelegramLinkRequest(telegram_user_id=user), timeout=TIMEOUT)
        assert holder.account_id in {account_id for account_id, _ in players}
        for account_id, stub in players:  # the other account was replaced: it has no link any more
            if account_id != holder.account_id:
                refused(stub.GetTelegramLink, identity_pb2.GetTelegramLinkRequest(), grpc.StatusCode.NOT_FOUND)


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_the_bot_lists_every_link_by_pages_oldest_first(world):
    made = []
    for user in (1501, 1502, 1503):
        _, player = world.new_player()
        made.append(world.link(player, user).telegram_user_id)
    seen: list[int] = []
    token = ""
    while True:
        page = world.bot.ListTelegramLinks(identity_pb2.ListTelegramLinksRequest(page_size=2, page_token=token), timeout=TIMEOUT)
        assert len(page.links) <= 2
        seen += [link.telegram_user_id for link in page.links]
        token = page.next_page_token
        if not token:
            break
    assert seen[-3:] == made and len(seen) == len(set(seen))
    too_many = identity_pb2.ListTelegramLinksRequest(page_size=501)
    assert "page_size" in refused(world.bot.ListTelegramLinks, too_many, grpc.StatusCode.INVALID_ARGUMENT)
    bad_token = identity_pb2.ListTelegramLinksRequest(page_token="not-a-token")
    refused(world.bot.ListTelegramLinks, bad_token, grpc.StatusCode.INVALID_ARGUMENT)


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_the_bot_acts_for_a_linked_player_as_that_player_on_the_allowed_rpcs_only(world):
    account_id, saki = world.player(1)
    world.link(saki, 1601)
    as_saki = world.as_user(1601)
    me = as_saki.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT)
    assert (me.id, me.role) == (account_id, identity_pb2.ROLE_PLAYER)
    assert [p.player_id for p in me.players] == [world.player_ids[1]]
    as_saki.GetStandings(results_pb2.GetStandingsRequest(competition_id=world.competition_id), timeout=TIMEOUT)
    # the player's own checks apply exactly as if the player called
    other = scheduling_pb2.GetAvailabilityRequest(match_key=f"{world.competition_id}/1/1/1", player_id=world.player_ids[2])
    assert "another player" in refused(as_saki.GetAvailability, other, grpc.StatusCode.PERMISSION_DENIED)
    # everything else with the metadata is refused naming the RPC, even what the bot or the player may call
    for name, request in (
        ("CreateCompetition", competitions_pb2.CreateCompetitionRequest()),
        ("ListTelegramLinks", identity_pb2.ListTelegramLinksRequest()),
        ("CreateTelegramLinkCode", identity_pb2.CreateTelegramLinkCodeRequest()),
        ("ChangePassword", identity_pb2.ChangePasswordRequest(old_password="x", new_password="y" * 12)),
        ("Logout", identity_pb2.LogoutRequest()),
    ):
        details = refused(getattr(as_saki, name), request, grpc.StatusCode.PERMISSION_DENIED)
        assert "for a linked player" in details and name in details
    # an unknown Telegram user, and a caller that is not a bot
    assert "not linked" in refused(world.as_user(1699).WhoAmI, identity_pb2.WhoAmIRequest(), grpc.StatusCode.PERMISSION_DENIED)
    player_token = world.accounts.account(identity_pb2.ROLE_PLAYER, f"player {world.player_ids[1]}")[1]
    organizer_token = world.accounts.organizer_token
    for token in (player_token, organizer_token):
        details = refused(world.as_user(1601, token).WhoAmI, identity_pb2.WhoAmIRequest(), grpc.StatusCode.PERMISSION_DENIED)
        assert "only a bot" in details
    malformed = gateway_pb2_grpc.GatewayServiceStub(
        grpc.intercept_channel(with_bearer(world.server.raw_channel, world.bot_token), _Header("12abc"))
    )
    assert HEADER in refused(malformed.WhoAmI, identity_pb2.WhoAmIRequest(), grpc.StatusCode.INVALID_ARGUMENT)


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_a_delegated_action_is_audited_as_the_players_via_the_bot(world):
    account_id, kenji = world.player(2)
    world.link(kenji, 1701)
    request = results_pb2.ConfirmResultRequest(competition_id=world.competition_id, record_id="no-such-record")
    with pytest.raises(grpc.RpcError):  # the action runs as the player's and fails downstream: audited all the same
        world.as_user(1701).ConfirmResult(request, timeout=TIMEOUT)
    log = world.accounts.organizer.ListAuditLog(identity_pb2.ListAuditLogRequest(account_id=account_id), timeout=TIMEOUT)
    [entry] = [e for e in log.entries if e.rpc == "ConfirmResult"]
    assert (entry.account_id, entry.role, entry.via) == (account_id, identity_pb2.ROLE_PLAYER, "Telegram bot")
    assert entry.outcome not in ("OK", "STARTED") and world.player_ids[2] in entry.summary  # the own player filled in
    # the player's own calls stay out of the audit log, as before
    own = results_pb2.ConfirmResultRequest(competition_id=world.competition_id, record_id="no-such-record")
    with pytest.raises(grpc.RpcError):
        kenji.ConfirmResult(own, timeout=TIMEOUT)
    again = world.accounts.organizer.ListAuditLog(identity_pb2.ListAuditLogRequest(account_id=account_id), timeout=TIMEOUT)
    assert len([e for e in again.entries if e.rpc == "ConfirmResult"]) == 1


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_a_disabled_accounts_link_stops_working(world):
    account_id, player = world.new_player()
    world.link(player, 1801)
    assert world.as_user(1801).WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).id == account_id
    world.accounts.organizer.DisableAccount(identity_pb2.DisableAccountRequest(account_id=account_id), timeout=TIMEOUT)
    assert "not linked" in refused(world.as_user(1801).WhoAmI, identity_pb2.WhoAmIRequest(), grpc.StatusCode.PERMISSION_DENIED)
    refused(world.bot.GetTelegramLink, identity_pb2.GetTelegramLinkRequest(telegram_user_id=1801), grpc.StatusCode.NOT_FOUND)
    listed = world.bot.ListTelegramLinks(identity_pb2.ListTelegramLinksRequest(page_size=500), timeout=TIMEOUT)
    assert 1801 not in [link.telegram_user_id for link in listed.links]
