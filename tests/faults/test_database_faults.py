"""Database faults end in clear, retryable answers; user text never reaches the database unchecked
(issue 7, "Faults end in clear, retryable answers" and "User error is never INTERNAL, never silently
stored"). Real servers on loopback over SQLite and PostgreSQL."""

from __future__ import annotations

import concurrent.futures
import sqlite3
import threading
import uuid

import grpc
import psycopg
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from sqlalchemy import create_engine, insert, select
from sqlalchemy.orm import Session
from sqlmodel import col

from league.adapters.tables import DrawRow, PlayerRow
from rondo.booking.v1 import booking_pb2, booking_pb2_grpc
from rondo.gateway.v1 import common_pb2, competitions_pb2
from rondo.league.v1 import league_pb2, league_pb2_grpc
from rondo_app.registry import NAMES
from rondo_runtime.db import normalize_url
from rondo_runtime.grpc_errors import field_violations
from tests.databases import create_test_database, drop_database
from tests.faults.conftest import InProcessServer
from tests.faults.test_errors_bounded import _fails
from tests.waiting import started_calls, wait_until

pytestmark = pytest.mark.faults

LEAGUE = "rondo.league.v1.LeagueService"
BOOKING = "rondo.booking.v1.BookingService"
NOWHERE = "postgresql+psycopg://postgres@127.0.0.1:1/rondo_nowhere"  # nothing listens on port 1


def _health(server, service: str = "") -> int:
    stub = health_pb2_grpc.HealthStub(server.channel)
    return stub.Check(health_pb2.HealthCheckRequest(service=service), timeout=10).status


def _wait_for_health(server, service: str, status: int, seconds: float = 30.0) -> None:
    wait_until(lambda: _health(server, service) == status, f"{service or 'overall'} becoming {status}", seconds)


@pytest.fixture
def league_server(db_url, tmp_path):
    server = InProcessServer(["league"], tmp_path, database_urls={"league": db_url})
    yield server
    server.close()


# --- outage ------------------------------------------------------------------------------------------


def test_unreachable_database_at_start_up_keeps_the_server_up_not_serving_and_answers_unavailable(tmp_path):
    server = InProcessServer(["league"], tmp_path, database_urls={"league": NOWHERE})
    try:
        assert _health(server, LEAGUE) == health_pb2.HealthCheckResponse.NOT_SERVING
        assert _health(server, "liveness") == health_pb2.HealthCheckResponse.SERVING
        league = league_pb2_grpc.LeagueServiceStub(server.channel)
        error = _fails(league.CreateCompetition, league_pb2.CreateCompetitionRequest(name="Down"), grpc.StatusCode.UNAVAILABLE)
        assert "retry" in error.details()
        _fails(league.GetCompetition, competitions_pb2.GetCompetitionRequest(competition_id="c1"), grpc.StatusCode.UNAVAILABLE)
    finally:
        server.close()


def test_one_bad_database_url_does_not_take_the_other_services_down(tmp_path):
    server = InProcessServer(
        [n for n in NAMES if n != "gateway"], tmp_path, database_urls={"league": "postgresql+psycopg://postgres@127.0.0.1:1/x"}
    )
    try:
        _wait_for_health(server, BOOKING, health_pb2.HealthCheckResponse.SERVING)
        assert _health(server, LEAGUE) == health_pb2.HealthCheckResponse.NOT_SERVING
        booking = booking_pb2_grpc.BookingServiceStub(server.channel)
        assert booking.CreateClub(booking_pb2.CreateClubRequest(name="Still open"), timeout=10).id
        _fails(
            league_pb2_grpc.LeagueServiceStub(server.channel).CreateCompetition,
            league_pb2.CreateCompetitionRequest(name="x"),
            grpc.StatusCode.UNAVAILABLE,
        )
    finally:
        server.close()


def test_a_database_that_appears_after_start_up_is_migrated_and_served(pg_server_url, tmp_path):
    name = f"rondo_late_{uuid.uuid4().hex[:10]}"
    url = normalize_url(pg_server_url).set(database=name).render_as_string(hide_password=False)
    server = InProcessServer(["league"], tmp_path, database_urls={"league": url})
    try:
        assert _health(server, LEAGUE) == health_pb2.HealthCheckResponse.NOT_SERVING
        league = league_pb2_grpc.LeagueServiceStub(server.channel)
        _fails(league.CreateCompetition, league_pb2.CreateCompetitionRequest(name="Early"), grpc.StatusCode.UNAVAILABLE)
        conninfo = normalize_url(pg_server_url).set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        _wait_for_health(server, LEAGUE, health_pb2.HealthCheckResponse.SERVING)
        assert league.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Late"), timeout=10).id
    finally:
        server.close()
        drop_database(url)


def test_a_database_lost_while_serving_answers_unavailable_not_internal(pg_server_url, tmp_path):
    url = create_test_database(pg_server_url)
    server = InProcessServer(["league"], tmp_path, database_urls={"league": url})
    try:
        league = league_pb2_grpc.LeagueServiceStub(server.channel)
        c = league.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Before the outage"), timeout=10)
        drop_database(url)  # terminates the server's connections: as good as an outage
        for call, request in (
            (league.GetCompetition, competitions_pb2.GetCompetitionRequest(competition_id=c.id)),
            (league.RegisterPlayer, competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="Nobody")),
        ):
            error = _fails(call, request, grpc.StatusCode.UNAVAILABLE)
            assert "retry" in error.details()
        _wait_for_health(server, LEAGUE, health_pb2.HealthCheckResponse.NOT_SERVING)
    finally:
        server.close()
        drop_database(url)


# --- text at the edge of storage ------------------------------------------------------------------


def test_nul_and_over_long_text_is_invalid_argument_never_stored(league_server, db_url):
    league = league_pb2_grpc.LeagueServiceStub(league_server.channel)
    bad_requests = [
        (league_pb2.CreateCompetitionRequest(name="Nul\x00league"), "name"),
        (league_pb2.CreateCompetitionRequest(name="L", idempotency_key="key\x00"), "idempotency_key"),
        (league_pb2.CreateCompetitionRequest(name="L", idempotency_key="k" * 129), "idempotency_key"),
        (league_pb2.CreateCompetitionRequest(name="n" * 101), "name"),
    ]
    for request, field in bad_requests:
        error = _fails(league.CreateCompetition, request, grpc.StatusCode.INVALID_ARGUMENT)
        assert field in [f for f, _ in field_violations(error)]
    _fails(
        league.GetCompetition, competitions_pb2.GetCompetitionRequest(competition_id="c\x00"), grpc.StatusCode.INVALID_ARGUMENT
    )

    c = league.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Text league"), timeout=10)
    p = league.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="Al\u200bice"), timeout=10)
    assert p.name == "Alice"
    error = _fails(
        league.RegisterPlayer,
        competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="ALICE\u200d"),
        grpc.StatusCode.INVALID_ARGUMENT,
    )
    assert "already registered" in error.details()
    for reason in ("moved\x00away", "r" * 1_000_000):
        error = _fails(
            league.WithdrawPlayer,
            competitions_pb2.WithdrawPlayerRequest(competition_id=c.id, player_id=p.id, reason=reason),
            grpc.StatusCode.INVALID_ARGUMENT,
        )
        assert "reason" in [f for f, _ in field_violations(error)]
    withdrawn = league.WithdrawPlayer(
        competitions_pb2.WithdrawPlayerRequest(competition_id=c.id, player_id=p.id, reason="  moved\n away "), timeout=10
    )
    assert withdrawn.status == competitions_pb2.PLAYER_STATUS_WITHDRAWN
    engine = create_engine(normalize_url(db_url))
    try:
        with Session(engine) as session:
            reasons = session.execute(select(col(PlayerRow.status_reason))).scalars().all()
    finally:
        engine.dispose()
    assert reasons == ["moved away"]


# --- contention -------------------------------------------------------------------------------------


def _hold_sqlite_write_lock(path: str, seconds: float, locked: threading.Event, release: threading.Event | None = None) -> None:
    """Holds SQLite's write lock until ``release`` is set, or for ``seconds`` at most (a duration that is
    the point of the test: longer than the busy timeout)."""
    connection = sqlite3.connect(path, isolation_level=None, timeout=30)
    try:
        connection.execute("BEGIN IMMEDIATE")
        locked.set()
        (release or threading.Event()).wait(seconds)
        connection.execute("COMMIT")
    finally:
        connection.close()


def _sqlite_league(tmp_path):
    path = str(tmp_path / "league.db")
    return path, InProcessServer(["league"], tmp_path, database_urls={"league": f"sqlite:///{path}"})


def test_sqlite_lock_contention_is_retried_within_the_deadline(tmp_path):
    path, server = _sqlite_league(tmp_path)
    try:
        league = league_pb2_grpc.LeagueServiceStub(server.channel)
        c = league.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Busy league"), timeout=10)
        locked = threading.Event()
        holder = threading.Thread(target=_hold_sqlite_write_lock, args=(path, 6.5, locked))
        holder.start()
        assert locked.wait(10)
        # longer than SQLite's busy timeout (5 s), well within the call's deadline: the write succeeds
        player = league.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="Patient"), timeout=30)
        assert player.name == "Patient"
        holder.join()
    finally:
        server.close()


def test_sqlite_lock_held_past_the_deadline_answers_unavailable(tmp_path):
    path, server = _sqlite_league(tmp_path)
    try:
        league = league_pb2_grpc.LeagueServiceStub(server.channel)
        c = league.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Locked league"), timeout=10)
        locked, release = threading.Event(), threading.Event()
        holder = threading.Thread(target=_hold_sqlite_write_lock, args=(path, 60.0, locked, release))
        holder.start()
        assert locked.wait(10)
        try:  # held until the call has answered, however long that takes on this machine
            error = _fails(
                league.RegisterPlayer,
                competitions_pb2.RegisterPlayerRequest(competition_id=c.id, name="Hasty"),
                grpc.StatusCode.UNAVAILABLE,
                timeout=2,
            )
        finally:
            release.set()
        assert "busy" in error.details()
        holder.join()
    finally:
        server.close()


def _bulk_players(url: str, competition_id: str, n: int) -> list[str]:
    ids = [str(uuid.uuid4()) for _ in range(n)]
    engine = create_engine(normalize_url(url))
    try:
        with engine.begin() as connection:
            connection.execute(
                insert(PlayerRow),
                [
                    {
                        "id": pid,
                        "competition_id": competition_id,
                        "name": f"Player {i}",
                        "name_key": f"player {i}",
                        "registration_order": i + 1,
                        "status": "main",
                        "rating": None,
                        "status_reason": "",
                    }
                    for i, pid in enumerate(ids)
                ],
            )
    finally:
        engine.dispose()
    return ids


@pytest.mark.slow
def test_32_registrations_while_a_10000_by_4_draw_is_saved_never_internal(league_server, db_url):
    league = league_pb2_grpc.LeagueServiceStub(league_server.channel)
    big = league.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Big league", rounds=4, table_size=4), timeout=10)
    ids = _bulk_players(db_url, big.id, 10_000)
    rounds = []
    for r in range(4):
        order = ids[r:] + ids[:r] if r % 2 else list(reversed(ids))
        rounds.append(common_pb2.Round(tables=[common_pb2.Table(player_ids=order[i : i + 4]) for i in range(0, len(order), 4)]))
    small = league.CreateCompetition(league_pb2.CreateCompetitionRequest(name="Small league"), timeout=10)

    saves_before = started_calls(LEAGUE, "SaveDraw")
    with concurrent.futures.ThreadPoolExecutor(max_workers=33) as pool:
        save = pool.submit(
            league.SaveDraw, league_pb2.SaveDrawRequest(competition_id=big.id, seed=1, rounds=rounds, method="test"), timeout=120
        )
        wait_until(lambda: started_calls(LEAGUE, "SaveDraw") > saves_before, "the draw's save reached league")
        registrations = [
            pool.submit(
                league.RegisterPlayer,
                competitions_pb2.RegisterPlayerRequest(competition_id=small.id, name=f"Racer {i}"),
                timeout=60,
            )
            for i in range(32)
        ]
        codes = []
        for future in registrations:
            try:
                future.result()
                codes.append(grpc.StatusCode.OK)
            except grpc.RpcError as error:
                codes.append(error.code())
        draw = save.result()
    assert set(codes) <= {grpc.StatusCode.OK, grpc.StatusCode.UNAVAILABLE}, codes
    assert codes.count(grpc.StatusCode.OK) >= 1
    assert len(draw.rounds) == 4 and sum(len(t.player_ids) for t in draw.rounds[0].tables) == 10_000
    engine = create_engine(normalize_url(db_url))
    try:
        with Session(engine) as session:
            assert session.execute(select(col(DrawRow.id))).scalars().all() == [draw.id]
    finally:
        engine.dispose()
