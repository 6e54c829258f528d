"""The gateway's calendar HTTP server on 127.0.0.1 (gateway/adapters/calendar_http.py) with a scripted
booking: the feed's bytes for a good token, one 404 for everything else, 503 when booking does not
answer, ETag revalidation, and no token in the logs."""

from __future__ import annotations

import asyncio
import http.client
import logging
from collections.abc import Iterator

import pytest

from gateway.adapters.calendar_http import CalendarFeedServer
from rondo_runtime import errors
from tests.calendar_feed_server import serving

pytestmark = pytest.mark.integration

TOKEN = "A" * 43
FEED = b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n"


class Booking:
    """ExportCalendar, scripted: the feed for TOKEN (and its room "r1"), NOT_FOUND otherwise."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str]] = []
        self.down = False

    async def fetch(self, token: str, room_id: str, timeout_s: float) -> bytes:
        self.calls.append((token, room_id))
        if self.down:
            raise errors.Unavailable("the booking service did not answer in time")
        if token != TOKEN or room_id not in ("", "r1"):
            raise errors.NotFound("there is no calendar at this address")
        return FEED + room_id.encode()


@pytest.fixture
def served() -> Iterator[tuple[CalendarFeedServer, Booking]]:
    booking = Booking()
    with serving(booking.fetch) as server:
        yield server, booking


def get(server: CalendarFeedServer, path: str, method: str = "GET", headers: dict[str, str] | None = None):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


@pytest.mark.rule("schedule.calendar.ical-feed")
def test_the_feed_is_served_for_its_token_and_revalidated_by_etag(served):
    server, booking = served
    status, headers, body = get(server, f"/calendar/{TOKEN}.ics")
    assert (status, body) == (200, FEED)
    assert headers["Content-Type"] == "text/calendar; charset=utf-8" and headers["Content-Length"] == str(len(FEED))
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert get(server, f"/calendar/{TOKEN}/r1.ics?x=1")[2] == FEED + b"r1"  # one room; a query is ignored
    assert booking.calls == [(TOKEN, ""), (TOKEN, "r1")]
    assert get(server, f"/calendar/{TOKEN}.ics", headers={"If-None-Match": headers["ETag"]})[0] == 304
    status, head, body = get(server, f"/calendar/{TOKEN}.ics", "HEAD")
    assert (status, head["Content-Length"], body) == (200, str(len(FEED)), b"")


@pytest.mark.rule("schedule.calendar.feed-token")
def test_a_wrong_token_room_or_path_answers_the_same_404(served):
    server, booking = served
    answers = {
        get(server, path)[::2]
        for path in (
            f"/calendar/{'B' * 43}.ics",  # unknown token
            f"/calendar/{TOKEN}/r2.ics",  # not a room of the club
            f"/calendar/{TOKEN}",  # no .ics
            "/calendar/short.ics",  # not a token at all
            f"/calendar/{TOKEN}/../x.ics",
            "/",
            "/calendar/" + "A" * 600 + ".ics",  # over the path bound: never reaches booking
        )
    }
    assert answers == {(404, b"not found\n")}
    assert len(booking.calls) == 2  # only the well-formed paths were asked about


def test_booking_down_is_503_with_retry_after_and_the_token_never_reaches_a_log(served, caplog):
    server, booking = served
    booking.down = True
    with caplog.at_level(logging.DEBUG, logger="gateway.adapters.calendar_http"):
        status, headers, _ = get(server, f"/calendar/{TOKEN}.ics")
    assert status == 503 and headers["Retry-After"] == "30"
    assert caplog.records and all(TOKEN not in r.getMessage() and TOKEN not in str(r.__dict__) for r in caplog.records)
    assert get(server, f"/calendar/{TOKEN}.ics", "POST")[0] == 501  # only GET and HEAD


def test_a_taken_port_leaves_the_feed_off_without_raising(served, caplog):
    server, _ = served

    async def nothing(token: str, room_id: str, timeout_s: float) -> bytes:
        return b""

    second = CalendarFeedServer("127.0.0.1", server.port, nothing)
    with caplog.at_level(logging.ERROR, logger="gateway.adapters.calendar_http"):
        asyncio.run(second.start())
    assert second.port is None and any("calendar feed not served" in r.getMessage() for r in caplog.records)
    asyncio.run(second.stop())
    assert CalendarFeedServer("127.0.0.1", None, nothing).port is None  # RONDO_CALENDAR_PORT=-1
