"""``rondo calendar`` and ``rondo clubs``: clubs, rooms, the club's bookings, one-off activities, a match's
card, and the club's iCalendar feed (its token, an export to a file). A club is typed by name, id or id
prefix, a room by name (``rondo_app/client/names.py``).

Times are given and shown in the club's own time zone (an ISO 8601 time without an offset is read
there, one with an offset is taken as is): the organizer types the time on the club's wall clock, as
the players see it, whatever zone the terminal is in.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated
from zoneinfo import ZoneInfo

import grpc
import typer
from google.protobuf.timestamp_pb2 import Timestamp
from rich.console import Console

from rondo.gateway.v1 import calendar_pb2, draws_pb2, identity_pb2, scheduling_pb2, stages_pb2
from rondo_app.client import hints, lookup
from rondo_app.client.names import club_id as resolve_club
from rondo_app.client.names import competition_id, player_id
from rondo_app.client.names import room_id as resolve_room
from rondo_app.client.parse import BadArgument, parse_when
from rondo_app.client.render import enum_name, pairs, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, print_json, session

calendar = typer.Typer(no_args_is_help=True, help="Clubs, rooms, bookings, one-off activities, match cards.")
clubs = typer.Typer(no_args_is_help=True, help="Clubs: list, create, show, update.")
rooms = typer.Typer(no_args_is_help=True, help="A club's rooms: list, create.")
calendar.add_typer(clubs, name="clubs")
calendar.add_typer(rooms, name="rooms")

ClubId = Annotated[str, typer.Argument(metavar="CLUB", help="The club's name, id or id prefix.")]
RoomName = Annotated[str, typer.Argument(metavar="ROOM", help="The room's name, id or id prefix.")]
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
BOOKINGS_DAYS = 14  # `calendar bookings` without --to: two weeks, a round's usual window


def club_zone(s: Session, club_id: str) -> str:
    return s.call("GetClub", scheduling_pb2.GetClubRequest(club_id=club_id)).time_zone


def room_names(s: Session, club_id: str) -> dict[str, str]:
    """Room id -> name in the club: bookings show the room's name."""
    answer = s.all_pages("ListRooms", scheduling_pb2.ListRoomsRequest(club_id=club_id, page_size=1000), "rooms")
    names = {r.id: r.name for r in answer.rooms}
    hints.remember(s, names=names)
    return names


def match_key(s: Session, key: str, option: str = "MATCH") -> str:
    """``COMPETITION/STAGE/ROUND/TABLE`` with its competition (the first part) resolved by name, id or id
    prefix."""
    parts = [p.strip() for p in key.strip().split("/")]
    if len(parts) != 4 or not all(parts) or not all(p.isdigit() for p in parts[1:]):
        raise BadArgument(option, f"{key!r} is not COMPETITION/STAGE/ROUND/TABLE (e.g. 'Winter league/1/2/3')")
    parts[0] = competition_id(s, parts[0], option)
    return "/".join(parts)


def match_players(s: Session, key: str) -> list[str]:
    """The players of a match (ids, seat order): stage 1 from the published draw, a later stage from it."""
    competition, stage, round_number, table_number = key.split("/")
    if stage == "1":
        seating = s.call("GetSeating", draws_pb2.GetSeatingRequest(competition_id=competition))
        rounds = [[list(t.player_ids) for t in r.tables] for r in sorted(seating.rounds, key=lambda r: r.number)]
    else:
        found = s.call("GetStage", stages_pb2.GetStageRequest(competition_id=competition, number=int(stage)))
        rounds = [[list(t.player_ids) for t in r.tables] for r in found.rounds]
    r, t = int(round_number) - 1, int(table_number) - 1
    if not (0 <= r < len(rounds) and 0 <= t < len(rounds[r])):
        raise BadArgument("MATCH", f"{key!r}: there is no such round and table in stage {stage}")
    return rounds[r][t]


def match_viewer(s: Session, key: str, viewer: str) -> str:
    """Whose card: ``viewer`` (a player by name or id), else the match's first player."""
    competition = key.split("/")[0]
    if viewer:
        return player_id(s, competition, viewer, "--viewer")
    players = match_players(s, key)
    return players[0] if players else ""


def card_request(s: Session, key: str, viewer: str = "") -> scheduling_pb2.GetMatchCardRequest:
    """GetMatchCard for ``viewer`` (see :func:`match_viewer`); a player's own token names them."""
    mine = not viewer and s.call("WhoAmI", identity_pb2.WhoAmIRequest()).role == identity_pb2.ROLE_PLAYER
    return scheduling_pb2.GetMatchCardRequest(match_key=key, viewer_player_id="" if mine else match_viewer(s, key, viewer))


def parse_hours(items: list[str], option: str = "--hours") -> scheduling_pb2.OpeningHours:
    """``DAY=HH:MM-HH:MM`` windows (DAY: 1-7 or mon..sun, or a range ``1-5`` / ``mon-fri``)."""
    hours = scheduling_pb2.OpeningHours()
    for item in items:
        day_text, _, span = item.partition("=")
        opens, _, closes = span.partition("-")
        first, _, last = day_text.strip().casefold().partition("-")
        days = [_weekday(first, item, option), _weekday(last or first, item, option)]
        if not opens.strip() or not closes.strip() or days[0] > days[1]:
            raise BadArgument(option, f"{item!r} is not DAY=HH:MM-HH:MM (e.g. mon-fri=18:00-23:00, 6=10:00-22:00)")
        for day in range(days[0], days[1] + 1):
            hours.windows.add(day=day, opens=opens.strip(), closes=closes.strip())
    return hours


def _weekday(text: str, item: str, option: str) -> int:
    if text.isdigit() and 1 <= int(text) <= 7:
        return int(text)
    if text[:3] in WEEKDAYS and text:
        return WEEKDAYS.index(text[:3]) + 1
    raise BadArgument(option, f"{item!r}: {text!r} is not a weekday (1-7 or mon..sun)")


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


@clubs.command("list")
def list_clubs(address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """The clubs you own or were granted (the gateway's owner: every club), by name."""
    with session(address, token, as_json) as s:
        answer = s.all_pages("ListClubs", scheduling_pb2.ListClubsRequest(page_size=1000), "clubs")
        s.show(answer, render_clubs)


@clubs.command("show")
def show_club(club: ClubId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """A club: time zone, opening hours, fallback time."""
    with session(address, token, as_json) as s:
        s.show(s.call("GetClub", scheduling_pb2.GetClubRequest(club_id=resolve_club(s, club))), render_club)


@clubs.command("update")
def update_club(
    club: ClubId,
    name: Annotated[str, typer.Option("--name", help="A new name.")] = "",
    hours: Annotated[
        list[str] | None,
        typer.Option("--hours", help="An opening window DAY=HH:MM-HH:MM, club time (mon-fri=18:00-23:00); repeat it."),
    ] = None,
    always_open: Annotated[bool, typer.Option("--always-open", help="Open 24/7 (no windows).")] = False,
    fallback_time: Annotated[str, typer.Option("--fallback-time", help='A match\'s fallback time, "HH:MM" club time.')] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Change a club's name, opening hours or fallback time (what is not given stays; bookings made stay)."""
    paths = [
        n for n, given in (("name", name), ("opening_hours", hours or always_open), ("fallback_time", fallback_time)) if given
    ]
    with session(address, token, as_json) as s:
        if hours and always_open:
            raise BadArgument("--always-open", "give either --hours or --always-open")
        if not paths:
            raise BadArgument("--name", "nothing to change: give --name, --hours, --always-open or --fallback-time")
        changed = scheduling_pb2.Club(id=resolve_club(s, club), name=name, fallback_time=fallback_time)
        if hours or always_open:
            changed.opening_hours.CopyFrom(parse_hours(hours or []))
        request = scheduling_pb2.UpdateClubRequest(club=changed)
        request.update_mask.paths.extend(paths)
        s.show(s.call("UpdateClub", request), render_club)


@rooms.command("list")
def list_rooms(club: ClubId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """The club's rooms, by name."""
    with session(address, token, as_json) as s:
        request = scheduling_pb2.ListRoomsRequest(club_id=resolve_club(s, club), page_size=1000)
        answer = s.all_pages("ListRooms", request, "rooms")
        s.show(answer, lambda out, a: out.print(table("rooms", ("name",), [(r.name,) for r in a.rooms])))


@rooms.command("create")
def create_room(
    club: ClubId,
    name: Annotated[str, typer.Argument(metavar="NAME")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Add a room to the club."""
    with session(address, token, as_json) as s:
        request = scheduling_pb2.CreateRoomRequest(
            club_id=resolve_club(s, club), room=scheduling_pb2.Room(name=name), idempotency_key=idempotency_key
        )
        s.show(s.call("CreateRoom", request), lambda out, r: print_lines(out, [f"room {r.name!r} created"]))


@calendar.command("bookings")
def list_bookings(
    club: ClubId,
    start: Annotated[str, typer.Option("--from", help="From (club time unless an offset is given; default: today 00:00).")] = "",
    end: Annotated[str, typer.Option("--to", help=f"To, excluded (default: {BOOKINGS_DAYS} days after --from).")] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Every active booking of the club in a time range, by start: matches and activities."""
    with session(address, token, as_json) as s:
        club_id = resolve_club(s, club)
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
    club: ClubId,
    room: RoomName,
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
        club_id = resolve_club(s, club)
        zone = club_zone(s, club_id)
        request = calendar_pb2.BookActivityRequest(
            club_id=club_id,
            room_id=resolve_room(s, club_id, room, "ROOM"),
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


@calendar.command("token")
def rotate_calendar_token(club: ClubId, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """A new token for the club's iCalendar feed (the old one stops working): shown once, keep it."""
    with session(address, token, as_json) as s:
        answer = s.call("RotateCalendarToken", calendar_pb2.RotateCalendarTokenRequest(club_id=resolve_club(s, club)))
        lines = [
            f"calendar token: {answer.token}",
            f"feed path: {answer.path}  (the old token no longer works)",
            f"export it: rondo calendar export --calendar-token {answer.token} --out club.ics",
        ]
        s.show(answer, lambda out, a: print_lines(out, lines))


@calendar.command("export")
def export_calendar(
    out_file: Annotated[str, typer.Option("--out", metavar="FILE.ics", help="Where to write the feed (- : stdout).")],
    calendar_token: Annotated[
        str,
        typer.Option("--calendar-token", envvar="RONDO_CALENDAR_TOKEN", help="The club's feed token (`rondo calendar token`)."),
    ],
    room: Annotated[str, typer.Option("--room", help="One room's feed (by name: with --club).")] = "",
    club: Annotated[str, typer.Option("--club", help="The club of --room.")] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The club's bookings as an iCalendar file (what a calendar app subscribes to)."""
    with session(address, token, as_json) as s:
        room_id = resolve_room(s, resolve_club(s, club, "--club"), room) if room and club else room
        feed = s.call("ExportCalendar", calendar_pb2.ExportCalendarRequest(token=calendar_token, room_id=room_id))
        if out_file == "-":
            typer.echo(feed.ics.decode("utf-8"), nl=False)
            return
        with open(out_file, "wb") as handle:
            handle.write(feed.ics)
        events = feed.ics.count(b"BEGIN:VEVENT")
        if as_json:
            print_json({"out": out_file, "events": events, "bytes": len(feed.ics)})
        else:
            print_lines(s.out, [f"{events} events written to {out_file}"])


@calendar.command("card")
def match_card(
    match: Annotated[
        str, typer.Argument(metavar="MATCH", help='"COMPETITION/STAGE/ROUND/TABLE", the competition by name or id.')
    ],
    viewer: Annotated[
        str,
        typer.Option(
            "--viewer",
            help="The player of the match whose card it is, by name or id (default: its first; a player's own token fills it in).",
        ),
    ] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A match's card: its window, who answered, the common options, the meetings."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        names = dict(lookup.roster(s, key.split("/")[0]))
        card = s.call("GetMatchCard", card_request(s, key, viewer))
        if not as_json:
            names.update(rooms_you_see(s))
        s.show(card, lambda out, c: render_card(out, c, names))


def rooms_you_see(s: Session) -> dict[str, str]:
    """Room id -> name in every club the caller holds (a card names rooms by id, not by club): the
    staff's; a player lists no clubs, and their card's rooms keep their short ids."""
    try:
        clubs = s.all_pages("ListClubs", scheduling_pb2.ListClubsRequest(page_size=1000), "clubs").clubs
    except grpc.RpcError as error:
        if error.code() == grpc.StatusCode.PERMISSION_DENIED:
            return {}
        raise
    return {room: name for club in clubs for room, name in room_names(s, club.id).items()}


# ---- rendering


def render_club(out: Console, club: scheduling_pb2.Club) -> None:
    hours = [_window(w) for w in club.opening_hours.windows] or ["24/7"]
    rows = [
        ("name", club.name),
        ("time zone", club.time_zone),
        ("opening hours", ", ".join(hours)),
        ("fallback time", club.fallback_time),
    ]
    out.print(pairs(f"club {club.name}", rows))


def render_clubs(out: Console, answer: scheduling_pb2.ListClubsResponse) -> None:
    rows = [
        (c.name, c.time_zone, ", ".join(_window(w) for w in c.opening_hours.windows) or "24/7", c.fallback_time)
        for c in answer.clubs
    ]
    out.print(table("clubs", ("name", "time zone", "opening hours", "fallback time"), rows))


def _window(w: scheduling_pb2.OpeningWindow) -> str:
    return f"{WEEKDAYS[w.day - 1] if 1 <= w.day <= 7 else w.day} {w.opens}-{w.closes}"


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
