"""Page 1 against page 500 of a big list, before and after keyset paging in the owner (issue 20).

Four lists of ``--rows`` items each (50 000 by default) are written straight into fresh databases of
their owners: league's competitions (listed oldest first: creation time, then id), one competition's
players (ListPlayers: registration order, the main roster: every tenth player withdrawn), one match's
result records (ListMatchHistory: the order entered, each with its status, reviews and replacement)
and one club's bookings over a year (by start, then id); ``--lists`` picks some. For each list,
``--repeat`` times, the owner's read of one page of ``--page-size`` (100) at page 1 and at page
``--page`` (500) is timed two or three ways (the whole list ``--repeat`` times, a page ten times as
often):

- ``whole list``: the whole list read and the page sliced out of it (what the gateway did with most
  List answers before, and the owner with players, records and the other lists of league and booking
  until they were paged in SQL: every page cost the whole list);
- ``offset``: ``ORDER BY key OFFSET n LIMIT size + 1`` (ListCompetitions before: page 500 reads and
  drops the 49 900 rows before it);
- ``keyset``: ``WHERE key > :after ORDER BY key LIMIT size + 1`` through the owner's use case
  (``rondo_runtime/paging.py``: what every List does now).

Printed, never asserted: the median of each, the ratio page 500 / page 1 of each way (1.0: a page
costs the same wherever it is) and keyset against the whole list at page 500. The machine is shared
and noisy; the ratios are measured in the same process, one after the other.

    .venv/bin/python -m bench.list_pages [--rows 50000] [--page 500] [--page-size 100] [--repeat 3]
        [--lists competitions,players,records,bookings]
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
from league.adapters.tables import CompetitionRow, DrawRow, PlayerRow, ResultRecordRow
from league.app import make_service as make_league
from league.domain.model import DrawStatus, PlayerStatus
from league.domain.records import RecordKind
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


def _competition(engine: Engine, **columns: Any) -> str:
    competition = str(uuid.uuid4())
    made = dict(id=competition, name="Big league", ruleset="discard-league-2026", rounds=4, table_size=4, created_at=START)
    _fill(engine, CompetitionRow, [made | columns])
    return competition


def _players(competition: str, count: int, withdrawn_every: int = 0) -> list[dict]:
    """``count`` players of the main roster in registration order, and (``withdrawn_every``) a withdrawn
    one every so often between them: every ``withdrawn_every``-th registered, not in the main roster."""
    out: list[dict[str, Any]] = []
    main = 0
    while main < count:
        i = len(out)
        left = withdrawn_every and i % withdrawn_every == withdrawn_every - 1
        main += not left
        status = PlayerStatus.WITHDRAWN if left else PlayerStatus.MAIN
        name = f"Player {i}"
        out.append(
            {"id": str(uuid.uuid4()), "competition_id": competition, "name": name, "name_key": name.lower()}
            | {"lookalike_key": name.lower(), "registration_order": i + 1, "status": status.value, "rating": None}
            | {"title": "", "status_reason": ""}
        )
    return out


def players(url: str, rows: int) -> tuple[Engine, Any, str]:
    """League with one competition whose main roster is ``rows`` players, and one withdrawn player every
    tenth registered (ListPlayers shows the others)."""
    engine = make_engine(url)
    run_migrations(engine, LEAGUE_MIGRATIONS)
    competition = _competition(engine)
    _fill(engine, PlayerRow, _players(competition, rows, withdrawn_every=10))
    return engine, make_league(engine), competition


def records(url: str, rows: int) -> tuple[Engine, Any, str]:
    """League with one competition, its approved draw of one table and ``rows`` records of that match
    (penalties entered by a judge: a long correction history)."""
    engine = make_engine(url)
    run_migrations(engine, LEAGUE_MIGRATIONS)
    draw = str(uuid.uuid4())
    competition = _competition(engine, published_draw_id=draw)
    seated = _players(competition, 4)
    _fill(engine, PlayerRow, seated)
    seats = [[[p["id"] for p in seated]]]
    _fill(
        engine,
        DrawRow,
        [
            dict(id=draw, competition_id=competition, version=1, status=DrawStatus.APPROVED.value, seed=1, objective="0")
            | dict(lower_bound="0", proven_optimal=True, method="bench", played_rounds=0, reason="", created_at=START)
            | dict(approved_at=START, sitting_out=0, seating=json.dumps(seats, separators=(",", ":")))
        ],
    )
    content = json.dumps({"player": seated[0]["id"], "points": -1, "reason": "late"}, separators=(",", ":"))
    made = [
        dict(id=str(uuid.uuid4()), competition_id=competition, sequence=i + 1, stage=1, round=1, table_number=1)
        | dict(kind=RecordKind.PENALTY.value, content=content, recorded_by="Judge", recorded_at=START + timedelta(seconds=i))
        | dict(replaces_record_id=None, reason="", reported_by_player_id=None)
        for i in range(rows)
    ]
    _fill(engine, ResultRecordRow, made)
    return engine, make_league(engine), competition


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


def bench_competitions(url: str, args: argparse.Namespace) -> dict[str, Any]:
    engine, league = competitions(url, args.rows)

    def offset(skip: int, limit: int) -> list:
        """ListCompetitions before: the same unit of work, ``OFFSET skip LIMIT limit``."""
        order = (col(CompetitionRow.created_at), col(CompetitionRow.id))
        query = select(CompetitionRow).order_by(*order).offset(skip).limit(limit)
        return league.uow.read(lambda repo: [repo._competition(r) for r in repo.session.exec(query)])

    try:
        figures = measure(
            "competitions",
            lambda: league.competitions.list(WHOLE_LIST)[0],
            league.competitions.list,
            offset,
            lambda c: time_key(c.created_at, c.id),
            args.page,
            args.page_size,
            args.repeat,
        )
    finally:
        engine.dispose()
    report("ListCompetitions: league's competitions, oldest first", figures, args.page)
    return figures


def bench_players(url: str, args: argparse.Namespace) -> dict[str, Any]:
    engine, league, competition = players(url, args.rows)
    try:
        figures = measure(
            "players",
            lambda: league.roster.list(competition),
            lambda page: league.roster.page(competition, False, page),
            None,
            lambda p: (p.registration_order,),
            args.page,
            args.page_size,
            args.repeat,
        )
    finally:
        engine.dispose()
    report("ListPlayers: a competition's main roster, in registration order", figures, args.page)
    return figures


def bench_records(url: str, args: argparse.Namespace) -> dict[str, Any]:
    engine, league, competition = records(url, args.rows)

    def page_of(page: Page) -> tuple[list, str]:
        found, token = league.records.match_history_page(competition, 1, 1, 1, page)
        return [reviewed for reviewed, _ in found], token

    try:
        figures = measure(
            "records",
            lambda: league.records.match_history(competition, 1, 1),
            page_of,
            None,
            lambda x: (x.record.sequence,),
            args.page,
            args.page_size,
            args.repeat,
        )
    finally:
        engine.dispose()
    report("ListMatchHistory: one match's records, in the order entered, with their status", figures, args.page)
    return figures


def bench_bookings(url: str, args: argparse.Namespace) -> dict[str, Any]:
    engine, booking, club = bookings(url, args.rows)
    year = (START, START + timedelta(days=365))
    try:
        figures = measure(
            "bookings",
            lambda: booking.calendar.list_bookings(club, *year),
            lambda page: booking.calendar.booking_page(club, *year, page),
            None,
            lambda b: time_key(b.slot.start, b.id),
            args.page,
            args.page_size,
            args.repeat,
        )
    finally:
        engine.dispose()
    report("ListBookings: a club's bookings over a year, by start", figures, args.page)
    return figures


LISTS: dict[str, Callable[[str, argparse.Namespace], dict[str, Any]]] = {
    "competitions": bench_competitions,
    "players": bench_players,
    "records": bench_records,
    "bookings": bench_bookings,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bench.list_pages", description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=50_000)
    parser.add_argument("--page", type=int, default=500)
    parser.add_argument("--page-size", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database-url", default="", help="a PostgreSQL server's URL: a fresh database per list, dropped after")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--lists", default=",".join(LISTS), help=f"which lists, comma-separated (default: {','.join(LISTS)})")
    args = parser.parse_args(argv)
    chosen = [name.strip() for name in args.lists.split(",") if name.strip()]
    if unknown := [name for name in chosen if name not in LISTS]:
        parser.error(f"unknown lists {unknown}; the lists are {', '.join(LISTS)}")
    print(f"{'PostgreSQL' if args.database_url else 'SQLite'}: {args.rows} items a list, page {args.page} of {args.page_size}")
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="rondo-list-pages-") as scratch:
        made: list[str] = []

        def url(name: str) -> str:
            if not args.database_url:
                return f"sqlite:///{scratch}/{name}.db"
            made.append(create_database(args.database_url, f"rondo_{name}"))
            return made[-1]

        try:
            for name in chosen:
                began = time.perf_counter()
                out[name] = LISTS[name](url(f"{name}_pages"), args)
                print(f"  ({name}: written and measured in {time.perf_counter() - began:.1f} s)")
        finally:
            for database in made:
                drop_database(database)
    if args.json:
        args.json.write_text(json.dumps(out, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
