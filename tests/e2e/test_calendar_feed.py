"""The club calendar through the gateway, and its iCalendar feed fetched over plain HTTP from the
gateway process: `rondo up` (SQLite) and the distributed services (PostgreSQL). A weekly D&D evening
across the change to summer time and a match at its fallback time are read back by a second parser
(recurring-ical-events) at the right local time; the feed names rooms and titles, never a player."""

from __future__ import annotations

import http.client
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import grpc
import icalendar
import pytest
import recurring_ical_events
from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import calendar_pb2, competitions_pb2, draws_pb2, scheduling_pb2

pytestmark = pytest.mark.e2e

BERLIN = ZoneInfo("Europe/Berlin")  # summer time starts Sunday 28 March 2027
PLAYER_NAMES = ("Akagi Shigeru", "Washizu Iwao", "Miyanaga Saki", "Haramura Nodoka")


def ts(zone: ZoneInfo, year: int, month: int, day: int, hour: int = 0) -> Timestamp:
    out = Timestamp()
    out.FromDatetime(datetime(year, month, day, hour, tzinfo=zone).astimezone(UTC))
    return out


def fetch(calendar_port: int, path: str) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", calendar_port, timeout=20)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def events(ics: bytes) -> list:
    found = recurring_ical_events.of(icalendar.Calendar.from_ical(ics)).between(
        datetime(2027, 1, 1, tzinfo=UTC), datetime(2028, 1, 1, tzinfo=UTC)
    )
    return sorted(found, key=lambda e: e.start)


def club_with_a_weekly_evening(stub, key: str):
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(
                name="Discard club Berlin",
                time_zone="Europe/Berlin",
                opening_hours=scheduling_pb2.OpeningHours(
                    windows=[
                        scheduling_pb2.OpeningWindow(day=4, opens="18:00", closes="24:00"),
                        scheduling_pb2.OpeningWindow(day=7, opens="12:00", closes="24:00"),
                    ]
                ),
            ),
            idempotency_key=f"{key}-club",
        ),
        timeout=10,
    )
    rooms = [
        stub.CreateRoom(
            scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name=n), club_id=club.id, idempotency_key=f"{key}-{n}"),
            timeout=10,
        )
        for n in ("Room 1", "Room 2")
    ]
    series = stub.BookRecurringActivity(
        calendar_pb2.BookRecurringActivityRequest(
            club_id=club.id,
            room_id=rooms[0].id,
            title="D&D evening",
            start=ts(BERLIN, 2027, 3, 18, 19),
            end=ts(BERLIN, 2027, 3, 18, 23),
            rrule="FREQ=WEEKLY;BYDAY=TH;COUNT=4",
            idempotency_key=f"{key}-dnd",
        ),
        timeout=10,
    )
    return club, rooms, series


@pytest.mark.rule("schedule.calendar.ical-feed")
@pytest.mark.rule("schedule.recurring.rrule-in-club-zone")
@pytest.mark.rule("schedule.organizer.fallback-last-sunday")
def test_the_club_feed_is_fetched_over_http_and_read_at_local_times_across_dst(embedded):
    stub = embedded.gateway
    club, rooms, series = club_with_a_weekly_evening(stub, "emb")
    # a drawn table of four whose players never agreed: the organizer applies the fallback time
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Calendar league", ruleset="discard-league-2026"), idempotency_key="cal"
        ),
        timeout=10,
    )
    player_ids = [
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=n, idempotency_key=n), timeout=10
        ).id
        for n in PLAYER_NAMES
    ]
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=1, time_limit_seconds=10, idempotency_key="cal"),
        timeout=30,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    [match] = stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=competition.id,
            round=1,
            club_id=club.id,
            window_start=ts(BERLIN, 2027, 3, 22),
            window_end=ts(BERLIN, 2027, 3, 29),
        ),
        timeout=10,
    ).matches
    fallback = stub.ApplyFallback(
        scheduling_pb2.ApplyFallbackRequest(match_key=match.match_key, idempotency_key="fb"), timeout=10
    )
    assert fallback.status == scheduling_pb2.MEETING_STATUS_BOOKED and fallback.room_id == rooms[0].id
    token = stub.RotateCalendarToken(calendar_pb2.RotateCalendarTokenRequest(club_id=club.id), timeout=10)

    status, ics = fetch(embedded.calendar_port, token.path)
    assert status == 200
    read = events(ics)
    assert [(e.start.strftime("%a %d.%m %H:%M %Z"), str(e["SUMMARY"]), str(e["LOCATION"])) for e in read] == [
        ("Thu 18.03 19:00 CET", "D&D evening", "Room 1"),
        ("Thu 25.03 19:00 CET", "D&D evening", "Room 1"),
        ("Sun 28.03 18:00 CEST", "Match: stage 1, round 1, table 1", "Room 1"),  # the day the clocks change
        ("Thu 01.04 19:00 CEST", "D&D evening", "Room 1"),
        ("Thu 08.04 19:00 CEST", "D&D evening", "Room 1"),
    ]
    for private in (*PLAYER_NAMES, *player_ids, competition.id):
        assert private.encode() not in ics
    assert fetch(embedded.calendar_port, f"/calendar/{token.token}/{rooms[1].id}.ics")[1].count(b"BEGIN:VEVENT") == 0

    # a cancelled occurrence: the same UID, SEQUENCE 1, STATUS:CANCELLED
    second = series.occurrences[1]
    stub.CancelOccurrence(
        calendar_pb2.CancelOccurrenceRequest(club_id=club.id, booking_id=second.id, reason="holiday"), timeout=10
    )
    again = {str(e["UID"]): e for e in icalendar.Calendar.from_ical(fetch(embedded.calendar_port, token.path)[1]).walk("VEVENT")}
    assert (again[f"{second.id}@rondo"]["STATUS"], again[f"{second.id}@rondo"]["SEQUENCE"]) == ("CANCELLED", 1)
    assert set(again) == {str(e["UID"]) for e in read}

    # wrong or rotated tokens: the same 404
    assert fetch(embedded.calendar_port, f"/calendar/{'x' * 43}.ics")[0] == 404
    rotated = stub.RotateCalendarToken(calendar_pb2.RotateCalendarTokenRequest(club_id=club.id), timeout=10)
    assert fetch(embedded.calendar_port, token.path)[0] == 404
    assert fetch(embedded.calendar_port, rotated.path)[0] == 200


@pytest.mark.rule("schedule.club.opening-hours")
@pytest.mark.rule("schedule.recurring.collision-refused")
def test_calendar_rules_hold_through_the_gateway_in_distributed_mode(distributed):
    stub = distributed.gateway
    club, rooms, series = club_with_a_weekly_evening(stub, "dist")
    with pytest.raises(grpc.RpcError) as error:  # Wednesday: the club is closed
        stub.BookActivity(
            calendar_pb2.BookActivityRequest(
                club_id=club.id,
                room_id=rooms[1].id,
                title="Poker",
                start=ts(BERLIN, 2027, 3, 17, 19),
                end=ts(BERLIN, 2027, 3, 17, 22),
            ),
            timeout=10,
        )
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "opening hours" in error.value.details()
    with pytest.raises(grpc.RpcError) as error:  # the same evenings in the same room
        stub.BookRecurringActivity(
            calendar_pb2.BookRecurringActivityRequest(
                club_id=club.id,
                room_id=rooms[0].id,
                title="Go club",
                start=ts(BERLIN, 2027, 3, 25, 20),
                end=ts(BERLIN, 2027, 3, 25, 22),
                rrule="FREQ=WEEKLY;COUNT=2",
            ),
            timeout=10,
        )
    assert error.value.code() == grpc.StatusCode.FAILED_PRECONDITION and "occurrence 1" in error.value.details()
    moved = stub.MoveOccurrence(
        calendar_pb2.MoveOccurrenceRequest(
            club_id=club.id,
            booking_id=series.occurrences[0].id,
            start=ts(BERLIN, 2027, 3, 18, 19),
            end=ts(BERLIN, 2027, 3, 18, 23),
            room_id=rooms[1].id,
        ),
        timeout=10,
    )
    assert moved.room_id == rooms[1].id and moved.sequence == 1
    token = stub.RotateCalendarToken(calendar_pb2.RotateCalendarTokenRequest(club_id=club.id), timeout=10)
    status, ics = fetch(distributed.calendar_port, f"/calendar/{token.token}/{rooms[1].id}.ics")
    assert status == 200
    [event] = events(ics)
    assert event.start.strftime("%d.%m %H:%M %Z") == "18.03 19:00 CET" and event["SEQUENCE"] == 1
    assert [e.start.strftime("%d.%m %H:%M %Z") for e in events(fetch(distributed.calendar_port, token.path)[1])] == [
        "18.03 19:00 CET",
        "25.03 19:00 CET",
        "01.04 19:00 CEST",
        "08.04 19:00 CEST",
    ]
    assert datetime(2027, 4, 1, 19, tzinfo=BERLIN).utcoffset() == timedelta(hours=2)
