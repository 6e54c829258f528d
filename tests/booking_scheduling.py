"""Shared helpers for the scheduling tests: a fixed clock, a week's window, four players."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import text

NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
WINDOW_START = datetime(2026, 3, 2, 0, 0, tzinfo=UTC)
WINDOW_END = WINDOW_START + timedelta(days=7)
PLAYERS = ["p1", "p2", "p3", "p4"]


def at(day: int, hour: int, minute: int = 0) -> datetime:
    """An instant of the window: ``day`` 0..6, UTC."""
    return WINDOW_START + timedelta(days=day, hours=hour, minutes=minute)


def clock() -> datetime:
    return NOW


# Pairs of active bookings of one room that overlap (the database must never hold one)
OVERLAPPING_ACTIVE_BOOKINGS = text(
    "SELECT count(*) FROM bookings a JOIN bookings b ON a.room_id = b.room_id AND a.id < b.id "
    "WHERE a.status = 'active' AND b.status = 'active' AND a.starts_at < b.ends_at AND b.starts_at < a.ends_at"
)
