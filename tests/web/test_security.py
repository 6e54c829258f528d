"""The web app's security rules against a real gateway: the token only in a signed, HttpOnly, Secure,
SameSite cookie; every page refusing a missing, expired, forged or foreign session; a CSRF token on
every form, checked on every POST; a strict Content-Security-Policy on every answer; logout revoking
the gateway token."""

from __future__ import annotations

import base64
import json
import time

import grpc
import pytest
from itsdangerous import TimestampSigner
from prometheus_client import generate_latest
from starlette.routing import Route
from starlette.testclient import TestClient

from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2
from rondo_runtime.bearer import with_bearer
from rondo_runtime.process import free_port
from tests.web.conftest import BASE_URL, WebApp, csrf_of, make_account, settings_for
from web.app import SESSION_COOKIE, create_app
from web.security import CSP

pytestmark = pytest.mark.web

SAMPLE = {"competition": "c1", "stage": "1", "round": "1", "table": "1", "record": "r1"}


def paths(web: WebApp, method: str) -> list[str]:
    """Every route of the app answering ``method``, its parameters filled with samples."""
    found = []
    for route in web.app.routes:
        if isinstance(route, Route) and route.methods and method in route.methods:
            path = route.path
            for name, value in SAMPLE.items():
                path = path.replace(f"{{{name}:str}}", value).replace(f"{{{name}:int}}", value)
            found.append(path)
    return found


def session_cookie(data: dict, secret: str, age_s: float = 0) -> str:
    """A session cookie as Starlette signs it, made ``age_s`` seconds ago."""

    class Back(TimestampSigner):
        def get_timestamp(self) -> int:
            return int(time.time() - age_s)

    payload = base64.b64encode(json.dumps(data).encode())
    return Back(secret).sign(payload).decode()


def metrics_of(web: WebApp) -> str:
    """The app's metrics as its metrics port serves them (web/server.py; the pages' port does not)."""
    return generate_latest(web.app.state.metrics.registry).decode()


def logged_in(web: WebApp, name: str):
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, name)
    return web.login(name, password)


def token_of(web: WebApp, browser) -> str:
    """The gateway token inside a browser's session cookie (read with the app's key, as the app does)."""
    raw = browser.cookies.get(SESSION_COOKIE)
    data = TimestampSigner(web.app.state.settings.secret).unsign(raw.encode())
    return json.loads(base64.b64decode(data))["user"]["token"]


@pytest.mark.rule("access.web.login-required")
def test_every_page_but_login_and_health_refuses_a_missing_session(web: WebApp) -> None:
    browser = web.browser()
    public = {"/login", "/healthz", "/readyz"}
    guarded = [p for p in paths(web, "GET") if p not in public]
    assert len(guarded) >= 8
    for path in guarded:
        answer = browser.get(path)
        assert answer.status_code == 303 and answer.headers["location"].startswith("/login"), path
    token = csrf_of(browser.get("/login").text)  # a CSRF-valid POST still needs a logged-in session
    for path in paths(web, "POST"):
        if path in ("/login", "/lang"):
            continue
        answer = browser.post(path, data={"csrf_token": token})
        assert answer.status_code == 403, path


@pytest.mark.rule("access.web.login-required")
def test_a_forged_expired_or_dead_session_is_refused(web: WebApp) -> None:
    victim = logged_in(web, "Session Victim")
    token = token_of(web, victim)
    forged = web.browser()
    forged.cookies.set(SESSION_COOKIE, session_cookie({"user": {"token": token, "role": "ROLE_PLAYER"}}, "another key " * 4))
    assert forged.get("/").status_code == 303  # signed with another key: no session at all
    expired = web.browser()
    secret = web.app.state.settings.secret
    old = session_cookie(
        {"user": {"token": token, "role": "ROLE_PLAYER"}}, secret, age_s=web.app.state.settings.session_seconds + 60
    )
    expired.cookies.set(SESSION_COOKIE, old)
    assert expired.get("/").status_code == 303
    dead = web.browser()  # signed right, but the gateway does not know the token
    dead.cookies.set(SESSION_COOKIE, session_cookie({"user": {"token": "not-a-token", "role": "ROLE_PLAYER"}}, secret))
    answer = dead.get("/")
    assert answer.status_code == 303 and answer.headers["location"] == "/login"
    assert "Your session has ended" in dead.get("/login").text


@pytest.mark.rule("access.web.session-cookie-only")
def test_the_token_lives_only_in_a_signed_httponly_secure_samesite_cookie_and_logout_revokes_it(web: WebApp) -> None:
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "Cookie Player")
    browser = web.browser()
    page = browser.get("/login")
    answer = browser.post("/login", data={"name": "Cookie Player", "password": password, "csrf_token": csrf_of(page.text)})
    cookie = answer.headers["set-cookie"]
    assert (
        f"{SESSION_COOKIE}=" in cookie
        and "httponly" in cookie.lower()
        and "secure" in cookie.lower()
        and "samesite=lax" in cookie.lower()
    )
    token = token_of(web, browser)
    home = browser.get("/")
    assert token not in home.text and token not in answer.headers.get("location", "")
    stub = gateway_pb2_grpc.GatewayServiceStub(with_bearer(web.deployment.raw_channel, token))
    assert stub.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=10).name == "Cookie Player"
    browser.post("/logout", data={"csrf_token": csrf_of(home.text)})
    with pytest.raises(grpc.RpcError) as refused:
        stub.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=10)
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED


@pytest.mark.rule("access.web.session-cookie-only")
def test_a_password_change_replaces_the_sessions_token(web: WebApp) -> None:
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "Changing Player")
    browser = web.login("Changing Player", password)
    before = token_of(web, browser)
    page = browser.get("/password")
    new = "a much better password"
    answer = browser.post(
        "/password",
        data={"old_password": password, "new_password": new, "new_password_again": new, "csrf_token": csrf_of(page.text)},
    )
    assert answer.status_code == 303
    after = token_of(web, browser)
    assert after != before and browser.get("/").status_code == 200
    old = gateway_pb2_grpc.GatewayServiceStub(with_bearer(web.deployment.raw_channel, before))
    with pytest.raises(grpc.RpcError):
        old.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=10)
    wrong = browser.post(
        "/password",
        data={
            "old_password": "wrong one!",
            "new_password": new + "x",
            "new_password_again": new + "x",
            "csrf_token": csrf_of(page.text),
        },
    )
    assert wrong.status_code == 400 and 'id="password-error"' in wrong.text


@pytest.mark.rule("access.web.csrf-every-post")
def test_every_post_without_the_sessions_csrf_token_is_refused(web: WebApp) -> None:
    browser = logged_in(web, "Csrf Player")
    token = csrf_of(browser.get("/").text)
    other = logged_in(web, "Csrf Other")
    foreign = csrf_of(other.get("/").text)
    for path in paths(web, "POST"):
        for data in ({}, {"csrf_token": "wrong"}, {"csrf_token": foreign}, {"csrf_token": ""}):
            answer = browser.post(path, data=data)
            assert answer.status_code == 403, (path, data)
    json_body = browser.post("/logout", content=json.dumps({"csrf_token": token}), headers={"Content-Type": "application/json"})
    assert json_body.status_code == 403  # the token counts only in a form field or the header
    assert browser.get("/").status_code == 200  # still logged in: nothing was done
    assert browser.post("/logout", data={"csrf_token": token}).status_code == 303
    assert browser.get("/").status_code == 303
    assert "rondo_web_csrf_refusals_total" in metrics_of(web)


@pytest.mark.rule("access.web.csp-strict")
def test_every_answer_carries_a_strict_content_security_policy_and_no_inline_code(web: WebApp) -> None:
    browser = logged_in(web, "Csp Player")
    pages = [browser.get(p) for p in ("/", "/login", "/password", "/calendar", "/telegram", "/no-such-page", "/healthz")]
    pages.append(web.browser().get("/login"))
    for answer in pages:
        policy = answer.headers["content-security-policy"]
        assert policy == CSP
        directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
        assert (
            directives["default-src"] == "'self'" and directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
        )
        assert (
            directives["frame-ancestors"] == "'none'"
            and directives["form-action"] == "'self'"
            and directives["base-uri"] == "'none'"
        )
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        assert answer.headers["x-content-type-options"] == "nosniff" and answer.headers["referrer-policy"] == "same-origin"
        if answer.headers.get("content-type", "").startswith("text/html"):
            html = answer.text.lower()
            assert "<script>" not in html and "<style" not in html and " style=" not in html and " onclick=" not in html
            assert answer.headers["cache-control"] == "no-store"
    assert web.browser().get("/static/site.css").headers["content-security-policy"] == CSP


def test_login_refuses_a_wrong_password_and_never_redirects_off_site(web: WebApp) -> None:
    _, password = make_account(web.deployment, identity_pb2.ROLE_PLAYER, "Redirect Player")
    browser = web.browser()
    page = browser.get("/login?next=//evil.example/x")
    assert 'name="next" value="/"' in page.text
    wrong = browser.post(
        "/login", data={"name": "Redirect Player", "password": "nope", "next": "/", "csrf_token": csrf_of(page.text)}
    )
    assert wrong.status_code == 401 and "Wrong name or password." in wrong.text and "nope" not in wrong.text
    for target in ("https://evil.example/", "//evil.example", "/\\evil.example"):
        answer = browser.post(
            "/login", data={"name": "Redirect Player", "password": password, "next": target, "csrf_token": csrf_of(page.text)}
        )
        assert answer.headers["location"] == "/"
        browser.post("/logout", data={"csrf_token": csrf_of(browser.get("/").text)})
        page = browser.get("/login")


def test_gateway_calls_per_page_are_counted_and_exposed(web: WebApp) -> None:
    browser = logged_in(web, "Counted Player")
    home = browser.get("/")
    assert home.headers["x-gateway-calls"] == "1"  # WhoAmI; no competition linked
    assert browser.get("/healthz").headers["x-gateway-calls"] == "0"
    assert browser.get("/metrics").status_code == 404, "no metrics on the pages' public port"
    metrics = metrics_of(web)
    assert 'rondo_web_gateway_calls_per_page_count{method="GET",route="/"}' in metrics
    assert 'rondo_web_gateway_calls_total{code="OK",rpc="WhoAmI"}' in metrics


@pytest.mark.rule("access.web.csp-strict")
def test_a_bug_is_a_bare_500_with_the_security_headers_and_no_traceback(embedded) -> None:
    app = create_app(settings_for(embedded))

    async def boom(request):
        raise RuntimeError("secret detail of a bug")

    app.router.routes.insert(0, Route("/healthz", boom))
    with TestClient(app, base_url=BASE_URL, raise_server_exceptions=False) as client:
        answer = client.get("/healthz")
    assert answer.status_code == 500 and answer.text == "internal error"
    assert answer.headers["content-security-policy"] == CSP and "secret detail" not in answer.text


def test_without_a_gateway_the_app_is_not_ready_and_says_so_on_a_small_page(embedded) -> None:
    settings = settings_for(embedded, gateway_addr=f"127.0.0.1:{free_port()}", gateway_timeout_seconds=2.0)
    with TestClient(create_app(settings), base_url=BASE_URL, follow_redirects=False) as client:
        assert client.get("/healthz").status_code == 200
        assert client.get("/readyz").status_code == 503
        page = client.get("/login")
        answer = client.post("/login", data={"name": "Anyone", "password": "whatever", "csrf_token": csrf_of(page.text)})
        assert answer.status_code in (503, 504) and "The Rondo server is not answering" in answer.text
        assert answer.headers["content-security-policy"] == CSP


def test_health_and_readiness_need_no_session(web: WebApp) -> None:
    browser = web.browser()
    assert browser.get("/healthz").text == "ok"
    assert browser.get("/readyz").text == "ready"
