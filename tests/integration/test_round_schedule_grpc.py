"""The round auto-scheduler over real gRPC on loopback (the solver alone) and booking's side of it in
storage on SQLite and PostgreSQL: the RPC's answer in request order with reasons, bad input naming
every field, the capacity refused up front, proposals stored and booked in their suggested room."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from booking.domain.round_options import AUTO_SCHEDULER
from booking.domain.scheduling import MeetingStatus
from booking.use_cases.auto_schedule import Proposal
from rondo.gateway.v1 import common_pb2, scheduling_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime.grpc_errors import field_violations
from tests.booking_scheduling import PLAYERS, WINDOW_END, WINDOW_START, at
from tests.integration.test_booking_schedule_storage import booking  # noqa: F401 - the booking use cases in storage
from tests.integration.test_solver_grpc import solver  # noqa: F401 - the module's real solver server

pytestmark = pytest.mark.integration

MONDAY_18 = datetime(2026, 3, 2, 15, 0, tzinfo=UTC)  # 18:00 in Kirov


def ts(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


def candidate(day: int, hours: int = 4, *rooms: str) -> solver_pb2.ScheduleCandidate:
    start = MONDAY_18 + timedelta(days=day)
    return solver_pb2.ScheduleCandidate(start=ts(start), end=ts(start + timedelta(hours=hours)), room_ids=rooms or ["r1"])


def match(mid: str, *candidates: solver_pb2.ScheduleCandidate) -> solver_pb2.ScheduleMatch:
    return solver_pb2.ScheduleMatch(match_id=mid, player_ids=[f"{mid}-a", f"{mid}-b"], length_minutes=240, candidates=candidates)


@pytest.mark.rule("schedule.auto.most-matches-placed")
@pytest.mark.rule("schedule.auto.time-limit")
def test_propose_round_schedule_over_grpc_places_two_of_three_for_one_room(solver):  # noqa: F811
    request = solver_pb2.ProposeRoundScheduleRequest(
        matches=[match("m1", candidate(0)), match("m2", candidate(0)), match("m3", candidate(0), candidate(1))],
        room_ids=["r1"],
        time_zone="Europe/Kirov",
        window_start=ts(MONDAY_18 - timedelta(hours=18)),
        time_limit_seconds=5,
    )
    answer = solver.ProposeRoundSchedule(request, timeout=30)
    assert answer.status == common_pb2.SOLVE_STATUS_OPTIMAL and answer.method == "cp-sat"
    assert [s.match_id for s in answer.slots] == ["m1", "m2", "m3"]
    assert answer.objective == answer.bound == scheduling_pb2.ScheduleObjective(matches_placed=2, preference_cost=(18 + 42) * 60)
    m3 = answer.slots[2]
    assert m3.placed and m3.start.ToDatetime(tzinfo=UTC) == MONDAY_18 + timedelta(days=1) and m3.room_id == "r1"
    [left] = [s for s in answer.slots if not s.placed]
    assert "rooms are taken by match" in left.reason and not left.HasField("start")


def test_bad_schedule_requests_name_every_field(solver):  # noqa: F811
    broken = solver_pb2.ScheduleCandidate(start=ts(MONDAY_18), room_ids=["r9"])  # no end, unknown room
    backwards = solver_pb2.ScheduleCandidate(start=ts(MONDAY_18), end=ts(MONDAY_18 - timedelta(hours=1)), room_ids=["r1"])
    request = solver_pb2.ProposeRoundScheduleRequest(
        matches=[match("m1", broken)], room_ids=["r1"], time_zone="Europe/Atlantis", time_limit_seconds=5
    )
    with pytest.raises(grpc.RpcError) as error:
        solver.ProposeRoundSchedule(request, timeout=30)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert {f for f, _ in field_violations(error.value)} == {"matches[0].candidates[0].end"}  # unreadable input first
    request.matches[0].candidates[0].end.CopyFrom(ts(MONDAY_18 + timedelta(hours=4)))
    request.matches.append(match("m1", backwards))
    request.time_limit_seconds = -1
    with pytest.raises(grpc.RpcError) as error:
        solver.ProposeRoundSchedule(request, timeout=30)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert {f for f, _ in field_violations(error.value)} == {"time_limit_seconds"}
    request.time_limit_seconds = 5
    with pytest.raises(grpc.RpcError) as error:
        solver.ProposeRoundSchedule(request, timeout=30)
    assert {f for f, _ in field_violations(error.value)} == {
        "matches[0].candidates[0].room_ids[0]",
        "matches[1]",
        "matches[1].candidates[0].end",
        "time_zone",
    }


def test_a_round_beyond_the_capacity_is_refused_before_any_work(solver):  # noqa: F811
    day = solver_pb2.ScheduleCandidate(
        start=ts(MONDAY_18), end=ts(MONDAY_18 + timedelta(days=60)), room_ids=[f"r{i}" for i in range(10)]
    )
    request = solver_pb2.ProposeRoundScheduleRequest(
        matches=[match(f"m{i}", day) for i in range(100)], room_ids=[f"r{i}" for i in range(10)], start_step_minutes=5
    )
    with pytest.raises(grpc.RpcError) as error:
        solver.ProposeRoundSchedule(request, timeout=30)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    [(field, description)] = field_violations(error.value)
    assert field == "matches" and "options (Rondo's capacity)" in description


@pytest.mark.rule("schedule.auto.proposals-need-confirmations")
@pytest.mark.rule("schedule.auto.options-from-booking")
def test_round_options_and_proposals_in_storage(booking):  # noqa: F811
    club = booking.clubs.create_club("Discard club", "")
    booking.clubs.add_room(club.id, "Room A")
    room_b = booking.clubs.add_room(club.id, "Room B")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_END, 120)
    for p in PLAYERS:
        booking.scheduling.set_availability("c/1/1/1", p, [(at(0, 18), at(0, 23))])
    [options] = booking.auto_schedule.round_options(["c/1/1/1"]).matches
    assert [(o.slot.start, len(o.room_ids)) for o in options.options] == [(at(0, 18), 2)]
    [meeting] = booking.auto_schedule.propose_meetings(
        [Proposal("c/1/1/1", at(0, 18), at(0, 22), room_b.id)], AUTO_SCHEDULER, "auto"
    )
    assert booking.auto_schedule.propose_meetings(
        [Proposal("c/1/1/1", at(0, 18), at(0, 22), room_b.id)], AUTO_SCHEDULER, "auto"
    ) == [meeting]
    [stored] = booking.scheduling.get_match_card("c/1/1/1", "p1").meetings
    assert (stored.meeting.proposed_by, stored.meeting.room_id, stored.meeting.status) == (
        AUTO_SCHEDULER,
        room_b.id,
        MeetingStatus.PROPOSED,
    )
    for p in PLAYERS:
        done = booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p)
    assert (done.status, done.room_id) == (MeetingStatus.BOOKED, room_b.id)
    assert booking.auto_schedule.round_options(["c/1/1/1"]).matches[0].booked
