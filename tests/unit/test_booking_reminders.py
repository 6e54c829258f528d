"""Reminder use cases on in-memory fakes, the clock moved instead of slept: recorded once per match and
instant (a restart and a second replica record nothing more), published, acknowledged, listed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from booking.adapters.mediation_repository import MediationRepository
from booking.adapters.reminder_repository import ReminderRepository
from booking.domain.reminders import ReminderReason
from booking.reminder_service import ReminderService
from booking.service import BookingService
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from tests.unit.fakes import FakeMediationRepository, FakeReminderRepository, FakeUnitOfWork, public_methods

pytestmark = pytest.mark.unit

PLAYERS = ["p1", "p2", "p3", "p4"]
WINDOW_START = datetime(2026, 3, 2, tzinfo=UTC)  # a Monday
SUNDAY_19_KIROV = datetime(2026, 3, 8, 16, tzinfo=UTC)


class Clock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


class Engine:
    """Booking and reminders on one fake database, one movable clock."""

    def __init__(self) -> None:
        self.clock = Clock(datetime(2026, 3, 1, 12, tzinfo=UTC))
        self.uow: Any = FakeUnitOfWork(FakeReminderRepository())
        self.booking = BookingService(self.uow, self.clock)
        self.reminders = ReminderService(self.uow, self.clock)

    def open(self, key: str, zone: str = "", games: int = 0) -> tuple[str, str]:
        club = self.booking.clubs.create_club(f"Club {key}", zone)
        self.booking.clubs.add_room(club.id, "Room 1")
        self.booking.scheduling.open_match(
            club.id, key, PLAYERS, WINDOW_START, WINDOW_START + timedelta(days=14), 90, games=games
        )
        return club.id, key


def test_the_fakes_have_every_method_of_the_real_repositories():
    assert public_methods(ReminderRepository) <= public_methods(FakeReminderRepository)
    assert public_methods(MediationRepository) <= public_methods(FakeMediationRepository)


@pytest.mark.rule("schedule.reminder.recorded-once")
def test_moving_the_clock_records_each_reminder_once_even_after_a_restart_or_on_a_second_replica():
    e = Engine()
    e.open("c/1/1/1")
    assert e.reminders.record_due() == []  # Sunday 19:00 has not come
    e.clock.now = SUNDAY_19_KIROV - timedelta(seconds=1)
    assert e.reminders.record_due() == []
    e.clock.now = SUNDAY_19_KIROV
    [due] = e.reminders.record_due()
    assert (due.due.match_key, due.due.due_at, due.due.player_ids, due.due.reason) == (
        "c/1/1/1",
        SUNDAY_19_KIROV,
        tuple(PLAYERS),
        ReminderReason.WAITING_FOR_ANSWERS,
    )
    restarted = ReminderService(e.uow, e.clock)  # a restart, or a second replica on the same database
    e.clock.now += timedelta(minutes=5)
    assert [r.id for r in restarted.record_due()] == [due.id]  # not published yet: answered again, not recorded again
    restarted.mark_published([due.id])
    assert restarted.record_due() == [] and e.reminders.record_due() == []
    assert len(e.uow.repository.reminders_by_id) == 1
    e.clock.now = SUNDAY_19_KIROV + timedelta(days=7)
    [second] = e.reminders.record_due()
    assert second.due.due_at == SUNDAY_19_KIROV + timedelta(days=7) and second.id != due.id


@pytest.mark.rule("schedule.reminder.not-agreed-only")
def test_an_agreed_match_is_not_reminded_and_the_reminder_says_who_has_to_act():
    e = Engine()
    e.open("c/1/1/1")
    e.open("c/1/1/2")
    slot = (WINDOW_START + timedelta(days=2, hours=15), WINDOW_START + timedelta(days=2, hours=20))
    for p in PLAYERS:
        e.booking.scheduling.set_availability("c/1/1/1", p, [slot])
    meeting = e.booking.scheduling.propose_meeting("c/1/1/1", "p1", *slot, [])
    for p in PLAYERS:
        e.booking.scheduling.confirm_meeting("c/1/1/1", meeting.id, p)
    e.booking.scheduling.set_availability("c/1/1/2", "p1", [slot])
    e.clock.now = SUNDAY_19_KIROV
    [due] = e.reminders.record_due()
    assert (due.due.match_key, due.due.player_ids) == ("c/1/1/2", ("p2", "p3", "p4"))


@pytest.mark.rule("schedule.reminder.configurable-per-club")
def test_a_club_moves_its_reminder_to_friday_20_30_in_its_own_zone():
    e = Engine()
    club_id, _ = e.open("c/1/1/1", zone="Europe/Berlin")
    schedule = e.reminders.set_schedule(club_id, 5, "20:30")
    assert e.reminders.get_schedule(club_id) == schedule
    e.clock.now = datetime(2026, 3, 6, 19, 29, tzinfo=UTC)  # Friday 20:29 in Berlin (CET, UTC+1)
    assert e.reminders.record_due() == []
    e.clock.now = datetime(2026, 3, 6, 19, 30, tzinfo=UTC)
    [due] = e.reminders.record_due()
    assert due.due.due_at == datetime(2026, 3, 6, 19, 30, tzinfo=UTC)
    with pytest.raises(NotFound):
        e.reminders.set_schedule("nope", 5, "20:30")
    with pytest.raises(InvalidArgument):
        e.reminders.set_schedule(club_id, 9, "")


@pytest.mark.rule("schedule.reminder.delivery-log")
def test_the_delivery_log_says_due_published_and_acknowledged_when_and_by_whom():
    e = Engine()
    club_id, _ = e.open("c/1/1/1")
    e.clock.now = SUNDAY_19_KIROV
    [due] = e.reminders.record_due()
    with pytest.raises(FailedPrecondition, match="not been published"):
        e.reminders.acknowledge(due.id, "rondo-bot")
    e.clock.now += timedelta(seconds=3)
    [published] = e.reminders.mark_published([due.id, due.id])
    assert published.published_at == SUNDAY_19_KIROV + timedelta(seconds=3)
    e.clock.now += timedelta(minutes=2)
    acked = e.reminders.acknowledge(due.id, "rondo-bot")
    assert (acked.acknowledged_at, acked.acknowledged_by) == (SUNDAY_19_KIROV + timedelta(minutes=2, seconds=3), "rondo-bot")
    e.clock.now += timedelta(minutes=2)
    assert e.reminders.acknowledge(due.id, "other").acknowledged_by == "rondo-bot"  # the first is kept
    [logged] = e.reminders.list_reminders(club_id, WINDOW_START, WINDOW_START + timedelta(days=14), "c/")
    assert logged == acked
    assert e.reminders.list_reminders(club_id, WINDOW_START, WINDOW_START + timedelta(days=14), "other/") == []
    with pytest.raises(InvalidArgument) as error:
        e.reminders.list_reminders(club_id, WINDOW_START, WINDOW_START + timedelta(days=400))
    assert error.value.violations[0].field == "to"
    with pytest.raises(NotFound):
        e.reminders.mark_published(["missing"])


@pytest.mark.rule("schedule.reminder.not-agreed-only")
def test_a_final_of_five_games_booked_for_three_is_still_reminded():
    e = Engine()
    e.open("c/9/1/1", games=5)
    slot = (WINDOW_START + timedelta(days=2, hours=15), WINDOW_START + timedelta(days=2, hours=20))
    for p in PLAYERS:
        e.booking.scheduling.set_availability("c/9/1/1", p, [slot])
    meeting = e.booking.scheduling.propose_meeting("c/9/1/1", "p1", *slot, [1, 2, 3])
    for p in PLAYERS:
        e.booking.scheduling.confirm_meeting("c/9/1/1", meeting.id, p)
    e.clock.now = SUNDAY_19_KIROV
    [due] = e.reminders.record_due()
    assert due.due.reason is ReminderReason.NO_PROPOSAL
    with pytest.raises(InvalidArgument) as error:
        e.booking.scheduling.open_match("x", "c/9/1/2", PLAYERS, WINDOW_START, WINDOW_START + timedelta(days=1), 90, games=17)
    assert "games" in {v.field for v in error.value.violations}
