"""Booking use cases on in-memory fakes: the service layer alone, no database, no gRPC."""

from __future__ import annotations

import pytest

from booking.adapters.repository import BookingRepository
from booking.service import BookingService
from rondo_runtime.errors import InvalidArgument, NotFound
from tests.unit.fakes import FakeBookingRepository, FakeUnitOfWork, public_methods

pytestmark = pytest.mark.unit


@pytest.fixture
def uow() -> FakeUnitOfWork[FakeBookingRepository]:
    return FakeUnitOfWork(FakeBookingRepository())


@pytest.fixture
def booking(uow) -> BookingService:
    return BookingService(uow)


def test_the_fake_repository_has_every_method_of_the_real_one():
    assert public_methods(BookingRepository) <= public_methods(FakeBookingRepository)


def test_club_defaults_to_kirov_time_and_is_idempotent(booking, uow):
    club = booking.clubs.create_club("Discard club", "", idempotency_key="c1")
    assert booking.clubs.create_club("Discard club", "", idempotency_key="c1").id == club.id
    assert booking.clubs.get_club(club.id).time_zone == "Europe/Kirov"
    assert len(uow.repository.clubs_by_id) == 1


def test_bad_time_zone_names_the_field_and_stores_nothing(booking, uow):
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.create_club("Club", "Mars/Olympus")
    assert [v.field for v in error.value.violations] == ["time_zone"]
    assert uow.repository.clubs_by_id == {}


def test_room_names_are_unique_per_club_ignoring_case(booking):
    club = booking.clubs.create_club("Club", "Europe/Moscow")
    other = booking.clubs.create_club("Other club", "Europe/Moscow")
    big = booking.clubs.add_room(club.id, "Big room", idempotency_key="r1")
    assert booking.clubs.add_room(club.id, "Big room", idempotency_key="r1").id == big.id
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.add_room(club.id, "big ROOM")
    assert [v.field for v in error.value.violations] == ["name"]
    booking.clubs.add_room(other.id, "Big room")  # another club may use the name
    booking.clubs.add_room(club.id, "Annex")
    assert [r.name for r in booking.clubs.list_rooms(club.id)] == ["Annex", "Big room"]


def test_unknown_or_missing_club(booking):
    with pytest.raises(NotFound):
        booking.clubs.list_rooms("missing")
    with pytest.raises(InvalidArgument) as error:
        booking.clubs.add_room("  ", "Room")
    assert [v.field for v in error.value.violations] == ["club_id"]
