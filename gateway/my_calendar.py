"""A player's own iCalendar feed (``/calendar/me/<token>.ics``; docs/rules.md
``schedule.calendar.player-feed-own-meetings``): the token's account, then for each competition it plays
in (the first :data:`~gateway.domain.my_calendar.MAX_COMPETITIONS`) the published seating's tables of its
players and their match cards' BOOKED meetings — through the RPCs league and booking already have. A
card answers meetings only: never anyone's availability."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from gateway.domain.deadline import Deadline
from gateway.domain.my_calendar import MAX_COMPETITIONS, MAX_MEETINGS, MyMeeting, my_feed
from gateway.identity_service import IdentityService
from gateway.service import GatewayService, every_page
from rondo.gateway.v1 import competitions_pb2, draws_pb2, scheduling_pb2, stages_pb2
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.match_key import MatchKey


def _when(value) -> datetime:
    return value.ToDatetime(tzinfo=UTC)


async def my_calendar(identity: IdentityService, service: GatewayService, token: str, timeout_s: float) -> bytes:
    """The feed's bytes; NOT_FOUND for an unknown or rotated token or a disabled account."""
    account = await asyncio.to_thread(identity.calendar_account, token)
    if account is None:
        raise NotFound.because("CALENDAR_NOT_FOUND")
    clock = Deadline(timeout_s)
    clubs: dict[str, tuple[str, str, dict[str, str]]] = {}
    meetings: list[MyMeeting] = []
    for link in account.links[:MAX_COMPETITIONS]:
        try:
            competition = await service.league(
                "GetCompetition", competitions_pb2.GetCompetitionRequest(competition_id=link.competition_id), clock.timeout()
            )
        except (NotFound, FailedPrecondition):
            continue
        for stage, round_number, table_number in await _my_tables(service, link, clock):
            key = str(MatchKey(link.competition_id, stage, round_number, table_number))
            try:
                card = await service.booking(
                    "GetMatchCard",
                    scheduling_pb2.GetMatchCardRequest(match_key=key, viewer_player_id=link.player_id),
                    clock.timeout(),
                )
            except (NotFound, FailedPrecondition):
                continue  # the round is not open for scheduling
            booked = [m for m in card.meetings if m.status == scheduling_pb2.MEETING_STATUS_BOOKED]
            if booked and card.club_id not in clubs:
                club = await service.booking("GetClub", scheduling_pb2.GetClubRequest(club_id=card.club_id), clock.timeout())
                asked = scheduling_pb2.ListRoomsRequest(club_id=card.club_id)
                rooms = await every_page(service.booking, "ListRooms", asked, "rooms", clock.timeout())
                clubs[card.club_id] = (club.name, club.time_zone, {r.id: r.name for r in rooms})
            for m in booked[: MAX_MEETINGS - len(meetings)]:
                name, zone, room_names = clubs[card.club_id]
                title = competition.name if stage == 1 else f"{competition.name}, stage {stage}"
                meetings.append(
                    MyMeeting(
                        m.id,
                        _when(m.slot.start),
                        _when(m.slot.end),
                        title,
                        round_number,
                        table_number,
                        name,
                        zone,
                        room_names.get(m.room_id, ""),
                    )
                )

    return my_feed(meetings, datetime.now(UTC))


async def _my_tables(service: GatewayService, link, clock: Deadline) -> list[tuple[int, int, int]]:
    """(stage, round, table) of every table where the linked player sits: the published draw's (stage
    1 of a mahjong league) and every stored stage's (the playoff, a cup, Up&Down); a pairing is a
    table of two."""
    found: list[tuple[int, int, int]] = []
    drawn = False
    try:
        seating = await service.seating(draws_pb2.GetSeatingRequest(competition_id=link.competition_id), clock.timeout())
        drawn = True
        for round_ in seating.rounds:
            found.extend((1, round_.number, t.number) for t in round_.tables if link.player_id in t.player_ids)
    except (NotFound, FailedPrecondition):
        pass  # no published draw: a cup or Up&Down, or not drawn yet
    try:
        stages = await every_page(
            service.league,
            "ListStages",
            stages_pb2.ListStagesRequest(competition_id=link.competition_id),
            "stages",
            clock.timeout(),
        )
    except (NotFound, FailedPrecondition):
        return found
    for stage in stages:
        if drawn and stage.number < 2:
            continue  # stage 1 is the draw's
        for r, round_ in enumerate(stage.rounds, start=1):
            found.extend(
                (stage.number, r, t) for t, table in enumerate(round_.tables, start=1) if link.player_id in table.player_ids
            )
    return found
