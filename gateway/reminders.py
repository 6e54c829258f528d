"""Publishing reminders for the bot (discard-league-2026 §3; docs/rules.md schedule.reminder.*).

The gateway's periodic task (``ReminderPublisher.run``, started with the gateway) asks booking what is
due now (booking records each reminder once per match and instant, with its own clock), appends one
``reminder.due`` event per reminder to the event log (at most once: the event's ``once_key``), then
tells booking they are published. A crash between the two steps republishes nothing twice: the next
run finds the event in the log and only marks it. The bot reads the log whenever it is connected and
acknowledges what it delivered; nothing here waits for it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from prometheus_client import Counter

from gateway.domain.deadline import Deadline
from gateway.event_payloads import payload_of
from gateway.service import every_page
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import competitions_pb2, events_pb2, reminders_pb2
from rondo_runtime.errors import RondoError
from rondo_runtime.match_key import competition_of

if TYPE_CHECKING:
    from gateway.service import GatewayService

log = logging.getLogger(__name__)
REMINDER_EVENTS = Counter("rondo_gateway_reminder_events_total", "reminder.due events appended to the event log.")


class ReminderPublisher:
    def __init__(self, gateway: GatewayService):
        self.gateway = gateway

    async def _names(self, competition_id: str, deadline: Deadline) -> dict[str, str]:
        """Player names from league; ids only when league does not know the competition or is away
        (a reminder never waits for league)."""
        try:
            players = await every_page(
                self.gateway.league,
                "ListPlayers",
                competitions_pb2.ListPlayersRequest(competition_id=competition_id, include_inactive=True),
                "players",
                deadline.timeout(),
            )
        except RondoError:
            return {}
        return {p.id: p.name for p in players}

    async def publish_due(self, deadline: float | None = None) -> reminders_pb2.ListRemindersResponse:
        """Records and publishes what is due now; answers the reminders published by this run."""
        clock = Deadline(deadline)
        due = await self.gateway.booking("RecordDueReminders", booking_pb2.RecordDueRemindersRequest(), clock.timeout())
        if not due.reminders:
            return reminders_pb2.ListRemindersResponse()
        names: dict[str, dict[str, str]] = {}
        for r in due.reminders:
            competition_id = competition_of(r.match_key)
            if competition_id not in names:
                names[competition_id] = await self._names(competition_id, clock)
            kind, stored = payload_of(
                events_pb2.ReminderDueEvent(
                    match_key=r.match_key,
                    club_id=r.club_id,
                    due_at=r.due_at,
                    window_start=r.window.start,
                    window_end=r.window.end,
                    reason=r.reason,
                    players=[events_pb2.EventPlayer(id=pid, name=names[competition_id].get(pid, pid)) for pid in r.player_ids],
                )
            )
            appended = await asyncio.to_thread(
                self.gateway.events.append_once, kind, competition_id, r.id, f"{kind}:{r.id}", **stored
            )
            if appended:
                REMINDER_EVENTS.inc()
        return await self.gateway.booking(
            "MarkRemindersPublished",
            booking_pb2.MarkRemindersPublishedRequest(reminder_ids=[r.id for r in due.reminders]),
            clock.timeout(),
        )

    async def run(self, interval_seconds: float) -> None:
        """Publishes what is due every ``interval_seconds`` until cancelled; a failed run (booking
        unreachable) is logged and tried again at the next tick."""
        while True:
            try:
                published = await self.publish_due()
                if published.reminders:
                    log.info("reminders published", extra={"count": len(published.reminders)})
            except RondoError as error:
                log.warning("reminders not published this time", extra={"error": f"{type(error).__name__}: {error}"})
            await asyncio.sleep(interval_seconds)
