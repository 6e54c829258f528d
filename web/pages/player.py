"""The player's pages: my matches, the match card (propose and confirm a meeting), my availability on
the week grid, reporting a table's result and confirming or disputing another's report. Handlers only
call the gateway and render; web/views/ shapes the answers."""

from __future__ import annotations

import re
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from google.protobuf.timestamp_pb2 import Timestamp
from starlette.datastructures import FormData
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import (
    calendar_pb2,
    common_pb2,
    competitions_pb2,
    draws_pb2,
    identity_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)
from web import i18n
from web.forms import read_form, text, texts
from web.gateway import GatewayError, call
from web.i18n import gettext as _
from web.rendering import NavItem, render
from web.session import current_user, flash, remember_players, remembered_player
from web.views import card as card_views
from web.views import report, week
from web.views.matches import MatchKey, MyTable, last_opened_round, match_key, my_stage_tables, my_tables

MAX_COMPETITIONS = 10  # linked competitions shown on "my matches"
STEP_MINUTES = 30
MAX_REASON = 500


def N_(message: str) -> str:
    """A msgid translated where it is shown (extracted by Babel)."""
    return message


def timestamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment.astimezone(UTC))
    return out


def when(value: Timestamp) -> datetime:
    return value.ToDatetime(tzinfo=UTC)


_KEY = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


def idempotency_key(form: FormData | None = None, suffix: str = "") -> str:
    """The form's ``idempotency_key`` (made when the form was shown), else a new one."""
    sent = text(form, "idempotency_key", 64) if form is not None else ""
    return (sent if _KEY.match(sent) else uuid.uuid4().hex) + suffix


# --- shared look-ups -------------------------------------------------------------------------------


@dataclass
class Club:
    id: str
    name: str
    zone: str
    opening_hours: list[tuple[int, str, str]]
    rooms: dict[str, str]  # id -> name


CLUB_CACHE_SECONDS = 30.0
MAX_CACHED_CLUBS = 100  # a bound on the cache: cleared when full


async def club_of(request: Request, club_id: str = "") -> Club | None:
    """The club ``club_id`` (a match card's ``club_id``; empty: the optional default
    ``RONDO_WEB_CLUB_ID``) with its rooms, or None when there is neither. Read through the gateway with
    the user's token (GetClub and ListRooms are open to anyone logged in) and kept per club for
    :data:`CLUB_CACHE_SECONDS` (an organizer's change shows within that time)."""
    club_id = club_id or request.app.state.settings.club_id
    if not club_id:
        return None
    cache: dict[str, tuple[float, Club]] = request.app.state.club_cache  # made by create_app
    cached = cache.get(club_id)
    if cached is not None and cached[0] > time.monotonic():
        return cached[1]
    club = await call(request, "GetClub", scheduling_pb2.GetClubRequest(club_id=club_id))
    rooms = await call(request, "ListRooms", scheduling_pb2.ListRoomsRequest(club_id=club_id, page_size=1000))
    windows = [(w.day, w.opens, w.closes) for w in club.opening_hours.windows]
    found = Club(club.id, club.name, club.time_zone or "UTC", windows, {r.id: r.name for r in rooms.rooms})
    if len(cache) >= MAX_CACHED_CLUBS:
        cache.clear()
    cache[club_id] = (time.monotonic() + CLUB_CACHE_SECONDS, found)
    return found


async def my_player_in(request: Request, competition_id: str) -> str:
    """My league player in the competition: from the session, else asked again (a link made since the
    login); 403 when I have none there."""
    known = remembered_player(request, competition_id)
    if known is not None:
        return known
    account = await call(request, "WhoAmI", identity_pb2.WhoAmIRequest())
    remember_players(request, account.players)
    found = remembered_player(request, competition_id)
    if found is None:
        raise HTTPException(403)
    return found


async def names_in(request: Request, competition_id: str) -> dict[str, str]:
    answer = await call(
        request,
        "ListPlayers",
        competitions_pb2.ListPlayersRequest(competition_id=competition_id, include_inactive=True, page_size=1000),
    )
    return {p.id: p.name for p in answer.players}


def key_of(request: Request) -> MatchKey:
    p = request.path_params
    key = match_key(p["competition"], p["stage"], p["round"], p["table"])
    if key is None:
        raise HTTPException(404)
    return key


# --- my matches -------------------------------------------------------------------------------------


async def home(request: Request) -> Response:
    user = current_user(request)
    account = await call(request, "WhoAmI", identity_pb2.WhoAmIRequest())
    remember_players(request, account.players)
    if not user.is_player:
        return render(request, "player/home.html", {"account": account, "competitions": []})
    links: dict[str, list[str]] = {}
    for link in account.players:
        links.setdefault(link.competition_id, []).append(link.player_id)
    competitions = []
    for competition_id, player_ids in list(links.items())[:MAX_COMPETITIONS]:
        competition = await call(request, "GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=competition_id))
        tables = []
        current = 0
        summary = None
        if competition.published_draw_id:
            seating = await call(request, "GetSeating", draws_pb2.GetSeatingRequest(competition_id=competition_id))
            tables = my_tables(competition_id, player_ids, seating.rounds)
            current, card = await current_round(request, tables)
            if card is not None:
                me = next(t.player_id for t in tables if t.key.round == current)
                summary = card_views.card_view(card, me, {})
        stages = await call(request, "ListStages", stages_pb2.ListStagesRequest(competition_id=competition_id, page_size=100))
        later: list[MyTable] = []
        if any(stage.rounds for stage in stages.stages):
            names = await names_in(request, competition_id)
            first = 2 if competition.published_draw_id else 1
            later = my_stage_tables(competition_id, player_ids, stages.stages, names, from_stage=first)
        competitions.append(
            {"competition": competition, "tables": tables, "current": current, "card": summary, "stage_tables": later}
        )
    return render(request, "player/home.html", {"account": account, "competitions": competitions})


async def current_round(request: Request, tables: list[MyTable]) -> tuple[int, scheduling_pb2.MatchCard | None]:
    """The last round whose table of mine is open for scheduling (0: none yet), and its card."""
    by_round = {t.key.round: t for t in tables}
    cards: dict[int, scheduling_pb2.MatchCard] = {}

    async def opened(round_: int) -> bool:
        table = by_round.get(round_)
        if table is None:
            return False
        try:
            cards[round_] = await call(request, "GetMatchCard", scheduling_pb2.GetMatchCardRequest(match_key=str(table.key)))
        except GatewayError as error:
            if error.code.name in ("NOT_FOUND", "FAILED_PRECONDITION"):
                return False
            raise
        return True

    found = await last_opened_round(max(by_round, default=0), opened)
    if found and found not in cards:  # the search may end on a round it did not have to ask about
        await opened(found)
    return found, cards.get(found)


# --- the match card ---------------------------------------------------------------------------------


async def _card_context(request: Request, key: MatchKey) -> dict:
    me = await my_player_in(request, key.competition_id)
    card = await call(request, "GetMatchCard", scheduling_pb2.GetMatchCardRequest(match_key=str(key)))
    names = await names_in(request, key.competition_id)
    club = await club_of(request, card.club_id)
    return {
        "key": key,
        "me": me,
        "card": card_views.card_view(card, me, names),
        "club": club,
        "zone": club.zone if club else "UTC",
    }


async def match_card(request: Request) -> Response:
    key = key_of(request)
    try:
        context = await _card_context(request, key)
    except GatewayError as error:
        if error.code.name != "NOT_FOUND":
            raise
        return render(
            request, "player/not_open.html", {"key": key, "message": error.text(i18n.current_locale.get())}, status_code=404
        )
    return render(request, "player/card.html", context)


async def propose(request: Request) -> Response:
    key = key_of(request)
    form = await read_form(request)
    start = week.parse_slot_value(text(form, "start", 40))
    minutes = text(form, "minutes", 5)
    if start is None or not minutes.isdigit() or not 1 <= int(minutes) <= 24 * 60:
        flash(request, _("Choose a start time from the list."), "error")
        return RedirectResponse(key.path, status_code=303)
    try:
        meeting = await call(
            request,
            "ProposeMeeting",
            scheduling_pb2.ProposeMeetingRequest(
                match_key=str(key),
                start=timestamp(start),
                end=timestamp(start + timedelta(minutes=int(minutes))),
                idempotency_key=idempotency_key(form),
            ),
        )
        # proposing a time is agreeing to it: the proposer's confirmation comes with the proposal
        await call(
            request,
            "ConfirmMeeting",
            scheduling_pb2.ConfirmMeetingRequest(
                match_key=str(key), meeting_id=meeting.id, idempotency_key=idempotency_key(form, "-confirm")
            ),
        )
    except GatewayError as error:
        return _refused(request, error, key.path)
    flash(request, _("Your proposal is on the card with your confirmation; the others are asked to confirm it."), "success")
    return RedirectResponse(key.path, status_code=303)


async def confirm(request: Request) -> Response:
    key = key_of(request)
    form = await read_form(request)
    meeting_id = text(form, "meeting_id", 100)
    try:
        meeting = await call(
            request,
            "ConfirmMeeting",
            scheduling_pb2.ConfirmMeetingRequest(
                match_key=str(key), meeting_id=meeting_id, idempotency_key=idempotency_key(form)
            ),
        )
    except GatewayError as error:
        return _refused(request, error, key.path)
    if meeting.status == scheduling_pb2.MEETING_STATUS_BOOKED:
        flash(request, _("Everyone confirmed: the room is booked."), "success")
    else:
        flash(request, _("Your confirmation is recorded."), "success")
    return RedirectResponse(key.path, status_code=303)


def _refused(request: Request, error: GatewayError, back: str) -> Response:
    """A refusal the player can act on (bad input, a lost race, a changed state): a flash message on
    the page they came from. Anything else (not theirs, no session): the app's error handling."""
    if error.unreachable or error.code.name not in (
        "INVALID_ARGUMENT",
        "FAILED_PRECONDITION",
        "ABORTED",
        "ALREADY_EXISTS",
        "OUT_OF_RANGE",
    ):
        raise error
    detail = "; ".join(d for _f, d in error.violations[:3])
    flash(
        request,
        error.text(i18n.current_locale.get()) + (f" ({detail})" if detail and i18n.current_locale.get() == "en" else ""),
        "error",
    )
    return RedirectResponse(back, status_code=303)


# --- my availability --------------------------------------------------------------------------------


async def _grid(request: Request, key: MatchKey) -> tuple[week.WeekGrid, Club | None, scheduling_pb2.Availability]:
    await my_player_in(request, key.competition_id)
    card = await call(request, "GetMatchCard", scheduling_pb2.GetMatchCardRequest(match_key=str(key)))
    mine = await call(request, "GetAvailability", scheduling_pb2.GetAvailabilityRequest(match_key=str(key)))
    club = await club_of(request, card.club_id)
    window = week.Interval(when(card.window.start), when(card.window.end))
    zone = i18n.zone(club.zone if club else None)
    opening = None
    busy: list[week.Interval] = []
    rooms = 0
    if club is not None:
        first, last = window.start.astimezone(zone).date(), window.end.astimezone(zone).date()
        opening = week.opening_intervals(club.opening_hours, zone, first, last)
        listed = await call(
            request,
            "ListBookings",
            calendar_pb2.ListBookingsRequest(
                club_id=club.id, to=timestamp(window.end), page_size=1000, **{"from": timestamp(window.start)}
            ),
        )
        busy = [week.Interval(when(b.slot.start), when(b.slot.end)) for b in listed.bookings]
        rooms = len(club.rooms)
    selected = [week.Interval(when(i.start), when(i.end)) for i in mine.intervals]
    grid = week.build_week(window, zone.key, STEP_MINUTES, selected=selected, opening=opening, busy=busy, total_rooms=rooms)
    return grid, club, mine


async def availability(request: Request) -> Response:
    key = key_of(request)
    grid, club, mine = await _grid(request, key)
    return render(
        request,
        "player/availability.html",
        {
            "key": key,
            "grid": grid,
            "club": club,
            "zone": grid.zone,
            "answered": mine.version > 0,
            "weekdays": i18n.weekday_names(),
        },
    )


async def save_availability(request: Request) -> Response:
    key = key_of(request)
    form = await read_form(request)
    grid, _club, _mine = await _grid(request, key)
    chosen = week.selection_intervals(grid, texts(form, "slot", week.SLOT_VALUE_CHARS, week.MAX_SLOTS))
    intervals = [common_pb2.TimeInterval(start=timestamp(i.start), end=timestamp(i.end)) for i in chosen]
    try:
        answer = await call(
            request,
            "SetAvailability",
            scheduling_pb2.SetAvailabilityRequest(match_key=str(key), intervals=intervals, idempotency_key=idempotency_key(form)),
        )
    except GatewayError as error:
        return _refused(request, error, key.path + "/availability")
    flash(request, _("Your availability is saved."), "success")
    if answer.cancelled_meeting_ids:
        flash(request, _("A booked meeting your new answer no longer covers was cancelled and its room freed."), "info")
    return RedirectResponse(key.path, status_code=303)


async def players_at(request: Request, key: MatchKey) -> list[str]:
    """The players of the match's table: the published draw's (stage 1) or the stored stage's."""
    if key.stage == 1:
        seating = await call(request, "GetSeating", draws_pb2.GetSeatingRequest(competition_id=key.competition_id))
        return [
            p for r in seating.rounds if r.number == key.round for t in r.tables if t.number == key.table for p in t.player_ids
        ]
    stage = await call(request, "GetStage", stages_pb2.GetStageRequest(competition_id=key.competition_id, number=key.stage))
    if not 1 <= key.round <= len(stage.rounds) or not 1 <= key.table <= len(stage.rounds[key.round - 1].tables):
        raise HTTPException(404)
    return list(stage.rounds[key.round - 1].tables[key.table - 1].player_ids)


# --- results ------------------------------------------------------------------------------------------

_RECORD_STATES = {1: "confirmed", 2: "reported", 3: "disputed", 4: "rejected", 5: "replaced"}


async def results(request: Request) -> Response:
    key = key_of(request)
    me = await my_player_in(request, key.competition_id)
    names = await names_in(request, key.competition_id)
    players = await players_at(request, key)
    listed = await call(
        request,
        "ListResultRecords",
        results_pb2.ListResultRecordsRequest(
            competition_id=key.competition_id, round=key.round, table=key.table, stage=key.stage, page_size=1000
        ),
    )
    records = []
    for record in listed.result_records:
        if not record.HasField("hanchan"):
            continue
        reviewed = {r.player_id for r in record.reviews if r.player_id}
        status = _RECORD_STATES.get(record.status, "confirmed")
        records.append(
            {
                "id": record.id,
                "number": record.hanchan.number,
                "scores": [
                    (names.get(p, p), record.hanchan.scores.get(p, 0), record.hanchan.chombo.get(p, 0))
                    for p in players or sorted(record.hanchan.scores)
                ],
                "status": status,
                "reported_by": names.get(record.reported_by_player_id, record.recorded_by),
                "reviews": [
                    (names.get(r.player_id, r.judge or r.player_id), results_pb2.ReviewVerdict.Name(r.verdict), r.reason)
                    for r in record.reviews
                ],
                "can_review": status == "reported" and record.reported_by_player_id != me and me not in reviewed,
            }
        )
    seated = me in players and key.stage == 1  # results are public; the draw's tables' own players report and review
    if not seated:
        records = [{**r, "can_review": False} for r in records]
    return render(
        request,
        "player/results.html",
        {"key": key, "players": [(p, names.get(p, p)) for p in players] if seated else [], "records": records, "me": me},
    )


async def report_result(request: Request) -> Response:
    key = key_of(request)
    back = key.path + "/results"
    form = await read_form(request)
    players = await players_at(request, key)
    read = report.read_hanchan(lambda name: text(form, name, 20), players)
    if isinstance(read, str):
        flash(request, _(read), "error")
        return RedirectResponse(back, status_code=303)
    hanchan = results_pb2.HanchanResult(number=read.number, scores=read.scores, chombo=read.chombo)
    try:
        await call(
            request,
            "ReportResult",
            results_pb2.ReportResultRequest(
                competition_id=key.competition_id,
                round=key.round,
                table=key.table,
                hanchan=hanchan,
                idempotency_key=idempotency_key(form),
            ),
        )
    except GatewayError as error:
        return _refused(request, error, back)
    flash(request, _("Your report is recorded; the other players of the table are asked to confirm it."), "success")
    return RedirectResponse(back, status_code=303)


async def review_result(request: Request) -> Response:
    key = key_of(request)
    back = key.path + "/results"
    form = await read_form(request)
    record_id = request.path_params["record"][:100]
    verdict = text(form, "verdict", 10)
    try:
        if verdict == "confirm":
            await call(
                request,
                "ConfirmResult",
                results_pb2.ConfirmResultRequest(
                    competition_id=key.competition_id, record_id=record_id, idempotency_key=idempotency_key(form)
                ),
            )
            flash(request, _("You confirmed the result."), "success")
        elif verdict == "dispute":
            reason = text(form, "reason", MAX_REASON).strip()
            if not reason:
                flash(request, _("Say why you dispute the result."), "error")
                return RedirectResponse(back, status_code=303)
            await call(
                request,
                "DisputeResult",
                results_pb2.DisputeResultRequest(
                    competition_id=key.competition_id, record_id=record_id, reason=reason, idempotency_key=idempotency_key(form)
                ),
            )
            flash(request, _("You disputed the result; a judge will decide."), "success")
        else:
            raise HTTPException(400)
    except GatewayError as error:
        return _refused(request, error, back)
    return RedirectResponse(back, status_code=303)


_MATCH = "/match/{competition:str}/{stage:int}/{round:int}/{table:int}"
routes: list[BaseRoute] = [
    Route("/", home, methods=["GET"]),
    Route(_MATCH, match_card, methods=["GET"]),
    Route(_MATCH + "/propose", propose, methods=["POST"]),
    Route(_MATCH + "/confirm", confirm, methods=["POST"]),
    Route(_MATCH + "/availability", availability, methods=["GET"]),
    Route(_MATCH + "/availability", save_availability, methods=["POST"]),
    Route(_MATCH + "/results", results, methods=["GET"]),
    Route(_MATCH + "/results", report_result, methods=["POST"]),
    Route(_MATCH + "/results/{record:str}", review_result, methods=["POST"]),
]
nav: list[NavItem] = [
    NavItem(N_("My matches"), "/", roles=("ROLE_PLAYER",), order=0),
    NavItem(N_("Password"), "/password", roles=("ROLE_PLAYER", "ROLE_ORGANIZER", "ROLE_JUDGE"), order=90),
]
