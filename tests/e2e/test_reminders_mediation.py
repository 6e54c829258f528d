"""Reminders and mediation through the gateway of real processes (`rondo up` on SQLite, the services
apart on PostgreSQL): the gateway's periodic task publishes a reminder due now without any bot, the
organizer's log shows it published, the bot acknowledges it; an Up&Down game is mediated and its
result recorded in league."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from google.protobuf.field_mask_pb2 import FieldMask
from google.protobuf.timestamp_pb2 import Timestamp
from sqlalchemy import text

from rondo.gateway.v1 import (
    competitions_pb2,
    draws_pb2,
    mediation_pb2,
    reminders_pb2,
    results_pb2,
    scheduling_pb2,
    stages_pb2,
)
from rondo_runtime.db import make_engine
from tests.typed_events import check_typed, every_event
from tests.waiting import wait_until

pytestmark = pytest.mark.e2e
MODES = ["embedded", pytest.param("distributed", marks=pytest.mark.postgres)]
KIROV, MOSCOW = ZoneInfo("Europe/Kirov"), ZoneInfo("Europe/Moscow")


def ts(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


@pytest.mark.rule("schedule.reminder.sunday-evening")
@pytest.mark.rule("schedule.reminder.bot-optional")
@pytest.mark.parametrize("mode", MODES)
def test_a_reminder_due_now_is_published_by_the_running_gateway_and_acknowledged(mode, request):
    deployment = request.getfixturevalue(mode)
    stub = deployment.gateway
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Reminded league", ruleset="discard-league-2026"), idempotency_key="rem"
        ),
        timeout=10,
    )
    names = [f"R{i}" for i in range(1, 9)]
    for name in names:
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=name, idempotency_key=name), timeout=10
        )
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=3, time_limit_seconds=10, idempotency_key="rem"),
        timeout=30,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Reminder club"), idempotency_key="rem"), timeout=10
    )
    stub.CreateRoom(
        scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 1"), club_id=club.id, idempotency_key="rem"),
        timeout=10,
    )
    # the club's reminder instant: two minutes ago, Kirov time (the real clock cannot be moved here)
    instant = (datetime.now(UTC) - timedelta(minutes=2)).astimezone(KIROV)
    schedule = stub.UpdateReminderSchedule(
        reminders_pb2.UpdateReminderScheduleRequest(
            reminder_schedule=reminders_pb2.ReminderSchedule(
                club_id=club.id, weekday=instant.isoweekday(), local_time=f"{instant:%H:%M}"
            ),
            update_mask=FieldMask(paths=["weekday", "local_time"]),
        ),
        timeout=10,
    )
    assert schedule.local_time == f"{instant:%H:%M}"
    start = datetime.now(UTC) - timedelta(days=1)
    opened = stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=competition.id,
            round=1,
            club_id=club.id,
            window_start=ts(start),
            window_end=ts(start + timedelta(days=7)),
        ),
        timeout=10,
    )
    assert len(opened.matches) == 2
    span = reminders_pb2.ListRemindersRequest(club_id=club.id, to=ts(start + timedelta(days=7)))
    getattr(span, "from").CopyFrom(ts(start))

    def published() -> bool:  # the gateway's own task publishes (every second in these deployments); nobody asks it to
        return len(log := stub.ListReminders(span, timeout=10).reminders) == 2 and all(r.HasField("published_at") for r in log)

    wait_until(published, "both matches' reminders published by the gateway's own task", timeout_s=30)
    log = stub.ListReminders(span, timeout=10).reminders
    assert {r.match_key for r in log} == {m.match_key for m in opened.matches}
    assert all(r.reason == "waiting_for_answers" and len(r.player_ids) == 4 for r in log)
    acked = deployment.accounts.bot("rondo-bot").AcknowledgeReminder(  # the author is the bot's account
        reminders_pb2.AcknowledgeReminderRequest(reminder_id=log[0].id), timeout=10
    )
    assert acked.acknowledged_by == "rondo-bot" and acked.HasField("acknowledged_at")
    assert stub.PublishDueReminders(reminders_pb2.PublishDueRemindersRequest(), timeout=10).reminders == []  # nothing twice
    engine = make_engine(deployment.gateway_database_url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("SELECT subject_id, payload FROM events WHERE kind = 'reminder.due' AND competition_id = :c"),
            {"c": competition.id},
        ).all()
    engine.dispose()
    assert sorted(r[0] for r in rows) == sorted(r.id for r in log)
    players = [p for r in rows for p in json.loads(r[1])["players"]]
    assert len(players) == 8 and {p["name"] for p in players} == set(names)
    due = [e for e in every_event(stub, competition.id) if check_typed(e) == "reminder.due"]
    assert sorted(e.subject_id for e in due) == sorted(r.id for r in log)
    assert {p.name for e in due for p in e.reminder_due.players} == set(names)
    assert {e.reminder_due.reason for e in due} == {"waiting_for_answers"}


@pytest.mark.rule("updown.mediation.four-days-each")
@pytest.mark.parametrize("mode", MODES)
def test_a_mediated_game_through_the_gateway_is_set_and_recorded_in_league(mode, request):
    stub = request.getfixturevalue(mode).gateway
    cid = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(
                name="Mediated Up&Down", ruleset="updown-league-2007", rounds=22, table_size=2
            ),
            idempotency_key="med",
        ),
        timeout=10,
    ).id
    for i in range(1, 13):
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(
                competition_id=cid, name=f"M{i:02d}", rating=2000 - i, idempotency_key=f"m{i}"
            ),
            timeout=10,
        )
    stage = stub.AdvanceStage(
        stages_pb2.AdvanceStageRequest(competition_id=cid, created_by="organizer", idempotency_key="s1"), timeout=30
    )
    first, second = stage.rounds[0].tables[0].player_ids
    today = datetime.now(UTC).astimezone(MOSCOW).date()
    stub.SetMediationCalendar(
        mediation_pb2.SetMediationCalendarRequest(
            competition_id=cid,
            stage=1,
            division="super",
            starts_on=(today - timedelta(days=10)).isoformat(),
            ends_on=(today + timedelta(days=60)).isoformat(),
        ),
        timeout=10,
    )
    monday = today + timedelta(days=7 - today.weekday())
    days = [(monday + timedelta(days=d)).isoformat() for d in (0, 2, 4, 6)]
    m = stub.RequestMediation(
        mediation_pb2.RequestMediationRequest(
            competition_id=cid, stage=1, round=1, table=1, requester_id=second, opponent_id=first, days=days, idempotency_key="r"
        ),
        timeout=10,
    )
    assert m.status == mediation_pb2.MEDIATION_STATUS_AWAITING_ANSWER and list(m.requester_days) == days
    answer = [(monday + timedelta(days=d)).isoformat() for d in (1, 2, 3, 5)]
    set_ = stub.AnswerMediation(mediation_pb2.AnswerMediationRequest(mediation_id=m.id, player_id=first, days=answer), timeout=10)
    wednesday_21 = datetime.combine(monday + timedelta(days=2), datetime.min.time().replace(hour=21), tzinfo=MOSCOW)
    assert set_.scheduled_at.ToDatetime(tzinfo=UTC) == wednesday_21.astimezone(UTC)
    done = stub.RecordMediatedGame(
        mediation_pb2.RecordMediatedGameRequest(mediation_id=m.id, result="1-0", recorded_by="referee", idempotency_key="g"),
        timeout=10,
    )
    assert done.mediation.status == mediation_pb2.MEDIATION_STATUS_PLAYED and done.record.game.result == "1-0"
    history = stub.ListResultRecords(
        results_pb2.ListResultRecordsRequest(competition_id=cid, stage=1, round=1, table=1), timeout=10
    )
    assert [r.game.result for r in history.result_records] == ["1-0"]
    log = stub.ListMediations(mediation_pb2.ListMediationsRequest(competition_id=cid), timeout=10)
    assert [x.id for x in log.mediations] == [m.id]
    resting = stage.rounds[0].tables[1].player_ids[0]
    stub.RequestTimeout(
        mediation_pb2.RequestTimeoutRequest(
            competition_id=cid,
            stage=1,
            player_id=resting,
            starts_on=today.isoformat(),
            ends_on=(today + timedelta(days=7)).isoformat(),
            idempotency_key="t",
        ),
        timeout=10,
    )
    # what a bot reads of it, typed (tests/typed_events.py checks each against its Struct payload)
    typed = {check_typed(e): e for e in every_event(stub, cid)}
    assert {"stage.created", "mediation.requested", "mediation.scheduled", "mediation.closed", "timeout.taken"} <= set(typed)
    assert list(typed["mediation.requested"].mediation_requested.days) == days
    scheduled = typed["mediation.scheduled"].mediation_scheduled
    assert scheduled.scheduled_at == set_.scheduled_at and (scheduled.requester_id, scheduled.opponent_id) == (second, first)
    closed = typed["mediation.closed"].mediation_closed
    assert (closed.stage, closed.round, closed.table, closed.result) == (1, 1, 1, "1-0")
    taken = typed["timeout.taken"].timeout_taken
    assert (taken.stage, taken.player_id, taken.starts_on) == (1, resting, today.isoformat())
