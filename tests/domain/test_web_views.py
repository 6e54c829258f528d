"""The web app's pure parts: locale negotiation, the login redirect target, the CSRF form field, match
keys from URLs, the current round's search, the card summary (names, what I may do, no intervals), and
the settings' validation."""

from __future__ import annotations

import asyncio
import base64
import json
from datetime import UTC, datetime, timedelta

import pytest
from google.protobuf.timestamp_pb2 import Timestamp
from hypothesis import given
from hypothesis import strategies as st
from itsdangerous import TimestampSigner

from rondo.gateway.v1 import common_pb2, scheduling_pb2, stages_pb2
from web.config import ConfigError, WebSettings
from web.i18n import negotiate
from web.security import form_field, safe_next
from web.session import MAX_LINKS, flash
from web.views.card import card_view, proposal_starts
from web.views.matches import last_opened_round, match_key, my_stage_tables
from web.views.report import NOT_A_NUMBER, OUT_OF_RANGE, ReportedHanchan, read_hanchan

pytestmark = pytest.mark.domain

SECRET = "s" * 32


@pytest.mark.parametrize(
    ("header", "locale"),
    [
        ("ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7", "ru"),
        ("en-GB,en;q=0.9,ru;q=0.8", "en"),
        ("de-DE,de;q=0.9,ru;q=0.5", "ru"),
        ("de", "en"),
        ("", "en"),
        (None, "en"),
        ("ru;q=0, en;q=0.1", "en"),
        ("ru;q=abc", "en"),
        ("en;q=0.5, ru;q=0.6", "ru"),
        ("RU", "ru"),
    ],
)
def test_the_locale_follows_the_browsers_preferences(header: str | None, locale: str) -> None:
    assert negotiate(header) == locale


@given(st.text(max_size=600))
def test_any_accept_language_header_gives_a_supported_locale(header: str) -> None:
    assert negotiate(header) in ("en", "ru")


@pytest.mark.parametrize(
    ("target", "safe"),
    [
        ("/match/a/1/1/1", "/match/a/1/1/1"),
        ("//evil.example", "/"),
        ("https://evil.example", "/"),
        ("/\\evil", "/"),
        ("", "/"),
        (None, "/"),
    ],
)
def test_after_login_only_a_local_path_is_followed(target: str | None, safe: str) -> None:
    assert safe_next(target) == safe


@given(st.text(max_size=200))
def test_a_login_target_is_always_local(target: str) -> None:
    result = safe_next(target)
    assert result.startswith("/") and not result.startswith("//") and "\\" not in result


def test_the_csrf_field_is_found_in_any_form_body() -> None:
    assert form_field(b"a=1&csrf_token=abc%2Bd&b=2", "csrf_token") == "abc+d"
    assert form_field(b"csrf_token", "csrf_token") == ""
    assert form_field(b"a=1", "csrf_token") is None
    many = b"&".join(b"slot=%d" % i for i in range(5000)) + b"&csrf_token=t"
    assert form_field(many, "csrf_token") == "t"


def test_match_keys_come_only_from_well_formed_url_parts() -> None:
    assert str(match_key("c1", 1, 2, 3)) == "c1/1/2/3"
    assert match_key("c1", 1, 2, 3).path == "/match/c1/1/2/3"  # type: ignore[union-attr]
    assert match_key("a/b", 1, 1, 1) is None and match_key("", 1, 1, 1) is None and match_key("c", 0, 1, 1) is None
    assert match_key("x" * 101, 1, 1, 1) is None and match_key("c", 1, 1, 0) is None


@pytest.mark.parametrize("opened", [0, 1, 2, 5, 7])
def test_the_current_round_is_found_with_few_look_ups(opened: int) -> None:
    asked: list[int] = []

    async def is_open(round_: int) -> bool:
        asked.append(round_)
        return round_ <= opened

    assert asyncio.run(last_opened_round(7, is_open)) == opened
    assert len(asked) <= 3


def ts(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def test_the_card_summary_names_players_and_says_what_i_may_do() -> None:
    start = datetime(2026, 3, 2, 17, tzinfo=UTC)
    card = scheduling_pb2.MatchCard(
        match_key="c/1/1/1",
        state=scheduling_pb2.CARD_STATE_AGREEING,
        answered_player_ids=["p1", "p2", "p3", "p4"],
        options=[
            scheduling_pb2.CommonOption(
                slot=common_pb2.TimeInterval(start=ts(start), end=ts(start + timedelta(hours=3))), room_ids=["r1", "r2"]
            )
        ],
        meetings=[
            scheduling_pb2.Meeting(
                id="m1",
                slot=common_pb2.TimeInterval(start=ts(start), end=ts(start + timedelta(minutes=90))),
                status=scheduling_pb2.MEETING_STATUS_PROPOSED,
                confirmed_by=["p1", "p2"],
            )
        ],
        min_minutes=90,
    )
    names = {"p1": "Anna", "p2": "Boris", "p3": "Vera", "p4": "Gleb"}
    view = card_view(card, "p3", names)
    assert view.state == "agreeing" and view.answered == ("Anna", "Boris", "Vera", "Gleb") and view.i_answered
    (meeting,) = view.meetings
    assert meeting.confirmed == ("Anna", "Boris") and meeting.waiting == ("Vera", "Gleb") and meeting.can_confirm
    assert not card_view(card, "p1", names).meetings[0].can_confirm
    (option,) = view.options
    assert option.rooms == 2 and option.starts[0] == start and option.starts[-1] == start + timedelta(minutes=90)
    assert len(option.starts) == 4


def test_proposal_starts_fit_the_meeting_and_are_bounded() -> None:
    start = datetime(2026, 3, 2, tzinfo=UTC)
    assert proposal_starts(start, start + timedelta(minutes=89), 90) == ()
    assert len(proposal_starts(start, start + timedelta(days=7), 90)) == 48


def env(**values: str) -> dict[str, str]:
    return {"RONDO_WEB_SECRET": SECRET, **values}


def test_settings_have_working_defaults_and_read_every_variable() -> None:
    default = WebSettings.from_env(env())
    assert (default.host, default.port, default.gateway_addr, default.secure_cookie, default.metrics_port) == (
        "127.0.0.1",
        8000,
        "127.0.0.1:50051",
        True,
        9465,
    )
    custom = WebSettings.from_env(
        env(
            RONDO_WEB_HOST="0.0.0.0",
            RONDO_WEB_PORT="9000",
            RONDO_GATEWAY_ADDR="gateway:50051",
            RONDO_WEB_SECURE_COOKIE="0",
            RONDO_WEB_METRICS_PORT="-1",
            RONDO_WEB_TELEGRAM_BOT="@rondo_club_bot",
            RONDO_WEB_CLUB_ID="club-1",
            RONDO_WEB_GATEWAY_TIMEOUT_SECONDS="2.5",
            RONDO_WEB_CLUB_FEED_URL="https://rondo.example/calendar/abc.ics",
            RONDO_WEB_CALENDAR_URL="https://calendar.rondo.example/",
        )
    )
    assert (custom.host, custom.port, custom.gateway_addr, custom.secure_cookie, custom.metrics_port) == (
        "0.0.0.0",
        9000,
        "gateway:50051",
        False,
        None,
    )
    assert WebSettings.from_env(env(RONDO_WEB_METRICS_PORT="0")).metrics_port == 0  # any free port
    assert (custom.telegram_bot, custom.club_id, custom.gateway_timeout_seconds) == ("rondo_club_bot", "club-1", 2.5)
    assert custom.club_feed_url == "https://rondo.example/calendar/abc.ics"
    assert custom.calendar_url == "https://calendar.rondo.example"  # a player's link: + "/calendar/me/<token>.ics"
    assert SECRET not in repr(custom)  # never logged
    dev = WebSettings.from_env({"RONDO_WEB_DEV": "1"})
    assert len(dev.secret) >= 32 and dev.secret != WebSettings.from_env({"RONDO_WEB_DEV": "1"}).secret


@pytest.mark.parametrize(
    ("values", "named"),
    [
        ({"RONDO_WEB_SECRET": ""}, "RONDO_WEB_SECRET"),
        ({"RONDO_WEB_SECRET": "short"}, "RONDO_WEB_SECRET"),
        ({"RONDO_WEB_PORT": "http"}, "RONDO_WEB_PORT"),
        ({"RONDO_WEB_PORT": "70000"}, "RONDO_WEB_PORT"),
        ({"RONDO_GATEWAY_ADDR": "no port"}, "RONDO_GATEWAY_ADDR"),
        ({"RONDO_WEB_SECURE_COOKIE": "maybe"}, "RONDO_WEB_SECURE_COOKIE"),
        ({"RONDO_WEB_LOG_LEVEL": "LOUD"}, "RONDO_WEB_LOG_LEVEL"),
        ({"RONDO_WEB_TELEGRAM_BOT": "no spaces allowed"}, "RONDO_WEB_TELEGRAM_BOT"),
        ({"RONDO_WEB_CLUB_ID": "../x y"}, "RONDO_WEB_CLUB_ID"),
        ({"RONDO_WEB_GATEWAY_TIMEOUT_SECONDS": "0"}, "RONDO_WEB_GATEWAY_TIMEOUT_SECONDS"),
        ({"RONDO_WEB_CLUB_FEED_URL": "javascript:alert(1)//x.ics"}, "RONDO_WEB_CLUB_FEED_URL"),
        ({"RONDO_WEB_CALENDAR_URL": "javascript:alert(1)"}, "RONDO_WEB_CALENDAR_URL"),
        ({"RONDO_WEB_CALENDAR_URL": 'https://x.example/"><script>'}, "RONDO_WEB_CALENDAR_URL"),
    ],
)
def test_a_bad_variable_is_refused_naming_it(values: dict[str, str], named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        WebSettings.from_env({"RONDO_WEB_SECRET": SECRET, **values})


def test_my_tables_in_later_stages_are_numbered_as_booking_and_league_number_them() -> None:
    regular = stages_pb2.Stage(number=1, rounds=[common_pb2.Round(tables=[common_pb2.Table(player_ids=["me", "b"])])])
    cup = stages_pb2.Stage(
        number=2,
        rounds=[
            common_pb2.Round(tables=[common_pb2.Table(player_ids=["a", "b"]), common_pb2.Table(player_ids=["c", "me"])]),
            common_pb2.Round(tables=[common_pb2.Table(player_ids=["me"])]),  # a pass
        ],
    )
    found = my_stage_tables("cup1", ["me"], [regular, cup], {"me": "Me", "c": "Cee"})
    assert [str(t.key) for t in found] == ["cup1/2/1/2", "cup1/2/2/1"]
    assert found[0].names == ("Cee", "Me") and found[0].player_id == "me"
    assert [str(t.key) for t in my_stage_tables("cup1", ["me"], [regular, cup], {}, from_stage=1)][0] == "cup1/1/1/1"


def test_the_session_cookie_stays_under_4_kib_whatever_is_flashed() -> None:
    class Request:  # what flash() uses of a Starlette request: its session
        session: dict = {
            "user": {"token": "t" * 400, "id": "a" * 36, "name": "Я" * 100, "role": "ROLE_PLAYER"},
            "csrf": "x" * 43,
            "players": [["c" * 36, "p" * 36]] * MAX_LINKS,
        }

    request = Request()
    for _ in range(10):
        flash(request, "Ошибка: " + "очень длинное сообщение " * 40, "error")  # type: ignore[arg-type]
    cookie = TimestampSigner("k" * 32).sign(base64.b64encode(json.dumps(request.session).encode()))
    assert len(cookie) + len("rondo_session=") < 4096
    assert request.session["flash"][-1]["text"].startswith("Ошибка")


def form(values: dict[str, str]):
    return lambda name: values.get(name, "")


def test_a_reported_hanchan_is_read_from_the_form_or_its_problem_named() -> None:
    players = ["a", "b", "c", "d"]
    values = {
        "number": "1",
        "score-a": "45 000",
        "score-b": "35000",
        "score-c": "+25000",
        "score-d": "15\u00a0000",
        "chombo-b": "1",
    }
    read = read_hanchan(form(values), players)
    assert isinstance(read, ReportedHanchan)
    assert read.scores == {"a": 45000, "b": 35000, "c": 25000, "d": 15000} and read.chombo == {"b": 1} and read.number == 1
    assert read_hanchan(form({**values, "score-c": "25k"}), players) == NOT_A_NUMBER
    assert read_hanchan(form({**values, "score-c": "١٢"}), players) == NOT_A_NUMBER  # ASCII digits only
    assert read_hanchan(form({**values, "chombo-a": "11"}), players) == OUT_OF_RANGE
    assert read_hanchan(form({**values, "number": "0"}), players) == OUT_OF_RANGE


@given(st.dictionaries(st.sampled_from(["number", "score-a", "score-b", "chombo-a", "chombo-b"]), st.text(max_size=30)))
def test_any_report_form_is_read_or_refused_never_raises_and_stays_in_range(values: dict[str, str]) -> None:
    read = read_hanchan(form(values), ["a", "b"])
    if isinstance(read, str):
        assert read in (NOT_A_NUMBER, OUT_OF_RANGE)
    else:
        assert 1 <= read.number <= 9 and all(abs(v) <= 1_000_000 for v in read.scores.values())
        assert all(1 <= v <= 10 for v in read.chombo.values())


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_text_with_a_russian_twin_is_shown_in_the_readers_language(locale):
    from rondo.gateway.v1 import results_pb2
    from web import i18n

    row = results_pb2.StandingRow(separated_from_next="more points", separated_from_next_ru="больше очков")
    untranslated = results_pb2.StandingRow(separated_from_next="more points")
    token = i18n.current_locale.set(locale)
    try:
        assert i18n.twin(row, "separated_from_next") == ("больше очков" if locale == "ru" else "more points")
        assert i18n.twin(untranslated, "separated_from_next") == "more points"  # no twin: the English
        assert i18n.twin(row, "player_id") == ""  # a field without a twin at all
    finally:
        i18n.current_locale.reset(token)
