"""Telegram links as pure rules (gateway/domain/telegram.py; docs/rules.md access.telegram.link-one-time-code,
access.bot.acts-for-linked-player): the code's randomness, hash, lifetime and bounds, the deep link, the
``x-rondo-telegram-user`` metadata parser (Hypothesis), the principal a bot acts as, and which RPCs the
matrix lets a bot make for a linked player."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gateway.domain.access import MATRIX, audited, check_delegation
from gateway.domain.identity import Account, Principal, Role
from gateway.domain.telegram import (
    LINK_CODE_TTL,
    MAX_CODE_LENGTH,
    MAX_TELEGRAM_ID,
    TELEGRAM_USER_HEADER,
    acting_for,
    check_link_request,
    code_hash,
    deep_link,
    link_code,
    new_link_code,
    telegram_user_of,
)
from rondo_runtime.config import Settings
from rondo_runtime.errors import InvalidArgument, PermissionDenied, Unauthenticated

pytestmark = pytest.mark.domain
NOW = datetime(2026, 12, 5, 12, 0, tzinfo=UTC)
BOT = Principal("bot-1", "Telegram bot", Role.BOT, token_id="t1")
#: the player's own actions and reads the bot may make for them (the brief of issue 18)
FOR_A_LINKED_PLAYER = {
    "WhoAmI",
    "GetMatchCard",
    "GetAvailability",
    "SetAvailability",
    "ProposeMeeting",
    "ConfirmMeeting",
    "ReportResult",
    "ConfirmResult",
    "DisputeResult",
    "GetSeating",
    "GetStandings",
    "ListResultRecords",
    "GetProjections",  # the player's own status at each cut, after a round (issue 21)
}


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_a_code_is_random_url_safe_at_least_128_bits_and_kept_as_a_hash_for_ten_minutes():
    codes = {new_link_code() for _ in range(200)}
    assert len(codes) == 200
    for code in codes:
        assert re.fullmatch(r"[A-Za-z0-9_-]{32,64}", code) and len(code) * 6 >= 128
    code = new_link_code()
    stored = link_code("acc-1", code, NOW)
    assert stored.code_hash == code_hash(code) != code and len(stored.code_hash) == 64 and code not in stored.code_hash
    assert stored.expires_at == NOW + LINK_CODE_TTL == NOW + timedelta(minutes=10)
    assert stored.usable(NOW) and stored.usable(NOW + timedelta(minutes=9, seconds=59))
    assert not stored.usable(NOW + LINK_CODE_TTL)


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_the_deep_link_needs_the_bots_validated_username():
    assert deep_link("rondo_bot", "abc") == "https://t.me/rondo_bot?start=abc"
    assert deep_link(None, "abc") == ""
    settings = Settings.from_env({"RONDO_TELEGRAM_BOT_USERNAME": "@Rondo_League_bot"})
    assert settings.telegram_bot_username == "Rondo_League_bot"
    assert Settings.from_env({}).telegram_bot_username is None
    for bad in ("rondo", "1rondo_bot", "rondo-bot", "a" * 40 + "bot", "rondo_bot?start=x"):
        with pytest.raises(ValueError, match="RONDO_TELEGRAM_BOT_USERNAME"):
            Settings.from_env({"RONDO_TELEGRAM_BOT_USERNAME": bad})


@pytest.mark.rule("access.telegram.link-one-time-code")
def test_a_link_request_is_bounded_and_each_bad_field_named():
    code = new_link_code()
    assert check_link_request(code, 1, 2, "RU") == (code, "ru")
    assert check_link_request(f"  {code} ", 1, 2, "") == (code, "")
    cases = [
        (("", 1, 2, "ru"), "code"),
        (("x" * (MAX_CODE_LENGTH + 1), 1, 2, "ru"), "code"),
        (("short", 1, 2, "ru"), "code"),
        (("bad code with spaces!", 1, 2, "ru"), "code"),
        ((code, 0, 2, "ru"), "telegram_user_id"),
        ((code, -1, 2, "ru"), "telegram_user_id"),
        ((code, True, 2, "ru"), "telegram_user_id"),
        ((code, 1, 0, "ru"), "chat_id"),
        ((code, 1, 2, "r"), "language"),
        ((code, 1, 2, "ru\n"), None),  # stripped: a trailing newline is not a defect
        ((code, 1, 2, "x" * 17), "language"),
        ((code, 1, 2, "ру"), "language"),
    ]
    for args, field in cases:
        if field is None:
            check_link_request(*args)
            continue
        with pytest.raises(InvalidArgument) as caught:
            check_link_request(*args)
        assert [v.field for v in caught.value.violations] == [field], args


@pytest.mark.rule("access.telegram.link-one-time-code")
@given(
    st.one_of(st.text(max_size=80), st.from_regex(r"[A-Za-z0-9_-]{10,70}", fullmatch=True)),
    st.integers(min_value=-(2**63), max_value=2**63),
    st.text(max_size=20),
)
def test_a_link_request_is_accepted_exactly_when_each_field_is_well_formed(code, user, language):
    try:
        clean, tag = check_link_request(code, user, 1, language)
    except InvalidArgument as error:
        fields = {v.field for v in error.violations}
        assert fields and fields <= {"code", "telegram_user_id", "language"}
        assert ("telegram_user_id" in fields) == (not 0 < user <= MAX_TELEGRAM_ID)
        return
    assert re.fullmatch(r"[A-Za-z0-9_-]{16,64}", clean) and clean == code.strip()
    assert 0 < user <= MAX_TELEGRAM_ID and len(tag) <= 16 and tag == language.strip().lower()


@pytest.mark.rule("access.bot.acts-for-linked-player")
@given(st.integers(min_value=1, max_value=MAX_TELEGRAM_ID))
def test_the_metadata_parser_reads_every_positive_int64(user):
    assert telegram_user_of([("authorization", "Bearer x"), (TELEGRAM_USER_HEADER, str(user))]) == user
    assert telegram_user_of([(TELEGRAM_USER_HEADER.upper(), f" {user} ".encode())]) == user


@pytest.mark.rule("access.bot.acts-for-linked-player")
@given(st.one_of(st.text(max_size=40), st.binary(max_size=40)))
def test_the_metadata_parser_answers_an_id_or_refuses_naming_the_metadata_never_anything_else(value):
    try:
        got = telegram_user_of([(TELEGRAM_USER_HEADER, value)])
    except InvalidArgument as error:
        assert [v.field for v in error.violations] == [TELEGRAM_USER_HEADER]
        return
    text = value.decode("latin-1") if isinstance(value, bytes) else value
    assert got is not None and 0 < got <= MAX_TELEGRAM_ID and str(got) == text.strip().lstrip("0")


def test_the_metadata_parser_without_the_entry_answers_none():
    assert telegram_user_of(None) is None
    assert telegram_user_of([("authorization", "Bearer x")]) is None
    for bad in ("0", "-5", "1e3", "١٢", str(MAX_TELEGRAM_ID + 1), "1" * 21):
        with pytest.raises(InvalidArgument):
            telegram_user_of([(TELEGRAM_USER_HEADER, bad)])


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_the_bot_acts_as_the_linked_player_with_their_players_marked_via_the_bot():
    from gateway.domain.identity import PlayerLink

    saki = Account("acc-1", "Saki", Role.PLAYER, NOW, "org", links=(PlayerLink("c1", "p1"),))
    principal = acting_for(BOT, saki)
    assert (principal.account_id, principal.name, principal.role, principal.via) == ("acc-1", "Saki", Role.PLAYER, "Telegram bot")
    assert principal.player_ids == {"p1"} and principal.token_id == "t1"
    for account in (None, Account("acc-2", "Off", Role.PLAYER, NOW, "org", disabled=True)):
        with pytest.raises(PermissionDenied, match="not linked"):
            acting_for(BOT, account)
    with pytest.raises(PermissionDenied, match="only a bot"):
        acting_for(Principal("acc-1", "Saki", Role.PLAYER), saki)


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_only_the_players_own_actions_and_reads_are_for_a_bot_acting_for_them():
    marked = {rpc for rpc, entry in MATRIX.items() if entry.for_player_via_bot}
    assert marked == FOR_A_LINKED_PLAYER
    for rpc in marked:  # every one a player may call
        assert Role.PLAYER in MATRIX[rpc].roles, rpc
    for rpc in ("ChangePassword", "Logout", "CreateTelegramLinkCode", "CreateCompetition", "ListTelegramLinks"):
        with pytest.raises(PermissionDenied, match=rpc):
            check_delegation(rpc, MATRIX[rpc], BOT)
    check_delegation("ReportResult", MATRIX["ReportResult"], BOT)
    with pytest.raises(PermissionDenied, match="only a bot"):
        check_delegation("WhoAmI", MATRIX["WhoAmI"], Principal("o", "Org", Role.ORGANIZER))
    with pytest.raises(Unauthenticated):
        check_delegation("WhoAmI", MATRIX["WhoAmI"], None)


@pytest.mark.rule("access.bot.acts-for-linked-player")
def test_a_delegated_action_is_audited_a_players_own_is_not():
    player = Principal("acc-1", "Saki", Role.PLAYER)
    via = Principal("acc-1", "Saki", Role.PLAYER, via="Telegram bot")
    assert audited(MATRIX["ReportResult"], via) and not audited(MATRIX["ReportResult"], player)
    assert not audited(MATRIX["GetStandings"], via)  # a read is never audited
