"""The club calendar (every booking of the club's rooms for the next weeks, in the club's zone) and my
own calendar: my booked meetings as an iCalendar file to add to a phone's calendar."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from rondo.gateway.v1 import calendar_pb2, draws_pb2, identity_pb2, scheduling_pb2, stages_pb2
from web.gateway import GatewayError, call
from web.i18n import gettext as _
from web.pages.player import MAX_COMPETITIONS, N_, club_of, current_round, names_in, timestamp, when
from web.rendering import NavItem, render
from web.session import current_user
from web.views.ical import MyMeeting, calendar_file
from web.views.matches import MyTable, my_stage_tables, my_tables

DAYS_SHOWN = 28
MAX_MEETINGS = 200


async def my_drawn_tables(request: Request, limit: int | None = None) -> AsyncIterator[list[MyTable]]:
    """For each competition I am linked to (the first ``limit``) whose draw is published: my tables."""
    account = await call(request, "WhoAmI", identity_pb2.WhoAmIRequest())
    for link in account.players[:limit]:
        tables: list[MyTable] = []
        try:
            seating = await call(request, "GetSeating", draws_pb2.GetSeatingRequest(competition_id=link.competition_id))
            tables = my_tables(link.competition_id, [link.player_id], seating.rounds)
        except GatewayError as error:
            if error.code.name not in ("NOT_FOUND", "FAILED_PRECONDITION"):
                raise
            seating = None  # no published draw: a cup or an Up&Down league has stored stages only
        stages = await call(
            request, "ListStages", stages_pb2.ListStagesRequest(competition_id=link.competition_id, page_size=100)
        )
        if any(stage.rounds for stage in stages.stages):  # the playoff after a draw; every stage of a cup
            names = await names_in(request, link.competition_id)
            first = 1 if seating is None else 2
            tables += my_stage_tables(link.competition_id, [link.player_id], stages.stages, names, from_stage=first)
        if tables:
            yield tables


async def my_club_id(request: Request) -> str:
    """The club of my current match card (the first linked competition with a round open), else ''
    (then the page shows the optional default club, ``RONDO_WEB_CLUB_ID``)."""
    if not current_user(request).is_player:
        return ""
    async for tables in my_drawn_tables(request, MAX_COMPETITIONS):
        first_stage = [t for t in tables if t.key.stage == tables[0].key.stage]  # rounds of one stage
        _round, card = await current_round(request, first_stage)
        if card is not None and card.club_id:
            return card.club_id
    return ""


async def calendar(request: Request) -> Response:
    club = await club_of(request, await my_club_id(request))
    bookings = []
    rooms: dict[str, str] = {}
    if club is not None:
        now = datetime.now(UTC).replace(minute=0, second=0, microsecond=0)
        listed = await call(
            request,
            "ListBookings",
            calendar_pb2.ListBookingsRequest(
                club_id=club.id, to=timestamp(now + timedelta(days=DAYS_SHOWN)), page_size=1000, **{"from": timestamp(now)}
            ),
        )
        rooms = club.rooms
        bookings = [
            {
                "start": when(b.slot.start),
                "end": when(b.slot.end),
                "title": b.title,
                "room": rooms.get(b.room_id, b.room_id),
                "match": bool(b.match_id),
            }
            for b in listed.bookings
        ]
    return render(
        request,
        "club/calendar.html",
        {
            "club": club,
            "bookings": bookings,
            "zone": club.zone if club else "UTC",
            "days": DAYS_SHOWN,
            "feed": request.app.state.settings.club_feed_url,
        },
    )


async def my_calendar(request: Request) -> Response:
    """My booked meetings (the current and earlier rounds' cards) as text/calendar."""
    club_id = ""
    meetings: list[MyMeeting] = []
    async for tables in my_drawn_tables(request):
        for table in tables:
            try:
                card = await call(request, "GetMatchCard", scheduling_pb2.GetMatchCardRequest(match_key=str(table.key)))
            except GatewayError as error:
                if error.code.name in ("NOT_FOUND", "FAILED_PRECONDITION"):
                    continue  # not open for scheduling (yet)
                raise
            club_id = club_id or card.club_id
            for m in card.meetings:
                if m.status == scheduling_pb2.MEETING_STATUS_BOOKED and len(meetings) < MAX_MEETINGS:
                    summary = _("Round %(r)s, table %(t)s") % {"r": table.key.round, "t": table.key.table}
                    meetings.append(
                        MyMeeting(m.id, when(m.slot.start), when(m.slot.end), summary, ", ".join(table.names), table.key.path)
                    )
    club = await club_of(request, club_id)
    body = calendar_file(meetings, club.name if club else "Rondo", request.url.netloc)
    return Response(
        body,
        media_type="text/calendar; charset=utf-8",
        headers={"Content-Disposition": 'attachment; filename="rondo-my-matches.ics"'},
    )


def feed_urls(base: str, path: str) -> tuple[str, str]:
    """The subscription link of a feed path on the gateway's calendar port: (https URL, webcal:// URL)."""
    url = base.rstrip("/") + path
    return url, "webcal://" + url.split("://", 1)[1]


async def rotate_my_feed(request: Request) -> Response:
    """A new subscription link for my own booked meetings (RotateMyCalendarToken; the old one ends).
    The gateway keeps only the token's hash: the link is shown here, once."""
    token = await call(request, "RotateMyCalendarToken", calendar_pb2.RotateMyCalendarTokenRequest())
    base = request.app.state.settings.calendar_url or f"https://{request.url.netloc}"
    https_url, webcal_url = feed_urls(base, token.path)
    return render(request, "club/my_feed.html", {"https_url": https_url, "webcal_url": webcal_url})


routes: list[BaseRoute] = [
    Route("/calendar", calendar, methods=["GET"]),
    Route("/calendar/mine.ics", my_calendar, methods=["GET"]),
    Route("/calendar/feed", rotate_my_feed, methods=["POST"]),
]
nav: list[NavItem] = [NavItem(N_("Club calendar"), "/calendar", order=50)]
