"""Fixtures shared by the service-layer tier: the booking use cases on in-memory fakes (a module may
define its own ``uow`` / ``booking`` instead)."""

from __future__ import annotations

import pytest

from booking.service import BookingService
from tests.booking_scheduling import clock
from tests.unit.fakes import FakeBookingRepository, FakeUnitOfWork


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeBookingRepository]:
    return FakeUnitOfWork(FakeBookingRepository())


@pytest.fixture
def booking(uow) -> BookingService:
    return BookingService(uow, clock)
