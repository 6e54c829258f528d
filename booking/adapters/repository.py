"""Loads and stores booking domain objects; the only place that knows the booking tables."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import DateTime, Integer, String, and_, bindparam, cast, func, literal, null, or_, union_all
from sqlalchemy import select as core_select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from booking.adapters.tables import (
    AvailabilityIntervalRow,
    AvailabilityRow,
    BookedPlayerRow,
    BookingRow,
    BookingTable,
    CalendarTokenRow,
    ClubRow,
    ConfirmationRow,
    IdempotencyKeyRow,
    MatchPlayerRow,
    MatchRow,
    MeetingRow,
    RoomRow,
    SeriesRow,
    WindowMoveRow,
)
from booking.domain.intervals import Interval
from booking.domain.model import Club, Room
from booking.domain.opening_hours import format_opening_hours, parse_opening_hours
from booking.domain.recurrence import Series
from booking.domain.scheduling import (
    Availability,
    Booking,
    BookingStatus,
    CardInputs,
    Confirmation,
    Match,
    Meeting,
    MeetingRefused,
    MeetingStatus,
    RoomTaken,
)
from rondo_runtime import paging
from rondo_runtime.idempotency import IdempotencyRecords


class BookingRepository(IdempotencyRecords):
    _key_row = IdempotencyKeyRow  # idempotency_record / add_idempotency_record (rondo_runtime.idempotency)

    def __init__(self, session: Session):
        self.session = session

    # --- clubs ---
    def add_club(self, club: Club) -> None:
        self.session.add(
            ClubRow(
                id=club.id,
                name=club.name,
                name_key=club.name.casefold(),
                time_zone=club.time_zone,
                opening_hours=format_opening_hours(club.opening_hours),
                fallback_minute=club.fallback_minute,
            )
        )

    def update_club(self, club: Club) -> None:
        """A club's name, opening hours and fallback time (its id and zone never change)."""
        row = self.session.get(ClubRow, club.id)
        assert row is not None
        row.name, row.name_key, row.opening_hours, row.fallback_minute = (
            club.name,
            club.name.casefold(),
            format_opening_hours(club.opening_hours),
            club.fallback_minute,
        )
        self.session.add(row)
        self.session.flush()

    def club(self, club_id: str) -> Club | None:
        row = self.session.get(ClubRow, club_id)
        return self._club(row) if row else None

    def clubs(self, ids: frozenset[str] | None) -> list[Club]:
        """Every club (``ids`` None) or those of ``ids`` that exist, by name (case-folded), then id."""
        return self.club_page(ids, None, None)

    def club_page(self, ids: frozenset[str] | None, after: paging.Key | None, limit: int | None) -> list[Club]:
        """Every club (``ids`` None) or those of ``ids`` that exist, by name (case-folded), then id: at
        most ``limit`` (None: every one) after the key ``after`` (a keyset page, ``rondo_runtime/paging.py``;
        the index ix_clubs_name_key_id)."""
        query = select(ClubRow)
        if ids is not None:
            if not ids:
                return []
            query = query.where(col(ClubRow.id).in_(sorted(ids)))
        rows = self.session.exec(paging.keyset(query, (col(ClubRow.name_key), col(ClubRow.id)), after, limit)).all()
        return [self._club(r) for r in rows]

    @staticmethod
    def _club(row: ClubRow) -> Club:
        return Club(
            id=row.id,
            name=row.name,
            time_zone=row.time_zone,
            opening_hours=parse_opening_hours(row.opening_hours),
            fallback_minute=row.fallback_minute,
        )

    # --- rooms ---
    def add_room(self, room: Room) -> None:
        self.session.add(
            RoomRow(
                id=room.id,
                club_id=room.club_id,
                name=room.name,
                name_key=room.name.casefold(),
            )
        )

    def room(self, room_id: str) -> Room | None:
        row = self.session.get(RoomRow, room_id)
        return self._room(row) if row else None

    def rooms(self, club_id: str) -> list[Room]:
        """The club's rooms by name."""
        rows = self.session.exec(select(RoomRow).where(RoomRow.club_id == club_id).order_by(RoomRow.name)).all()
        return [self._room(r) for r in rows]

    def room_page(self, club_id: str, after: tuple[str, str] | None, limit: int | None) -> list[Room]:
        """The club's rooms by name, then id: at most ``limit`` (None: every one) after the key ``after``
        (a keyset page: ``rondo_runtime/paging.py``; two rooms may share a name in another case)."""
        order = (col(RoomRow.name), col(RoomRow.id))
        query = select(RoomRow).where(RoomRow.club_id == club_id, paging.after(order, after)).order_by(*order).limit(limit)
        return [self._room(r) for r in self.session.exec(query).all()]

    @staticmethod
    def _room(row: RoomRow) -> Room:
        return Room(id=row.id, club_id=row.club_id, name=row.name)

    # --- scheduling: matches ---
    def add_match(self, match: Match, at: datetime) -> None:
        self.session.add(
            MatchRow(
                id=match.id,
                match_key=match.key,
                club_id=match.club_id,
                window_start=_utc(match.window.start),
                window_end=_utc(match.window.end),
                min_minutes=match.min_minutes,
                created_at=_utc(at),
                games=match.games,
                one_meeting=match.one_meeting,
            )
        )
        self.session.flush()
        for seat, player_id in enumerate(match.player_ids):
            self.session.add(MatchPlayerRow(match_id=match.id, player_id=player_id, seat=seat))

    def move_match_window(self, match: Match, window: Interval, reason: str, at: datetime) -> None:
        """The match's new window, and a record of the one it replaces (kept, with the reason)."""
        row = self.session.get(MatchRow, match.id)
        assert row is not None
        count = self.session.exec(select(func.count()).select_from(WindowMoveRow).where(WindowMoveRow.match_id == match.id)).one()
        self.session.add(
            WindowMoveRow(
                match_id=match.id,
                position=count,
                old_start=_utc(match.window.start),
                old_end=_utc(match.window.end),
                new_start=_utc(window.start),
                new_end=_utc(window.end),
                reason=reason,
                created_at=_utc(at),
            )
        )
        row.window_start, row.window_end = _utc(window.start), _utc(window.end)
        self.session.add(row)
        self.session.flush()

    def match_by_key(self, match_key: str, lock: bool = False) -> Match | None:
        """``lock``: hold the match's row until the transaction ends (PostgreSQL ``FOR UPDATE``; SQLite's
        writes are serialized already): every write that changes the match's meetings takes it first, so
        they run one after another (docs/rules.md ``schedule.booking.match-serialized``)."""
        query = (
            select(MatchRow, MatchPlayerRow.player_id)
            .join(MatchPlayerRow, col(MatchPlayerRow.match_id) == col(MatchRow.id), isouter=True)
            .where(MatchRow.match_key == match_key)
            .order_by(col(MatchPlayerRow.seat))
        )  # one query, the players with their match (every booking call starts here)
        rows = self.session.exec(query.with_for_update(of=MatchRow) if lock else query).all()
        if not rows:
            return None
        return self._match(rows[0][0], tuple(player_id for _, player_id in rows if player_id is not None))

    def _match(self, row: MatchRow, player_ids: tuple[str, ...] | None = None) -> Match:
        """``player_ids``: the match's players by seat when already read, else read here."""
        if player_ids is None:
            player_ids = tuple(
                self.session.exec(
                    select(MatchPlayerRow.player_id).where(MatchPlayerRow.match_id == row.id).order_by(col(MatchPlayerRow.seat))
                ).all()
            )
        return Match(
            id=row.id,
            key=row.match_key,
            club_id=row.club_id,
            player_ids=player_ids,
            window=Interval(_utc(row.window_start), _utc(row.window_end)),
            min_minutes=row.min_minutes,
            games=row.games,
            one_meeting=row.one_meeting,
        )

    # --- the match card ---
    def card_inputs(self, match: Match) -> CardInputs:
        """Everything the match card reads besides the match, in ONE prebuilt Core query (the card is the
        most frequent call: ``_CARD_READS``): what ``club``, ``rooms``, ``busy_times`` over the match's
        window, ``availabilities``, ``meetings`` and ``confirmations`` would read one query each."""
        params = {
            "club_id": match.club_id,
            "match_id": match.id,
            "start": _utc(match.window.start),
            "end": _utc(match.window.end),
        }
        club: Club | None = None
        rooms: list[tuple[int, str]] = []
        busy: dict[str, list[Interval]] = {}
        versions: dict[str, int] = {}
        slots: dict[str, list[tuple[int, Interval]]] = {}
        meetings: list[Meeting] = []
        confirmations: list[Confirmation] = []
        for kind, ref, who, number, starts_at, ends_at, t1, t2, t3, t4, t5 in self.session.connection().execute(
            _CARD_READS, params
        ):
            if kind == "busy":
                busy.setdefault(ref, []).append(Interval(_utc(starts_at), _utc(ends_at)))
            elif kind == "answer":
                versions[ref] = number
                found = slots.setdefault(ref, [])
                if starts_at is not None:  # an answer of no interval still counts
                    found.append((int(t1), Interval(_utc(starts_at), _utc(ends_at))))
            elif kind == "meeting":
                meetings.append(
                    Meeting(
                        id=ref,
                        match_id=match.id,
                        slot=Interval(_utc(starts_at), _utc(ends_at)),
                        hanchans=tuple(int(h) for h in t1.split(",") if h),
                        proposed_by=who,
                        status=MeetingStatus(t2),
                        room_id=t3 or "",
                        booking_id=t4 or "",
                        cancel_reason=t5 or "",
                    )
                )
            elif kind == "confirmation":
                confirmations.append(Confirmation(ref, who, number))
            elif kind == "room":
                rooms.append((number, ref))  # numbered in the database's order of names, as ``rooms``
            elif kind == "club":
                club = Club(id=ref, name=t1, time_zone=t2, opening_hours=parse_opening_hours(t3), fallback_minute=number)
        answers = {
            p: Availability(p, v, tuple(slot for _, slot in sorted(slots[p], key=lambda s: s[0]))) for p, v in versions.items()
        }
        return CardInputs(
            club=club,
            room_ids=tuple(room_id for _, room_id in sorted(rooms)),
            busy=busy,
            answers=answers,
            meetings=tuple(sorted(meetings, key=lambda m: m.slot.start)),
            confirmations=tuple(confirmations),
        )

    # --- availability (new rows only: the latest version is the answer) ---
    def add_availability(self, match_id: str, answer: Availability, at: datetime) -> None:
        self.session.add(
            AvailabilityRow(match_id=match_id, player_id=answer.player_id, version=answer.version, created_at=_utc(at))
        )
        for i, slot in enumerate(answer.intervals):
            self.session.add(
                AvailabilityIntervalRow(
                    match_id=match_id,
                    player_id=answer.player_id,
                    version=answer.version,
                    position=i,
                    starts_at=_utc(slot.start),
                    ends_at=_utc(slot.end),
                )
            )

    def availabilities(self, match_id: str) -> dict[str, Availability]:
        """Every player's latest answer (players who never answered are missing), in one query that reads
        the latest version's intervals only (a match keeps every answer ever given)."""
        answers = AvailabilityRow
        intervals = AvailabilityIntervalRow
        latest = (
            select(answers.player_id, func.max(answers.version).label("version"))
            .where(answers.match_id == match_id)
            .group_by(col(answers.player_id))
            .subquery()
        )
        rows = self.session.exec(
            select(latest.c.player_id, latest.c.version, intervals.starts_at, intervals.ends_at)
            .select_from(latest)
            .join(
                intervals,
                and_(
                    col(intervals.match_id) == match_id,
                    col(intervals.player_id) == latest.c.player_id,
                    col(intervals.version) == latest.c.version,
                ),
                isouter=True,  # an answer of no interval still counts
            )
            .order_by(latest.c.player_id, col(intervals.position))
        ).all()
        versions: dict[str, int] = {}
        slots: dict[str, list[Interval]] = {}
        for player_id, version, starts_at, ends_at in rows:
            versions[player_id] = version
            found = slots.setdefault(player_id, [])
            if starts_at is not None:
                found.append(Interval(_utc(starts_at), _utc(ends_at)))
        return {p: Availability(p, v, tuple(slots[p])) for p, v in versions.items()}

    # --- meetings and confirmations ---
    def add_meeting(self, meeting: Meeting, at: datetime) -> None:
        self.session.add(
            MeetingRow(
                id=meeting.id,
                match_id=meeting.match_id,
                starts_at=_utc(meeting.slot.start),
                ends_at=_utc(meeting.slot.end),
                hanchans=",".join(str(h) for h in meeting.hanchans),
                proposed_by=meeting.proposed_by,
                status=meeting.status.value,
                room_id=meeting.room_id or None,
                booking_id=meeting.booking_id or None,
                created_at=_utc(at),
            )
        )
        self.session.flush()

    def update_meeting(self, meeting: Meeting) -> None:
        """A meeting's status, room, booking and cancellation reason (what it is for never changes)."""
        row = self.session.get(MeetingRow, meeting.id)
        assert row is not None
        try:
            with self.session.begin_nested():
                row.status, row.room_id = meeting.status.value, meeting.room_id or None
                row.booking_id, row.cancel_reason = meeting.booking_id or None, meeting.cancel_reason or None
                self.session.add(row)
        except IntegrityError as error:  # only this change is undone (a savepoint): the transaction goes on
            self.session.expire(row)
            raise MeetingRefused(_invariant(error)) from error

    def meetings(self, match_id: str) -> list[Meeting]:
        columns = MeetingRow.__table__.columns  # type: ignore[attr-defined]  # no ORM objects: a match gathers many proposals
        rows = self.session.exec(
            select(*columns).where(MeetingRow.match_id == match_id).order_by(col(MeetingRow.starts_at))
        ).all()
        return [self._meeting(r) for r in rows]

    def proposal_times(self, match_id: str, player_id: str, since: datetime) -> list[datetime]:
        """When ``player_id`` proposed meetings of the match from ``since`` on, oldest first (the
        proposal rate limit, docs/rules.md ``schedule.proposal.rate-limited``)."""
        rows = self.session.exec(
            select(MeetingRow.created_at)
            .where(MeetingRow.match_id == match_id, MeetingRow.proposed_by == player_id, MeetingRow.created_at >= _utc(since))
            .order_by(col(MeetingRow.created_at))
        ).all()
        return [_utc(at) for at in rows]

    def meeting(self, meeting_id: str, for_update: bool = False) -> Meeting | None:
        """``for_update``: lock the row until the transaction ends (PostgreSQL; SQLite's writes are serialized)."""
        row = self.session.get(MeetingRow, meeting_id, with_for_update=for_update)
        return self._meeting(row) if row else None

    @staticmethod
    def _meeting(row: Any) -> Meeting:
        """From a ``MeetingRow`` or a result row of its columns (the same attribute names)."""
        return Meeting(
            id=row.id,
            match_id=row.match_id,
            slot=Interval(_utc(row.starts_at), _utc(row.ends_at)),
            hanchans=tuple(int(h) for h in row.hanchans.split(",") if h),
            proposed_by=row.proposed_by,
            status=MeetingStatus(row.status),
            room_id=row.room_id or "",
            booking_id=row.booking_id or "",
            cancel_reason=row.cancel_reason or "",
        )

    def add_confirmation(self, c: Confirmation, at: datetime) -> None:
        if self.session.get(ConfirmationRow, (c.meeting_id, c.player_id, c.availability_version)) is None:
            self.session.add(
                ConfirmationRow(
                    meeting_id=c.meeting_id,
                    player_id=c.player_id,
                    availability_version=c.availability_version,
                    created_at=_utc(at),
                )
            )

    def booked_elsewhere(self, player_ids: tuple[str, ...], slot: Interval, meeting_id: str) -> list[str]:
        """The players among ``player_ids`` booked in another meeting overlapping ``slot`` (``booked_players``)."""
        rows = self.session.exec(
            select(BookedPlayerRow.player_id).where(
                col(BookedPlayerRow.player_id).in_(player_ids),
                BookedPlayerRow.meeting_id != meeting_id,
                col(BookedPlayerRow.starts_at) < _utc(slot.end),
                col(BookedPlayerRow.ends_at) > _utc(slot.start),
            )
        ).all()
        return sorted(set(rows))

    def confirmations(self, match_id: str) -> list[Confirmation]:
        rows = self.session.exec(
            select(ConfirmationRow)
            .join(MeetingRow, col(MeetingRow.id) == col(ConfirmationRow.meeting_id))
            .where(MeetingRow.match_id == match_id)
        ).all()
        return [Confirmation(r.meeting_id, r.player_id, r.availability_version) for r in rows]

    # --- bookings ---
    def add_booking(self, booking: Booking, at: datetime) -> None:
        """Inserts an active booking; :class:`RoomTaken` when the database refuses it because another
        active booking of the room overlaps (the exclusion constraint / trigger). Only this insert is
        undone (a savepoint): the transaction goes on."""
        try:
            with self.session.begin_nested():
                self.session.add(
                    BookingRow(
                        id=booking.id,
                        club_id=booking.club_id,
                        room_id=booking.room_id,
                        starts_at=_utc(booking.slot.start),
                        ends_at=_utc(booking.slot.end),
                        status=booking.status.value,
                        title=booking.title,
                        match_id=booking.match_id or None,
                        meeting_id=booking.meeting_id or None,
                        series_id=booking.series_id or None,
                        sequence=booking.sequence,
                        created_at=_utc(at),
                        updated_at=_utc(at),
                    )
                )
        except IntegrityError as error:
            raise RoomTaken(booking.room_id) from error

    def cancel_booking(self, booking_id: str, at: datetime, reason: str = "") -> None:
        """Cancelled (kept, with the reason): its room is free again; the sequence counts the change."""
        row = self.session.get(BookingRow, booking_id)
        assert row is not None
        row.status, row.cancelled_at, row.cancel_reason = BookingStatus.CANCELLED.value, _utc(at), reason or None
        row.sequence, row.updated_at = row.sequence + 1, _utc(at)
        self.session.add(row)
        self.session.flush()

    def move_booking(self, booking_id: str, room_id: str, slot: Interval, at: datetime) -> None:
        """An active booking's new room and time; :class:`RoomTaken` (nothing changed) when the database
        refuses it for an overlap. The sequence counts the change."""
        row = self.session.get(BookingRow, booking_id)
        assert row is not None
        try:
            with self.session.begin_nested():
                row.room_id, row.starts_at, row.ends_at = room_id, _utc(slot.start), _utc(slot.end)
                row.sequence, row.updated_at = row.sequence + 1, _utc(at)
                self.session.add(row)
        except IntegrityError as error:
            self.session.expire(row)
            raise RoomTaken(room_id) from error

    # --- recurring series (each occurrence is a booking row) ---
    def add_series(self, series: Series, at: datetime) -> None:
        self.session.add(
            SeriesRow(
                id=series.id,
                club_id=series.club_id,
                room_id=series.room_id,
                title=series.title,
                rrule=series.rule,
                time_zone=series.time_zone,
                first_start=_utc(series.first.start),
                first_end=_utc(series.first.end),
                created_at=_utc(at),
            )
        )
        self.session.flush()

    def series(self, series_id: str) -> Series | None:
        row = self.session.get(SeriesRow, series_id)
        if row is None:
            return None
        first = Interval(_utc(row.first_start), _utc(row.first_end))
        return Series(row.id, row.club_id, row.room_id, row.title, row.rrule, first, row.time_zone)

    def series_bookings(self, series_id: str) -> list[Booking]:
        """Every occurrence of the series, active or cancelled, by start."""
        rows = self.session.exec(
            select(BookingRow).where(BookingRow.series_id == series_id).order_by(col(BookingRow.starts_at), col(BookingRow.id))
        ).all()
        return [self._booking(r) for r in rows]

    # --- the calendar feed ---
    def calendar_bookings(
        self, club_id: str, start: datetime, end: datetime, cancelled_since: datetime, limit: int
    ) -> list[Booking]:
        """The club's bookings overlapping ``[start, end)``: active ones, and those cancelled since
        ``cancelled_since``; the earliest ``limit`` (columns only: a feed reads thousands, no ORM objects)."""
        columns = [c for c in BookingRow.__table__.columns if c.name not in ("created_at",)]  # type: ignore[attr-defined]
        rows = self.session.exec(
            select(*columns)
            .where(
                BookingRow.club_id == club_id,
                col(BookingRow.starts_at) < _utc(end),
                col(BookingRow.ends_at) > _utc(start),
                or_(col(BookingRow.status) == BookingStatus.ACTIVE.value, col(BookingRow.cancelled_at) >= _utc(cancelled_since)),
            )
            .order_by(col(BookingRow.starts_at), col(BookingRow.id))
            .limit(limit)
        ).all()
        return [self._booking(r) for r in rows]

    def set_calendar_token(self, club_id: str, token_sha256: str, at: datetime) -> None:
        """The club's one feed token (a new one replaces the old: rotation)."""
        row = self.session.get(CalendarTokenRow, club_id)
        if row is None:
            row = CalendarTokenRow(club_id=club_id, token_sha256=token_sha256, created_at=_utc(at))
        row.token_sha256, row.created_at = token_sha256, _utc(at)
        self.session.add(row)
        self.session.flush()

    def calendar_token(self, token_sha256: str) -> tuple[str, str] | None:
        """(club id, stored hash) of the feed token with this SHA-256, or None."""
        row = self.session.exec(select(CalendarTokenRow).where(CalendarTokenRow.token_sha256 == token_sha256)).first()
        return (row.club_id, row.token_sha256) if row else None

    def booking(self, booking_id: str) -> Booking | None:
        row = self.session.get(BookingRow, booking_id)
        return self._booking(row) if row else None

    def active_bookings(self, club_id: str, start: datetime, end: datetime) -> list[Booking]:
        """The club's active bookings overlapping ``[start, end)``, by start."""
        rows = self.session.exec(
            select(BookingRow)
            .where(
                BookingRow.club_id == club_id,
                BookingRow.status == BookingStatus.ACTIVE.value,
                col(BookingRow.starts_at) < _utc(end),
                col(BookingRow.ends_at) > _utc(start),
            )
            .order_by(col(BookingRow.starts_at), col(BookingRow.id))
        ).all()
        return [self._booking(r) for r in rows]

    def booking_page(
        self, club_id: str, start: datetime, end: datetime, after: tuple[datetime, str] | None, limit: int | None
    ) -> list[Booking]:
        """The club's active bookings overlapping ``[start, end)`` by start, then id: at most ``limit``
        (None: every one) after the key ``after`` (a keyset page: ``rondo_runtime/paging.py``)."""
        order = (col(BookingRow.starts_at), col(BookingRow.id))
        rows = self.session.exec(
            select(BookingRow)
            .where(
                BookingRow.club_id == club_id,
                BookingRow.status == BookingStatus.ACTIVE.value,
                col(BookingRow.starts_at) < _utc(end),
                col(BookingRow.ends_at) > _utc(start),
                paging.after(order, after),
            )
            .order_by(*order)
            .limit(limit)
        ).all()
        return [self._booking(r) for r in rows]

    def busy_times(self, club_id: str, start: datetime, end: datetime) -> dict[str, list[Interval]]:
        """Each room's active bookings overlapping ``[start, end)`` as intervals only (the card reads
        thousands of them: no ORM objects)."""
        rows = self.session.exec(
            select(BookingRow.room_id, BookingRow.starts_at, BookingRow.ends_at).where(
                BookingRow.club_id == club_id,
                BookingRow.status == BookingStatus.ACTIVE.value,
                col(BookingRow.starts_at) < _utc(end),
                col(BookingRow.ends_at) > _utc(start),
            )
        ).all()
        out: dict[str, list[Interval]] = {}
        for room_id, starts_at, ends_at in rows:
            out.setdefault(room_id, []).append(Interval(_utc(starts_at), _utc(ends_at)))
        return out

    @staticmethod
    def _booking(row: Any) -> Booking:
        """From a ``BookingRow`` or a result row of its columns (the same attribute names)."""
        return Booking(
            id=row.id,
            club_id=row.club_id,
            room_id=row.room_id,
            slot=Interval(_utc(row.starts_at), _utc(row.ends_at)),
            title=row.title,
            status=BookingStatus(row.status),
            match_id=row.match_id or "",
            meeting_id=row.meeting_id or "",
            series_id=row.series_id or "",
            sequence=row.sequence,
            updated_at=_utc(row.updated_at) if row.updated_at else None,
            cancelled_at=_utc(row.cancelled_at) if row.cancelled_at else None,
            cancel_reason=row.cancel_reason or "",
        )


def _card_reads():
    """The card's one query: a UNION ALL of six reads, each row tagged with its kind, on one column
    shape (kind, ref, who, number, starts_at, ends_at, t1..t5); every NULL typed, so PostgreSQL matches
    the branches' types. Built once, with bound parameters (no statement building per call)."""
    at = DateTime(timezone=True)
    club_id, match_id = bindparam("club_id", type_=String), bindparam("match_id", type_=String)
    start, end = bindparam("start", type_=at), bindparam("end", type_=at)

    def text(value=None):
        return cast(null(), String) if value is None else value

    def number(value=None):
        return cast(null(), Integer) if value is None else value

    def when(value=None):
        return cast(null(), at) if value is None else value

    def row(kind, ref, who=None, n=None, starts=None, ends=None, t1=None, t2=None, t3=None, t4=None, t5=None):
        return (
            cast(literal(kind), String),
            ref,
            text(who),
            number(n),
            when(starts),
            when(ends),
            text(t1),
            text(t2),
            text(t3),
            text(t4),
            text(t5),
        )

    tables = BookingTable.metadata.tables
    clubs, rooms, bookings = tables["clubs"].c, tables["rooms"].c, tables["bookings"].c
    meetings, confirmations = tables["meetings"].c, tables["confirmations"].c
    answers, intervals = tables["availability_answers"].c, tables["availability_intervals"].c
    latest = (
        core_select(answers.player_id, func.max(answers.version).label("version"))
        .where(answers.match_id == match_id)
        .group_by(answers.player_id)
        .subquery()
    )
    return union_all(
        core_select(
            *row("club", clubs.id, n=clubs.fallback_minute, t1=clubs.name, t2=clubs.time_zone, t3=clubs.opening_hours)
        ).where(clubs.id == club_id),
        core_select(*row("room", rooms.id, n=func.row_number().over(order_by=rooms.name))).where(rooms.club_id == club_id),
        core_select(*row("busy", bookings.room_id, starts=bookings.starts_at, ends=bookings.ends_at)).where(
            bookings.club_id == club_id,
            bookings.status == BookingStatus.ACTIVE.value,
            bookings.starts_at < end,
            bookings.ends_at > start,
        ),
        core_select(
            *row(
                "answer",
                latest.c.player_id,
                n=latest.c.version,
                starts=intervals.starts_at,
                ends=intervals.ends_at,
                t1=cast(intervals.position, String),
            )
        )
        .select_from(latest)
        .join(
            tables["availability_intervals"],
            and_(
                intervals.match_id == match_id, intervals.player_id == latest.c.player_id, intervals.version == latest.c.version
            ),
            isouter=True,
        ),
        core_select(
            *row(
                "meeting",
                meetings.id,
                who=meetings.proposed_by,
                starts=meetings.starts_at,
                ends=meetings.ends_at,
                t1=meetings.hanchans,
                t2=meetings.status,
                t3=meetings.room_id,
                t4=meetings.booking_id,
                t5=meetings.cancel_reason,
            )
        ).where(meetings.match_id == match_id),
        core_select(
            *row("confirmation", confirmations.meeting_id, who=confirmations.player_id, n=confirmations.availability_version)
        )
        .select_from(tables["confirmations"].join(tables["meetings"], meetings.id == confirmations.meeting_id))
        .where(meetings.match_id == match_id),
    )


_CARD_READS = _card_reads()


def _invariant(error: IntegrityError) -> str:
    """Which invariant of migration 0007 the database refused (by the constraint or trigger named in its message)."""
    said = str(error.orig)
    if "booked_players" in said:
        return "player-overlap"
    if "uq_meetings_booked_hanchans" in said or "meetings.match_id, meetings.hanchans" in said:
        return "hanchans-booked"
    return "booking-mismatch"


def _utc(value: datetime) -> datetime:
    """Stored in UTC (SQLite keeps no zone: every timestamp is written and read as UTC)."""
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)
