"""How long "record what is due now" takes (docs/rules.md schedule.reminder.*): N open matches of 4
players on a fresh SQLite database, half of them agreed; the first run records, the second finds
everything recorded. Prints figures; asserts nothing about time.

    python -m bench.booking_reminders [matches]
"""

from __future__ import annotations

import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from booking.app import make_reminders, make_service
from booking.service import MIGRATIONS
from rondo_runtime.db import make_engine, run_migrations


class Clock:
    def __init__(self, now: datetime):
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def main(matches: int = 200) -> None:
    with tempfile.TemporaryDirectory() as folder:
        engine = make_engine(f"sqlite:///{Path(folder) / 'bench.db'}")
        run_migrations(engine, MIGRATIONS)
        start = datetime(2026, 3, 2, tzinfo=UTC)
        clock = Clock(datetime(2026, 3, 1, tzinfo=UTC))
        booking, reminders = make_service(engine, clock), make_reminders(engine, clock)
        club = booking.clubs.create_club("Bench club", "")
        rooms = [booking.clubs.add_room(club.id, f"Room {i}") for i in range(matches // 2 + 1)]
        players = [f"p{i}" for i in range(4)]
        slot = (start + timedelta(days=2, hours=15), start + timedelta(days=2, hours=20))
        for n in range(matches):
            key = f"bench/1/1/{n}"
            booking.scheduling.open_match(club.id, key, players, start, start + timedelta(days=14), 90)
            if n % 2 == 0:  # half agreed: every room is free for its own meeting
                booking.scheduling.assign_meeting(key, *slot, [], room_id=rooms[n // 2].id)
        clock.now = datetime(2026, 3, 8, 16, tzinfo=UTC)  # Sunday 19:00 Kirov
        for label in ("first run (records)", "second run (all recorded)"):
            began = time.perf_counter()
            due = reminders.record_due()
            took = time.perf_counter() - began
            print(f"{label}: {matches} open matches, {len(due)} reminders answered, {took * 1000:.1f} ms")
            if label.startswith("first"):
                reminders.mark_published([r.id for r in due])
        engine.dispose()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
