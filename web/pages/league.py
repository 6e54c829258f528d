"""Standings with their tie-break explanations (a mahjong league), the cup's bracket, the Up&Down
table: whichever the competition's ruleset makes, at ``/standings/<competition>``. Every kind's page
shows, when asked (``?projections=1``: each is a solve of seconds, never made for every view), each
player's status at each cut — clinched, eliminated, alive and what they need — and, first, the
reader's own when they are one of its players (docs/rules.md ``mahjong.projection.status-in-words``,
``updown.projection.doors``); to the competition's players, organizers and judges. A competition the
gateway cannot project yet (FAILED_PRECONDITION, e.g. a ruleset without projections) shows why in one
line, and its table still shows."""

from __future__ import annotations

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from web import i18n
from web.gateway import GatewayError, call
from web.rendering import render
from web.session import remembered_player

PROJECTIONS_BUDGET_S = 40.0  # the whole projection's budget (a small league's takes a few seconds)
PROJECTIONS_TIMEOUT_S = 60.0  # the call's deadline: the budget, and time to answer
REFUSALS = ("PERMISSION_DENIED", "FAILED_PRECONDITION", "INVALID_ARGUMENT", "RESOURCE_EXHAUSTED")


def kind_of(ruleset: str) -> str:
    """``cup``, ``updown`` or ``mahjong`` (the league of tables of four) from a ruleset's name."""
    name = ruleset.lower()
    if "cup" in name:
        return "cup"
    if "updown" in name or "up-down" in name:
        return "updown"
    return "mahjong"


async def standings(request: Request) -> Response:
    competition_id = request.path_params["competition"][:100]
    if not competition_id:
        raise HTTPException(404)
    competition = await call(request, "GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=competition_id))
    kind = kind_of(competition.ruleset)
    context: dict = {"competition": competition, "kind": kind}
    try:
        context.update(await _table(request, competition_id, kind))
    except GatewayError as error:
        if error.code.name != "FAILED_PRECONDITION" or error.unreachable:
            raise
        context.update(kind="none", message=error.text(i18n.current_locale.get()))  # e.g. no stage yet
        return render(request, "league/standings.html", context)
    context["projections_asked"] = request.query_params.get("projections") == "1"
    if context["projections_asked"]:
        context.update(await _projections(request, competition_id))
    return render(request, "league/standings.html", context)


async def _table(request: Request, competition_id: str, kind: str) -> dict:
    context: dict = {}
    if kind == "cup":
        bracket = await call(request, "GetCupBracket", stages_pb2.GetCupBracketRequest(competition_id=competition_id))
        names = {s.player_id: s.name for s in bracket.seeds}
        names.update({r.player_id: r.name for r in bracket.results})
        context.update(bracket=bracket, names=names)
    elif kind == "updown":
        context["table"] = await call(
            request, "GetUpdownStandings", stages_pb2.GetUpdownStandingsRequest(competition_id=competition_id)
        )
    else:
        table = await call(request, "GetStandings", results_pb2.GetStandingsRequest(competition_id=competition_id))
        names = {row.player_id: row.name for row in table.rows}
        context.update(table=table, names=names)
    return context


async def _projections(request: Request, competition_id: str) -> dict:
    """Each player's statuses by player id (``projected``) and the reader's own (``own``: their linked
    player's, when projected; each status's words name its cut); ``projections_refused``: why
    not (a reader who is not the competition's, a season without an approved draw, a ruleset the
    gateway does not project yet...)."""
    try:
        found = await call(
            request,
            "GetProjections",
            results_pb2.GetProjectionsRequest(competition_id=competition_id, time_limit_seconds=PROJECTIONS_BUDGET_S),
            PROJECTIONS_TIMEOUT_S,
        )
    except GatewayError as error:
        if error.unreachable or error.code.name not in REFUSALS:
            raise
        return {"projections_refused": error.text(i18n.current_locale.get())}
    projected = {p.player_id: p for p in found.players}
    me = remembered_player(request, competition_id)
    return {
        "projections": found,
        "projected": projected,
        "own": projected.get(me) if me else None,
    }


routes: list[BaseRoute] = [Route("/standings/{competition:str}", standings, methods=["GET"])]
