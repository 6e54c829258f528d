"""A login the gateway cannot take now is not a wrong password: RESOURCE_EXHAUSTED (a lockout or a
login flood) answers 429 and UNAVAILABLE (no gateway) 503, each with a Retry-After header taken from
the gateway's RetryInfo and a message in the user's language."""

from __future__ import annotations

import pytest

from rondo.gateway.v1 import identity_pb2
from rondo_runtime.process import free_port
from tests.web.conftest import WebApp, csrf_of, make_account, running_web
from web.pages.auth import DEFAULT_RETRY_AFTER, MAX_RETRY_AFTER

pytestmark = pytest.mark.web

MAX_GUESSES = 12  # 3 free failures, then 1, 2, 4 s waits: the 8th comes before its time


def post_login(browser, name: str, password: str):
    page = browser.get("/login")
    return browser.post("/login", data={"name": name, "password": password, "csrf_token": csrf_of(page.text)})


@pytest.mark.rule("access.web.login-busy-retry-after")
@pytest.mark.parametrize("locale", ["ru"])  # the 503 test reads the English text
def test_a_refused_login_before_its_time_is_429_with_the_gateways_retry_after(web: WebApp, locale: str) -> None:
    name = f"Guesser {locale}"
    make_account(web.deployment, identity_pb2.ROLE_PLAYER, name)
    browser = web.browser(locale)
    answers = []
    for _ in range(MAX_GUESSES):
        answers.append(post_login(browser, name, "wrong"))
        if answers[-1].status_code != 401:
            break
    assert [a.status_code for a in answers[:3]] == [401, 401, 401], "the free failures are wrong passwords"
    busy = answers[-1]
    assert busy.status_code == 429, [a.status_code for a in answers]
    seconds = int(busy.headers["retry-after"])
    assert 1 <= seconds <= MAX_RETRY_AFTER
    expected = {
        "en": f"Too many people are logging in right now. Try again in {seconds} seconds.",
        "ru": f"Сейчас входит слишком много людей. Попробуйте снова через {seconds} с.",
    }[locale]
    assert expected in busy.text
    assert 'name="password"' in busy.text, "the login form again"


@pytest.mark.rule("access.web.login-busy-retry-after")
def test_a_login_without_a_gateway_is_503_with_a_retry_after(web: WebApp) -> None:
    with running_web(web.deployment, gateway_addr=f"127.0.0.1:{free_port()}", gateway_timeout_seconds=5.0) as nowhere:
        answer = post_login(nowhere.browser("en"), "Anyone", "secret")
    assert answer.status_code == 503
    assert answer.headers["retry-after"] == str(DEFAULT_RETRY_AFTER[503])
    assert f"Try again in {DEFAULT_RETRY_AFTER[503]} seconds." in answer.text
