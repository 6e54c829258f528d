"""The projections on an Up&Down standings page, through a real gateway (docs/rules.md
``updown.projection.doors``): a double round robin of six played to its last round
(tests/integration/test_updown_projections_grpc.py ``UpdownGroup``); the page offers "what can each
player still reach?" like a mahjong league's; asked, each row of the group says its status at every cut
in the reader's language, and a player of the league reads their own statuses first; an account of
no player of the league is told why not, and the table still shows; a running cup's page lists every
player of the bracket with their statuses; a cup before its first stage shows the refusal's one line,
never an error page."""

from __future__ import annotations

import html
import re

import pytest

from rondo.gateway.v1 import identity_pb2, results_pb2
from tests.integration.test_updown_projections_grpc import PLAYERS, UpdownGroup
from tests.web.conftest import WebApp, make_account

pytestmark = pytest.mark.web

OWN = re.compile(r'<section id="own-projection">(.*?)</section>', re.S)


@pytest.fixture(scope="module")
def ladder(web: WebApp) -> UpdownGroup:
    return UpdownGroup(web.deployment.gateway)


def words(web: WebApp, ladder: UpdownGroup) -> dict[str, dict[str, list[tuple[str, str]]]]:
    """Each player's (English, Russian) statuses as the gateway answers them, by status."""
    answer = web.deployment.gateway.GetProjections(
        results_pb2.GetProjectionsRequest(competition_id=ladder.id, time_limit_seconds=120), timeout=150
    )
    assert answer.exact
    found: dict[str, dict[str, list[tuple[str, str]]]] = {}
    for row in answer.players:
        for cut in row.cuts:
            status = results_pb2.ProjectionStatus.Name(cut.status).removeprefix("PROJECTION_STATUS_").lower()
            found.setdefault(row.player_id, {}).setdefault(status, []).append((cut.text, cut.text_ru))
    return found


@pytest.mark.slow
@pytest.mark.rule("updown.projection.doors")
def test_the_updown_page_shows_each_players_status_at_every_cut_in_both_languages(web: WebApp, ladder: UpdownGroup) -> None:
    accounts = web.deployment.accounts
    organizer = web.login(accounts.organizer_name, accounts.organizer_password)
    page = organizer.get(f"/standings/{ladder.id}")
    assert page.status_code == 200 and 'id="projections-link"' in page.text and 'class="projection"' not in page.text
    statuses = words(web, ladder)
    clinched = [w for s in statuses.values() for w in s.get("clinched", [])]
    eliminated = [w for s in statuses.values() for w in s.get("eliminated", [])]
    assert clinched and eliminated
    for locale, which in (("en", 0), ("ru", 1)):
        browser = web.login(accounts.organizer_name, accounts.organizer_password, locale)
        asked = browser.get(f"/standings/{ladder.id}?projections=1")
        assert asked.status_code == 200, asked.text
        text = html.unescape(asked.text)
        assert 'id="projections-summary"' in text and text.count('class="projection"') == PLAYERS
        for said in clinched + eliminated:
            assert said[which] in text and said[1 - which] not in text
        assert ("Что ещё возможно" in text) == (locale == "ru") and 'id="own-projection"' not in text  # no player's


@pytest.mark.slow
@pytest.mark.rule("updown.projection.doors")
def test_a_player_reads_their_own_statuses_first_and_a_stranger_nothing(web: WebApp, ladder: UpdownGroup) -> None:
    stub = web.deployment.gateway
    leader = ladder.players[0]
    account, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "ladder leader")
    stub.LinkPlayer(identity_pb2.LinkPlayerRequest(account_id=account, competition_id=ladder.id, player_id=leader), timeout=30)
    statuses = words(web, ladder)[leader]
    for locale, which, heading in (("en", 0, "What you can still reach"), ("ru", 1, "Что ещё возможно для вас")):
        browser = web.login("ladder leader", password, locale)
        asked = browser.get(f"/standings/{ladder.id}?projections=1")
        assert asked.status_code == 200, asked.text
        text = html.unescape(asked.text)
        own = OWN.search(text)
        assert own and heading in own.group(1), text
        for said in (w for ws in statuses.values() for w in ws):
            assert said[which] in own.group(1)
        assert text.index('id="own-projection"') < text.index('class="updown"')  # before the table
        assert text.count('class="projection"') == PLAYERS  # a player of the league reads every row
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "ladder stranger")
    stranger = web.login("ladder stranger", password)
    refused = stranger.get(f"/standings/{ladder.id}?projections=1")
    assert refused.status_code == 200 and 'id="projections-refused"' in refused.text
    assert 'class="updown"' in refused.text  # the table is public, the statuses are not
    assert 'class="projection"' not in refused.text and 'id="own-projection"' not in refused.text
    for said in (w for s in words(web, ladder).values() for ws in s.values() for w in ws):
        assert html.escape(said[0]) not in refused.text


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_a_cup_page_offers_the_projections_and_shows_a_refusal_in_one_line(web: WebApp, locale: str) -> None:
    """Before its first stage a cup has nothing to project: the gateway's FAILED_PRECONDITION is the
    page's one line in the reader's language, under the link the page offers like every other kind's."""
    from tests.web.test_standings_pages import competition

    cid = competition(web, f"Projected cup {locale}", "open-cup-2023", 8)
    accounts = web.deployment.accounts
    browser = web.login(accounts.organizer_name, accounts.organizer_password, locale)
    page = browser.get(f"/standings/{cid}")
    assert page.status_code == 200 and 'id="projections-link"' in page.text and 'id="seeds"' in page.text
    asked = browser.get(f"/standings/{cid}?projections=1")
    assert asked.status_code == 200, asked.text
    refused = re.search(r'id="projections-refused" class="muted">([^<]+)</p>', asked.text)
    assert (refused and refused.group(1).strip()) or 'id="projections-summary"' in asked.text
    if refused:  # in the reader's language
        assert bool(re.search("[а-яё]", refused.group(1), re.I)) == (locale == "ru")
    assert 'id="seeds"' in asked.text and f'<html lang="{locale}">' in asked.text


@pytest.mark.slow
@pytest.mark.rule("updown.projection.doors")
def test_a_running_cups_page_says_each_players_status_at_every_cut(web: WebApp) -> None:
    """After the quarter-finals (tests/integration/test_cup_projections_grpc.py ``SmallCup``: C8 beat
    C4) the cup page, asked, lists every player of the bracket with the gateway's own words at every
    cut in the reader's language: the four still in alive for the title, the four out eliminated."""
    from tests.integration.test_cup_projections_grpc import SmallCup

    cup = SmallCup(web.deployment.gateway)
    cup.play(cup.advance(1))
    answer = cup.projections()
    out = {row.name for row in answer.players if row.cuts[0].status == results_pb2.PROJECTION_STATUS_ELIMINATED}
    assert out == {"C4", "C5", "C6", "C7"}
    accounts = web.deployment.accounts
    for locale, which in (("en", 0), ("ru", 1)):
        browser = web.login(accounts.organizer_name, accounts.organizer_password, locale)
        asked = browser.get(f"/standings/{cup.id}?projections=1")
        assert asked.status_code == 200, asked.text
        text = html.unescape(asked.text)
        assert 'id="projections-summary"' in text and 'id="projections-refused"' not in text
        assert text.count('class="projection"') == len(answer.players) == 8
        for row in answer.players:
            for cut in row.cuts:
                said = (cut.text, cut.text_ru)
                assert said[which] in text and said[1 - which] not in text, (row.name, cut.cut)
