"""Reminders and mediation on SQLite and PostgreSQL: the database itself records a reminder once per
match and instant (two services on one database, as two replicas, record one), the delivery log is
stored, a game has one mediation, and the gateway's event log appends a `reminder.due` once."""

from __future__ import annotations

import threading
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError

from booking.app import make_mediation, make_reminders, make_service
from booking.domain.mediation import MediationStatus
from booking.domain.reminders import Reminder
from booking.service import MIGRATIONS
from gateway.adapters.events import EventLog
from gateway.service import MIGRATIONS as GATEWAY_MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import FailedPrecondition

pytestmark = pytest.mark.integration

PLAYERS = ["p1", "p2", "p3", "p4"]
WINDOW_START = datetime(2026, 3, 2, tzinfo=UTC)
SUNDAY_19_KIROV = datetime(2026, 3, 8, 16, tzinfo=UTC)


class Clock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def engine(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield engine
    engine.dispose()


@pytest.mark.rule("schedule.reminder.recorded-once")
def test_two_replicas_on_one_database_record_each_reminder_once(engine, db_url):
    clock = Clock(datetime(2026, 3, 1, tzinfo=UTC))
    booking = make_service(engine, clock)
    club = booking.clubs.create_club("Club", "")
    for table in range(1, 4):
        booking.scheduling.open_match(club.id, f"c/1/1/{table}", PLAYERS, WINDOW_START, WINDOW_START + timedelta(days=14), 90)
    clock.now = SUNDAY_19_KIROV
    other = make_engine(db_url)  # a second replica: its own engine and pool
    replicas = [make_reminders(engine, clock), make_reminders(other, clock)]
    answers: list[list[Reminder]] = [[], []]
    barrier = threading.Barrier(2)

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = replicas[i].record_due()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    other.dispose()
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT match_key, due_at FROM reminders ORDER BY match_key")).all()
    assert [r[0] for r in rows] == ["c/1/1/1", "c/1/1/2", "c/1/1/3"]
    assert {r.id for a in answers for r in a} == {r.id for r in replicas[0].record_due()}
    insert = text(
        "INSERT INTO reminders (id, match_id, match_key, club_id, due_at, window_start, window_end, reason, player_ids, created_at) "
        "SELECT :id, match_id, match_key, club_id, due_at, window_start, window_end, reason, player_ids, created_at FROM reminders "
        "WHERE match_key = 'c/1/1/1'"
    )
    with pytest.raises(IntegrityError), engine.begin() as connection:  # past the service: the database says no
        connection.execute(insert, {"id": str(uuid.uuid4())})


@pytest.mark.rule("schedule.reminder.delivery-log")
def test_the_delivery_log_is_stored_with_its_times_in_utc(engine):
    clock = Clock(datetime(2026, 3, 1, tzinfo=UTC))
    booking, reminders = make_service(engine, clock), make_reminders(engine, clock)
    club = booking.clubs.create_club("Club", "Europe/Berlin")
    booking.scheduling.open_match(club.id, "c/1/1/1", PLAYERS, WINDOW_START, WINDOW_START + timedelta(days=14), 90, games=5)
    reminders.set_schedule(club.id, 5, "20:30")
    assert reminders.get_schedule(club.id).describe() == "Friday 20:30"
    clock.now = datetime(2026, 3, 6, 19, 30, tzinfo=UTC)
    [due] = reminders.record_due()
    clock.now += timedelta(seconds=2)
    reminders.mark_published([due.id])
    clock.now += timedelta(minutes=1)
    reminders.acknowledge(due.id, "rondo-bot")
    [logged] = reminders.list_reminders(club.id, WINDOW_START, WINDOW_START + timedelta(days=14), "c/1/")
    assert (logged.due.due_at, logged.published_at, logged.acknowledged_at, logged.acknowledged_by) == (
        datetime(2026, 3, 6, 19, 30, tzinfo=UTC),
        datetime(2026, 3, 6, 19, 30, 2, tzinfo=UTC),
        datetime(2026, 3, 6, 19, 31, 2, tzinfo=UTC),
        "rondo-bot",
    )
    assert logged.due.player_ids == tuple(PLAYERS) and booking.scheduling.get_match_card("c/1/1/1", "p1").match.games == 5


@pytest.mark.rule("updown.mediation.two-open-at-once")
@pytest.mark.rule("updown.mediation.default-21-moscow")
def test_mediation_round_trip_and_one_mediation_per_game_in_the_database(engine):
    clock = Clock(datetime(2026, 10, 7, 9, 0, tzinfo=UTC))
    mediation = make_mediation(engine, clock)
    mediation.set_calendar("cup", 1, "first", "2026-09-01", "2026-11-30", "2026-09-15")
    days = ["2026-10-12", "2026-10-14", "2026-10-16", "2026-10-18"]
    m = mediation.request("cup", 1, 3, 2, "a", "b", days, "19:30", idempotency_key="k")
    assert mediation.request("cup", 1, 3, 2, "a", "b", days, "19:30", idempotency_key="k") == m
    mediation.request("cup", 1, 4, 1, "a", "c", days)
    with pytest.raises(FailedPrecondition, match="2 mediation requests open"):
        mediation.request("cup", 1, 5, 1, "a", "d", days)
    done = mediation.answer(m.id, "b", ["2026-10-13", "2026-10-14", "2026-10-15", "2026-10-17"], "19:30")
    assert done.scheduled_at == datetime(2026, 10, 14, 16, 30, tzinfo=UTC)  # 19:30 Moscow: both named it
    clock.now = datetime(2026, 10, 14, 18, 0, tzinfo=UTC)
    outcome = mediation.record_outcome(m.id, ["b"], "referee", "a")
    assert outcome.technical_result == "+/-" and mediation.get(m.id) == outcome.mediation
    assert outcome.mediation.status is MediationStatus.NO_SHOW and outcome.mediation.requester_time is not None
    taken = mediation.request_timeout("cup", 1, "d", "2026-10-15", "2026-11-29")
    assert mediation.list("cup").timeouts == (taken,) and taken.clipped
    insert = text(
        "INSERT INTO mediations (id, competition_id, stage, round, table_number, requester_id, opponent_id, requested_at, "
        "week_starts_on, requester_days, answer_due_at, opponent_days, status, absent_ids, recorded_by) "
        "SELECT :id, competition_id, stage, round, table_number, opponent_id, requester_id, requested_at, week_starts_on, "
        "requester_days, answer_due_at, '', 'awaiting_answer', '[]', '' FROM mediations WHERE id = :old"
    )
    with pytest.raises(IntegrityError), engine.begin() as connection:  # the same game twice: refused by the database
        connection.execute(insert, {"id": str(uuid.uuid4()), "old": m.id})


@pytest.mark.rule("schedule.reminder.published-once")
def test_the_event_log_appends_a_reminder_once_whoever_publishes_it(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, GATEWAY_MIGRATIONS)
    log, replica = EventLog(engine), EventLog(make_engine(db_url))
    assert log.append_once("reminder.due", "c", "r1", "reminder.due:r1", match_key="c/1/1/1")
    assert not replica.append_once("reminder.due", "c", "r1", "reminder.due:r1", match_key="c/1/1/1")
    log.append("schedule.booked", "c", "m1")  # ordinary events keep no key
    log.append("schedule.booked", "c", "m1")
    assert log.with_once_key("reminder.due:r1") == [("reminder.due", "r1", {"match_key": "c/1/1/1"})]
    assert log.for_competition("c") == [("reminder.due", "r1"), ("schedule.booked", "m1"), ("schedule.booked", "m1")]
    replica.engine.dispose()
    engine.dispose()
