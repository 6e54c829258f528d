"""``rondo login`` / ``logout`` / ``whoami``: the organizer's token, kept per gateway address."""

from __future__ import annotations

from typing import Annotated

import grpc
import typer
from rich.console import Console

from rondo.gateway.v1 import identity_pb2
from rondo_app.client.credentials import forget_token, store_token, stored_token
from rondo_app.client.lookup import short
from rondo_app.client.render import enum_name, pairs, print_lines, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Session, Token, print_json, session


def login(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The account's login name.")],
    password: Annotated[
        str,
        typer.Option(
            "--password",
            envvar="RONDO_PASSWORD",
            prompt=True,
            hide_input=True,
            help="Default: asked for, without echo.",
            show_default=False,
        ),
    ],
    address: Address = DEFAULT_ADDRESS,
    as_json: Json = False,
) -> None:
    """Log in and keep the token (credentials.json in the config directory, mode 0600): later commands to
    this gateway send it."""
    with session(address, "", as_json, login_hint=False) as s:
        answer = s.call("Login", identity_pb2.LoginRequest(name=name, password=password))
        expires = answer.expires_at.ToDatetime().isoformat() + "Z" if answer.HasField("expires_at") else ""
        path = store_token(address, answer.token, answer.account.name, expires)
        if as_json:
            print_json(answer)
            return
        role = enum_name(identity_pb2.Role, answer.account.role)
        print_lines(
            s.out,
            [
                f"logged in to {address} as {answer.account.name!r} ({role}); the token is valid until {when(answer.expires_at)}",
                f"token stored in {path}",
            ],
        )


def logout(address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """End the current token on the gateway and forget it here."""
    with session(address, token, as_json) as s:
        if not s.token:
            print_lines(s.out, [f"not logged in to {address}"])
            return
        try:
            answer = s.call("Logout", identity_pb2.LogoutRequest())
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.UNAUTHENTICATED:
                raise
            answer = identity_pb2.LogoutResponse()  # the token had already stopped working: forget it all the same
        forgot = s.token == stored_token(address) and forget_token(address)
        if as_json:
            print_json(answer)
        else:
            print_lines(s.out, [f"logged out of {address}" + (" (stored token removed)" if forgot else "")])


def whoami(address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """The account the token belongs to: name, role, linked players."""
    with session(address, token, as_json) as s:
        answer = s.call("WhoAmI", identity_pb2.WhoAmIRequest())
        names = {} if as_json else _linked_names(s, answer)
        s.show(answer, lambda out, a: render_account(out, a, names))


def _linked_names(s: Session, account: identity_pb2.Account) -> dict[tuple[str, str], str]:
    """ "Akagi (Winter league)" for each linked player, when the account may read the rosters."""
    from rondo_app.client.accounts import competition_players

    try:
        return competition_players(s, [account])
    except grpc.RpcError:
        return {}


def render_account(out: Console, account: identity_pb2.Account, names: dict[tuple[str, str], str] | None = None) -> None:
    rows = [
        ("name", account.name),
        ("role", enum_name(identity_pb2.Role, account.role)),
        ("created", when(account.created_at)),
        ("disabled", "yes" if account.disabled else "no"),
    ]
    rows.extend(
        (
            "plays as",
            (names or {}).get((link.competition_id, link.player_id))
            or f"{short(link.player_id)} in {short(link.competition_id)}",
        )
        for link in account.players
    )
    out.print(pairs("account", rows))
