"""``rondo accounts ...``: the organizer makes judges, players and bots, lists them, resets a password,
disables an account, revokes its tokens and links a player account to a league player.

An account is named by its login name (compared case-folded) or its id; a password or a bot's service
token is printed once, when it is made, and never again.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console

from rondo.gateway.v1 import competitions_pb2, identity_pb2
from rondo_app.client import lookup
from rondo_app.client.competitions import players_of
from rondo_app.client.names import pick
from rondo_app.client.render import enum_name, pairs, print_lines, table, when, yes_no
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Session, Token, print_json, session

accounts = typer.Typer(
    no_args_is_help=True,
    help="Accounts: create judges, players and bots, list, reset a password, disable, revoke tokens, link a player.",
)


class NewRole(StrEnum):
    """The roles an organizer gives from the CLI (organizers are made by `rondo admin create-organizer`)."""

    judge = "judge"
    player = "player"
    bot = "bot"


ROLES = {
    NewRole.judge: identity_pb2.ROLE_JUDGE,
    NewRole.player: identity_pb2.ROLE_PLAYER,
    NewRole.bot: identity_pb2.ROLE_BOT,
}

AccountName = Annotated[str, typer.Argument(metavar="ACCOUNT", help="The account's name (or id).")]
Reason = Annotated[str, typer.Option("--reason", help="Why (kept in the audit log).")]


def all_accounts(s: Session) -> identity_pb2.ListAccountsResponse:
    request = identity_pb2.ListAccountsRequest(include_disabled=True, page_size=500)
    return s.all_pages("ListAccounts", request, "accounts")


def resolve_account(s: Session, key: str) -> identity_pb2.Account:
    """The account ``key`` names: its id, its name (compared case-folded) or an unambiguous id prefix
    (rondo_app/client/names.py's rule)."""
    listed = list(all_accounts(s).accounts)
    found = pick(key, ((a.id, a.name) for a in listed), "ACCOUNT", "account", "rondo accounts list")
    return next(a for a in listed if a.id == found)


@accounts.command("create")
def create_account(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The login name (at most 100 characters).")],
    role: Annotated[NewRole, typer.Option("--role", help="judge, player or bot.", case_sensitive=False)],
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Make an account; its password (a bot: its service token) is printed once — hand it over now."""
    request = identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=ROLES[role]))
    with session(address, token, as_json) as s:
        s.show(s.call("CreateAccount", request), render_credentials)


@accounts.command("list")
def list_accounts(
    role: Annotated[NewRole | None, typer.Option("--role", help="Only this role.", case_sensitive=False)] = None,
    disabled: Annotated[bool, typer.Option("--disabled", help="Disabled accounts too.")] = False,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The accounts: name, role, when made, disabled, the players a player account plays as."""
    request = identity_pb2.ListAccountsRequest(
        role=ROLES[role] if role else identity_pb2.ROLE_UNSPECIFIED, include_disabled=disabled, page_size=500
    )
    with session(address, token, as_json) as s:
        answer = s.all_pages("ListAccounts", request, "accounts")
        if as_json:
            print_json(answer)
            return
        names = competition_players(s, answer.accounts)
        rows = [
            (
                a.name,
                enum_name(identity_pb2.Role, a.role),
                when(a.created_at),
                yes_no(a.disabled),
                ", ".join(names.get((link.competition_id, link.player_id)) or lookup.short(link.player_id) for link in a.players),
            )
            for a in answer.accounts
        ]
        s.out.print(table("accounts", ("name", "role", "created", "disabled", "plays as"), rows))


def competition_players(s: Session, listed: Iterable[identity_pb2.Account]) -> dict[tuple[str, str], str]:
    """(competition id, player id) -> "name (competition)" for every linked player: names, not ids."""
    shown: dict[tuple[str, str], str] = {}
    for competition_id in {link.competition_id for a in listed for link in a.players}:
        competition = s.call("GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=competition_id))
        for p in players_of(s, competition_id).players:
            shown[(competition_id, p.id)] = f"{p.name} ({competition.name})"
    return shown


@accounts.command("reset-password")
def reset_password(
    account: AccountName,
    reason: Reason = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A new password (a bot: a new service token), printed once; the old one and its tokens stop working."""
    with session(address, token, as_json) as s:
        found = resolve_account(s, account)
        answer = s.call("ResetPassword", identity_pb2.ResetPasswordRequest(account_id=found.id, reason=reason))
        s.show(answer, render_credentials)


@accounts.command("disable")
def disable_account(
    account: AccountName,
    reason: Reason = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The account can no longer log in, and its tokens stop working."""
    with session(address, token, as_json) as s:
        found = resolve_account(s, account)
        answer = s.call("DisableAccount", identity_pb2.DisableAccountRequest(account_id=found.id, reason=reason))
        if as_json:
            print_json(answer)
        else:
            print_lines(s.out, [f"account {answer.name!r} disabled"])


@accounts.command("revoke")
def revoke_tokens(
    account: AccountName,
    reason: Reason = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """End every token of the account (it logs in again; the password is unchanged)."""
    with session(address, token, as_json) as s:
        found = resolve_account(s, account)
        answer = s.call("RevokeToken", identity_pb2.RevokeTokenRequest(account_id=found.id, reason=reason))
        if as_json:
            print_json(answer)
        else:
            print_lines(s.out, [f"every token of {found.name!r} revoked"])


@accounts.command("link")
def link_player(
    account: AccountName,
    competition_id: Annotated[
        str, typer.Argument(metavar="COMPETITION", help="The competition: its name, id or an unambiguous id prefix.")
    ],
    player: Annotated[str, typer.Argument(metavar="PLAYER", help="The league player: roster name, id or id prefix.")],
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A player account plays as this league player (it sees and reports that player's games)."""
    with session(address, token, as_json) as s:
        found = resolve_account(s, account)
        competition_id = lookup.competition(s, competition_id)
        roster = players_of(s, competition_id).players
        player_id = lookup.player(player, ((p.id, p.name) for p in roster))
        request = identity_pb2.LinkPlayerRequest(account_id=found.id, competition_id=competition_id, player_id=player_id)
        answer = s.call("LinkPlayer", request)
        if as_json:
            print_json(answer)
        else:
            name = next(p.name for p in roster if p.id == player_id)
            print_lines(s.out, [f"account {answer.name!r} plays as {name!r}"])


def render_credentials(out: Console, answer: identity_pb2.AccountCredentials) -> None:
    account = answer.account
    rows: list[tuple[str, str]] = [("name", account.name), ("role", enum_name(identity_pb2.Role, account.role))]
    if answer.password:
        rows.append(("password", answer.password))
    if answer.service_token:
        rows.append(("service token", answer.service_token))
        rows.append(("token valid until", when(answer.service_token_expires_at)))
    out.print(pairs("account", rows))
    print_lines(out, ["shown once: hand it over now, it cannot be shown again (a new one: `rondo accounts reset-password`)"])
