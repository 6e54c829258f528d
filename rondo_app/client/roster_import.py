"""``rondo roster import COMPETITION FILE``: a club's roster file (rondo_app/client/bulk.py), checked
whole first, then each player registered with an idempotency key of the file and line — a re-run
after a failure registers nobody twice."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rondo.gateway.v1 import competitions_pb2
from rondo_app.client import lookup
from rondo_app.client.bulk import BadFile, line_key, parse_roster
from rondo_app.client.competitions import CompetitionId, roster
from rondo_app.client.render import table
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Token, as_dict, print_json, session


@roster.command("import")
def import_roster(
    competition_id: CompetitionId,
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            exists=True,
            dir_okay=False,
            help="CSV with the header name[,rating], or plain text: one name a line (# comments).",
        ),
    ],
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Register every player of FILE as a main participant; nothing is sent if any line is bad."""
    try:
        text = file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        typer.echo(f"error: {file}: not UTF-8 text", err=True)
        raise typer.Exit(2) from None
    try:
        players = parse_roster(text)
    except BadFile as bad:
        typer.echo(f"error: {file}: {len(bad.problems)} bad line(s), nobody registered", err=True)
        for line in bad.lines():
            typer.echo(f"  {line}", err=True)
        raise typer.Exit(2) from None
    lines = text.splitlines()
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        registered = []
        for p in players:
            request = competitions_pb2.RegisterPlayerRequest(
                competition_id=competition_id,
                name=p.name,
                rating=p.rating,
                status=competitions_pb2.PLAYER_STATUS_MAIN,
                idempotency_key=line_key(competition_id, file.name, p.line, lines[p.line - 1]),
            )
            try:
                registered.append((p.line, s.call("RegisterPlayer", request)))
            except Exception:
                if registered:
                    typer.echo(
                        f"error on line {p.line} ({p.name!r}): {len(registered)} player(s) before it are registered;"
                        " fix and run the same command again — they are not registered twice",
                        err=True,
                    )
                raise
        if as_json:
            print_json({"players": [as_dict(player) for _, player in registered]})
            return
        rows = [(line, player.name, "" if not player.HasField("rating") else player.rating) for line, player in registered]
        s.out.print(table(f"{len(registered)} player(s) registered", ("line", "name", "rating"), rows, right=("line", "rating")))
