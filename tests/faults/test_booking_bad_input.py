"""Bad scheduling input against a real booking server, on SQLite and PostgreSQL: each a clear error
naming the field (or the rule), and nothing changed in the database. Overlapping and duplicate
intervals are not an error: they are merged (docs/rules.md schedule.availability.validated-and-merged)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import text

from booking.app import make_service
from booking.service import MIGRATIONS
from rondo.booking.v1 import booking_pb2_grpc
from rondo.gateway.v1 import calendar_pb2, common_pb2, scheduling_pb2
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.grpc_errors import field_violations
from tests.faults.conftest import InProcessServer

pytestmark = pytest.mark.faults

PLAYERS = ["p1", "p2", "p3", "p4"]
DAY0 = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)
KEY = "bad/1/1/1"
TABLES = ("availability_answers", "availability_intervals", "meetings", "confirmations", "bookings", "idempotency_keys")


def at(day: float, hour: float = 0) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(DAY0 + timedelta(days=day, hours=hour))
    return out


def slot(day: float, h1: float, h2: float) -> common_pb2.TimeInterval:
    return common_pb2.TimeInterval(start=at(day, h1), end=at(day, h2))


@pytest.fixture
def setup(tmp_path, db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    booking = make_service(engine)
    club = booking.clubs.create_club("Bad input club", "")
    room = booking.clubs.add_room(club.id, "Room 1")
    booking.scheduling.open_match(club.id, KEY, PLAYERS, DAY0, DAY0 + timedelta(days=7), 90)
    server = InProcessServer(["booking"], tmp_path, database_urls={"booking": db_url})
    yield booking_pb2_grpc.BookingServiceStub(server.channel), engine, club.id, room.id
    server.close()
    engine.dispose()


def rows(engine) -> dict[str, int]:
    with engine.connect() as c:
        return {t: c.execute(text(f"SELECT count(*) FROM {t}")).scalar_one() for t in TABLES}


def refused(call, request, code: grpc.StatusCode) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=30)
    assert caught.value.code() == code, (caught.value.code(), caught.value.details())
    return caught.value


def fields(error: grpc.RpcError) -> list[str]:
    return [f for f, _ in field_violations(error)]


@pytest.mark.rule("schedule.availability.validated-and-merged")
def test_bad_intervals_are_refused_by_field_and_overlaps_are_merged(setup):
    stub, engine, _, _ = setup
    before = rows(engine)

    def answer(*intervals: common_pb2.TimeInterval, player: str = "p1", key: str = KEY):
        return scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id=player, intervals=intervals)

    error = refused(stub.SetAvailability, answer(slot(0, 20, 18), slot(1, 18, 18)), grpc.StatusCode.INVALID_ARGUMENT)
    assert fields(error) == ["intervals[0].end", "intervals[1].end"]  # end <= start, both named
    assert "must be after" in field_violations(error)[0][1]
    error = refused(
        stub.SetAvailability, answer(slot(0, 18, 20), slot(-1, 18, 20), slot(6, 20, 30)), grpc.StatusCode.INVALID_ARGUMENT
    )
    assert fields(error) == ["intervals[1]", "intervals[2]"]  # outside the window (before, and past its end)
    assert "outside the match's window" in field_violations(error)[0][1]
    error = refused(stub.SetAvailability, answer(*[slot(0, 18, 19)] * 201), grpc.StatusCode.INVALID_ARGUMENT)
    assert fields(error) == ["intervals"]
    broken = common_pb2.TimeInterval(start=at(0, 18))
    broken.end.seconds = 2**62  # past year 9999: not a timestamp
    error = refused(stub.SetAvailability, answer(broken), grpc.StatusCode.INVALID_ARGUMENT)
    assert fields(error) == ["intervals[0].end"] and "not a valid timestamp" in field_violations(error)[0][1]
    broken = common_pb2.TimeInterval(end=at(0, 18))
    broken.start.seconds = -(2**62)  # before year 1: the field named is the fourth interval's start
    error = refused(stub.SetAvailability, answer(*[slot(0, 18, 19)] * 3, broken), grpc.StatusCode.INVALID_ARGUMENT)
    assert fields(error) == ["intervals[3].start"]
    refused(stub.SetAvailability, answer(slot(0, 18, 20), key="bad/1/1/9"), grpc.StatusCode.NOT_FOUND)
    error = refused(stub.SetAvailability, answer(slot(0, 18, 20), player="stranger"), grpc.StatusCode.PERMISSION_DENIED)
    assert "does not play match" in (error.details() or "")
    assert rows(engine) == before  # nothing stored by any refused request
    # overlapping, touching and duplicate intervals are merged: what a person meant
    merged = stub.SetAvailability(answer(slot(0, 18, 20), slot(0, 19, 21), slot(0, 21, 22), slot(0, 18, 20)), timeout=30)
    assert [(i.start, i.end) for i in merged.intervals] == [(at(0, 18), at(0, 22))]


@pytest.mark.rule("schedule.confirmation.inside-a-common-option")
def test_meetings_outside_the_common_options_or_in_the_past_are_refused_and_change_nothing(setup):
    stub, engine, club_id, room_id = setup
    for p in PLAYERS:
        stub.SetAvailability(
            scheduling_pb2.SetAvailabilityRequest(match_key=KEY, player_id=p, intervals=[slot(0, 18, 23)]), timeout=30
        )
    meeting = stub.ProposeMeeting(
        scheduling_pb2.ProposeMeetingRequest(match_key=KEY, player_id="p1", start=at(0, 19), end=at(0, 23)), timeout=30
    )
    stub.ConfirmMeeting(scheduling_pb2.ConfirmMeetingRequest(match_key=KEY, meeting_id=meeting.id, player_id="p1"), timeout=30)
    # p2 changes: the meeting is no longer inside a common option
    stub.SetAvailability(
        scheduling_pb2.SetAvailabilityRequest(match_key=KEY, player_id="p2", intervals=[slot(0, 20, 23)]), timeout=30
    )
    before = rows(engine)
    error = refused(
        stub.ConfirmMeeting,
        scheduling_pb2.ConfirmMeetingRequest(match_key=KEY, meeting_id=meeting.id, player_id="p3", idempotency_key="c3"),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
    assert "not inside a common option" in (error.details() or "")
    refused(
        stub.ProposeMeeting,
        scheduling_pb2.ProposeMeetingRequest(match_key=KEY, player_id="p1", start=at(0, 17), end=at(0, 21)),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
    error = refused(
        stub.ProposeMeeting,
        scheduling_pb2.ProposeMeetingRequest(match_key=KEY, player_id="p1", start=at(-3, 19), end=at(-3, 21)),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
    assert "in the past" in (error.details() or "")
    error = refused(
        stub.BookActivity,
        calendar_pb2.BookActivityRequest(club_id=club_id, room_id=room_id, title="D&D", start=at(-3, 19), end=at(-3, 23)),
        grpc.StatusCode.FAILED_PRECONDITION,
    )
    assert "in the past" in (error.details() or "")
    error = refused(
        stub.BookActivity,
        calendar_pb2.BookActivityRequest(club_id=club_id, room_id=room_id, title="D&D", start=at(1, 23), end=at(1, 19)),
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    assert fields(error) == ["end"]
    refused(
        stub.ConfirmMeeting,
        scheduling_pb2.ConfirmMeetingRequest(match_key=KEY, meeting_id="no-such-meeting", player_id="p1"),
        grpc.StatusCode.NOT_FOUND,
    )
    assert rows(engine) == before
