"""The gateway's calendar HTTP server on 127.0.0.1 with a scripted booking, for the integration and
faults tiers: an event loop in a thread (the server hands each request to it), stopped afterwards."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator

from gateway.adapters.calendar_http import CalendarFeedServer, Fetch


@contextlib.contextmanager
def serving(fetch: Fetch) -> Iterator[CalendarFeedServer]:
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    server = CalendarFeedServer("127.0.0.1", 0, fetch)
    try:
        asyncio.run_coroutine_threadsafe(server.start(), loop).result(10)
        assert server.port, "the calendar server did not start"
        yield server
    finally:
        asyncio.run_coroutine_threadsafe(server.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()
