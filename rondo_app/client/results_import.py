"""``rondo results import COMPETITION FILE --round N``: a round's mahjong hanchans from a CSV
(rondo_app/client/bulk.py ``parse_hanchans``), checked whole first — the syntax, then every player
against the roster — and each row recorded with an idempotency key of the file and line, so a re-run
after a failure records nothing twice. The gateway checks the rest (the score sum, the seating)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Annotated

import typer

from rondo.gateway.v1 import results_pb2
from rondo_app.client import lookup
from rondo_app.client.bulk import BadFile, GameLine, HanchanLine, line_key, parse_games, parse_hanchans
from rondo_app.client.bulk_file import read_file, refuse, send_each
from rondo_app.client.competitions import CompetitionId
from rondo_app.client.parse import BadArgument
from rondo_app.client.render import points, table
from rondo_app.client.results import Round, Stage, results, roster_pairs
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Token, as_dict, print_json, session


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
    hanchans, lines = read_file(file, parse_hanchans, "nothing recorded")
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        roster = roster_pairs(s, competition_id)
        names = dict(roster)
        resolved, unknown = _players_of_the_file(((h.line, p) for h in hanchans for p, _ in h.scores), roster)
        if unknown:
            raise refuse(file, BadFile(unknown), "nothing recorded")

        def record(h: HanchanLine) -> results_pb2.ResultRecord:
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
            return s.call("RecordHanchan", request)

        recorded = send_each(hanchans, record, lambda h: f"line {h.line}", "recorded")
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


@results.command("import-games")
def import_games(
    competition_id: CompetitionId,
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            exists=True,
            dir_okay=False,
            help="CSV: round,table,first,second,result (optionally game, long); players by name or id.",
        ),
    ],
    stage: Stage = 1,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Record a cup or Up&Down stage's games, one CSV row per game (e.g. ``3,2,Akagi,Saki,1-0``); nothing
    is sent if any line is bad, and a re-run after a failure records nothing twice."""
    games, lines = read_file(file, parse_games, "nothing recorded")
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        roster = roster_pairs(s, competition_id)
        names = dict(roster)
        resolved, unknown = _players_of_the_file(((g.line, p) for g in games for p in (g.first, g.second)), roster)
        if unknown:
            raise refuse(file, BadFile(unknown), "nothing recorded")

        def record(g: GameLine) -> results_pb2.ResultRecord:
            request = results_pb2.RecordGameRequest(
                competition_id=competition_id,
                stage=stage,
                round=g.round,
                table=g.table,
                game=results_pb2.GameResult(
                    number=g.number,
                    first_player_id=resolved[g.first],
                    second_player_id=resolved[g.second],
                    result=g.result,
                    long=g.long,
                ),
                idempotency_key=line_key(competition_id, file.name, g.line, f"{stage}/{lines[g.line - 1]}", "games-import"),
            )
            return s.call("RecordGame", request)

        recorded = send_each(games, record, lambda g: f"line {g.line}", "recorded")
        if as_json:
            print_json({"result_records": [as_dict(record) for _, record in recorded]})
            return
        rows = [
            (
                g.line,
                g.round,
                g.table,
                g.number,
                f"{names[resolved[g.first]]} {g.result} {names[resolved[g.second]]}" + (" (long)" if g.long else ""),
            )
            for g, _ in recorded
        ]
        s.out.print(
            table(
                f"stage {stage}: {len(recorded)} game(s) recorded",
                ("line", "round", "table", "game", "result"),
                rows,
                right=("line", "round", "table", "game"),
            )
        )
        done = [record for _, record in recorded if record.completed_stage]
        if done:
            s.out.print(f"stage {stage} is complete: `rondo stages advance {competition_id}` generates the next", markup=False)


def _players_of_the_file(
    named: Iterable[tuple[int, str]], roster: list[tuple[str, str]]
) -> tuple[dict[str, str], list[tuple[int, str]]]:
    """Each player a file names (``(line, name or id)``) resolved against the roster: the ids, and the
    lines naming someone not in it (or ambiguously) — the file is refused whole before anything is sent."""
    resolved: dict[str, str] = {}
    unknown: list[tuple[int, str]] = []
    for line, player in named:
        if not lookup.names_any(player, roster):
            unknown.append((line, f"{player!r} is not in the roster"))
            continue
        try:
            resolved[player] = lookup.player(player, roster, "player")
        except BadArgument as error:
            unknown.append((line, error.message))
    return resolved, unknown
