"""Hostile HTTP at the gateway's calendar port (gateway/adapters/calendar_http.py), against a real
server on 127.0.0.1: garbage and over-long request lines, a client that never finishes its request,
more concurrent requests than the bound, a booking that never answers. The server answers each with
a small error and goes on serving."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator

import pytest

from gateway.adapters import calendar_http
from gateway.adapters.calendar_http import MAX_CONCURRENT, CalendarFeedServer
from tests.calendar_feed_server import serving
from tests.waiting import wait_until

pytestmark = pytest.mark.faults

TOKEN = "T" * 43


class Booking:
    """The booking service the feed asks: while ``blocking``, each fetch waits (without polling) until the
    test calls :meth:`release`, so the test sees exactly how many requests are inside."""

    def __init__(self) -> None:
        self.blocking = False
        self.entered = 0
        self.lock = threading.Lock()
        self.released = False
        self.waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Event]] = []

    async def fetch(self, token: str, room_id: str, timeout_s: float) -> bytes:
        if self.blocking:
            event = asyncio.Event()
            with self.lock:
                self.entered += 1
                self.waiters.append((asyncio.get_running_loop(), event))
                if self.released:
                    event.set()
            await event.wait()
        else:
            with self.lock:
                self.entered += 1
        return b"BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"

    def release(self) -> None:
        with self.lock:
            self.released = True
            for loop, event in self.waiters:
                loop.call_soon_threadsafe(event.set)


@pytest.fixture
def served(monkeypatch) -> Iterator[tuple[CalendarFeedServer, Booking]]:
    monkeypatch.setattr(calendar_http._Handler, "timeout", 0.5)  # a silent client is dropped quickly in tests
    booking = Booking()
    with serving(booking.fetch) as server:
        yield server, booking
        booking.release()


def raw(port: int, data: bytes, timeout: float = 10.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
        return b"".join(chunks)


def status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0


def healthy(port: int) -> bool:
    return status(raw(port, f"GET /calendar/{TOKEN}.ics HTTP/1.0\r\n\r\n".encode())) == 200


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"\x00\xff\xfe garbage\r\n\r\n",
        b"GET\r\n\r\n",
        b"GET /calendar/%00%ff.ics HTTP/1.0\r\n\r\n",
        b"GET /" + b"a" * 70_000 + b" HTTP/1.0\r\n\r\n",  # over the stdlib's 64 KiB request line
        b"GET /calendar/" + TOKEN.encode() + b".ics HTTP/1.0\r\n" + b"X: y\r\n" * 150 + b"\r\n",  # over 100 headers
        b"DELETE /calendar/" + TOKEN.encode() + b".ics HTTP/1.0\r\n\r\n",
    ],
    ids=["binary", "no-path", "escapes", "long-line", "many-headers", "delete"],
)
def test_hostile_requests_get_a_small_error_and_the_server_goes_on(served, request_bytes):
    server, _ = served
    assert server.port
    answer = raw(server.port, request_bytes)
    assert 400 <= status(answer) < 600 and len(answer) < 1024, answer[:200]
    assert healthy(server.port)


def test_a_client_that_never_finishes_its_request_is_dropped(served):
    server, _ = served
    assert server.port
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as s:
        s.sendall(b"GET /calendar/")  # and nothing more
        started = time.monotonic()
        assert s.recv(1024) == b""  # closed by the server's request timeout
        waited = time.monotonic() - started
    print(f"silent client dropped after {waited:.2f} s (timeout 0.5 s in this test, 10 s in production)")
    assert healthy(server.port)


def test_more_concurrent_requests_than_the_bound_are_told_to_retry(served):
    server, booking = served
    assert server.port
    booking.blocking = True
    answers: list[bytes] = []
    port = server.port
    threads = [
        threading.Thread(target=lambda: answers.append(raw(port, f"GET /calendar/{TOKEN}.ics HTTP/1.0\r\n\r\n".encode())))
        for _ in range(MAX_CONCURRENT)
    ]
    for t in threads:
        t.start()
    wait_until(lambda: booking.entered == MAX_CONCURRENT, "every allowed request is inside", 10)
    refused = raw(server.port, f"GET /calendar/{TOKEN}.ics HTTP/1.0\r\n\r\n".encode())
    assert status(refused) == 503 and b"Retry-After: 5" in refused
    booking.release()
    for t in threads:
        t.join(10)
    assert sorted(status(a) for a in answers) == [200] * MAX_CONCURRENT
    booking.blocking = False
    assert healthy(server.port)
