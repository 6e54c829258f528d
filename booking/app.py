"""Wires the booking service: its database (migrated at start-up) and its gRPC servicer."""
from __future__ import annotations

from booking.grpc_api import BookingServicer
from booking.service import MIGRATIONS, BookingService
from rondo.booking.v1 import booking_pb2, booking_pb2_grpc
from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec
from rondo_runtime.wiring import stateful_spec

NAME = "booking"


def spec(settings: Settings) -> ServiceSpec:
    return stateful_spec(
        NAME, settings, MIGRATIONS,
        descriptor=booking_pb2.DESCRIPTOR.services_by_name["BookingService"],
        add_to_server=booking_pb2_grpc.add_BookingServiceServicer_to_server,
        make_servicer=lambda engine: BookingServicer(BookingService(engine)),
    )
