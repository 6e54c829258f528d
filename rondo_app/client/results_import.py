"""``rondo results import COMPETITION FILE --round N``: a round's mahjong hanchans from a CSV
(rondo_app/client/bulk.py ``parse_hanchans``), checked whole first — the syntax, then every player
against the roster — and each row recorded with an idempotency key of the file and line, so a re-run
after a failure records nothing twice. The gateway checks the rest (the score sum, the seating)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from rondo.gateway.v1 import results_pb2
from rondo_app.client import lookup
from rondo_app.client.bulk import BadFile, line_key, parse_hanchans
from rondo_app.client.competitions import CompetitionId
from rondo_app.client.parse import BadArgument
from rondo_app.client.render import points, table
from rondo_app.client.results import Round, Stage, results, roster_pairs
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Token, as_dict, print_json, session


def _refuse(file: Path, bad: BadFile, what: str) -> typer.Exit:
    typer.echo(f"error: {file}: {len(bad.problems)} bad line(s), {what}", err=True)
    for line in bad.lines():
        typer.echo(f"  {line}", err=True)
    return typer.Exit(2)


@results.command("import")
def import_results(
    competition_id: CompetitionId,
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            exists=True,
            dir_okay=False,
            help="CSV: table,hanchan,player1,score1,player2,score2,player3,score3,player4,score4 (players by name or id).",
        ),
    ],
    round_: Round,
    stage: Stage = 1,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Record a round's hanchans, one CSV row per table's hanchan; nothing is sent if any line is bad."""
    try:
        text = file.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        typer.echo(f"error: {file}: not UTF-8 text", err=True)
        raise typer.Exit(2) from None
    try:
        hanchans = parse_hanchans(text)
    except BadFile as bad:
        raise _refuse(file, bad, "nothing recorded") from None
    lines = text.splitlines()
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        roster = roster_pairs(s, competition_id)
        names = dict(roster)
        resolved: dict[str, str] = {}
        unknown: list[tuple[int, str]] = []
        for h in hanchans:
            for player, _ in h.scores:
                if not lookup.names_any(player, roster):
                    unknown.append((h.line, f"{player!r} is not in the roster"))
                    continue
                try:
                    resolved[player] = lookup.player(player, roster, "player")
                except BadArgument as error:
                    unknown.append((h.line, error.message))
        if unknown:
            raise _refuse(file, BadFile(unknown), "nothing recorded")
        recorded = []
        for h in hanchans:
            request = results_pb2.RecordHanchanRequest(
                competition_id=competition_id,
                round=round_,
                table=h.table,
                stage=stage,
                hanchan=results_pb2.HanchanResult(number=h.number, scores={resolved[p]: v for p, v in h.scores}),
                idempotency_key=line_key(
                    competition_id, file.name, h.line, f"{stage}/{round_}/{lines[h.line - 1]}", "results-import"
                ),
            )
            try:
                recorded.append((h, s.call("RecordHanchan", request)))
            except Exception:
                if recorded:
                    typer.echo(
                        f"error on line {h.line}: {len(recorded)} row(s) before it are recorded;"
                        " fix and run the same command again — they are not recorded twice",
                        err=True,
                    )
                raise
        if as_json:
            print_json({"result_records": [as_dict(record) for _, record in recorded]})
            return
        rows = [
            (
                h.line,
                h.table,
                h.number,
                ", ".join(f"{names[resolved[p]]} {points(v)}" for p, v in h.scores),
            )
            for h, _ in recorded
        ]
        s.out.print(
            table(
                f"round {round_}: {len(recorded)} hanchan(s) recorded",
                ("line", "table", "hanchan", "scores"),
                rows,
                right=("line", "table", "hanchan"),
            )
        )
