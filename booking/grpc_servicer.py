"""The one servicer of ``rondo.booking.v1.BookingService``: it holds the handler objects (clubs, scheduling,
the calendar and the auto-scheduler: ``booking.grpc_api.BookingHandlers``; reminders and mediation:
``booking.grpc_reminders_mediation.RemindersMediationHandlers``) and serves each RPC by the one handler
that has a method of its name."""

from __future__ import annotations

from booking.grpc_api import BookingHandlers
from booking.grpc_reminders_mediation import RemindersMediationHandlers
from booking.mediation_service import MediationService
from booking.reminder_service import ReminderService
from booking.service import BookingService
from rondo.booking.v1 import booking_pb2, booking_pb2_grpc

RPCS = tuple(m.name for m in booking_pb2.DESCRIPTOR.services_by_name["BookingService"].methods)


class BookingServicer(booking_pb2_grpc.BookingServiceServicer):
    def __init__(self, booking: BookingService, reminders: ReminderService, mediation: MediationService):
        self.handlers = (BookingHandlers(booking), RemindersMediationHandlers(reminders, mediation))
        for rpc in RPCS:
            serving = [h for h in self.handlers if callable(getattr(h, rpc, None))]
            if len(serving) != 1:  # a wiring mistake, found at start-up rather than as UNIMPLEMENTED
                raise TypeError(f"BookingService.{rpc} has {len(serving)} handlers, expected one")
            setattr(self, rpc, getattr(serving[0], rpc))
