"""Clubs and rooms: a club with its time zone, opening hours and fallback time; its rooms. Each use
case opens one transaction, calls the domain rules, stores the result through the repository."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import datetime

from booking.adapters.repository import BookingRepository
from booking.domain.model import Club, Room, check_time_zone_kept, validate_club_calendar, validate_new_club, validate_new_room
from booking.use_cases import common
from rondo_runtime import idempotency
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.paging import WHOLE_LIST, Page
from rondo_runtime.text import MAX_NAME_LENGTH, clean_id, clean_key
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MAX_LISTED_CLUBS = 10_000  # ids one ListClubs may name (an organizer holding more is not a club)
RawHours = list[tuple[int, str, str]]  # (ISO weekday, "HH:MM" opens, "HH:MM" closes)


class Clubs:
    def __init__(self, uow: UnitOfWork[BookingRepository], clock: Callable[[], datetime] = common.now):
        self.uow = uow
        self.clock = clock

    # --- clubs ---
    def create_club(
        self,
        name: str,
        time_zone: str,
        idempotency_key: str = "",
        opening_hours: RawHours | None = None,
        fallback_time: str = "",
    ) -> Club:
        """A club with its zone (Europe/Kirov by default), opening hours (none: 24/7) and fallback time
        (empty: 18:00)."""
        request = {"name": name, "time_zone": time_zone, "hours": opening_hours or [], "fallback": fallback_time}
        v = Violations()
        try:
            name, zone = validate_new_club(name, time_zone)
        except InvalidArgument as error:
            v.items.extend(error.violations)
            zone = ""
        hours, minute = validate_club_calendar(v, opening_hours or [], fallback_time)
        v.raise_if_any()
        assert hours is not None and minute is not None
        key = idempotency.request_key("BookingService.CreateClub", clean_key(idempotency_key), request)

        def work(repo: BookingRepository) -> Club:
            if done := common.replayed(repo, key):
                return common.club(repo, done)
            club = Club(id=common.new_id(), name=name, time_zone=zone, opening_hours=hours, fallback_minute=minute)
            repo.add_club(club)
            idempotency.remember(repo, key, self.clock(), club.id)
            return club

        return self.uow.write(work)

    def update_club(
        self,
        club_id: str,
        name: str | None = None,
        opening_hours: RawHours | None = None,
        fallback_time: str | None = None,
        time_zone: str | None = None,
    ) -> Club:
        """Changes what is given (None: unchanged): the name, the opening hours (an empty list: 24/7), the
        fallback time. Idempotent by nature (the same request gives the same club). Bookings already
        made are kept: the hours apply to what is booked from now on. ``time_zone`` (the whole club
        sent back) is checked first: the club's own is fine, another is refused (it never changes)."""
        if time_zone is not None:
            self.uow.read(lambda repo: check_time_zone_kept(common.club(repo, club_id), time_zone))
        v = Violations()
        club_id = v.id("club_id", club_id)
        clean_name = v.name("name", name, "give the club a name", MAX_NAME_LENGTH) if name is not None else None
        hours, minute = validate_club_calendar(v, opening_hours, fallback_time)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Club:
            club = common.club(repo, club_id)
            changed = dataclasses.replace(
                club,
                name=clean_name if clean_name is not None else club.name,
                opening_hours=hours if hours is not None else club.opening_hours,
                fallback_minute=minute if minute is not None else club.fallback_minute,
            )
            if changed != club:
                repo.update_club(changed)
            return changed

        return self.uow.write(work)

    def get_club(self, club_id: str) -> Club:
        club_id = clean_id(club_id, "club_id")
        return self.uow.read(lambda repo: common.club(repo, club_id))

    def list_clubs(self, every: bool, club_ids: list[str]) -> list[Club]:
        """Every club (``every``: the gateway's owner), or those of ``club_ids`` that exist, by name."""
        return self.club_page(every, club_ids, WHOLE_LIST)[0]

    def club_page(self, every: bool, club_ids: list[str], page: Page) -> tuple[list[Club], str]:
        """:meth:`list_clubs` by case-folded name, then id, one keyset page read by the database."""
        v = Violations()
        if len(club_ids) > MAX_LISTED_CLUBS:
            v.add("club_ids", f"at most {MAX_LISTED_CLUBS} ids")
        ids = frozenset(v.id(f"club_ids[{i}]", c) for i, c in enumerate(club_ids[:MAX_LISTED_CLUBS]))
        v.raise_if_any()
        found = self.uow.read(lambda repo: repo.club_page(None if every else ids, page.after, page.limit))
        return page.answer(found, lambda c: (c.name.casefold(), c.id))

    # --- rooms ---
    def add_room(self, club_id: str, name: str, idempotency_key: str = "") -> Room:
        # The request's own fields first, before anything is looked up (issue 7).
        v = Violations()
        club_id = v.id("club_id", club_id)
        v.name("name", name, "give the room a name", MAX_NAME_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = idempotency.request_key("BookingService.AddRoom", raw_key, {"club_id": club_id, "name": name})

        def work(repo: BookingRepository) -> Room:
            club = common.club(repo, club_id)
            if done := common.replayed(repo, key):
                return common.room(repo, club, done)
            clean = validate_new_room(name, repo.rooms(club.id))
            room = Room(id=common.new_id(), club_id=club.id, name=clean)
            repo.add_room(room)
            idempotency.remember(repo, key, self.clock(), room.id)
            return room

        return self.uow.write(work)

    def list_rooms(self, club_id: str) -> list[Room]:
        """Every room of the club, by name, then id."""
        return self.room_page(club_id, WHOLE_LIST)[0]

    def room_page(self, club_id: str, page: Page) -> tuple[list[Room], str]:
        """The club's rooms by name, then id, one keyset page (``rondo_runtime/paging.py``)."""
        club_id = clean_id(club_id, "club_id")
        after = (str(page.after[0]), str(page.after[1])) if page.after else None
        found = self.uow.read(lambda repo: repo.room_page(common.club(repo, club_id).id, after, page.limit))
        return page.answer(found, lambda r: (r.name, r.id))
