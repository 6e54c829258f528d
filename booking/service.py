"""Booking use cases: clubs and rooms; scheduling a match (availability, the match card, meetings,
confirmations, room bookings) and one-off activities. Each opens one transaction, calls the domain
rules, stores the result through the repository."""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import re
import secrets
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TypeVar

from booking.adapters.repository import BookingRepository
from booking.domain import calendar_feed
from booking.domain.fallback import fallback_slot
from booking.domain.intervals import Interval
from booking.domain.model import (
    Club,
    Room,
    check_time_zone_kept,
    validate_club_calendar,
    validate_new_club,
    validate_new_room,
)
from booking.domain.opening_hours import clock, describe, inside_opening_hours, open_intervals
from booking.domain.recurrence import Series, expand, normalize_rule
from booking.domain.round_options import MAX_ROUND_MATCHES, MatchOptions, RoundProblem, round_options, round_problem
from booking.domain.scheduling import (
    MAX_HANCHANS,
    MAX_MIN_MINUTES,
    MAX_PLAYERS,
    MAX_TITLE_LENGTH,
    MAX_WINDOW,
    Availability,
    Booking,
    BookingStatus,
    Card,
    Confirmation,
    Match,
    Meeting,
    MeetingRefused,
    MeetingStatus,
    RoomTaken,
    all_confirmed,
    check_meeting_games,
    check_meeting_length,
    check_not_booked,
    first_overlap,
    match_card,
    match_title,
    players_free,
    taken,
    unbooked_by_new_answer,
    validate_availability,
    validate_hanchans,
    validate_window,
)
from rondo_runtime import failpoints, idempotency
from rondo_runtime.errors import (
    Aborted,
    FailedPrecondition,
    InvalidArgument,
    NotFound,
    PermissionDenied,
    ResourceExhausted,
)
from rondo_runtime.text import MAX_NAME_LENGTH, MAX_REASON_LENGTH, clean_id, clean_key, clean_text
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")
T = TypeVar("T")
DEFAULT_MIN_MINUTES = 90  # one hanchan
DEFAULT_GAMES = 3  # a regular match (discard-league-2026 §2)
MAX_LIST_SPAN = timedelta(days=366)
MAX_LISTED_CLUBS = 10_000  # ids one ListClubs may name (an organizer holding more is not a club)
Raw = tuple[datetime | None, datetime | None]
RawHours = list[tuple[int, str, str]]  # (ISO weekday, "HH:MM" opens, "HH:MM" closes)
MATCH_HANCHANS = 3  # a regular-stage match (discard-league-2026 §2): the fallback meeting's default length
_FEED_TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,64}$")
MAX_PROPOSALS_PER_HOUR = 10  # a player's proposals for one match in any hour (schedule.proposal.rate-limited)
PROPOSAL_PERIOD = timedelta(hours=1)
NO_CALENDAR = "there is no calendar at this address"  # the same for a wrong token and a wrong room


@dataclass(frozen=True)
class RoundOptions:
    """The club of a round's matches, its rooms, and per match what the auto-scheduler may use
    (``booking.domain.round_options``)."""

    club: Club
    rooms: tuple[Room, ...]
    matches: tuple[MatchOptions, ...]


@dataclass(frozen=True)
class RoundSchedule:
    """PrepareRoundSchedule's answer: the round's options and the problem the solver is asked."""

    options: RoundOptions
    problem: RoundProblem


@dataclass(frozen=True)
class Proposal:
    """One meeting the organizer's auto-scheduler proposes: ``room_id`` is the suggested room, tried
    first when everyone has confirmed."""

    match_key: str
    start: datetime | None
    end: datetime | None
    room_id: str = ""
    hanchans: tuple[int, ...] = ()


@dataclass(frozen=True)
class AvailabilityAnswer:
    """SetAvailability's answer: the stored (merged) intervals and what the change undid."""

    availability: Availability
    cancelled_meeting_ids: tuple[str, ...]


@dataclass(frozen=True)
class SeriesView:
    """A recurring activity and every occurrence (active and cancelled), by start."""

    series: Series
    occurrences: tuple[Booking, ...]


@dataclass(frozen=True)
class WindowMove:
    """MoveMatchWindow's answer: the match in its new window, the booked meetings cancelled because they
    fell outside it, and the proposed meetings voided (their confirmations no longer count)."""

    match: Match
    cancelled_meeting_ids: tuple[str, ...]
    voided_meeting_ids: tuple[str, ...]


@dataclass(frozen=True)
class FeedToken:
    club_id: str
    token: str

    @property
    def path(self) -> str:
        return f"/calendar/{self.token}.ics"


def _local(club: Club, slot: Interval) -> str:
    """``2026-03-19 19:00-23:00`` in the club's time."""
    start, end = slot.start.astimezone(club.zone), slot.end.astimezone(club.zone)
    return f"{start:%Y-%m-%d %H:%M}-{end:%H:%M}" if start.date() == end.date() else f"{start:%Y-%m-%d %H:%M}-{end:%Y-%m-%d %H:%M}"


def _optional_text(v: Violations, field: str, value: str) -> str:
    """A person-entered text that may be empty (``rondo_runtime.text.clean_text``), bounded."""
    try:
        return clean_text(value, field, MAX_REASON_LENGTH, required=False)
    except InvalidArgument as error:
        v.items.extend(error.violations)
        return ""


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return str(uuid.uuid4())


class BookingService:
    def __init__(self, uow: UnitOfWork[BookingRepository], clock: Callable[[], datetime] = _now):
        self.uow = uow
        self.clock = clock
        self.feed_events = calendar_feed.EventCache()  # rendered VEVENTs: a feed re-renders only what changed

    def _transaction(self, work: Callable[[BookingRepository], T]) -> T:
        return self.uow.write(work)

    def _read(self, work: Callable[[BookingRepository], T]) -> T:
        return self.uow.read(work)

    @staticmethod
    def _club(repo: BookingRepository, club_id: str) -> Club:
        club_id = clean_id(club_id, "club_id")
        club = repo.club(club_id)
        if club is None:
            raise NotFound.because("CLUB_NOT_FOUND", club_id=club_id)
        return club

    @staticmethod
    def _room(repo: BookingRepository, club: Club, room_id: str) -> Room:
        room = repo.room(room_id)
        if room is None or room.club_id != club.id:
            raise NotFound.because("ROOM_NOT_FOUND", room_id=room_id, club_id=club.id)
        return room

    @staticmethod
    def _replayed(repo: BookingRepository, key: idempotency.RequestKey | None) -> str | None:
        """The id of what the first request with this key made (None: no key, or a new one);
        INVALID_ARGUMENT on ``idempotency_key`` when the key was used for a different request."""
        record = idempotency.first_answer(repo, key)
        return record.resource_id if record else None

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
            if done := self._replayed(repo, key):
                return self._club(repo, done)
            club = Club(id=_new_id(), name=name, time_zone=zone, opening_hours=hours, fallback_minute=minute)
            repo.add_club(club)
            idempotency.remember(repo, key, self.clock(), club.id)
            return club

        return self._transaction(work)

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
            self._read(lambda repo: check_time_zone_kept(self._club(repo, club_id), time_zone))
        v = Violations()
        club_id = v.id("club_id", club_id)
        clean_name = v.name("name", name, "give the club a name", MAX_NAME_LENGTH) if name is not None else None
        hours, minute = validate_club_calendar(v, opening_hours, fallback_time)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Club:
            club = self._club(repo, club_id)
            changed = dataclasses.replace(
                club,
                name=clean_name if clean_name is not None else club.name,
                opening_hours=hours if hours is not None else club.opening_hours,
                fallback_minute=minute if minute is not None else club.fallback_minute,
            )
            if changed != club:
                repo.update_club(changed)
            return changed

        return self._transaction(work)

    def get_club(self, club_id: str) -> Club:
        club_id = clean_id(club_id, "club_id")
        return self._read(lambda repo: self._club(repo, club_id))

    def list_clubs(self, every: bool, club_ids: list[str]) -> list[Club]:
        """Every club (``every``: the gateway's owner), or those of ``club_ids`` that exist, by name."""
        v = Violations()
        if len(club_ids) > MAX_LISTED_CLUBS:
            v.add("club_ids", f"at most {MAX_LISTED_CLUBS} ids")
        ids = frozenset(v.id(f"club_ids[{i}]", c) for i, c in enumerate(club_ids[:MAX_LISTED_CLUBS]))
        v.raise_if_any()
        return self._read(lambda repo: repo.clubs(None if every else ids))

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
            club = self._club(repo, club_id)
            if done := self._replayed(repo, key):
                return self._room(repo, club, done)
            clean = validate_new_room(name, repo.rooms(club.id))
            room = Room(id=_new_id(), club_id=club.id, name=clean)
            repo.add_room(room)
            idempotency.remember(repo, key, self.clock(), room.id)
            return room

        return self._transaction(work)

    def list_rooms(self, club_id: str) -> list[Room]:
        club_id = clean_id(club_id, "club_id")
        return self._read(lambda repo: repo.rooms(self._club(repo, club_id).id))

    # --- scheduling (discard-league-2026 §3, §6.1; docs/rules.md schedule.*) ---
    @staticmethod
    def _match(repo: BookingRepository, match_key: str, lock: bool = False) -> Match:
        """The open match; ``lock``: every write that changes the match's meetings passes ``lock=True``,
        which serializes them on the match (docs/rules.md ``schedule.booking.match-serialized``)."""
        match = repo.match_by_key(match_key, lock)
        if match is None:
            raise NotFound.because("MATCH_NOT_OPEN", match=match_key)
        return match

    @staticmethod
    def _player(match: Match, player_id: str) -> None:
        if player_id not in match.player_ids:
            raise PermissionDenied.because("NOT_A_MATCH_PLAYER", player_id=player_id, match=match.key)

    def _not_past(self, slot: Interval, field: str = "start") -> None:
        if slot.start < self.clock():
            raise FailedPrecondition.because("TIME_IN_PAST", field=field, time=slot.start.isoformat())

    @staticmethod
    def _check_open(club: Club, slot: Interval, what: str = "the meeting") -> None:
        """FAILED_PRECONDITION unless ``slot`` lies inside the club's opening hours (docs/rules.md
        ``schedule.club.opening-hours``)."""
        if not inside_opening_hours(slot, club.opening_hours, club.zone):
            raise FailedPrecondition(
                f"{what} {_local(club, slot)} ({club.time_zone}) is outside the club's opening hours ({describe(club.opening_hours)})"
            )

    def open_match(
        self,
        club_id: str,
        match_key: str,
        player_ids: list[str],
        window_start: datetime | None,
        window_end: datetime | None,
        min_minutes: int = 0,
        idempotency_key: str = "",
        games: int = 0,
        one_meeting: bool = False,
    ) -> Match:
        v = Violations()
        club_id = v.id("club_id", club_id)
        match_key = v.id("match_key", match_key)
        players = v.unique_ids("player_ids", player_ids)
        if not 2 <= len(player_ids) <= MAX_PLAYERS:
            v.add("player_ids", f"a match has 2 to {MAX_PLAYERS} players, got {len(player_ids)}")
        for i, pid in enumerate(player_ids):
            if pid.strip():
                v.id(f"player_ids[{i}]", pid)
        window = validate_window(v, window_start, window_end, "window_start", "window_end", self.clock())
        if window is not None and window.length > MAX_WINDOW:
            v.add("window_end", f"a play window is at most {MAX_WINDOW.days} days long")
        minutes = min_minutes or DEFAULT_MIN_MINUTES
        v.integer("min_minutes", minutes, 1, MAX_MIN_MINUTES, "minutes")
        games = games or DEFAULT_GAMES
        v.integer("games", games, 1, MAX_HANCHANS, "games of the match")
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert window is not None
        request = {"club_id": club_id, "match_key": match_key, "players": list(players), "window": window, "min": minutes}
        if games != DEFAULT_GAMES:
            request["games"] = games
        if one_meeting:
            request["one_meeting"] = True
        key = idempotency.request_key("BookingService.OpenMatch", raw_key, request)

        def work(repo: BookingRepository) -> Match:
            club = self._club(repo, club_id)
            if self._replayed(repo, key):
                return self._match(repo, match_key)
            wanted = Match("", match_key, club.id, tuple(players), window, minutes, games, one_meeting)
            existing = repo.match_by_key(match_key)
            if existing is not None:  # opening the same match again answers it (the gateway opens per table)
                if dataclasses.replace(existing, id="") != wanted:
                    raise FailedPrecondition.because("MATCH_ALREADY_OPEN", match=match_key)
                return existing
            match = dataclasses.replace(wanted, id=_new_id())
            repo.add_match(match, self.clock())
            idempotency.remember(repo, key, self.clock(), match.id)
            return match

        return self._transaction(work)

    def set_availability(
        self, match_key: str, player_id: str, intervals: Sequence[Raw], idempotency_key: str = ""
    ) -> AvailabilityAnswer:
        """Replaces the player's intervals (merged); voids the player's pending confirmations. A booked
        meeting the players agreed is undone: cancelled when the new intervals no longer cover it, else
        back to waiting for this player's confirmation; either way its room is freed. The organizer's
        meetings stand (docs/rules.md ``schedule.organizer.meeting-stands``)."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        player_id = v.id("player_id", player_id)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        validate_availability(intervals, Interval(datetime.min.replace(tzinfo=UTC), datetime.max.replace(tzinfo=UTC)))
        key = idempotency.request_key(
            "BookingService.SetAvailability", raw_key, {"match_key": match_key, "player_id": player_id, "intervals": intervals}
        )

        def work(repo: BookingRepository) -> AvailabilityAnswer:
            match = self._match(repo, match_key, lock=True)
            self._player(match, player_id)
            merged = validate_availability(intervals, match.window)
            answers = repo.availabilities(match.id)
            if self._replayed(repo, key):
                return AvailabilityAnswer(answers[player_id], ())
            previous = answers.get(player_id)
            if previous is not None and previous.intervals == merged:  # the same answer again: nothing changed
                idempotency.remember(repo, key, self.clock(), match.id)
                return AvailabilityAnswer(previous, ())
            answer = Availability(player_id, (previous.version if previous else 0) + 1, merged)
            repo.add_availability(match.id, answer, self.clock())
            gone, to_confirm = unbooked_by_new_answer(repo.meetings(match.id), merged)
            for meeting in gone:
                self._cancel(repo, meeting, f"{player_id} is no longer free then")
            for meeting in to_confirm:  # the time does not stand without a new confirmation (discard-league-2026 §6.1)
                repo.cancel_booking(
                    meeting.booking_id, self.clock(), f"{player_id} changed their availability; needs their confirmation again"
                )
                repo.update_meeting(dataclasses.replace(meeting, status=MeetingStatus.PROPOSED, booking_id=""))
            idempotency.remember(repo, key, self.clock(), match.id)
            return AvailabilityAnswer(answer, tuple(m.id for m in gone + to_confirm))

        return self._transaction(work)

    def _cancel(self, repo: BookingRepository, meeting: Meeting, reason: str = "") -> None:
        if meeting.booking_id and meeting.status is MeetingStatus.BOOKED:
            repo.cancel_booking(meeting.booking_id, self.clock(), reason)
        repo.update_meeting(dataclasses.replace(meeting, status=MeetingStatus.CANCELLED, cancel_reason=reason))

    def get_my_availability(self, match_key: str, player_id: str) -> Availability:
        """Only the player's own intervals (version 0: not answered yet)."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        player_id = v.id("player_id", player_id)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Availability:
            match = self._match(repo, match_key)
            self._player(match, player_id)
            return repo.availabilities(match.id).get(player_id) or Availability(player_id, 0, ())

        return self._read(work)

    def get_match_card(self, match_key: str, viewer_player_id: str) -> Card:
        v = Violations()
        match_key = v.id("match_key", match_key)
        viewer = v.id("viewer_player_id", viewer_player_id)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Card:
            match = self._match(repo, match_key)
            self._player(match, viewer)
            return self._card(repo, match, viewer)

        return self._read(work)

    def _card(self, repo: BookingRepository, match: Match, viewer: str = "") -> Card:
        club = self._club(repo, match.club_id)
        rooms = [r.id for r in repo.rooms(match.club_id)]
        busy = repo.busy_times(match.club_id, match.window.start, match.window.end)
        hours = open_intervals(club.opening_hours, club.zone, match.window) if club.opening_hours else None
        return match_card(
            match,
            repo.availabilities(match.id),
            repo.meetings(match.id),
            repo.confirmations(match.id),
            rooms,
            busy,
            viewer,
            hours,
        )

    def _meeting_request(
        self, v: Violations, start: datetime | None, end: datetime | None, hanchans: list[int]
    ) -> tuple[Interval | None, tuple[int, ...]]:
        slot = validate_window(v, start, end, "start", "end", self.clock())
        return slot, validate_hanchans(v, hanchans)

    def propose_meeting(
        self,
        match_key: str,
        player_id: str,
        start: datetime | None,
        end: datetime | None,
        hanchans: list[int],
        idempotency_key: str = "",
    ) -> Meeting:
        """A meeting inside a common option: every player free for all of it, a room free for all of it."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        player_id = v.id("player_id", player_id)
        slot, games = self._meeting_request(v, start, end, hanchans)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert slot is not None
        request = {"match_key": match_key, "player_id": player_id, "slot": slot, "hanchans": games}
        key = idempotency.request_key("BookingService.ProposeMeeting", raw_key, request)

        def work(repo: BookingRepository) -> Meeting:
            match = self._match(repo, match_key, lock=True)
            self._player(match, player_id)
            if done := self._replayed(repo, key):
                return self._existing_meeting(repo, match, done)
            check_meeting_games(match, games)
            check_meeting_length(match, slot)
            self._check_bookable(repo, match, slot)
            self._check_shown(repo, match, slot)
            self._check_proposal_rate(repo, match, player_id)
            meeting = Meeting(_new_id(), match.id, slot, games, player_id)
            repo.add_meeting(meeting, self.clock())
            idempotency.remember(repo, key, self.clock(), meeting.id)
            return meeting

        return self._transaction(work)

    def _check_bookable(self, repo: BookingRepository, match: Match, slot: Interval) -> None:
        self._not_past(slot)
        self._check_in_window(match, slot)
        self._check_open(self._club(repo, match.club_id), slot)
        answers = repo.availabilities(match.id)
        if not players_free(match, answers, slot):
            raise FailedPrecondition.because("MEETING_NOT_COMMON")

    def _check_shown(self, repo: BookingRepository, match: Match, slot: Interval) -> None:
        """A player's proposal lies inside an option the card shows and lasts at least the match's
        minimum length (docs/rules.md ``schedule.confirmation.inside-a-shown-option``): proposing any
        slot of the common free time would let minute-by-minute proposals map the others' intervals."""
        if slot.length < match.min_length:
            raise FailedPrecondition.because("MEETING_TOO_SHORT", minutes=match.min_minutes)
        if not any(o.slot.covers(slot) for o in self._card(repo, match).options):
            raise FailedPrecondition.because("MEETING_NOT_ON_CARD")

    def _check_proposal_rate(self, repo: BookingRepository, match: Match, player_id: str) -> None:
        """At most :data:`MAX_PROPOSALS_PER_HOUR` proposals per player and match in any hour, counted
        from the stored meetings (docs/rules.md ``schedule.proposal.rate-limited``)."""
        now = self.clock()
        recent = repo.proposal_times(match.id, player_id, now - PROPOSAL_PERIOD)
        if len(recent) >= MAX_PROPOSALS_PER_HOUR:
            retry = recent[-MAX_PROPOSALS_PER_HOUR] + PROPOSAL_PERIOD
            raise ResourceExhausted(
                f"at most {MAX_PROPOSALS_PER_HOUR} proposals per player and match in an hour; "
                f"try again after {retry:%Y-%m-%d %H:%M:%S} UTC"
            )

    @staticmethod
    def _check_in_window(match: Match, slot: Interval) -> None:
        if not match.window.covers(slot):
            raise FailedPrecondition(
                f"the meeting is outside the match's window {match.window.start.isoformat()} .. {match.window.end.isoformat()}"
            )

    @staticmethod
    def _existing_meeting(repo: BookingRepository, match: Match, meeting_id: str, for_update: bool = False) -> Meeting:
        meeting = repo.meeting(meeting_id, for_update)
        if meeting is None or meeting.match_id != match.id:
            raise NotFound.because("MEETING_NOT_FOUND", meeting_id=meeting_id, match=match.key)
        return meeting

    def _book(self, repo: BookingRepository, match: Match, meeting: Meeting, room_id: str = "") -> Meeting:
        """Books the first free room of the club (or ``room_id``) for the whole meeting, in this
        transaction; the database refuses an overlap (RoomTaken), then the next room is tried. No room:
        ABORTED, saying who took it."""
        club = self._club(repo, match.club_id)
        rooms = [self._room(repo, club, room_id)] if room_id else repo.rooms(club.id)
        if not room_id and meeting.room_id:  # a proposal's suggested room first (docs/rules.md schedule.auto.*)
            rooms.sort(key=lambda r: r.id != meeting.room_id)
        bookings = repo.active_bookings(club.id, meeting.slot.start, meeting.slot.end)
        for room in rooms:
            if any(b.room_id == room.id and b.slot.overlaps(meeting.slot) for b in bookings):
                continue
            title = match_title(match.key, meeting.hanchans)
            booking = Booking(_new_id(), club.id, room.id, meeting.slot, title, BookingStatus.ACTIVE, match.id, meeting.id)
            booked = dataclasses.replace(meeting, status=MeetingStatus.BOOKED, room_id=room.id, booking_id=booking.id)
            try:  # the meeting first: the database takes an active booking only for its booked meeting
                repo.update_meeting(booked)
                repo.add_booking(booking, self.clock())
            except (RoomTaken, MeetingRefused) as refused:
                bookings = repo.active_bookings(club.id, meeting.slot.start, meeting.slot.end)
                if isinstance(refused, RoomTaken) or any(
                    b.room_id == room.id and b.slot.overlaps(meeting.slot) for b in bookings
                ):
                    continue  # the room was taken meanwhile (and maybe the players with it): the next room
                raise self._refused(repo, match, club, booked, refused) from None
            return booked
        raise self._taken(repo, club, rooms, meeting.slot)

    @staticmethod
    def _refused(repo: BookingRepository, match: Match, club: Club, booked: Meeting, refused: MeetingRefused) -> Aborted:
        """ABORTED naming what collided when the database refuses a meeting as booked (docs/rules.md
        ``schedule.booking.invariants-in-database``)."""
        if refused.invariant == "player-overlap":
            who = ", ".join(repo.booked_elsewhere(match.player_ids, booked.slot, booked.id)) or "a player of the match"
            return Aborted.because("PLAYER_DOUBLE_BOOKED", players=who, when=_local(club, booked.slot))
        if refused.invariant == "hanchans-booked":
            return Aborted.because("HANCHANS_JUST_BOOKED", match=match.key)
        return Aborted.because("MEETING_CHANGED", meeting_id=booked.id)

    @staticmethod
    def _taken(repo: BookingRepository, club: Club, rooms: list[Room], slot: Interval) -> Aborted:
        bookings = repo.active_bookings(club.id, slot.start, slot.end)
        for room in rooms:
            if (b := first_overlap(slot, [b for b in bookings if b.room_id == room.id])) is not None:
                return taken(room.name, b, club.zone)
        return Aborted.because("NO_ROOM_FREE")

    def confirm_meeting(self, match_key: str, meeting_id: str, player_id: str, idempotency_key: str = "") -> Meeting:
        """The player confirms; when every player of the match has confirmed (with their current
        answers) a free room is booked in the same transaction."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        meeting_id = v.id("meeting_id", meeting_id)
        player_id = v.id("player_id", player_id)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        request = {"match_key": match_key, "meeting_id": meeting_id, "player_id": player_id}
        key = idempotency.request_key("BookingService.ConfirmMeeting", raw_key, request)

        def work(repo: BookingRepository) -> Meeting:
            match = self._match(repo, match_key, lock=True)
            self._player(match, player_id)
            meeting = self._existing_meeting(repo, match, meeting_id, for_update=True)  # one confirmation at a time
            if self._replayed(repo, key) or meeting.status is MeetingStatus.BOOKED:
                return meeting
            if meeting.status is MeetingStatus.CANCELLED:
                raise FailedPrecondition.because("MEETING_CANCELLED", meeting_id=meeting_id)
            zone = self._club(repo, match.club_id).zone
            check_not_booked(match, repo.meetings(match.id), meeting.hanchans, zone, "confirm a meeting for the hanchans left")
            self._check_bookable(repo, match, meeting.slot)
            answers = repo.availabilities(match.id)
            repo.add_confirmation(Confirmation(meeting.id, player_id, answers[player_id].version), self.clock())
            if all_confirmed(match, meeting, repo.confirmations(match.id), answers):
                meeting = self._book(repo, match, meeting)
            idempotency.remember(repo, key, self.clock(), meeting.id)
            failpoints.reached("booking.confirm_meeting.before_commit")  # the faults tier kills the process here
            return meeting

        return self._transaction(work)

    def cancel_meeting(self, match_key: str, meeting_id: str) -> Meeting:
        """The organizer cancels a meeting (its room is freed); the match is back to agreeing."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        meeting_id = v.id("meeting_id", meeting_id)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Meeting:
            match = self._match(repo, match_key, lock=True)
            meeting = self._existing_meeting(repo, match, meeting_id)
            if meeting.status is not MeetingStatus.CANCELLED:
                self._cancel(repo, meeting)
            return self._existing_meeting(repo, match, meeting_id)

        return self._transaction(work)

    def assign_meeting(
        self,
        match_key: str,
        start: datetime | None,
        end: datetime | None,
        hanchans: list[int],
        room_id: str = "",
        replaces_meeting_id: str = "",
        idempotency_key: str = "",
    ) -> Meeting:
        """The organizer books a meeting without confirmations (or moves ``replaces_meeting_id``);
        the room check still applies."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        slot, games = self._meeting_request(v, start, end, hanchans)
        room_id = v.id("room_id", room_id, required=False)
        replaces = v.id("replaces_meeting_id", replaces_meeting_id, required=False)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert slot is not None
        request = {"match_key": match_key, "slot": slot, "hanchans": games, "room_id": room_id, "replaces": replaces}
        key = idempotency.request_key("BookingService.AssignMeeting", raw_key, request)

        def work(repo: BookingRepository) -> Meeting:
            match = self._match(repo, match_key, lock=True)
            if done := self._replayed(repo, key):
                return self._existing_meeting(repo, match, done)
            check_meeting_games(match, games)
            check_meeting_length(match, slot)
            self._not_past(slot)
            self._check_in_window(match, slot)
            club = self._club(repo, match.club_id)
            self._check_open(club, slot)
            if replaces:
                old = self._existing_meeting(repo, match, replaces)
                if old.status is not MeetingStatus.CANCELLED:
                    self._cancel(repo, old)
            check_not_booked(
                match,
                repo.meetings(match.id),
                games,
                club.zone,
                "pass replaces_meeting_id to move that meeting, or cancel it first",
            )
            meeting = Meeting(_new_id(), match.id, slot, games, "")
            repo.add_meeting(meeting, self.clock())
            meeting = self._book(repo, match, meeting, room_id)
            idempotency.remember(repo, key, self.clock(), meeting.id)
            return meeting

        return self._transaction(work)

    def book_activity(
        self, club_id: str, room_id: str, title: str, start: datetime | None, end: datetime | None, idempotency_key: str = ""
    ) -> Booking:
        """A one-off activity (a D&D evening) in the same calendar, by the same no-overlap rule."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        room_id = v.id("room_id", room_id)
        title = v.name("title", title, "give the activity a title", MAX_TITLE_LENGTH)
        slot = validate_window(v, start, end, "start", "end", self.clock())
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert slot is not None
        request = {"club_id": club_id, "room_id": room_id, "title": title, "slot": slot}
        key = idempotency.request_key("BookingService.BookActivity", raw_key, request)

        def work(repo: BookingRepository) -> Booking:
            club = self._club(repo, club_id)
            room = self._room(repo, club, room_id)
            if done := self._replayed(repo, key):
                found = repo.booking(done)
                assert found is not None
                return found
            self._not_past(slot)
            self._check_open(club, slot, "the activity")
            booking = Booking(_new_id(), club.id, room.id, slot, title)
            if any(b.room_id == room.id for b in repo.active_bookings(club.id, slot.start, slot.end)):
                raise self._taken(repo, club, [room], slot)
            try:
                repo.add_booking(booking, self.clock())
            except RoomTaken:
                raise self._taken(repo, club, [room], slot) from None
            idempotency.remember(repo, key, self.clock(), booking.id)
            return booking

        return self._transaction(work)

    def list_bookings(self, club_id: str, start: datetime | None, end: datetime | None) -> list[Booking]:
        """The club's active bookings overlapping ``[start, end)`` (at most a year), by start."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        span = validate_window(v, start, end, "from", "to", self.clock())
        if span is not None and span.length > MAX_LIST_SPAN:
            v.add("to", f"list at most {MAX_LIST_SPAN.days} days at a time")
        v.raise_if_any()
        assert span is not None
        return self._read(lambda repo: repo.active_bookings(self._club(repo, club_id).id, span.start, span.end))

    # --- the club calendar: recurring activities (docs/rules.md schedule.recurring.*) ---
    def book_recurring_activity(
        self,
        club_id: str,
        room_id: str,
        title: str,
        start: datetime | None,
        end: datetime | None,
        rule: str,
        idempotency_key: str = "",
    ) -> SeriesView:
        """A recurring activity ("every Thursday 19:00-23:00"): ``start``/``end`` are the first occurrence,
        ``rule`` an RRULE expanded in the club's zone. Every occurrence is booked in one transaction, or
        none: an occurrence in the past, outside the opening hours or colliding with a booking refuses
        the series naming the first such occurrence."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        room_id = v.id("room_id", room_id)
        title = v.name("title", title, "give the activity a title", MAX_TITLE_LENGTH)
        first = validate_window(v, start, end, "start", "end", self.clock())
        normalize_rule(rule, v)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert first is not None
        request = {"club_id": club_id, "room_id": room_id, "title": title, "first": first, "rule": rule}
        key = idempotency.request_key("BookingService.BookRecurringActivity", raw_key, request)

        def work(repo: BookingRepository) -> SeriesView:
            club = self._club(repo, club_id)
            room = self._room(repo, club, room_id)
            if done := self._replayed(repo, key):
                return self._series_view(repo, club, done)
            slots = expand(rule, first, club.zone)
            self._not_past(first)
            for n, slot in enumerate(slots, start=1):
                self._check_open(club, slot, f"occurrence {n}")
            taken = repo.active_bookings(club.id, slots[0].start, slots[-1].end)
            for n, slot in enumerate(slots, start=1):
                if (b := first_overlap(slot, [b for b in taken if b.room_id == room.id])) is not None:
                    by = "a match" if b.match_id else repr(b.title)
                    raise FailedPrecondition(
                        f"occurrence {n} ({_local(club, slot)}) collides with {by} in {room.name} "
                        f"({_local(club, b.slot)}); nothing was booked"
                    )
            series = Series(
                _new_id(), club.id, room.id, title, rule.strip().upper().removeprefix("RRULE:"), first, club.time_zone
            )
            repo.add_series(series, self.clock())
            for slot in slots:
                try:
                    repo.add_booking(Booking(_new_id(), club.id, room.id, slot, title, series_id=series.id), self.clock())
                except RoomTaken:  # a race: the whole series is rolled back
                    raise self._taken(repo, club, [room], slot) from None
            idempotency.remember(repo, key, self.clock(), series.id)
            return self._series_view(repo, club, series.id)

        return self._transaction(work)

    @staticmethod
    def _series_view(repo: BookingRepository, club: Club, series_id: str) -> SeriesView:
        series = repo.series(series_id)
        if series is None or series.club_id != club.id:
            raise NotFound.because("SERIES_NOT_FOUND", series_id=series_id, club_id=club.id)
        return SeriesView(series, tuple(repo.series_bookings(series.id)))

    def get_series(self, club_id: str, series_id: str) -> SeriesView:
        v = Violations()
        club_id = v.id("club_id", club_id)
        series_id = v.id("series_id", series_id)
        v.raise_if_any()
        return self._read(lambda repo: self._series_view(repo, self._club(repo, club_id), series_id))

    def _activity(self, repo: BookingRepository, club: Club, booking_id: str) -> Booking:
        """An activity booking of the club (an occurrence of a series, or a one-off): a match's booking
        changes through its meeting (CancelMeeting, AssignMeeting)."""
        booking = repo.booking(booking_id)
        if booking is None or booking.club_id != club.id:
            raise NotFound.because("BOOKING_NOT_FOUND", booking_id=booking_id, club_id=club.id)
        if booking.match_id:
            raise FailedPrecondition(
                f"booking {booking_id!r} is a match's meeting: cancel the meeting or assign it another time instead"
            )
        return booking

    def cancel_occurrence(self, club_id: str, booking_id: str, reason: str = "") -> Booking:
        """Cancels one occurrence of a series (or a one-off activity): kept, with the reason, its room
        free again. Cancelling it again answers it unchanged."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        booking_id = v.id("booking_id", booking_id)
        reason = _optional_text(v, "reason", reason)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Booking:
            booking = self._activity(repo, self._club(repo, club_id), booking_id)
            if booking.status is BookingStatus.ACTIVE:
                repo.cancel_booking(booking.id, self.clock(), reason)
            found = repo.booking(booking.id)
            assert found is not None
            return found

        return self._transaction(work)

    def move_occurrence(
        self,
        club_id: str,
        booking_id: str,
        start: datetime | None,
        end: datetime | None,
        room_id: str = "",
        idempotency_key: str = "",
    ) -> Booking:
        """Gives one occurrence (or a one-off activity) a new time, and optionally another room of the
        club, under the same checks as a new booking: not in the past, inside the opening hours, the
        room free (the database refuses an overlap). The series' other occurrences do not move."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        booking_id = v.id("booking_id", booking_id)
        slot = validate_window(v, start, end, "start", "end", self.clock())
        room_id = v.id("room_id", room_id, required=False)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert slot is not None
        request = {"club_id": club_id, "booking_id": booking_id, "slot": slot, "room_id": room_id}
        key = idempotency.request_key("BookingService.MoveOccurrence", raw_key, request)

        def work(repo: BookingRepository) -> Booking:
            club = self._club(repo, club_id)
            booking = self._activity(repo, club, booking_id)
            if self._replayed(repo, key):
                return booking
            if booking.status is not BookingStatus.ACTIVE:
                raise FailedPrecondition.because("BOOKING_CANCELLED", booking_id=booking_id)
            room = self._room(repo, club, room_id or booking.room_id)
            if (room.id, slot) != (booking.room_id, booking.slot):
                self._not_past(slot)
                self._check_open(club, slot, "the activity")
                others = [
                    b for b in repo.active_bookings(club.id, slot.start, slot.end) if b.room_id == room.id and b.id != booking.id
                ]
                if others:
                    raise self._taken(repo, club, [room], slot)
                try:
                    repo.move_booking(booking.id, room.id, slot, self.clock())
                except RoomTaken:
                    raise self._taken(repo, club, [room], slot) from None
            idempotency.remember(repo, key, self.clock(), booking.id)
            found = repo.booking(booking.id)
            assert found is not None
            return found

        return self._transaction(work)

    def cancel_series(self, club_id: str, series_id: str, from_: datetime | None = None, reason: str = "") -> SeriesView:
        """Cancels every active occurrence of the series starting at ``from_`` or later (unset: from now
        on); earlier occurrences stay as they are. Cancelling again changes nothing."""
        v = Violations()
        club_id = v.id("club_id", club_id)
        series_id = v.id("series_id", series_id)
        reason = _optional_text(v, "reason", reason)
        v.raise_if_any()

        def work(repo: BookingRepository) -> SeriesView:
            club = self._club(repo, club_id)
            view = self._series_view(repo, club, series_id)
            since = from_ or self.clock()
            for b in view.occurrences:
                if b.status is BookingStatus.ACTIVE and b.slot.start >= since:
                    repo.cancel_booking(b.id, self.clock(), reason)
            return self._series_view(repo, club, series_id)

        return self._transaction(work)

    # --- the organizer's scheduling actions (docs/rules.md schedule.organizer.*) ---
    def apply_fallback(self, match_key: str, minutes: int = 0, idempotency_key: str = "") -> Meeting:
        """Books the match at its fallback time (discard-league-2026 §6.1): the last Sunday of its window
        at the club's fallback time (18:00 by default), binding, in the first free room; ``minutes``
        long (0: three hanchans of the match's minimum length)."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        v.integer("minutes", minutes, 0, MAX_MIN_MINUTES, "minutes; 0 = the whole match")
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = idempotency.request_key("BookingService.ApplyFallback", raw_key, {"match_key": match_key, "minutes": minutes})

        def work(repo: BookingRepository) -> Meeting:
            match = self._match(repo, match_key, lock=True)
            if done := self._replayed(repo, key):
                return self._existing_meeting(repo, match, done)
            club = self._club(repo, match.club_id)
            if booked := [m for m in repo.meetings(match.id) if m.status is MeetingStatus.BOOKED]:
                raise FailedPrecondition(
                    f"match {match.key!r} is already booked for {_local(club, booked[0].slot)}; cancel that meeting first"
                )
            if minutes and minutes < match.min_minutes:
                raise InvalidArgument.single(
                    "minutes",
                    f"the meeting lasts at least {match.min_minutes} minutes (one hanchan of this match), got {minutes}",
                )
            length = minutes or MATCH_HANCHANS * match.min_minutes
            slot = fallback_slot(match.window, club.zone, length, club.fallback_minute)
            if slot is None:
                raise FailedPrecondition(
                    f"the match's window has no Sunday {clock(club.fallback_minute)} ({club.time_zone}); assign a meeting instead"
                )
            self._not_past(slot)
            self._check_open(club, slot, "the fallback time")
            meeting = Meeting(_new_id(), match.id, slot, (), "")
            repo.add_meeting(meeting, self.clock())
            meeting = self._book(repo, match, meeting)
            idempotency.remember(repo, key, self.clock(), meeting.id)
            return meeting

        return self._transaction(work)

    def move_match_window(
        self,
        match_key: str,
        window_start: datetime | None,
        window_end: datetime | None,
        reason: str,
        idempotency_key: str = "",
    ) -> WindowMove:
        """Moves the match into a later window (the next round's, discard-league-2026 §6.1: with valid
        reasons): every proposed meeting is voided (its confirmations no longer count) and a booked
        meeting outside the new window is cancelled (its room freed), each with the reason; a booked
        meeting inside the new window stays. The old window is kept as a record."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        window = validate_window(v, window_start, window_end, "window_start", "window_end", self.clock())
        if window is not None and window.length > MAX_WINDOW:
            v.add("window_end", f"a play window is at most {MAX_WINDOW.days} days long")
        reason = v.text("reason", reason, "say why the match moves (the valid reasons)", MAX_REASON_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert window is not None
        request = {"match_key": match_key, "window": window, "reason": reason}
        key = idempotency.request_key("BookingService.MoveMatchWindow", raw_key, request)

        def work(repo: BookingRepository) -> WindowMove:
            match = self._match(repo, match_key, lock=True)
            if self._replayed(repo, key):
                return WindowMove(match, (), ())
            if window.end <= match.window.end:
                raise FailedPrecondition(
                    f"the new window must end after the current one ({match.window.end.isoformat()}): a match moves to a later round's window"
                )
            if window.end <= self.clock():
                raise FailedPrecondition.because("WINDOW_OVER")
            repo.move_match_window(match, window, reason, self.clock())
            why = f"the match moved to another window: {reason}"[:MAX_REASON_LENGTH]
            cancelled, voided = [], []
            for meeting in repo.meetings(match.id):
                if meeting.status is MeetingStatus.PROPOSED:
                    self._cancel(repo, meeting, why)
                    voided.append(meeting.id)
                elif meeting.status is MeetingStatus.BOOKED and not window.covers(meeting.slot):
                    self._cancel(repo, meeting, why)
                    cancelled.append(meeting.id)
            idempotency.remember(repo, key, self.clock(), match.id)
            moved = self._match(repo, match_key)
            return WindowMove(moved, tuple(cancelled), tuple(voided))

        return self._transaction(work)

    # --- the iCalendar feed (docs/rules.md schedule.calendar.ical-feed) ---
    def rotate_calendar_token(self, club_id: str) -> FeedToken:
        """A new unguessable feed token for the club (256 random bits); the old one stops working at
        once. Only its SHA-256 is stored: the token is in this answer alone. No idempotency key: a
        retry rotates again, and the token of the last answer is the one that works."""
        club_id = clean_id(club_id, "club_id")
        token = secrets.token_urlsafe(32)

        def work(repo: BookingRepository) -> FeedToken:
            club = self._club(repo, club_id)
            repo.set_calendar_token(club.id, token_digest(token), self.clock())
            return FeedToken(club.id, token)

        return self._transaction(work)

    def export_calendar(self, token: str, room_id: str = "") -> bytes:
        """The club's calendar (or one room's) as iCalendar bytes. NOT_FOUND with one message for a
        wrong token and a wrong room, so an answer never tells whether a token exists; the stored hash
        is compared in constant time."""
        if not isinstance(token, str) or not _FEED_TOKEN.match(token) or not isinstance(room_id, str) or len(room_id) > 64:
            raise NotFound(NO_CALENDAR, reason="CALENDAR_NOT_FOUND")
        digest = token_digest(token)

        def work(repo: BookingRepository) -> bytes:
            found = repo.calendar_token(digest)
            if found is None or not hmac.compare_digest(found[1], digest):
                raise NotFound(NO_CALENDAR, reason="CALENDAR_NOT_FOUND")
            club = self._club(repo, found[0])
            rooms = {r.id: r.name for r in repo.rooms(club.id)}
            if room_id and room_id not in rooms:
                raise NotFound(NO_CALENDAR, reason="CALENDAR_NOT_FOUND")
            now = self.clock()
            span = calendar_feed.feed_span(now)
            bookings = repo.calendar_bookings(club.id, span.start, span.end, span.cancelled_since, calendar_feed.MAX_EVENTS)
            return calendar_feed.club_calendar(club, rooms, bookings, now, room_id, self.feed_events)

        return self._read(work)

    # --- the round auto-scheduler (internal: the gateway's ProposeRoundSchedule; docs/rules.md schedule.auto.*) ---
    def round_options(self, match_keys: Sequence[str]) -> RoundOptions:
        """Per match of a round (one club): who is pending, whether it is booked, and its common options
        with the free rooms, only for matches everyone answered and nobody booked yet."""
        v = Violations()
        keys = list(v.unique_ids("match_keys", match_keys, empty="needs a non-empty match key"))
        if not match_keys:
            v.add("match_keys", "give the match keys of the round (at least one)")
        elif len(match_keys) > MAX_ROUND_MATCHES:
            v.add("match_keys", f"at most {MAX_ROUND_MATCHES} matches at once, got {len(match_keys)}")
        for i, key in enumerate(match_keys):
            if key.strip():
                v.id(f"match_keys[{i}]", key)
        v.raise_if_any()

        def work(repo: BookingRepository) -> RoundOptions:
            matches = [self._match(repo, key) for key in keys]
            clubs = {m.club_id for m in matches}
            if len(clubs) > 1:
                raise FailedPrecondition.because("MATCHES_IN_DIFFERENT_CLUBS")
            club = self._club(repo, matches[0].club_id)
            rooms = tuple(repo.rooms(club.id))
            start = min(m.window.start for m in matches)
            end = max(m.window.end for m in matches)
            busy = repo.busy_times(club.id, start, end)
            answers = {m.id: repo.availabilities(m.id) for m in matches}
            meetings = {m.id: repo.meetings(m.id) for m in matches}
            return RoundOptions(club, rooms, round_options(matches, answers, meetings, [r.id for r in rooms], busy))

        return self._read(work)

    def prepare_round_schedule(self, match_keys: Sequence[str], meeting_minutes: int = 0) -> RoundSchedule:
        """The auto-scheduler's question for a round (docs/rules.md schedule.auto.options-from-booking):
        :meth:`round_options`, and every match not booked whose players all answered with its common
        options as candidates (``booking.domain.round_options.round_problem``)."""
        options = self.round_options(match_keys)
        return RoundSchedule(options, round_problem(options.matches, meeting_minutes))

    def propose_meetings(self, proposals: Sequence[Proposal], proposed_by: str, idempotency_key: str = "") -> list[Meeting]:
        """Stores each proposal as a PROPOSED meeting (``proposed_by``, e.g. "organizer:auto-scheduler")
        that still needs every player's confirmation, all in one transaction: each inside a common
        option of its match (every player free, inside the window, not in the past), its room one of
        the club's, its match not booked yet. A proposal equal to a meeting already proposed answers
        that meeting. Nothing is stored unless every proposal is accepted."""
        v = Violations()
        author = v.id("proposed_by", proposed_by)
        raw_key = v.key("idempotency_key", idempotency_key)
        if not proposals:
            v.add("proposals", "give at least one proposal")
        elif len(proposals) > MAX_ROUND_MATCHES:
            v.add("proposals", f"at most {MAX_ROUND_MATCHES} proposals at once, got {len(proposals)}")
        checked = []
        for i, p in enumerate(proposals):
            match_key = v.id(f"proposals[{i}].match_key", p.match_key)
            room = v.id(f"proposals[{i}].room_id", p.room_id, required=False)
            slot = validate_window(v, p.start, p.end, f"proposals[{i}].start", f"proposals[{i}].end", self.clock())
            games = validate_hanchans(v, list(p.hanchans))
            checked.append((match_key, slot, room, games))
        v.raise_if_any()
        request = {"by": author, "proposals": [(k, s, r, g) for k, s, r, g in checked]}
        key = idempotency.request_key("BookingService.ProposeMeetings", raw_key, request)

        def work(repo: BookingRepository) -> list[Meeting]:
            if (record := idempotency.first_answer(repo, key)) is not None:  # the first answer's meetings, read again
                return [m for mid in (record.response or b"").decode().split(",") if mid and (m := repo.meeting(mid)) is not None]
            for match_key in sorted({c[0] for c in checked}):  # one order for every caller: no deadlock
                repo.match_by_key(match_key, lock=True)
            out = []
            for i, (match_key, slot, room_id, games) in enumerate(checked):
                assert slot is not None
                match = self._match(repo, match_key)
                club = self._club(repo, match.club_id)
                if room_id:
                    self._room(repo, club, room_id)
                meetings = repo.meetings(match.id)
                if any(m.status is MeetingStatus.BOOKED for m in meetings):
                    raise FailedPrecondition(
                        f"proposals[{i}]: match {match_key!r} was booked meanwhile; propose again without it"
                    )
                same = next(
                    (m for m in meetings if m.status is MeetingStatus.PROPOSED and (m.slot, m.hanchans) == (slot, games)), None
                )
                if same is not None:
                    out.append(same)
                    continue
                check_meeting_games(match, games, f"proposals[{i}].hanchans")
                check_meeting_length(match, slot, f"proposals[{i}].end")
                self._check_bookable(repo, match, slot)
                meeting = Meeting(_new_id(), match.id, slot, games, author, room_id=room_id)
                repo.add_meeting(meeting, self.clock())
                out.append(meeting)
            idempotency.remember(repo, key, self.clock(), response=",".join(m.id for m in out).encode())
            return out

        return self._transaction(work)
