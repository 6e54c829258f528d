"""The player's pages against a real gateway: my matches, the week grid, the card's common options,
proposing and confirming until a room is booked, the club calendar and my .ics, reporting, confirming
and disputing a result, the standings — in English and Russian; never another player's intervals."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import httpx2 as httpx
import icalendar
import pytest
from starlette.testclient import TestClient

from rondo.gateway.v1 import calendar_pb2, identity_pb2, scheduling_pb2
from tests.accounts import login as login_token
from tests.web.conftest import WebApp, csrf_of, running_web
from tests.web.season import ZONE, Season, make_season, ts

pytestmark = pytest.mark.web

_SLOT = re.compile(r'name="slot" value="([^"]+)"')
_CHECKED = re.compile(r'name="slot" value="([^"]+)" checked')


@pytest.fixture(scope="module")
def season(embedded) -> Season:
    return make_season(embedded, "pages")


@pytest.fixture(scope="module")
def site(embedded, season: Season) -> Iterator[WebApp]:
    feed = embedded.gateway.RotateCalendarToken(calendar_pb2.RotateCalendarTokenRequest(club_id=season.club_id), timeout=10)
    url = f"http://127.0.0.1:{embedded.calendar_port}{feed.path}"  # the organizer's token, published on the site
    with running_web(embedded, club_feed_url=url) as app:  # no RONDO_WEB_CLUB_ID: the card names its club
        yield app


def login(site: WebApp, season: Season, player_id: str, locale: str = "en") -> TestClient:
    name, password = season.logins[player_id]
    return site.login(name, password, locale)


def post(browser: TestClient, page: str, action: str, data: dict | list) -> Any:
    """Submit a form of ``page`` (its CSRF token) to ``action``."""
    token = csrf_of(browser.get(page).text)
    fields = list(data.items()) if isinstance(data, dict) else list(data)
    body = urlencode([*fields, ("csrf_token", token)])
    return browser.post(action, content=body, headers={"Content-Type": "application/x-www-form-urlencoded"})


def found(pattern: str, html: str) -> str:
    match = re.search(pattern, html)
    assert match, f"{pattern!r} not on the page"
    return match.group(1)


def slots_on(html: str) -> list[str]:
    return _SLOT.findall(html)


def test_my_matches_lists_my_tables_with_the_current_round(site: WebApp, season: Season) -> None:
    player = season.tables[0][0]
    browser = login(site, season, player)
    home = browser.get("/")
    assert home.status_code == 200
    assert "pages league" in home.text and "This round: round 1" in home.text
    assert f'href="{season.match_path(1)}"' in home.text
    for other in season.tables[0]:
        assert season.names[other] in home.text
    assert 'id="current-state-1" data-state="waiting"' in home.text and "your availability is missing" in home.text
    assert int(home.headers["x-gateway-calls"]) <= 8  # WhoAmI, competition, seating, log2 cards, stages


def test_the_week_grid_offers_only_open_hours_and_saves_my_answer(site: WebApp, season: Season) -> None:
    player = season.tables[1][0]
    browser = login(site, season, player)
    page = browser.get(season.match_path(2) + "/availability")
    assert page.status_code == 200, page.text
    assert "Mon 12:00–23:00" in found(r'id="opening-hours">([^<]*)<', page.text)
    offered = slots_on(page.text)
    # 12:00-23:00 Berlin, half hours, 7 days (a DST day would have the same open hours)
    assert len(offered) == 7 * 22
    chosen = offered[4:8]
    answer = post(
        browser, season.match_path(2) + "/availability", season.match_path(2) + "/availability", [("slot", v) for v in chosen]
    )
    assert answer.status_code == 303 and answer.headers["location"] == season.match_path(2)
    again = browser.get(season.match_path(2) + "/availability")
    calls = {
        page: int(browser.get(page).headers["x-gateway-calls"])
        for page in (season.match_path(2), season.match_path(2) + "/results", "/calendar")
    }
    # bounds that hold with the club's 30 s cache cold (GetClub + ListRooms); warm, they are 3, 2, 3, 5 (the
    # calendar finds my club from my current card: WhoAmI, GetSeating, GetMatchCard per round probed, ListBookings)
    assert int(again.headers["x-gateway-calls"]) <= 5
    assert calls[season.match_path(2)] <= 4 and calls[season.match_path(2) + "/results"] <= 3 and calls["/calendar"] <= 7
    assert _CHECKED.findall(again.text) == chosen
    card = browser.get(season.match_path(2))
    assert season.names[player] in found(r'id="answered">([^<]*)<', card.text)


@pytest.mark.rule("access.privacy.intervals-owner-only")
@pytest.mark.rule("schedule.calendar.player-feed-own-meetings")
def test_a_table_agrees_confirms_books_and_the_calendar_shows_it_without_anyones_intervals(site: WebApp, season: Season) -> None:
    table = season.tables[0]
    browsers = {p: login(site, season, p) for p in table}
    availability = season.match_path(1) + "/availability"
    grid = sorted(slots_on(browsers[table[0]].get(availability).text))  # UTC starts: in time order
    shared = grid[10:16]  # three hours on day 1, everyone
    private = grid[40:42]  # only the first player's
    for i, browser in enumerate(browsers.values()):
        mine = shared + (private if i == 0 else [])
        assert post(browser, availability, availability, [("slot", v) for v in mine]).status_code == 303
    second = browsers[table[1]]
    card = second.get(season.match_path(1))
    assert 'data-state="agreeing"' in card.text
    for value in private:
        assert value not in card.text  # the first player's private slot: nowhere on another's card
    assert not _CHECKED.findall(second.get(availability).text) or set(_CHECKED.findall(second.get(availability).text)) == set(
        shared
    )
    starts = re.findall(r'<option value="([^"]+)"', card.text)
    assert starts, card.text
    first = browsers[table[0]]
    assert (
        post(first, season.match_path(1), season.match_path(1) + "/propose", {"start": starts[0], "minutes": "90"}).status_code
        == 303
    )
    meeting_id = found(r'id="meeting-([^"]+)" data-status="proposed"', first.get(season.match_path(1)).text)
    for player in table[1:]:
        answer = post(browsers[player], season.match_path(1), season.match_path(1) + "/confirm", {"meeting_id": meeting_id})
        assert answer.status_code == 303
        shown = browsers[player].get(season.match_path(1)).text
        assert "flash-success" in shown, re.findall(r'class="flash[^>]*>([^<]*)<', shown)
    card = second.get(season.match_path(1))
    assert 'data-state="booked"' in card.text and 'data-status="booked"' in card.text
    assert found(rf'id="room-{meeting_id}">([^<]*)<', card.text) in ("Room: Room 1", "Room: Room 2"), card.text[
        card.text.find("card-facts") : card.text.find("Common options")
    ]
    calendar = second.get("/calendar")
    assert calendar.status_code == 200, calendar.text
    rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td></tr>", calendar.text)
    assert len(rows) == 1 and rows[0][1] in ("Room 1", "Room 2"), rows
    feed = found(r'href="([^"]+)" id="club-feed"', calendar.text)
    assert httpx.get(feed, timeout=10).text.count("BEGIN:VEVENT") == 1  # the club's feed has the booked meeting too
    ics = second.get("/calendar/mine.ics")
    assert ics.headers["content-type"].startswith("text/calendar") and f"meeting-{meeting_id}@" in ics.text
    booked = site.deployment.gateway.GetMatchCard(
        scheduling_pb2.GetMatchCardRequest(match_key=season.key(1), viewer_player_id=table[1]), timeout=10
    )
    assert booked.state == scheduling_pb2.CARD_STATE_BOOKED
    # my own subscription link (CSRF form): https and webcal; the gateway's calendar port serves it
    made = post(second, "/calendar", "/calendar/feed", {})
    assert made.status_code == 200, made.text
    https_url = found(r'id="my-feed-url" value="([^"]+)"', made.text)
    path = found(r"^https://[^/]+(/calendar/me/[A-Za-z0-9_-]+\.ics)$", https_url)
    assert found(r'href="([^"]+)" id="my-feed-webcal"', made.text) == "webcal://" + https_url.removeprefix("https://")
    subscribed = httpx.get(f"http://127.0.0.1:{site.deployment.calendar_port}{path}", timeout=10)
    assert subscribed.status_code == 200 and subscribed.text.count("BEGIN:VEVENT") == 1
    [event] = icalendar.Calendar.from_ical(subscribed.content).walk("VEVENT")
    assert str(event["UID"]) == f"meeting-{meeting_id}@rondo" and ", round 1, table " in str(event["SUMMARY"])
    again = post(second, "/calendar", "/calendar/feed", {})
    assert found(r'id="my-feed-url" value="([^"]+)"', again.text) != https_url
    assert httpx.get(f"http://127.0.0.1:{site.deployment.calendar_port}{path}", timeout=10).status_code == 404


def test_a_reported_result_is_confirmed_by_one_disputed_by_another_and_standings_show(site: WebApp, season: Season) -> None:
    table = season.tables[1]
    reporter = login(site, season, table[0])
    results = season.match_path(2) + "/results"
    scores = dict(zip(table, ("45000", "35000", "25000", "15000")))
    form = {"number": "1", **{f"score-{p}": s for p, s in scores.items()}, **{f"chombo-{p}": "0" for p in table}}
    assert post(reporter, results, results, form).status_code == 303
    page = reporter.get(results)
    record_id = found(r'id="record-([^"]+)" data-status="reported"', page.text)
    assert f"confirm-result-{record_id}" not in page.text  # the reporter does not confirm his own report
    confirmer = login(site, season, table[1])
    assert post(confirmer, results, f"{results}/{record_id}", {"verdict": "confirm"}).status_code == 303
    assert f"confirm-result-{record_id}" not in confirmer.get(results).text
    disputer = login(site, season, table[2])
    assert post(disputer, results, f"{results}/{record_id}", {"verdict": "dispute", "reason": "wrong scores"}).status_code == 303
    assert 'data-status="disputed"' in disputer.get(results).text
    standings = disputer.get(f"/standings/{season.competition_id}")
    assert standings.status_code == 200 and 'id="standings"' in standings.text
    for player in table:
        assert season.names[player] in standings.text


@pytest.mark.rule("access.web.login-required")
@pytest.mark.rule("access.privacy.intervals-owner-only")
def test_a_player_editing_the_url_to_another_tables_card_is_refused_and_sees_none_of_it(site: WebApp, season: Season) -> None:
    outsider = login(site, season, season.tables[1][3])
    for suffix in ("", "/availability"):
        page = outsider.get(season.match_path(1) + suffix)
        assert page.status_code == 403, (suffix, page.status_code)
        assert 'id="answered"' not in page.text and 'name="slot"' not in page.text and "meeting-" not in page.text
    results = outsider.get(season.match_path(1) + "/results")  # results are public: read-only for another table
    assert results.status_code == 200 and 'id="report-form"' not in results.text and "confirm-result-" not in results.text
    refused = post(outsider, "/", season.match_path(1) + "/availability", [("slot", "2030-01-01T12:00:00+00:00")])
    assert refused.status_code == 403


def test_pages_speak_russian_from_the_browser_and_switch_to_english(site: WebApp, season: Season) -> None:
    browser = login(site, season, season.tables[0][2], locale="ru")
    home = browser.get("/")
    assert '<html lang="ru">' in home.text and "Мои матчи" in home.text and "Выйти" in home.text
    card = browser.get(season.match_path(1))
    assert "Встречи" in card.text and "Europe/Berlin" in card.text
    window = found(r"<dt>Окно</dt><dd>([^<]*)</dd>", card.text)  # the club's wall clock, in Russian
    # the window runs from midnight UTC for 7 days: 01:00 or 02:00 in Berlin (a DST change may fall between)
    hour, end = (
        moment.astimezone(ZoneInfo(ZONE)).hour for moment in (season.window_start, season.window_start + timedelta(days=7))
    )
    assert re.fullmatch(rf"\d\d\.\d\d\.\d{{4}}, 0{hour}:00 – \d\d\.\d\d\.\d{{4}}, 0{end}:00", window), window
    switched = post(browser, "/", "/lang", {"lang": "en", "next": "/"})
    assert switched.status_code == 303
    english = browser.get("/")
    assert '<html lang="en">' in english.text and "My matches" in english.text
    window = found(r"<dt>Window</dt><dd>([^<]*)</dd>", browser.get(season.match_path(1)).text)
    assert re.fullmatch(rf"\d+/\d+/\d\d, {hour}:00\u202fAM – \d+/\d+/\d\d, {end}:00\u202fAM", window), window


def test_link_telegram_shows_a_one_time_code_the_bot_links_and_the_player_can_unlink(site: WebApp, season: Season) -> None:
    player = season.tables[1][1]
    browser = login(site, season, player)
    assert 'id="create-link-code"' in browser.get("/telegram").text and 'id="linked"' not in browser.get("/telegram").text
    page = post(browser, "/telegram", "/telegram", {})
    assert page.status_code == 200
    code = found(r'id="link-code">([^<]+)<', page.text)
    bot = site.deployment.accounts.bot("Web test bot")
    bot.LinkTelegram(
        identity_pb2.LinkTelegramRequest(code=code, telegram_user_id=777001, chat_id=777001, language="ru"), timeout=10
    )
    linked = browser.get("/telegram")
    assert 'id="linked"' in linked.text
    assert post(browser, "/telegram", "/telegram/unlink", {}).status_code == 303
    assert 'id="linked"' not in browser.get("/telegram").text


def test_the_grid_of_a_window_across_the_spring_dst_change_has_no_slot_in_the_missing_hour(embedded, season: Season) -> None:
    stub = embedded.gateway
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(name="Web club 24/7", time_zone=ZONE), idempotency_key="club-dst"
        ),
        timeout=10,
    )
    sunday = next_spring_change()  # Europe/Berlin: 02:00 CET -> 03:00 CEST that Sunday
    saturday, monday = sunday - timedelta(days=1), sunday + timedelta(days=1)
    window_start = datetime.combine(saturday, time(0), tzinfo=ZoneInfo(ZONE))
    stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=season.competition_id,
            round=2,
            club_id=club.id,
            window_start=ts(window_start.astimezone(UTC)),
            window_end=ts((window_start + timedelta(days=3)).astimezone(UTC)),
            min_minutes=90,
            idempotency_key="r2-dst",
        ),
        timeout=10,
    )
    with running_web(embedded) as dst_site:  # the round's card names this other club
        player = season.tables[0][0]
        browser = login(dst_site, season, player)
        table = next(i for i in range(1, 3) if f"/1/2/{i}" in browser.get("/").text)
        availability = f"/match/{season.competition_id}/1/2/{table}/availability"
        page = browser.get(availability)
        assert page.status_code == 200, page.text
        slots = sorted(slots_on(page.text))
        local = [datetime.fromisoformat(v).astimezone(ZoneInfo(ZONE)) for v in slots]
        per_day = {d: sum(1 for m in local if m.date() == d) for d in (saturday, sunday, monday)}
        assert per_day == {saturday: 48, sunday: 46, monday: 48}
        assert not [m for m in local if m.date() == sunday and m.hour == 2]
        assert page.text.count("no such time") == 2  # the 02:00 and 02:30 cells of that Sunday
        three = next(v for v, m in zip(slots, local) if m.date() == sunday and (m.hour, m.minute) == (3, 0))
        assert three == datetime.combine(sunday, time(1), tzinfo=UTC).isoformat()  # 03:00 CEST is 01:00 UTC
        before = next(v for v, m in zip(slots, local) if m.date() == sunday and (m.hour, m.minute) == (1, 30))
        assert post(browser, availability, availability, [("slot", before), ("slot", three)]).status_code == 303
        assert set(_CHECKED.findall(browser.get(availability).text)) == {before, three}
        mine = site_player_stub(embedded, season, player).GetAvailability(
            scheduling_pb2.GetAvailabilityRequest(match_key=f"{season.competition_id}/1/2/{table}"), timeout=10
        )
        (interval,) = mine.intervals  # 01:30 CET and 03:00 CEST are adjacent: one hour, one interval
        assert interval.start.ToDatetime(tzinfo=UTC) == datetime.combine(sunday, time(0, 30), tzinfo=UTC)
        assert interval.end.ToDatetime(tzinfo=UTC) == datetime.combine(sunday, time(1, 30), tzinfo=UTC)


def next_spring_change() -> date:
    """The next last Sunday of March (Europe/Berlin springs forward then) at least a week away."""
    today = datetime.now(UTC).date()
    for year in (today.year, today.year + 1):
        last = date(year, 3, 31)
        sunday = last - timedelta(days=(last.weekday() - 6) % 7)
        if sunday - today >= timedelta(days=7):
            return sunday
    raise AssertionError("unreachable")


def site_player_stub(embedded, season: Season, player_id: str):
    name, password = season.logins[player_id]
    return embedded.accounts.stub(login_token(embedded.raw_channel, name, password))


def test_the_club_calendar_is_my_cards_club_and_the_optional_default_only_without_a_match(embedded, season: Season) -> None:
    other = embedded.gateway.CreateClub(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(name="Default club", time_zone="Asia/Tokyo"), idempotency_key="club-default"
        ),
        timeout=10,
    )
    heading = re.compile(r"<h1>([^<]*)</h1>")
    with running_web(embedded) as plain:  # no RONDO_WEB_CLUB_ID: nobody without a match has a club calendar
        organizer = plain.login(embedded.accounts.organizer_name, embedded.accounts.organizer_password)
        assert 'id="no-club"' in organizer.get("/calendar").text
        player = login(plain, season, season.tables[0][0])
        # my current card's club: round 1's, or round 2's where the DST test opened it in a club of its own
        current = 2 if "This round: round 2" in player.get("/").text else 1
        mine = "Club calendar: " + ("Web club 24/7" if current == 2 else "pages club")
        assert heading.findall(player.get("/calendar").text) == [mine]  # from the card
    with running_web(embedded, club_id=other.id) as defaulted:
        organizer = defaulted.login(embedded.accounts.organizer_name, embedded.accounts.organizer_password)
        page = organizer.get("/calendar").text
        assert heading.findall(page) == ["Club calendar: Default club"] and "Asia/Tokyo" in page
        player = login(defaulted, season, season.tables[0][0])
        assert heading.findall(player.get("/calendar").text) == [mine]  # the card wins over the default
