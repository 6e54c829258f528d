"""The standings page for each kind of competition, through a real gateway: a mahjong league's table
with its tie-break steps, a cup's seeds and bracket, an Up&Down stage table — in both languages."""

from __future__ import annotations

import html

import pytest

from rondo.gateway.v1 import competitions_pb2, results_pb2
from tests.web.conftest import WebApp

pytestmark = pytest.mark.web


def competition(web: WebApp, name: str, ruleset: str, players: int) -> str:
    stub = web.deployment.gateway
    made = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name=name, ruleset=ruleset), idempotency_key=name
        ),
        timeout=10,
    )
    for i in range(1, players + 1):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=made.id, name=f"{name} {i}", rating=2000 - i, idempotency_key=f"{name}-{i}"
            ),
            timeout=10,
        )
    return made.id


@pytest.mark.parametrize(
    ("ruleset", "players", "marker"),
    [
        ("discard-league-2026", 8, 'id="standings"'),
        ("open-cup-2023", 8, 'id="seeds"'),
        ("updown-league-2007", 12, 'id="no-standings"'),
    ],
)
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_the_standings_page_renders_for_every_kind_of_competition(
    web: WebApp, ruleset: str, players: int, marker: str, locale: str
) -> None:
    cid = competition(web, f"{ruleset} {locale}", ruleset, players)
    accounts = web.deployment.accounts
    browser = web.login(accounts.organizer_name, accounts.organizer_password, locale)
    page = browser.get(f"/standings/{cid}")
    assert page.status_code == 200, page.text
    assert f'<html lang="{locale}">' in page.text and marker in page.text
    assert ("Турнирная таблица" in page.text) == (locale == "ru")
    if ruleset != "updown-league-2007":  # before its first stage an Up&Down division has no table yet
        assert f"{ruleset} {locale} 1<" in page.text

    if ruleset == "discard-league-2026":  # the explanations in the reader's language (the gateway sends both)
        table = web.deployment.gateway.GetStandings(results_pb2.GetStandingsRequest(competition_id=cid), timeout=10)
        steps = [r for r in table.rows if r.separated_from_next and r.separated_from_next_ru]
        assert steps, "no explanation to show"
        shown = steps[0].separated_from_next_ru if locale == "ru" else steps[0].separated_from_next
        hidden = steps[0].separated_from_next if locale == "ru" else steps[0].separated_from_next_ru
        assert html.escape(shown) in page.text and html.escape(hidden) not in page.text


@pytest.mark.slow
@pytest.mark.rule("mahjong.projection.status-in-words")
def test_the_standings_page_shows_what_each_player_can_still_reach_when_asked(web: WebApp) -> None:
    """A season with one round left (tests/projection_season.py, every status decided): the page offers
    the projections; asked, each row says its status at the playoff cut in the reader's language; a player of another
    competition is told why not, and the table still shows."""
    from rondo.gateway.v1 import identity_pb2
    from tests.projection_season import ProjectedSeason
    from tests.web.conftest import make_account

    season = ProjectedSeason(web.deployment.gateway, "Projected web league", decided=True)  # quick proofs
    accounts = web.deployment.accounts
    organizer = web.login(accounts.organizer_name, accounts.organizer_password)
    page = organizer.get(f"/standings/{season.id}")
    assert page.status_code == 200 and 'id="projections-link"' in page.text and 'class="projection"' not in page.text
    for locale, clinched, eliminated in (
        ("en", "clinched the playoff (top 4)", "eliminated: the playoff (top 4) is out of reach"),
        ("ru", "плей-офф (топ-4): место обеспечено", "плей-офф (топ-4): уже недостижимо"),
    ):
        browser = web.login(accounts.organizer_name, accounts.organizer_password, locale)
        asked = browser.get(f"/standings/{season.id}?projections=1")
        assert asked.status_code == 200, asked.text
        text = html.unescape(asked.text)
        assert 'id="projections-summary"' in asked.text and text.count('class="projection"') == 8
        assert text.count(clinched) == 4 and text.count(eliminated) == 4
        assert ("Что ещё возможно" in text) == (locale == "ru")
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "projection stranger")
    stranger = web.login("projection stranger", password)
    refused = stranger.get(f"/standings/{season.id}?projections=1")
    assert refused.status_code == 200 and 'id="projections-refused"' in refused.text and 'id="standings"' in refused.text
