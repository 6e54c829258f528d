"""A player's own iCalendar feed (``RotateMyCalendarToken``, then ``/calendar/me/<token>.ics`` over plain
HTTP from the gateway process), on `rondo up` (SQLite) and the distributed services (PostgreSQL): it lists
exactly the player's booked meetings at the club's local time with the room and the match, another
player's token only theirs, and a rotated token or a disabled account answers 404."""

from __future__ import annotations

import icalendar
import pytest

from rondo.gateway.v1 import calendar_pb2, competitions_pb2, draws_pb2, identity_pb2, scheduling_pb2
from tests.e2e.test_calendar_feed import BERLIN, fetch, ts

pytestmark = pytest.mark.e2e

NAMES = tuple(f"Feed player {n}" for n in range(1, 9))


def feed(calendar_port: int, path: str) -> list[tuple[str, str, str, str]]:
    status, ics = fetch(calendar_port, path)
    assert status == 200, ics
    return sorted(
        (
            str(e["UID"]),
            e.decoded("DTSTART").strftime("%a %d.%m %H:%M %Z"),
            str(e["SUMMARY"]),
            str(e["LOCATION"]),
        )
        for e in icalendar.Calendar.from_ical(ics).walk("VEVENT")
    )


def two_booked_tables(deployment, key: str):
    """A league of eight, its round 1 (two tables) at the fallback time in two rooms of a Berlin club:
    (accounts by table, meetings by table)."""
    stub = deployment.gateway
    club = stub.CreateClub(
        scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(name=f"Feed club {key}", time_zone="Europe/Berlin"), idempotency_key=f"{key}-club"
        ),
        timeout=10,
    )
    for room in ("Room A", "Room B"):
        stub.CreateRoom(
            scheduling_pb2.CreateRoomRequest(
                room=scheduling_pb2.Room(name=room), club_id=club.id, idempotency_key=f"{key}-{room}"
            ),
            timeout=10,
        )
    competition = stub.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Autumn league", ruleset="discard-league-2026"),
            idempotency_key=f"{key}-league",
        ),
        timeout=10,
    )
    for name in NAMES:
        stub.RegisterPlayer(
            competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=name, idempotency_key=f"{key}-{name}"),
            timeout=10,
        )
    view = stub.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=competition.id, seed=1, time_limit_seconds=10, idempotency_key=key),
        timeout=30,
    )
    stub.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=competition.id, draw_id=view.draw.id), timeout=10)
    matches = stub.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=competition.id,
            round=1,
            club_id=club.id,
            window_start=ts(BERLIN, 2027, 3, 22),
            window_end=ts(BERLIN, 2027, 3, 29),
        ),
        timeout=10,
    ).matches
    seating = stub.GetSeating(draws_pb2.GetSeatingRequest(competition_id=competition.id), timeout=10)
    players = {}
    meetings = {}
    for table, match in zip(seating.rounds[0].tables, sorted(matches, key=lambda m: m.match_key), strict=True):
        players[table.number] = [deployment.accounts.player(competition.id, p) for p in table.player_ids]
        meetings[table.number] = stub.ApplyFallback(
            scheduling_pb2.ApplyFallbackRequest(match_key=match.match_key, idempotency_key=f"{key}-fb-{table.number}"),
            timeout=10,
        )
    return players, meetings


def check_player_feeds(deployment, key: str) -> None:
    players, meetings = two_booked_tables(deployment, key)
    rooms = {meetings[1].room_id, meetings[2].room_id}
    assert len(rooms) == 2  # the same fallback time, two rooms
    token = players[1][0].RotateMyCalendarToken(calendar_pb2.RotateMyCalendarTokenRequest(), timeout=10)
    assert token.path == f"/calendar/me/{token.token}.ics"
    [mine] = feed(deployment.calendar_port, token.path)
    assert mine[0] == f"meeting-{meetings[1].id}@rondo"
    assert mine[1:3] == ("Sun 28.03 18:00 CEST", "Autumn league, round 1, table 1")
    assert mine[3] in (f"Feed club {key}, Room A", f"Feed club {key}, Room B")

    other = players[2][1].RotateMyCalendarToken(calendar_pb2.RotateMyCalendarTokenRequest(), timeout=10)
    [theirs] = feed(deployment.calendar_port, other.path)
    assert theirs[0] == f"meeting-{meetings[2].id}@rondo" and theirs[2] == "Autumn league, round 1, table 2"
    assert theirs[3] != mine[3]
    _, ics = fetch(deployment.calendar_port, other.path)
    for name in NAMES:
        assert name.encode() not in ics  # no names, no availability: only the meeting

    rotated = players[1][0].RotateMyCalendarToken(calendar_pb2.RotateMyCalendarTokenRequest(), timeout=10)
    assert fetch(deployment.calendar_port, token.path)[0] == 404
    assert feed(deployment.calendar_port, rotated.path) == [mine]
    assert fetch(deployment.calendar_port, f"/calendar/me/{'x' * 43}.ics")[0] == 404

    # a disabled account's feed: the same 404
    who = players[2][1].WhoAmI(identity_pb2.WhoAmIRequest(), timeout=10)
    deployment.gateway.DisableAccount(identity_pb2.DisableAccountRequest(account_id=who.id), timeout=10)
    assert fetch(deployment.calendar_port, other.path)[0] == 404


@pytest.mark.rule("schedule.calendar.player-feed-own-meetings")
def test_a_players_feed_lists_exactly_their_booked_meetings_on_sqlite(embedded):
    check_player_feeds(embedded, "myfeed-emb")


@pytest.mark.rule("schedule.calendar.player-feed-own-meetings")
def test_a_players_feed_lists_exactly_their_booked_meetings_on_postgresql(distributed):
    check_player_feeds(distributed, "myfeed-dist")
