"""BookingService's reminder and mediation RPCs over gRPC: protobuf <-> domain, nothing else."""

from __future__ import annotations

import asyncio
from datetime import datetime

from booking.domain.mediation import Mediation, MediationStatus, StageCalendar, Timeout
from booking.domain.reminders import Reminder, ReminderSchedule
from booking.grpc_api import _at, interval_to_proto
from booking.grpc_api import _ts as _timestamp
from booking.mediation_service import MediationService
from booking.reminder_service import ReminderService
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import mediation_pb2, reminders_pb2
from rondo_runtime.paging import TIME_KEY, page_request


def _ts(value: datetime | None):
    return None if value is None else _timestamp(value)


def schedule_to_proto(club_id: str, s: ReminderSchedule) -> reminders_pb2.ReminderSchedule:
    return reminders_pb2.ReminderSchedule(club_id=club_id, weekday=s.weekday, local_time=f"{s.at:%H:%M}")


def reminder_to_proto(r: Reminder) -> reminders_pb2.Reminder:
    return reminders_pb2.Reminder(
        id=r.id,
        match_key=r.due.match_key,
        club_id=r.due.club_id,
        due_at=_ts(r.due.due_at),
        window=interval_to_proto(r.due.window),
        player_ids=r.due.player_ids,
        reason=r.due.reason.value,
        published_at=_ts(r.published_at),
        acknowledged_at=_ts(r.acknowledged_at),
        acknowledged_by=r.acknowledged_by,
    )


def reminders_to_proto(reminders: list[Reminder], token: str = "") -> reminders_pb2.ListRemindersResponse:
    return reminders_pb2.ListRemindersResponse(reminders=[reminder_to_proto(r) for r in reminders], next_page_token=token)


_STATUS = {
    MediationStatus.AWAITING_ANSWER: mediation_pb2.MEDIATION_STATUS_AWAITING_ANSWER,
    MediationStatus.SCHEDULED: mediation_pb2.MEDIATION_STATUS_SCHEDULED,
    MediationStatus.PLAYED: mediation_pb2.MEDIATION_STATUS_PLAYED,
    MediationStatus.NO_SHOW: mediation_pb2.MEDIATION_STATUS_NO_SHOW,
}


def calendar_to_proto(c: StageCalendar) -> mediation_pb2.MediationCalendar:
    return mediation_pb2.MediationCalendar(
        competition_id=c.competition_id,
        stage=c.stage,
        division=c.division.value,
        starts_on=c.starts_on.isoformat(),
        ends_on=c.ends_on.isoformat(),
        second_round_starts_on=c.second_round_starts_on.isoformat() if c.second_round_starts_on else "",
        fixed_schedule=c.fixed_schedule,
    )


def mediation_to_proto(m: Mediation) -> mediation_pb2.Mediation:
    return mediation_pb2.Mediation(
        id=m.id,
        competition_id=m.competition_id,
        stage=m.stage,
        round=m.round,
        table=m.table,
        requester_id=m.requester_id,
        opponent_id=m.opponent_id,
        requested_at=_ts(m.requested_at),
        week_starts_on=m.week_starts_on.isoformat(),
        requester_days=[d.isoformat() for d in m.requester_days],
        requester_time=f"{m.requester_time:%H:%M}" if m.requester_time else "",
        answer_due_at=_ts(m.answer_due_at),
        opponent_days=[d.isoformat() for d in m.opponent_days],
        opponent_time=f"{m.opponent_time:%H:%M}" if m.opponent_time else "",
        status=_STATUS[m.status],
        scheduled_at=_ts(m.scheduled_at),
        decided_by=m.decided_by.value if m.decided_by else "",
        absent_player_ids=m.absent_ids,
        closed_at=_ts(m.closed_at),
        recorded_by=m.recorded_by,
    )


def timeout_to_proto(t: Timeout) -> mediation_pb2.Timeout:
    return mediation_pb2.Timeout(
        id=t.id,
        competition_id=t.competition_id,
        stage=t.stage,
        player_id=t.player_id,
        starts_on=t.starts_on.isoformat(),
        ends_on=t.ends_on.isoformat(),
        clipped=t.clipped,
        requested_at=_ts(t.requested_at),
    )


def removals_to_proto(due: tuple[tuple[str, tuple[str, ...]], ...]) -> list[mediation_pb2.RemovalDue]:
    return [mediation_pb2.RemovalDue(player_id=p, opponent_ids=opponents) for p, opponents in due]


class RemindersMediationHandlers:
    """The reminder and mediation RPCs; served by ``booking.grpc_servicer.BookingServicer``."""

    def __init__(self, reminders: ReminderService, mediation: MediationService):
        self.reminders = reminders
        self.mediation = mediation

    # --- reminders ---
    async def SetReminderSchedule(self, request, context):
        done = await asyncio.to_thread(self.reminders.set_schedule, request.club_id, request.weekday, request.local_time)
        return schedule_to_proto(request.club_id, done)

    async def GetReminderSchedule(self, request, context):
        return schedule_to_proto(request.club_id, await asyncio.to_thread(self.reminders.get_schedule, request.club_id))

    async def RecordDueReminders(self, request, context):
        return reminders_to_proto(await asyncio.to_thread(self.reminders.record_due))

    async def MarkRemindersPublished(self, request, context):
        return reminders_to_proto(await asyncio.to_thread(self.reminders.mark_published, list(request.reminder_ids)))

    async def AcknowledgeReminder(self, request, context):
        done = await asyncio.to_thread(self.reminders.acknowledge, request.reminder_id, request.acknowledged_by)
        return reminder_to_proto(done)

    async def ListReminders(self, request, context):
        found = await asyncio.to_thread(
            self.reminders.reminder_page,
            request.club_id,
            _at(request, "from"),
            _at(request, "to"),
            request.match_key_prefix,
            page_request(request, (str, str, str)),
        )
        return reminders_to_proto(*found)

    # --- mediation ---
    async def SetMediationCalendar(self, request, context):
        done = await asyncio.to_thread(
            self.mediation.set_calendar,
            request.competition_id,
            request.stage,
            request.division,
            request.starts_on,
            request.ends_on,
            request.second_round_starts_on,
            request.fixed_schedule,
        )
        return calendar_to_proto(done)

    async def RequestMediation(self, request, context):
        done = await asyncio.to_thread(
            self.mediation.request,
            request.competition_id,
            request.stage,
            request.round,
            request.table,
            request.requester_id,
            request.opponent_id,
            list(request.days),
            request.time,
            request.idempotency_key,
        )
        return mediation_to_proto(done)

    async def AnswerMediation(self, request, context):
        done = await asyncio.to_thread(
            self.mediation.answer, request.mediation_id, request.player_id, list(request.days), request.time
        )
        return mediation_to_proto(done)

    async def DecideMediation(self, request, context):
        return mediation_to_proto(await asyncio.to_thread(self.mediation.decide, request.mediation_id, request.day))

    async def RecordMediationOutcome(self, request, context):
        done = await asyncio.to_thread(
            self.mediation.record_outcome,
            request.mediation_id,
            list(request.absent_player_ids),
            request.recorded_by,
            request.first_player_id,
        )
        return booking_pb2.MediationOutcome(
            mediation=mediation_to_proto(done.mediation),
            removal_due=removals_to_proto(done.removal_due),
            technical_result=done.technical_result,
        )

    async def GetMediation(self, request, context):
        return mediation_to_proto(await asyncio.to_thread(self.mediation.get, request.mediation_id))

    async def RequestTimeout(self, request, context):
        done = await asyncio.to_thread(
            self.mediation.request_timeout,
            request.competition_id,
            request.stage,
            request.player_id,
            request.starts_on,
            request.ends_on,
            request.idempotency_key,
        )
        return timeout_to_proto(done)

    async def ListMediations(self, request, context):
        """A page of the mediations (by request time, then id), with every player due for removal."""
        found, token, due = await asyncio.to_thread(
            self.mediation.mediation_page,
            request.competition_id,
            request.stage,
            request.player_id,
            page_request(request, TIME_KEY),
        )
        return booking_pb2.ListMediationsResponse(
            mediations=[mediation_to_proto(m) for m in found], removal_due=removals_to_proto(due), next_page_token=token
        )

    async def ListTimeouts(self, request, context):
        """A page of the time-outs (by first day, then id); the public request as it is."""
        found, token = await asyncio.to_thread(
            self.mediation.timeout_page, request.competition_id, request.stage, request.player_id, page_request(request, TIME_KEY)
        )
        return mediation_pb2.ListTimeoutsResponse(timeouts=[timeout_to_proto(t) for t in found], next_page_token=token)
