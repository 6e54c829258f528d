"""Log in (name + password), log out (the gateway revokes the token), change the password (the new
token replaces the session's), and the language switch."""

from __future__ import annotations

import math

import grpc
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import identity_pb2
from web import i18n
from web.forms import read_form, text
from web.gateway import GatewayError, call, gateway_of
from web.i18n import gettext as _
from web.rendering import render
from web.security import safe_next
from web.session import current_user, end_session, flash, optional_user, replace_token, start_session

MAX_NAME = 100
MAX_PASSWORD = 256
YEAR_SECONDS = 365 * 24 * 3600


async def login_page(request: Request) -> Response:
    if optional_user(request) is not None:
        return RedirectResponse("/", status_code=303)
    return render(request, "auth/login.html", {"name": "", "next": safe_next(request.query_params.get("next"))})


MAX_RETRY_AFTER = 300  # seconds: a Retry-After the gateway's RetryInfo asks for, at most
DEFAULT_RETRY_AFTER = {429: 5, 503: 10}  # seconds, when the gateway gave no RetryInfo (or did not answer)


def busy_answer(error: GatewayError) -> tuple[int, int] | None:
    """A login the gateway could not take now (a login flood: RESOURCE_EXHAUSTED; unavailable or too
    slow: UNAVAILABLE, DEADLINE_EXCEEDED) as ``(HTTP status, Retry-After seconds)``: 429 or 503, after
    the gateway's RetryInfo rounded up (bounded); None for any other refusal."""
    if error.code == grpc.StatusCode.RESOURCE_EXHAUSTED:
        status = 429
    elif error.code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED):
        status = 503
    else:
        return None
    if error.retry_after_s is None:
        return status, DEFAULT_RETRY_AFTER[status]
    return status, min(MAX_RETRY_AFTER, max(1, math.ceil(error.retry_after_s)))


async def login(request: Request) -> Response:
    form = await read_form(request)
    name, password = text(form, "name", MAX_NAME), text(form, "password", MAX_PASSWORD)
    target = safe_next(text(form, "next", 1000))
    try:
        answer = await gateway_of(request).call("Login", identity_pb2.LoginRequest(name=name, password=password), None)
    except GatewayError as error:
        busy = busy_answer(error)
        if busy is not None:
            status, retry_after = busy
            if status == 429:
                message = _("Too many people are logging in right now. Try again in %(n)s seconds.") % {"n": retry_after}
            else:
                message = _("The Rondo server is not answering. Try again in %(n)s seconds.") % {"n": retry_after}
            page = render(request, "auth/login.html", {"name": name, "next": target, "error": message}, status_code=status)
            page.headers["Retry-After"] = str(retry_after)
            return page
        message = (
            _("Wrong name or password.")
            if error.code.name in ("UNAUTHENTICATED", "NOT_FOUND", "INVALID_ARGUMENT")
            else error.text(i18n.current_locale.get())
        )
        return render(request, "auth/login.html", {"name": name, "next": target, "error": message}, status_code=401)
    start_session(request, answer.token, answer.account, identity_pb2.Role.Name(answer.account.role))
    return RedirectResponse(target, status_code=303)


async def logout(request: Request) -> Response:
    user = optional_user(request)
    if user is not None:
        try:
            await gateway_of(request).call("Logout", identity_pb2.LogoutRequest(), user.token)
        except GatewayError as error:
            if error.code.name != "UNAUTHENTICATED":  # an expired token is as good as revoked
                end_session(request)
                flash(
                    request,
                    _("Logged out here, but the server could not revoke the session: ") + error.text(i18n.current_locale.get()),
                    "error",
                )
                return RedirectResponse("/login", status_code=303)
    end_session(request)
    flash(request, _("You have logged out."), "success")
    return RedirectResponse("/login", status_code=303)


async def password_page(request: Request) -> Response:
    current_user(request)
    return render(request, "auth/password.html")


async def change_password(request: Request) -> Response:
    form = await read_form(request)
    old, new, again = (
        text(form, "old_password", MAX_PASSWORD),
        text(form, "new_password", MAX_PASSWORD),
        text(form, "new_password_again", MAX_PASSWORD),
    )
    if new != again:
        return render(request, "auth/password.html", {"error": _("The two new passwords differ.")}, status_code=400)
    try:
        answer = await call(request, "ChangePassword", identity_pb2.ChangePasswordRequest(old_password=old, new_password=new))
    except GatewayError as error:
        if error.code.name not in ("INVALID_ARGUMENT", "PERMISSION_DENIED", "FAILED_PRECONDITION") or error.unreachable:
            raise
        return render(
            request,
            "auth/password.html",
            {"error": error.text(i18n.current_locale.get()), "violations": error.violations},
            status_code=400,
        )
    replace_token(request, answer.token)
    flash(request, _("Your password has been changed."), "success")
    return RedirectResponse("/", status_code=303)


async def switch_language(request: Request) -> Response:
    form = await read_form(request)
    chosen = i18n.cookie_locale(text(form, "lang", 5))
    response = RedirectResponse(safe_next(text(form, "next", 1000)), status_code=303)
    if chosen:
        secure = request.app.state.settings.secure_cookie
        response.set_cookie(i18n.LANG_COOKIE, chosen, max_age=YEAR_SECONDS, httponly=True, secure=secure, samesite="lax")
    return response


routes: list[BaseRoute] = [
    Route("/login", login_page, methods=["GET"]),
    Route("/login", login, methods=["POST"]),
    Route("/logout", logout, methods=["POST"]),
    Route("/password", password_page, methods=["GET"]),
    Route("/password", change_password, methods=["POST"]),
    Route("/lang", switch_language, methods=["POST"]),
]
