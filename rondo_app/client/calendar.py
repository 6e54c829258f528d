"""``rondo calendar``: clubs, rooms, the club's bookings, one-off activities and a match's card.

Times are given and shown in the club's own time zone (an ISO 8601 time without an offset is read
there, one with an offset is taken as is): the organizer types the time on the club's wall clock, as
the players see it, whatever zone the terminal is in.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated
from zoneinfo import ZoneInfo

import typer
from google.protobuf.timestamp_pb2 import Timestamp
from rich.console import Console

from rondo.gateway.v1 import calendar_pb2, scheduling_pb2
from rondo_app.client import hints, lookup
from rondo_app.client.names import room_id as find_room
from rondo_app.client.parse import BadArgument, parse_when
from rondo_app.client.render import enum_name, pairs, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, session

calendar = typer.Typer(no_args_is_help=True, help="Clubs, rooms, bookings, one-off activities, match cards.")
clubs = typer.Typer(no_args_is_help=True, help="Clubs: create, show.")
rooms = typer.Typer(no_args_is_help=True, help="A club's rooms: list, create.")
calendar.add_typer(clubs, name="clubs")
calendar.add_typer(rooms, name="rooms")

ClubId = Annotated[str, typer.Argument(metavar="CLUB", help="The club's id.")]
BOOKINGS_DAYS = 14  # `calendar bookings` without --to: two weeks, a round's usual window


def club_zone(s: Session, club_id: str) -> str:
    return s.call("GetClub", scheduling_pb2.GetClubRequest(club_id=club_id)).time_zone


def room_names(s: Session, club_id: str) -> dict[str, str]:
    """Room id -> name in the club: bookings show the room's name."""
    answer = s.all_pages("ListRooms", scheduling_pb2.ListRoomsRequest(club_id=club_id, page_size=1000), "rooms")
    names = {r.id: r.name for r in answer.rooms}
    hints.remember(s, names=names)
    return names


def timestamp(text: str, option: str, zone: str) -> Timestamp:
    """``text`` (see :func:`parse_when`) as a timestamp, a time without an offset read in ``zone``."""
    moment = parse_when(text, option)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(zone))
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


@clubs.command("create")
def create_club(
    name: Annotated[str, typer.Argument(metavar="NAME")],
    time_zone: Annotated[str, typer.Option("--time-zone", help="IANA time zone (default: the gateway's, Europe/Kirov).")] = "",
    fallback_time: Annotated[str, typer.Option("--fallback-time", help='A match\'s fallback time, "HH:MM" club time.')] = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Create a club (24/7 opening hours until changed)."""
    club = scheduling_pb2.Club(name=name, time_zone=time_zone, fallback_time=fallback_time)
    with session(address, token, as_json) as s:
        s.show(s.call("CreateClub", scheduling_pb2.CreateClubRequest(club=club, idempotency_key=idempotency_key)), render_club)


@clubs.command("show")
def show_club(club_id: ClubId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """A club: time zone, opening hours, fallback time."""
    with session(address, token, as_json) as s:
        s.show(s.call("GetClub", scheduling_pb2.GetClubRequest(club_id=club_id)), render_club)


@rooms.command("list")
def list_rooms(club_id: ClubId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """The club's rooms, by name."""
    with session(address, token, as_json) as s:
        answer = s.all_pages("ListRooms", scheduling_pb2.ListRoomsRequest(club_id=club_id, page_size=1000), "rooms")
        s.show(answer, lambda out, a: out.print(table("rooms", ("name",), [(r.name,) for r in a.rooms])))


@rooms.command("create")
def create_room(
    club_id: ClubId,
    name: Annotated[str, typer.Argument(metavar="NAME")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Add a room to the club."""
    request = scheduling_pb2.CreateRoomRequest(
        club_id=club_id, room=scheduling_pb2.Room(name=name), idempotency_key=idempotency_key
    )
    with session(address, token, as_json) as s:
        s.show(s.call("CreateRoom", request), lambda out, r: print_lines(out, [f"room {r.name!r} created"]))


@calendar.command("bookings")
def list_bookings(
    club_id: ClubId,
    start: Annotated[str, typer.Option("--from", help="From (club time unless an offset is given; default: today 00:00).")] = "",
    end: Annotated[str, typer.Option("--to", help=f"To, excluded (default: {BOOKINGS_DAYS} days after --from).")] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Every active booking of the club in a time range, by start: matches and activities."""
    with session(address, token, as_json) as s:
        zone = club_zone(s, club_id)
        today = datetime.now(ZoneInfo(zone)).replace(hour=0, minute=0, second=0, microsecond=0, tzinfo=None)
        begin = timestamp(start or today.isoformat(), "--from", zone)
        finish = timestamp(end, "--to", zone) if end else _plus_days(begin, BOOKINGS_DAYS)
        request = calendar_pb2.ListBookingsRequest(club_id=club_id, page_size=1000, to=finish)
        getattr(request, "from").CopyFrom(begin)  # `from` is a Python keyword
        answer = s.all_pages("ListBookings", request, "bookings")
        rooms = {} if as_json else room_names(s, club_id)
        s.show(answer, lambda out, a: render_bookings(out, a, zone, rooms))


def _plus_days(stamp: Timestamp, days: int) -> Timestamp:
    later = Timestamp()
    later.FromDatetime(stamp.ToDatetime() + timedelta(days=days))
    return later


@calendar.command("book")
def book_activity(
    club_id: ClubId,
    room_id: Annotated[str, typer.Argument(metavar="ROOM", help="The room: its name, id or an unambiguous id prefix.")],
    start: Annotated[str, typer.Option("--start", help="Start, club time unless an offset is given (2026-12-05T18:00).")],
    end: Annotated[str, typer.Option("--end", help="End, excluded.")],
    title: Annotated[str, typer.Option("--title", help="What is on (a D&D evening).")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Book a room for a one-off activity (refused when it overlaps another booking of the room)."""
    with session(address, token, as_json) as s:
        zone = club_zone(s, club_id)
        request = calendar_pb2.BookActivityRequest(
            club_id=club_id,
            room_id=find_room(s, club_id, room_id, "ROOM"),
            title=title,
            start=timestamp(start, "--start", zone),
            end=timestamp(end, "--end", zone),
            idempotency_key=idempotency_key,
        )
        rooms = {} if as_json else room_names(s, club_id)
        s.show(
            s.call("BookActivity", request),
            lambda out, b: render_bookings(out, calendar_pb2.ListBookingsResponse(bookings=[b]), zone, rooms),
        )


@calendar.command("card")
def match_card(
    match_key: Annotated[
        str,
        typer.Argument(
            metavar="MATCH_KEY",
            help='"COMPETITION/STAGE/ROUND/TABLE", the competition by name, id or id prefix (e.g. "Spring league/1/2/1").',
        ),
    ],
    viewer: Annotated[
        str, typer.Option("--viewer", help="The player of the match whose card it is (a player's own token fills it in).")
    ] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A match's card: who answered, the common options, the meetings."""
    with session(address, token, as_json) as s:
        competition, _, place = match_key.rpartition("/")
        competition, _, round_ = competition.rpartition("/")
        competition, _, stage = competition.rpartition("/")
        if not competition:
            raise BadArgument("MATCH_KEY", f"{match_key!r} is not COMPETITION/STAGE/ROUND/TABLE")
        cid = lookup.competition(s, competition, "MATCH_KEY")
        roster = lookup.roster(s, cid)
        request = scheduling_pb2.GetMatchCardRequest(
            match_key=f"{cid}/{stage}/{round_}/{place}",
            viewer_player_id=lookup.player(viewer, roster, "--viewer") if viewer else "",
        )
        names = dict(roster)
        s.show(s.call("GetMatchCard", request), lambda out, c: render_card(out, c, names))


# ---- rendering


def render_club(out: Console, club: scheduling_pb2.Club) -> None:
    hours = [f"day {w.day} {w.opens}-{w.closes}" for w in club.opening_hours.windows] or ["24/7"]
    rows = [
        ("name", club.name),
        ("id", club.id),  # the one id still shown: the gateway has no list of clubs to find one by name yet
        ("time zone", club.time_zone),
        ("opening hours", ", ".join(hours)),
        ("fallback time", club.fallback_time),
    ]
    out.print(pairs(f"club {club.name}", rows))


def render_bookings(
    out: Console, answer: calendar_pb2.ListBookingsResponse, zone: str, rooms: dict[str, str] | None = None
) -> None:
    rows = [
        (
            when(b.slot.start, zone),
            when(b.slot.end, zone),
            (rooms or {}).get(b.room_id) or lookup.short(b.room_id),
            b.title,
            "match" if b.match_id else ("series" if b.series_id else "activity"),
            enum_name(calendar_pb2.BookingStatus, b.status),
        )
        for b in answer.bookings
    ]
    out.print(table(f"bookings ({zone} time)", ("start", "end", "room", "title", "kind", "status"), rows))


def render_card(out: Console, card: scheduling_pb2.MatchCard, names: dict[str, str] | None = None) -> None:
    known = names or {}

    def named(ids) -> str:
        return ", ".join(known.get(i) or lookup.short(i) for i in ids) or "-"

    stage, round_, place = (card.match_key.split("/") + ["", "", ""])[1:4]
    print_lines(
        out,
        [
            f"match: stage {stage}, round {round_}, table {place}: {enum_name(scheduling_pb2.CardState, card.state)}",
            f"window {when(card.window.start)} - {when(card.window.end)}, at least {card.min_minutes} minutes",
            f"answered: {named(card.answered_player_ids)}; waiting for: {named(card.pending_player_ids)}",
        ],
    )
    if card.options:
        options = [(when(o.slot.start), when(o.slot.end), named(o.room_ids)) for o in card.options]
        out.print(table("common options", ("start", "end", "free rooms"), options))
    if card.meetings:
        rows = [
            (
                when(m.slot.start),
                when(m.slot.end),
                enum_name(scheduling_pb2.MeetingStatus, m.status),
                named([m.room_id]),
                ", ".join(map(str, m.hanchans)) or "all",
                named(m.confirmed_by),
            )
            for m in card.meetings
        ]
        out.print(table("meetings", ("start", "end", "status", "room", "hanchans", "confirmed by"), rows))
