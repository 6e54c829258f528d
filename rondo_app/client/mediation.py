"""``rondo mediation``: an Up&Down league's mediation (updown-league-2007 §9.1: the judge sets the time of
a game two players could not agree on) and time-outs (§8: days a player cannot play).

Days are Moscow dates ``YYYY-MM-DD`` and times Moscow ``HH:MM``, as the regulation writes them. Players
are named by roster name, id or id prefix; a mediation by its id or an id prefix (``rondo mediation
list`` shows them).
"""

from __future__ import annotations

import enum
from typing import Annotated

import typer
from rich.console import Console

from rondo.gateway.v1 import mediation_pb2
from rondo_app.client.competitions import player_names
from rondo_app.client.names import competition_id, pick, player_id
from rondo_app.client.parse import parse_game_result
from rondo_app.client.render import enum_name, pairs, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, fail, session

mediation = typer.Typer(
    no_args_is_help=True,
    help="Up&Down mediation and time-outs: the calendar, requests, answers, the judge's day, the game, time-outs.",
)

Competition = Annotated[str, typer.Argument(metavar="COMPETITION", help="The competition: its name, id or id prefix.")]
MediationKey = Annotated[str, typer.Argument(metavar="MEDIATION", help="The mediation: its id or id prefix.")]
StageOption = Annotated[int, typer.Option("--stage", help="The stage, 1 or 2.")]
Days = Annotated[list[str], typer.Option("--day", metavar="YYYY-MM-DD", help="A Moscow date; repeat for each day.")]
Time = Annotated[str, typer.Option("--time", metavar="HH:MM", help="A Moscow time (default 21:00).")]
Player = Annotated[str, typer.Option("--player", help="The player: roster name, id or id prefix.")]


class DivisionWord(enum.StrEnum):
    super_ = "super"
    first = "first"


def mediation_id(s: Session, cid: str, key: str) -> str:
    """A mediation of the competition by id or id prefix."""
    request = mediation_pb2.ListMediationsRequest(competition_id=cid, page_size=1000)
    found = s.all_pages("ListMediations", request, "mediations").mediations
    return pick(key, ((m.id, m.id) for m in found), "MEDIATION", "mediation", "rondo mediation list COMPETITION")


@mediation.command("calendar")
def set_calendar(
    competition: Competition,
    stage: StageOption,
    division: Annotated[DivisionWord, typer.Option("--division", help="super (Super League) or first (First League).")],
    starts_on: Annotated[str, typer.Option("--from", metavar="YYYY-MM-DD", help="The stage's first day.")],
    ends_on: Annotated[str, typer.Option("--to", metavar="YYYY-MM-DD", help="The stage's last day (included).")],
    second_round: Annotated[
        str, typer.Option("--second-round-from", metavar="YYYY-MM-DD", help="First League: the day round 2 starts.")
    ] = "",
    fixed_schedule: Annotated[
        bool, typer.Option("--fixed-schedule", help="A stage 2 on a fixed schedule: no mediation.")
    ] = False,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Set a stage's calendar for mediation (its days, the division's rules)."""
    with session(address, token, as_json) as s:
        request = mediation_pb2.SetMediationCalendarRequest(
            competition_id=competition_id(s, competition),
            stage=stage,
            division=division.value,
            starts_on=starts_on,
            ends_on=ends_on,
            second_round_starts_on=second_round,
            fixed_schedule=fixed_schedule,
        )
        s.show(s.call("SetMediationCalendar", request), render_calendar)


@mediation.command("request")
def request_mediation(
    competition: Competition,
    stage: StageOption,
    round_: Annotated[int, typer.Option("--round", help="The pairing's round in the stage.")],
    table_: Annotated[int, typer.Option("--table", help="The pairing's table in the round.")],
    requester: Annotated[str, typer.Option("--requester", help="Who asks: roster name, id or id prefix.")],
    opponent: Annotated[str, typer.Option("--opponent", help="The other player of the pairing.")],
    days: Days,
    time: Time = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Ask the judge to set a game's time: exactly 4 different days of next week (--day x4)."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = mediation_pb2.RequestMediationRequest(
            competition_id=cid,
            stage=stage,
            round=round_,
            table=table_,
            requester_id=player_id(s, cid, requester, "--requester"),
            opponent_id=player_id(s, cid, opponent, "--opponent"),
            days=days,
            time=time,
            idempotency_key=idempotency_key,
        )
        _show(s, cid, s.call("RequestMediation", request))


@mediation.command("answer")
def answer_mediation(
    competition: Competition,
    mediation_key: MediationKey,
    player: Player,
    days: Days,
    time: Time = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The opponent's answer: the days he can play (a common day sets the game)."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = mediation_pb2.AnswerMediationRequest(
            mediation_id=mediation_id(s, cid, mediation_key),
            player_id=player_id(s, cid, player, "--player"),
            days=days,
            time=time,
        )
        _show(s, cid, s.call("AnswerMediation", request))


@mediation.command("decide")
def decide_mediation(
    competition: Competition,
    mediation_key: MediationKey,
    day: Annotated[
        str, typer.Option("--day", metavar="YYYY-MM-DD", help="One of the requester's days (default: the earliest ahead).")
    ] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The judge, after the answer deadline: the game is set on one of the requester's days."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = mediation_pb2.DecideMediationRequest(mediation_id=mediation_id(s, cid, mediation_key), day=day)
        _show(s, cid, s.call("DecideMediation", request))


@mediation.command("record")
def record_mediated_game(
    competition: Competition,
    mediation_key: MediationKey,
    result: Annotated[str, typer.Option("--result", help="A played game: 1-0 or 0-1, the pairing's first player first.")] = "",
    absent: Annotated[
        list[str] | None, typer.Option("--absent", help="A no-show: the absent player (repeat when both were).")
    ] = None,
    long: Annotated[bool, typer.Option("--long", help="A long match (stage 2 leaders of the Super League).")] = False,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The mediated game's outcome: its result (--result), or who did not come (--absent)."""
    if bool(result) == bool(absent):
        raise fail("--result: give the game's result, or --absent for a no-show (one of the two)")
    with session(address, token, as_json) as s:
        notation = parse_game_result(result) if result else ""
        if notation and notation not in ("1-0", "0-1"):
            raise fail(f"--result: a mediated game is 1-0 or 0-1 (a no-show is --absent), got {result!r}")
        cid = competition_id(s, competition)
        request = mediation_pb2.RecordMediatedGameRequest(
            mediation_id=mediation_id(s, cid, mediation_key),
            result=notation,
            absent_player_ids=[player_id(s, cid, p, "--absent") for p in absent or ()],
            long=long,
            idempotency_key=idempotency_key,
        )
        answer = s.call("RecordMediatedGame", request)
        names = {} if as_json else player_names(s, cid)
        s.show(answer, lambda out, a: render_mediated(out, a, names))


@mediation.command("list")
def list_mediations(
    competition: Competition,
    stage: Annotated[int, typer.Option("--stage", help="Only this stage (0: every stage).")] = 0,
    player: Annotated[str, typer.Option("--player", help="Only this player's.")] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The competition's mediations, and the players now due for removal (3 different opponents missed)."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = mediation_pb2.ListMediationsRequest(
            competition_id=cid, stage=stage, player_id=player_id(s, cid, player, "--player") if player else "", page_size=1000
        )
        answer = s.all_pages("ListMediations", request, "mediations")
        names = {} if as_json else player_names(s, cid)
        s.show(answer, lambda out, a: render_mediations(out, a, names))


@mediation.command("timeout")
def request_timeout(
    competition: Competition,
    stage: StageOption,
    player: Player,
    starts_on: Annotated[str, typer.Option("--from", metavar="YYYY-MM-DD", help="The first day off.")],
    ends_on: Annotated[str, typer.Option("--to", metavar="YYYY-MM-DD", help="The last day off (included).")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A player's time-out: days he cannot play (stage 1: cut to two weeks before the stage ends)."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = mediation_pb2.RequestTimeoutRequest(
            competition_id=cid,
            stage=stage,
            player_id=player_id(s, cid, player, "--player"),
            starts_on=starts_on,
            ends_on=ends_on,
            idempotency_key=idempotency_key,
        )
        answer = s.call("RequestTimeout", request)
        names = {} if as_json else player_names(s, cid)
        s.show(answer, lambda out, t: render_timeouts(out, mediation_pb2.ListTimeoutsResponse(timeouts=[t]), names))


@mediation.command("timeouts")
def list_timeouts(
    competition: Competition,
    stage: Annotated[int, typer.Option("--stage", help="Only this stage (0: every stage).")] = 0,
    player: Annotated[str, typer.Option("--player", help="Only this player's.")] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The competition's time-outs."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = mediation_pb2.ListTimeoutsRequest(
            competition_id=cid, stage=stage, player_id=player_id(s, cid, player, "--player") if player else "", page_size=1000
        )
        answer = s.all_pages("ListTimeouts", request, "timeouts")
        names = {} if as_json else player_names(s, cid)
        s.show(answer, lambda out, a: render_timeouts(out, a, names))


def _show(s: Session, cid: str, m: mediation_pb2.Mediation) -> None:
    names = {} if s.as_json else player_names(s, cid)
    s.show(m, lambda out, x: render_mediations(out, mediation_pb2.ListMediationsResponse(mediations=[x]), names))


# ---- rendering


def render_calendar(out: Console, c: mediation_pb2.MediationCalendar) -> None:
    rows: list[tuple[object, object]] = [("stage", c.stage), ("division", c.division), ("days", f"{c.starts_on} - {c.ends_on}")]
    if c.second_round_starts_on:
        rows.append(("round 2 from", c.second_round_starts_on))
    if c.fixed_schedule:
        rows.append(("fixed schedule", "yes: no mediation"))
    out.print(pairs("mediation calendar", rows))


def render_mediations(out: Console, answer: mediation_pb2.ListMediationsResponse, names: dict[str, str]) -> None:
    def name(p: str) -> str:
        return names.get(p, p)

    rows = [
        (
            m.id[:8],
            f"{m.stage}/{m.round}/{m.table}",
            f"{name(m.requester_id)} vs {name(m.opponent_id)}",
            enum_name(mediation_pb2.MediationStatus, m.status),
            ", ".join(m.requester_days) + (f" {m.requester_time}" if m.requester_time else ""),
            ", ".join(m.opponent_days) + (f" {m.opponent_time}" if m.opponent_time else ""),
            when(m.scheduled_at, "Europe/Moscow"),
            m.decided_by.replace("_", " "),
            ", ".join(name(p) for p in m.absent_player_ids),
        )
        for m in answer.mediations
    ]
    columns = ("mediation", "stage/round/table", "players", "status", "asked", "answered", "game (Moscow)", "set by", "absent")
    out.print(table("mediations", columns, rows))
    for due in answer.removal_due:
        missed = ", ".join(name(p) for p in due.opponent_ids)
        print_lines(out, [f"removal due: {name(due.player_id)} did not come against {missed} (`rondo roster withdraw`)"])


def render_mediated(out: Console, answer: mediation_pb2.RecordMediatedGameResponse, names: dict[str, str]) -> None:
    render_mediations(
        out, mediation_pb2.ListMediationsResponse(mediations=[answer.mediation], removal_due=answer.removal_due), names
    )
    g = answer.record.game
    if answer.record.id:
        print_lines(
            out,
            [
                f"recorded #{answer.record.sequence}: {names.get(g.first_player_id, '')} {g.result} {names.get(g.second_player_id, '')}"
            ],
        )


def render_timeouts(out: Console, answer: mediation_pb2.ListTimeoutsResponse, names: dict[str, str]) -> None:
    rows = [
        (t.stage, names.get(t.player_id, t.player_id), t.starts_on, t.ends_on, "cut" if t.clipped else "", when(t.requested_at))
        for t in answer.timeouts
    ]
    out.print(table("time-outs", ("stage", "player", "from", "to", "clipped", "asked at"), rows, right=("stage",)))
