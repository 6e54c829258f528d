"""``rondo disputes``: results the players reported and the table disputed (or has not confirmed yet),
and the judge's decision on one — uphold it as reported, reject it, or replace it with the judge's
hanchan (``--score`` as in ``rondo results hanchan``)."""

from __future__ import annotations

import enum
from typing import Annotated

import typer

from rondo.gateway.v1 import results_pb2
from rondo_app.client.names import competition_id, pick
from rondo_app.client.records import stage_matches
from rondo_app.client.results import (
    Chombo,
    Number,
    Stage,
    _show_record,
    hanchan_from_options,
    render_records,
    roster_pairs,
)
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, fail, session
from rondo_client.matches import PENDING

disputes = typer.Typer(no_args_is_help=True, help="Disputed results: list the open ones, decide one (the judge).")

Competition = Annotated[str, typer.Argument(metavar="COMPETITION", help="The competition: its name, id or id prefix.")]


class DisputeDecisionWord(enum.StrEnum):
    uphold = "uphold"
    reject = "reject"
    replace_ = "replace"


DECISIONS = {
    DisputeDecisionWord.uphold: results_pb2.DISPUTE_DECISION_UPHOLD,
    DisputeDecisionWord.reject: results_pb2.DISPUTE_DECISION_REJECT,
    DisputeDecisionWord.replace_: results_pb2.DISPUTE_DECISION_REPLACE,
}


def stage_records(s: Session, cid: str, stage: int) -> list[results_pb2.ResultRecord]:
    """Every record of every match of the stage, in the order entered."""
    found: list[results_pb2.ResultRecord] = []
    for r, t in stage_matches(s, cid, stage, 0, 0):
        request = results_pb2.ListResultRecordsRequest(competition_id=cid, round=r, table=t, stage=stage, page_size=1000)
        found += s.all_pages("ListResultRecords", request, "result_records").result_records
    return sorted(found, key=lambda x: x.sequence)


def stage_record_id(s: Session, cid: str, stage: int, key: str) -> str:
    """A record of the stage by id, id prefix or sequence number (``#12`` or ``12``)."""
    typed = key.strip()
    if typed.isdigit():
        typed = f"#{typed}"
    candidates = [(x.id, f"#{x.sequence}") for x in stage_records(s, cid, stage)]
    return pick(typed, candidates, "RECORD", "record", "rondo disputes list COMPETITION --reported")


@disputes.command("list")
def list_disputes(
    competition: Competition,
    stage: Stage = 1,
    reported: Annotated[bool, typer.Option("--reported", help="Also results still awaiting the table's confirmation.")] = False,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The stage's disputed results, awaiting a judge (with --reported: the unconfirmed reports too)."""
    wanted = PENDING if reported else (results_pb2.RECORD_STATUS_DISPUTED,)
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        answer = results_pb2.ListResultRecordsResponse(
            result_records=[x for x in stage_records(s, cid, stage) if x.status in wanted]
        )
        names = {} if as_json else dict(roster_pairs(s, cid))
        s.show(answer, lambda out, a: render_records(out, a, names, "disputed results (`rondo disputes resolve`)"))


@disputes.command("resolve")
def resolve_dispute(
    competition: Competition,
    record: Annotated[str, typer.Argument(metavar="RECORD", help="The record: #sequence, id or id prefix.")],
    decision: Annotated[
        DisputeDecisionWord,
        typer.Option(
            "--decision",
            help="uphold: confirmed as reported; reject: never scored; replace: the judge's hanchan (--score) instead.",
            case_sensitive=False,
        ),
    ],
    reason: Annotated[str, typer.Option("--reason", help="Why (required; kept with the record).")],
    stage: Stage = 1,
    number: Number = 0,
    score: Annotated[
        list[str] | None,
        typer.Option("--score", metavar="PLAYER=POINTS", help="replace only: a final score; once per player."),
    ] = None,
    chombo: Chombo = None,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The judge's decision on a disputed (or reported) result."""
    if decision == DisputeDecisionWord.replace_ and not score:
        raise fail("--score: replace needs the judge's hanchan (--number N --score PLAYER=POINTS ...)")
    if decision != DisputeDecisionWord.replace_ and (score or chombo):
        raise fail("--score: only with --decision replace")
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = results_pb2.ResolveDisputeRequest(
            competition_id=cid,
            record_id=stage_record_id(s, cid, stage, record),
            decision=DECISIONS[decision],
            reason=reason,
            idempotency_key=idempotency_key,
        )
        if decision == DisputeDecisionWord.replace_:
            request.hanchan.CopyFrom(hanchan_from_options(s, cid, number, score or [], chombo))
        _show_record(s, cid, s.call("ResolveDispute", request))
