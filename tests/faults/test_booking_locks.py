"""Writes that change one match's meetings, racing each other as real gRPC clients of a booking server
on 127.0.0.1, on SQLite and on PostgreSQL (docs/rules.md ``schedule.booking.match-serialized``): each
round seeds a fresh match whose three players confirmed a meeting, then fires the fourth confirmation
and a CancelMeeting / MoveMatchWindow / SetAvailability at once, or two ApplyFallback. After every
round the database never holds a meeting that is not BOOKED with an ACTIVE booking, a match with two
BOOKED meetings, or a BOOKED meeting a player's current availability does not cover; every loser is a
clear ABORTED / FAILED_PRECONDITION, never INTERNAL."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from functools import partial

import grpc
import pytest
from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import text

from booking.app import make_service
from booking.service import MIGRATIONS
from rondo.booking.v1 import booking_pb2_grpc
from rondo.gateway.v1 import common_pb2, scheduling_pb2
from rondo_runtime.db import make_engine, run_migrations
from tests.faults.conftest import InProcessServer

pytestmark = [pytest.mark.faults, pytest.mark.slow]

ROUNDS = 40
PLAYERS = ["p1", "p2", "p3", "p4"]
# a week starting on a Monday at least two days ahead: it holds a Sunday 18:00 (the fallback time)
_TODAY = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
DAY0 = _TODAY + timedelta(days=2 + (7 - (_TODAY + timedelta(days=2)).weekday()) % 7)
WINDOW = (DAY0, DAY0 + timedelta(days=7))
ALLOWED = (grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION)


def at(day: int, hour: int) -> datetime:
    return DAY0 + timedelta(days=day, hours=hour)


def ts(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


# --- what must never be in the database ---
GHOSTS = text(
    "SELECT count(*) FROM bookings b JOIN meetings m ON m.id = b.meeting_id WHERE b.status = 'active' AND m.status <> 'booked'"
)
TWICE_BOOKED = text(
    "SELECT count(*) FROM (SELECT match_id FROM meetings WHERE status = 'booked' GROUP BY match_id HAVING count(*) > 1) x"
)


@pytest.fixture
def rig(tmp_path, db_url):
    """(the booking service over the database for seeding and checking, a gRPC stub of a real server)."""
    engine = make_engine(db_url, pool_size=5)
    run_migrations(engine, MIGRATIONS)
    service = make_service(engine)
    server = InProcessServer(["booking"], tmp_path, database_urls={"booking": db_url})
    try:
        yield service, booking_pb2_grpc.BookingServiceStub(server.channel)
    finally:
        server.close()
        engine.dispose()


def three_confirmed(service, club_id: str, key: str, players: list[str] = PLAYERS) -> str:
    """Match ``key`` whose players all answered and three of them (not ``players[3]``) confirmed a meeting."""
    service.scheduling.open_match(club_id, key, players, *WINDOW, 60)
    for p in players:
        service.scheduling.set_availability(key, p, [(at(1, 16), at(1, 23))])
    meeting = service.scheduling.propose_meeting(key, players[0], at(1, 18), at(1, 21), [])
    for p in players[:3]:
        service.scheduling.confirm_meeting(key, meeting.id, p)
    return meeting.id


def race(*calls):
    """Runs the calls at once (a barrier); each answer, or its RpcError."""
    barrier = threading.Barrier(len(calls))

    def run(call):
        barrier.wait(timeout=30)
        try:
            return call()
        except grpc.RpcError as error:
            return error

    with ThreadPoolExecutor(len(calls)) as pool:
        return [f.result(timeout=60) for f in [pool.submit(run, c) for c in calls]]


def clean_losses(answers) -> None:
    for a in answers:
        if isinstance(a, grpc.RpcError):
            assert a.code() in ALLOWED, (a.code(), a.details())


def assert_no_impossible_state(service) -> None:
    with service.uow.engine.connect() as c:
        assert c.execute(GHOSTS).scalar_one() == 0, "a meeting that is not booked holds an active booking"
        assert c.execute(TWICE_BOOKED).scalar_one() == 0, "a match has two booked meetings"


def confirm(stub, key: str, meeting_id: str):
    return partial(
        stub.ConfirmMeeting,
        scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting_id, player_id="p4"),
        timeout=30,
    )


@pytest.mark.rule("schedule.booking.match-serialized")
def test_cancel_meeting_racing_the_fourth_confirmation_never_leaves_a_ghost_booking(rig):
    service, stub = rig
    club = service.clubs.create_club("Lock club", "")
    service.clubs.add_room(club.id, "room 1")
    outcomes = set()
    for n in range(ROUNDS):
        key = f"lock/cancel/{n}"
        meeting_id = three_confirmed(service, club.id, key)
        cancel = partial(
            stub.CancelMeeting, scheduling_pb2.CancelMeetingRequest(match_key=key, meeting_id=meeting_id), timeout=30
        )
        answers = race(confirm(stub, key, meeting_id), cancel)
        clean_losses(answers)
        assert_no_impossible_state(service)
        with service.uow.engine.connect() as c:
            active = c.execute(
                text("SELECT count(*) FROM bookings WHERE meeting_id = :m AND status = 'active'"), {"m": meeting_id}
            ).scalar_one()
        assert active == 0  # the cancel came first (nothing to book) or last (it freed the room)
        outcomes.add(type(answers[0]).__name__)
    assert outcomes  # both orders are fine; the state is never impossible


@pytest.mark.rule("schedule.booking.match-serialized")
def test_move_match_window_racing_the_fourth_confirmation_never_leaves_a_ghost_booking(rig):
    service, stub = rig
    club = service.clubs.create_club("Lock club", "")
    service.clubs.add_room(club.id, "room 1")
    for n in range(ROUNDS):
        key = f"lock/move/{n}"
        meeting_id = three_confirmed(service, club.id, key)
        later = (WINDOW[0] + timedelta(days=3), WINDOW[1] + timedelta(days=7))  # the meeting (day 1) falls outside
        move = partial(
            stub.MoveMatchWindow,
            scheduling_pb2.MoveMatchWindowRequest(
                match_key=key, window_start=ts(later[0]), window_end=ts(later[1]), reason="a player is ill"
            ),
            timeout=30,
        )
        clean_losses(race(confirm(stub, key, meeting_id), move))
        assert_no_impossible_state(service)
        with service.uow.engine.connect() as c:
            active = c.execute(
                text("SELECT count(*) FROM bookings WHERE meeting_id = :m AND status = 'active'"), {"m": meeting_id}
            ).scalar_one()
        assert active == 0


@pytest.mark.rule("schedule.booking.match-serialized")
def test_narrowed_availability_racing_the_fourth_confirmation_never_leaves_the_meeting_booked_outside_it(rig):
    service, stub = rig
    club = service.clubs.create_club("Lock club", "")
    service.clubs.add_room(club.id, "room 1")
    for n in range(ROUNDS):
        key = f"lock/narrow/{n}"
        meeting_id = three_confirmed(service, club.id, key)
        narrowed = [common_pb2.TimeInterval(start=ts(at(1, 16)), end=ts(at(1, 19)))]  # no longer covers 18-21
        narrow = partial(
            stub.SetAvailability,
            scheduling_pb2.SetAvailabilityRequest(match_key=key, player_id="p1", intervals=narrowed),
            timeout=30,
        )
        clean_losses(race(confirm(stub, key, meeting_id), narrow))
        assert_no_impossible_state(service)
        card = service.scheduling.get_match_card(key, "p1")
        assert [v.meeting.status.value for v in card.meetings] != ["booked"]  # cancelled, or waiting for p1 again


@pytest.mark.rule("schedule.booking.match-serialized")
def test_two_concurrent_fallbacks_book_the_match_once(rig):
    service, stub = rig
    for n in range(ROUNDS):
        club = service.clubs.create_club(f"Lock club {n}", "")  # two rooms: a second booking would find one
        for r in range(2):
            service.clubs.add_room(club.id, f"room {r + 1}")
        key = f"lock/fallback/{n}"
        service.scheduling.open_match(
            club.id, key, [f"{n}-{p}" for p in PLAYERS], *WINDOW, 60
        )  # the players booked in no round before
        fallback = partial(stub.ApplyFallback, scheduling_pb2.ApplyFallbackRequest(match_key=key), timeout=30)
        answers = race(fallback, fallback)
        clean_losses(answers)
        assert sum(isinstance(a, scheduling_pb2.Meeting) for a in answers) == 1, answers
        assert_no_impossible_state(service)
        with service.uow.engine.connect() as c:
            active = c.execute(text("SELECT count(*) FROM bookings WHERE status = 'active' AND club_id = :c"), {"c": club.id})
            assert active.scalar_one() == 1


@pytest.mark.rule("schedule.booking.match-serialized")
@pytest.mark.rule("schedule.meeting.booked-once")
def test_assign_meeting_racing_the_fourth_confirmation_books_the_match_once(rig):
    service, stub = rig
    for n in range(ROUNDS):
        club = service.clubs.create_club(f"Lock club {n}", "")
        for r in range(2):  # a room for each: only the rule stops the second booking
            service.clubs.add_room(club.id, f"room {r + 1}")
        key, players = f"lock/assign/{n}", [f"{n}-{p}" for p in PLAYERS]
        meeting_id = three_confirmed(service, club.id, key, players)
        last = partial(
            stub.ConfirmMeeting,
            scheduling_pb2.ConfirmMeetingRequest(match_key=key, meeting_id=meeting_id, player_id=players[3]),
            timeout=30,
        )
        assign = partial(
            stub.AssignMeeting,
            scheduling_pb2.AssignMeetingRequest(match_key=key, start=ts(at(2, 18)), end=ts(at(2, 21))),
            timeout=30,
        )
        answers = race(last, assign)
        clean_losses(answers)
        assert_no_impossible_state(service)
        with service.uow.engine.connect() as c:
            booked = c.execute(
                text(
                    "SELECT count(*) FROM meetings m JOIN matches x ON x.id = m.match_id WHERE x.match_key = :k AND m.status = 'booked'"
                ),
                {"k": key},
            ).scalar_one()
        assert booked == 1 and sum(isinstance(a, scheduling_pb2.Meeting) for a in answers) == 1, answers
