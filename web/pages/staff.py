"""The organizer's and the judge's pages: the season at a glance of every competition they see, a draw
to approve with its figures, a match's records (record, correct, decide a dispute) and its meeting
(force-assign one), the ties the standings leave to the organizer.

Only organizers and judges reach these pages (a player is refused with 403 before anything is asked);
what each of them may do is still the gateway's access matrix: a refused action is shown with the
gateway's own message. Every form carries the CSRF token (checked by the app for every POST) and an
idempotency key made when it is shown (``idempotency_field``), so a form sent twice records once.
Handlers only read forms (web/views/staff_forms.py), call the gateway and render; what the season
looks like is web/views/season.py.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC
from typing import Any

import grpc
from google.protobuf.message import Message
from google.protobuf.timestamp_pb2 import Timestamp
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import (
    competitions_pb2,
    draws_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)
from rondo_client.matches import (
    DEFAULT_HANCHANS_PER_MATCH,
    MatchKind,
    MatchRef,
    hanchans_per_match,
    match_kind,
    match_progress,
    seating_matches,
    stage_matches,
)
from rondo_client.notation import ANNULLED, GAME_RESULTS
from web import i18n
from web.forms import read_form
from web.gateway import GatewayError, call
from web.i18n import gettext as _
from web.rendering import NavItem, render
from web.session import User, current_user, flash
from web.views import staff_forms
from web.views.season import SeasonGlance, TieGlance, draw_glance, season_glance, ties_glance

STAFF_ROLES = ("ROLE_ORGANIZER", "ROLE_JUDGE")
MAX_GLANCE_MATCHES = 400  # matches read for one glance (each is one call for its records)
DEFAULT_DRAW_SECONDS = 10  # the gateway's default draw budget, when the form leaves it empty
DRAW_MARGIN_SECONDS = 20  # waited beyond the draw's budget: preparing and storing it
PARALLEL_CALLS = 8  # gateway calls one page makes at once
MAX_PAGES = 50  # pages of one listing
MAX_ID = 64


def N_(message: str) -> str:
    return message


def staff(request: Request) -> User:
    """The logged-in organizer or judge; anyone else is refused (403) before the gateway is asked."""
    user = current_user(request)
    if user.role not in STAFF_ROLES:
        raise HTTPException(403)
    return user


_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def _id(request: Request, name: str) -> str:
    """An id from the URL: letters, digits, '-' and '_' only (else 404: nothing is asked of the gateway)."""
    value = str(request.path_params[name])
    if not _ID.fullmatch(value):
        raise HTTPException(404)
    return value


async def all_pages(request: Request, rpc: str, message: Any, field: str) -> list[Any]:
    """Every item of a paged listing (at most :data:`MAX_PAGES` pages)."""
    found: list[Any] = []
    for _page in range(MAX_PAGES):
        answer = await call(request, rpc, message)
        found.extend(getattr(answer, field))
        if not answer.next_page_token:
            break
        message.page_token = answer.next_page_token
    return found


async def gathered(calls: list[Callable[[], Awaitable[Any]]]) -> list[Any]:
    """The calls' answers in order, at most :data:`PARALLEL_CALLS` at a time."""
    gate = asyncio.Semaphore(PARALLEL_CALLS)

    async def one(make: Callable[[], Awaitable[Any]]) -> Any:
        async with gate:
            return await make()

    return list(await asyncio.gather(*(one(c) for c in calls)))


_KINDS: dict[str, int] = {}  # ruleset name -> RulesetKind (the registered rulesets do not change)


async def ruleset_kind(request: Request, ruleset: str) -> MatchKind:
    if ruleset not in _KINDS:
        listed = await all_pages(request, "ListRulesets", competitions_pb2.ListRulesetsRequest(page_size=1000), "rulesets")
        _KINDS.update({r.name: r.kind for r in listed})
    return match_kind(_KINDS.get(ruleset, competitions_pb2.RULESET_KIND_MAHJONG_LEAGUE))


async def player_names(request: Request, cid: str) -> dict[str, str]:
    message = competitions_pb2.ListPlayersRequest(competition_id=cid, include_inactive=True, page_size=1000)
    return {p.id: p.name for p in await all_pages(request, "ListPlayers", message, "players")}


async def competition_matches(
    request: Request, competition: competitions_pb2.Competition, kind: MatchKind
) -> tuple[list[tuple[MatchRef, int]], dict[int, str]]:
    """Every match of the competition with its hanchans (0: 1-vs-1 games): the published draw's tables
    (a mahjong league's stage 1), then every stored stage's; and the stored stages' names by number."""
    cid = competition.id
    stages = await all_pages(request, "ListStages", stages_pb2.ListStagesRequest(competition_id=cid, page_size=1000), "stages")
    found: list[tuple[MatchRef, int]] = []
    if kind is MatchKind.HANCHANS:
        if competition.published_draw_id:
            seating = await call(request, "GetSeating", draws_pb2.GetSeatingRequest(competition_id=cid))
            versions = await all_pages(
                request,
                "ListRulesetVersions",
                competitions_pb2.ListRulesetVersionsRequest(competition_id=cid, page_size=1000),
                "ruleset_versions",
            )
            games = hanchans_per_match(versions[-1].data_json) if versions else DEFAULT_HANCHANS_PER_MATCH
            found += [(m, games) for m in seating_matches(cid, seating)]
        for st in stages:
            if st.number >= 2:
                found += [(m, st.games_per_match or DEFAULT_HANCHANS_PER_MATCH) for m in stage_matches(cid, st)]
    else:
        for st in stages:
            found += [(m, 0) for m in stage_matches(cid, st)]
    return found, {st.number: st.name for st in stages}


async def match_records(request: Request, m: MatchRef) -> list[results_pb2.ResultRecord]:
    message = results_pb2.ListResultRecordsRequest(
        competition_id=m.competition_id, stage=m.stage, round=m.round, table=m.table, page_size=1000
    )
    return await all_pages(request, "ListResultRecords", message, "result_records")


async def match_card(request: Request, m: MatchRef) -> scheduling_pb2.MatchCard | None:
    """The match's card (read as its first player: a card names no one's intervals); None when the
    match is not opened for scheduling."""
    try:
        return await call(
            request, "GetMatchCard", scheduling_pb2.GetMatchCardRequest(match_key=m.key, viewer_player_id=m.player_ids[0])
        )
    except GatewayError as error:
        if error.code == grpc.StatusCode.NOT_FOUND:
            return None
        raise


async def open_ties(request: Request, competition: competitions_pb2.Competition) -> tuple[TieGlance, ...]:
    try:
        if competition.ruleset and (await ruleset_kind(request, competition.ruleset)) is MatchKind.GAMES:
            if _KINDS.get(competition.ruleset) != competitions_pb2.RULESET_KIND_UPDOWN:
                return ()
            answer = await call(
                request, "GetUpdownStandings", stages_pb2.GetUpdownStandingsRequest(competition_id=competition.id)
            )
            return ties_glance(None, [(g.name, g.unresolved) for g in answer.groups])
        if not competition.published_draw_id:
            return ()
        return ties_glance(await call(request, "GetStandings", results_pb2.GetStandingsRequest(competition_id=competition.id)))
    except GatewayError as error:
        if error.code in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.NOT_FOUND):
            return ()  # no standings yet
        raise


@dataclass(frozen=True)
class GlanceRead:
    glance: SeasonGlance
    names: dict[str, str]
    stage_names: dict[int, str]
    truncated: bool


async def read_glance(request: Request, cid: str) -> GlanceRead:
    competition = await call(request, "GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=cid))
    kind = await ruleset_kind(request, competition.ruleset)
    draws = await all_pages(request, "ListDraws", draws_pb2.ListDrawsRequest(competition_id=cid, page_size=1000), "draws")
    matches, stage_names = await competition_matches(request, competition, kind)
    truncated = len(matches) > MAX_GLANCE_MATCHES
    matches = matches[:MAX_GLANCE_MATCHES]
    per_match = await gathered([functools.partial(match_records, request, m) for m, _ in matches])
    records = [r for found in per_match for r in found]
    incomplete = [
        m for (m, games), found in zip(matches, per_match, strict=True) if not match_progress(m, found, kind, games).complete
    ]
    cards = dict(
        zip(
            (m.key for m in incomplete),
            await gathered([functools.partial(match_card, request, m) for m in incomplete]),
            strict=True,
        )
    )
    ties = await open_ties(request, competition)
    glance = season_glance(competition, kind, draws, matches, records, cards, ties)
    return GlanceRead(glance, await player_names(request, cid), stage_names, truncated)


# ---- pages


async def index(request: Request) -> Response:
    staff(request)
    message = competitions_pb2.ListCompetitionsRequest(page_size=1000)
    competitions = await all_pages(request, "ListCompetitions", message, "competitions")
    return render(request, "staff/index.html", {"competitions": competitions})


async def season_page(request: Request) -> Response:
    staff(request)
    read = await read_glance(request, _id(request, "cid"))
    return render(
        request,
        "staff/season.html",
        {"g": read.glance, "names": read.names, "stage_names": read.stage_names, "truncated": read.truncated},
    )


async def draw_page(request: Request) -> Response:
    staff(request)
    cid, did = _id(request, "cid"), _id(request, "did")
    draw = await call(request, "GetDraw", draws_pb2.GetDrawRequest(competition_id=cid, draw_id=did))
    draws = await all_pages(request, "ListDraws", draws_pb2.ListDrawsRequest(competition_id=cid, page_size=1000), "draws")
    names = await player_names(request, cid)
    sitting: list[list[str]] = []
    if draw.sitting_out:  # a club night: who sits out each round, among those the draw seats at all
        roster = [p for p in names if any(p in t.player_ids for r in draw.rounds for t in r.tables)]
        sitting = [[names[p] for p in roster if not any(p in t.player_ids for t in r.tables)] for r in draw.rounds]
    return render(
        request,
        "staff/draw.html",
        {
            "cid": cid,
            "draw": draw,
            "d": draw_glance(draw, {x.id: x.version for x in draws}),
            "names": names,
            "sitting": sitting,
        },
    )


async def run_draw(request: Request) -> Response:
    """The organizer's draw form: a proposal to review (its page), or why none was made."""
    staff(request)
    cid = _id(request, "cid")
    try:
        message = staff_forms.draw(cid, _form(await read_form(request)))
    except staff_forms.FormProblem as problem:
        _problem(request, problem)
        return RedirectResponse(f"/staff/c/{cid}", status_code=303)
    return await _proposed(request, cid, "DrawCompetition", message)


async def run_redraw(request: Request) -> Response:
    """The organizer's redraw form (after a withdrawal or a roster change): the published draw's
    played rounds kept, the rest drawn again; a proposal to review, or why none was made."""
    staff(request)
    cid = _id(request, "cid")
    form = _form(await read_form(request))
    competition = await call(request, "GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=cid))
    if not competition.published_draw_id:
        flash(request, _("Nothing to redraw: no draw is published yet."), "error")
        return RedirectResponse(f"/staff/c/{cid}", status_code=303)
    published = await call(
        request, "GetDraw", draws_pb2.GetDrawRequest(competition_id=cid, draw_id=competition.published_draw_id)
    )
    try:
        message = staff_forms.redraw(cid, form, len(published.rounds))
    except staff_forms.FormProblem as problem:
        _problem(request, problem)
        return RedirectResponse(f"/staff/c/{cid}", status_code=303)
    return await _proposed(request, cid, "Redraw", message)


async def _proposed(
    request: Request, cid: str, rpc: str, message: draws_pb2.DrawCompetitionRequest | draws_pb2.RedrawRequest
) -> Response:
    """A draw or redraw asked of the solver (the page waits for it): its proposal's page, or the season
    page saying why none was made."""
    back = f"/staff/c/{cid}"
    wait = (message.time_limit_seconds or DEFAULT_DRAW_SECONDS) + DRAW_MARGIN_SECONDS
    proposal = await _answered(request, rpc, message, timeout=wait)
    if proposal is None:
        return RedirectResponse(back, status_code=303)
    if not proposal.HasField("draw"):
        why = "; ".join([*proposal.conflicts, *proposal.notes][:5])
        flash(request, _("The solver found no draw: %(reason)s") % {"reason": why}, "error")
        return RedirectResponse(back, status_code=303)
    flash(request, _("A draw is proposed: review it and approve it."), "success")
    return RedirectResponse(f"/staff/c/{cid}/draws/{proposal.draw.id}", status_code=303)


async def approve_draw(request: Request) -> Response:
    staff(request)
    cid, did = _id(request, "cid"), _id(request, "did")
    back = f"/staff/c/{cid}/draws/{did}"
    if await _acted(request, "ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=did)):
        flash(request, _("The draw is approved and published."), "success")
        back = f"/staff/c/{cid}"
    return RedirectResponse(back, status_code=303)


async def find_match(request: Request, cid: str) -> tuple[competitions_pb2.Competition, MatchKind, MatchRef, int]:
    try:
        stage, round_, table = (int(request.path_params[k]) for k in ("stage", "round", "table"))
    except ValueError:
        raise HTTPException(404) from None
    competition = await call(request, "GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=cid))
    kind = await ruleset_kind(request, competition.ruleset)
    for m, games in (await competition_matches(request, competition, kind))[0]:
        if (m.stage, m.round, m.table) == (stage, round_, table):
            return competition, kind, m, games
    raise HTTPException(404)


async def club_rooms(request: Request) -> list[tuple[scheduling_pb2.Club, list[scheduling_pb2.Room]]]:
    """The clubs the caller may schedule in, each with its rooms (a judge may not list clubs: none)."""
    try:
        clubs = await all_pages(request, "ListClubs", scheduling_pb2.ListClubsRequest(page_size=1000), "clubs")
    except GatewayError as error:
        if error.code == grpc.StatusCode.PERMISSION_DENIED:
            return []
        raise
    rooms = await gathered(
        [
            functools.partial(
                all_pages, request, "ListRooms", scheduling_pb2.ListRoomsRequest(club_id=c.id, page_size=1000), "rooms"
            )
            for c in clubs
        ]
    )
    return list(zip(clubs, rooms, strict=True))


def moment(stamp: Timestamp) -> Any:
    return stamp.ToDatetime(tzinfo=UTC)


async def match_page(request: Request) -> Response:
    staff(request)
    cid = _id(request, "cid")
    competition, kind, m, games = await find_match(request, cid)
    records = sorted(await match_records(request, m), key=lambda r: r.sequence)
    card = await match_card(request, m)
    clubs = await club_rooms(request)
    names = await player_names(request, cid)
    room_names = {r.id: r.name for _club, rooms in clubs for r in rooms}
    room_zones = {r.id: club.time_zone for club, rooms in clubs for r in rooms}  # a meeting in its room's club time
    zone = clubs[0][0].time_zone if clubs else "UTC"
    return render(
        request,
        "staff/match.html",
        {
            "competition": competition,
            "m": m,
            "kind": kind.value,
            "games": games,
            "progress": match_progress(m, records, kind, games),
            "records": records,
            "card": card,
            "clubs": clubs,
            "zone": zone,
            "room_names": room_names,
            "room_zones": room_zones,
            "names": names,
            "moment": moment,
            "game_results": GAME_RESULTS,
            "annulled": ANNULLED,
            "base": f"/staff/c/{cid}/m/{m.stage}/{m.round}/{m.table}",
        },
    )


async def _answered(request: Request, rpc: str, message: Message, timeout: float | None = None) -> Any:
    """The action's answer; None when refused (flashed in the user's language, the gateway's own message)."""
    try:
        return await call(request, rpc, message, timeout)
    except GatewayError as error:
        if error.code == grpc.StatusCode.UNAUTHENTICATED or error.unreachable:
            raise
        detail = "; ".join(f"{f}: {d}" for f, d in error.violations)
        flash(request, error.text(i18n.current_locale.get()) + (f" ({detail})" if detail else ""), "error")
        return None


async def _acted(request: Request, rpc: str, message: Message) -> bool:
    """The action sent; a refusal is flashed (:func:`_answered`)."""
    return await _answered(request, rpc, message) is not None


def _problem(request: Request, problem: staff_forms.FormProblem) -> None:
    flash(request, f"{problem.field}: " + _(problem.message) % {"value": problem.value}, "error")


def _form(form: FormData) -> dict[str, str]:
    return {k: v[:1000] for k, v in form.multi_items() if isinstance(v, str)}


async def _match_action(
    request: Request, build: Callable[[MatchRef, MatchKind, dict[str, str]], tuple[str, Message]]
) -> Response:
    staff(request)
    cid = _id(request, "cid")
    fields = _form(await read_form(request))
    _competition, kind, m, _games = await find_match(request, cid)
    back = f"/staff/c/{cid}/m/{m.stage}/{m.round}/{m.table}"
    try:
        rpc, message = build(m, kind, fields)
    except staff_forms.FormProblem as problem:
        _problem(request, problem)
        return RedirectResponse(back, status_code=303)
    if await _acted(request, rpc, message):
        flash(request, _("Saved."), "success")
    return RedirectResponse(back, status_code=303)


def _record(m: MatchRef, kind: MatchKind, form: dict[str, str]) -> tuple[str, Message]:
    key = form.get("idempotency_key", "")[:100]
    if kind is MatchKind.GAMES:
        game = staff_forms.game(form, m.player_ids)
        return "RecordGame", results_pb2.RecordGameRequest(
            competition_id=m.competition_id, stage=m.stage, round=m.round, table=m.table, game=game, idempotency_key=key
        )
    hanchan = staff_forms.hanchan(form, m.player_ids)
    return "RecordHanchan", results_pb2.RecordHanchanRequest(
        competition_id=m.competition_id, stage=m.stage, round=m.round, table=m.table, hanchan=hanchan, idempotency_key=key
    )


def _penalty(m: MatchRef, kind: MatchKind, form: dict[str, str]) -> tuple[str, Message]:
    return "RecordPenalty", results_pb2.RecordPenaltyRequest(
        competition_id=m.competition_id,
        stage=m.stage,
        round=m.round,
        table=m.table,
        penalty=staff_forms.penalty(form, m.player_ids),
        idempotency_key=form.get("idempotency_key", "")[:100],
    )


def _no_show(m: MatchRef, kind: MatchKind, form: dict[str, str]) -> tuple[str, Message]:
    return "RecordNoShow", results_pb2.RecordNoShowRequest(
        competition_id=m.competition_id,
        stage=m.stage,
        round=m.round,
        table=m.table,
        no_show=staff_forms.no_show(form, m.player_ids),
        idempotency_key=form.get("idempotency_key", "")[:100],
    )


def _correct(m: MatchRef, kind: MatchKind, form: dict[str, str]) -> tuple[str, Message]:
    message = results_pb2.CorrectRecordRequest(
        competition_id=m.competition_id,
        record_id=form.get("record_id", "")[:MAX_ID],
        reason=staff_forms.reason(form),
        idempotency_key=form.get("idempotency_key", "")[:100],
        organizer_confirms=form.get("organizer_confirms", "") == "on",
    )
    if kind is MatchKind.GAMES:
        message.game.CopyFrom(staff_forms.game(form, m.player_ids, correction=True))
    else:
        message.hanchan.CopyFrom(staff_forms.hanchan(form, m.player_ids))
    return "CorrectRecord", message


def _resolve(m: MatchRef, kind: MatchKind, form: dict[str, str]) -> tuple[str, Message]:
    decision = staff_forms.dispute_decision(form)
    message = results_pb2.ResolveDisputeRequest(
        competition_id=m.competition_id,
        record_id=form.get("record_id", "")[:MAX_ID],
        decision=decision,
        reason=staff_forms.reason(form),
        idempotency_key=form.get("idempotency_key", "")[:100],
    )
    if decision == results_pb2.DISPUTE_DECISION_REPLACE:
        message.hanchan.CopyFrom(staff_forms.hanchan(form, m.player_ids))
    return "ResolveDispute", message


async def record_result(request: Request) -> Response:
    return await _match_action(request, _record)


async def record_penalty(request: Request) -> Response:
    return await _match_action(request, _penalty)


async def record_no_show(request: Request) -> Response:
    return await _match_action(request, _no_show)


async def correct_record(request: Request) -> Response:
    return await _match_action(request, _correct)


async def resolve_dispute(request: Request) -> Response:
    return await _match_action(request, _resolve)


async def assign_meeting(request: Request) -> Response:
    """``room``: ``<club id>:<room id>`` (an empty room: the club's first free one); ``start`` in that
    club's time; ``minutes``."""
    staff(request)
    cid = _id(request, "cid")
    fields = _form(await read_form(request))
    _competition, _kind, m, _games = await find_match(request, cid)
    back = f"/staff/c/{cid}/m/{m.stage}/{m.round}/{m.table}"
    club_id, _sep, room_id = fields.get("room", "").partition(":")
    zones = {c.id: c.time_zone for c, _rooms in await club_rooms(request)}
    try:
        if club_id not in zones:
            raise staff_forms.FormProblem("room", N_("Choose a room"))
        start, end = staff_forms.meeting_slot(fields, zones[club_id])
    except staff_forms.FormProblem as problem:
        _problem(request, problem)
        return RedirectResponse(back, status_code=303)
    message = scheduling_pb2.AssignMeetingRequest(
        match_key=m.key, start=start, end=end, room_id=room_id[:MAX_ID], idempotency_key=fields.get("idempotency_key", "")[:100]
    )
    if await _acted(request, "AssignMeeting", message):
        flash(request, _("The meeting is booked."), "success")
    return RedirectResponse(back, status_code=303)


async def decide_tie(request: Request) -> Response:
    """``players``: the tied players' ids, comma-separated; ``method``: ``order`` (with ``place-<id>``)
    or ``lot`` (with ``seed``); ``reason``."""
    staff(request)
    cid = _id(request, "cid")
    fields = _form(await read_form(request))
    back = f"/staff/c/{cid}"
    tied = [p for p in fields.get("players", "").split(",") if p][:100]
    message = results_pb2.DecideTieRequest(competition_id=cid, idempotency_key=fields.get("idempotency_key", "")[:100])
    try:
        if fields.get("method") == "lot":
            message.method = results_pb2.TIE_METHOD_LOT
            message.player_ids.extend(tied)
            message.seed = staff_forms.seed(fields)
            message.reason = fields.get("reason", "").strip()[: staff_forms.MAX_REASON]
        else:
            message.method = results_pb2.TIE_METHOD_ORGANIZER_ORDER
            message.player_ids.extend(staff_forms.tie_order(fields, tied))
            message.reason = staff_forms.reason(fields)
    except staff_forms.FormProblem as problem:
        _problem(request, problem)
        return RedirectResponse(back, status_code=303)
    if await _acted(request, "DecideTie", message):
        flash(request, _("The tie is decided."), "success")
    return RedirectResponse(back, status_code=303)


MATCH = "/staff/c/{cid}/m/{stage:int}/{round:int}/{table:int}"
routes: list[BaseRoute] = [
    Route("/staff", index, methods=["GET"]),
    Route("/staff/c/{cid}", season_page, methods=["GET"]),
    Route("/staff/c/{cid}/draws", run_draw, methods=["POST"]),
    Route("/staff/c/{cid}/redraws", run_redraw, methods=["POST"]),
    Route("/staff/c/{cid}/draws/{did}", draw_page, methods=["GET"]),
    Route("/staff/c/{cid}/draws/{did}/approve", approve_draw, methods=["POST"]),
    Route("/staff/c/{cid}/ties", decide_tie, methods=["POST"]),
    Route(MATCH, match_page, methods=["GET"]),
    Route(MATCH + "/record", record_result, methods=["POST"]),
    Route(MATCH + "/penalty", record_penalty, methods=["POST"]),
    Route(MATCH + "/no-show", record_no_show, methods=["POST"]),
    Route(MATCH + "/correct", correct_record, methods=["POST"]),
    Route(MATCH + "/resolve", resolve_dispute, methods=["POST"]),
    Route(MATCH + "/assign", assign_meeting, methods=["POST"]),
]
nav: list[NavItem] = [NavItem(N_("Season"), "/staff", roles=STAFF_ROLES, order=10)]
