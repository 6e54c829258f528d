"""The gateway's event log on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from gateway.adapters.events import EventLog
from gateway.adapters.tables import metadata
from gateway.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations

pytestmark = pytest.mark.integration


def test_event_log_appends_in_order(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    log = EventLog(engine)
    log.append("draw.proposed", "c1", "d1", version=1)
    log.append("draw.published", "c1", "d1", version=1)
    log.append("draw.proposed", "c2", "d2", version=1)
    assert log.for_competition("c1") == [("draw.proposed", "d1"), ("draw.published", "d1")]
    engine.dispose()


def _log(db_url) -> EventLog:
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    return EventLog(engine)


def test_events_after_a_cursor_in_order_with_filters(db_url):
    log = _log(db_url)
    for i in range(5):
        if i % 2:
            log.append("draw.proposed", f"c{i % 2}", f"s{i}", version=i)
        else:
            log.append("schedule.booked", f"c{i % 2}", f"s{i}", match_key=f"c0/1/1/{i}")
    every = log.after(0)
    assert [e.subject_id for e in every] == ["s0", "s1", "s2", "s3", "s4"]
    assert [e.id for e in every] == sorted(e.id for e in every) and len({e.id for e in every}) == 5
    assert [e.subject_id for e in log.after(every[2].id)] == ["s3", "s4"]
    assert [e.subject_id for e in log.after(0, kinds=("draw.proposed",))] == ["s1", "s3"]
    assert [e.subject_id for e in log.after(0, competition_id="c0")] == ["s0", "s2", "s4"]
    assert [e.subject_id for e in log.after(0, limit=2)] == ["s0", "s1"]
    assert every[4].payload == {"match_key": "c0/1/1/4"} and log.last_id() == every[4].id
    log.engine.dispose()


def test_the_log_refuses_an_event_without_its_typed_message(db_url):
    """Every kind has its message (gateway/event_payloads.py): an unknown kind, or a payload its
    message cannot hold, is never appended, so every event a bot reads is typed."""
    log = _log(db_url)
    with pytest.raises(ValueError, match="no event kind"):
        log.append("draw.reviewed", "c", "d", version=1)
    with pytest.raises(ValueError, match="does not fit DrawPublishedEvent"):
        log.append("draw.published", "c", "d", version="one")
    with pytest.raises(ValueError, match="does not fit ScheduleBookedEvent"):
        log.append_once("schedule.booked", "c", "m", "k", match_key="c/1/1/1", availability=[])
    assert log.after(0) == [] and log.with_once_key("k") == []
    log.engine.dispose()


def test_concurrent_appends_never_let_a_reader_skip_one(db_url):
    """Ids become visible in order (PostgreSQL: appends hold an advisory lock until commit), so a
    reader following its cursor while eight writers append sees every event exactly once."""
    import threading

    log = _log(db_url)
    writers_done = threading.Event()
    seen: list[int] = []

    def write(w: int) -> None:
        for i in range(25):
            log.append("schedule.booked", "c", f"{w}-{i}")

    def read() -> None:
        cursor = 0
        while True:
            finished = writers_done.is_set()
            for event in log.after(cursor):
                seen.append(event.id)
                cursor = event.id
            if finished:
                return

    reader = threading.Thread(target=read)
    reader.start()
    writers = [threading.Thread(target=write, args=(w,)) for w in range(8)]
    for t in writers:
        t.start()
    for t in writers:
        t.join()
    writers_done.set()
    reader.join()
    every = [e.id for e in log.after(0)]
    assert len(every) == 200
    assert seen == every, "the reader missed or repeated events"
    log.engine.dispose()


def test_a_waiting_stream_gets_another_replicas_event_from_the_one_poller(db_url):
    """Idle streams wait to be woken; the one poller of a replica wakes them when another replica (its own
    EventLog on the same database) appended, and stops with the last stream (gateway/event_service.py)."""
    import asyncio

    from gateway.domain.events import EventQuery
    from gateway.event_service import EventService

    log = _log(db_url)
    replica = EventLog(make_engine(db_url))
    service = EventService(log, poll_seconds=0.05)

    async def scenario() -> list[str]:
        streams = [service.watch(EventQuery(0, (), "")) for _ in range(3)]
        waiting = [asyncio.ensure_future(anext(s)) for s in streams]
        end = asyncio.get_running_loop().time() + 10
        while service._watching < 3 and asyncio.get_running_loop().time() < end:  # all three are waiting
            await asyncio.sleep(0.01)
        assert service._poller is not None and not service._poller.done()
        await asyncio.to_thread(replica.append, "draw.proposed", "c1", "d1", version=1)
        got = await asyncio.wait_for(asyncio.gather(*waiting), 10)
        for stream in streams:
            await stream.aclose()
        await asyncio.wait_for(service._poller, 10)  # the last stream gone, the poller stops
        return [event.subject_id for event in got]

    assert asyncio.run(scenario()) == ["d1"] * 3
    replica.engine.dispose()
    log.engine.dispose()
