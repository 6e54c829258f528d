"""``rondo meetings``: one match's schedule. The organizer force-assigns a meeting, applies the last-Sunday
fallback, moves the match's window or cancels a meeting; a player answers availability, proposes and
confirms a meeting (a player's token fills ``--player`` in).

A match is ``COMPETITION/STAGE/ROUND/TABLE`` with the competition typed by name, id or id prefix
(``"Winter league/1/2/3"``); a meeting by its start (``2026-12-13 18:00``, club time), id or id prefix;
a room by name. Times without an offset are club time (``--club``).
"""

from __future__ import annotations

from typing import Annotated

import grpc
import typer
from rich.console import Console

from rondo.gateway.v1 import scheduling_pb2
from rondo_app.client.calendar import card_request, club_zone, match_key, room_names, timestamp
from rondo_app.client.names import club_id as resolve_club
from rondo_app.client.names import pick, player_id
from rondo_app.client.names import room_id as resolve_room
from rondo_app.client.parse import BadArgument
from rondo_app.client.render import enum_name, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, IdempotencyKey, Json, Session, Token, session

meetings = typer.Typer(no_args_is_help=True, help="A match's meetings: assign, fallback, move its window, cancel; availability.")
availability = typer.Typer(no_args_is_help=True, help="A player's availability for a match: set, show.")
meetings.add_typer(availability, name="availability")

MatchKey = Annotated[str, typer.Argument(metavar="MATCH", help='"COMPETITION/STAGE/ROUND/TABLE", the competition by name or id.')]
Club = Annotated[str, typer.Option("--club", help="The match's club (name or id): its time zone and rooms.")]
MeetingKey = Annotated[str, typer.Argument(metavar="MEETING", help="The meeting's start (club time), id or id prefix.")]
Player = Annotated[str, typer.Option("--player", help="The player (name or id; a player's own token fills it in).")]
Hanchans = Annotated[
    list[int] | None, typer.Option("--hanchan", help="A hanchan of the match it covers; repeat it (default: all).")
]


def club_of(s: Session, key: str) -> str:
    """The club by name, id or id prefix; a caller who may not list clubs (a player) types its id."""
    try:
        return resolve_club(s, key, "--club")
    except grpc.RpcError as error:
        if error.code() != grpc.StatusCode.PERMISSION_DENIED:
            raise
        return key.strip()


def zone_of(s: Session, club: str) -> str:
    if not club:
        raise BadArgument("--club", "give the match's club: its time zone reads the times")
    return club_zone(s, club)


def card(s: Session, key: str) -> scheduling_pb2.MatchCard:
    return s.call("GetMatchCard", card_request(s, key))


def meeting_id(s: Session, key: str, typed: str, zone: str) -> str:
    found = card(s, key)
    candidates = [(m.id, when(m.slot.start, zone)) for m in found.meetings]
    return pick(typed, candidates, "MEETING", "meeting", f"rondo calendar card {key}")


def render_meeting(out: Console, meeting: scheduling_pb2.Meeting, zone: str, rooms: dict[str, str]) -> None:
    status = enum_name(scheduling_pb2.MeetingStatus, meeting.status)
    room = rooms.get(meeting.room_id, meeting.room_id[:8]) or "-"
    print_lines(
        out,
        [
            f"meeting of {meeting.match_key}: {when(meeting.slot.start, zone)} - {when(meeting.slot.end, zone)}, room {room}, {status}"
        ],
    )


@meetings.command("assign")
def assign_meeting(
    match: MatchKey,
    club: Club,
    start: Annotated[str, typer.Option("--start", help="Start, club time (2026-12-13T18:00).")],
    end: Annotated[str, typer.Option("--end", help="End.")],
    room: Annotated[str, typer.Option("--room", help="The room (by name); default: a free one.")] = "",
    hanchans: Hanchans = None,
    replaces: Annotated[str, typer.Option("--replaces", help="The meeting it replaces (its start, id or id prefix).")] = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Force-assign a meeting (binding, no confirmations), still under the room and opening-hours checks."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        club_id = club_of(s, club)
        zone = zone_of(s, club_id)
        request = scheduling_pb2.AssignMeetingRequest(
            match_key=key,
            start=timestamp(start, "--start", zone),
            end=timestamp(end, "--end", zone),
            hanchans=hanchans or [],
            room_id=resolve_room(s, club_id, room) if room else "",
            replaces_meeting_id=meeting_id(s, key, replaces, zone) if replaces else "",
            idempotency_key=idempotency_key,
        )
        answer = s.call("AssignMeeting", request)
        s.show(answer, lambda out, m: render_meeting(out, m, zone, room_names(s, club_id)))


@meetings.command("fallback")
def apply_fallback(
    match: MatchKey,
    club: Club = "",
    minutes: Annotated[int, typer.Option("--minutes", help="The meeting's length (0: the match's three hanchans).")] = 0,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The last-Sunday fallback: the match is booked on the last Sunday of its window at the club's fallback time."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        request = scheduling_pb2.ApplyFallbackRequest(match_key=key, minutes=minutes, idempotency_key=idempotency_key)
        answer = s.call("ApplyFallback", request)
        club_id = club_of(s, club) if club else ""
        zone = club_zone(s, club_id) if club_id else ""
        s.show(answer, lambda out, m: render_meeting(out, m, zone, room_names(s, club_id) if club_id else {}))


@meetings.command("move-window")
def move_match_window(
    match: MatchKey,
    club: Club,
    start: Annotated[str, typer.Option("--from", help="The new window's start, club time.")],
    end: Annotated[str, typer.Option("--to", help="The new window's end.")],
    reason: Annotated[str, typer.Option("--reason", help="Why (required).")],
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Give the match a later window: proposed meetings are voided, a booked one outside it cancelled."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        zone = zone_of(s, club_of(s, club))
        request = scheduling_pb2.MoveMatchWindowRequest(
            match_key=key,
            window_start=timestamp(start, "--from", zone),
            window_end=timestamp(end, "--to", zone),
            reason=reason,
            idempotency_key=idempotency_key,
        )
        answer = s.call("MoveMatchWindow", request)
        lines = [
            f"match {key}: window {when(answer.match.window_start, zone)} - {when(answer.match.window_end, zone)}",
            f"meetings cancelled: {len(answer.cancelled_meeting_ids)}, proposals voided: {len(answer.voided_meeting_ids)}",
        ]
        s.show(answer, lambda out, a: print_lines(out, lines))


@meetings.command("cancel")
def cancel_meeting(
    match: MatchKey,
    meeting: MeetingKey,
    club: Club = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Cancel a meeting of the match (its room is freed)."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        club_id = club_of(s, club) if club else ""
        zone = club_zone(s, club_id) if club_id else ""
        request = scheduling_pb2.CancelMeetingRequest(match_key=key, meeting_id=meeting_id(s, key, meeting, zone))
        answer = s.call("CancelMeeting", request)
        s.show(answer, lambda out, m: render_meeting(out, m, zone, room_names(s, club_id) if club_id else {}))


@meetings.command("propose")
def propose_meeting(
    match: MatchKey,
    club: Club,
    start: Annotated[str, typer.Option("--start", help="Start, club time.")],
    end: Annotated[str, typer.Option("--end", help="End.")],
    player: Player = "",
    hanchans: Hanchans = None,
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A player proposes a meeting; the others confirm it (`rondo meetings confirm`)."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        zone = zone_of(s, club_of(s, club))
        request = scheduling_pb2.ProposeMeetingRequest(
            match_key=key,
            player_id=player_id(s, key.split("/")[0], player, "--player") if player else "",
            start=timestamp(start, "--start", zone),
            end=timestamp(end, "--end", zone),
            hanchans=hanchans or [],
            idempotency_key=idempotency_key,
        )
        s.show(s.call("ProposeMeeting", request), lambda out, m: render_meeting(out, m, zone, {}))


@meetings.command("confirm")
def confirm_meeting(
    match: MatchKey,
    meeting: MeetingKey,
    club: Club = "",
    player: Player = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A player confirms a proposed meeting (booked once every player has)."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        zone = club_zone(s, club_of(s, club)) if club else ""
        request = scheduling_pb2.ConfirmMeetingRequest(
            match_key=key,
            meeting_id=meeting_id(s, key, meeting, zone),
            player_id=player_id(s, key.split("/")[0], player, "--player") if player else "",
            idempotency_key=idempotency_key,
        )
        s.show(s.call("ConfirmMeeting", request), lambda out, m: render_meeting(out, m, zone, {}))


@availability.command("set")
def set_availability(
    match: MatchKey,
    club: Club,
    slots: Annotated[
        list[str], typer.Option("--slot", help="START/END, club time (2026-12-12T18:00/2026-12-12T23:00); repeat it.")
    ],
    player: Player = "",
    idempotency_key: IdempotencyKey = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A player's availability for the match (replaces the earlier answer)."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        zone = zone_of(s, club_of(s, club))
        request = scheduling_pb2.SetAvailabilityRequest(
            match_key=key,
            player_id=player_id(s, key.split("/")[0], player, "--player") if player else "",
            idempotency_key=idempotency_key,
        )
        for slot in slots:
            begin, sep, finish = slot.partition("/")
            if not sep:
                raise BadArgument("--slot", f"{slot!r} is not START/END")
            request.intervals.add(start=timestamp(begin, "--slot", zone), end=timestamp(finish, "--slot", zone))
        s.show(s.call("SetAvailability", request), lambda out, a: render_availability(out, a, zone))


@availability.command("show")
def get_availability(
    match: MatchKey,
    club: Club = "",
    player: Player = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """A player's own availability for the match."""
    with session(address, token, as_json) as s:
        key = match_key(s, match)
        zone = club_zone(s, club_of(s, club)) if club else ""
        request = scheduling_pb2.GetAvailabilityRequest(
            match_key=key, player_id=player_id(s, key.split("/")[0], player, "--player") if player else ""
        )
        s.show(s.call("GetAvailability", request), lambda out, a: render_availability(out, a, zone))


def render_availability(out: Console, answer: scheduling_pb2.Availability, zone: str) -> None:
    rows = [(when(i.start, zone), when(i.end, zone)) for i in answer.intervals]
    out.print(table(f"availability for {answer.match_key} (version {answer.version})", ("from", "to"), rows))
