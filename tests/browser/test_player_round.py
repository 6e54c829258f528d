"""A round as four players live it in headless Chromium, each in a browser of their own, at a phone's
and at a desktop's viewport (each viewport plays its own table of the same league):

* each logs in and finds the match card on "my matches"; the card shows who answered and who is
  pending, and no common option until the whole table has answered;
* each ticks their availability on the week grid (player 1 also a second block nobody shares); another
  player's browser never shows those private half hours, neither on their grid nor on the card;
* once the table has answered, the common option appears; player 1 proposes it, the others confirm,
  and the fourth confirmation books a room: the card says booked and the club calendar lists it;
* player 1 reports the hanchan, the three others confirm it, and the standings list the table in the
  order of its scores;
* a player who edits the URL to another table's card or grid sees none of it, and cannot report its result.

Every page on the way passes axe-core (WCAG 2.0/2.1 A and AA) and is kept as a screenshot.

The season (bench/web_pages.py ``set_up_round``: a club open 12:00-23:00 in Europe/Berlin with two
rooms, 8 players drawn, round 1 open) is made on the `rondo up` whose web app the browsers use, without
``RONDO_WEB_CLUB_ID``: the pages find the club from the match card.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from selenium.webdriver.common.by import By

from bench.web_pages import RoundSetup, block_for, set_up_round
from rondo_runtime.process import free_port
from tests.browser.conftest import Site, answers, assert_accessible, log_in, path_of, submit
from tests.e2e.conftest import embedded_up

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(importlib.util.find_spec("web.views") is None, reason="the web app's player pages are not in this tree"),
]

TABLE_OF = {"phone": 1, "desktop": 2}  # each viewport its own table of round 1
SCORES = (48_000, 31_000, 24_000, 17_000)  # by seat: the standings' order


@dataclass
class RoundSite:
    site: Site
    setup: RoundSetup


@pytest.fixture(scope="module")
def round_site(tmp_path_factory) -> Iterator[RoundSite]:
    port = free_port()
    with embedded_up(tmp_path_factory.mktemp("round"), RONDO_WEB_PORT=str(port)) as deployment:
        setup = set_up_round(deployment.accounts.organizer, players=8, rooms=2, tag="Browser")
        base = f"http://localhost:{port}"
        assert wait_for_ready(base)
        yield RoundSite(Site(deployment, base), setup)


def wait_for_ready(base: str) -> bool:
    from tests.waiting import eventually

    return eventually(lambda: answers(base + "/readyz"))


def checked_slots(driver) -> set[str]:
    return {box.get_attribute("value") for box in driver.find_elements(By.CSS_SELECTOR, "input[name=slot]:checked")}


def all_slots(driver) -> list[str]:
    return [box.get_attribute("value") for box in driver.find_elements(By.CSS_SELECTOR, "input[name=slot]")]


def tick(driver, values: list[str]) -> None:
    for value in values:
        box = driver.find_element(By.ID, f"slot-{value}")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'})", box)
        if not box.is_selected():
            box.click()


def card_state(driver) -> str:
    return driver.find_element(By.ID, "card-state").get_attribute("data-state")


@pytest.mark.rule("access.privacy.intervals-owner-only")
def test_a_table_schedules_plays_and_sees_its_standings(round_site, browser, shoot, viewport, request):
    site, setup = round_site.site, round_site.setup
    table = TABLE_OF[viewport]
    seats = setup.tables[table - 1]
    card = setup.match_path(table)
    people = [browser() for _ in seats]

    # --- everyone logs in and finds the card on "my matches"
    for seat, (driver, player_id) in enumerate(zip(people, seats)):
        log_in(driver, site, *setup.logins[player_id])
        assert path_of(driver) == "/"
        link = driver.find_element(By.ID, f"card-1-{table}")
        assert path_of_link(link) == card
        if seat == 0:
            shoot(driver, "my-matches")
            assert_accessible(driver, "my matches")
    first = people[0]
    first.get(site.url(card))
    assert card_state(first) == "waiting"
    assert first.find_element(By.ID, "options-later")
    shoot(first, "card-waiting")
    assert_accessible(first, "the match card, nobody answered")

    # --- availability: a shared block for everyone, and one block only player 1 ticks
    first.get(site.url(card + "/availability"))
    slots = all_slots(first)
    shared, private = block_for(slots, table - 1), block_for(slots, table + 1)
    assert shared and private and not set(shared) & set(private)
    assert_accessible(first, "the availability grid")
    for seat, driver in enumerate(people):
        driver.get(site.url(card + "/availability"))
        assert checked_slots(driver) == set(), "a grid starts with only the player's own answer: none yet"
        tick(driver, shared + (private if seat == 0 else []))
        if seat == 0:
            shoot(driver, "availability")
        submit(driver, driver.find_element(By.ID, "save-availability"), "saving the availability")
        assert path_of(driver) == card, "back on the card after saving"
        if seat < len(people) - 1:
            assert card_state(driver) == "waiting", "no option before the whole table answered"
            pending = driver.find_element(By.ID, "pending").text
            assert setup.names[seats[-1]] in pending

    # --- privacy: player 2's browser never shows player 1's private half hours
    second = people[1]
    second.get(site.url(card + "/availability"))
    assert checked_slots(second) == set(shared), "player 2's grid: their own answer, nothing of player 1's"
    second.get(site.url(card))
    assert not [value for value in private if value in second.page_source], (
        "player 2's card shows none of player 1's private times"
    )

    # --- the common option, proposed and confirmed by all four: booked
    first.get(site.url(card))
    assert card_state(first) == "agreeing"
    options = first.find_elements(By.CSS_SELECTOR, "#options select[name=start] option")
    assert options and all(o.get_attribute("value") in shared for o in options), "the common option lies in the shared block"
    shoot(first, "card-options")
    assert_accessible(first, "the match card with its common option")
    submit(first, first.find_element(By.ID, "propose-1"), "proposing the common option")
    assert first.find_elements(By.CSS_SELECTOR, "#meetings li.meeting"), "the proposal on the card"
    for driver in people[1:]:
        driver.get(site.url(card))
        submit(
            driver, driver.find_element(By.CSS_SELECTOR, "#meetings form[action$='/confirm'] button"), "confirming the meeting"
        )
        assert path_of(driver) == card, "back on the card after confirming"
    last = people[-1]
    assert card_state(last) == "booked"
    assert last.find_element(By.CSS_SELECTOR, "#meetings li.meeting").get_attribute("data-status") == "booked"
    shoot(last, "card-booked")
    assert_accessible(last, "the match card, booked")

    first.get(site.url("/calendar"))
    rows = first.find_elements(By.CSS_SELECTOR, "#bookings tbody tr")
    assert rows, "the club calendar lists the booked meeting"
    assert any("Room" in row.text for row in rows)
    shoot(first, "calendar")
    assert_accessible(first, "the club calendar")

    # --- a result reported by player 1, confirmed by the others, in the standings
    first.get(site.url(card + "/results"))
    for player_id, score in zip(seats, SCORES):
        field = first.find_element(By.ID, f"score-{player_id}")
        field.clear()
        field.send_keys(str(score))
    shoot(first, "results-report")
    assert_accessible(first, "the result form")
    submit(first, first.find_element(By.ID, "report-result"), "reporting the result")
    assert first.find_elements(By.CSS_SELECTOR, "section.record[data-status=reported]"), "the report recorded"
    for driver in people[1:]:
        driver.get(site.url(card + "/results"))
        submit(
            driver, driver.find_element(By.CSS_SELECTOR, "section.record button[id^=confirm-result-]"), "confirming the result"
        )
        assert path_of(driver) == card + "/results", "back on the results after confirming"
    last.get(site.url(card + "/results"))
    assert last.find_element(By.CSS_SELECTOR, "section.record").get_attribute("data-status") == "confirmed"
    shoot(last, "results-confirmed")
    assert_accessible(last, "the results, confirmed")

    first.get(site.url(f"/standings/{setup.competition_id}"))
    names = [row.text for row in first.find_elements(By.CSS_SELECTOR, "#standings tbody th[scope=row]")]
    ours = [name for name in names if name in {setup.names[p] for p in seats}]
    assert ours == [setup.names[p] for p in seats], "the table's players in the order of their scores"
    shoot(first, "standings")
    assert_accessible(first, "the standings")


def path_of_link(link) -> str:
    from urllib.parse import urlsplit

    return urlsplit(link.get_attribute("href")).path


@pytest.mark.rule("access.web.login-required")
def test_a_player_cannot_open_another_tables_card_by_editing_the_url(round_site, browser, viewport):
    """Player 1 of one table types the other table's card and grid paths: refused, nothing of that table
    shown (its players' names, its state); its results page offers no form to report them."""
    site, setup = round_site.site, round_site.setup
    mine = TABLE_OF[viewport]
    other = 3 - mine
    driver = browser()
    log_in(driver, site, *setup.logins[setup.tables[mine - 1][0]])
    strangers = [setup.names[p] for p in setup.tables[other - 1]]
    for path in (setup.match_path(other), setup.match_path(other) + "/availability"):
        driver.get(site.url(path))
        assert not driver.find_elements(By.ID, "card-state") and not driver.find_elements(By.ID, "week-grid"), path
        assert not driver.find_elements(By.CSS_SELECTOR, "input[name=slot]"), path
        shown = [name for name in strangers if name in driver.find_element(By.TAG_NAME, "main").text]
        assert not shown, f"{path} shows the other table's players {shown}"
    driver.get(site.url(setup.match_path(other) + "/results"))  # results are public; reporting is the table's
    assert not driver.find_elements(By.ID, "report-form"), "a form to report another table's result"
