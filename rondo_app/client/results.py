"""``rondo results``: record hanchans, penalties, no-shows and 1-vs-1 games (the cup, Up&Down), correct
a record, list a match's records.

Players are named by id or by their roster name (``--score Akagi=32000``): the CLI looks the names up
in the roster once and sends ids; a name it does not know is sent as typed (an unregistered
substitute's name is a valid key) and the gateway refuses anything else naming the field.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated

import typer
from rich.console import Console

from rondo.gateway.v1 import results_pb2
from rondo_app.client import lookup
from rondo_app.client.competitions import CompetitionId
from rondo_app.client.parse import BadArgument, parse_chombo, parse_game_result, parse_scores
from rondo_app.client.records import stage_matches
from rondo_app.client.render import enum_name, points, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, fail, session

results = typer.Typer(no_args_is_help=True, help="Results: list, hanchan, game, penalty, no-show, correct.")

Round = Annotated[int, typer.Option("--round", help="The round, from 1.")]
TableNumber = Annotated[int, typer.Option("--table", help="The table, from 1.")]
Stage = Annotated[int, typer.Option("--stage", help="The competition's stage (1: the regular stage of the approved draw).")]
Number = Annotated[int, typer.Option("--number", help="The hanchan's number in the match, from 1.")]
Scores = Annotated[
    list[str], typer.Option("--score", metavar="PLAYER=POINTS", help="A final score; once per player (id or roster name).")
]
Chombo = Annotated[
    list[str] | None, typer.Option("--chombo", metavar="PLAYER[=COUNT]", help="A chombo (repeat or =COUNT for more).")
]
GameNumber = Annotated[
    int, typer.Option("--number", help="The game's number in a cup series, from 1 (a drawn game is replayed as the next).")
]
First = Annotated[str, typer.Option("--first", help="The player listed first in the pairing (id or roster name).")]
Second = Annotated[str, typer.Option("--second", help="The other player (id or roster name).")]
GameResultText = Annotated[
    str,
    typer.Option(
        "--result",
        metavar="RESULT",
        help="The first player's result: 1-0, 0-1, +/-, -/+ (technical), -/- (both lose), = (drawn).",
    ),
]
Long = Annotated[bool, typer.Option("--long", help="An Up&Down long match (a win is worth 2 points).")]


def _checked(parse: Callable[[], object]) -> None:
    """The options' syntax checked before anything is asked of the gateway: a typo exits 2 at once."""
    try:
        parse()
    except BadArgument as error:
        raise fail(str(error)) from None


def roster_pairs(s: Session, competition_id: str) -> list[tuple[str, str]]:
    return lookup.roster(s, competition_id)


def hanchan_from_options(
    s: Session, competition_id: str, number: int, score: list[str], chombo: list[str] | None
) -> results_pb2.HanchanResult:
    """The hanchan the options describe, players resolved against the roster (parsed first: a typo
    exits 2 before anything is asked of the gateway)."""
    scores, chombos = parse_scores(score), parse_chombo(chombo or ())
    roster = roster_pairs(s, competition_id)
    return results_pb2.HanchanResult(
        number=number,
        scores={lookup.player_or_name(k, roster, "--score"): v for k, v in scores.items()},
        chombo={lookup.player_or_name(k, roster, "--chombo"): v for k, v in chombos.items()},
    )


def game_from_options(
    s: Session, competition_id: str, number: int, first: str, second: str, result: str, long: bool, correction: bool = False
) -> results_pb2.GameResult:
    """The game the options describe (the result parsed first: a typo exits 2 before anything is asked)."""
    notation = parse_game_result(result, allow_annulled=correction)
    roster = roster_pairs(s, competition_id)
    return results_pb2.GameResult(
        number=number,
        first_player_id=lookup.player(first, roster, "--first"),
        second_player_id=lookup.player(second, roster, "--second"),
        result=notation,
        long=long,
    )


def _show_record(s: Session, competition_id: str, record: results_pb2.ResultRecord) -> None:
    if s.as_json:
        names: dict[str, str] = {}
    else:
        request = results_pb2.ListResultRecordsRequest(
            competition_id=competition_id, round=record.round, table=record.table, stage=record.stage, page_size=1000
        )
        match = s.all_pages("ListResultRecords", request, "result_records").result_records  # a correction's original is there
        names = {**dict(roster_pairs(s, competition_id)), **_record_numbers([*match, record])}
    s.show(
        record, lambda out, r: render_records(out, results_pb2.ListResultRecordsResponse(result_records=[r]), names, "recorded")
    )


def _record_numbers(records: Iterable[results_pb2.ResultRecord]) -> dict[str, str]:
    """Record id -> ``#12``: a record is shown (and typed) by its sequence number."""
    return {r.id: f"#{r.sequence}" for r in records}


@results.command("hanchan")
def record_hanchan(
    competition_id: CompetitionId,
    round_: Round,
    table_: TableNumber,
    number: Number,
    score: Scores,
    chombo: Chombo = None,
    stage: Stage = 1,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Record a hanchan's final scores (they sum to 120 000)."""
    _checked(lambda: (parse_scores(score), parse_chombo(chombo or ())))
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        request = results_pb2.RecordHanchanRequest(
            competition_id=competition_id,
            round=round_,
            table=table_,
            stage=stage,
            hanchan=hanchan_from_options(s, competition_id, number, score, chombo),
            idempotency_key=idempotency_key,
        )
        _show_record(s, competition_id, s.call("RecordHanchan", request))


@results.command("game")
def record_game(
    competition_id: CompetitionId,
    round_: Round,
    table_: TableNumber,
    first: First,
    second: Second,
    result: GameResultText,
    number: GameNumber = 1,
    long: Long = False,
    stage: Stage = 1,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Record a cup or Up&Down game: the pairing's two players and the first one's result, in the
    regulations' notation (e.g. --first Akagi --second Washizu --result 1-0)."""
    _checked(lambda: parse_game_result(result))
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        request = results_pb2.RecordGameRequest(
            competition_id=competition_id,
            stage=stage,
            round=round_,
            table=table_,
            game=game_from_options(s, competition_id, number, first, second, result, long),
            idempotency_key=idempotency_key,
        )
        _show_record(s, competition_id, s.call("RecordGame", request))


@results.command("penalty")
def record_penalty(
    competition_id: CompetitionId,
    round_: Round,
    table_: TableNumber,
    player: Annotated[str, typer.Option("--player", help="The player penalized (id or roster name).")],
    points_: Annotated[int, typer.Option("--points", help="Points deducted, positive.")],
    reason: Annotated[str, typer.Option(help="Why (recorded in the match protocol).")],
    stage: Stage = 1,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Record a penalty."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        entry = results_pb2.PenaltyEntry(
            player_id=lookup.player(player, roster_pairs(s, competition_id), "--player"), points=points_, reason=reason
        )
        request = results_pb2.RecordPenaltyRequest(
            competition_id=competition_id, round=round_, table=table_, stage=stage, penalty=entry, idempotency_key=idempotency_key
        )
        _show_record(s, competition_id, s.call("RecordPenalty", request))


@results.command("no-show")
def record_no_show(
    competition_id: CompetitionId,
    round_: Round,
    table_: TableNumber,
    player: Annotated[str, typer.Option("--player", help="The drawn player who did not come (id or roster name).")],
    substitute: Annotated[str, typer.Option(help="Who took the seat: a registered substitute, or an unregistered one's name.")],
    stage: Stage = 1,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Record a no-show and the technical substitute who played instead."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        roster = roster_pairs(s, competition_id)
        entry = results_pb2.NoShowEntry(
            player_id=lookup.player(player, roster, "--player"),
            substitute=lookup.player_or_name(substitute, roster, "--substitute"),
        )
        request = results_pb2.RecordNoShowRequest(
            competition_id=competition_id, round=round_, table=table_, stage=stage, no_show=entry, idempotency_key=idempotency_key
        )
        _show_record(s, competition_id, s.call("RecordNoShow", request))


@results.command("correct")
def correct_record(
    competition_id: CompetitionId,
    record_id: Annotated[
        str,
        typer.Argument(metavar="RECORD", help="The record: its number (#12 or 12, see `rondo results list`), id or id prefix."),
    ],
    reason: Annotated[str, typer.Option(help="Why (required).")],
    number: Annotated[int, typer.Option("--number", help="The hanchan's (or the cup game's) number, from 1.")] = 0,
    score: Annotated[
        list[str] | None,
        typer.Option("--score", metavar="PLAYER=POINTS", help="A hanchan's final score; once per player (id or roster name)."),
    ] = None,
    chombo: Chombo = None,
    result: Annotated[
        str,
        typer.Option(
            "--result",
            metavar="RESULT",
            help="A game's corrected result: 1-0, 0-1, +/-, -/+, -/-, =, or annulled (a thrown Up&Down match).",
        ),
    ] = "",
    first: Annotated[str, typer.Option("--first", help="With --result: the player listed first.")] = "",
    second: Annotated[str, typer.Option("--second", help="With --result: the other player.")] = "",
    long: Long = False,
    organizer_confirms: Annotated[
        bool,
        typer.Option("--organizer-confirms", help="Confirm a correction that changes who plays in a stage already generated."),
    ] = False,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Correct a record: a new record replaces it in scoring, with the reason; prints what changed. A
    hanchan with --number and --score; a cup or Up&Down game with --first, --second and --result."""
    if bool(result) == bool(score):
        raise fail("give either --score (a hanchan) or --result (a game)")
    if result and not (first and second):
        raise fail("--first and --second: name the game's players (as paired) with --result")
    if score and number < 1:
        raise fail("--number: the hanchan's number, from 1")
    if result:
        _checked(lambda: parse_game_result(result, allow_annulled=True))
    else:
        _checked(lambda: (parse_scores(score or []), parse_chombo(chombo or ())))
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        request = results_pb2.CorrectRecordRequest(
            competition_id=competition_id,
            record_id=lookup.record(s, competition_id, record_id),
            reason=reason,
            organizer_confirms=organizer_confirms,
            idempotency_key=idempotency_key,
        )
        if result:
            request.game.CopyFrom(game_from_options(s, competition_id, number or 1, first, second, result, long, correction=True))
        else:
            request.hanchan.CopyFrom(hanchan_from_options(s, competition_id, number, score or [], chombo))
        _show_record(s, competition_id, s.call("CorrectRecord", request))


@results.command("list")
def list_records(
    competition_id: CompetitionId,
    round_: Annotated[int, typer.Option("--round", help="Only this round (default: every round of the published draw).")] = 0,
    table_: Annotated[int, typer.Option("--table", help="Only this table (default: every table of the round).")] = 0,
    stage: Stage = 1,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Every record of a match, or of every match of the stage (stage 1 of a mahjong league: the
    published draw; a cup or Up&Down stage: its pairings), in the order entered (corrections and what
    they replace included)."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        matches = [(round_, table_)] if round_ and table_ else stage_matches(s, competition_id, stage, round_, table_)
        answer = results_pb2.ListResultRecordsResponse()
        for r, t in matches:
            request = results_pb2.ListResultRecordsRequest(
                competition_id=competition_id, round=r, table=t, stage=stage, page_size=1000
            )
            answer.result_records.extend(s.all_pages("ListResultRecords", request, "result_records").result_records)
        answer.result_records.sort(key=lambda record: record.sequence)
        names = {} if as_json else {**dict(roster_pairs(s, competition_id)), **_record_numbers(answer.result_records)}
        s.show(answer, lambda out, a: render_records(out, a, names, "result records"))


# ---- rendering


def content_text(record: results_pb2.ResultRecord, names: dict[str, str]) -> str:
    def name(player: str) -> str:
        return names.get(player, player)  # an unregistered substitute is named as typed

    kind = record.WhichOneof("content")
    if kind == "hanchan":
        h = record.hanchan
        ordered = sorted(h.scores.items(), key=lambda item: -item[1])
        text = f"hanchan {h.number}: " + ", ".join(f"{name(p)} {points(v)}" for p, v in ordered)
        return text + "".join(f"; chombo {name(p)} x{n}" for p, n in sorted(h.chombo.items()))
    if kind == "penalty":
        return f"penalty {name(record.penalty.player_id)} -{points(record.penalty.points)}: {record.penalty.reason}"
    if kind == "no_show":
        return f"no-show {name(record.no_show.player_id)}, substitute {name(record.no_show.substitute)}"
    if kind == "game":
        g = record.game
        return f"game {g.number}: {name(g.first_player_id)} {g.result} {name(g.second_player_id)}" + (" (long)" if g.long else "")
    return ""


def render_records(out: Console, answer: results_pb2.ListResultRecordsResponse, names: dict[str, str], title: str) -> None:
    rows = [
        (
            r.sequence,
            r.round,
            r.table,
            content_text(r, names),
            enum_name(results_pb2.RecordStatus, r.status),
            r.recorded_by,
            when(r.recorded_at),
            (
                f"replaces {names.get(r.replaces_record_id) or lookup.short(r.replaces_record_id)}: {r.reason}"
                if r.replaces_record_id
                else ""
            ),
        )
        for r in answer.result_records
    ]
    columns = ("#", "round", "table", "content", "status", "by", "at", "correction")
    out.print(table(title, columns, rows, right=("#", "round", "table")))
    for record in answer.result_records:
        for change in record.changes:
            out.print(f"changed: {change}", markup=False, highlight=False)
        if record.completed_stage:
            out.print(f"this record completed stage {record.stage}", markup=False, highlight=False)
