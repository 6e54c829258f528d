"""``rondo rulesets``: the rulesets a competition may be created with (what each runs, its defaults,
its stages), and a competition's own ruleset: its versions, and a change (a new version).

A change is typed as ``--set FIELD=VALUE`` (the value read as JSON when it is JSON: ``--set
hanchan_uma=[20000,10000,-10000,-20000]``, ``--set leaders=6``; otherwise as text) or as one
``--overrides`` JSON object; both are merged into the one object the gateway checks field by field.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console

from rondo.gateway.v1 import competitions_pb2
from rondo_app.client.names import competition_id
from rondo_app.client.parse import BadArgument, parse_assignment
from rondo_app.client.render import enum_name, pairs, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Token, session

rulesets = typer.Typer(
    help="Rulesets: the ones a competition may be created with (`rondo rulesets`), a competition's versions, a change.",
    invoke_without_command=True,
)

Competition = Annotated[str, typer.Argument(metavar="COMPETITION", help="The competition: its name, id or id prefix.")]


@rulesets.callback()
def rulesets_main(
    ctx: typer.Context,
    russian: Annotated[bool, typer.Option("--ru", help="Descriptions and stages in Russian.")] = False,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Without a subcommand: every ruleset `rondo competitions create --ruleset` takes — what it runs,
    the rounds and table size 0 stands for, its stages, the regulation's edition."""
    if ctx.invoked_subcommand is None:
        list_rulesets(russian, address, token, as_json)


@rulesets.command("list")
def list_rulesets(
    russian: Annotated[bool, typer.Option("--ru", help="Descriptions and stages in Russian.")] = False,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Every ruleset a competition may be created with (the same as `rondo rulesets`)."""
    with session(address, token, as_json) as s:
        answer = s.all_pages("ListRulesets", competitions_pb2.ListRulesetsRequest(page_size=1000), "rulesets")
        s.show(answer, lambda out, a: render_rulesets(out, a, russian))


@rulesets.command("versions")
def list_versions(competition: Competition, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """A competition's ruleset versions, version 1 first: who changed what, when and why."""
    with session(address, token, as_json) as s:
        cid = competition_id(s, competition)
        request = competitions_pb2.ListRulesetVersionsRequest(competition_id=cid, page_size=1000)
        s.show(s.all_pages("ListRulesetVersions", request, "ruleset_versions"), render_versions)


@rulesets.command("change")
def change_ruleset(
    competition: Competition,
    set_: Annotated[
        list[str] | None,
        typer.Option("--set", metavar="FIELD=VALUE", help="A ruleset field's new value (JSON, or text); repeat for more."),
    ] = None,
    overrides: Annotated[str, typer.Option("--overrides", metavar="JSON", help="A JSON object of fields to change.")] = "",
    reason: Annotated[str, typer.Option("--reason", help="Why (required once the competition has started).")] = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A new version of the competition's ruleset, from the latest with the fields given changed
    (`rondo rulesets versions` shows the fields); the standings use it at once."""
    with session(address, token, as_json) as s:
        changes = parse_changes(set_ or [], overrides)  # a malformed option exits 2 before anything is sent
        request = competitions_pb2.ChangeRulesetRequest(
            competition_id=competition_id(s, competition),
            overrides_json=json.dumps(changes, ensure_ascii=False) if changes else "",
            reason=reason,
            idempotency_key=idempotency_key,
        )
        s.show(s.call("ChangeRuleset", request), render_version)


def parse_changes(assignments: list[str], overrides: str) -> dict[str, Any]:
    """``--overrides`` (a JSON object) with every ``--set FIELD=VALUE`` on top; a value that is not JSON
    is text. Pure: a malformed option raises :class:`BadArgument`."""
    changes: dict[str, Any] = {}
    if overrides.strip():
        try:
            loaded = json.loads(overrides)
        except ValueError as error:
            raise BadArgument("--overrides", f"not valid JSON: {error}") from None
        if not isinstance(loaded, dict):
            raise BadArgument("--overrides", 'a JSON object of ruleset fields, e.g. {"playoff_places": 4}')
        changes.update(loaded)
    for item in assignments:
        field, value = parse_assignment(item, "--set")
        try:
            changes[field] = json.loads(value)
        except ValueError:
            changes[field] = value
    return changes


# ---- rendering


def render_rulesets(out: Console, answer: competitions_pb2.ListRulesetsResponse, russian: bool = False) -> None:
    rows = [
        (
            r.name + (" (default)" if r.default else ""),
            enum_name(competitions_pb2.RulesetKind, r.kind),
            r.default_rounds,
            r.default_table_size,
            r.version,
            r.description_ru if russian else r.description,
        )
        for r in answer.rulesets
    ]
    out.print(
        table(
            "rulesets (`rondo competitions create NAME --ruleset RULESET`; rounds and table size 0 take these)",
            ("ruleset", "runs", "rounds", "table size", "edition", "what it is"),
            rows,
            right=("rounds", "table size"),
        )
    )
    for r in answer.rulesets:
        print_lines(out, [f"{r.name}: " + "; ".join(r.stages_ru if russian else r.stages)])


def render_versions(out: Console, answer: competitions_pb2.ListRulesetVersionsResponse) -> None:
    rows = [(v.version, v.name, when(v.at), v.changed_by, v.reason) for v in answer.ruleset_versions]
    out.print(
        table("ruleset versions (the latest is in force)", ("version", "ruleset", "at", "by", "reason"), rows, right=("version",))
    )


def render_version(out: Console, v: competitions_pb2.RulesetVersion) -> None:
    data = json.loads(v.data_json or "{}")
    rows: list[tuple[object, object]] = [("version", v.version), ("ruleset", v.name), ("at", when(v.at)), ("by", v.changed_by)]
    if v.reason:
        rows.append(("reason", v.reason))
    rows += [(key, json.dumps(value, ensure_ascii=False)) for key, value in data.items() if key != "name"]
    out.print(pairs(f"ruleset version {v.version}", rows))
