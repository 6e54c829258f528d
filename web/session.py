"""The signed session cookie (Starlette's ``SessionMiddleware``: HttpOnly, SameSite=Lax, Secure unless
``RONDO_WEB_SECURE_COOKIE=0``, refused once older than ``RONDO_WEB_SESSION_SECONDS`` or signed with
another key) holds the gateway token — nowhere else does the token go — with the account's name and
role for the header, the form's CSRF token and the flash messages of the next page."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

MAX_FLASHES = 3
MAX_FLASH_CHARS = 300
MAX_SESSION_JSON = 2600  # base64 (x4/3) and the signature keep the cookie under 4 KiB


class LoginRequired(Exception):
    """No usable session: the app answers with the login page (GET) or 403 (anything else)."""


@dataclass(frozen=True)
class User:
    token: str
    account_id: str
    name: str
    role: str  # identity_pb2.Role name, e.g. "ROLE_PLAYER"

    @property
    def is_player(self) -> bool:
        return self.role == "ROLE_PLAYER"

    @property
    def is_organizer(self) -> bool:
        return self.role == "ROLE_ORGANIZER"

    @property
    def is_judge(self) -> bool:
        return self.role == "ROLE_JUDGE"


def csrf_token(request: Request) -> str:
    """The session's CSRF token (made on first use); every form sends it as ``csrf_token``."""
    token = request.session.get("csrf")
    if not isinstance(token, str) or len(token) < 32:
        token = secrets.token_urlsafe(32)
        request.session["csrf"] = token
    return token


def current_user(request: Request) -> User:
    """The logged-in user, or :class:`LoginRequired`."""
    data = request.session.get("user")
    if not isinstance(data, dict) or not data.get("token"):
        raise LoginRequired()
    return User(
        token=str(data["token"]),
        account_id=str(data.get("id", "")),
        name=str(data.get("name", "")),
        role=str(data.get("role", "")),
    )


def optional_user(request: Request) -> User | None:
    try:
        return current_user(request)
    except LoginRequired:
        return None


def start_session(request: Request, token: str, account: Any, role_name: str) -> None:
    """After a login: a fresh session (new CSRF token) holding the new token and the account's linked
    players (which league player "I" am in each competition: pages pick my seat with it; what I may
    see and do is still the gateway's decision)."""
    request.session.clear()
    request.session["user"] = {"token": token, "id": account.id, "name": account.name[:100], "role": role_name}
    remember_players(request, account.players)
    csrf_token(request)


MAX_LINKS = 12


def remember_players(request: Request, links: Any) -> None:
    """The account's linked players as the gateway last said (refreshed by "my matches")."""
    request.session["players"] = [[link.competition_id, link.player_id] for link in list(links)[:MAX_LINKS]]


def remembered_player(request: Request, competition_id: str) -> str | None:
    for pair in request.session.get("players") or []:
        if isinstance(pair, list) and len(pair) == 2 and pair[0] == competition_id:
            return str(pair[1])
    return None


def replace_token(request: Request, token: str) -> None:
    """After a password change: the gateway's new token replaces the session's (the old one is dead)."""
    data = dict(request.session.get("user") or {})
    data["token"] = token
    request.session["user"] = data


def end_session(request: Request) -> None:
    request.session.clear()


def flash(request: Request, text: str, kind: str = "info") -> None:
    """A message shown once, on the next page rendered for this session. The cookie must stay under
    the browsers' 4 KiB: older messages give way, then the new one is cut, to keep the session's JSON
    within :data:`MAX_SESSION_JSON` bytes."""
    flashes = list(request.session.get("flash") or [])[-(MAX_FLASHES - 1) :]
    flashes.append({"kind": kind if kind in ("info", "error", "success") else "info", "text": text[:MAX_FLASH_CHARS]})
    request.session["flash"] = flashes
    while session_size(request) > MAX_SESSION_JSON and len(flashes) > 1:
        flashes.pop(0)
    while session_size(request) > MAX_SESSION_JSON and len(flashes[-1]["text"]) > 20:
        flashes[-1]["text"] = flashes[-1]["text"][: len(flashes[-1]["text"]) // 2] + "…"


def session_size(request: Request) -> int:
    """The session as the cookie carries it (JSON, non-ASCII escaped), in bytes before base64."""
    return len(json.dumps(request.session))


def pop_flashes(request: Request) -> list[dict[str, str]]:
    return list(request.session.pop("flash", None) or [])
