"""The clubs' iCalendar feeds over plain HTTP, served by the gateway process so a calendar app can
subscribe by URL (docs/rules.md ``schedule.calendar.ical-feed``; README "Running it").

``GET /calendar/<token>.ics`` (the whole club), ``GET /calendar/<token>/<room_id>.ics`` (one room) and
``GET /calendar/me/<token>.ics`` (a player's own booked meetings, gateway/my_calendar.py), also ``HEAD``; anything else is 404. Booking makes the bytes (``ExportCalendar`` over gRPC, with the
gateway's deadline); this module only carries them:

* an unknown token, a wrong room and a malformed path all answer the same 404, so the answer never
  tells whether a token exists; the token never reaches a log line;
* bounded: the path (:data:`MAX_PATH`), the time a client may take to send its request
  (:data:`REQUEST_TIMEOUT_S`), concurrent requests (:data:`MAX_CONCURRENT`, then 503), booking's answer
  (:data:`FETCH_TIMEOUT_S`, then 503 with ``Retry-After``);
* ``ETag`` (SHA-256 of the feed) and ``If-None-Match`` -> 304, so polling calendar apps cost little.

A stdlib ``ThreadingHTTPServer`` in a daemon thread; each request hands the gRPC call to the server's
event loop (the gateway's channels belong to it). A port that is taken is logged as an error and the
gateway serves gRPC without the feed (the API must not go down with its side door).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import logging
import re
import socket
import threading
from collections.abc import Callable, Coroutine
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from rondo_runtime import errors

log = logging.getLogger(__name__)

MY_FEED_PATH = re.compile(r"^/calendar/me/(?P<token>[A-Za-z0-9_-]{20,64})\.ics$")
FEED_PATH = re.compile(r"^/calendar/(?P<token>[A-Za-z0-9_-]{20,64})(?:/(?P<room>[A-Za-z0-9_-]{1,64}))?\.ics$")
MAX_PATH = 512
MAX_CONCURRENT = 16
REQUEST_TIMEOUT_S = 10.0
FETCH_TIMEOUT_S = 10.0
CACHE_SECONDS = 300

Fetch = Callable[[str, str, float], Coroutine[Any, Any, bytes]]
"""(token, room_id or "", timeout seconds) -> the feed's bytes; raises ``rondo_runtime.errors.NotFound``."""

FetchMine = Callable[[str, float], Coroutine[Any, Any, bytes]]
"""(a player's own token, timeout seconds) -> their feed's bytes; raises ``rondo_runtime.errors.NotFound``."""


async def _no_player_feeds(token: str, timeout_s: float) -> bytes:
    raise errors.NotFound("not found")


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], fetch: Fetch, fetch_mine: FetchMine, loop: asyncio.AbstractEventLoop):
        self.fetch = fetch
        self.fetch_mine = fetch_mine
        self.loop = loop
        self.slots = threading.BoundedSemaphore(MAX_CONCURRENT)
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)


class _Handler(BaseHTTPRequestHandler):
    server: _Server
    server_version = "rondo-calendar"
    sys_version = ""
    timeout = REQUEST_TIMEOUT_S  # a client that sends nothing is dropped
    default_request_version = "HTTP/1.0"  # every answer has a status line, even to a malformed request
    error_message_format = "%(code)d %(message)s\n"  # the stdlib's errors, small and plain
    error_content_type = "text/plain; charset=utf-8"

    def do_GET(self) -> None:
        self._serve(body=True)

    def do_HEAD(self) -> None:
        self._serve(body=False)

    def _serve(self, body: bool) -> None:
        if not self.server.slots.acquire(blocking=False):
            self._plain(HTTPStatus.SERVICE_UNAVAILABLE, "busy, try again", body, retry_after=5)
            return
        try:
            self._feed(body)
        finally:
            self.server.slots.release()

    def _feed(self, body: bool) -> None:
        if len(self.path) > MAX_PATH:
            self._plain(HTTPStatus.NOT_FOUND, "not found", body)
            return
        path = urlsplit(self.path).path
        mine = MY_FEED_PATH.match(path)
        match = FEED_PATH.match(path)
        if mine is not None:
            call = self.server.fetch_mine(mine["token"], FETCH_TIMEOUT_S)
        elif match is not None:
            call = self.server.fetch(match["token"], match["room"] or "", FETCH_TIMEOUT_S)
        else:
            self._plain(HTTPStatus.NOT_FOUND, "not found", body)
            return
        future: concurrent.futures.Future[bytes] = asyncio.run_coroutine_threadsafe(call, self.server.loop)
        try:
            ics = future.result(FETCH_TIMEOUT_S + 1)
        except (errors.NotFound, errors.InvalidArgument):
            self._plain(HTTPStatus.NOT_FOUND, "not found", body)
            return
        except (errors.Unavailable, concurrent.futures.TimeoutError, TimeoutError):
            future.cancel()
            self._plain(
                HTTPStatus.SERVICE_UNAVAILABLE, "the calendar is not available right now, try again", body, retry_after=30
            )
            return
        except Exception:  # noqa: BLE001 - a bug: logged, answered without details
            log.exception("calendar feed failed")
            self._plain(HTTPStatus.INTERNAL_SERVER_ERROR, "internal error", body)
            return
        etag = f'"{hashlib.sha256(ics).hexdigest()[:32]}"'
        if self.headers.get("If-None-Match", "") == etag:
            self._start(HTTPStatus.NOT_MODIFIED, {"ETag": etag})
            self.end_headers()
            return
        self._start(
            HTTPStatus.OK,
            {
                "Content-Type": "text/calendar; charset=utf-8",
                "Content-Length": str(len(ics)),
                "Content-Disposition": 'inline; filename="calendar.ics"',
                "ETag": etag,
                "Cache-Control": f"private, max-age={CACHE_SECONDS}",
            },
        )
        self.end_headers()
        if body:
            self.wfile.write(ics)

    def _start(self, status: HTTPStatus, headers: dict[str, str]) -> None:
        self.send_response(status)
        for name, value in {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", **headers}.items():
            self.send_header(name, value)

    def _plain(self, status: HTTPStatus, text: str, body: bool, retry_after: int | None = None) -> None:
        data = f"{text}\n".encode()
        headers = {"Content-Type": "text/plain; charset=utf-8", "Content-Length": str(len(data)), "Cache-Control": "no-store"}
        if retry_after is not None:
            headers["Retry-After"] = str(retry_after)
        self._start(status, headers)
        self.end_headers()
        if body:
            self.wfile.write(data)

    # the request line holds the token: log the method and the status only
    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        log.debug("calendar request", extra={"method": getattr(self, "command", None), "status": str(code)})

    def log_error(self, format: str, *args) -> None:
        log.debug("calendar request refused", extra={"method": getattr(self, "command", None)})


class CalendarFeedServer:
    """Starts (``start``, in the event loop that owns the gRPC channels) and stops the HTTP server;
    ``serve`` does both as a background job of the gateway (``ServiceSpec.background``: started once
    the servers accept calls, cancelled when the process stops); ``port`` is the bound port (None: not
    serving)."""

    def __init__(self, host: str, port: int | None, fetch: Fetch, fetch_mine: FetchMine = _no_player_feeds):
        self.host = host
        self.requested_port = port
        self.fetch = fetch
        self.fetch_mine = fetch_mine
        self._http: _Server | None = None

    @property
    def port(self) -> int | None:
        return self._http.server_address[1] if self._http is not None else None

    async def start(self) -> None:
        if self.requested_port is None:
            return
        host = self.host.strip("[]") or "0.0.0.0"
        try:
            self._http = _Server((host, self.requested_port), self.fetch, self.fetch_mine, asyncio.get_running_loop())
        except OSError as error:
            log.error(
                "calendar feed not served: cannot listen",
                extra={"host": host, "port": self.requested_port, "error": str(error)},
            )
            return
        threading.Thread(target=self._http.serve_forever, name="calendar-http", daemon=True).start()
        log.info("calendar feed listening", extra={"host": host, "calendar_port": self.port})

    async def serve(self) -> None:
        """Serves until cancelled."""
        await self.start()
        try:
            await asyncio.Event().wait()
        finally:
            await self.stop()

    async def stop(self) -> None:
        if self._http is not None:
            await asyncio.to_thread(self._http.shutdown)
            self._http.server_close()
            self._http = None
