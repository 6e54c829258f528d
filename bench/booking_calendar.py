"""Club-calendar benchmark: the iCalendar feed and recurring series, figures printed, not asserted.

1. domain: ``club_calendar`` for ``--bookings`` bookings (median ms, feed size), every event rendered,
   then with the events cached (the service keeps them: only changed bookings are rendered again);
2. the service on SQLite (or ``--database-url``): ``book_recurring_activity`` of a ``--occurrences``
   daily series (median ms per series, each in a fresh room), then ``export_calendar`` with every
   booking stored (the first export, then median ms of the following ones);
3. ``--http``: the same database served by ``rondo up`` (a real process) and the whole-club feed
   fetched over HTTP from the gateway's calendar port ``--requests`` times, one client (median ms,
   requests per second).

    .venv/bin/python -m bench.booking_calendar [--bookings 2000] [--occurrences 100] [--repeat 20] [--http] [--requests 50]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench.booking_card import timed
from booking.app import make_service
from booking.domain.calendar_feed import EventCache, club_calendar
from booking.domain.intervals import Interval
from booking.domain.model import Club
from booking.domain.scheduling import Booking
from booking.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.process import free_port, server_process

NOW = datetime.now(UTC).replace(microsecond=0)  # `rondo up` (--http) reads the feed at its own clock
ZONE = "Europe/Berlin"


def bookings(club_id: str, room_ids: list[str], count: int) -> list[Booking]:
    """``count`` two-hour bookings over the next year, spread over the rooms, never overlapping in one."""
    out = []
    for i in range(count):
        start = NOW + timedelta(days=1, hours=3 * (i // len(room_ids)))
        out.append(
            Booking(
                f"b{i}",
                club_id,
                room_ids[i % len(room_ids)],
                Interval(start, start + timedelta(hours=2)),
                f"activity {i}",
                updated_at=NOW,
            )
        )
    return out


def line(label: str, seconds: list[float], unit: str, extra: str = "") -> str:
    median = statistics.median(seconds)
    rate = 1 / median if median else float("inf")
    return f"  {label:<34} median {median * 1000:9.2f} ms   {rate:9.1f} {unit}  (n={len(seconds)}){extra}"


def run(
    existing: int = 2000, occurrences: int = 100, repeat: int = 20, database_url: str = "", http: bool = False, requests: int = 50
) -> dict[str, list[float]]:
    figures: dict[str, list[float]] = {}
    rooms = [f"r{i}" for i in range(10)]
    club = Club("club", "Bench club", ZONE)
    names = {r: f"Room {r}" for r in rooms}
    in_memory = bookings("club", rooms, existing)
    figures["feed_bytes"] = [len(club_calendar(club, names, in_memory, NOW))]
    figures["domain"] = timed(lambda: club_calendar(club, names, in_memory, NOW), repeat)
    cache = EventCache()
    club_calendar(club, names, in_memory, NOW, cache=cache)
    figures["domain_cached"] = timed(lambda: club_calendar(club, names, in_memory, NOW, cache=cache), repeat)

    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(database_url or f"sqlite:///{Path(tmp) / 'booking.db'}")
        run_migrations(engine, MIGRATIONS)
        service = make_service(engine, lambda: NOW)
        stored = service.clubs.create_club("Bench club", ZONE)
        room_ids = [service.clubs.add_room(stored.id, f"Room {i}").id for i in range(10)]

        def add_all(repo) -> None:
            for b in bookings(stored.id, room_ids, existing):
                repo.add_booking(b, NOW)

        service.uow.write(add_all)
        series_rooms = iter(service.clubs.add_room(stored.id, f"Series room {i}").id for i in range(repeat))
        first = (NOW + timedelta(days=2, hours=18), NOW + timedelta(days=2, hours=22))
        rule = f"FREQ=DAILY;COUNT={occurrences}"
        figures["series"] = timed(
            lambda: service.calendar.book_recurring_activity(stored.id, next(series_rooms), "Series", *first, rule), repeat
        )
        token = service.calendar.rotate_calendar_token(stored.id)
        t0 = time.perf_counter()
        figures["export_bytes"] = [len(service.calendar.export_calendar(token.token))]
        figures["export_first"] = [time.perf_counter() - t0]
        figures["export"] = timed(lambda: service.calendar.export_calendar(token.token), repeat)
        engine.dispose()
        if http and not database_url:
            figures["http"] = _over_http(Path(tmp), token.path, requests)
    return figures


def _over_http(data_dir: Path, path: str, requests: int) -> list[float]:
    """`rondo up` on ``data_dir`` (its booking.db is the one just filled), the feed fetched over HTTP."""
    port, calendar = free_port(), free_port()
    env = {
        "RONDO_PORT": str(port),
        "RONDO_CALENDAR_PORT": str(calendar),
        "RONDO_METRICS_PORT": "-1",
        "RONDO_DATA_DIR": str(data_dir),
        "RONDO_LOG_LEVEL": "WARNING",
    }
    url = f"http://127.0.0.1:{calendar}{path}"
    with server_process(["-m", "rondo_app.cli", "up"], env, f"127.0.0.1:{port}"):

        def fetch() -> None:
            with urllib.request.urlopen(url, timeout=30) as response:
                response.read()

        fetch()  # the first call opens the gateway's channels
        return timed(fetch, requests)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bookings", type=int, default=2000)
    parser.add_argument("--occurrences", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--database-url", default="", help="an empty PostgreSQL database instead of a SQLite file")
    parser.add_argument("--http", action="store_true", help="also fetch the feed over HTTP from `rondo up` (SQLite only)")
    parser.add_argument("--requests", type=int, default=50)
    args = parser.parse_args(argv)
    where = "PostgreSQL" if args.database_url else "SQLite"
    print(
        f"club calendar: {args.bookings} bookings in 10 rooms, series of {args.occurrences} occurrences, {args.repeat} runs each"
    )
    figures = run(args.bookings, args.occurrences, args.repeat, args.database_url, args.http, args.requests)
    print(line("domain (club_calendar)", figures["domain"], "feeds/s", f"  {figures['feed_bytes'][0] / 1024:.0f} KiB"))
    print(line("domain, events cached", figures["domain_cached"], "feeds/s"))
    print(line(f"book_recurring_activity ({where})", figures["series"], "series/s"))
    print(
        line(
            f"export_calendar, first ({where})",
            figures["export_first"],
            "feeds/s",
            f"  {figures['export_bytes'][0] / 1024:.0f} KiB",
        )
    )
    print(line(f"export_calendar, again ({where})", figures["export"], "feeds/s"))
    if "http" in figures:
        print(line("GET /calendar/<token>.ics (HTTP)", figures["http"], "requests/s"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
