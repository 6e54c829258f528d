"""Confirmations against real booking servers on SQLite and on PostgreSQL:

* the same confirmation retried with the same idempotency key, concurrently and afterwards, books once;
* 64 concurrent last confirmations racing for overlapping options in one room: exactly one booking per
  overlapping set, zero overlapping rows, every loser ABORTED with a sentence naming the room and the
  time, and the loser's confirmations still valid for another option;
* `rondo serve booking` killed (SIGKILL) inside the transaction of the confirmation that books the
  room (the ``booking.confirm_meeting.before_commit`` fail point): after a restart no partial row is
  left, the meeting is not booked, and the same confirmation retried books once.
"""

from __future__ import annotations

import os
import signal
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import grpc
import pytest
from sqlalchemy import text

from booking.app import make_service
from booking.service import MIGRATIONS
from rondo.booking.v1 import booking_pb2_grpc
from rondo.gateway.v1 import scheduling_pb2
from rondo_app.demo import rondo_process
from rondo_app.registry import service
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.process import free_port
from tests.booking_scheduling import OVERLAPPING_ACTIVE_BOOKINGS
from tests.faults.conftest import InProcessServer
from tests.waiting import wait_until

pytestmark = [pytest.mark.faults, pytest.mark.slow]

PLAYERS = ["p1", "p2", "p3", "p4"]
DAY0 = (datetime.now(UTC) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)
WINDOW = (DAY0, DAY0 + timedelta(days=7))


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return DAY0 + timedelta(days=day, hours=hour, minutes=minute)


def seeded(db_url: str, matches: int, *, days: int = 1):
    """A club with one room ("room 2") and ``matches`` matches whose players all answered and three of
    them confirmed one meeting; match n's meeting is on day ``n % days``, all of a day's overlapping.
    Returns (club id, room id, [(match key, meeting id)])."""
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    booking = make_service(engine)
    club = booking.clubs.create_club("Race club", "")
    room = booking.clubs.add_room(club.id, "room 2")
    jobs = []
    for n in range(matches):
        key, day = f"race/1/1/{n}", n % days
        booking.scheduling.open_match(club.id, key, PLAYERS, *WINDOW, 60)
        for p in PLAYERS:
            booking.scheduling.set_availability(key, p, [(at(day, 16), at(day, 23, 30)), (at(6, 10), at(6, 14))])
        start = at(day, 18) + timedelta(minutes=n // days)  # every meeting of a day overlaps every other one
        meeting = booking.scheduling.propose_meeting(key, PLAYERS[0], start, start + timedelta(hours=3), [])
        for p in PLAYERS[:3]:
            booking.scheduling.confirm_meeting(key, meeting.id, p)
        jobs.append((key, meeting.id))
    engine.dispose()
    return club.id, room.id, jobs


def counts(db_url: str, meeting_id: str = "") -> dict[str, int]:
    engine = make_engine(db_url)
    try:
        with engine.connect() as c:

            def one(sql: str) -> int:
                return c.execute(text(sql), {"m": meeting_id}).scalar_one()

            return {
                "active": one("SELECT count(*) FROM bookings WHERE status = 'active'"),
                "overlaps": c.execute(OVERLAPPING_ACTIVE_BOOKINGS).scalar_one(),
                "confirmations": one("SELECT count(*) FROM confirmations WHERE meeting_id = :m"),
                "booked": one("SELECT count(*) FROM meetings WHERE id = :m AND status = 'booked'"),
                "keys": one("SELECT count(*) FROM idempotency_keys"),
            }
    finally:
        engine.dispose()


@pytest.fixture
def server(tmp_path, db_url):
    started: list[InProcessServer] = []

    def start() -> InProcessServer:
        started.append(InProcessServer(["booking"], tmp_path, database_urls={"booking": db_url}))
        return started[-1]

    yield start
    for s in started:
        s.close()


def confirm_request(
    key: str, meeting_id: str, player: str = "p4", idempotency_key: str = ""
) -> scheduling_pb2.ConfirmMeetingRequest:
    return scheduling_pb2.ConfirmMeetingRequest(
        match_key=key, meeting_id=meeting_id, player_id=player, idempotency_key=idempotency_key
    )


@pytest.mark.rule("schedule.confirmation.retry-books-once")
def test_a_confirmation_retried_with_the_same_key_books_once(db_url, server):
    _, _, [(key, meeting_id)] = seeded(db_url, 1)
    stub = booking_pb2_grpc.BookingServiceStub(server().channel)
    request = confirm_request(key, meeting_id, idempotency_key="confirm-p4")
    barrier = threading.Barrier(16)

    def retry(_):
        barrier.wait()
        return stub.ConfirmMeeting(request, timeout=60)

    with ThreadPoolExecutor(16) as pool:
        answers = list(pool.map(retry, range(16)))
    answers += [stub.ConfirmMeeting(request, timeout=30) for _ in range(3)]  # and later, one after another
    assert {(a.status, a.booking_id) for a in answers} == {(scheduling_pb2.MEETING_STATUS_BOOKED, answers[0].booking_id)}
    found = counts(db_url, meeting_id)
    assert (found["active"], found["booked"], found["confirmations"]) == (1, 1, 4)
    # an earlier player's confirmation retried after the booking changes nothing either
    again = stub.ConfirmMeeting(confirm_request(key, meeting_id, "p1", "confirm-p1"), timeout=30)
    assert again.booking_id == answers[0].booking_id and counts(db_url, meeting_id) == found
    # the same key for another request is refused, nothing stored
    with pytest.raises(grpc.RpcError) as error:
        stub.ConfirmMeeting(confirm_request(key, meeting_id, "p2", "confirm-p4"), timeout=30)
    assert error.value.code() == grpc.StatusCode.INVALID_ARGUMENT


@pytest.mark.rule("schedule.booking.no-overlap-enforced-by-database")
def test_64_concurrent_confirmations_for_one_room_book_one_per_overlapping_set_over_grpc(db_url, server):
    days = 4  # four overlapping sets of 16 meetings each
    _, room_id, jobs = seeded(db_url, 64, days=days)
    stub = booking_pb2_grpc.BookingServiceStub(server().channel)
    barrier = threading.Barrier(len(jobs))

    def last_confirmation(job):
        key, meeting_id = job
        barrier.wait()
        try:
            return stub.ConfirmMeeting(confirm_request(key, meeting_id), timeout=120)
        except grpc.RpcError as error:
            return error

    with ThreadPoolExecutor(len(jobs)) as pool:
        answers = list(pool.map(last_confirmation, jobs))
    won = [a for a in answers if isinstance(a, scheduling_pb2.Meeting)]
    lost = [a for a in answers if isinstance(a, grpc.RpcError)]
    outcome = {  # what each day's calls answered: which day lost its winner, and how (printed if this fails)
        day: sorted(
            {
                "booked" if not isinstance(a, grpc.RpcError) else f"{a.code().name}: {(a.details() or '')[:50]}"
                for (key, _), a in zip(jobs, answers)
                if int(key.rsplit("/", 1)[1]) % days == day
            }
        )
        for day in range(days)
    }
    assert len(won) == days and len(lost) == len(jobs) - days, (outcome, counts(db_url))
    assert sorted(int(jobs[answers.index(w)][0].rsplit("/", 1)[1]) % days for w in won) == list(range(days))
    assert all(w.status == scheduling_pb2.MEETING_STATUS_BOOKED and w.room_id == room_id for w in won)
    for error in lost:
        assert error.code() == grpc.StatusCode.ABORTED, (error.code(), error.details())
        details = error.details() or ""
        assert details.startswith("room 2 was just booked for ") and details.endswith(" by another match; pick another option")
    found = counts(db_url)
    assert (found["active"], found["overlaps"]) == (days, 0)
    # a loser's three confirmations stand; its own fourth was not stored; another option books at once
    loser = next(job for job, a in zip(jobs, answers) if isinstance(a, grpc.RpcError))
    card = stub.GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=loser[0], viewer_player_id="p1"), timeout=30)
    assert [list(m.confirmed_by) for m in card.meetings if m.id == loser[1]] == [PLAYERS[:3]]
    other = stub.ProposeMeeting(
        scheduling_pb2.ProposeMeetingRequest(match_key=loser[0], player_id="p1", start=_ts(at(6, 10)), end=_ts(at(6, 13))),
        timeout=30,
    )
    for p in PLAYERS:
        done = stub.ConfirmMeeting(confirm_request(loser[0], other.id, p), timeout=30)
    assert done.status == scheduling_pb2.MEETING_STATUS_BOOKED and counts(db_url)["overlaps"] == 0


def _ts(value: datetime):
    from google.protobuf.timestamp_pb2 import Timestamp

    out = Timestamp()
    out.FromDatetime(value)
    return out


def _serve_booking(tmp_path, db_url: str, port: int, **extra: str):
    env = {
        "RONDO_PORT": str(port),
        "RONDO_METRICS_PORT": "-1",
        "RONDO_LOG_LEVEL": "WARNING",
        "RONDO_DATA_DIR": str(tmp_path),
        "RONDO_BOOKING_DATABASE_URL": db_url,
        **extra,
    }
    return rondo_process(["serve", "booking"], env, f"127.0.0.1:{port}", (service("booking").grpc_service,))


def _open_transactions(db_url: str) -> int:
    """PostgreSQL: connections to this database inside a transaction, other than this one."""
    engine = make_engine(db_url)
    try:
        with engine.connect() as c:
            return c.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                    "AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'"
                )
            ).scalar_one()
    finally:
        engine.dispose()


@pytest.mark.rule("schedule.confirmation.kill-leaves-nothing")
def test_a_booking_server_killed_inside_the_booking_transaction_leaves_no_partial_booking(tmp_path, db_url):
    _, _, [(key, meeting_id)] = seeded(db_url, 1)
    before = counts(db_url, meeting_id)
    assert (before["active"], before["confirmations"], before["booked"]) == (0, 3, 0)
    marker = tmp_path / "confirm-paused"
    request = confirm_request(key, meeting_id, idempotency_key="last-confirmation")
    port = free_port()
    with _serve_booking(tmp_path, db_url, port, RONDO_FAILPOINTS=f"booking.confirm_meeting.before_commit={marker}") as process:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel, ThreadPoolExecutor(1) as pool:
            stub = booking_pb2_grpc.BookingServiceStub(channel)
            pending = pool.submit(stub.ConfirmMeeting, request, timeout=120)
            wait_until(lambda: marker.exists() or pending.done(), "the confirmation reaching the fail point")
            assert marker.exists(), "the confirmation never reached the fail point"
            # inside the transaction: the booking row, the meeting's new status and the confirmation are
            # written but not committed
            if db_url.startswith("postgresql"):
                assert _open_transactions(db_url) == 1
            os.kill(process.pid, signal.SIGKILL)
            process.wait(30)
            with pytest.raises(grpc.RpcError) as error:
                pending.result(timeout=60)
            assert error.value.code() in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED, grpc.StatusCode.INTERNAL)
    after = counts(db_url, meeting_id)
    assert after == before  # no booking, meeting not booked, no fourth confirmation, no key
    with _serve_booking(tmp_path, db_url, port):
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = booking_pb2_grpc.BookingServiceStub(channel)
            card = stub.GetMatchCard(scheduling_pb2.GetMatchCardRequest(match_key=key, viewer_player_id="p1"), timeout=30)
            assert card.state == scheduling_pb2.CARD_STATE_AGREEING
            done = stub.ConfirmMeeting(request, timeout=30)
            again = stub.ConfirmMeeting(request, timeout=30)
    assert done.status == scheduling_pb2.MEETING_STATUS_BOOKED and again.booking_id == done.booking_id
    final = counts(db_url, meeting_id)
    assert (final["active"], final["booked"], final["confirmations"], final["overlaps"]) == (1, 1, 4, 0)
