"""The bot's club look-up (bot/service.py ``BotService._club``): a club's time zone and every page of its
rooms' names, asked once and kept for ``CLUB_TTL_SECONDS``; a club the gateway does not know is written
in UTC with the rooms' ids, and not kept (asked again next time)."""

from __future__ import annotations

import asyncio

import grpc
import pytest

from bot import service as bot_service
from bot.service import BotService
from rondo.gateway.v1 import scheduling_pb2

pytestmark = pytest.mark.unit


class Clubs:
    """GetClub and ListRooms of one club ("k1", in Tokyo, three rooms on two pages)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    async def call(self, method, request, for_telegram_user=None):
        self.calls.append(method)
        assert for_telegram_user is None  # open to any logged-in caller: asked as the bot itself
        if request.club_id != "k1":
            raise grpc.aio.AioRpcError(grpc.StatusCode.NOT_FOUND, grpc.aio.Metadata(), grpc.aio.Metadata(), "no club")
        if method == "GetClub":
            return scheduling_pb2.Club(id="k1", name="Club", time_zone="Asia/Tokyo")
        if not request.page_token:
            rooms = [scheduling_pb2.Room(id="r1", name="Big hall"), scheduling_pb2.Room(id="r2", name="Small")]
            return scheduling_pb2.ListRoomsResponse(rooms=rooms, next_page_token="2")
        return scheduling_pb2.ListRoomsResponse(rooms=[scheduling_pb2.Room(id="r3", name="Attic")])


def test_a_clubs_zone_and_room_names_are_asked_once_and_kept_for_a_while():
    gateway = Clubs()
    bot = BotService(gateway, store=None, sender=None)  # type: ignore[arg-type]
    now = [1000.0]
    bot.clock = lambda: now[0]

    club = asyncio.run(bot._club("k1"))
    assert club.time_zone == "Asia/Tokyo" and [club.room(r) for r in ("r1", "r3", "zz", "")] == ["Big hall", "Attic", "zz", "—"]
    assert gateway.calls == ["GetClub", "ListRooms", "ListRooms"]
    now[0] += bot_service.CLUB_TTL_SECONDS - 1
    asyncio.run(bot._club("k1"))
    assert len(gateway.calls) == 3  # kept
    now[0] += 2
    asyncio.run(bot._club("k1"))
    assert len(gateway.calls) == 6  # too old: asked again (a room renamed shows within a minute)

    unknown = asyncio.run(bot._club("gone"))
    assert unknown.time_zone == "" and unknown.room("r9") == "r9"
    asyncio.run(bot._club("gone"))
    assert gateway.calls[6:] == ["GetClub", "GetClub"]  # not kept
