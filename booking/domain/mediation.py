"""Mediation and time-outs of the Up&Down league, one against one (updown-league-2007 §8, §9.1). Pure:
every rule takes ``now``; nothing here reads a clock or storage.

A player who cannot agree a time with one opponent asks the referee (§9.1.1). Each of the two names 4
days of the next week, so at least one day is common; the game is on the earliest common day at 21:00
Moscow time unless both named another time (§9.1.1). The opponent has 3 days (stage 1) / 2 days (stage
2) to answer; without an answer the referee sets the time from the requester's days (§9.1.3). A player
asks for at most 4 opponents in stage 1 and 2 in stage 2, at most 2 requests open at once (§9.1.2); in
the First League only from round 2 (§9.1.2); none in the last 3 (stage 1) / 2 (stage 2) days of a stage
(§9.1.6). An absent player loses technically (§9.1.4); absences against 3 different opponents are
reported for removal (§9.1.4, then §10.4). Time-outs (§8): stage 1 any length, not while a mediation
against the player is open, all end two weeks before the stage ends and none in those two weeks; stage
2 up to 3 days, none in its last 3 days; a time-out blocks mediation requests against the player.

Decisions (docs/rules.md ``updown.mediation.*``, ``updown.timeout.*``) are stated at each rule.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from rondo_runtime import text
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, PermissionDenied
from rondo_runtime.validation import Violations

MEDIATION_ZONE = ZoneInfo("Europe/Moscow")  # §9.1.1 "21.00 мск"
DEFAULT_GAME_TIME = time(21, 0)
DAYS_EACH = 4  # §9.1.1: 4 of the 7 days of the next week each, so at least one is common
WEEK = 7
ANSWER_DAYS = {1: 3, 2: 2}  # §9.1.3
MAX_OPPONENTS = {1: 4, 2: 2}  # §9.1.2
MAX_OPEN = 2  # §9.1.2
CLOSED_LAST_DAYS = {1: 3, 2: 2}  # §9.1.6
STAGE_ONE_TIMEOUTS_END_BEFORE = timedelta(days=14)  # §8.1
STAGE_TWO_TIMEOUT_MAX_DAYS = 3  # §8.2
STAGE_TWO_TIMEOUTS_CLOSED_LAST_DAYS = 3  # §8.2
NO_SHOWS_FOR_REMOVAL = 3  # §9.1.4
STAGES = (1, 2)


class Division(enum.StrEnum):
    SUPER_LEAGUE = "super"
    FIRST_LEAGUE = "first"


class MediationStatus(enum.StrEnum):
    AWAITING_ANSWER = "awaiting_answer"
    SCHEDULED = "scheduled"
    PLAYED = "played"
    NO_SHOW = "no_show"


class Decision(enum.StrEnum):
    COMMON_DAY = "common_day"  # the opponent answered: the earliest common day
    REFEREE = "referee"  # no answer in time: the referee picked one of the requester's days


OPEN = (MediationStatus.AWAITING_ANSWER, MediationStatus.SCHEDULED)


@dataclass(frozen=True)
class StageCalendar:
    """One stage of one competition as mediation needs it (stored in booking: league keeps no dates).
    Days are Moscow dates; the stage runs from the start of ``starts_on`` to the end of ``ends_on``."""

    competition_id: str
    stage: int
    division: Division
    starts_on: date
    ends_on: date
    second_round_starts_on: date | None = None  # the First League's round 2 (§9.1.2)
    fixed_schedule: bool = False  # a stage 2 on a fixed schedule has no mediation (§9.1.2)

    @property
    def start(self) -> datetime:
        return moscow_midnight(self.starts_on)

    @property
    def end(self) -> datetime:
        return moscow_midnight(self.ends_on + timedelta(days=1))


@dataclass(frozen=True)
class Mediation:
    id: str
    competition_id: str
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    requested_at: datetime
    week_starts_on: date
    requester_days: tuple[date, ...]
    requester_time: time | None
    answer_due_at: datetime
    opponent_days: tuple[date, ...] = ()
    opponent_time: time | None = None
    status: MediationStatus = MediationStatus.AWAITING_ANSWER
    scheduled_at: datetime | None = None
    decided_by: Decision | None = None
    absent_ids: tuple[str, ...] = ()
    closed_at: datetime | None = None
    recorded_by: str = ""

    @property
    def open(self) -> bool:
        return self.status in OPEN

    @property
    def players(self) -> tuple[str, str]:
        return self.requester_id, self.opponent_id


@dataclass(frozen=True)
class Timeout:
    id: str
    competition_id: str
    stage: int
    player_id: str
    starts_on: date
    ends_on: date
    requested_at: datetime
    clipped: bool = False  # its end was moved to two weeks before the stage's end (§8.1)


# --- days and times ---
def moscow_midnight(day: date) -> datetime:
    return datetime.combine(day, time(0, 0), tzinfo=MEDIATION_ZONE)


def moscow_day(instant: datetime) -> date:
    return instant.astimezone(MEDIATION_ZONE).date()


def game_instant(day: date, at: time) -> datetime:
    """``day`` at ``at`` Moscow time, as an aware datetime."""
    return datetime.combine(day, at, tzinfo=MEDIATION_ZONE)


def next_week(now: datetime) -> date:
    """The Monday of the week after ``now``'s week, Moscow time (Decision: "the next week" is the
    calendar week Monday-Sunday after the request's week)."""
    today = moscow_day(now)
    return today + timedelta(days=WEEK - today.weekday())


def parse_day(v: Violations, field: str, raw: str) -> date | None:
    value = raw.strip()
    try:
        if len(value) != 10:
            raise ValueError(value)
        return date.fromisoformat(value)
    except ValueError:
        v.add(field, f"a date as YYYY-MM-DD, got {text.echo(value) if value else 'nothing'}")
        return None


def parse_time(v: Violations, field: str, raw: str) -> time | None:
    """ "" = no time named (21:00 applies); else "HH:MM"."""
    value = raw.strip()
    if not value:
        return None
    try:
        if len(value) != 5 or value[2] != ":":
            raise ValueError(value)
        return time(int(value[:2]), int(value[3:]))
    except ValueError:
        v.add(field, f"a Moscow time as HH:MM, e.g. 21:00, got {text.echo(value)}")
        return None


def agreed_time(requester: time | None, opponent: time | None) -> time:
    """21:00 Moscow unless both named the same other time (§9.1.1 "unless agreed otherwise")."""
    return requester if requester is not None and requester == opponent else DEFAULT_GAME_TIME


def validate_days(
    v: Violations, field: str, raw: Sequence[str], week: date, calendar: StageCalendar, at: time, now: datetime
) -> tuple[date, ...]:
    """Exactly 4 different days of the week starting ``week``, none after the stage, none whose game
    time (``at`` Moscow) has passed."""
    if len(raw) != DAYS_EACH:
        v.add(field, f"name exactly {DAYS_EACH} days of the week from {week.isoformat()}, got {len(raw)}")
        return ()
    days: list[date] = []
    for i, item in enumerate(raw):
        day = parse_day(v, f"{field}[{i}]", item)
        if day is None:
            continue
        if day in days:
            v.add(f"{field}[{i}]", f"{day.isoformat()} is named twice")
        elif not week <= day < week + timedelta(days=WEEK):
            last = week + timedelta(days=WEEK - 1)
            v.add(f"{field}[{i}]", f"{day.isoformat()} is not in the week {week.isoformat()} .. {last.isoformat()}")
        elif day > calendar.ends_on:
            v.add(f"{field}[{i}]", f"{day.isoformat()} is after the stage ends ({calendar.ends_on.isoformat()})")
        elif game_instant(day, at) <= now:
            v.add(f"{field}[{i}]", f"{day.isoformat()} {at:%H:%M} Moscow time has passed")
        days.append(day)
    return tuple(sorted(days))


# --- the request (docs/rules.md updown.mediation.*) ---
def check_request(
    calendar: StageCalendar,
    now: datetime,
    round_number: int,
    table: int,
    requester_id: str,
    opponent_id: str,
    mediations: Iterable[Mediation],
    timeouts: Iterable[Timeout],
) -> None:
    """FAILED_PRECONDITION naming the rule when the stage, the limits or a time-out forbid the request."""
    stage = calendar.stage
    if calendar.fixed_schedule:
        raise FailedPrecondition(
            f"stage {stage} is played on a fixed schedule: there is no mediation (updown-league-2007 §9.1.2)"
        )
    if now < calendar.start:
        raise FailedPrecondition(f"stage {stage} starts on {calendar.starts_on.isoformat()}: no mediation before it")
    if now >= calendar.end:
        raise FailedPrecondition(f"stage {stage} ended on {calendar.ends_on.isoformat()}")
    closes = calendar.end - timedelta(days=CLOSED_LAST_DAYS[stage])
    if now >= closes:
        raise FailedPrecondition(
            f"requests are not considered in the last {CLOSED_LAST_DAYS[stage]} days of stage {stage} "
            f"(from {_moscow(closes)} Moscow time; updown-league-2007 §9.1.6)"
        )
    if calendar.division is Division.FIRST_LEAGUE:
        second = calendar.second_round_starts_on
        if second is None or now < moscow_midnight(second):
            since = f" (from {second.isoformat()})" if second else ""
            raise FailedPrecondition(f"in the First League mediation starts with round 2{since} (updown-league-2007 §9.1.2)")
    week = next_week(now)
    for t in timeouts:
        if t.player_id == opponent_id and t.starts_on <= week + timedelta(days=WEEK - 1) and t.ends_on >= moscow_day(now):
            raise FailedPrecondition(
                f"{opponent_id} has a time-out from {t.starts_on.isoformat()} to {t.ends_on.isoformat()}: no mediation "
                "request against him until it ends (updown-league-2007 §8.1)"
            )
    everything = list(mediations)
    for m in everything:
        if (m.stage, m.round, m.table) == (stage, round_number, table):
            raise FailedPrecondition(f"this game (round {round_number}, table {table}) already has a mediation ({m.id})")
    still_open = [m for m in everything if m.requester_id == requester_id and m.open]
    if len(still_open) >= MAX_OPEN:
        raise FailedPrecondition(
            f"{requester_id} already has {len(still_open)} mediation requests open; a new one after one of them is "
            f"played (at most {MAX_OPEN} at once, updown-league-2007 §9.1.2)"
        )
    asked = sorted({m.opponent_id for m in everything if m.requester_id == requester_id and m.stage == stage})
    if opponent_id not in asked and len(asked) >= MAX_OPPONENTS[stage]:
        raise FailedPrecondition(
            f"{requester_id} already asked for mediation with {len(asked)} opponents in stage {stage} "
            f"({', '.join(asked)}): at most {MAX_OPPONENTS[stage]} (updown-league-2007 §9.1.2)"
        )


def new_mediation(
    mediation_id: str,
    calendar: StageCalendar,
    round_number: int,
    table: int,
    requester_id: str,
    opponent_id: str,
    days: tuple[date, ...],
    at: time | None,
    now: datetime,
) -> Mediation:
    return Mediation(
        id=mediation_id,
        competition_id=calendar.competition_id,
        stage=calendar.stage,
        round=round_number,
        table=table,
        requester_id=requester_id,
        opponent_id=opponent_id,
        requested_at=now,
        week_starts_on=next_week(now),
        requester_days=days,
        requester_time=at,
        answer_due_at=now + timedelta(days=ANSWER_DAYS[calendar.stage]),
    )


def answer(mediation: Mediation, player_id: str, days: tuple[date, ...], at: time | None, now: datetime) -> Mediation:
    """The opponent's 4 days: the game is set on the earliest common day still ahead, at 21:00 Moscow
    unless both named the same other time."""
    if player_id != mediation.opponent_id:
        raise PermissionDenied(f"only the opponent ({mediation.opponent_id}) answers mediation {mediation.id}")
    if mediation.status is not MediationStatus.AWAITING_ANSWER:
        raise FailedPrecondition(f"mediation {mediation.id} is {mediation.status.value.replace('_', ' ')}: nothing to answer")
    if now >= mediation.answer_due_at:
        raise FailedPrecondition(
            f"the answer was due by {_moscow(mediation.answer_due_at)} Moscow time; the referee now sets the time "
            "from the requester's days (updown-league-2007 §9.1.3)"
        )
    when = agreed_time(mediation.requester_time, at)
    common = [d for d in mediation.requester_days if d in days and game_instant(d, when) > now]
    if not common:
        left = [d.isoformat() for d in mediation.requester_days if game_instant(d, when) > now]
        raise FailedPrecondition(
            f"none of these days is one of the requester's days still ahead ({', '.join(left) or 'none'}); name one of them"
        )
    return dataclasses.replace(
        mediation,
        opponent_days=days,
        opponent_time=at,
        status=MediationStatus.SCHEDULED,
        scheduled_at=game_instant(common[0], when),
        decided_by=Decision.COMMON_DAY,
    )


def referee_decision(mediation: Mediation, day: date | None, now: datetime) -> Mediation:
    """After the answer deadline: the referee sets the game on one of the requester's days still ahead
    (Decision: by default the earliest), at the requester's time or 21:00 Moscow."""
    if mediation.status is not MediationStatus.AWAITING_ANSWER:
        raise FailedPrecondition(f"mediation {mediation.id} is {mediation.status.value.replace('_', ' ')}: nothing to decide")
    if now < mediation.answer_due_at:
        raise FailedPrecondition(
            f"the opponent may answer until {_moscow(mediation.answer_due_at)} Moscow time (updown-league-2007 §9.1.3)"
        )
    at = mediation.requester_time or DEFAULT_GAME_TIME
    if day is not None and day not in mediation.requester_days:
        days = ", ".join(d.isoformat() for d in mediation.requester_days)
        raise InvalidArgument.single("day", f"the referee picks one of the requester's days: {days}")
    ahead = [d for d in mediation.requester_days if game_instant(d, at) > now]
    if day is None:
        if not ahead:
            raise FailedPrecondition("every day the requester named has passed")
        day = ahead[0]
    elif day not in ahead:
        raise FailedPrecondition(f"{day.isoformat()} {at:%H:%M} Moscow time has passed; pick a later day of the requester's")
    return dataclasses.replace(
        mediation, status=MediationStatus.SCHEDULED, scheduled_at=game_instant(day, at), decided_by=Decision.REFEREE
    )


# --- the game (docs/rules.md updown.mediation.no-show-technical-loss) ---
def record_outcome(mediation: Mediation, absent_ids: Sequence[str], recorded_by: str, now: datetime) -> Mediation:
    """The mediated game was played (nobody absent) or someone did not come (a no-show)."""
    if mediation.status is not MediationStatus.SCHEDULED or mediation.scheduled_at is None:
        raise FailedPrecondition(f"mediation {mediation.id} is {mediation.status.value.replace('_', ' ')}, not a scheduled game")
    v = Violations()
    for i, pid in enumerate(absent_ids):
        if pid not in mediation.players:
            v.add(f"absent_player_ids[{i}]", f"{text.echo(pid)} does not play this game")
    if len(set(absent_ids)) != len(absent_ids):
        v.add("absent_player_ids", "a player is listed twice")
    v.raise_if_any()
    if absent_ids and now < mediation.scheduled_at:
        raise FailedPrecondition(f"the game is at {_moscow(mediation.scheduled_at)} Moscow time: a no-show is recorded after it")
    status = MediationStatus.NO_SHOW if absent_ids else MediationStatus.PLAYED
    ordered = tuple(p for p in mediation.players if p in absent_ids)
    return dataclasses.replace(mediation, status=status, absent_ids=ordered, closed_at=now, recorded_by=recorded_by)


def technical_result(first_id: str, second_id: str, absent: Iterable[str]) -> str:
    """League's game result for a no-show (the pairing's order): ``+/-`` the second absent, ``-/+`` the
    first, ``-/-`` both (updown-league-2007 §9.1.4: a technical loss, no other penalty)."""
    gone = set(absent)
    if gone == {first_id, second_id}:
        return "-/-"
    if gone == {second_id}:
        return "+/-"
    if gone == {first_id}:
        return "-/+"
    raise ValueError(f"absent players {sorted(gone)} are not of the pairing {first_id} - {second_id}")


def no_show_opponents(mediations: Iterable[Mediation], player_id: str) -> tuple[str, ...]:
    """The different opponents of the mediated games ``player_id`` did not come to."""
    return tuple(
        sorted(
            {
                m.opponent_id if m.requester_id == player_id else m.requester_id
                for m in mediations
                if m.status is MediationStatus.NO_SHOW and player_id in m.absent_ids
            }
        )
    )


def removal_due(mediations: Sequence[Mediation], player_id: str) -> bool:
    """Absent against 3 different opponents: reported for removal (Decision: the organizer withdraws
    the player through league, which then applies §10.4; the engine never removes anyone itself)."""
    return len(no_show_opponents(mediations, player_id)) >= NO_SHOWS_FOR_REMOVAL


# --- time-outs (docs/rules.md updown.timeout.*) ---
def check_timeout(
    calendar: StageCalendar,
    now: datetime,
    player_id: str,
    starts_on: date,
    ends_on: date,
    mediations: Iterable[Mediation],
    timeouts: Iterable[Timeout],
) -> tuple[date, bool]:
    """The time-out's effective last day and whether it was cut, or FAILED_PRECONDITION naming the rule."""
    stage, today = calendar.stage, moscow_day(now)
    if starts_on < today:
        raise FailedPrecondition(f"starts_on {starts_on.isoformat()} has passed; a time-out starts today or later")
    if not calendar.starts_on <= starts_on <= calendar.ends_on:
        raise FailedPrecondition(
            f"stage {stage} runs from {calendar.starts_on.isoformat()} to {calendar.ends_on.isoformat()}: the time-out starts inside it"
        )
    clipped = False
    if stage == 1:
        last = calendar.ends_on - STAGE_ONE_TIMEOUTS_END_BEFORE  # the last day a stage-1 time-out covers
        if today > last or starts_on > last:
            raise FailedPrecondition(
                f"no time-outs in the last two weeks of stage 1 (from {(last + timedelta(days=1)).isoformat()}; "
                "updown-league-2007 §8.1)"
            )
        against = [m for m in mediations if m.opponent_id == player_id and m.open]
        if against:
            raise FailedPrecondition(
                f"a mediation request against {player_id} is open ({against[0].id}, asked by {against[0].requester_id}): "
                "no time-out now (updown-league-2007 §8.1)"
            )
        if ends_on > last:
            ends_on, clipped = last, True
    else:
        if (ends_on - starts_on).days + 1 > STAGE_TWO_TIMEOUT_MAX_DAYS:
            raise InvalidArgument.single(
                "ends_on", f"a stage-2 time-out is at most {STAGE_TWO_TIMEOUT_MAX_DAYS} days (updown-league-2007 §8.2)"
            )
        last = calendar.ends_on - timedelta(days=STAGE_TWO_TIMEOUTS_CLOSED_LAST_DAYS)
        if ends_on > last:
            raise FailedPrecondition(
                f"no time-outs in the last {STAGE_TWO_TIMEOUTS_CLOSED_LAST_DAYS} days of stage 2 "
                f"(from {(last + timedelta(days=1)).isoformat()}; updown-league-2007 §8.2)"
            )
    for t in timeouts:
        if t.player_id == player_id and t.stage == stage and t.starts_on <= ends_on and starts_on <= t.ends_on:
            raise FailedPrecondition(
                f"{player_id} already has a time-out from {t.starts_on.isoformat()} to {t.ends_on.isoformat()}"
            )
    return ends_on, clipped


def _moscow(instant: datetime) -> str:
    return f"{instant.astimezone(MEDIATION_ZONE):%Y-%m-%d %H:%M}"
