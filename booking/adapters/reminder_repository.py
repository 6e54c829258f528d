"""Loads and stores reminders (docs/rules.md schedule.reminder.*): each club's reminder instant, the
matches whose window is open, and the reminders recorded once per match and instant."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime, time
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import col, select

from booking.adapters.repository import BookingRepository, _utc
from booking.adapters.tables import MatchRow, ReminderRow, ReminderScheduleRow
from booking.domain.intervals import Interval
from booking.domain.reminders import DueReminder, Reminder, ReminderReason, ReminderSchedule
from booking.domain.scheduling import Match
from rondo_runtime import paging


class ReminderRepository(BookingRepository):
    """The booking repository plus the reminder tables (one unit of work sees both)."""

    def reminder_schedule(self, club_id: str) -> ReminderSchedule:
        row = self.session.get(ReminderScheduleRow, club_id)
        if row is None:
            return ReminderSchedule()
        hour, minute = (int(x) for x in row.local_time.split(":"))
        return ReminderSchedule(row.weekday, time(hour, minute))

    def set_reminder_schedule(self, club_id: str, schedule: ReminderSchedule, at: datetime) -> None:
        row = self.session.get(ReminderScheduleRow, club_id)
        if row is None:
            row = ReminderScheduleRow(
                club_id=club_id, weekday=schedule.weekday, local_time=f"{schedule.at:%H:%M}", updated_at=_utc(at)
            )
        else:
            row.weekday, row.local_time, row.updated_at = schedule.weekday, f"{schedule.at:%H:%M}", _utc(at)
        self.session.add(row)

    def open_matches(self, now: datetime) -> list[Match]:
        """Matches whose play window holds ``now``, by key."""
        rows = self.session.exec(
            select(MatchRow)
            .where(col(MatchRow.window_start) <= _utc(now), col(MatchRow.window_end) > _utc(now))
            .order_by(col(MatchRow.match_key))
        ).all()
        return [self._match(r) for r in rows]

    def has_reminder(self, match_id: str, due_at: datetime) -> bool:
        found = self.session.exec(
            select(ReminderRow.id).where(ReminderRow.match_id == match_id, ReminderRow.due_at == _utc(due_at))
        ).first()
        return found is not None

    def add_reminder(self, reminder: Reminder) -> bool:
        """Records it; False when the (match, instant) is already recorded (the unique constraint: a
        concurrent replica got there first). Only this insert is undone (a savepoint)."""
        due = reminder.due
        try:
            with self.session.begin_nested():
                self.session.add(
                    ReminderRow(
                        id=reminder.id,
                        match_id=due.match_id,
                        match_key=due.match_key,
                        club_id=due.club_id,
                        due_at=_utc(due.due_at),
                        window_start=_utc(due.window.start),
                        window_end=_utc(due.window.end),
                        reason=due.reason.value,
                        player_ids=json.dumps(list(due.player_ids)),
                        created_at=_utc(reminder.created_at),
                    )
                )
        except IntegrityError:
            return False
        return True

    def reminder(self, reminder_id: str) -> Reminder | None:
        row = self.session.get(ReminderRow, reminder_id)
        return None if row is None else self._reminder(row)

    def unpublished_reminders(self, now: datetime) -> list[Reminder]:
        """Recorded, not published yet, their window still open; by instant and match."""
        rows = self.session.exec(
            select(ReminderRow)
            .where(col(ReminderRow.published_at).is_(None), col(ReminderRow.window_end) > _utc(now))
            .order_by(col(ReminderRow.due_at), col(ReminderRow.match_key))
        ).all()
        return [self._reminder(r) for r in rows]

    def mark_published(self, reminder_id: str, at: datetime) -> None:
        row = self.session.get(ReminderRow, reminder_id)
        if row is not None and row.published_at is None:
            row.published_at = _utc(at)
            self.session.add(row)

    def acknowledge(self, reminder_id: str, by: str, at: datetime) -> None:
        row = self.session.get(ReminderRow, reminder_id)
        if row is not None and row.acknowledged_at is None:
            row.acknowledged_at, row.acknowledged_by = _utc(at), by
            self.session.add(row)

    def reminders(self, club_id: str, start: datetime, end: datetime, match_key_prefix: str = "") -> list[Reminder]:
        """The club's reminders due in ``[start, end)`` (optionally of matches whose key starts with
        the prefix), by instant, match key and id."""
        return self.reminder_page(club_id, start, end, match_key_prefix, None, None)

    def reminder_page(
        self, club_id: str, start: datetime, end: datetime, match_key_prefix: str, after: Sequence[Any] | None, limit: int | None
    ) -> list[Reminder]:
        """:meth:`reminders`, at most ``limit`` (None: every one) after the key ``after`` (a keyset page,
        ``rondo_runtime/paging.py``; the index ix_reminders_club_due)."""
        query = select(ReminderRow).where(
            ReminderRow.club_id == club_id, col(ReminderRow.due_at) >= _utc(start), col(ReminderRow.due_at) < _utc(end)
        )
        if match_key_prefix:
            query = query.where(col(ReminderRow.match_key).startswith(match_key_prefix, autoescape=True))
        order = (col(ReminderRow.due_at), col(ReminderRow.match_key), col(ReminderRow.id))
        return [self._reminder(r) for r in self.session.exec(paging.keyset(query, order, after, limit)).all()]

    @staticmethod
    def _reminder(row: ReminderRow) -> Reminder:
        due = DueReminder(
            match_id=row.match_id,
            match_key=row.match_key,
            club_id=row.club_id,
            due_at=_utc(row.due_at),
            window=Interval(_utc(row.window_start), _utc(row.window_end)),
            player_ids=tuple(json.loads(row.player_ids)),
            reason=ReminderReason(row.reason),
        )
        return Reminder(
            id=row.id,
            due=due,
            created_at=_utc(row.created_at),
            published_at=_utc(row.published_at) if row.published_at else None,
            acknowledged_at=_utc(row.acknowledged_at) if row.acknowledged_at else None,
            acknowledged_by=row.acknowledged_by or "",
        )
