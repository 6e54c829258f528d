"""The skeleton: health, login and logout through the forms, the session's pages, the headers."""

from __future__ import annotations

import pytest

from rondo.gateway.v1 import identity_pb2
from tests.web.conftest import WebApp, csrf_of, make_account

pytestmark = pytest.mark.web


def test_health_and_readiness(web: WebApp) -> None:
    browser = web.browser()
    assert browser.get("/healthz").text == "ok"
    assert browser.get("/readyz").status_code == 200


def test_login_shows_the_account_and_logout_revokes_the_token(web: WebApp) -> None:
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "Skeleton Player")
    browser = web.login("Skeleton Player", password)
    home = browser.get("/")
    assert home.status_code == 200 and "Skeleton Player" in home.text
    token = browser.cookies.get("rondo_session")
    assert token
    answer = browser.post("/logout", data={"csrf_token": csrf_of(home.text)})
    assert answer.status_code == 303 and answer.headers["location"] == "/login"
    assert browser.get("/").status_code == 303
