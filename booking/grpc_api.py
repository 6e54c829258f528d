"""BookingService over gRPC (clubs and rooms, scheduling, the calendar, the auto-scheduler): protobuf <->
domain, nothing else."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from google.protobuf.timestamp_pb2 import Timestamp

from booking.domain.intervals import Interval
from booking.domain.model import Club, Room
from booking.domain.opening_hours import OpeningHours, clock
from booking.domain.scheduling import Availability, Booking, BookingStatus, Card, CardState, Match, Meeting, MeetingStatus
from booking.service import BookingService
from booking.use_cases.auto_schedule import Proposal, RoundSchedule
from booking.use_cases.calendar import SeriesView
from rondo.booking.v1 import booking_pb2
from rondo.gateway.v1 import calendar_pb2, common_pb2, scheduling_pb2
from rondo.solver.v1 import solver_pb2
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.paging import NAME_ID_KEY, TIME_KEY, page_request


def club_to_proto(c: Club) -> scheduling_pb2.Club:
    return scheduling_pb2.Club(
        id=c.id,
        name=c.name,
        time_zone=c.time_zone,
        opening_hours=hours_to_proto(c.opening_hours),
        fallback_time=clock(c.fallback_minute),
    )


def hours_to_proto(hours: OpeningHours) -> scheduling_pb2.OpeningHours:
    return scheduling_pb2.OpeningHours(
        windows=[scheduling_pb2.OpeningWindow(day=w.weekday, opens=clock(w.opens), closes=w.closing_time) for w in hours]
    )


def hours_from_proto(message: scheduling_pb2.OpeningHours) -> list[tuple[int, str, str]]:
    return [(w.day, w.opens, w.closes) for w in message.windows]


def room_to_proto(r: Room) -> scheduling_pb2.Room:
    return scheduling_pb2.Room(id=r.id, club_id=r.club_id, name=r.name)


class BookingHandlers:
    """The RPCs of clubs and rooms, match scheduling, the club calendar and the round auto-scheduler;
    served by ``booking.grpc_servicer.BookingServicer``."""

    def __init__(self, booking: BookingService):
        self.booking = booking

    async def CreateClub(self, request, context):
        club = await asyncio.to_thread(
            self.booking.clubs.create_club,
            request.name,
            request.time_zone,
            request.idempotency_key,
            hours_from_proto(request.opening_hours),
            request.fallback_time,
        )
        return club_to_proto(club)

    async def UpdateClub(self, request, context):
        club = await asyncio.to_thread(
            self.booking.clubs.update_club,
            request.club_id,
            request.name if request.HasField("name") else None,
            hours_from_proto(request.opening_hours) if request.HasField("opening_hours") else None,
            request.fallback_time if request.HasField("fallback_time") else None,
            request.time_zone if request.HasField("time_zone") else None,
        )
        return club_to_proto(club)

    async def GetClub(self, request, context):
        return club_to_proto(await asyncio.to_thread(self.booking.clubs.get_club, request.club_id))

    async def ListClubs(self, request, context):
        found, token = await asyncio.to_thread(
            self.booking.clubs.club_page, request.all, list(request.club_ids), page_request(request, NAME_ID_KEY)
        )
        return scheduling_pb2.ListClubsResponse(clubs=[club_to_proto(c) for c in found], next_page_token=token)

    async def AddRoom(self, request, context):
        room = await asyncio.to_thread(self.booking.clubs.add_room, request.club_id, request.name, request.idempotency_key)
        return room_to_proto(room)

    async def ListRooms(self, request, context):
        rooms, token = await asyncio.to_thread(self.booking.clubs.room_page, request.club_id, page_request(request, NAME_ID_KEY))
        return scheduling_pb2.ListRoomsResponse(rooms=[room_to_proto(r) for r in rooms], next_page_token=token)

    # --- scheduling (docs/rules.md schedule.*) ---
    async def OpenMatch(self, request, context):
        match = await asyncio.to_thread(
            self.booking.scheduling.open_match,
            request.club_id,
            request.match_key,
            list(request.player_ids),
            _at(request, "window_start"),
            _at(request, "window_end"),
            request.min_minutes,
            request.idempotency_key,
            request.games,
            request.one_meeting,
        )
        return match_to_proto(match)

    async def SetAvailability(self, request, context):
        intervals = [
            (_at(i, "start", f"intervals[{n}].start"), _at(i, "end", f"intervals[{n}].end"))
            for n, i in enumerate(request.intervals)
        ]
        answer = await asyncio.to_thread(
            self.booking.scheduling.set_availability, request.match_key, request.player_id, intervals, request.idempotency_key
        )
        return availability_to_proto(request.match_key, answer.availability, answer.cancelled_meeting_ids)

    async def GetAvailability(self, request, context):
        answer = await asyncio.to_thread(self.booking.scheduling.get_my_availability, request.match_key, request.player_id)
        return availability_to_proto(request.match_key, answer)

    async def GetMatchCard(self, request, context):
        return card_to_proto(
            await asyncio.to_thread(self.booking.scheduling.get_match_card, request.match_key, request.viewer_player_id)
        )

    async def ProposeMeeting(self, request, context):
        meeting = await asyncio.to_thread(
            self.booking.scheduling.propose_meeting,
            request.match_key,
            request.player_id,
            _at(request, "start"),
            _at(request, "end"),
            list(request.hanchans),
            request.idempotency_key,
        )
        return meeting_to_proto(request.match_key, meeting)

    async def ConfirmMeeting(self, request, context):
        meeting = await asyncio.to_thread(
            self.booking.scheduling.confirm_meeting,
            request.match_key,
            request.meeting_id,
            request.player_id,
            request.idempotency_key,
        )
        return meeting_to_proto(request.match_key, meeting)

    async def CancelMeeting(self, request, context):
        meeting = await asyncio.to_thread(self.booking.scheduling.cancel_meeting, request.match_key, request.meeting_id)
        return meeting_to_proto(request.match_key, meeting)

    async def AssignMeeting(self, request, context):
        meeting = await asyncio.to_thread(
            self.booking.scheduling.assign_meeting,
            request.match_key,
            _at(request, "start"),
            _at(request, "end"),
            list(request.hanchans),
            request.room_id,
            request.replaces_meeting_id,
            request.idempotency_key,
        )
        return meeting_to_proto(request.match_key, meeting)

    async def ApplyFallback(self, request, context):
        meeting = await asyncio.to_thread(
            self.booking.scheduling.apply_fallback, request.match_key, request.minutes, request.idempotency_key
        )
        return meeting_to_proto(request.match_key, meeting)

    async def MoveMatchWindow(self, request, context):
        moved = await asyncio.to_thread(
            self.booking.scheduling.move_match_window,
            request.match_key,
            _at(request, "window_start"),
            _at(request, "window_end"),
            request.reason,
            request.idempotency_key,
        )
        return scheduling_pb2.MoveMatchWindowResponse(
            match=match_to_proto(moved.match),
            cancelled_meeting_ids=moved.cancelled_meeting_ids,
            voided_meeting_ids=moved.voided_meeting_ids,
        )

    # --- the club calendar: activities, recurring activities, the iCalendar feed ---
    async def BookActivity(self, request, context):
        booking = await asyncio.to_thread(
            self.booking.calendar.book_activity,
            request.club_id,
            request.room_id,
            request.title,
            _at(request, "start"),
            _at(request, "end"),
            request.idempotency_key,
        )
        return booking_to_proto(booking)

    async def ListBookings(self, request, context):
        bookings, token = await asyncio.to_thread(
            self.booking.calendar.booking_page,
            request.club_id,
            _at(request, "from"),
            _at(request, "to"),
            page_request(request, TIME_KEY),
        )
        return calendar_pb2.ListBookingsResponse(bookings=[booking_to_proto(b) for b in bookings], next_page_token=token)

    async def BookRecurringActivity(self, request, context):
        view = await asyncio.to_thread(
            self.booking.calendar.book_recurring_activity,
            request.club_id,
            request.room_id,
            request.title,
            _at(request, "start"),
            _at(request, "end"),
            request.rrule,
            request.idempotency_key,
        )
        return series_to_proto(view)

    async def GetSeries(self, request, context):
        return series_to_proto(await asyncio.to_thread(self.booking.calendar.get_series, request.club_id, request.series_id))

    async def CancelOccurrence(self, request, context):
        booking = await asyncio.to_thread(
            self.booking.calendar.cancel_occurrence, request.club_id, request.booking_id, request.reason
        )
        return booking_to_proto(booking)

    async def MoveOccurrence(self, request, context):
        booking = await asyncio.to_thread(
            self.booking.calendar.move_occurrence,
            request.club_id,
            request.booking_id,
            _at(request, "start"),
            _at(request, "end"),
            request.room_id,
            request.idempotency_key,
        )
        return booking_to_proto(booking)

    async def CancelSeries(self, request, context):
        view = await asyncio.to_thread(
            self.booking.calendar.cancel_series, request.club_id, request.series_id, _at(request, "from"), request.reason
        )
        return series_to_proto(view)

    async def RotateCalendarToken(self, request, context):
        token = await asyncio.to_thread(self.booking.calendar.rotate_calendar_token, request.club_id)
        return calendar_pb2.CalendarToken(club_id=token.club_id, token=token.token, path=token.path)

    async def ExportCalendar(self, request, context):
        return calendar_pb2.CalendarFeed(
            ics=await asyncio.to_thread(self.booking.calendar.export_calendar, request.token, request.room_id)
        )

    # --- the round auto-scheduler (internal; docs/rules.md schedule.auto.*) ---
    async def PrepareRoundSchedule(self, request, context):
        prepared = await asyncio.to_thread(
            self.booking.auto_schedule.prepare_round_schedule, list(request.match_keys), request.meeting_minutes
        )
        return round_schedule_to_proto(prepared, request)

    async def ProposeMeetings(self, request, context):
        proposals = [
            Proposal(
                p.match_key,
                _at(p, "start", f"proposals[{n}].start"),
                _at(p, "end", f"proposals[{n}].end"),
                p.room_id,
                tuple(p.hanchans),
            )
            for n, p in enumerate(request.proposals)
        ]
        meetings = await asyncio.to_thread(
            self.booking.auto_schedule.propose_meetings, proposals, request.proposed_by, request.idempotency_key
        )
        keys = [p.match_key for p in request.proposals]
        return booking_pb2.ProposeMeetingsResponse(meetings=[meeting_to_proto(k, m) for k, m in zip(keys, meetings)])


def _at(message, field: str, path: str = "") -> datetime | None:
    """A Timestamp field as an aware UTC datetime; None when unset (the service says it is required).
    A value no datetime holds is INVALID_ARGUMENT naming ``path`` (the field's full path in the request,
    e.g. ``intervals[3].start``; default: ``field``)."""
    if not message.HasField(field):
        return None
    value = getattr(message, field)
    try:
        return value.ToDatetime(tzinfo=UTC)
    except (ValueError, OverflowError):
        raise InvalidArgument.at(path or field, "TIMESTAMP_INVALID") from None


def _ts(value: datetime) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


def interval_to_proto(slot: Interval) -> common_pb2.TimeInterval:
    return common_pb2.TimeInterval(start=_ts(slot.start), end=_ts(slot.end))


def match_to_proto(m: Match) -> scheduling_pb2.ScheduledMatch:
    return scheduling_pb2.ScheduledMatch(
        id=m.id,
        match_key=m.key,
        club_id=m.club_id,
        player_ids=m.player_ids,
        window_start=_ts(m.window.start),
        window_end=_ts(m.window.end),
        min_minutes=m.min_minutes,
        games=m.games,
        one_meeting=m.one_meeting,
    )


def availability_to_proto(match_key: str, a: Availability, cancelled: tuple[str, ...] = ()) -> scheduling_pb2.Availability:
    return scheduling_pb2.Availability(
        match_key=match_key,
        player_id=a.player_id,
        version=a.version,
        intervals=[interval_to_proto(i) for i in a.intervals],
        cancelled_meeting_ids=cancelled,
    )


_MEETING_STATUS = {
    MeetingStatus.PROPOSED: scheduling_pb2.MEETING_STATUS_PROPOSED,
    MeetingStatus.BOOKED: scheduling_pb2.MEETING_STATUS_BOOKED,
    MeetingStatus.CANCELLED: scheduling_pb2.MEETING_STATUS_CANCELLED,
}
_CARD_STATE = {
    CardState.WAITING_FOR_ANSWERS: scheduling_pb2.CARD_STATE_WAITING_FOR_ANSWERS,
    CardState.AGREEING: scheduling_pb2.CARD_STATE_AGREEING,
    CardState.BOOKED: scheduling_pb2.CARD_STATE_BOOKED,
}


def meeting_to_proto(
    match_key: str, m: Meeting, confirmed_by: tuple[str, ...] = (), unavailable: tuple[str, ...] = ()
) -> scheduling_pb2.Meeting:
    return scheduling_pb2.Meeting(
        id=m.id,
        match_key=match_key,
        slot=interval_to_proto(m.slot),
        hanchans=m.hanchans,
        proposed_by=m.proposed_by,
        status=_MEETING_STATUS[m.status],
        room_id=m.room_id,
        booking_id=m.booking_id,
        confirmed_by=confirmed_by,
        unavailable_player_ids=unavailable,
    )


def card_to_proto(card: Card) -> scheduling_pb2.MatchCard:
    """Never an interval of anyone: who answered, the options (once everyone did), the meetings."""
    return scheduling_pb2.MatchCard(
        match_key=card.match.key,
        state=_CARD_STATE[card.state],
        answered_player_ids=card.answered,
        pending_player_ids=card.pending,
        options=[option_to_proto(o) for o in card.options],
        meetings=[meeting_to_proto(card.match.key, v.meeting, v.confirmed_by, v.unavailable) for v in card.meetings],
        min_minutes=card.match.min_minutes,
        window=interval_to_proto(card.match.window),
        club_id=card.match.club_id,
    )


_BOOKING_STATUS = {
    BookingStatus.ACTIVE: calendar_pb2.BOOKING_STATUS_ACTIVE,
    BookingStatus.CANCELLED: calendar_pb2.BOOKING_STATUS_CANCELLED,
}


def booking_to_proto(b: Booking) -> calendar_pb2.Booking:
    return calendar_pb2.Booking(
        id=b.id,
        club_id=b.club_id,
        room_id=b.room_id,
        slot=interval_to_proto(b.slot),
        title=b.title,
        match_id=b.match_id,
        meeting_id=b.meeting_id,
        series_id=b.series_id,
        sequence=b.sequence,
        status=_BOOKING_STATUS[b.status],
        cancel_reason=b.cancel_reason,
    )


def series_to_proto(view: SeriesView) -> calendar_pb2.Series:
    s = view.series
    return calendar_pb2.Series(
        id=s.id,
        club_id=s.club_id,
        room_id=s.room_id,
        title=s.title,
        rrule=s.rule,
        time_zone=s.time_zone,
        occurrences=[booking_to_proto(b) for b in view.occurrences],
    )


def option_to_proto(o) -> scheduling_pb2.CommonOption:
    return scheduling_pb2.CommonOption(slot=interval_to_proto(o.slot), room_ids=o.room_ids)


def round_schedule_to_proto(
    prepared: RoundSchedule, asked: booking_pb2.PrepareRoundScheduleRequest
) -> booking_pb2.PrepareRoundScheduleResponse:
    """The solver's problem (booking's matches, candidates, rooms and time zone; the organizer's
    options as asked) and the state of every match of the round."""
    options, problem = prepared.options, prepared.problem
    return booking_pb2.PrepareRoundScheduleResponse(
        problem=solver_pb2.ProposeRoundScheduleRequest(
            matches=[
                solver_pb2.ScheduleMatch(
                    match_id=m.match.key,
                    player_ids=m.match.player_ids,
                    length_minutes=m.length_minutes,
                    candidates=[
                        solver_pb2.ScheduleCandidate(start=_ts(o.slot.start), end=_ts(o.slot.end), room_ids=o.room_ids)
                        for o in m.candidates
                    ],
                )
                for m in problem.matches
            ],
            room_ids=[r.id for r in options.rooms],
            time_zone=options.club.time_zone,
            window_start=None if problem.window_start is None else _ts(problem.window_start),
            start_step_minutes=asked.start_step_minutes,
            preference=asked.preference,
            time_limit_seconds=asked.time_limit_seconds,
            seed=asked.seed if asked.HasField("seed") else None,
        ),
        matches=[
            booking_pb2.MatchOptions(match=match_to_proto(m.match), pending_player_ids=m.pending, booked=m.booked)
            for m in options.matches
        ],
    )
