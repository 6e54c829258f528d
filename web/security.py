"""The app's middleware, outermost first (docs/rules.md ``web.*``):

* :class:`SecurityHeaders`: a strict Content-Security-Policy (only this origin's static files; no
  inline script or style; no framing; forms post only here), ``X-Content-Type-Options: nosniff``,
  ``Referrer-Policy: same-origin``, and ``Cache-Control: no-store`` on everything but static files;
* :class:`RequestMetrics`: page time and the gateway calls the page made (``X-Gateway-Calls``);
* the signed session cookie (:mod:`web.session`);
* :class:`LocaleSelection`: the user's locale for the request;
* :class:`CsrfProtection`: every POST (PUT, PATCH, DELETE) carries the session's CSRF token in its
  form field ``csrf_token`` (or the ``X-CSRF-Token`` header), else 403 — whatever the route;
* :class:`LoginGate`: every path but the public ones (login, health, metrics, static files, the
  language switch) needs a logged-in session: a GET without one is sent to the login page, anything
  else is refused with 403.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable
from http.cookies import SimpleCookie
from urllib.parse import quote, unquote_plus

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from web import gateway, i18n, metrics

log = logging.getLogger(__name__)

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        "base-uri 'none'",
    ]
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
PUBLIC_PATHS = frozenset({"/login", "/healthz", "/readyz", "/lang", "/favicon.ico"})
PUBLIC_PREFIXES = ("/static/",)
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_FORM_BYTES = 256 * 1024
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
GATEWAY_CALLS_HEADER = "x-gateway-calls"


def is_public(path: str) -> bool:
    return path in PUBLIC_PATHS or path.startswith(PUBLIC_PREFIXES)


def safe_next(target: str | None) -> str:
    """A local path to return to after login ("/" for anything else: no open redirect)."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target or len(target) > 1000:
        return "/"
    return target


def form_field(body: bytes, name: str) -> str | None:
    """The first value of ``name`` in a URL-encoded form body (no limit on the number of fields)."""
    for pair in body.split(b"&"):
        key, _, value = pair.partition(b"=")
        if unquote_plus(key.decode("latin-1")) == name:
            return unquote_plus(value.decode("latin-1"))
    return None


class HttpMiddleware:
    """A pure ASGI middleware that sees only HTTP requests (lifespan and others pass through)."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


class SecurityHeaders(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        static = scope["path"].startswith(PUBLIC_PREFIXES)
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in {h for h, _ in HEADERS}]
                headers.extend(HEADERS)
                if not static:
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            # a bug: logged with its traceback, answered with a bare 500 that still carries the headers
            # (Starlette's own error page would be sent outside this middleware, without them)
            log.exception("unhandled error on %s %s", scope["method"], scope["path"][:200])
            if started:
                raise
            await PlainTextResponse("internal error", status_code=500)(scope, receive, send_with_headers)


class RequestMetrics(HttpMiddleware):
    def __init__(self, app: ASGIApp, web_metrics: metrics.WebMetrics):
        super().__init__(app)
        self.metrics = web_metrics

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        calls: list[str] = []
        reset = gateway.calls_this_request.set(calls)
        started = time.perf_counter()
        status = [0]

        async def counting_send(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                headers = list(message.get("headers", []))
                headers.append((GATEWAY_CALLS_HEADER.encode(), str(len(calls)).encode()))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, counting_send)
        finally:
            gateway.calls_this_request.reset(reset)
            route = scope.get("route")
            label = getattr(route, "path", None) or ("static" if scope["path"].startswith(PUBLIC_PREFIXES) else "unmatched")
            self.metrics.pages.labels(label, scope["method"], str(status[0])).observe(time.perf_counter() - started)
            self.metrics.calls_per_page.labels(label, scope["method"]).observe(len(calls))


class LocaleSelection(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        chosen = None
        raw_cookie = headers.get("cookie")
        if raw_cookie and len(raw_cookie) < 8192:
            cookie: SimpleCookie = SimpleCookie()
            try:
                cookie.load(raw_cookie)
            except Exception:  # noqa: BLE001 - a malformed cookie header: the browser's language then
                cookie = SimpleCookie()
            if i18n.LANG_COOKIE in cookie:
                chosen = i18n.cookie_locale(cookie[i18n.LANG_COOKIE].value)
        locale = chosen or i18n.negotiate(headers.get("accept-language"))
        reset = i18n.current_locale.set(locale)
        try:
            await self.app(scope, receive, send)
        finally:
            i18n.current_locale.reset(reset)


Refusal = Callable[[Scope, str], Response]


class CsrfProtection(HttpMiddleware):
    """Reads an unsafe request's body (at most :data:`MAX_FORM_BYTES`), checks its token against the
    session's in constant time, and replays the body to the route."""

    def __init__(self, app: ASGIApp, refuse: Refusal, web_metrics: metrics.WebMetrics):
        super().__init__(app)
        self.refuse = refuse
        self.metrics = web_metrics

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["method"] not in UNSAFE_METHODS:
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        body = bytearray()
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body.extend(message.get("body", b""))
            more = message.get("more_body", False)
            if len(body) > MAX_FORM_BYTES:
                await PlainTextResponse("request too large", status_code=413)(scope, receive, send)
                return
        expected = (scope.get("session") or {}).get("csrf")
        sent = headers.get(CSRF_HEADER)
        if sent is None and headers.get("content-type", "").split(";")[0].strip() == "application/x-www-form-urlencoded":
            sent = form_field(bytes(body), CSRF_FIELD)
        if (
            not isinstance(expected, str)
            or not sent
            or not secrets.compare_digest(sent.encode(), expected.encode("latin-1", "replace"))
        ):
            self.metrics.csrf_refusals.inc()
            await self.refuse(scope, "csrf")(scope, receive, send)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class LoginGate(HttpMiddleware):
    def __init__(self, app: ASGIApp, refuse: Refusal):
        super().__init__(app)
        self.refuse = refuse

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if is_public(scope["path"]):
            await self.app(scope, receive, send)
            return
        user = (scope.get("session") or {}).get("user")
        if isinstance(user, dict) and user.get("token"):
            await self.app(scope, receive, send)
            return
        if scope["method"] in ("GET", "HEAD"):
            request = Request(scope)
            target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
            await RedirectResponse(f"/login?next={quote(safe_next(target), safe='/')}", status_code=303)(scope, receive, send)
            return
        await self.refuse(scope, "login")(scope, receive, send)
