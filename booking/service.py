"""Booking's use cases, composed: one object per section (``booking/use_cases/``), each built once over
the same unit of work and clock. Callers go through the section: ``booking.scheduling.confirm_meeting``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from booking.adapters.repository import BookingRepository
from booking.use_cases import common
from booking.use_cases.auto_schedule import AutoSchedule
from booking.use_cases.calendar import Calendar
from booking.use_cases.clubs import Clubs
from booking.use_cases.scheduling import Scheduling
from rondo_runtime.transactions import UnitOfWork

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")


class BookingService:
    """Clubs and rooms, match scheduling, the club calendar and the round auto-scheduler."""

    def __init__(self, uow: UnitOfWork[BookingRepository], clock: Callable[[], datetime] = common.now):
        self.uow = uow
        self.clubs = Clubs(uow, clock)
        self.scheduling = Scheduling(uow, clock)
        self.calendar = Calendar(uow, clock)
        self.auto_schedule = AutoSchedule(uow, clock)
