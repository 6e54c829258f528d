"""The web app's tier: the app in-process (Starlette's TestClient over ASGI) in front of a real gateway
(`rondo up` on loopback, the e2e tier's ``embedded`` fixture), one app per test module.

``web.browser()`` is a new browser (its own cookie jar) on the module's app; ``web.login(name,
password)`` one logged in through the login form. :func:`csrf_of` reads the CSRF token a page's forms
carry; :func:`make_account` makes an account through the organizer and answers its password."""

from __future__ import annotations

import contextlib
import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from starlette.testclient import TestClient

from rondo.gateway.v1 import identity_pb2
from tests.e2e.conftest import Deployment, embedded  # noqa: F401 - the fixture, used by this tier
from web.app import create_app
from web.config import WebSettings

BASE_URL = "https://testserver"
_CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def csrf_of(html: str) -> str:
    found = _CSRF.search(html)
    assert found, "the page has no form with a CSRF token"
    return found.group(1)


def make_account(deployment: Deployment, role: identity_pb2.Role, name: str) -> tuple[str, str]:
    """A new account made by the organizer: (account id, password)."""
    made = deployment.accounts.organizer.CreateAccount(
        identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=role)), timeout=30
    )
    return made.account.id, made.password


@dataclass
class WebApp:
    main: TestClient
    deployment: Deployment

    @property
    def app(self):
        return self.main.app

    def browser(self, locale: str = "en") -> TestClient:
        """A new browser on the app (its own cookies), speaking ``locale``."""
        client = TestClient(self.main.app, base_url=BASE_URL, follow_redirects=False, headers={"Accept-Language": locale})
        client.portal = self.main.portal  # the app's event loop, where its gateway channel lives
        return client

    def login(self, name: str, password: str, locale: str = "en") -> TestClient:
        browser = self.browser(locale)
        page = browser.get("/login")
        answer = browser.post("/login", data={"name": name, "password": password, "csrf_token": csrf_of(page.text)})
        assert answer.status_code == 303, answer.text
        return browser


def settings_for(deployment: Deployment, **overrides) -> WebSettings:
    values = {"gateway_addr": deployment.address, "secret": secrets.token_urlsafe(32), "secure_cookie": True, **overrides}
    return WebSettings(**values)


@contextlib.contextmanager
def running_web(deployment: Deployment, **overrides) -> Iterator[WebApp]:
    """The web app (its lifespan entered: one gateway channel) in front of ``deployment``."""
    with TestClient(create_app(settings_for(deployment, **overrides)), base_url=BASE_URL, follow_redirects=False) as main:
        yield WebApp(main, deployment)


@pytest.fixture(scope="module")
def web(embedded: Deployment) -> Iterator[WebApp]:  # noqa: F811 - the imported fixture
    with running_web(embedded) as app:
        yield app
