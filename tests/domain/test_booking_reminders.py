"""Sunday-evening reminders as pure rules (discard-league-2026 §3, §6.1): the instants in the club's
zone across DST, what is due at ``now``, when a match is agreed, who still has to act."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from booking.domain.intervals import Interval
from booking.domain.reminders import (
    MatchState,
    ReminderReason,
    ReminderSchedule,
    due_reminder,
    latest_due_instant,
    match_agreed,
    players_to_act,
    reminder_instants,
    validate_schedule,
)
from booking.domain.scheduling import Availability, Confirmation, Match, Meeting, MeetingStatus
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

KIROV, BERLIN = ZoneInfo("Europe/Kirov"), ZoneInfo("Europe/Berlin")
PLAYERS = ("p1", "p2", "p3", "p4")


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


def match(window: Interval, games: int = 3) -> Match:
    return Match("m1", "c/1/1/1", "club", PLAYERS, window, 90, games)


def meeting(mid: str, hanchans: tuple[int, ...], status: MeetingStatus = MeetingStatus.BOOKED, day: int = 3) -> Meeting:
    start = utc(2026, 3, day, 16)
    return Meeting(mid, "m1", Interval(start, start + timedelta(hours=4)), hanchans, "p1", status)


@pytest.mark.rule("schedule.reminder.sunday-evening")
def test_default_is_sunday_19_00_in_the_club_zone_kirov():
    window = Interval(utc(2026, 3, 2), utc(2026, 3, 16))  # Monday .. Monday, two weeks
    instants = reminder_instants(window, KIROV, ReminderSchedule())
    assert instants == [utc(2026, 3, 8, 16), utc(2026, 3, 15, 16)]  # Kirov is UTC+3 all year
    assert all(t.astimezone(KIROV).isoweekday() == 7 and t.astimezone(KIROV).time() == time(19, 0) for t in instants)


@pytest.mark.rule("schedule.reminder.sunday-evening")
def test_19_00_local_holds_across_the_dst_change_in_berlin():
    window = Interval(utc(2026, 3, 16), utc(2026, 4, 6))  # Berlin moves to summer time on Sunday 29 March
    instants = reminder_instants(window, BERLIN, ReminderSchedule())
    assert instants == [utc(2026, 3, 22, 18), utc(2026, 3, 29, 17), utc(2026, 4, 5, 17)]
    assert [t.astimezone(BERLIN).strftime("%a %H:%M %Z") for t in instants] == [
        "Sun 19:00 CET",
        "Sun 19:00 CEST",
        "Sun 19:00 CEST",
    ]
    autumn = reminder_instants(Interval(utc(2026, 10, 12), utc(2026, 10, 26)), BERLIN, ReminderSchedule())
    assert [t.astimezone(BERLIN).strftime("%H:%M %Z") for t in autumn] == [
        "19:00 CEST",
        "19:00 CET",
    ]  # back to CET on Sunday 25 October


@pytest.mark.rule("schedule.reminder.configurable-per-club")
def test_a_club_configures_another_weekday_and_time():
    schedule = validate_schedule(5, "20:30")
    assert schedule == ReminderSchedule(5, time(20, 30)) and schedule.describe() == "Friday 20:30"
    assert validate_schedule(0, "") == ReminderSchedule()  # unset: Sunday 19:00
    assert reminder_instants(Interval(utc(2026, 3, 2), utc(2026, 3, 9)), KIROV, schedule) == [utc(2026, 3, 6, 17, 30)]
    with pytest.raises(InvalidArgument) as error:
        validate_schedule(8, "7pm")
    assert {v.field for v in error.value.violations} == {"weekday", "local_time"}


@pytest.mark.rule("schedule.reminder.sunday-evening")
def test_what_is_due_now_the_latest_instant_while_the_window_is_open():
    window = Interval(utc(2026, 3, 2), utc(2026, 3, 16))
    s = ReminderSchedule()
    assert latest_due_instant(window, KIROV, s, utc(2026, 3, 8, 15, 59)) is None  # a minute early
    assert latest_due_instant(window, KIROV, s, utc(2026, 3, 8, 16)) == utc(2026, 3, 8, 16)  # on the dot
    assert latest_due_instant(window, KIROV, s, utc(2026, 3, 11)) == utc(2026, 3, 8, 16)  # late: still that one
    assert latest_due_instant(window, KIROV, s, utc(2026, 3, 15, 23)) == utc(2026, 3, 15, 16)  # two missed: the latest
    assert latest_due_instant(window, KIROV, s, utc(2026, 3, 16)) is None  # the window closed


@pytest.mark.rule("schedule.reminder.not-agreed-only")
def test_agreed_means_booked_meetings_cover_every_game():
    m = match(Interval(utc(2026, 3, 2), utc(2026, 3, 9)))
    assert not match_agreed(m, [])
    assert match_agreed(m, [meeting("a", ())])  # the whole match
    assert not match_agreed(m, [meeting("a", (1, 2))])  # game 3 still open
    assert match_agreed(m, [meeting("a", (1, 2)), meeting("b", (3,), day=4)])  # split over two meetings
    assert not match_agreed(m, [meeting("a", (), MeetingStatus.PROPOSED), meeting("b", (), MeetingStatus.CANCELLED)])
    final = match(m.window, games=5)
    assert not match_agreed(final, [meeting("a", (1, 2, 3))]) and match_agreed(final, [meeting("a", (1, 2, 3, 4, 5))])


@pytest.mark.rule("schedule.reminder.who-has-to-act")
def test_who_still_has_to_act_never_anyones_intervals():
    m = match(Interval(utc(2026, 3, 2), utc(2026, 3, 9)))
    free = (Interval(utc(2026, 3, 3, 15), utc(2026, 3, 3, 21)),)
    answers = {p: Availability(p, 1, free) for p in ("p1", "p3")}
    assert players_to_act(MatchState(m, answers, (), ())) == (ReminderReason.WAITING_FOR_ANSWERS, ("p2", "p4"))
    answers = {p: Availability(p, 1, free) for p in PLAYERS}
    assert players_to_act(MatchState(m, answers, (), ())) == (ReminderReason.NO_PROPOSAL, PLAYERS)
    a, b = meeting("a", (), MeetingStatus.PROPOSED), meeting("b", (), MeetingStatus.PROPOSED, day=4)
    votes = [Confirmation("a", "p1", 1), Confirmation("b", "p2", 1), Confirmation("b", "p3", 1), Confirmation("b", "p4", 0)]
    # b leads with p2 and p3 (p4's confirmation was given with an older answer: void)
    assert players_to_act(MatchState(m, answers, (a, b), votes)) == (ReminderReason.WAITING_FOR_CONFIRMATIONS, ("p1", "p4"))


@pytest.mark.rule("schedule.reminder.not-agreed-only")
def test_due_reminder_for_a_match_not_agreed_and_none_for_an_agreed_one():
    window = Interval(utc(2026, 3, 2), utc(2026, 3, 9))
    now = utc(2026, 3, 8, 16, 5)
    due = due_reminder(MatchState(match(window), {}, (), ()), KIROV, ReminderSchedule(), now)
    assert due is not None
    assert (due.match_key, due.due_at, due.window, due.player_ids) == ("c/1/1/1", utc(2026, 3, 8, 16), window, PLAYERS)
    booked = MatchState(match(window), {}, (meeting("a", ()),), ())
    assert due_reminder(booked, KIROV, ReminderSchedule(), now) is None
