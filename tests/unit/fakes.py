"""In-memory fakes for the service-layer tier (cosmicpython's ``FakeRepository`` / ``FakeUnitOfWork``).

Each fake repository keeps domain objects in dicts and has every public method of the real one (a test
in tests/unit checks that, so the fakes cannot fall behind). :class:`FakeUnitOfWork` gives the use cases
the same all-or-nothing transactions as the database: ``write`` works on a copy and keeps it only when
the work returns.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Generic, TypeVar

from booking.domain.intervals import Interval
from booking.domain.mediation import Mediation, MediationStatus, StageCalendar, Timeout
from booking.domain.model import Club, Room
from booking.domain.recurrence import Series
from booking.domain.reminders import Reminder, ReminderSchedule
from booking.domain.scheduling import (
    Availability,
    Booking,
    BookingStatus,
    CardInputs,
    Confirmation,
    Match,
    Meeting,
    MeetingStatus,
    RoomTaken,
)
from gateway.domain.identity import Account, AuditEntry, LoginAttempt, PlayerLink, Role, ThrottleState
from gateway.domain.scopes import AccessGrant, Holders
from gateway.domain.telegram import LinkCode, TelegramLink
from league.domain.certificate import SolveRecord
from league.domain.commitment import SeedCommitment
from league.domain.disqualification import PlayerDisqualification
from league.domain.lots import TieDecision
from league.domain.mahjong.playoff_basis import PlayoffDecision
from league.domain.mahjong.reviews import Review
from league.domain.model import Competition, Draw, Player, PlayerStatus, normalized_name
from league.domain.pinning import RulesetVersion
from league.domain.records import RecordKind, ResultRecord
from league.domain.stages import Stage, StageStatus
from rondo_runtime.confusables import lookalike_key
from rondo_runtime.idempotency import IdempotencyRecord

R = TypeVar("R")
T = TypeVar("T")


def _keyset(ordered: list[T], key: Callable[[T], tuple], after: tuple | None, limit: int | None) -> list[T]:
    """The real repositories' ``WHERE key > :after ORDER BY key LIMIT :limit`` over a sorted list."""
    found = [x for x in ordered if after is None or key(x) > after]
    return found[:limit] if limit is not None else found


class FakeUnitOfWork(Generic[R]):
    def __init__(self, repository: R):
        self.repository = repository
        self.commits = 0

    def write(self, work: Callable[[R], T]) -> T:
        draft = copy.deepcopy(self.repository)
        result = work(draft)  # an exception leaves self.repository as it was: rolled back
        self.repository = draft
        self.commits += 1
        return result

    def read(self, work: Callable[[R], T]) -> T:
        return work(copy.deepcopy(self.repository))  # a read cannot change anything


class FakeKeyStore:
    """The ``idempotency_keys`` table of a fake repository (``rondo_runtime.idempotency``): one record
    per scope, like the table's unique constraint."""

    def __init__(self) -> None:
        self.idempotency_records: dict[str, IdempotencyRecord] = {}

    def idempotency_record(self, scope: str) -> IdempotencyRecord | None:
        return self.idempotency_records.get(scope)

    def add_idempotency_record(self, record: IdempotencyRecord) -> None:
        if record.scope in self.idempotency_records:
            raise ValueError(f"duplicate idempotency scope {record.scope!r}")  # the database's IntegrityError
        self.idempotency_records[record.scope] = record


class FakeLeagueRepository(FakeKeyStore):
    def __init__(self) -> None:
        super().__init__()
        self.competitions: dict[str, Competition] = {}
        self.players_by_id: dict[str, Player] = {}
        self.draws_by_id: dict[str, Draw] = {}
        self.commitments: dict[str, SeedCommitment] = {}
        self.solve_records: dict[str, SolveRecord] = {}
        self.status_reasons: dict[str, str] = {}
        self.records_by_id: dict[str, ResultRecord] = {}
        self.stages_by_id: dict[str, Stage] = {}
        self.reviews_by_id: dict[str, Review] = {}
        self.ruleset_versions_by_key: dict[tuple[str, int], RulesetVersion] = {}
        self.tie_decisions_by_id: dict[str, TieDecision] = {}
        self.disqualifications_by_id: dict[str, PlayerDisqualification] = {}
        self.playoff_decisions_by_id: dict[str, PlayoffDecision] = {}

    # --- competitions ---
    def add_competition(self, c: Competition) -> None:
        self.competitions[c.id] = c

    def competition(self, competition_id: str, for_update: bool = False) -> Competition | None:
        return self.competitions.get(competition_id)

    def close_registration(self, competition_id: str, at: datetime) -> None:
        self.competitions[competition_id] = dataclasses.replace(self.competitions[competition_id], registration_closed_at=at)

    def competition_page(self, after: tuple[datetime, str] | None, limit: int | None) -> list[Competition]:
        ordered = sorted(self.competitions.values(), key=lambda c: (c.created_at, c.id))
        return _keyset(ordered, lambda c: (c.created_at, c.id), after, limit)

    def set_published_draw(self, competition_id: str, draw_id: str) -> None:
        self.competitions[competition_id] = dataclasses.replace(self.competitions[competition_id], published_draw_id=draw_id)

    # --- players ---
    def add_player(self, p: Player) -> None:
        self.players_by_id[p.id] = p

    def update_player_status(self, p: Player, reason: str) -> None:
        self.players_by_id[p.id] = dataclasses.replace(self.players_by_id[p.id], status=p.status)
        self.status_reasons[p.id] = reason

    def player(self, player_id: str) -> Player | None:
        return self.players_by_id.get(player_id)

    def players(self, competition_id: str) -> list[Player]:
        mine = [p for p in self.players_by_id.values() if p.competition_id == competition_id]
        return sorted(mine, key=lambda p: p.registration_order)

    def player_page(self, competition_id: str, active_only: bool, after: tuple | None, limit: int | None) -> list[Player]:
        shown = [p for p in self.players(competition_id) if p.active or not active_only]
        return _keyset(shown, lambda p: (p.registration_order,), after, limit)

    def seated_main(self, competition_id: str, player_ids: Sequence[str]) -> set[str]:
        return {p for p in self.main_player_ids(competition_id) if p in player_ids}

    def roster_signature(self, competition_id: str) -> tuple[tuple[str, str, str, int], ...]:
        return tuple((p.id, p.status.value, p.name, p.registration_order) for p in self.players(competition_id))

    def main_player_ids(self, competition_id: str) -> list[str]:
        return [p.id for p in self.players(competition_id) if p.status is not PlayerStatus.SUBSTITUTE]

    def next_registration_order(self, competition_id: str) -> int:
        return max((p.registration_order for p in self.players(competition_id)), default=0) + 1

    def player_named(self, competition_id: str, name: str) -> Player | None:
        key = normalized_name(name)
        return next((p for p in self.players(competition_id) if normalized_name(p.name) == key), None)

    def player_looking_like(self, competition_id: str, name: str) -> Player | None:
        key = lookalike_key(name)
        return next((p for p in self.players(competition_id) if lookalike_key(p.name) == key), None)

    def active_player_count(self, competition_id: str) -> int:
        return sum(1 for p in self.players(competition_id) if p.active)

    # --- draws ---
    def add_draw(self, d: Draw) -> None:
        self.draws_by_id[d.id] = d

    def add_seed_commitment(self, c: SeedCommitment) -> None:
        self.commitments[c.competition_id] = c

    def seed_commitment(self, competition_id: str) -> SeedCommitment | None:
        return self.commitments.get(competition_id)

    def add_solve_record(self, draw_id: str, record: SolveRecord) -> None:
        self.solve_records[draw_id] = record

    def solve_record(self, draw_id: str) -> SolveRecord | None:
        return self.solve_records.get(draw_id)

    def update_draw_status(self, d: Draw) -> None:
        self.draws_by_id[d.id] = dataclasses.replace(self.draws_by_id[d.id], status=d.status, approved_at=d.approved_at)

    def next_draw_version(self, competition_id: str) -> int:
        return max((d.version for d in self.draws(competition_id)), default=0) + 1

    def draw(self, draw_id: str) -> Draw | None:
        return self.draws_by_id.get(draw_id)

    def draws(self, competition_id: str) -> list[Draw]:
        return sorted((d for d in self.draws_by_id.values() if d.competition_id == competition_id), key=lambda d: d.version)

    def draw_page(self, competition_id: str, after: tuple | None, limit: int | None) -> list[Draw]:
        return _keyset(self.draws(competition_id), lambda d: (d.version,), after, limit)

    def draw_headers(self, competition_id: str) -> list[Draw]:
        return [dataclasses.replace(d, rounds=()) for d in self.draws(competition_id)]

    # --- result records ---
    def add_record(self, r: ResultRecord) -> None:
        if r.replaces_record_id and any(x.replaces_record_id == r.replaces_record_id for x in self.records_by_id.values()):
            raise ValueError("record already corrected")  # the database's unique constraint
        self.records_by_id[r.id] = r

    def record(self, record_id: str) -> ResultRecord | None:
        return self.records_by_id.get(record_id)

    def records(
        self, competition_id: str, round_no: int | None = None, table: int | None = None, stage: int | None = None
    ) -> list[ResultRecord]:
        if round_no is not None and table is not None and stage is None:
            stage = 1
        mine = [
            r
            for r in self.records_by_id.values()
            if r.competition_id == competition_id
            and (round_no is None or table is None or (r.round, r.table) == (round_no, table))
            and (stage is None or r.stage == stage)
        ]
        return sorted(mine, key=lambda r: r.sequence)

    def match_record_page(
        self, competition_id: str, stage: int, round_no: int, table: int, after: tuple | None, limit: int | None
    ) -> list[tuple[ResultRecord, str]]:
        by = {r.replaces_record_id: r.id for r in self.records_by_id.values() if r.replaces_record_id}
        found = _keyset(self.records(competition_id, round_no, table, stage), lambda r: (r.sequence,), after, limit)
        return [(r, by.get(r.id, "")) for r in found]

    def match_no_shows(self, competition_id: str, stage: int, round_no: int, table: int) -> list[ResultRecord]:
        in_match = self.records(competition_id, round_no, table, stage)
        ids = {r.id for r in in_match if r.kind is RecordKind.NO_SHOW}
        return [r for r in in_match if r.id in ids or r.replaces_record_id in ids]

    def records_entered_between(self, competition_id: str, stage: int, first: int, end: int) -> list[ResultRecord]:
        return [r for r in self.records(competition_id, stage=stage) if first <= r.sequence < end]

    def next_record_sequence(self, competition_id: str) -> int:
        return max((r.sequence for r in self.records(competition_id)), default=0) + 1

    # --- stages ---
    def add_stage(self, st: Stage) -> None:
        if self.stage(st.competition_id, st.number) is not None:
            raise ValueError("stage number taken")  # the database's unique constraint
        self.stages_by_id[st.id] = st

    def stage(self, competition_id: str, number: int) -> Stage | None:
        return next((s for s in self.stages_by_id.values() if (s.competition_id, s.number) == (competition_id, number)), None)

    def stages(self, competition_id: str) -> list[Stage]:
        return sorted((s for s in self.stages_by_id.values() if s.competition_id == competition_id), key=lambda s: s.number)

    def stage_page(self, competition_id: str, after: tuple | None, limit: int | None) -> list[Stage]:
        return _keyset(self.stages(competition_id), lambda s: (s.number,), after, limit)

    def complete_stage(self, stage_id: str, at: datetime) -> None:
        st = self.stages_by_id[stage_id]
        self.stages_by_id[stage_id] = dataclasses.replace(st, status=StageStatus.COMPLETED, completed_at=at)

    # --- reviews of reported records, ruleset versions, tie decisions (append-only) ---
    def add_review(self, r: Review) -> None:
        self.reviews_by_id[r.id] = r

    def reviews(self, competition_id: str, record_ids: Sequence[str] | None = None) -> list[Review]:
        mine = (
            r
            for r in self.reviews_by_id.values()
            if r.competition_id == competition_id and (record_ids is None or r.record_id in record_ids)
        )
        return sorted(mine, key=lambda r: r.sequence)

    def next_review_sequence(self, competition_id: str) -> int:
        return max((r.sequence for r in self.reviews(competition_id)), default=0) + 1

    def add_ruleset_version(self, v: RulesetVersion) -> None:
        if (v.competition_id, v.version) in self.ruleset_versions_by_key:
            raise ValueError("duplicate ruleset version")  # the database's primary key
        self.ruleset_versions_by_key[(v.competition_id, v.version)] = v

    def ruleset_versions(self, competition_id: str) -> list[RulesetVersion]:
        return sorted((v for (c, _), v in self.ruleset_versions_by_key.items() if c == competition_id), key=lambda v: v.version)

    def ruleset_version_page(self, competition_id: str, after: tuple | None, limit: int | None) -> list[RulesetVersion]:
        return _keyset(self.ruleset_versions(competition_id), lambda v: (v.version,), after, limit)

    def add_playoff_decision(self, d: PlayoffDecision) -> None:
        self.playoff_decisions_by_id[d.id] = d

    def playoff_decisions(self, competition_id: str) -> list[PlayoffDecision]:
        mine = (d for d in self.playoff_decisions_by_id.values() if d.competition_id == competition_id)
        return sorted(mine, key=lambda d: d.sequence)

    def playoff_decision(self, decision_id: str) -> PlayoffDecision | None:
        return self.playoff_decisions_by_id.get(decision_id)

    def next_playoff_decision_sequence(self, competition_id: str) -> int:
        return len(self.playoff_decisions(competition_id)) + 1

    def remove_stage(self, stage_id: str) -> None:
        self.stages_by_id.pop(stage_id, None)

    def add_tie_decision(self, d: TieDecision) -> None:
        self.tie_decisions_by_id[d.id] = d

    def tie_decisions(self, competition_id: str) -> list[TieDecision]:
        mine = (d for d in self.tie_decisions_by_id.values() if d.competition_id == competition_id)
        return sorted(mine, key=lambda d: d.sequence)

    def tie_decision(self, decision_id: str) -> TieDecision | None:
        return self.tie_decisions_by_id.get(decision_id)

    def next_tie_decision_sequence(self, competition_id: str) -> int:
        return max((d.sequence for d in self.tie_decisions(competition_id)), default=0) + 1

    # --- disqualifications ---
    def add_disqualification(self, d: PlayerDisqualification) -> None:
        if any(x.player_id == d.player_id for x in self.disqualifications_by_id.values()):
            raise ValueError("player already disqualified")  # the database's unique constraint
        self.disqualifications_by_id[d.id] = d

    def disqualifications(self, competition_id: str) -> list[PlayerDisqualification]:
        return [d for d in self.disqualifications_by_id.values() if d.competition_id == competition_id]


class FakeBookingRepository(FakeKeyStore):
    def __init__(self) -> None:
        super().__init__()
        self.clubs_by_id: dict[str, Club] = {}
        self.rooms_by_id: dict[str, Room] = {}
        self.matches_by_key: dict[str, Match] = {}
        self.answers: list[tuple[str, Availability]] = []
        self.meetings_by_id: dict[str, Meeting] = {}
        self.meeting_created: dict[str, datetime] = {}
        self.confirmation_rows: list[Confirmation] = []
        self.bookings_by_id: dict[str, Booking] = {}
        self.series_by_id: dict[str, Series] = {}
        self.calendar_tokens: dict[str, str] = {}  # club id -> token sha256
        self.window_moves: list[tuple[str, Interval, Interval, str]] = []

    def add_club(self, club: Club) -> None:
        self.clubs_by_id[club.id] = club

    def update_club(self, club: Club) -> None:
        self.clubs_by_id[club.id] = club

    def club(self, club_id: str) -> Club | None:
        return self.clubs_by_id.get(club_id)

    def clubs(self, ids: frozenset[str] | None) -> list[Club]:
        chosen = [c for c in self.clubs_by_id.values() if ids is None or c.id in ids]
        return sorted(chosen, key=lambda c: (c.name.casefold(), c.id))

    def club_page(self, ids: frozenset[str] | None, after: tuple | None, limit: int | None) -> list[Club]:
        return _keyset(self.clubs(ids), lambda c: (c.name.casefold(), c.id), after, limit)

    def add_room(self, room: Room) -> None:
        self.rooms_by_id[room.id] = room

    def room(self, room_id: str) -> Room | None:
        return self.rooms_by_id.get(room_id)

    def rooms(self, club_id: str) -> list[Room]:
        return sorted((r for r in self.rooms_by_id.values() if r.club_id == club_id), key=lambda r: r.name)

    def room_page(self, club_id: str, after: tuple[str, str] | None, limit: int | None) -> list[Room]:
        ordered = sorted((r for r in self.rooms_by_id.values() if r.club_id == club_id), key=lambda r: (r.name, r.id))
        return _keyset(ordered, lambda r: (r.name, r.id), after, limit)

    # --- scheduling (the real repository's tables, as dicts and lists) ---
    def add_match(self, match: Match, at: datetime) -> None:
        if match.key in self.matches_by_key:
            raise ValueError("match key taken")  # the database's unique constraint
        self.matches_by_key[match.key] = match

    def match_by_key(self, match_key: str, lock: bool = False) -> Match | None:  # the fake runs one call at a time
        return self.matches_by_key.get(match_key)

    def move_match_window(self, match: Match, window: Interval, reason: str, at: datetime) -> None:
        self.window_moves.append((match.id, match.window, window, reason))
        self.matches_by_key[match.key] = dataclasses.replace(match, window=window)

    def add_availability(self, match_id: str, answer: Availability, at: datetime) -> None:
        self.answers.append((match_id, answer))

    def availabilities(self, match_id: str) -> dict[str, Availability]:
        out: dict[str, Availability] = {}
        for mid, a in self.answers:
            if mid == match_id and (a.player_id not in out or out[a.player_id].version < a.version):
                out[a.player_id] = a
        return out

    def add_meeting(self, meeting: Meeting, at: datetime) -> None:
        self.meetings_by_id[meeting.id] = meeting
        self.meeting_created[meeting.id] = at

    def proposal_times(self, match_id: str, player_id: str, since: datetime) -> list[datetime]:
        return sorted(
            self.meeting_created[m.id]
            for m in self.meetings_by_id.values()
            if m.match_id == match_id and m.proposed_by == player_id and self.meeting_created[m.id] >= since
        )

    def update_meeting(self, meeting: Meeting) -> None:
        self.meetings_by_id[meeting.id] = meeting

    def meetings(self, match_id: str) -> list[Meeting]:
        return sorted((m for m in self.meetings_by_id.values() if m.match_id == match_id), key=lambda m: m.slot.start)

    def meeting(self, meeting_id: str, for_update: bool = False) -> Meeting | None:
        return self.meetings_by_id.get(meeting_id)

    def add_confirmation(self, c: Confirmation, at: datetime) -> None:
        if c not in self.confirmation_rows:
            self.confirmation_rows.append(c)

    def booked_elsewhere(self, player_ids: tuple[str, ...], slot: Interval, meeting_id: str) -> list[str]:
        players = {m.id: m.player_ids for m in self.matches_by_key.values()}
        return sorted(
            {
                p
                for m in self.meetings_by_id.values()
                if m.status is MeetingStatus.BOOKED and m.id != meeting_id and m.slot.overlaps(slot)
                for p in players.get(m.match_id, ())
                if p in player_ids
            }
        )

    def confirmations(self, match_id: str) -> list[Confirmation]:
        mine = {m.id for m in self.meetings(match_id)}
        return [c for c in self.confirmation_rows if c.meeting_id in mine]

    def add_booking(self, booking: Booking, at: datetime) -> None:
        if any(
            b.room_id == booking.room_id and b.status is BookingStatus.ACTIVE and b.slot.overlaps(booking.slot)
            for b in self.bookings_by_id.values()
        ):
            raise RoomTaken(booking.room_id)  # the exclusion constraint / trigger
        self.bookings_by_id[booking.id] = dataclasses.replace(booking, updated_at=at)

    def cancel_booking(self, booking_id: str, at: datetime, reason: str = "") -> None:
        b = self.bookings_by_id[booking_id]
        self.bookings_by_id[booking_id] = dataclasses.replace(
            b, status=BookingStatus.CANCELLED, cancelled_at=at, cancel_reason=reason, sequence=b.sequence + 1, updated_at=at
        )

    def move_booking(self, booking_id: str, room_id: str, slot: Interval, at: datetime) -> None:
        b = self.bookings_by_id[booking_id]
        if any(
            o.id != b.id and o.room_id == room_id and o.status is BookingStatus.ACTIVE and o.slot.overlaps(slot)
            for o in self.bookings_by_id.values()
        ):
            raise RoomTaken(room_id)
        self.bookings_by_id[booking_id] = dataclasses.replace(
            b, room_id=room_id, slot=slot, sequence=b.sequence + 1, updated_at=at
        )

    def add_series(self, series: Series, at: datetime) -> None:
        self.series_by_id[series.id] = series

    def series(self, series_id: str) -> Series | None:
        return self.series_by_id.get(series_id)

    def series_bookings(self, series_id: str) -> list[Booking]:
        return sorted((b for b in self.bookings_by_id.values() if b.series_id == series_id), key=lambda b: (b.slot.start, b.id))

    def calendar_bookings(
        self, club_id: str, start: datetime, end: datetime, cancelled_since: datetime, limit: int
    ) -> list[Booking]:
        chosen = [
            b
            for b in self.bookings_by_id.values()
            if b.club_id == club_id
            and b.slot.start < end
            and b.slot.end > start
            and (b.status is BookingStatus.ACTIVE or (b.cancelled_at is not None and b.cancelled_at >= cancelled_since))
        ]
        return sorted(chosen, key=lambda b: (b.slot.start, b.id))[:limit]

    def set_calendar_token(self, club_id: str, token_sha256: str, at: datetime) -> None:
        self.calendar_tokens[club_id] = token_sha256

    def calendar_token(self, token_sha256: str) -> tuple[str, str] | None:
        return next(((c, h) for c, h in self.calendar_tokens.items() if h == token_sha256), None)

    def booking(self, booking_id: str) -> Booking | None:
        return self.bookings_by_id.get(booking_id)

    def busy_times(self, club_id: str, start: datetime, end: datetime) -> dict[str, list[Interval]]:
        out: dict[str, list[Interval]] = {}
        for b in self.active_bookings(club_id, start, end):
            out.setdefault(b.room_id, []).append(b.slot)
        return out

    def card_inputs(self, match: Match) -> CardInputs:
        """The real repository's one query, as its separate reads."""
        return CardInputs(
            club=self.club(match.club_id),
            room_ids=tuple(r.id for r in self.rooms(match.club_id)),
            busy=self.busy_times(match.club_id, match.window.start, match.window.end),
            answers=self.availabilities(match.id),
            meetings=tuple(self.meetings(match.id)),
            confirmations=tuple(self.confirmations(match.id)),
        )

    def booking_page(
        self, club_id: str, start: datetime, end: datetime, after: tuple[datetime, str] | None, limit: int | None
    ) -> list[Booking]:
        return _keyset(self.active_bookings(club_id, start, end), lambda b: (b.slot.start, b.id), after, limit)

    def active_bookings(self, club_id: str, start: datetime, end: datetime) -> list[Booking]:
        return sorted(
            (
                b
                for b in self.bookings_by_id.values()
                if b.club_id == club_id and b.status is BookingStatus.ACTIVE and b.slot.start < end and b.slot.end > start
            ),
            key=lambda b: (b.slot.start, b.id),
        )


class FakeIdentityRepository:
    """``gateway.adapters.accounts.IdentityRepository`` in dicts and lists."""

    def __init__(self) -> None:
        self.accounts_by_id: dict[str, Account] = {}
        self.password_hashes: dict[str, str | None] = {}
        self.links: list[tuple[str, PlayerLink]] = []
        self.revoked: dict[str, tuple[str, datetime]] = {}
        self.login_attempts: list[tuple[str, str, LoginAttempt]] = []
        self.audit: list[AuditEntry] = []
        self.signing_keys: dict[str, str] = {}
        self.throttle: dict[str, ThrottleState] = {}
        self.link_codes: dict[str, LinkCode] = {}
        self.telegram: list[tuple[int, TelegramLink]] = []  # (id, link), in the order made
        self.telegram_ids = 0
        self.calendar_tokens: dict[str, str] = {}  # account id -> its feed token's hash

    def _with_links(self, account: Account) -> Account:
        return dataclasses.replace(account, links=tuple(link for owner, link in self.links if owner == account.id))

    def account(self, account_id: str) -> Account | None:
        account = self.accounts_by_id.get(account_id)
        return None if account is None else self._with_links(account)

    def accounts_with_ids(self, account_ids) -> dict[str, Account]:
        return {i: self._with_links(self.accounts_by_id[i]) for i in account_ids if i in self.accounts_by_id}

    def account_by_name(self, name_key: str) -> tuple[Account, str | None] | None:
        for account in self.accounts_by_id.values():
            if account.name_key == name_key:
                return self._with_links(account), self.password_hashes.get(account.id)
        return None

    def account_names(self) -> list[str]:
        return [a.name for a in sorted(self.accounts_by_id.values(), key=lambda a: a.name_key)]

    def name_taken(self, name_key: str) -> bool:
        return self.account_by_name(name_key) is not None

    def add_account(self, account: Account, password_hash: str | None) -> None:
        if self.name_taken(account.name_key):
            raise ValueError("duplicate name_key")  # the database's IntegrityError
        self.accounts_by_id[account.id] = account
        self.password_hashes[account.id] = password_hash

    def set_password_hash(self, account_id: str, password_hash: str | None) -> None:
        if account_id in self.accounts_by_id:
            self.password_hashes[account_id] = password_hash

    def bump_token_version(self, account_id: str) -> int:
        account = self.accounts_by_id.get(account_id)
        if account is None:
            return 0
        self.accounts_by_id[account_id] = dataclasses.replace(account, token_version=account.token_version + 1)
        return account.token_version + 1

    def disable(self, account_id: str, at: datetime) -> None:
        account = self.accounts_by_id.get(account_id)
        if account is not None:
            self.accounts_by_id[account_id] = dataclasses.replace(account, disabled=True)

    def accounts(self, role: Role | None, include_disabled: bool, after_name_key: str, limit: int) -> list[Account]:
        found = sorted(
            (
                a
                for a in self.accounts_by_id.values()
                if a.name_key > after_name_key and (role is None or a.role == role) and (include_disabled or not a.disabled)
            ),
            key=lambda a: a.name_key,
        )
        return [self._with_links(a) for a in found[:limit]]

    def account_of_player(self, player_id: str) -> str | None:
        return next((owner for owner, link in self.links if link.player_id == player_id), None)

    def add_link(self, account_id: str, link: PlayerLink, at: datetime, by: str) -> None:
        if self.account_of_player(link.player_id) is not None:
            raise ValueError("duplicate player_id")
        self.links.append((account_id, link))

    def revoke_token(self, jti: str, account_id: str, until: datetime, at: datetime) -> None:
        self.revoked.setdefault(jti, (account_id, until))

    def revoked_token_ids(self, account_id: str, now: datetime) -> frozenset[str]:
        return frozenset(jti for jti, (owner, until) in self.revoked.items() if owner == account_id and until > now)

    def signing_key(self, name: str) -> str | None:
        return self.signing_keys.get(name)

    def add_signing_key(self, name: str, secret: str, at: datetime) -> None:
        self.signing_keys[name] = secret

    def remove_signing_key(self, name: str) -> None:
        self.signing_keys.pop(name, None)

    def attempts_by_name(self, name_key: str, since: datetime) -> list[LoginAttempt]:
        return [a for key, _, a in self.login_attempts if key == name_key and a.at > since]

    def attempts_by_peer(self, peer: str, since: datetime) -> list[LoginAttempt]:
        return [a for _, host, a in self.login_attempts if host == peer and a.at > since]

    def add_attempt(self, name_key: str, peer: str, at: datetime, success: bool, account_id: str | None) -> None:
        self.login_attempts.append((name_key, peer, LoginAttempt(at, success)))

    def lock_throttle(self, keys) -> dict:
        return {key: self.throttle.get(key, ThrottleState()) for key in keys}

    def save_throttle(self, key: str, state: ThrottleState) -> None:
        self.throttle[key] = state

    def add_audit(self, entry: AuditEntry) -> int:
        self.audit.append(dataclasses.replace(entry, id=len(self.audit) + 1))
        return len(self.audit)

    def set_audit_outcome(self, entry_id: int, outcome: str) -> None:
        self.audit[entry_id - 1] = dataclasses.replace(self.audit[entry_id - 1], outcome=outcome)

    def audit_entries(self, account_id: str, before_id: int, limit: int) -> list[AuditEntry]:
        found = [
            e
            for e in reversed(self.audit)
            if (not account_id or e.account_id == account_id) and (before_id <= 0 or e.id < before_id)
        ]
        return found[:limit]

    def put_link_code(self, code: LinkCode) -> None:
        self.link_codes[code.account_id] = code

    def link_code(self, account_id: str) -> LinkCode | None:
        return self.link_codes.get(account_id)

    def use_link_code(self, code_hash: str, now: datetime) -> str | None:
        code = next((c for c in self.link_codes.values() if c.code_hash == code_hash), None)
        if code is None or not code.usable(now):
            return None
        self.link_codes[code.account_id] = dataclasses.replace(code, used_at=now)
        return code.account_id

    def put_telegram_link(self, link: TelegramLink) -> None:
        self.telegram = [
            (i, old)
            for i, old in self.telegram
            if old.account_id != link.account_id and old.telegram_user_id != link.telegram_user_id
        ]
        self.telegram_ids += 1
        self.telegram.append((self.telegram_ids, link))

    def telegram_link_of_user(self, telegram_user_id: int) -> TelegramLink | None:
        return next((link for _, link in self.telegram if link.telegram_user_id == telegram_user_id), None)

    def telegram_link_of_account(self, account_id: str) -> TelegramLink | None:
        return next((link for _, link in self.telegram if link.account_id == account_id), None)

    def remove_telegram_link(self, telegram_user_id: int) -> None:
        self.telegram = [(i, link) for i, link in self.telegram if link.telegram_user_id != telegram_user_id]

    def telegram_links(self, after_id: int, limit: int) -> list[tuple[int, TelegramLink]]:
        enabled = [
            (i, link)
            for i, link in self.telegram
            if i > after_id and link.account_id in self.accounts_by_id and not self.accounts_by_id[link.account_id].disabled
        ]
        return enabled[:limit]

    def put_my_calendar_token(self, account_id: str, token_hash: str, at: datetime) -> None:
        self.calendar_tokens[account_id] = token_hash

    def account_of_calendar_token(self, token_hash: str) -> str | None:
        return next((a for a, h in self.calendar_tokens.items() if h == token_hash), None)


def public_methods(cls: type) -> set[str]:
    """Public methods of ``cls`` and of its bases within the project (a fake's ``FakeKeyStore``)."""
    return {
        name
        for klass in cls.__mro__
        if klass is not object
        for name, value in vars(klass).items()
        if callable(value) and not name.startswith("_")
    }


class FakeReminderRepository(FakeBookingRepository):
    """``ReminderRepository`` in memory: the booking fake plus the reminder tables."""

    def __init__(self) -> None:
        super().__init__()
        self.schedules: dict[str, ReminderSchedule] = {}
        self.reminders_by_id: dict[str, Reminder] = {}

    def reminder_schedule(self, club_id: str) -> ReminderSchedule:
        return self.schedules.get(club_id, ReminderSchedule())

    def set_reminder_schedule(self, club_id: str, schedule: ReminderSchedule, at: datetime) -> None:
        self.schedules[club_id] = schedule

    def open_matches(self, now: datetime) -> list[Match]:
        return sorted((m for m in self.matches_by_key.values() if m.window.start <= now < m.window.end), key=lambda m: m.key)

    def has_reminder(self, match_id: str, due_at: datetime) -> bool:
        return any((r.due.match_id, r.due.due_at) == (match_id, due_at) for r in self.reminders_by_id.values())

    def add_reminder(self, reminder: Reminder) -> bool:
        if self.has_reminder(reminder.due.match_id, reminder.due.due_at):
            return False  # the unique (match, instant)
        self.reminders_by_id[reminder.id] = reminder
        return True

    def reminder(self, reminder_id: str) -> Reminder | None:
        return self.reminders_by_id.get(reminder_id)

    def unpublished_reminders(self, now: datetime) -> list[Reminder]:
        return sorted(
            (r for r in self.reminders_by_id.values() if r.published_at is None and r.due.window.end > now),
            key=lambda r: (r.due.due_at, r.due.match_key),
        )

    def mark_published(self, reminder_id: str, at: datetime) -> None:
        r = self.reminders_by_id[reminder_id]
        if r.published_at is None:
            self.reminders_by_id[reminder_id] = dataclasses.replace(r, published_at=at)

    def acknowledge(self, reminder_id: str, by: str, at: datetime) -> None:
        r = self.reminders_by_id[reminder_id]
        if r.acknowledged_at is None:
            self.reminders_by_id[reminder_id] = dataclasses.replace(r, acknowledged_at=at, acknowledged_by=by)

    def reminders(self, club_id: str, start: datetime, end: datetime, match_key_prefix: str = "") -> list[Reminder]:
        return sorted(
            (
                r
                for r in self.reminders_by_id.values()
                if r.due.club_id == club_id and start <= r.due.due_at < end and r.due.match_key.startswith(match_key_prefix)
            ),
            key=lambda r: (r.due.due_at, r.due.match_key, r.id),
        )

    def reminder_page(
        self, club_id: str, start: datetime, end: datetime, match_key_prefix: str, after: tuple | None, limit: int | None
    ) -> list[Reminder]:
        found = self.reminders(club_id, start, end, match_key_prefix)
        return _keyset(found, lambda r: (r.due.due_at, r.due.match_key, r.id), after, limit)


class FakeMediationRepository(FakeKeyStore):
    """``MediationRepository`` in memory."""

    def __init__(self) -> None:
        super().__init__()
        self.calendars: dict[tuple[str, int], StageCalendar] = {}
        self.mediations_by_id: dict[str, Mediation] = {}
        self.timeouts_by_id: dict[str, Timeout] = {}

    def calendar(self, competition_id: str, stage: int) -> StageCalendar | None:
        return self.calendars.get((competition_id, stage))

    def set_calendar(self, calendar: StageCalendar, at: datetime) -> None:
        self.calendars[(calendar.competition_id, calendar.stage)] = calendar

    def add_mediation(self, m: Mediation) -> None:
        if any(
            (o.competition_id, o.stage, o.round, o.table) == (m.competition_id, m.stage, m.round, m.table)
            for o in self.mediations_by_id.values()
        ):
            raise ValueError("a mediation for that game exists")  # the unique game constraint
        self.mediations_by_id[m.id] = m

    def update_mediation(self, m: Mediation) -> None:
        self.mediations_by_id[m.id] = m

    def mediation(self, mediation_id: str, for_update: bool = False) -> Mediation | None:
        return self.mediations_by_id.get(mediation_id)

    def mediations(self, competition_id: str) -> list[Mediation]:
        return sorted(
            (m for m in self.mediations_by_id.values() if m.competition_id == competition_id),
            key=lambda m: (m.requested_at, m.id),
        )

    def mediation_page(
        self, competition_id: str, stage: int, player_id: str, after: tuple | None, limit: int | None
    ) -> list[Mediation]:
        shown = [m for m in self.mediations(competition_id) if stage in (0, m.stage) and player_id in ("", *m.players)]
        return _keyset(shown, lambda m: (m.requested_at, m.id), after, limit)

    def no_show_mediations(self, competition_id: str) -> list[Mediation]:
        return [m for m in self.mediations(competition_id) if m.status is MediationStatus.NO_SHOW]

    def add_timeout(self, t: Timeout) -> None:
        self.timeouts_by_id[t.id] = t

    def timeout(self, timeout_id: str) -> Timeout | None:
        return self.timeouts_by_id.get(timeout_id)

    def timeouts(self, competition_id: str) -> list[Timeout]:
        return sorted(
            (t for t in self.timeouts_by_id.values() if t.competition_id == competition_id), key=lambda t: (t.starts_on, t.id)
        )

    def timeout_page(
        self, competition_id: str, stage: int, player_id: str, after: tuple | None, limit: int | None
    ) -> list[Timeout]:
        shown = [t for t in self.timeouts(competition_id) if stage in (0, t.stage) and player_id in ("", t.player_id)]
        return _keyset(shown, lambda t: (t.starts_on, t.id), after, limit)


class FakeScopeRepository:
    """``gateway.adapters.scopes.ScopeRepository`` in a dict keyed by (kind, resource id, account id)."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str, str], AccessGrant] = {}

    def holders(self, kind: str, resource_id: str) -> Holders:
        rows = [g for (k, r, _), g in self.rows.items() if (k, r) == (kind, resource_id) and g.revoked_at is None]
        owner = next((g.account_id for g in rows if g.owner), None)
        return Holders(owner, frozenset(g.account_id for g in rows if not g.owner))

    def held(self, kind: str, account_id: str) -> frozenset[str]:
        return frozenset(r for (k, r, a), g in self.rows.items() if (k, a) == (kind, account_id) and g.revoked_at is None)

    def add_owner(self, kind: str, resource_id: str, account_id: str, at: datetime) -> bool:
        if self.holders(kind, resource_id).owner is not None:
            return False
        self.rows[(kind, resource_id, account_id)] = AccessGrant(kind, resource_id, account_id, True, account_id, at)
        return True

    def grant(self, kind: str, resource_id: str, account_id: str, by: str, at: datetime) -> AccessGrant:
        found = self.rows.get((kind, resource_id, account_id))
        if found is None or found.revoked_at is not None:
            found = AccessGrant(kind, resource_id, account_id, False, by, at)
            self.rows[(kind, resource_id, account_id)] = found
        return found

    def revoke(self, kind: str, resource_id: str, account_id: str, by: str, at: datetime) -> AccessGrant | None:
        found = self.rows.get((kind, resource_id, account_id))
        if found is None or found.owner:
            return None
        if found.revoked_at is None:
            found = dataclasses.replace(found, revoked_at=at)
            self.rows[(kind, resource_id, account_id)] = found
        return found
