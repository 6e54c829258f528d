"""``rondo access grant|revoke`` (the owner of a club or a competition lets another organizer act on it,
or stops) and ``rondo password`` (the caller changes their own password; the new token is stored)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer
from rich.console import Console

from rondo.gateway.v1 import identity_pb2
from rondo_app.client.accounts import resolve_account
from rondo_app.client.credentials import store_token, stored_token
from rondo_app.client.names import club_id, competition_id
from rondo_app.client.parse import BadArgument
from rondo_app.client.render import print_lines
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Session, Token, print_json, session

access = typer.Typer(no_args_is_help=True, help="Let another organizer act on your club or competition: grant, revoke.")

Account = Annotated[str, typer.Argument(metavar="ACCOUNT", help="The organizer's account name (or id).")]
Competition = Annotated[str, typer.Option("--competition", help="The competition (name, id or id prefix).")]
Club = Annotated[str, typer.Option("--club", help="The club (name, id or id prefix).")]


def _resource(s: Session, competition: str, club: str) -> tuple[str, str, str]:
    """(club id, competition id, what it is called) for exactly one of the two options."""
    if bool(competition) == bool(club):
        raise BadArgument("--competition", "name exactly one of --competition and --club")
    if club:
        return club_id(s, club, "--club"), "", f"club {club!r}"
    return "", competition_id(s, competition, "--competition"), f"competition {competition!r}"


@access.command("grant")
def grant_access(
    account: Account,
    competition: Competition = "",
    club: Club = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The organizer may act on your club or competition from now on (not grant it further)."""
    with session(address, token, as_json) as s:
        target = resolve_account(s, account)
        club_key, competition_key, what = _resource(s, competition, club)
        request = identity_pb2.GrantAccessRequest(club_id=club_key, competition_id=competition_key, account_id=target.id)
        answer = s.call("GrantAccess", request)
        s.show(answer, lambda out, a: print_lines(out, [f"{target.name} may now act on {what}"]))


@access.command("revoke")
def revoke_access(
    account: Account,
    competition: Competition = "",
    club: Club = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The organizer's grant on your club or competition ends."""
    with session(address, token, as_json) as s:
        target = resolve_account(s, account)
        club_key, competition_key, what = _resource(s, competition, club)
        request = identity_pb2.RevokeAccessRequest(club_id=club_key, competition_id=competition_key, account_id=target.id)
        answer = s.call("RevokeAccess", request)
        s.show(answer, lambda out, a: print_lines(out, [f"{target.name} no longer acts on {what}"]))


def _read_passwords(from_stdin: bool) -> tuple[str, str]:
    """(old, new): two lines on stdin, or asked for without echo (the new one twice)."""
    if from_stdin:
        lines = sys.stdin.read().splitlines()
        if len(lines) < 2:
            raise BadArgument("--password-stdin", "give the current password and the new one on two lines")
        return lines[0], lines[1]
    old = typer.prompt("Current password", hide_input=True)
    new = typer.prompt("New password", hide_input=True, confirmation_prompt=True)
    return old, new


def password(
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the current and the new password from stdin, one a line (scripts).")
    ] = False,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Change your own password (asked for twice, hidden). Every older token of the account stops working;
    the new token is stored for this gateway."""
    with session(address, token, as_json) as s:
        old, new = _read_passwords(password_stdin)
        answer = s.call("ChangePassword", identity_pb2.ChangePasswordRequest(old_password=old, new_password=new))
        kept = not token or token == stored_token(address)
        expires = answer.expires_at.ToDatetime().isoformat() + "Z" if answer.HasField("expires_at") else ""
        path = store_token(address, answer.token, answer.account.name, expires) if kept else None
        if as_json:
            print_json(answer)
            return
        render_changed(s.out, answer.account.name, str(path) if path else "")


def render_changed(out: Console, name: str, path: str) -> None:
    lines = [f"password of {name!r} changed; every other session of the account is logged out"]
    lines.append(
        f"the new token is stored in {path}" if path else "the new token is in --json's answer (not stored: --token was given)"
    )
    print_lines(out, lines)
