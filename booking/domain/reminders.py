"""Sunday-evening reminders (discard-league-2026 §3: "on Sunday evening the bot reminds of agreements
not finished"; §6.1). Pure: the due reminders are computed from ``now``, never from a clock.

Decisions (docs/rules.md ``schedule.reminder.*``):

* The reminder instant is a weekly local time of the club (``ReminderSchedule``: Sunday 19:00 by
  default), configured per club, computed in the club's IANA zone with ``zoneinfo`` so 19:00 stays 19:00
  across a DST change. The instants of a match are those inside its play window.
* A match is due at the latest of its instants that is not after ``now``, while its window is still
  open, and only when it is not agreed: no booked meetings covering all its games (a booked meeting for
  the whole match, or booked parts whose games together are all of them). An engine that was down over
  an instant reminds late, once; of several missed instants only the latest is reminded.
* A reminder says who still has to act, never anyone's intervals: the players who have not answered;
  once everyone answered, those who have not confirmed the leading proposal (the live proposal with the
  most valid confirmations, the earliest on a tie); without a proposal, everyone.
* One reminder per match and instant: the storage's unique constraint makes a restart or a second
  replica record it once.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from booking.domain.intervals import Interval
from booking.domain.scheduling import (
    Availability,
    Confirmation,
    Match,
    Meeting,
    MeetingStatus,
    confirmed_by,
    everyone_answered,
)
from rondo_runtime import text
from rondo_runtime.validation import Violations

SUNDAY = 7  # ISO weekday
DEFAULT_WEEKDAY = SUNDAY
DEFAULT_TIME = time(19, 0)
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class ReminderSchedule:
    """When a club's reminders fall: an ISO weekday (1 Monday .. 7 Sunday) at a local time."""

    weekday: int = DEFAULT_WEEKDAY
    at: time = DEFAULT_TIME

    def describe(self) -> str:
        return f"{WEEKDAYS[self.weekday - 1]} {self.at:%H:%M}"


class ReminderReason(enum.StrEnum):
    WAITING_FOR_ANSWERS = "waiting_for_answers"  # someone has not marked availability
    NO_PROPOSAL = "no_proposal"  # everyone answered; nobody proposed a meeting (or no common option)
    WAITING_FOR_CONFIRMATIONS = "waiting_for_confirmations"  # a proposal lacks confirmations


@dataclass(frozen=True)
class DueReminder:
    """What the engine reminds: the match, the instant, who still has to act and why, the window."""

    match_id: str
    match_key: str
    club_id: str
    due_at: datetime
    window: Interval
    player_ids: tuple[str, ...]
    reason: ReminderReason


@dataclass(frozen=True)
class Reminder:
    """A recorded reminder and its delivery: published into the event log (when), acknowledged by the
    bot (when, by whom)."""

    id: str
    due: DueReminder
    created_at: datetime
    published_at: datetime | None = None
    acknowledged_at: datetime | None = None
    acknowledged_by: str = ""


@dataclass(frozen=True)
class MatchState:
    """What the rule reads of one match: its players' answers, meetings and confirmations."""

    match: Match
    answers: Mapping[str, Availability]
    meetings: Sequence[Meeting]
    confirmations: Sequence[Confirmation]


def validate_schedule(weekday: int, local_time: str) -> ReminderSchedule:
    """``weekday`` 0 = Sunday (the default), else ISO 1..7; ``local_time`` "HH:MM", "" = 19:00."""
    v = Violations()
    day = weekday or DEFAULT_WEEKDAY
    if not 1 <= day <= 7:
        v.add("weekday", f"an ISO weekday from 1 (Monday) to 7 (Sunday), got {weekday}")
    at = DEFAULT_TIME
    raw = local_time.strip()
    if raw:
        try:
            if len(raw) != 5 or raw[2] != ":":
                raise ValueError(raw)
            at = time(int(raw[:2]), int(raw[3:]))
        except ValueError:
            v.add("local_time", f"a local time as HH:MM, e.g. 19:00, got {text.echo(raw)}")
    v.raise_if_any()
    return ReminderSchedule(day, at)


def reminder_instants(window: Interval, zone: ZoneInfo, schedule: ReminderSchedule) -> list[datetime]:
    """Every instant of the schedule inside ``[window.start, window.end)``: the weekday's local time in
    ``zone`` (so 19:00 is 19:00 local in summer and in winter), in UTC order."""
    first = window.start.astimezone(zone).date()
    last = window.end.astimezone(zone).date()
    day = first + timedelta(days=(schedule.weekday - first.isoweekday()) % 7)
    out = []
    while day <= last:
        local = datetime.combine(day, schedule.at, tzinfo=zone)
        instant = local.astimezone(window.start.tzinfo)
        if window.start <= instant < window.end:
            out.append(instant)
        day += timedelta(days=7)
    return out


def latest_due_instant(window: Interval, zone: ZoneInfo, schedule: ReminderSchedule, now: datetime) -> datetime | None:
    """The latest instant not after ``now``, while the window is still open (None: nothing due)."""
    if not now < window.end:
        return None
    due = [t for t in reminder_instants(window, zone, schedule) if t <= now]
    return due[-1] if due else None


def booked_games(meetings: Iterable[Meeting]) -> tuple[bool, frozenset[int]]:
    """(a booked meeting covers the whole match, the games booked meetings cover)."""
    whole, games = False, set[int]()
    for m in meetings:
        if m.status is MeetingStatus.BOOKED:
            whole = whole or not m.hanchans
            games.update(m.hanchans)
    return whole, frozenset(games)


def match_agreed(match: Match, meetings: Iterable[Meeting]) -> bool:
    """Agreed: booked meetings cover every game of the match (one for all of it, or parts)."""
    whole, games = booked_games(meetings)
    return whole or games >= set(range(1, match.games + 1))


def players_to_act(state: MatchState) -> tuple[ReminderReason, tuple[str, ...]]:
    match, answers = state.match, state.answers
    if not everyone_answered(match, answers):
        pending = tuple(p for p in match.player_ids if p not in answers or answers[p].version == 0)
        return ReminderReason.WAITING_FOR_ANSWERS, pending
    live = [m for m in state.meetings if m.status is MeetingStatus.PROPOSED]
    if not live:
        return ReminderReason.NO_PROPOSAL, match.player_ids
    ranked = sorted(live, key=lambda m: (-len(confirmed_by(m, state.confirmations, answers)), m.slot.start, m.id))
    done = set(confirmed_by(ranked[0], state.confirmations, answers))
    return ReminderReason.WAITING_FOR_CONFIRMATIONS, tuple(p for p in match.player_ids if p not in done)


def due_reminder(state: MatchState, zone: ZoneInfo, schedule: ReminderSchedule, now: datetime) -> DueReminder | None:
    """The reminder due for this match at ``now``, if any (docs/rules.md schedule.reminder.sunday-evening)."""
    match = state.match
    due_at = latest_due_instant(match.window, zone, schedule, now)
    if due_at is None or match_agreed(match, state.meetings):
        return None
    reason, players = players_to_act(state)
    return DueReminder(match.id, match.key, match.club_id, due_at, match.window, players, reason)
