"""BookingService over gRPC: protobuf <-> domain, nothing else."""

from __future__ import annotations

import asyncio

from booking.domain.model import Club, Room
from booking.service import BookingService
from rondo.booking.v1 import booking_pb2, booking_pb2_grpc


def club_to_proto(c: Club) -> booking_pb2.Club:
    return booking_pb2.Club(id=c.id, name=c.name, time_zone=c.time_zone)


def room_to_proto(r: Room) -> booking_pb2.Room:
    return booking_pb2.Room(id=r.id, club_id=r.club_id, name=r.name)


class BookingServicer(booking_pb2_grpc.BookingServiceServicer):
    def __init__(self, service: BookingService):
        self.service = service

    async def CreateClub(self, request, context):
        club = await asyncio.to_thread(self.service.create_club, request.name, request.time_zone, request.idempotency_key)
        return club_to_proto(club)

    async def GetClub(self, request, context):
        return club_to_proto(await asyncio.to_thread(self.service.get_club, request.club_id))

    async def AddRoom(self, request, context):
        room = await asyncio.to_thread(self.service.add_room, request.club_id, request.name, request.idempotency_key)
        return room_to_proto(room)

    async def ListRooms(self, request, context):
        rooms = await asyncio.to_thread(self.service.list_rooms, request.club_id)
        return booking_pb2.ListRoomsResponse(rooms=[room_to_proto(r) for r in rooms])
