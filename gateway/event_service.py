"""Events for bots (docs/architecture.md "Events for bots"): the durable event log read after a cursor.

``watch`` first sends every stored event after the cursor (in pages), then waits to be woken: an append
in this process wakes its streams at once, and one poller per process (not one per stream) looks at the
log's last id every ``poll_seconds`` and wakes them when another replica appended. An idle stream costs
nothing. The stream ends when the client goes away or the server stops (``EventLog.close``); a client that
reconnects with the last id it received misses nothing and gets nothing twice, also across restarts.

Each replica keeps at most ``streams_per_account`` open streams per account and ``streams_total`` in all
(``RONDO_EVENT_STREAMS_PER_ACCOUNT``, ``RONDO_EVENT_STREAMS_TOTAL``); one more is refused with
RESOURCE_EXHAUSTED naming the limit.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import Counter
from collections.abc import AsyncGenerator, Callable, Iterator

from gateway.adapters.events import MAX_PAGE, Event, EventLog
from gateway.domain.events import EventQuery
from rondo_runtime.config import Settings
from rondo_runtime.errors import ResourceExhausted
from rondo_runtime.paging import Page, decode_page_token, page_size, query_fingerprint

POLL_SECONDS = 1.0
_DEFAULTS = Settings()


class StreamSlots:
    """Open streams counted per account and in all, within their limits."""

    def __init__(self, per_account: int, total: int):
        self.per_account = per_account
        self.total = total
        self._open: Counter[str] = Counter()

    def take(self, account: str) -> None:
        """One more open stream for ``account``, or RESOURCE_EXHAUSTED naming the limit it would pass."""
        if self._open[account] >= self.per_account:
            raise ResourceExhausted.because("EVENT_STREAMS_PER_ACCOUNT", limit=self.per_account)
        if self.open_streams() >= self.total:
            raise ResourceExhausted.because("EVENT_STREAMS_TOTAL", limit=self.total, retry_after_s=5.0)
        self._open[account] += 1

    def give_back(self, account: str) -> None:
        self._open[account] -= 1
        if self._open[account] <= 0:
            del self._open[account]

    def open_streams(self, account: str | None = None) -> int:
        """Open streams of ``account``, or of everybody."""
        return sum(self._open.values()) if account is None else self._open[account]


class EventService:
    def __init__(
        self,
        events: EventLog,
        poll_seconds: float = POLL_SECONDS,
        streams_per_account: int = _DEFAULTS.event_streams_per_account,
        streams_total: int = _DEFAULTS.event_streams_total,
    ):
        self.events = events
        self.poll_seconds = poll_seconds
        self.slots = StreamSlots(streams_per_account, streams_total)
        self._watching = 0  # streams waiting on this service's poller
        self._poller: asyncio.Task | None = None

    @contextlib.contextmanager
    def stream_slot(self, account: str) -> Iterator[None]:
        """One of ``account``'s open streams while it runs (RESOURCE_EXHAUSTED beyond the limits)."""
        self.slots.take(account)
        try:
            yield
        finally:
            self.slots.give_back(account)

    async def watch(self, query: EventQuery, gone: Callable[[], bool] = lambda: False) -> AsyncGenerator[Event]:
        """Every event after ``query.after`` that matches, oldest first, then each new one as it is
        appended, until ``gone()`` or the server stops."""
        signal = self.events.listen()
        self._watching += 1
        self._start_poller()
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
                await signal.wait()  # an append here, the poller (another replica's), or the server stopping
        finally:
            self._watching -= 1
            self.events.unlisten(signal)

    def _start_poller(self) -> None:
        # one per process while streams wait; it stops with the last of them (same event loop: no race)
        if self._poller is None or self._poller.done():
            self._poller = asyncio.get_running_loop().create_task(self._poll())

    async def _poll(self) -> None:
        """Wakes the streams when the log's last id moved (another replica appended). Its first look
        wakes them too: an event may have come between a stream's first read and that look."""
        seen: int | None = None
        while self._watching and not self.events.closing:
            newest: int | None
            try:
                newest = await asyncio.to_thread(self.events.last_id)
            except Exception:  # noqa: BLE001 - a database hiccup: the streams wait for the next look
                newest = seen
            if newest != seen:
                seen = newest
                self.events.wake()
            await asyncio.sleep(self.poll_seconds)

    def list(self, query: EventQuery, requested_size: int, page_token: str) -> tuple[list[Event], str]:
        """One page of the events after the cursor (or after the page token's position) and the token
        of the next page (empty when there is nothing more now)."""
        fingerprint = query_fingerprint("ListEvents", query.kinds, query.competition_id)
        page = Page(page_size(requested_size), decode_page_token(page_token, fingerprint, (int,)), fingerprint)
        cursor = query.after if page.after is None else int(page.after[0])
        assert page.limit is not None
        return page.answer(self.events.after(cursor, page.limit, query.kinds, query.competition_id), lambda e: (e.id,))
