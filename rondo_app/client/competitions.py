"""``rondo competitions`` and ``rondo roster``: the competitions and who plays in them."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console

from rondo.gateway.v1 import competitions_pb2
from rondo_app.client import lookup
from rondo_app.client.render import enum_name, pairs, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, session

competitions = typer.Typer(no_args_is_help=True, help="Competitions: list, create, show.")
roster = typer.Typer(no_args_is_help=True, help="A competition's players: list, add, withdraw, close registration.")

CompetitionId = Annotated[
    str, typer.Argument(metavar="COMPETITION", help="The competition: its name, id or an unambiguous id prefix.")
]


@competitions.command("list")
def list_competitions(address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """Every competition, oldest first."""
    with session(address, token, as_json) as s:
        answer = s.all_pages("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=1000), "competitions")
        s.show(answer, render_competitions)


@competitions.command("create")
def create_competition(
    name: Annotated[str, typer.Argument(metavar="NAME")],
    ruleset: Annotated[str, typer.Option(help="The registered ruleset.")] = "discard-league-2026",
    rounds: Annotated[int, typer.Option(help="Rounds of the draw (0 = the ruleset's).")] = 0,
    table_size: Annotated[int, typer.Option("--table-size", help="Players per table (0 = the ruleset's).")] = 0,
    overrides: Annotated[str, typer.Option(help="Ruleset fields changed, a JSON object, e.g. '{\"hanchan_uma\": [...]}'.")] = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Create a competition (a league, a cup, an Up&Down league) with its ruleset pinned."""
    request = competitions_pb2.CreateCompetitionRequest(
        competition=competitions_pb2.Competition(name=name, ruleset=ruleset, rounds=rounds, table_size=table_size),
        ruleset_overrides=overrides,
        idempotency_key=idempotency_key,
    )
    with session(address, token, as_json) as s:
        s.show(s.call("CreateCompetition", request), render_competition)


@competitions.command("show")
def show_competition(
    competition_id: CompetitionId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False
) -> None:
    """One competition: ruleset, rounds, table size, registration, the published draw."""
    with session(address, token, as_json) as s:
        cid = lookup.competition(s, competition_id)
        found = s.call("GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=cid))
        versions = {} if as_json or not found.published_draw_id else lookup.draw_versions(s, cid)
        s.show(found, lambda out, c: render_competition(out, c, versions))


def render_competitions(out: Console, answer: competitions_pb2.ListCompetitionsResponse) -> None:
    rows = [
        (c.name, c.ruleset, c.rounds, c.table_size, "closed" if c.HasField("registration_closed_at") else "open")
        for c in answer.competitions
    ]
    out.print(
        table(
            "competitions",
            ("name", "ruleset", "rounds", "table size", "registration"),
            rows,
            right=("rounds", "table size"),
        )
    )


def render_competition(out: Console, c: competitions_pb2.Competition, versions: dict[str, str] | None = None) -> None:
    published = (versions or {}).get(c.published_draw_id, "yes") if c.published_draw_id else "none yet"
    rows = [
        ("name", c.name),
        ("ruleset", c.ruleset),
        ("rounds", c.rounds),
        ("table size", c.table_size),
        ("created", when(c.created_at)),
        ("registration", f"closed {when(c.registration_closed_at)}" if c.HasField("registration_closed_at") else "open"),
        ("published draw", published),
    ]
    out.print(pairs(f"competition {c.name}", rows))


# ---- roster


def players_of(s: Session, competition_id: str, include_inactive: bool = True) -> competitions_pb2.ListPlayersResponse:
    request = competitions_pb2.ListPlayersRequest(
        competition_id=competition_id, include_inactive=include_inactive, page_size=1000
    )
    return s.all_pages("ListPlayers", request, "players")


def player_names(s: Session, competition_id: str) -> dict[str, str]:
    """Player id -> name over the whole roster (withdrawn players too): tables show names, not ids."""
    return dict(lookup.roster(s, competition_id))


@roster.command("list")
def list_players(
    competition_id: CompetitionId,
    active: Annotated[bool, typer.Option("--active", help="Only main, reserve and substitute players.")] = False,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The roster in registration order (withdrawn and disqualified players too, unless --active)."""
    with session(address, token, as_json) as s:
        s.show(players_of(s, lookup.competition(s, competition_id), include_inactive=not active), render_players)


@roster.command("add")
def add_player(
    competition_id: CompetitionId,
    name: Annotated[str, typer.Argument(metavar="NAME")],
    substitute: Annotated[bool, typer.Option("--substitute", help="A technical substitute (never ranked).")] = False,
    rating: Annotated[int | None, typer.Option(help="The player's rating.")] = None,
    title: Annotated[str, typer.Option(help='The player\'s title, e.g. "1 dan" (at most 100 characters).')] = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Register a player (a main participant, or with --substitute a technical substitute)."""
    with session(address, token, as_json) as s:
        request = competitions_pb2.RegisterPlayerRequest(
            competition_id=lookup.competition(s, competition_id),
            name=name,
            rating=rating,
            idempotency_key=idempotency_key,
            status=competitions_pb2.PLAYER_STATUS_SUBSTITUTE if substitute else competitions_pb2.PLAYER_STATUS_MAIN,
            title=title,
        )
        s.show(s.call("RegisterPlayer", request), render_player)


@roster.command("withdraw")
def withdraw_player(
    competition_id: CompetitionId,
    player_id: Annotated[str, typer.Argument(metavar="PLAYER", help="The player: roster name, id or id prefix.")],
    reason: Annotated[str, typer.Option(help="Why (required).")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A player withdraws (kept in the roster as withdrawn)."""
    with session(address, token, as_json) as s:
        cid = lookup.competition(s, competition_id)
        request = competitions_pb2.WithdrawPlayerRequest(
            competition_id=cid,
            player_id=lookup.player(player_id, lookup.roster(s, cid)),
            reason=reason,
            idempotency_key=idempotency_key,
        )
        s.show(s.call("WithdrawPlayer", request), render_player)


class Resolution(StrEnum):
    """What closing does with a roster that is not a multiple of the table size (shell completion knows them)."""

    none = "none"
    drop_last_registered = "drop-last-registered"
    promote_reserves = "promote-reserves"


RESOLUTIONS = {
    Resolution.none: competitions_pb2.REGISTRATION_RESOLUTION_UNSPECIFIED,
    Resolution.drop_last_registered: competitions_pb2.REGISTRATION_RESOLUTION_DROP_LAST_REGISTERED,
    Resolution.promote_reserves: competitions_pb2.REGISTRATION_RESOLUTION_PROMOTE_RESERVES,
}


@roster.command("close")
def close_registration(
    competition_id: CompetitionId,
    resolution: Annotated[
        Resolution, typer.Option(help="When the main roster is not a multiple of the table size (none: refuse).")
    ] = Resolution.none,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Close registration (afterwards only reserves and technical substitutes register)."""
    with session(address, token, as_json) as s:
        request = competitions_pb2.CloseRegistrationRequest(
            competition_id=lookup.competition(s, competition_id),
            resolution=RESOLUTIONS[resolution],
            idempotency_key=idempotency_key,
        )
        s.show(s.call("CloseRegistration", request), render_closed)


def render_players(out: Console, answer: competitions_pb2.ListPlayersResponse) -> None:
    rows = [
        (
            p.registration_order,
            p.name,
            enum_name(competitions_pb2.PlayerStatus, p.status),
            p.rating if p.HasField("rating") else "",
            p.title,
        )
        for p in answer.players
    ]
    columns = ("#", "name", "status", "rating", "title")
    out.print(table(f"roster ({len(rows)} players)", columns, rows, right=("#", "rating")))


def render_player(out: Console, p: competitions_pb2.Player) -> None:
    status = enum_name(competitions_pb2.PlayerStatus, p.status)
    title = f", title {p.title!r}" if p.title else ""
    print_lines(out, [f"player {p.name!r}: {status}, registered #{p.registration_order}{title}"])
    if p.completed_stage:
        print_lines(out, [f"this withdrawal completed stage {p.completed_stage}"])


def render_closed(out: Console, answer: competitions_pb2.CloseRegistrationResponse) -> None:
    lines = [f"registration of {answer.competition.name!r} closed: {answer.main_participants} main participants"]
    lines.extend(f"moved to the reserve: {p.name}" for p in answer.moved_to_reserve)
    lines.extend(f"promoted from the reserve: {p.name}" for p in answer.promoted)
    print_lines(out, lines)
