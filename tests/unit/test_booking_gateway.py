"""The gateway's scheduling block on fakes: OpenRoundScheduling over the approved draw, the booking
passthroughs with scoped keys, and the schedule.booked / schedule.cancelled events."""

from __future__ import annotations

from typing import Any

import pytest
from google.protobuf.field_mask_pb2 import FieldMask
from google.protobuf.timestamp_pb2 import Timestamp

from booking.grpc_servicer import BookingServicer
from booking.mediation_service import MediationService
from booking.reminder_service import ReminderService
from booking.service import BookingService
from rondo.gateway.v1 import calendar_pb2, common_pb2, draws_pb2, scheduling_pb2
from rondo_runtime.errors import InvalidArgument
from tests.booking_scheduling import WINDOW_END, WINDOW_START, at, clock
from tests.unit.fakes import FakeBookingRepository, FakeMediationRepository, FakeReminderRepository, FakeUnitOfWork
from tests.unit.gateway_fakes import GuardedGateway, ServicerStub

pytestmark = pytest.mark.unit


def mask(*paths: str) -> FieldMask:
    return FieldMask(paths=list(paths))


def ts(value) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(value)
    return out


class Gateway(GuardedGateway):
    """The guarded gateway on the fakes with the real booking use cases behind it."""

    def __init__(self) -> None:
        super().__init__()
        self.booking_uow = FakeUnitOfWork(FakeBookingRepository())
        self.booking = BookingService(self.booking_uow, clock)  # type: ignore[arg-type]
        reminders: Any = FakeUnitOfWork(FakeReminderRepository())  # unused here: every BookingService RPC has its handler
        mediation: Any = FakeUnitOfWork(FakeMediationRepository())
        servicer = BookingServicer(self.booking, ReminderService(reminders, clock), MediationService(mediation, clock))
        self.downstream.booking = ServicerStub("booking", servicer)  # type: ignore[attr-defined]

    def as_player(self, competition_id: str, player_id: str, method: str, request: Any) -> Any:
        return self(method, request, token=self.player(competition_id, player_id))


@pytest.fixture
def gateway():
    g = Gateway()
    yield g
    g.close()


def _published(gateway: Gateway) -> str:
    league = gateway.downstream.league_service
    competition = league.competitions.create("Spring league", "discard-league-2026", 2, 4)
    for i in range(8):
        league.roster.register(competition.id, f"Player {i}")
    view = gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=competition.id))
    gateway("ApproveDraw", draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id))
    return competition.id


def _round_one(gateway: Gateway, cid: str, club_id: str):
    """Round 1 of the approved draw opened for scheduling in the club, over the test window."""
    request = scheduling_pb2.OpenRoundSchedulingRequest(
        competition_id=cid, round=1, club_id=club_id, window_start=ts(WINDOW_START), window_end=ts(WINDOW_END)
    )
    return gateway("OpenRoundScheduling", request).matches


def test_open_round_scheduling_opens_one_match_per_table_once(gateway):
    cid = _published(gateway)
    club = gateway("CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club"), idempotency_key="c"))
    request = scheduling_pb2.OpenRoundSchedulingRequest(
        competition_id=cid,
        round=2,
        club_id=club.id,
        window_start=ts(WINDOW_START),
        window_end=ts(WINDOW_END),
        idempotency_key="k",
    )
    opened = gateway("OpenRoundScheduling", request).matches
    draw = gateway.downstream.league_service.draws.get(cid)
    assert [(m.match_key, tuple(m.player_ids), m.min_minutes) for m in opened] == [
        (f"{cid}/1/2/{t}", tuple(table), 90) for t, table in enumerate(draw.rounds[1], start=1)
    ]
    assert [m.id for m in gateway("OpenRoundScheduling", request).matches] == [m.id for m in opened]
    assert len(gateway.booking_uow.repository.matches_by_key) == 2
    request.round = 3
    with pytest.raises(InvalidArgument) as error:
        gateway("OpenRoundScheduling", request)
    assert [v.field for v in error.value.violations] == ["round"]
    assert len(gateway.booking_uow.repository.matches_by_key) == 2


@pytest.mark.rule("schedule.confirmation.all-four-book-a-room")
def test_a_booked_meeting_and_its_cancellation_are_events(gateway):
    cid = _published(gateway)
    club = gateway("CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club")))
    gateway("CreateRoom", scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 1"), club_id=club.id))
    [match, _] = _round_one(gateway, cid, club.id)
    free = [common_pb2.TimeInterval(start=ts(at(0, 18)), end=ts(at(0, 23)))]
    for p in match.player_ids:
        gateway.as_player(
            cid,
            p,
            "SetAvailability",
            scheduling_pb2.SetAvailabilityRequest(match_key=match.match_key, player_id=p, intervals=free),
        )
    meeting = gateway.as_player(
        cid,
        match.player_ids[0],
        "ProposeMeeting",
        scheduling_pb2.ProposeMeetingRequest(
            match_key=match.match_key, player_id=match.player_ids[0], start=ts(at(0, 19)), end=ts(at(0, 23)), idempotency_key="m"
        ),
    )
    [sent] = [c.request for c in gateway.downstream.calls if c.method == "ProposeMeeting"]
    assert len(sent.idempotency_key) == 64  # scoped to the caller and the method
    assert gateway.events.for_competition(cid)[-1] == ("schedule.proposed", meeting.id)  # the others are asked to confirm
    for p in match.player_ids:
        done = gateway.as_player(
            cid,
            p,
            "ConfirmMeeting",
            scheduling_pb2.ConfirmMeetingRequest(match_key=match.match_key, meeting_id=meeting.id, player_id=p),
        )
    assert done.status == scheduling_pb2.MEETING_STATUS_BOOKED
    assert gateway.events.for_competition(cid)[-1] == ("schedule.booked", meeting.id)
    gateway.as_player(
        cid,
        match.player_ids[1],
        "SetAvailability",
        scheduling_pb2.SetAvailabilityRequest(
            match_key=match.match_key,
            player_id=match.player_ids[1],
            intervals=[common_pb2.TimeInterval(start=ts(at(1, 18)), end=ts(at(1, 23)))],
        ),
    )
    assert gateway.events.for_competition(cid)[-1] == ("schedule.cancelled", meeting.id)
    # the event never says whose new answer undid it: that would tell everyone the player is no longer free then
    kind, _, _, payload = gateway.events.events[-1]
    assert kind == "schedule.cancelled" and payload == {"match_key": match.match_key}


@pytest.mark.rule("access.bot.options-ready-count-only")
def test_the_last_missing_answer_appends_options_ready_once_with_the_count_only(gateway):
    cid = _published(gateway)
    club = gateway("CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club")))
    gateway("CreateRoom", scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 1"), club_id=club.id))
    [match, _] = _round_one(gateway, cid, club.id)

    def answer(p: str, day: int) -> None:
        free = [common_pb2.TimeInterval(start=ts(at(day, 18)), end=ts(at(day, 23)))]
        request = scheduling_pb2.SetAvailabilityRequest(match_key=match.match_key, player_id=p, intervals=free)
        gateway.as_player(cid, p, "SetAvailability", request)

    def ready() -> list[tuple]:
        return [e for e in gateway.events.events if e[0] == "schedule.options-ready"]

    *first, last = match.player_ids
    for p in first:
        answer(p, 0)
    assert ready() == []  # someone has not answered: no card shows options yet
    answer(last, 0)
    [(kind, _, subject, payload)] = ready()
    assert subject == match.match_key.split("/", 1)[0] and payload == {
        "match_key": match.match_key,
        "options": 1,
    }  # a count, no interval
    answer(last, 1)  # a changed answer: the table was complete already (the card's change is its own event)
    answer(first[0], 0)
    assert len(ready()) == 1


@pytest.mark.rule("schedule.organizer.fallback-last-sunday")
@pytest.mark.rule("schedule.organizer.move-to-next-window")
def test_the_fallback_and_a_window_move_pass_through_and_are_events(gateway):
    cid = _published(gateway)
    club = gateway(
        "CreateClub", scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Club", time_zone="Europe/Kirov"))
    )
    gateway("CreateRoom", scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 1"), club_id=club.id))
    [match, _] = _round_one(gateway, cid, club.id)
    meeting = gateway("ApplyFallback", scheduling_pb2.ApplyFallbackRequest(match_key=match.match_key, idempotency_key="f"))
    assert meeting.status == scheduling_pb2.MEETING_STATUS_BOOKED
    [sent] = [c.request for c in gateway.downstream.calls if c.method == "ApplyFallback"]
    assert len(sent.idempotency_key) == 64  # scoped to the caller and the method
    assert gateway.events.for_competition(cid)[-1] == ("schedule.booked", meeting.id)
    moved = gateway(
        "MoveMatchWindow",
        scheduling_pb2.MoveMatchWindowRequest(
            match_key=match.match_key, window_start=ts(at(7, 0)), window_end=ts(at(14, 0)), reason="two players abroad"
        ),
    )
    assert list(moved.cancelled_meeting_ids) == [meeting.id] and moved.match.window_start == ts(at(7, 0))
    assert gateway.events.for_competition(cid)[-1] == ("schedule.cancelled", meeting.id)


@pytest.mark.rule("schedule.calendar.feed-token")
def test_the_calendar_rpcs_pass_through_the_gateway(gateway):
    club = gateway(
        "CreateClub",
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(
                name="Club",
                time_zone="Europe/Berlin",
                opening_hours=scheduling_pb2.OpeningHours(
                    windows=[scheduling_pb2.OpeningWindow(day=4, opens="18:00", closes="02:00")]
                ),
            )
        ),
    )
    assert [(w.day, w.opens, w.closes) for w in club.opening_hours.windows] == [(4, "18:00", "02:00")]
    assert club.fallback_time == "18:00"
    change = scheduling_pb2.Club(id=club.id, name="Renamed", fallback_time="19:00")
    updated = gateway("UpdateClub", scheduling_pb2.UpdateClubRequest(club=change, update_mask=mask("fallback_time")))
    assert updated.fallback_time == "19:00" and len(updated.opening_hours.windows) == 1  # hours unchanged
    assert updated.name == "Club"  # not in the mask
    everyday = gateway(  # no mask: what the club sets (an empty opening_hours message: 24/7)
        "UpdateClub",
        scheduling_pb2.UpdateClubRequest(club=scheduling_pb2.Club(id=club.id, opening_hours=scheduling_pb2.OpeningHours())),
    )
    assert list(everyday.opening_hours.windows) == [] and everyday.fallback_time == "19:00"
    room = gateway("CreateRoom", scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room 1"), club_id=club.id))
    series = gateway(
        "BookRecurringActivity",
        calendar_pb2.BookRecurringActivityRequest(
            club_id=club.id,
            room_id=room.id,
            title="D&D",
            start=ts(at(3, 18)),
            end=ts(at(3, 22)),
            rrule="FREQ=WEEKLY;COUNT=3",
            idempotency_key="s",
        ),
    )
    assert len(series.occurrences) == 3 and series.rrule == "FREQ=WEEKLY;COUNT=3"
    first, second, _ = series.occurrences
    cancelled = gateway(
        "CancelOccurrence", calendar_pb2.CancelOccurrenceRequest(club_id=club.id, booking_id=first.id, reason="x")
    )
    assert (cancelled.status, cancelled.sequence) == (calendar_pb2.BOOKING_STATUS_CANCELLED, 1)
    moved = gateway(
        "MoveOccurrence",
        calendar_pb2.MoveOccurrenceRequest(club_id=club.id, booking_id=second.id, start=ts(at(10, 19)), end=ts(at(10, 23))),
    )
    assert moved.sequence == 1 and moved.series_id == series.id
    rest = gateway("CancelSeries", calendar_pb2.CancelSeriesRequest(club_id=club.id, series_id=series.id))
    assert {o.status for o in rest.occurrences} == {calendar_pb2.BOOKING_STATUS_CANCELLED}
    assert gateway("GetSeries", calendar_pb2.GetSeriesRequest(club_id=club.id, series_id=series.id)) == rest
    token = gateway("RotateCalendarToken", calendar_pb2.RotateCalendarTokenRequest(club_id=club.id))
    assert token.path == f"/calendar/{token.token}.ics"
    feed = gateway("ExportCalendar", calendar_pb2.ExportCalendarRequest(token=token.token))
    assert feed.ics.count(b"BEGIN:VEVENT") == 3 and b"STATUS:CANCELLED" in feed.ics


def test_every_booking_rpc_is_served_by_exactly_one_handler_or_booking_does_not_start(monkeypatch):
    from booking import grpc_servicer

    nothing: Any = None
    servicer = BookingServicer(nothing, nothing, nothing)
    assert all(callable(getattr(servicer, rpc)) for rpc in grpc_servicer.RPCS)
    monkeypatch.setattr(grpc_servicer, "RPCS", (*grpc_servicer.RPCS, "Unwired"))  # a new RPC nobody serves
    with pytest.raises(TypeError, match=r"BookingService\.Unwired has 0 handlers, expected one"):
        BookingServicer(nothing, nothing, nothing)
    monkeypatch.setattr(grpc_servicer.RemindersMediationHandlers, "GetClub", lambda self, request, context: None, raising=False)
    monkeypatch.setattr(grpc_servicer, "RPCS", ("GetClub",))  # served twice
    with pytest.raises(TypeError, match=r"BookingService\.GetClub has 2 handlers"):
        BookingServicer(nothing, nothing, nothing)
