"""Scheduling a match (discard-league-2026 §3, §6.1; docs/rules.md schedule.*): opening it, each
player's free time, the match card, meetings proposed and confirmed, a room booked when everyone has
confirmed, and the organizer's scheduling actions (cancel, assign, the fallback time, a later window).
The organizer's actions live here too: like the players' they change the match's meetings under the
match's lock (docs/rules.md ``schedule.booking.match-serialized``) and book or free rooms the same way
(``_book``, ``_cancel``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from booking.adapters.repository import BookingRepository
from booking.domain.fallback import fallback_slot
from booking.domain.intervals import Interval
from booking.domain.model import Club
from booking.domain.opening_hours import clock, open_intervals
from booking.domain.scheduling import (
    MAX_HANCHANS,
    MAX_MIN_MINUTES,
    MAX_PLAYERS,
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
    match_card,
    match_title,
    unbooked_by_new_answer,
    validate_availability,
    validate_hanchans,
    validate_window,
)
from booking.use_cases import common
from rondo_runtime import failpoints, idempotency
from rondo_runtime.errors import Aborted, FailedPrecondition, InvalidArgument, NotFound, PermissionDenied, ResourceExhausted
from rondo_runtime.text import MAX_REASON_LENGTH
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

DEFAULT_MIN_MINUTES = 90  # one hanchan
DEFAULT_GAMES = 3  # a regular match (discard-league-2026 §2)
MATCH_HANCHANS = 3  # a regular-stage match (discard-league-2026 §2): the fallback meeting's default length
MAX_PROPOSALS_PER_HOUR = 10  # a player's proposals for one match in any hour (schedule.proposal.rate-limited)
PROPOSAL_PERIOD = timedelta(hours=1)
Raw = tuple[datetime | None, datetime | None]


@dataclass(frozen=True)
class AvailabilityAnswer:
    """SetAvailability's answer: the stored (merged) intervals and what the change undid."""

    availability: Availability
    cancelled_meeting_ids: tuple[str, ...]


@dataclass(frozen=True)
class WindowMove:
    """MoveMatchWindow's answer: the match in its new window, the booked meetings cancelled because they
    fell outside it, and the proposed meetings voided (their confirmations no longer count)."""

    match: Match
    cancelled_meeting_ids: tuple[str, ...]
    voided_meeting_ids: tuple[str, ...]


class Scheduling:
    def __init__(self, uow: UnitOfWork[BookingRepository], clock: Callable[[], datetime] = common.now):
        self.uow = uow
        self.clock = clock

    @staticmethod
    def _player(match: Match, player_id: str) -> None:
        if player_id not in match.player_ids:
            raise PermissionDenied.because("NOT_A_MATCH_PLAYER", player_id=player_id, match=match.key)

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
            club = common.club(repo, club_id)
            if common.replayed(repo, key):
                return common.match(repo, match_key)
            wanted = Match("", match_key, club.id, tuple(players), window, minutes, games, one_meeting)
            existing = repo.match_by_key(match_key)
            if existing is not None:  # opening the same match again answers it (the gateway opens per table)
                if dataclasses.replace(existing, id="") != wanted:
                    raise FailedPrecondition.because("MATCH_ALREADY_OPEN", match=match_key)
                return existing
            match = dataclasses.replace(wanted, id=common.new_id())
            repo.add_match(match, self.clock())
            idempotency.remember(repo, key, self.clock(), match.id)
            return match

        return self.uow.write(work)

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
            match = common.match(repo, match_key, lock=True)
            self._player(match, player_id)
            merged = validate_availability(intervals, match.window)
            answers = repo.availabilities(match.id)
            if common.replayed(repo, key):
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

        return self.uow.write(work)

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
            match = common.match(repo, match_key)
            self._player(match, player_id)
            return repo.availabilities(match.id).get(player_id) or Availability(player_id, 0, ())

        return self.uow.read(work)

    def get_match_card(self, match_key: str, viewer_player_id: str) -> Card:
        v = Violations()
        match_key = v.id("match_key", match_key)
        viewer = v.id("viewer_player_id", viewer_player_id)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Card:
            match = common.match(repo, match_key)
            self._player(match, viewer)
            return self._card(repo, match, viewer)

        return self.uow.read(work)

    def _card(self, repo: BookingRepository, match: Match, viewer: str = "") -> Card:
        inputs = repo.card_inputs(match)  # one query: the club, its rooms and bookings, the answers, the meetings
        club = inputs.club
        if club is None:
            raise NotFound.because("CLUB_NOT_FOUND", club_id=match.club_id)
        hours = open_intervals(club.opening_hours, club.zone, match.window) if club.opening_hours else None
        return match_card(
            match, inputs.answers, inputs.meetings, inputs.confirmations, inputs.room_ids, inputs.busy, viewer, hours
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
            match = common.match(repo, match_key, lock=True)
            self._player(match, player_id)
            if done := common.replayed(repo, key):
                return self._existing_meeting(repo, match, done)
            check_meeting_games(match, games)
            check_meeting_length(match, slot)
            common.check_bookable(repo, match, slot, self.clock())
            self._check_shown(repo, match, slot)
            self._check_proposal_rate(repo, match, player_id)
            meeting = Meeting(common.new_id(), match.id, slot, games, player_id)
            repo.add_meeting(meeting, self.clock())
            idempotency.remember(repo, key, self.clock(), meeting.id)
            return meeting

        return self.uow.write(work)

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
    def _existing_meeting(repo: BookingRepository, match: Match, meeting_id: str, for_update: bool = False) -> Meeting:
        meeting = repo.meeting(meeting_id, for_update)
        if meeting is None or meeting.match_id != match.id:
            raise NotFound.because("MEETING_NOT_FOUND", meeting_id=meeting_id, match=match.key)
        return meeting

    def _book(self, repo: BookingRepository, match: Match, meeting: Meeting, room_id: str = "") -> Meeting:
        """Books the first free room of the club (or ``room_id``) for the whole meeting, in this
        transaction; the database refuses an overlap (RoomTaken), then the next room is tried. No room:
        ABORTED, saying who took it."""
        club = common.club(repo, match.club_id)
        rooms = [common.room(repo, club, room_id)] if room_id else repo.rooms(club.id)
        if not room_id and meeting.room_id:  # a proposal's suggested room first (docs/rules.md schedule.auto.*)
            rooms.sort(key=lambda r: r.id != meeting.room_id)
        bookings = repo.active_bookings(club.id, meeting.slot.start, meeting.slot.end)
        for room in rooms:
            if any(b.room_id == room.id and b.slot.overlaps(meeting.slot) for b in bookings):
                continue
            title = match_title(match.key, meeting.hanchans)
            booking = Booking(common.new_id(), club.id, room.id, meeting.slot, title, BookingStatus.ACTIVE, match.id, meeting.id)
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
        raise common.room_taken(repo, club, rooms, meeting.slot)

    @staticmethod
    def _refused(repo: BookingRepository, match: Match, club: Club, booked: Meeting, refused: MeetingRefused) -> Aborted:
        """ABORTED naming what collided when the database refuses a meeting as booked (docs/rules.md
        ``schedule.booking.invariants-in-database``)."""
        if refused.invariant == "player-overlap":
            who = ", ".join(repo.booked_elsewhere(match.player_ids, booked.slot, booked.id)) or "a player of the match"
            return Aborted.because("PLAYER_DOUBLE_BOOKED", players=who, when=common.local(club, booked.slot))
        if refused.invariant == "hanchans-booked":
            return Aborted.because("HANCHANS_JUST_BOOKED", match=match.key)
        return Aborted.because("MEETING_CHANGED", meeting_id=booked.id)

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
            match = common.match(repo, match_key, lock=True)
            self._player(match, player_id)
            meeting = self._existing_meeting(repo, match, meeting_id, for_update=True)  # one confirmation at a time
            if common.replayed(repo, key) or meeting.status is MeetingStatus.BOOKED:
                return meeting
            if meeting.status is MeetingStatus.CANCELLED:
                raise FailedPrecondition.because("MEETING_CANCELLED", meeting_id=meeting_id)
            zone = common.club(repo, match.club_id).zone
            check_not_booked(match, repo.meetings(match.id), meeting.hanchans, zone, "confirm a meeting for the hanchans left")
            common.check_bookable(repo, match, meeting.slot, self.clock())
            answers = repo.availabilities(match.id)
            repo.add_confirmation(Confirmation(meeting.id, player_id, answers[player_id].version), self.clock())
            if all_confirmed(match, meeting, repo.confirmations(match.id), answers):
                meeting = self._book(repo, match, meeting)
            idempotency.remember(repo, key, self.clock(), meeting.id)
            failpoints.reached("booking.confirm_meeting.before_commit")  # the faults tier kills the process here
            return meeting

        return self.uow.write(work)

    def cancel_meeting(self, match_key: str, meeting_id: str) -> Meeting:
        """The organizer cancels a meeting (its room is freed); the match is back to agreeing."""
        v = Violations()
        match_key = v.id("match_key", match_key)
        meeting_id = v.id("meeting_id", meeting_id)
        v.raise_if_any()

        def work(repo: BookingRepository) -> Meeting:
            match = common.match(repo, match_key, lock=True)
            meeting = self._existing_meeting(repo, match, meeting_id)
            if meeting.status is not MeetingStatus.CANCELLED:
                self._cancel(repo, meeting)
            return self._existing_meeting(repo, match, meeting_id)

        return self.uow.write(work)

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
            match = common.match(repo, match_key, lock=True)
            if done := common.replayed(repo, key):
                return self._existing_meeting(repo, match, done)
            check_meeting_games(match, games)
            check_meeting_length(match, slot)
            common.not_past(slot, self.clock())
            common.check_in_window(match, slot)
            club = common.club(repo, match.club_id)
            common.check_open(club, slot)
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
            meeting = Meeting(common.new_id(), match.id, slot, games, "")
            repo.add_meeting(meeting, self.clock())
            meeting = self._book(repo, match, meeting, room_id)
            idempotency.remember(repo, key, self.clock(), meeting.id)
            return meeting

        return self.uow.write(work)

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
            match = common.match(repo, match_key, lock=True)
            if done := common.replayed(repo, key):
                return self._existing_meeting(repo, match, done)
            club = common.club(repo, match.club_id)
            if booked := [m for m in repo.meetings(match.id) if m.status is MeetingStatus.BOOKED]:
                raise FailedPrecondition(
                    f"match {match.key!r} is already booked for {common.local(club, booked[0].slot)}; cancel that meeting first"
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
            common.not_past(slot, self.clock())
            common.check_open(club, slot, "the fallback time")
            meeting = Meeting(common.new_id(), match.id, slot, (), "")
            repo.add_meeting(meeting, self.clock())
            meeting = self._book(repo, match, meeting)
            idempotency.remember(repo, key, self.clock(), meeting.id)
            return meeting

        return self.uow.write(work)

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
            match = common.match(repo, match_key, lock=True)
            if common.replayed(repo, key):
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
            moved = common.match(repo, match_key)
            return WindowMove(moved, tuple(cancelled), tuple(voided))

        return self.uow.write(work)
