"""Match-card benchmark: 4 players x 200 free intervals each, against 2 000 existing bookings of the club.

Figures, printed, not asserted:

1. pure domain: ``match_card`` (common options with rooms, confirmations) on objects in memory;
2. the service on SQLite (a fresh file): ``Scheduling.get_match_card`` reading the answers, the
   meetings and the week's bookings from the database and building the card;
3. the dense case (issue 16): each player's 200 intervals disjoint (three hours every 3.4 hours of a
   four-week window, each player a few minutes later), so the common time is 200 pieces that every
   room's bookings cut at both ends: ``match_card`` now, and the algorithm before issue 16 (:func:`reference_options`)
   on the same input, with the ratio; every room is booked alike (a club night);
4. the same with every room booked differently (each room's bookings 7 minutes after the previous
   room's): nothing is shared between rooms.

Each: median and fastest ms per card, and cards per second, over ``--repeat`` cards. On a shared machine the
fastest card is the closest to what an idle machine gives (other work only ever adds time).

    .venv/bin/python -m bench.booking_card [--players 4] [--intervals 200] [--bookings 2000] [--rooms 10] [--repeat 50]
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from booking.app import make_service
from booking.domain.intervals import Interval, intersect, subtract
from booking.domain.scheduling import Availability, Booking, Match, Option, busy_by_room, match_card
from booking.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations

WINDOW_START = datetime(2030, 3, 4, tzinfo=UTC)
WINDOW = timedelta(days=7)
DENSE_WINDOW = timedelta(days=28)
NOW = WINDOW_START - timedelta(days=1)


def intervals(rng: random.Random, count: int) -> list[tuple[datetime, datetime]]:
    """``count`` random intervals of 30 minutes to 4 hours inside the window (they may overlap)."""
    minutes = int(WINDOW.total_seconds() // 60)
    out = []
    for _ in range(count):
        length = rng.randint(30, 240)
        start = rng.randint(0, minutes - length)
        out.append((WINDOW_START + timedelta(minutes=start), WINDOW_START + timedelta(minutes=start + length)))
    return out


def dense_intervals(count: int, player: int, window: timedelta = DENSE_WINDOW) -> list[Interval]:
    """``count`` disjoint three-hour intervals spread evenly over ``window`` from an hour after each
    step, the ``player``-th player's starting ``5 * player`` minutes later: together they leave ``count``
    common pieces, each cut at both ends by the bookings of every room (:func:`bookings`)."""
    step = window / count
    shift = timedelta(hours=1, minutes=5 * player)
    return [Interval(WINDOW_START + step * i + shift, WINDOW_START + step * i + timedelta(hours=4)) for i in range(count)]


def reference_options(window, availabilities, room_ids, busy, min_length) -> tuple[Option, ...]:
    """``common_options`` as it was before issue 16 (the baseline of the dense figure): intersect the
    answers pairwise, build every room's free time, intersect it with the common time."""
    everyone: tuple[Interval, ...] = (window,)
    for answer in availabilities:
        everyone = intersect(everyone, answer)
    rooms_by_slot: dict[Interval, list[str]] = {}
    for room in room_ids:
        for slot in intersect(everyone, subtract((window,), busy.get(room, ()), min_length)):
            if slot.length >= min_length:
                rooms_by_slot.setdefault(slot, []).append(room)
    return tuple(Option(slot, tuple(rooms)) for slot, rooms in sorted(rooms_by_slot.items()))


def bookings(club_id: str, room_ids: list[str], count: int, window: timedelta = WINDOW, staggered: bool = False) -> list[Booking]:
    """``count`` bookings spread evenly over the rooms and the window, never overlapping in a room; every
    room booked alike (a club night), or ``staggered``: each room's bookings a few minutes later than
    the previous room's, so no two rooms are alike."""
    per_room = -(-count // len(room_ids))
    step = window / per_room
    out = []
    for i in range(count):
        room, k = room_ids[i % len(room_ids)], i // len(room_ids)
        start = WINDOW_START + step * k + (timedelta(minutes=7 * (i % len(room_ids))) if staggered else timedelta(0))
        out.append(Booking(f"b{i}", club_id, room, Interval(start, start + step / 2), f"activity {i}"))
    return out


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    seconds = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - t0)
    return seconds


def line(label: str, seconds: list[float]) -> str:
    median = statistics.median(seconds)
    return (
        f"  {label:<28} median {median * 1000:8.2f} ms   fastest {min(seconds) * 1000:8.2f} ms"
        f"   {1 / median if median else float('inf'):9.1f} cards/s  (n={len(seconds)})"
    )


def run(
    players: int = 4, per_player: int = 200, existing: int = 2000, rooms: int = 10, repeat: int = 50, seed: int = 1
) -> dict[str, list[float]]:
    rng = random.Random(seed)
    ids = [f"p{i}" for i in range(1, players + 1)]
    answers = {p: intervals(rng, per_player) for p in ids}

    # 1. pure domain
    from booking.domain.intervals import merge

    match = Match("m", "bench/1/1/1", "club", tuple(ids), Interval(WINDOW_START, WINDOW_START + WINDOW), 90)
    answered = {p: Availability(p, 1, merge(Interval(a, b) for a, b in answers[p])) for p in ids}
    room_ids = [f"r{i}" for i in range(rooms)]
    busy = busy_by_room(bookings("club", room_ids, existing))
    domain = timed(lambda: match_card(match, answered, [], [], room_ids, busy, ids[0]), repeat)

    # 2. the service on SQLite
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'bench.db'}")
        run_migrations(engine, MIGRATIONS)
        service = make_service(engine, lambda: NOW)
        club = service.clubs.create_club("Bench club", "")
        stored_rooms = [service.clubs.add_room(club.id, f"Room {i}").id for i in range(rooms)]

        def add_all(repo) -> None:
            for b in bookings(club.id, stored_rooms, existing):
                repo.add_booking(b, NOW)

        service.uow.write(add_all)
        service.scheduling.open_match(club.id, "bench/1/1/1", ids, WINDOW_START, WINDOW_START + WINDOW, 90)
        for p in ids:
            service.scheduling.set_availability("bench/1/1/1", p, answers[p])
        stored = timed(lambda: service.scheduling.get_match_card("bench/1/1/1", ids[0]), repeat)
        engine.dispose()

    # 3. the dense case: disjoint answers, every common piece cut by the bookings
    dense_match = dataclasses.replace(match, window=Interval(WINDOW_START, WINDOW_START + DENSE_WINDOW))
    dense = {p: Availability(p, 1, tuple(dense_intervals(per_player, k))) for k, p in enumerate(ids)}
    dense_busy = busy_by_room(bookings("club", room_ids, existing, DENSE_WINDOW))
    card = match_card(dense_match, dense, [], [], room_ids, dense_busy, ids[0])
    answers_only = [dense[p].intervals for p in ids]
    before = reference_options(dense_match.window, answers_only, room_ids, dense_busy, dense_match.min_length)
    assert card.options == before, "the dense card differs from the reference algorithm's"
    dense_now = timed(lambda: match_card(dense_match, dense, [], [], room_ids, dense_busy, ids[0]), repeat)
    dense_before = timed(
        lambda: reference_options(dense_match.window, answers_only, room_ids, dense_busy, dense_match.min_length), repeat
    )
    # the same, every room booked differently (nothing shared between rooms)
    staggered_busy = busy_by_room(bookings("club", room_ids, existing, DENSE_WINDOW, staggered=True))
    staggered_card = match_card(dense_match, dense, [], [], room_ids, staggered_busy, ids[0])
    staggered_before = reference_options(dense_match.window, answers_only, room_ids, staggered_busy, dense_match.min_length)
    assert staggered_card.options == staggered_before, "the staggered card differs from the reference algorithm's"
    staggered_now = timed(lambda: match_card(dense_match, dense, [], [], room_ids, staggered_busy, ids[0]), repeat)
    staggered_then = timed(
        lambda: reference_options(dense_match.window, answers_only, room_ids, staggered_busy, dense_match.min_length), repeat
    )
    return {
        "domain": domain,
        "service": stored,
        "dense": dense_now,
        "dense_before": dense_before,
        "dense_options": [len(card.options)],
        "staggered": staggered_now,
        "staggered_before": staggered_then,
        "staggered_options": [len(staggered_card.options)],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--intervals", type=int, default=200)
    parser.add_argument("--bookings", type=int, default=2000)
    parser.add_argument("--rooms", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args(argv)
    print(
        f"match card: {args.players} players x {args.intervals} intervals, {args.bookings} bookings in {args.rooms} rooms, "
        f"{args.repeat} cards"
    )
    figures = run(args.players, args.intervals, args.bookings, args.rooms, args.repeat)
    print(line("domain (match_card)", figures["domain"]))
    print(line("service on SQLite", figures["service"]))
    print(f"dense: {args.players} x {args.intervals} disjoint intervals, {figures['dense_options'][0]} options")
    print(line("dense (match_card)", figures["dense"]))
    print(line("dense, before issue 16", figures["dense_before"]))
    ratio = statistics.median(figures["dense_before"]) / statistics.median(figures["dense"])
    print(f"  dense speed-up: {ratio:.1f}x")
    print(f"dense, every room booked differently: {figures['staggered_options'][0]} options")
    print(line("staggered (match_card)", figures["staggered"]))
    print(line("staggered, before issue 16", figures["staggered_before"]))
    ratio = statistics.median(figures["staggered_before"]) / statistics.median(figures["staggered"])
    print(f"  staggered speed-up: {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
