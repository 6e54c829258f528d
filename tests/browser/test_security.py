"""Security as a browser sees it: a page without a session sends the person to the login page; a
session cookie this web app did not sign, or one whose session was logged out, is refused; the
Content-Security-Policy stops an injected inline script in the real browser; a form sent without its
CSRF token is refused."""

from __future__ import annotations

import base64
import json
import secrets

import pytest
from itsdangerous import TimestampSigner
from selenium.webdriver.common.by import By

from rondo.gateway.v1 import identity_pb2
from tests.browser.conftest import log_in, make_person, path_of, submit, wait_for
from web.app import SESSION_COOKIE

pytestmark = pytest.mark.browser


def session_cookie(driver) -> dict:
    cookie = driver.get_cookie(SESSION_COOKIE)
    assert cookie is not None, "no session cookie"
    return cookie


def put_cookie(driver, site, value: str) -> None:
    driver.get(site.url("/login"))
    driver.delete_all_cookies()
    driver.add_cookie({"name": SESSION_COOKIE, "value": value, "path": "/"})


@pytest.fixture(scope="module")
def player(site):
    _, password = make_person(site, identity_pb2.ROLE_PLAYER, "Boris Guard")
    return "Boris Guard", password


@pytest.mark.rule("access.web.login-required")
def test_a_page_without_a_session_sends_to_the_login_page(site, browser):
    driver = browser()
    for path in ("/", "/password"):
        driver.get(site.url(path))
        assert path_of(driver) == "/login", path
        assert driver.find_element(By.ID, "login-form")


@pytest.mark.rule("access.web.session-cookie-only")
def test_the_session_cookie_is_httponly_and_samesite(site, browser, player):
    driver = browser()
    log_in(driver, site, *player)
    cookie = session_cookie(driver)
    assert cookie["httpOnly"] is True and cookie["sameSite"] == "Lax" and cookie["secure"] is True
    assert driver.execute_script("return document.cookie").find(SESSION_COOKIE) == -1, "scripts never see the session"


@pytest.mark.rule("access.web.login-required")
def test_a_session_cookie_signed_by_someone_else_is_refused(site, browser, player):
    """The same session content (a real token of the player's), signed with another key: refused."""
    driver = browser()
    log_in(driver, site, *player)
    mine = session_cookie(driver)["value"]
    content = base64.b64decode(mine.split(".", 1)[0] + "==")
    forged = TimestampSigner(secrets.token_urlsafe(32)).sign(base64.b64encode(content)).decode()
    other = browser()
    put_cookie(other, site, forged)
    other.get(site.url("/"))
    assert path_of(other) == "/login"
    json.loads(content)  # it was a real session: only the signature differs


@pytest.mark.rule("access.web.session-cookie-only")
def test_a_logged_out_session_cookie_is_refused(site, browser, player):
    """Logging out revokes the token at the gateway: the old cookie, replayed, opens nothing."""
    driver = browser()
    log_in(driver, site, *player)
    old = session_cookie(driver)["value"]
    driver.find_element(By.ID, "logout").click()
    wait_for(driver, lambda d: path_of(d) == "/login", "back on the login page after logging out")
    replay = browser()
    put_cookie(replay, site, old)
    replay.get(site.url("/"))
    assert path_of(replay) == "/login"


@pytest.mark.rule("access.web.csp-strict")
def test_the_content_security_policy_blocks_an_injected_inline_script(site, browser, player):
    driver = browser()
    log_in(driver, site, *player)
    driver.execute_script(
        "window.__violations = [];"
        "document.addEventListener('securitypolicyviolation', e => window.__violations.push(e.violatedDirective));"
        "const s = document.createElement('script'); s.textContent = 'window.__ran = true'; document.body.appendChild(s);"
    )
    violations = wait_for(
        driver, lambda d: d.execute_script("return window.__violations.length ? window.__violations : null"), "a CSP report"
    )
    assert any(v.startswith("script-src") for v in violations)
    assert driver.execute_script("return window.__ran === undefined")


@pytest.mark.rule("access.web.csrf-every-post")
def test_a_form_sent_without_its_csrf_token_is_refused(site, browser, player):
    """The browser sends the password form with its CSRF field removed (as a forged form would arrive):
    refused, and the password is unchanged (the player still logs in with it)."""
    driver = browser()
    log_in(driver, site, *player)
    driver.get(site.url("/password"))
    form = driver.find_element(By.CSS_SELECTOR, "form[action='/password']")
    driver.execute_script("arguments[0].querySelectorAll('input[name=csrf_token]').forEach(e => e.remove())", form)
    for field in form.find_elements(By.CSS_SELECTOR, "input[type=password]"):
        field.send_keys("a new password nobody asked for 1")
    submit(driver, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "sending the form without its token")
    assert driver.find_element(By.TAG_NAME, "h1").text == "Refused"
    again = browser()
    log_in(again, site, *player)
    assert path_of(again) == "/"
