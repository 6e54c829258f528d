"""The gateway's reminders and mediation on fakes: `reminder.due` appended once per reminder with the
players' names (the run repeated, or a crash before booking heard of it, appends nothing more), the
bot's acknowledgement, and Up&Down mediation checked against league's stage with a no-show recorded
in league as a technical loss."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from google.protobuf.timestamp_pb2 import Timestamp

from booking.grpc_servicer import BookingServicer
from booking.mediation_service import MediationService
from booking.reminder_service import ReminderService
from booking.service import BookingService
from league.domain.records import GameEntry
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import identity_pb2, mediation_pb2, reminders_pb2, scheduling_pb2
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, Unavailable
from tests.unit.fakes import FakeMediationRepository, FakeReminderRepository, FakeUnitOfWork
from tests.unit.gateway_fakes import GuardedGateway, ServicerStub
from tests.unit.test_updown_stages import seat

pytestmark = pytest.mark.unit

WINDOW_START = datetime(2026, 3, 2, tzinfo=UTC)
SUNDAY_19_KIROV = datetime(2026, 3, 8, 16, tzinfo=UTC)


def ts(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


class Clock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Gateway(GuardedGateway):
    """The guarded gateway on the fakes (as the organizer by default), booking's reminders and mediation behind it."""

    def __init__(self, now: datetime) -> None:
        super().__init__()
        self.clock = Clock(now)  # booking's clock (the identity's is the base class's)
        uow: Any = FakeUnitOfWork(FakeReminderRepository())
        mediation_uow: Any = FakeUnitOfWork(FakeMediationRepository())
        self.booking_uow, self.mediation_uow = uow, mediation_uow
        servicer = BookingServicer(
            BookingService(uow, self.clock), ReminderService(uow, self.clock), MediationService(mediation_uow, self.clock)
        )
        self.downstream.booking = ServicerStub("booking", servicer)  # type: ignore[attr-defined]

    def kinds(self, prefix: str) -> list[str]:
        return [e[0] for e in self.events.events if e[0].startswith(prefix)]


@pytest.fixture
def reminders():
    g = Gateway(datetime(2026, 3, 1, tzinfo=UTC))
    league = g.downstream.league_service
    competition = league.competitions.create("Spring league", "discard-league-2026", 2, 4)
    ids = [league.roster.register(competition.id, f"Player {i}").id for i in range(1, 5)]
    club = g("CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Discard club")))
    g.loop.run_until_complete(  # a match of the competition open for scheduling
        g.downstream.booking.OpenMatch(  # type: ignore[attr-defined]
            booking_pb2.OpenMatchRequest(
                club_id=club.id,
                match_key=f"{competition.id}/1/1/1",
                player_ids=ids,
                window_start=ts(WINDOW_START),
                window_end=ts(WINDOW_START + timedelta(days=14)),
            )
        )
    )
    yield g, club.id, competition.id, ids
    g.loop.close()


@pytest.mark.rule("schedule.reminder.published-once")
@pytest.mark.rule("schedule.reminder.who-has-to-act")
def test_due_reminders_become_one_event_each_with_names_never_intervals(reminders):
    g, club_id, competition_id, ids = reminders
    assert g("PublishDueReminders", reminders_pb2.PublishDueRemindersRequest()).reminders == []
    g.clock.now = SUNDAY_19_KIROV + timedelta(minutes=1)
    [published] = g("PublishDueReminders", reminders_pb2.PublishDueRemindersRequest()).reminders
    assert published.published_at.ToDatetime(tzinfo=UTC) == SUNDAY_19_KIROV + timedelta(minutes=1)
    [(kind, competition, subject, payload)] = [e for e in g.events.events if e[0] == "reminder.due"]
    assert (kind, competition, subject) == ("reminder.due", competition_id, published.id)
    assert payload["players"] == [{"id": pid, "name": f"Player {i}"} for i, pid in enumerate(ids, start=1)]
    assert (payload["match_key"], payload["reason"], payload["due_at"]) == (
        f"{competition_id}/1/1/1",
        "waiting_for_answers",
        "2026-03-08T16:00:00Z",
    )
    assert set(payload) == {"match_key", "club_id", "due_at", "window_start", "window_end", "reason", "players"}
    assert g("PublishDueReminders", reminders_pb2.PublishDueRemindersRequest()).reminders == []  # again: nothing
    assert g.kinds("reminder.") == ["reminder.due"]


@pytest.mark.rule("schedule.reminder.published-once")
def test_a_run_that_died_before_marking_is_completed_without_a_second_event(reminders):
    g, _, _, _ = reminders
    g.clock.now = SUNDAY_19_KIROV
    g.downstream.fail("booking", "MarkRemindersPublished", Unavailable("booking went away"))
    with pytest.raises(Unavailable):
        g("PublishDueReminders", reminders_pb2.PublishDueRemindersRequest())
    assert g.kinds("reminder.") == ["reminder.due"]  # appended; booking does not know yet
    [again] = g("PublishDueReminders", reminders_pb2.PublishDueRemindersRequest()).reminders  # the next tick
    assert again.HasField("published_at") and g.kinds("reminder.") == ["reminder.due"]


@pytest.mark.rule("schedule.reminder.bot-optional")
def test_the_periodic_task_runs_without_a_bot_and_the_bot_acknowledges_later(reminders):
    g, club_id, _, _ = reminders
    g.clock.now = SUNDAY_19_KIROV

    async def two_ticks() -> None:
        task = asyncio.ensure_future(g.servicer.inner.reminders.run(0.01))
        for _ in range(1000):  # until the task has published (at most 10 s), not for a guessed time
            if g.kinds("reminder."):
                break
            await asyncio.sleep(0.01)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    g.loop.run_until_complete(two_ticks())
    assert g.kinds("reminder.") == ["reminder.due"]
    span = reminders_pb2.ListRemindersRequest(club_id=club_id, to=ts(WINDOW_START + timedelta(days=14)))
    span.__getattribute__("from").CopyFrom(ts(WINDOW_START))
    [logged] = g("ListReminders", span).reminders
    assert logged.HasField("published_at") and not logged.HasField("acknowledged_at")
    g.clock.now += timedelta(hours=2)  # the bot comes back two hours later
    _, bot = g.account(identity_pb2.ROLE_BOT, "rondo-bot")  # the bot says what it delivered: the author is its account
    acked = g("AcknowledgeReminder", reminders_pb2.AcknowledgeReminderRequest(reminder_id=logged.id), token=bot)
    assert acked.acknowledged_by == "rondo-bot" and acked.acknowledged_at.ToDatetime(tzinfo=UTC) == SUNDAY_19_KIROV + timedelta(
        hours=2
    )


# --- mediation ---
@pytest.fixture
def updown():
    g = Gateway(datetime(2026, 10, 7, 9, 0, tzinfo=UTC))  # Wednesday 12:00 Moscow
    league = g.downstream.league_service
    competition = league.competitions.create("Up&Down", "updown-league-2007", 22, 2)
    ids = [league.roster.register(competition.id, f"P{i:02d}", rating=2000 - i).id for i in range(1, 13)]
    plan = league.stages.prepare(competition.id)
    stage = league.stages.save(competition.id, plan.number, seat(plan), "organizer")
    g(
        "SetMediationCalendar",
        mediation_pb2.SetMediationCalendarRequest(
            competition_id=competition.id, stage=1, division="super", starts_on="2026-09-01", ends_on="2026-11-30"
        ),
    )
    yield g, competition.id, stage, ids
    g.loop.close()


DAYS = ["2026-10-12", "2026-10-14", "2026-10-16", "2026-10-18"]


def ask(g: Gateway, competition_id: str, round_number: int, table: int, requester: str, opponent: str, key: str = ""):
    return g(
        "RequestMediation",
        mediation_pb2.RequestMediationRequest(
            competition_id=competition_id,
            stage=1,
            round=round_number,
            table=table,
            requester_id=requester,
            opponent_id=opponent,
            days=DAYS,
            idempotency_key=key,
        ),
    )


@pytest.mark.rule("updown.mediation.no-show-technical-loss")
def test_a_mediated_no_show_is_a_technical_loss_recorded_in_league(updown):
    g, cid, stage, _ = updown
    first, second = stage.rounds[0][0]
    m = ask(g, cid, 1, 1, second, first, key="m1")
    assert ask(g, cid, 1, 1, second, first, key="m1").id == m.id  # a retry
    with pytest.raises(InvalidArgument) as error:
        ask(g, cid, 1, 1, second, stage.rounds[0][1][0])
    assert error.value.violations[0].field == "opponent_id"
    scheduled = g("AnswerMediation", mediation_pb2.AnswerMediationRequest(mediation_id=m.id, player_id=first, days=DAYS))
    assert scheduled.scheduled_at.ToDatetime(tzinfo=UTC) == datetime(2026, 10, 12, 18, 0, tzinfo=UTC)
    g.clock.now = datetime(2026, 10, 12, 19, 0, tzinfo=UTC)
    done = g(
        "RecordMediatedGame",
        mediation_pb2.RecordMediatedGameRequest(
            mediation_id=m.id, absent_player_ids=[first], recorded_by="referee", idempotency_key="g1"
        ),
    )
    assert done.record.game.result == "-/+" and done.mediation.status == mediation_pb2.MEDIATION_STATUS_NO_SHOW
    [(record_game)] = [c for c in g.downstream.calls if c.method == "RecordGame"]
    assert (record_game.request.round, record_game.request.table, record_game.request.game.first_player_id) == (1, 1, first)
    history = g.downstream.league_service.records.history(cid, 1, 1, stage=1)
    assert [r.content.result for r in history if isinstance(r.content, GameEntry)] == ["-/+"]
    assert g.kinds("mediation.") == ["mediation.requested", "mediation.scheduled", "mediation.closed"]
    assert "standings.changed" in [e[0] for e in g.events.events]
    again = g(
        "RecordMediatedGame",
        mediation_pb2.RecordMediatedGameRequest(
            mediation_id=m.id, absent_player_ids=[first], recorded_by="referee", idempotency_key="g1"
        ),
    )
    assert again.record.id == done.record.id  # a retry records nothing more


@pytest.mark.rule("updown.mediation.four-days-each")
def test_league_checks_the_mediated_game_s_round_and_table(updown):
    g, cid, stage, _ = updown
    first, second = stage.rounds[0][0]
    for round_number, table, field in ((len(stage.rounds) + 1, 1, "round"), (0, 1, "round"), (1, 99, "table")):
        with pytest.raises(InvalidArgument) as error:
            ask(g, cid, round_number, table, first, second)
        assert [v.field for v in error.value.violations] == [field]
    assert "booking.RequestMediation" not in g.downstream.called()  # refused before booking is asked
    g.downstream.calls.clear()
    ask(g, cid, 1, 1, first, second)
    assert g.downstream.called("league") == ["league.GetStageGame"]


@pytest.mark.rule("updown.mediation.three-no-shows-reported")
def test_three_no_shows_against_different_opponents_are_reported_not_removed(updown):
    g, cid, stage, ids = updown
    absent = ids[0]
    games = [(r, t, pair) for r, rnd in enumerate(stage.rounds, 1) for t, pair in enumerate(rnd, 1) if absent in pair][:3]
    for n, (r, t, pair) in enumerate(games):
        other = pair[0] if pair[1] == absent else pair[1]
        m = ask(g, cid, r, t, other, absent)
        g("AnswerMediation", mediation_pb2.AnswerMediationRequest(mediation_id=m.id, player_id=absent, days=DAYS))
        g.clock.now = datetime(2026, 10, 19, 12, 0, tzinfo=UTC) + timedelta(minutes=n)
        done = g(
            "RecordMediatedGame",
            mediation_pb2.RecordMediatedGameRequest(mediation_id=m.id, absent_player_ids=[absent], recorded_by="referee"),
        )
        g.clock.now = datetime(2026, 10, 7, 9, 0, tzinfo=UTC) + timedelta(minutes=n + 1)
    assert [d.player_id for d in done.removal_due] == [absent] and len(done.removal_due[0].opponent_ids) == 3
    assert g.kinds("mediation.removal-due") == ["mediation.removal-due"]
    [player] = [p for p in g.downstream.league_service.roster.list(cid) if p.id == absent]
    assert player.status.value == "main"  # reported; the organizer decides (WithdrawPlayer)


@pytest.mark.rule("updown.timeout.blocks-mediation")
def test_a_time_out_through_the_gateway_blocks_requests_against_the_player(updown):
    g, cid, stage, _ = updown
    first, second = stage.rounds[0][0]
    taken = g(
        "RequestTimeout",
        mediation_pb2.RequestTimeoutRequest(
            competition_id=cid, stage=1, player_id=first, starts_on="2026-10-08", ends_on="2026-10-20"
        ),
    )
    assert taken.ends_on == "2026-10-20" and g.kinds("timeout.") == ["timeout.taken"]
    with pytest.raises(FailedPrecondition, match="time-out"):
        ask(g, cid, 1, 1, second, first)
    timeouts = g("ListTimeouts", mediation_pb2.ListTimeoutsRequest(competition_id=cid)).timeouts
    assert [t.player_id for t in timeouts] == [first]
    assert list(g("ListMediations", mediation_pb2.ListMediationsRequest(competition_id=cid)).mediations) == []
