"""Every page in headless Chromium at a phone's and a desktop's viewport: no WCAG 2.0/2.1 A or AA
violation found by axe-core, and a screenshot of each kept under the artefacts directory.

The pages are the ones a person reaches: the login page, then for a player and for the organizer
every entry of the main navigation, and the password page."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from rondo.gateway.v1 import identity_pb2
from tests.browser.conftest import assert_accessible, log_in, make_person, nav_links, path_of, submit

pytestmark = pytest.mark.browser


def slug(path: str) -> str:
    return path.strip("/").replace("/", "-") or "home"


def test_the_login_page(site, browser, shoot):
    driver = browser()
    driver.get(site.url("/"))
    assert path_of(driver) == "/login"
    shoot(driver, "login")
    assert_accessible(driver, "the login page")
    driver.find_element(By.ID, "name").send_keys("nobody")
    driver.find_element(By.ID, "password").send_keys("not the password")
    submit(driver, driver.find_element(By.ID, "login"), "a wrong password")
    error = driver.find_element(By.ID, "login-error")
    assert error.text == "Wrong name or password."
    shoot(driver, "login-refused")
    assert_accessible(driver, "the login page with its error")


def test_the_login_page_in_russian(site, browser, shoot):
    driver = browser()
    driver.get(site.url("/login"))
    submit(driver, driver.find_element(By.ID, "lang-ru"), "switching to Russian")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "ru"
    shoot(driver, "login-ru")
    assert_accessible(driver, "the login page in Russian")


@pytest.mark.parametrize("role", ["player", "organizer"])
def test_every_page_a_person_reaches(site, browser, shoot, role):
    driver = browser()
    if role == "organizer":
        log_in(driver, site, site.accounts.organizer_name, site.accounts.organizer_password)
    else:
        _, password = make_person(site, identity_pb2.ROLE_PLAYER, "Aiko Page")
        log_in(driver, site, "Aiko Page", password)
    visited = []
    for path in ["/", *nav_links(driver), "/password"]:
        if path in visited:
            continue
        driver.get(site.url(path))
        assert path_of(driver) == path, f"{role}: {path} went to {path_of(driver)}"
        shoot(driver, f"{role}-{slug(path)}")
        assert_accessible(driver, f"the {role}'s page {path}")
        visited.append(path)
    assert "/" in visited and "/password" in visited
