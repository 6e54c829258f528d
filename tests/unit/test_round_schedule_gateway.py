"""The gateway's ProposeRoundSchedule on fakes: league's approved draw -> booking's round options (the
real booking use cases on fakes) -> the solver (the real scheduler, in-process) -> booking's PROPOSED
meetings; who is waiting, who is not placed and why, events, and a retry with the same key."""

from __future__ import annotations

import pytest

from booking.domain.scheduling import MeetingStatus
from rondo.gateway.v1 import common_pb2, scheduling_pb2
from rondo_runtime.errors import InvalidArgument
from tests.booking_scheduling import WINDOW_END, WINDOW_START, at
from tests.unit.test_booking_gateway import Gateway, _published, ts

pytestmark = pytest.mark.unit


@pytest.fixture
def gateway():
    g = Gateway()
    yield g
    g.loop.close()


def _round(gateway: Gateway, rooms: int = 1):
    """A published draw of 8 players (two tables a round), a club with ``rooms`` rooms, round 1 opened."""
    cid = _published(gateway)
    club = gateway("CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club")))
    for r in range(rooms):
        gateway("CreateRoom", scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name=f"Room {r + 1}"), club_id=club.id))
    matches = gateway(
        "OpenRoundScheduling",
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid,
            round=1,
            club_id=club.id,
            window_start=ts(WINDOW_START),
            window_end=ts(WINDOW_END),
            min_minutes=240,
        ),
    ).matches
    return cid, list(matches)


def _answer(gateway: Gateway, match, *slots, players=None) -> None:
    """Each player answers with their own account (linked to their league player)."""
    competition_id = match.match_key.split("/")[0]
    for p in players or match.player_ids:
        gateway.as_player(
            competition_id,
            p,
            "SetAvailability",
            scheduling_pb2.SetAvailabilityRequest(
                match_key=match.match_key,
                intervals=[common_pb2.TimeInterval(start=ts(a), end=ts(b)) for a, b in slots],
            ),
        )


def _propose(gateway: Gateway, cid: str, key: str = "", **kw) -> scheduling_pb2.ProposeRoundScheduleResponse:
    return gateway(
        "ProposeRoundSchedule",
        scheduling_pb2.ProposeRoundScheduleRequest(competition_id=cid, round=1, time_limit_seconds=5, idempotency_key=key, **kw),
    )


@pytest.mark.rule("schedule.auto.proposals-need-confirmations")
@pytest.mark.rule("schedule.auto.reasons")
def test_a_round_is_proposed_at_once_and_each_proposal_still_needs_confirmations(gateway):
    cid, [first, second] = _round(gateway)
    _answer(gateway, first, (at(0, 18), at(0, 23)), (at(1, 18), at(1, 23)))
    _answer(gateway, second, (at(0, 18), at(0, 23)), players=second.player_ids[:3])  # one player pending
    answer = _propose(gateway, cid)
    assert [(m.match_key, m.state) for m in answer.matches] == [
        (first.match_key, scheduling_pb2.PROPOSAL_STATE_PROPOSED),
        (second.match_key, scheduling_pb2.PROPOSAL_STATE_WAITING_FOR_ANSWERS),
    ]
    proposed, waiting = answer.matches
    assert proposed.meeting.proposed_by == "organizer:auto-scheduler"
    assert proposed.meeting.status == scheduling_pb2.MEETING_STATUS_PROPOSED
    assert (proposed.meeting.slot.start.ToDatetime(), proposed.meeting.slot.end.ToDatetime()) == (
        at(0, 18).replace(tzinfo=None),
        at(0, 22).replace(tzinfo=None),
    )
    assert list(waiting.pending_player_ids) == [second.player_ids[3]] and "waiting for 1 of 4" in waiting.reason
    assert answer.status == common_pb2.SOLVE_STATUS_OPTIMAL and answer.objective.matches_placed == 1
    # only the match everyone answered went to the solver
    [sent] = gateway.downstream.solver.schedule_requests
    assert [m.match_id for m in sent.matches] == [first.match_key] and sent.matches[0].length_minutes == 240
    assert ("schedule.proposed", proposed.meeting.id) in gateway.events.for_competition(cid)
    # the players still confirm, and the fourth confirmation books the suggested room
    for p in first.player_ids:
        done = gateway.as_player(
            cid,
            p,
            "ConfirmMeeting",
            scheduling_pb2.ConfirmMeetingRequest(match_key=first.match_key, meeting_id=proposed.meeting.id),
        )
    assert done.status == scheduling_pb2.MEETING_STATUS_BOOKED and done.room_id == proposed.meeting.room_id
    # run again: the booked match is not scheduled again, the other still waits
    again = _propose(gateway, cid)
    assert [m.state for m in again.matches] == [
        scheduling_pb2.PROPOSAL_STATE_ALREADY_BOOKED,
        scheduling_pb2.PROPOSAL_STATE_WAITING_FOR_ANSWERS,
    ]
    assert len(gateway.downstream.solver.schedule_requests) == 1  # nothing to solve: the solver was not called


@pytest.mark.rule("schedule.auto.most-matches-placed")
@pytest.mark.rule("schedule.auto.reasons")
def test_two_tables_for_one_room_and_one_evening_place_one_and_say_why_not_the_other(gateway):
    cid, [first, second] = _round(gateway, rooms=1)
    _answer(gateway, first, (at(0, 18), at(0, 22)))
    _answer(gateway, second, (at(0, 18), at(0, 22)))
    answer = _propose(gateway, cid)
    states = sorted(m.state for m in answer.matches)
    assert states == [scheduling_pb2.PROPOSAL_STATE_PROPOSED, scheduling_pb2.PROPOSAL_STATE_NOT_PLACED]
    [left] = [m for m in answer.matches if m.state == scheduling_pb2.PROPOSAL_STATE_NOT_PLACED]
    assert "rooms are taken by match" in left.reason
    assert answer.bound.matches_placed == answer.objective.matches_placed == 1
    # the answer carries the proposed meetings only: no option or interval of anyone
    assert not any(m.HasField("meeting") for m in answer.matches if m.state != scheduling_pb2.PROPOSAL_STATE_PROPOSED)


def test_booking_asks_the_solver_s_question_league_gives_the_round_s_tables(gateway):
    """league.GetRoundTables -> booking.PrepareRoundSchedule -> solver.ProposeRoundSchedule -> booking.ProposeMeetings."""
    cid, [first, _] = _round(gateway)
    _answer(gateway, first, (at(0, 18), at(0, 23)))
    gateway.downstream.calls.clear()
    _propose(gateway, cid, seed=7)
    assert gateway.downstream.called() == [
        "league.GetRoundTables",
        "booking.PrepareRoundSchedule",
        "solver.ProposeRoundSchedule",
        "booking.ProposeMeetings",
    ]
    [prepare] = [c.request for c in gateway.downstream.calls if c.method == "PrepareRoundSchedule"]
    assert list(prepare.match_keys) == [f"{cid}/1/1/1", f"{cid}/1/1/2"] and prepare.seed == 7
    [sent] = gateway.downstream.solver.schedule_requests
    assert sent.seed == 7 and sent.time_limit_seconds == 5


def test_a_retry_with_the_same_key_answers_the_first_answer_without_solving_again(gateway):
    cid, [first, _] = _round(gateway)
    _answer(gateway, first, (at(0, 18), at(0, 23)))
    answer = _propose(gateway, cid, "auto-1")
    assert _propose(gateway, cid, "auto-1") == answer
    assert len(gateway.downstream.solver.schedule_requests) == 1
    assert len([m for m in gateway.booking_uow.repository.meetings_by_id.values() if m.status is MeetingStatus.PROPOSED]) == 1
    with pytest.raises(InvalidArgument) as error:
        _propose(gateway, cid, "auto-1", meeting_minutes=180)
    assert [v.field for v in error.value.violations] == ["idempotency_key"]
    with pytest.raises(InvalidArgument) as error:
        gateway("ProposeRoundSchedule", scheduling_pb2.ProposeRoundScheduleRequest(competition_id=cid, round=3))
    assert [v.field for v in error.value.violations] == ["round"]
