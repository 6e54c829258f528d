"""``rondo reminders``: a club's weekly reminder instant (who still has to act on a match that is not
agreed), the delivery log, publishing what is due now, and acknowledging a delivered reminder (what
the bot does)."""

from __future__ import annotations

import enum
from datetime import UTC, datetime, timedelta
from typing import Annotated

import typer
from google.protobuf.field_mask_pb2 import FieldMask
from google.protobuf.timestamp_pb2 import Timestamp
from rich.console import Console

from rondo.gateway.v1 import competitions_pb2, reminders_pb2
from rondo_app.client.calendar import club_zone, timestamp
from rondo_app.client.render import pairs, print_lines, table, when
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Session, Token, session

reminders = typer.Typer(no_args_is_help=True, help="Reminders: a club's schedule, the delivery log, publish what is due.")

Club = Annotated[str, typer.Argument(metavar="CLUB", help="The club's id.")]


class Weekday(enum.StrEnum):
    monday = "monday"
    tuesday = "tuesday"
    wednesday = "wednesday"
    thursday = "thursday"
    friday = "friday"
    saturday = "saturday"
    sunday = "sunday"


WEEKDAYS = list(Weekday)


def competition_names(s: Session) -> dict[str, str]:
    answer = s.all_pages("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=1000), "competitions")
    return {c.id: c.name for c in answer.competitions}


def match_label(match_key: str, competitions: dict[str, str]) -> str:
    """``<competition id>/<stage>/<round>/<table>`` as the organizer reads it: the competition's name."""
    competition, sep, rest = match_key.partition("/")
    return f"{competitions.get(competition, competition)} {rest}" if sep else match_key


def weekday_name(number: int) -> str:
    return WEEKDAYS[number - 1].value if 1 <= number <= 7 else "sunday"


@reminders.command("schedule")
def get_schedule(club: Club, address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """The club's weekly reminder instant, in its own time (Sunday 19:00 unless changed)."""
    with session(address, token, as_json) as s:
        s.show(s.call("GetReminderSchedule", reminders_pb2.GetReminderScheduleRequest(club_id=club)), render_schedule)


@reminders.command("set-schedule")
def update_schedule(
    club: Club,
    weekday: Annotated[Weekday | None, typer.Option("--weekday", help="The day of the week.", case_sensitive=False)] = None,
    local_time: Annotated[str | None, typer.Option("--time", metavar="HH:MM", help="The club's local time.")] = None,
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Change the weekday and/or the time reminders go out (only the options given change)."""
    paths = [p for p, given in (("weekday", weekday is not None), ("local_time", local_time is not None)) if given]
    schedule = reminders_pb2.ReminderSchedule(
        club_id=club,
        weekday=WEEKDAYS.index(weekday) + 1 if weekday is not None else 0,
        local_time=local_time or "",
    )
    with session(address, token, as_json) as s:
        request = reminders_pb2.UpdateReminderScheduleRequest(reminder_schedule=schedule, update_mask=FieldMask(paths=paths))
        s.show(s.call("UpdateReminderSchedule", request), render_schedule)


@reminders.command("publish")
def publish_due(address: Address = DEFAULT_ADDRESS, token: Token = "", as_json: Json = False) -> None:
    """Publish every reminder due now, in every club (as the gateway's timer does): `reminder.due` events."""
    with session(address, token, as_json) as s:
        answer = s.call("PublishDueReminders", reminders_pb2.PublishDueRemindersRequest())
        names = {} if as_json else competition_names(s)
        s.show(answer, lambda out, a: render_reminders(out, a.reminders, "published now", "", names))


@reminders.command("ack")
def acknowledge(
    reminder_id: Annotated[str, typer.Argument(metavar="REMINDER", help="The reminder's id (`rondo reminders list --json`).")],
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Say a reminder was delivered (what the bot does after posting it)."""
    with session(address, token, as_json) as s:
        answer = s.call("AcknowledgeReminder", reminders_pb2.AcknowledgeReminderRequest(reminder_id=reminder_id))
        names = {} if as_json else competition_names(s)
        s.show(answer, lambda out, r: render_reminders(out, [r], "acknowledged", "", names))


@reminders.command("list")
def list_reminders(
    club: Club,
    start: Annotated[
        str, typer.Option("--from", help="Due from (club time unless an offset is given; default: 30 days ago).")
    ] = "",
    end: Annotated[str, typer.Option("--to", help="Due before (default: 30 days ahead).")] = "",
    match_prefix: Annotated[
        str, typer.Option("--match", help="Only matches whose key starts with it (a competition's id).")
    ] = "",
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """The club's delivery log: each reminder due, published (when), acknowledged (when, by whom)."""
    with session(address, token, as_json) as s:
        zone = club_zone(s, club)
        now = datetime.now(UTC)
        request = reminders_pb2.ListRemindersRequest(
            club_id=club,
            match_key_prefix=match_prefix,
            page_size=1000,
            **{"from": timestamp(start, "--from", zone) if start else _stamp(now - timedelta(days=30))},
            to=timestamp(end, "--to", zone) if end else _stamp(now + timedelta(days=30)),
        )
        answer = s.all_pages("ListReminders", request, "reminders")
        names = {} if as_json else competition_names(s)
        s.show(answer, lambda out, a: render_reminders(out, a.reminders, "reminders", zone, names))


def _stamp(moment: datetime) -> Timestamp:
    stamp = Timestamp()
    stamp.FromDatetime(moment)
    return stamp


# ---- rendering


def render_schedule(out: Console, schedule: reminders_pb2.ReminderSchedule) -> None:
    rows = [("weekday", weekday_name(schedule.weekday)), ("time", schedule.local_time or "19:00")]
    out.print(pairs("reminder schedule (club time)", rows))


REASONS = {
    "waiting_for_answers": "waiting for availability answers",
    "no_proposal": "no meeting proposed",
    "waiting_for_confirmations": "waiting for confirmations",
}


def render_reminders(out: Console, listed, title: str, zone: str, competitions: dict[str, str]) -> None:
    if not listed:
        print_lines(out, [f"{title}: none"])
        return
    rows = [
        (
            match_label(r.match_key, competitions),
            when(r.due_at, zone),
            REASONS.get(r.reason, r.reason),
            len(r.player_ids),
            when(r.published_at, zone),
            when(r.acknowledged_at, zone) + (f" by {r.acknowledged_by}" if r.acknowledged_by else ""),
        )
        for r in listed
    ]
    out.print(
        table(
            title,
            ("match (competition stage/round/table)", "due", "why", "players", "published", "acknowledged"),
            rows,
            right=("players",),
        )
    )
