"""Scheduling through the gateway on SQLite (`rondo up`) and on PostgreSQL (one process per service):
a round of the approved draw opened for scheduling, four players answer, a second player's card never
carries another player's intervals, all four confirm, a room is booked; one player changes their
answer, the booking is cancelled and the table books a new option in another room; the organizer's
auto-scheduler proposes the other table's meeting, which its players confirm; D&D evenings in the
same calendar are never overlapped (checked in the booking database itself). Each player acts with
their own account (linked to their league player); the organizer opens the round and keeps the calendar."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import calendar_pb2, common_pb2, competitions_pb2, draws_pb2, scheduling_pb2
from rondo_runtime.db import make_engine
from tests.booking_scheduling import OVERLAPPING_ACTIVE_BOOKINGS

pytestmark = pytest.mark.e2e

DAY0 = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)


def ts(day: int, hour: int, minute: int = 0) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(DAY0 + timedelta(days=day, hours=hour, minutes=minute))
    return out


def slot(day: int, h1: int, m1: int, h2: int, m2: int = 0) -> common_pb2.TimeInterval:
    return common_pb2.TimeInterval(start=ts(day, h1, m1), end=ts(day, h2, m2))


def _round_one(stub) -> tuple[str, list[str]]:
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Scheduled league", ruleset="discard-league-2026"),
            idempotency_key="sched",
        ),
        timeout=10,
    )
    for i in range(1, 9):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"S{i}", idempotency_key=f"s{i}"),
            timeout=10,
        )
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=5, time_limit_seconds=10, idempotency_key="sched"),
        timeout=30,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    return competition.id, list(view.draw.rounds[0].tables[0].player_ids)


@pytest.mark.rule("schedule.availability.own-intervals-only")
@pytest.mark.rule("schedule.card.options-after-everyone-answered")
@pytest.mark.rule("schedule.confirmation.all-four-book-a-room")
@pytest.mark.rule("schedule.confirmation.inside-a-common-option")
@pytest.mark.rule("schedule.availability.change-voids-confirmations")
@pytest.mark.rule("schedule.booking.no-overlap-enforced-by-database")
@pytest.mark.rule("schedule.auto.proposals-need-confirmations")
@pytest.mark.rule("access.privacy.intervals-owner-only")
@pytest.mark.parametrize("mode", ["embedded", pytest.param("distributed", marks=pytest.mark.postgres)])
def test_a_table_agrees_a_time_books_a_room_and_loses_it_when_a_player_changes(mode, request):
    deployment = request.getfixturevalue(mode)
    stub = deployment.gateway
    cid, players = _round_one(stub)
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Discard club"), idempotency_key="club"), timeout=10
    )
    room = stub.CreateRoom(
        scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 1"), club_id=club.id, idempotency_key="room"),
        timeout=10,
    )
    opened = scheduling_pb2.OpenRoundSchedulingRequest(
        competition_id=cid,
        round=1,
        club_id=club.id,
        window_start=ts(0, 0),
        window_end=ts(7, 0),
        min_minutes=90,
        idempotency_key="r1",
    )
    matches = stub.OpenRoundScheduling(opened, timeout=10).matches
    assert [m.match_key for m in matches] == [f"{cid}/1/1/1", f"{cid}/1/1/2"]
    assert [m.id for m in stub.OpenRoundScheduling(opened, timeout=10).matches] == [m.id for m in matches]  # idempotent
    key = matches[0].match_key
    assert list(matches[0].player_ids) == players
    first, second = players[0], players[1]

    # the D&D evening takes the room on day 0 from 21:00
    dnd = stub.BookActivity(
        calendar_pb2.BookActivityRequest(club_id=club.id, room_id=room.id, title="D&D evening", start=ts(0, 21), end=ts(1, 1)),
        timeout=10,
    )

    private = [slot(3, 10, 7, 12, 53)]  # only the first player's: never on anyone else's card
    answers = {
        first: [slot(0, 17, 0, 23), *private],
        players[1]: [slot(0, 17, 30, 23)],
        players[2]: [slot(0, 16, 0, 22)],
        players[3]: [slot(0, 18, 0, 23, 0)],
    }
    secret = {private[0].start.SerializeToString(), private[0].end.SerializeToString(), ts(0, 17).SerializeToString()}

    def player(p: str):  # the gateway as the player account linked to league player p
        return deployment.accounts.player(cid, p)

    def card() -> scheduling_pb2.MatchCard:
        answer = player(second).GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=key), timeout=10)
        raw = answer.SerializeToString()
        assert not any(s in raw for s in secret)
        return answer

    player(first).SetAvailability(scheduling_pb2.SetAvailabilityRequest(match_key=key, intervals=answers[first]), timeout=10)
    assert card().state == scheduling_pb2.CARD_STATE_WAITING_FOR_ANSWERS and not card().options
    for p in players[1:]:
        player(p).SetAvailability(
            scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id=p, intervals=answers[p]), timeout=10
        )
    mine = player(first).GetAvailability(scheduling_pb2.GetAvailabilityRequest(match_key=key), timeout=10)
    assert len(mine.intervals) == 2
    for someone in (player(second), stub):  # another player of the match, even the organizer: refused
        with pytest.raises(grpc.RpcError) as refused:
            someone.GetAvailability(scheduling_pb2.GetAvailabilityRequest(match_key=key, player_id=first), timeout=10)
        assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    shown = card()
    assert shown.state == scheduling_pb2.CARD_STATE_AGREEING and list(shown.pending_player_ids) == []
    # everyone free 18:00-22:00; the room is busy from 21:00: one option 18:00-21:00 in Room 1
    assert [(o.slot.start.ToDatetime(), o.slot.end.ToDatetime(), list(o.room_ids)) for o in shown.options] == [
        (ts(0, 18).ToDatetime(), ts(0, 21).ToDatetime(), [room.id])
    ]

    with pytest.raises(grpc.RpcError) as error:  # outside the common options
        player(first).ProposeMeeting(
            scheduling_pb2.ProposeMeetingRequest(match_key=key, player_id=first, start=ts(0, 16), end=ts(0, 20)), timeout=10
        )
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    meeting = player(first).ProposeMeeting(
        scheduling_pb2.ProposeMeetingRequest(match_key=key, player_id=first, start=ts(0, 18), end=ts(0, 21), idempotency_key="m"),
        timeout=10,
    )
    for i, p in enumerate(players):
        confirmed = player(p).ConfirmMeeting(
            scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting.id, player_id=p, idempotency_key=f"c{i}"),
            timeout=10,
        )
    assert confirmed.status == scheduling_pb2.MEETING_STATUS_BOOKED and confirmed.room_id == room.id
    assert [b.id for b in bookings(stub, club.id)] == [confirmed.booking_id, dnd.id]
    assert card().state == scheduling_pb2.CARD_STATE_BOOKED

    with pytest.raises(grpc.RpcError) as error:  # the organizer cannot overlap the D&D evening either
        stub.AssignMeeting(
            scheduling_pb2.AssignMeetingRequest(
                match_key=matches[1].match_key, start=ts(0, 22), end=ts(0, 23, 30), room_id=room.id
            ),
            timeout=10,
        )
    assert error.value.code() == grpc.StatusCode.ABORTED and "D&D evening" in (error.value.details() or "")

    changed = player(players[2]).SetAvailability(
        scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id=players[2], intervals=[slot(1, 18, 0, 23)]), timeout=10
    )
    assert list(changed.cancelled_meeting_ids) == [meeting.id]
    assert [b.id for b in bookings(stub, club.id)] == [dnd.id]
    assert card().state == scheduling_pb2.CARD_STATE_AGREEING

    # rebooked elsewhere: the others answer day 1 too; Room 1 has another D&D evening from 19:00, so
    # the new option (18:00-23:00) is in Room 2 only
    room2 = stub.CreateRoom(
        scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 2"), club_id=club.id, idempotency_key="room2"),
        timeout=10,
    )
    dnd2 = stub.BookActivity(
        calendar_pb2.BookActivityRequest(club_id=club.id, room_id=room.id, title="D&D evening", start=ts(1, 19), end=ts(1, 23)),
        timeout=10,
    )
    for p in (first, players[1], players[3]):
        player(p).SetAvailability(
            scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id=p, intervals=[*answers[p], slot(1, 18, 0, 23)]),
            timeout=10,
        )
    assert [(o.slot.start.ToDatetime(), o.slot.end.ToDatetime(), list(o.room_ids)) for o in card().options] == [
        (ts(1, 18).ToDatetime(), ts(1, 23).ToDatetime(), [room2.id])
    ]
    moved = player(second).ProposeMeeting(
        scheduling_pb2.ProposeMeetingRequest(match_key=key, player_id=second, start=ts(1, 18, 30), end=ts(1, 22, 30)), timeout=10
    )
    for p in players:
        rebooked = player(p).ConfirmMeeting(
            scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=moved.id, player_id=p), timeout=10
        )
    assert rebooked.status == scheduling_pb2.MEETING_STATUS_BOOKED and rebooked.room_id == room2.id

    # the organizer's auto-scheduler: table 2 answers day 2 (times here are UTC), table 1 is booked already
    other = matches[1]
    for p in other.player_ids:
        player(p).SetAvailability(
            scheduling_pb2.SetAvailabilityRequest(match_key=other.match_key, player_id=p, intervals=[slot(2, 12, 0, 23)]),
            timeout=10,
        )
    auto = stub.ProposeRoundSchedule(
        scheduling_pb2.ProposeRoundScheduleRequest(
            competition_id=cid, round=1, meeting_minutes=240, time_limit_seconds=5, idempotency_key="auto"
        ),
        timeout=60,
    )
    assert [m.state for m in auto.matches] == [
        scheduling_pb2.PROPOSAL_STATE_ALREADY_BOOKED,
        scheduling_pb2.PROPOSAL_STATE_PROPOSED,
    ]
    proposal = auto.matches[1].meeting
    assert proposal.proposed_by == "organizer:auto-scheduler" and proposal.status == scheduling_pb2.MEETING_STATUS_PROPOSED
    # free from 12:00 UTC = 15:00 club time (Kirov, UTC+3): the evening start 18:00 club time beats the earlier daytime
    assert proposal.slot.start == ts(2, 15) and proposal.slot.end == ts(2, 19)
    for p in other.player_ids:
        agreed = player(p).ConfirmMeeting(
            scheduling_pb2.ConfirmMeetingRequest(match_key=other.match_key, meeting_id=proposal.id, player_id=p), timeout=10
        )
    assert agreed.status == scheduling_pb2.MEETING_STATUS_BOOKED and agreed.room_id == proposal.room_id
    assert [b.id for b in bookings(stub, club.id)] == [dnd.id, rebooked.booking_id, dnd2.id, agreed.booking_id]
    assert overlapping_active_bookings(deployment.databases["booking"]) == 0


def bookings(stub, club_id: str) -> list[calendar_pb2.Booking]:
    return list(
        stub.ListBookings(
            calendar_pb2.ListBookingsRequest(club_id=club_id, **{"from": ts(0, 0), "to": ts(7, 0)}), timeout=10
        ).bookings
    )


def overlapping_active_bookings(url: str) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as c:
            return c.execute(OVERLAPPING_ACTIVE_BOOKINGS).scalar_one()
    finally:
        engine.dispose()
