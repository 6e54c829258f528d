"""``create_app(settings)``: the Starlette app — the routes of every ``web/pages/<area>.py`` (each
exposes ``routes`` and may expose ``nav``), the middleware of :mod:`web.security`, the templates, the
catalogues and one gateway client, opened and closed with the app's lifespan."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

import grpc
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from web import i18n, pages, security
from web.config import WebSettings
from web.gateway import Gateway, GatewayError
from web.metrics import WebMetrics
from web.rendering import Renderer, make_environment, render
from web.session import LoginRequired, end_session, flash

STATIC = pages.WEB_DIR / "static"
SESSION_COOKIE = "rondo_session"

# a refused gateway call -> the HTTP status of the page that says so
HTTP_STATUS = {
    grpc.StatusCode.INVALID_ARGUMENT: 400,
    grpc.StatusCode.OUT_OF_RANGE: 400,
    grpc.StatusCode.NOT_FOUND: 404,
    grpc.StatusCode.PERMISSION_DENIED: 403,
    grpc.StatusCode.FAILED_PRECONDITION: 409,
    grpc.StatusCode.ALREADY_EXISTS: 409,
    grpc.StatusCode.ABORTED: 409,
    grpc.StatusCode.RESOURCE_EXHAUSTED: 429,
    grpc.StatusCode.UNAVAILABLE: 503,
    grpc.StatusCode.DEADLINE_EXCEEDED: 504,
}


def create_app(settings: WebSettings) -> Starlette:
    web_metrics = WebMetrics()
    catalogues = i18n.catalogues()
    found = pages.discover()
    renderer = Renderer(make_environment(catalogues), found.nav)
    _ = catalogues.gettext

    def refuse(scope: Scope, why: str) -> Response:
        request = Request(scope)
        if why == "csrf":
            message = _("This form has expired or did not come from this site. Reload the page and try again.")
        else:
            message = _("Please log in.")
        return renderer.render(request, "errors/error.html", {"title": _("Refused"), "message": message}, status_code=403)

    async def gateway_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, GatewayError)
        if exc.code == grpc.StatusCode.UNAUTHENTICATED:
            end_session(request)
            flash(request, _("Your session has ended. Please log in again."), "error")
            return RedirectResponse("/login", status_code=303)
        if exc.unreachable:
            message = _("The Rondo server is not answering. Try again in a minute.")
        else:
            message = exc.text(i18n.current_locale.get())
        status = HTTP_STATUS.get(exc.code, 500)
        return render(
            request,
            "errors/error.html",
            {"title": _("Something went wrong"), "message": message, "violations": exc.violations},
            status,
        )

    async def login_required(request: Request, exc: Exception) -> Response:
        if request.method in ("GET", "HEAD"):
            return RedirectResponse("/login", status_code=303)
        return refuse(request.scope, "login")

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        titles = {404: _("Page not found"), 403: _("Refused"), 405: _("Not allowed")}
        title = titles.get(exc.status_code, _("Something went wrong"))
        return render(request, "errors/error.html", {"title": title, "message": ""}, exc.status_code)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.gateway = Gateway(settings.gateway_addr, settings.gateway_timeout_seconds, web_metrics)
        try:
            yield
        finally:
            await app.state.gateway.close()

    middleware = [
        Middleware(security.SecurityHeaders),
        Middleware(security.RequestMetrics, web_metrics=web_metrics),
        Middleware(
            SessionMiddleware,
            secret_key=settings.secret,
            session_cookie=SESSION_COOKIE,
            max_age=settings.session_seconds,
            same_site="lax",
            https_only=settings.secure_cookie,
        ),
        Middleware(security.LocaleSelection),
        Middleware(security.CsrfProtection, refuse=refuse, web_metrics=web_metrics),
        Middleware(security.LoginGate, refuse=refuse),
    ]
    routes = [*found.routes, Mount("/static", app=StaticFiles(directory=STATIC), name="static")]
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={GatewayError: gateway_error, LoginRequired: login_required, HTTPException: http_error},
    )
    app.state.settings = settings
    app.state.metrics = web_metrics
    app.state.renderer = renderer
    app.state.catalogues = catalogues
    app.state.club_cache = {}  # club id -> (until, web.pages.player.Club): see club_of
    return app
