"""Wires the booking service: its database (migrated at start-up), repository and gRPC servicer.
The one place where the real engine meets the use cases."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import Engine

from booking.adapters.mediation_repository import MediationRepository
from booking.adapters.reminder_repository import ReminderRepository
from booking.adapters.repository import BookingRepository
from booking.grpc_servicer import BookingServicer
from booking.mediation_service import MediationService
from booking.reminder_service import ReminderService
from booking.service import MIGRATIONS, BookingService
from rondo.booking.v1 import booking_pb2, booking_pb2_grpc
from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec
from rondo_runtime.transactions import SqlUnitOfWork
from rondo_runtime.wiring import stateful_spec

NAME = "booking"


def make_service(engine: Engine, clock: Callable[[], datetime] | None = None) -> BookingService:
    """The booking use cases on a real (migrated) database."""
    uow = SqlUnitOfWork(engine, BookingRepository)
    return BookingService(uow) if clock is None else BookingService(uow, clock)


def make_reminders(engine: Engine, clock: Callable[[], datetime] | None = None) -> ReminderService:
    uow = SqlUnitOfWork(engine, ReminderRepository)
    return ReminderService(uow) if clock is None else ReminderService(uow, clock)


def make_mediation(engine: Engine, clock: Callable[[], datetime] | None = None) -> MediationService:
    uow = SqlUnitOfWork(engine, MediationRepository)
    return MediationService(uow) if clock is None else MediationService(uow, clock)


def make_servicer(engine: Engine) -> BookingServicer:
    """Every BookingService RPC on one database."""
    return BookingServicer(make_service(engine), make_reminders(engine), make_mediation(engine))


def spec(settings: Settings) -> ServiceSpec:
    return stateful_spec(
        NAME,
        settings,
        MIGRATIONS,
        descriptor=booking_pb2.DESCRIPTOR.services_by_name["BookingService"],
        add_to_server=booking_pb2_grpc.add_BookingServiceServicer_to_server,
        make_servicer=make_servicer,
    )
