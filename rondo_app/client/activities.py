"""``rondo activities``: a club's recurring activities (an RFC 5545 rule booked occurrence by occurrence):
book a series, show it, cancel or move one occurrence, cancel the series from a date on.

A series is typed by its title (or id, or id prefix) among the club's series booked from a month ago on;
an occurrence by its number as ``rondo activities show`` lists them, by start (``3`` or ``#3``), or by
its local date (``2026-12-10``). Times are
club time, as in ``rondo calendar``.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated

import typer
from google.protobuf.timestamp_pb2 import Timestamp
from rich.console import Console

from rondo.gateway.v1 import calendar_pb2
from rondo_app.client.calendar import ClubId, club_zone, room_names, timestamp
from rondo_app.client.names import club_id as resolve_club
from rondo_app.client.names import pick
from rondo_app.client.names import room_id as resolve_room
from rondo_app.client.parse import BadArgument
from rondo_app.client.render import enum_name, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, session

activities = typer.Typer(
    no_args_is_help=True, help="A club's recurring activities: book, show, cancel or move one, cancel a series."
)

SeriesKey = Annotated[str, typer.Argument(metavar="SERIES", help="The series' title, id or id prefix.")]
OccurrenceKey = Annotated[
    str, typer.Argument(metavar="OCCURRENCE", help="Its number in the series (3 or #3) or its date (2026-12-10, club time).")
]
Reason = Annotated[str, typer.Option("--reason", help="Why (shown in the feed, kept in the audit log).")]
SERIES_LOOKBACK = timedelta(days=30)  # a series is found by its bookings from a month ago on
SERIES_SPAN = timedelta(days=365)  # ... up to a year later (ListBookings lists at most 366 days)


def _stamp(moment: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(moment)
    return out


def series_id(s: Session, club: str, key: str) -> str:
    """A series of the club by title, id or id prefix (from its bookings of the listed span)."""
    begin = datetime.now().astimezone() - SERIES_LOOKBACK
    request = calendar_pb2.ListBookingsRequest(club_id=club, page_size=1000, to=_stamp(begin + SERIES_SPAN))
    getattr(request, "from").CopyFrom(_stamp(begin))
    answer = s.all_pages("ListBookings", request, "bookings")
    found = {b.series_id: b.title for b in answer.bookings if b.series_id}
    return pick(key, found.items(), "SERIES", "series", "rondo calendar bookings CLUB")


def get_series(s: Session, club: str, series: str) -> calendar_pb2.Series:
    return s.call("GetSeries", calendar_pb2.GetSeriesRequest(club_id=club, series_id=series))


def occurrence_id(series: calendar_pb2.Series, key: str, zone: str) -> str:
    """The booking of the occurrence ``key`` names: its number (``3``, ``#3``) or its local date."""
    typed = key.strip().lstrip("#")
    if typed.isdigit():
        matches = [b for n, b in enumerate(series.occurrences, 1) if n == int(typed)]
    else:
        matches = [b for b in series.occurrences if when(b.slot.start, zone)[:10] == typed]
        if not matches and not _is_date(typed):
            raise BadArgument("OCCURRENCE", f"{key!r} is neither an occurrence number (#3) nor a date (2026-12-10)")
    if len(matches) != 1:
        where = f"{len(matches)} occurrences" if matches else "no occurrence"
        raise BadArgument(
            "OCCURRENCE", f"{where} of {series.title!r} match {key!r} (`rondo activities show CLUB SERIES` lists them)"
        )
    return matches[0].id


def _is_date(text: str) -> bool:
    try:
        datetime.strptime(text, "%Y-%m-%d")
    except ValueError:
        return False
    return True


@activities.command("book")
def book_series(
    club: ClubId,
    room: Annotated[str, typer.Argument(metavar="ROOM", help="The room's name, id or id prefix.")],
    start: Annotated[str, typer.Option("--start", help="The first occurrence's start, club time (2026-12-10T19:00).")],
    end: Annotated[str, typer.Option("--end", help="The first occurrence's end.")],
    rrule: Annotated[str, typer.Option("--rrule", help="RFC 5545 rule: FREQ=WEEKLY;BYDAY=TH;COUNT=20 (COUNT or UNTIL).")],
    title: Annotated[str, typer.Option("--title", help="What is on (Go club).")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Book a recurring activity: every occurrence in one go (a collision refuses the whole series)."""
    with session(address, token, as_json) as s:
        club_id = resolve_club(s, club)
        zone = club_zone(s, club_id)
        request = calendar_pb2.BookRecurringActivityRequest(
            club_id=club_id,
            room_id=resolve_room(s, club_id, room, "ROOM"),
            title=title,
            start=timestamp(start, "--start", zone),
            end=timestamp(end, "--end", zone),
            rrule=rrule,
            idempotency_key=idempotency_key,
        )
        answer = s.call("BookRecurringActivity", request)
        s.show(answer, lambda out, a: render_series(out, a, zone, room_names(s, club_id)))


@activities.command("show")
def show_series(
    club: ClubId, series: SeriesKey, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False
) -> None:
    """A series and its occurrences (cancelled and moved ones say so)."""
    with session(address, token, as_json) as s:
        club_id = resolve_club(s, club)
        answer = get_series(s, club_id, series_id(s, club_id, series))
        s.show(answer, lambda out, a: render_series(out, a, a.time_zone, room_names(s, club_id)))


@activities.command("cancel")
def cancel_occurrence(
    club: ClubId,
    series: SeriesKey,
    occurrence: OccurrenceKey,
    reason: Reason = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Cancel one occurrence (the others stay; the room is free at that time)."""
    with session(address, token, as_json) as s:
        club_id = resolve_club(s, club)
        found = get_series(s, club_id, series_id(s, club_id, series))
        booking = occurrence_id(found, occurrence, found.time_zone)
        request = calendar_pb2.CancelOccurrenceRequest(club_id=club_id, booking_id=booking, reason=reason)
        answer = s.call("CancelOccurrence", request)
        s.show(
            answer,
            lambda out, b: print_lines(out, [f"{found.title} on {when(b.slot.start, found.time_zone)} cancelled"]),
        )


@activities.command("move")
def move_occurrence(
    club: ClubId,
    series: SeriesKey,
    occurrence: OccurrenceKey,
    start: Annotated[str, typer.Option("--start", help="The new start, club time.")],
    end: Annotated[str, typer.Option("--end", help="The new end.")],
    room: Annotated[str, typer.Option("--room", help="Another room (by name); default: the same.")] = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Move one occurrence to another time (and room), under the room and opening-hours checks."""
    with session(address, token, as_json) as s:
        club_id = resolve_club(s, club)
        found = get_series(s, club_id, series_id(s, club_id, series))
        zone = found.time_zone
        request = calendar_pb2.MoveOccurrenceRequest(
            club_id=club_id,
            booking_id=occurrence_id(found, occurrence, zone),
            start=timestamp(start, "--start", zone),
            end=timestamp(end, "--end", zone),
            room_id=resolve_room(s, club_id, room) if room else "",
            idempotency_key=idempotency_key,
        )
        answer = s.call("MoveOccurrence", request)
        s.show(
            answer,
            lambda out, b: print_lines(out, [f"{found.title} moved to {when(b.slot.start, zone)} - {when(b.slot.end, zone)}"]),
        )


@activities.command("cancel-series")
def cancel_series(
    club: ClubId,
    series: SeriesKey,
    start: Annotated[str, typer.Option("--from", help="Cancel the occurrences from this date on (default: now).")] = "",
    reason: Reason = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Cancel a series from a date on (earlier occurrences stay as they were)."""
    with session(address, token, as_json) as s:
        club_id = resolve_club(s, club)
        wanted = series_id(s, club_id, series)
        zone = club_zone(s, club_id)
        request = calendar_pb2.CancelSeriesRequest(club_id=club_id, series_id=wanted, reason=reason)
        if start:
            getattr(request, "from").CopyFrom(timestamp(start, "--from", zone))
        answer = s.call("CancelSeries", request)
        s.show(answer, lambda out, a: render_series(out, a, zone, room_names(s, club_id)))


def render_series(out: Console, series: calendar_pb2.Series, zone: str, rooms: dict[str, str]) -> None:
    zone = zone or series.time_zone or "UTC"
    rows = [
        (
            f"#{n}",
            when(b.slot.start, zone),
            when(b.slot.end, zone),
            rooms.get(b.room_id, b.room_id[:8]),
            enum_name(calendar_pb2.BookingStatus, b.status),
            b.cancel_reason,
        )
        for n, b in enumerate(series.occurrences, 1)
    ]
    out.print(table(f"{series.title} ({series.rrule}; {zone} time)", ("#", "start", "end", "room", "status", "reason"), rows))
