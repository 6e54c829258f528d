"""Events for bots (docs/architecture.md "Events for bots"): the durable event log read after a cursor.

``watch`` first sends every stored event after the cursor (in pages), then waits: an append in this
process wakes it at once, and it looks again every ``poll_seconds`` for events other replicas appended.
The stream ends when the client goes away or the server stops (``EventLog.close``); a client that
reconnects with the last id it received misses nothing and gets nothing twice, also across restarts.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

from gateway.adapters.events import MAX_PAGE, Event, EventLog
from gateway.domain.events import EventQuery
from gateway.domain.paging import decode_page_token, encode_page_token, page_size, query_fingerprint

POLL_SECONDS = 1.0


class EventService:
    def __init__(self, events: EventLog, poll_seconds: float = POLL_SECONDS):
        self.events = events
        self.poll_seconds = poll_seconds

    async def watch(self, query: EventQuery, gone: Callable[[], bool] = lambda: False) -> AsyncIterator[Event]:
        """Every event after ``query.after`` that matches, oldest first, then each new one as it is
        appended, until ``gone()`` or the server stops."""
        signal = self.events.listen()
        cursor = query.after
        try:
            while not gone() and not self.events.closing:
                signal.clear()  # before reading: an append during the read sets it again
                page = await asyncio.to_thread(self.events.after, cursor, MAX_PAGE, query.kinds, query.competition_id)
                for event in page:
                    yield event
                    cursor = event.id
                if len(page) == MAX_PAGE:
                    continue  # more stored: no waiting
                try:
                    await asyncio.wait_for(signal.wait(), self.poll_seconds)
                except TimeoutError:
                    pass
        finally:
            self.events.unlisten(signal)

    def list(self, query: EventQuery, requested_size: int, page_token: str) -> tuple[list[Event], str]:
        """One page of the events after the cursor (or after the page token's position) and the token
        of the next page (empty when there is nothing more now)."""
        size = page_size(requested_size)
        fingerprint = query_fingerprint(query.kinds, query.competition_id)
        resume = decode_page_token(page_token, fingerprint)
        cursor = query.after if resume is None else resume
        page = self.events.after(cursor, size + 1, query.kinds, query.competition_id)
        more = len(page) > size
        page = page[:size]
        return page, encode_page_token(page[-1].id, fingerprint) if more and page else ""
