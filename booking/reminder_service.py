"""Reminder use cases (discard-league-2026 §3, §6.1; docs/rules.md schedule.reminder.*): each club's
reminder instant, recording what is due now (with the injected clock), marking what the gateway
published into its event log, the bot's acknowledgement, and the organizer's delivery log.

Who calls whom: the gateway's periodic task asks booking to record what is due (``record_due``), appends
one ``reminder.due`` event per reminder, then tells booking they were published (``mark_published``).
Booking never calls the gateway; nothing depends on the bot being connected.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import TypeVar

from prometheus_client import Counter

from booking.adapters.reminder_repository import ReminderRepository
from booking.domain.model import Club
from booking.domain.reminders import MatchState, Reminder, ReminderSchedule, due_reminder, validate_schedule
from booking.domain.scheduling import validate_window
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.paging import WHOLE_LIST, Key, Page, after_time, time_key
from rondo_runtime.text import MAX_NAME_LENGTH
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

T = TypeVar("T")
MAX_LIST_SPAN = timedelta(days=366)
MAX_MARK = 1000  # reminder ids per MarkRemindersPublished

REMINDERS_RECORDED = Counter("rondo_booking_reminders_recorded_total", "Reminders recorded as due (once per match and instant).")
REMINDERS_PUBLISHED = Counter(
    "rondo_booking_reminders_published_total", "Reminders the gateway published into its event log for the bot."
)
REMINDERS_ACKNOWLEDGED = Counter("rondo_booking_reminders_acknowledged_total", "Reminders the bot acknowledged.")


def reminder_key(r: Reminder) -> Key:
    """Reminders are listed by instant, then match (then id)."""
    return (*time_key(r.due.due_at, r.due.match_key), r.id)


def _now() -> datetime:
    return datetime.now(UTC)


class ReminderService:
    def __init__(self, uow: UnitOfWork[ReminderRepository], clock: Callable[[], datetime] = _now):
        self.uow = uow
        self.clock = clock

    @staticmethod
    def _club(repo: ReminderRepository, club_id: str) -> Club:
        club = repo.club(club_id)
        if club is None:
            raise NotFound.because("CLUB_NOT_FOUND", club_id=club_id)
        return club

    def set_schedule(self, club_id: str, weekday: int, local_time: str) -> ReminderSchedule:
        """The club's weekly reminder instant in its own zone (weekday 0 / time "": Sunday 19:00)."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        v.raise_if_any()
        schedule = validate_schedule(weekday, local_time)

        def work(repo: ReminderRepository) -> ReminderSchedule:
            self._club(repo, club_id)
            repo.set_reminder_schedule(club_id, schedule, self.clock())
            return schedule

        return self.uow.write(work)

    def get_schedule(self, club_id: str) -> ReminderSchedule:
        v = Violations()
        club_id = v.id("club_id", club_id)
        v.raise_if_any()

        def work(repo: ReminderRepository) -> ReminderSchedule:
            self._club(repo, club_id)
            return repo.reminder_schedule(club_id)

        return self.uow.read(work)

    def record_due(self) -> list[Reminder]:
        """Records every reminder due now (docs/rules.md schedule.reminder.sunday-evening) and answers
        every recorded reminder not published yet whose window is still open: a publication that failed
        half-way is retried, and one already recorded by another replica is not recorded again."""
        now = self.clock()

        def work(repo: ReminderRepository) -> tuple[list[Reminder], int]:
            recorded = 0
            clubs: dict[str, tuple[Club, ReminderSchedule]] = {}
            for match in repo.open_matches(now):
                if match.club_id not in clubs:
                    clubs[match.club_id] = (self._club(repo, match.club_id), repo.reminder_schedule(match.club_id))
                club, schedule = clubs[match.club_id]
                # cheap first: is an instant due at all, and is it recorded already?
                state = MatchState(match, {}, (), ())
                probe = due_reminder(state, club.zone, schedule, now)
                if probe is None or repo.has_reminder(match.id, probe.due_at):
                    continue
                state = MatchState(match, repo.availabilities(match.id), repo.meetings(match.id), repo.confirmations(match.id))
                due = due_reminder(state, club.zone, schedule, now)
                if due is not None and repo.add_reminder(Reminder(str(uuid.uuid4()), due, now)):
                    recorded += 1
            return repo.unpublished_reminders(now), recorded

        pending, recorded = self.uow.write(work)
        REMINDERS_RECORDED.inc(recorded)
        return pending

    def mark_published(self, reminder_ids: Sequence[str]) -> list[Reminder]:
        """The gateway appended these reminders to its event log: their publication time is now (the
        first time only; marking again changes nothing)."""
        v = Violations()
        if len(reminder_ids) > MAX_MARK:
            v.add("reminder_ids", f"at most {MAX_MARK} at a time, got {len(reminder_ids)}")
        ids = [v.id(f"reminder_ids[{i}]", rid) for i, rid in enumerate(reminder_ids[:MAX_MARK])]
        v.raise_if_any()
        now = self.clock()

        def work(repo: ReminderRepository) -> tuple[list[Reminder], int]:
            out, newly = [], 0
            for rid in dict.fromkeys(ids):
                found = repo.reminder(rid)
                if found is None:
                    raise NotFound.because("REMINDER_NOT_FOUND", reminder_id=rid)
                if found.published_at is None:
                    repo.mark_published(rid, now)
                    newly += 1
                out.append(repo.reminder(rid))
            return [r for r in out if r is not None], newly

        done, newly = self.uow.write(work)
        REMINDERS_PUBLISHED.inc(newly)
        return done

    def acknowledge(self, reminder_id: str, acknowledged_by: str) -> Reminder:
        """The bot delivered it: when and by whom (the first acknowledgement is kept)."""
        v = Violations()
        reminder_id = v.id("reminder_id", reminder_id)
        by = v.name("acknowledged_by", acknowledged_by, "say who acknowledges (the bot's name)", MAX_NAME_LENGTH)
        v.raise_if_any()
        now = self.clock()

        def work(repo: ReminderRepository) -> tuple[Reminder, bool]:
            found = repo.reminder(reminder_id)
            if found is None:
                raise NotFound.because("REMINDER_NOT_FOUND", reminder_id=reminder_id)
            if found.published_at is None:
                raise FailedPrecondition.because("REMINDER_NOT_PUBLISHED", reminder_id=reminder_id)
            if found.acknowledged_at is not None:
                return found, False
            repo.acknowledge(reminder_id, by, now)
            again = repo.reminder(reminder_id)
            assert again is not None
            return again, True

        reminder, first = self.uow.write(work)
        if first:
            REMINDERS_ACKNOWLEDGED.inc()
        return reminder

    def list_reminders(
        self, club_id: str, start: datetime | None, end: datetime | None, match_key_prefix: str = ""
    ) -> list[Reminder]:
        """The delivery log: the club's reminders due in ``[start, end)`` (at most a year)."""
        return self.reminder_page(club_id, start, end, match_key_prefix, WHOLE_LIST)[0]

    def reminder_page(
        self, club_id: str, start: datetime | None, end: datetime | None, match_key_prefix: str, page: Page
    ) -> tuple[list[Reminder], str]:
        """:meth:`list_reminders` by instant, match key and id, one keyset page read by the database."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        span = validate_window(v, start, end, "from", "to")
        if span is not None and span.length > MAX_LIST_SPAN:
            v.add("to", f"list at most {MAX_LIST_SPAN.days} days at a time")
        prefix = v.id("match_key_prefix", match_key_prefix, required=False)
        v.raise_if_any()
        assert span is not None

        after = after_time(page)

        def work(repo: ReminderRepository) -> list[Reminder]:
            self._club(repo, club_id)
            return repo.reminder_page(club_id, span.start, span.end, prefix, after, page.limit)

        return page.answer(self.uow.read(work), reminder_key)
