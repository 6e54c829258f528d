"""``rondo audit`` (every organizer and judge action, newest first: who, role, what, when, why, outcome)
and ``rondo events`` (what happened, as a bot reads it: ``list`` a page at a time, ``watch`` as it
happens until Ctrl-C or ``--limit``)."""

from __future__ import annotations

import json
from typing import Annotated

import grpc
import typer
from google.protobuf import json_format
from rich.console import Console

from rondo.gateway.v1 import competitions_pb2, events_pb2, identity_pb2
from rondo_app.client.accounts import resolve_account
from rondo_app.client.names import competition_id
from rondo_app.client.render import enum_name, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Session, Token, as_dict, session

events = typer.Typer(no_args_is_help=True, help="Events: what happened (list), and as it happens (watch).")

Limit = Annotated[int, typer.Option("--limit", help="At most this many, newest first (0: all).")]
Kinds = Annotated[list[str] | None, typer.Option("--kind", help='Only this kind, e.g. "standings.changed" (repeat for more).')]
After = Annotated[int, typer.Option("--after", help="Only events after this id (the last one seen).")]
CompetitionOption = Annotated[str, typer.Option("--competition", help="Only this competition (name, id or id prefix).")]


def audit(
    account: Annotated[str, typer.Option("--account", help="Only this account's actions (name or id).")] = "",
    rpc: Annotated[str, typer.Option("--action", help='Only this action, e.g. "DecideTie" (read from the log).')] = "",
    failed: Annotated[bool, typer.Option("--failed", help="Only actions that were refused.")] = False,
    limit: Limit = 50,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The audit log: every organizer and judge action, newest first (--account is the gateway's own
    filter; --action and --failed filter the entries read)."""
    with session(address, token, as_json) as s:
        account_id = resolve_account(s, account).id if account else ""
        answer = identity_pb2.ListAuditLogResponse()
        page_token = ""
        while True:
            request = identity_pb2.ListAuditLogRequest(account_id=account_id, page_size=500, page_token=page_token)
            page = s.call("ListAuditLog", request)
            for entry in page.entries:
                if (not rpc or entry.rpc.casefold() == rpc.casefold()) and (not failed or entry.outcome != "OK"):
                    answer.entries.append(entry)
            page_token = page.next_page_token
            if not page_token or (limit and len(answer.entries) >= limit):
                break
        if limit:
            del answer.entries[limit:]
        s.show(answer, render_audit)


def render_audit(out: Console, answer: identity_pb2.ListAuditLogResponse) -> None:
    if not answer.entries:
        print_lines(out, ["the audit log has no such entry"])
        return
    rows = [
        (when(e.at), e.account_name, enum_name(identity_pb2.Role, e.role), e.rpc, e.reason, e.outcome) for e in answer.entries
    ]
    out.print(table("audit log (newest first)", ("at", "who", "role", "action", "reason", "outcome"), rows))


def _filters(s: Session, competition: str) -> str:
    return competition_id(s, competition, "--competition") if competition else ""


@events.command("list")
def list_events(
    competition: CompetitionOption = "",
    kind: Kinds = None,
    after: After = 0,
    limit: Annotated[int, typer.Option("--limit", help="At most this many, oldest first (0: all).")] = 100,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The events after --after, oldest first (organizer, judge, bot)."""
    with session(address, token, as_json) as s:
        cid = _filters(s, competition)
        answer = events_pb2.ListEventsResponse()
        page_token = ""
        while True:
            request = events_pb2.ListEventsRequest(
                after=after, kinds=kind or [], competition_id=cid, page_size=1000, page_token=page_token
            )
            page = s.call("ListEvents", request)
            answer.events.extend(page.events)
            page_token = page.next_page_token
            if not page_token or (limit and len(answer.events) >= limit):
                break
        if limit:
            del answer.events[limit:]
        names = {} if as_json else competition_names(s)
        s.show(answer, lambda out, a: render_events(out, a.events, names))


@events.command("watch")
def watch_events(
    competition: CompetitionOption = "",
    kind: Kinds = None,
    after: After = 0,
    limit: Annotated[int, typer.Option("--limit", help="Stop after this many events (0: until Ctrl-C).")] = 0,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Every event after --after, then new ones as they happen, one line each (--json: one JSON object
    a line), until Ctrl-C or --limit events."""
    with session(address, token, as_json) as s:
        cid = _filters(s, competition)
        names = {} if as_json else competition_names(s)
        request = events_pb2.WatchEventsRequest(after=after, kinds=kind or [], competition_id=cid)
        stream = s.stub.WatchEvents(request)
        seen = 0
        try:
            for event in stream:
                if as_json:
                    typer.echo(json.dumps(as_dict(event), ensure_ascii=False))
                else:
                    print_lines(s.out, [event_line(event, names)])
                seen += 1
                if limit and seen >= limit:
                    break
        except KeyboardInterrupt:
            pass
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.CANCELLED:
                raise
        finally:
            stream.cancel()


def competition_names(s: Session) -> dict[str, str]:
    answer = s.all_pages("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=1000), "competitions")
    return {c.id: c.name for c in answer.competitions}


def payload_text(event: events_pb2.Event) -> str:
    """The payload in brief: its fields as ``key=value``, names before ids."""
    data = json_format.MessageToDict(event.payload)

    def shown(value: object) -> str:
        if isinstance(value, float) and value.is_integer():  # a Struct holds every number as a double
            return str(int(value))
        return json.dumps(value, ensure_ascii=False)

    return ", ".join(f"{k}={shown(v)}" for k, v in sorted(data.items()) if not k.endswith("_id") and not k.endswith("_ids"))


def event_line(event: events_pb2.Event, names: dict[str, str]) -> str:
    competition = names.get(event.competition_id, "") if event.competition_id else ""
    where = f" [{competition}]" if competition else ""
    return f"#{event.id} {when(event.created_at)} {event.kind}{where} {payload_text(event)}".rstrip()


def render_events(out: Console, listed, names: dict[str, str]) -> None:
    if not listed:
        print_lines(out, ["no event"])
        return
    rows = [(e.id, when(e.created_at), e.kind, names.get(e.competition_id, ""), payload_text(e)) for e in listed]
    out.print(table("events (oldest first)", ("#", "at", "kind", "competition", "what"), rows, right=("#",)))
