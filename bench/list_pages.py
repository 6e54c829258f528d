"""Page 1 against page 500 of a big list, before and after keyset paging in the owner (issue 20).

Two lists of ``--rows`` items each (50 000 by default) are written straight into fresh databases of
their owners: league's competitions (listed oldest first: creation time, then id) and one club's
bookings over a year (by start, then id). For each list, ``--repeat`` times, the owner's read of one
page of ``--page-size`` (100) at page 1 and at page ``--page`` (500) is timed three ways (the whole
list ``--repeat`` times, a page ten times as often):

- ``whole list``: the whole list read and the page sliced out of it (what the gateway did with most
  List answers before: every page cost the whole list);
- ``offset``: ``ORDER BY key OFFSET n LIMIT size + 1`` (ListCompetitions before: page 500 reads and
  drops the 49 900 rows before it);
- ``keyset``: ``WHERE key > :after ORDER BY key LIMIT size + 1`` through the owner's use case
  (``rondo_runtime/paging.py``: what every List does now).

Printed, never asserted: the median of each, the ratio page 500 / page 1 of each way (1.0: a page
costs the same wherever it is) and keyset against the whole list at page 500. The machine is shared
and noisy; the ratios are measured in the same process, one after the other.

    .venv/bin/python -m bench.list_pages [--rows 50000] [--page 500] [--page-size 100] [--repeat 3]
        [--database-url postgresql+psycopg://postgres@127.0.0.1:5432/postgres]
        (a PostgreSQL server: a fresh database per list, dropped after; default SQLite files in a temporary directory)
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, insert, text
from sqlmodel import Session, col, select

from booking.adapters.tables import BookingRow, ClubRow, RoomRow
from booking.app import make_service as make_booking
from booking.service import MIGRATIONS as BOOKING_MIGRATIONS
from league.adapters.tables import CompetitionRow
from league.app import make_service as make_league
from league.service import MIGRATIONS as LEAGUE_MIGRATIONS
from rondo_runtime.db import create_database, drop_database, make_engine, run_migrations
from rondo_runtime.paging import WHOLE_LIST, Key, Page, query_fingerprint, time_key

START = datetime(2027, 1, 4, tzinfo=UTC)
ROOMS = 200
BATCH = 5000


def _ms(timed: Callable[[], Any], repeat: int) -> float:
    """The median milliseconds of ``timed()`` over ``repeat`` runs (after one warm-up run)."""
    timed()
    runs = []
    for _ in range(repeat):
        began = time.perf_counter()
        timed()
        runs.append((time.perf_counter() - began) * 1000)
    return statistics.median(runs)


def _fill(engine: Engine, table: Any, rows: Sequence[dict]) -> None:
    with Session(engine) as session:
        for at in range(0, len(rows), BATCH):
            session.execute(insert(table), list(rows[at : at + BATCH]))
        session.commit()
        if engine.dialect.name == "postgresql":
            session.execute(text("ANALYZE"))  # the planner's statistics, as a live database has them
            session.commit()


def competitions(url: str, rows: int) -> tuple[Engine, Any]:
    """League with ``rows`` competitions, one a minute."""
    engine = make_engine(url)
    run_migrations(engine, LEAGUE_MIGRATIONS)
    made = [
        dict(id=str(uuid.uuid4()), name=f"League {i}", ruleset="discard-league-2026", rounds=4, table_size=4)
        | dict(created_at=START + timedelta(minutes=i))
        for i in range(rows)
    ]
    _fill(engine, CompetitionRow, made)
    return engine, make_league(engine)


def bookings(url: str, rows: int) -> tuple[Engine, Any, str]:
    """Booking with one club of ``ROOMS`` rooms and ``rows`` one-hour bookings over a year, no two of a room overlapping."""
    engine = make_engine(url)
    run_migrations(engine, BOOKING_MIGRATIONS)
    club = str(uuid.uuid4())
    rooms = [str(uuid.uuid4()) for _ in range(ROOMS)]
    _fill(engine, ClubRow, [dict(id=club, name="Big club", time_zone="Europe/Moscow", opening_hours="", fallback_minute=1080)])
    _fill(engine, RoomRow, [dict(id=r, club_id=club, name=f"Room {i}", name_key=f"room {i}") for i, r in enumerate(rooms)])
    step = timedelta(minutes=365 * 24 * 60 * ROOMS // max(rows, 1))
    made = []
    for i in range(rows):
        starts = START + (i // ROOMS) * step
        made.append(
            dict(id=str(uuid.uuid4()), club_id=club, room_id=rooms[i % ROOMS], status="active", title=f"Evening {i}")
            | dict(starts_at=starts, ends_at=starts + min(step, timedelta(hours=1)), created_at=START - timedelta(days=1))
        )
    _fill(engine, BookingRow, made)
    return engine, make_booking(engine), club


def measure(
    label: str,
    whole: Callable[[], list],
    keyset: Callable[[Page], tuple[list, str]],
    offset: Callable[[int, int], list] | None,
    key: Callable[[Any], Key],
    page: int,
    size: int,
    repeat: int,
) -> dict[str, Any]:
    """Page 1 and page ``page`` of one list, each of the three ways; the keyset pages are checked against the slice."""
    everything = whole()
    skip = (page - 1) * size
    if len(everything) <= skip:
        raise SystemExit(f"{label}: {len(everything)} items have no page {page} of {size}")
    query = query_fingerprint("bench", label)
    first, far = Page(size, None, query), Page(size, key(everything[skip - 1]), query)
    assert keyset(far)[0] == everything[skip : skip + size], f"{label}: the keyset page is not the slice"
    assert keyset(first)[0] == everything[:size]
    figures: dict[str, Any] = {"items": len(everything)}
    ways: dict[str, tuple[Callable[[], Any], Callable[[], Any]]] = {
        "whole list": (lambda: whole()[:size], lambda: whole()[skip : skip + size]),
        "keyset": (lambda: keyset(first), lambda: keyset(far)),
    }
    if offset is not None:
        ways["offset"] = (lambda: offset(0, size + 1), lambda: offset(skip, size + 1))
    for way, (one, later) in ways.items():
        times = repeat if way == "whole list" else repeat * 10  # a page is cheap: more runs, less noise
        figures[way] = {"page 1 ms": _ms(one, times), f"page {page} ms": _ms(later, times)}
        figures[way]["ratio"] = figures[way][f"page {page} ms"] / figures[way]["page 1 ms"]
    figures[f"keyset vs whole list at page {page}"] = (
        figures["keyset"][f"page {page} ms"] / figures["whole list"][f"page {page} ms"]
    )
    return figures


def report(label: str, figures: dict[str, Any], page: int) -> None:
    print(f"{label} ({figures['items']} items)")
    for way in ("whole list", "offset", "keyset"):
        if way in figures:
            f = figures[way]
            print(
                f"  {way:<11} page 1 {f['page 1 ms']:9.2f} ms   page {page} {f[f'page {page} ms']:9.2f} ms"
                f"   page {page} / page 1 = {f['ratio']:6.2f}"
            )
    print(f"  keyset / whole list at page {page} = {figures[f'keyset vs whole list at page {page}']:.4f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.list_pages", description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--page", type=int, default=500)
    parser.add_argument("--page-size", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database-url", default="", help="a PostgreSQL server's URL: a fresh database per list, dropped after")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rondo-list-pages-") as scratch:
        made: list[str] = []

        def url(name: str) -> str:
            if not args.database_url:
                return f"sqlite:///{scratch}/{name}.db"
            made.append(create_database(args.database_url, f"rondo_{name}"))
            return made[-1]

        try:
            began = time.perf_counter()
            engine, league = competitions(url("league_pages"), args.rows)
            print(f"{args.rows} competitions written in {time.perf_counter() - began:.1f} s")

            def offset(skip: int, limit: int) -> list:
                """ListCompetitions before: the same unit of work, ``OFFSET skip LIMIT limit``."""
                order = (col(CompetitionRow.created_at), col(CompetitionRow.id))
                query = select(CompetitionRow).order_by(*order).offset(skip).limit(limit)
                return league.uow.read(lambda repo: [repo._competition(r) for r in repo.session.exec(query)])

            out["competitions"] = measure(
                "competitions",
                lambda: league.competitions.list(WHOLE_LIST)[0],
                league.competitions.list,
                offset,
                lambda c: time_key(c.created_at, c.id),
                args.page,
                args.page_size,
                args.repeat,
            )
            report("ListCompetitions: league's competitions, oldest first", out["competitions"], args.page)
            engine.dispose()

            began = time.perf_counter()
            engine, booking, club = bookings(url("booking_pages"), args.rows)
            print(f"{args.rows} bookings written in {time.perf_counter() - began:.1f} s")
            year = (START, START + timedelta(days=365))
            out["bookings"] = measure(
                "bookings",
                lambda: booking.calendar.list_bookings(club, *year),
                lambda page: booking.calendar.booking_page(club, *year, page),
                None,
                lambda b: time_key(b.slot.start, b.id),
                args.page,
                args.page_size,
                args.repeat,
            )
            report("ListBookings: a club's bookings over a year, by start", out["bookings"], args.page)
            engine.dispose()
        finally:
            for database in made:
                drop_database(database)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
