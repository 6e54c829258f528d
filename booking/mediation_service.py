"""Up&Down mediation use cases (updown-league-2007 §8, §9.1; docs/rules.md updown.mediation.*,
updown.timeout.*): the stage calendar, the request, the opponent's answer, the referee's decision
after the deadline, the game's outcome (played or a no-show) and time-outs.

Booking owns the time; league owns the results. The gateway checks the pairing against league's
stage before a request and records a no-show's technical loss in league (RecordGame); booking never
calls league. The stage calendar (dates, division, when the First League's round 2 starts) is stored
here per competition and stage, because league keeps no dates.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from prometheus_client import Counter

from booking.adapters.mediation_repository import MediationRepository
from booking.domain import mediation as rules
from booking.domain.mediation import Division, Mediation, MediationStatus, StageCalendar, Timeout
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from rondo_runtime.paging import WHOLE_LIST, Page, after_date, after_time, time_key
from rondo_runtime.text import MAX_NAME_LENGTH
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MAX_ROUND = 1000
MAX_TABLE = 1000

MEDIATIONS = Counter("rondo_booking_mediations_total", "Mediation steps, by step.", ["step"])


def _now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class MediationLog:
    """ListMediations' answer: the mediations and time-outs, and who is due for removal."""

    mediations: tuple[Mediation, ...]
    timeouts: tuple[Timeout, ...]
    removal_due: tuple[tuple[str, tuple[str, ...]], ...]  # (player, the opponents he did not come to)


@dataclass(frozen=True)
class Outcome:
    mediation: Mediation
    removal_due: tuple[tuple[str, tuple[str, ...]], ...]
    technical_result: str = ""  # a no-show's game result in the pairing's order (league's RecordGame)


class MediationService:
    def __init__(self, uow: UnitOfWork[MediationRepository], clock: Callable[[], datetime] = _now):
        self.uow = uow
        self.clock = clock

    @staticmethod
    def _replayed(repo: MediationRepository, key: idempotency.RequestKey | None) -> str | None:
        record = idempotency.first_answer(repo, key)
        return record.resource_id if record else None

    @staticmethod
    def _calendar(repo: MediationRepository, competition_id: str, stage: int) -> StageCalendar:
        found = repo.calendar(competition_id, stage)
        if found is None:
            raise FailedPrecondition(
                f"no mediation calendar for stage {stage} of {competition_id!r}: the organizer sets the stage's mediation calendar first"
            )
        return found

    @staticmethod
    def _mediation(repo: MediationRepository, mediation_id: str) -> Mediation:
        found = repo.mediation(mediation_id, for_update=True)
        if found is None:
            raise NotFound.because("MEDIATION_NOT_FOUND", mediation_id=mediation_id)
        return found

    # --- the stage calendar ---
    def set_calendar(
        self,
        competition_id: str,
        stage: int,
        division: str,
        starts_on: str,
        ends_on: str,
        second_round_starts_on: str = "",
        fixed_schedule: bool = False,
    ) -> StageCalendar:
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        if stage not in rules.STAGES:
            v.add("stage", f"an Up&Down stage is 1 or 2, got {stage}")
        kinds = {d.value: d for d in Division}
        if division not in kinds:
            v.add("division", f"one of {', '.join(kinds)}, got {division!r}"[:200])
        start, end = rules.parse_day(v, "starts_on", starts_on), rules.parse_day(v, "ends_on", ends_on)
        second = rules.parse_day(v, "second_round_starts_on", second_round_starts_on) if second_round_starts_on.strip() else None
        if start and end and end <= start:
            v.add("ends_on", f"must be after starts_on ({start.isoformat()})")
        if kinds.get(division) is Division.FIRST_LEAGUE and second is None and not v:
            v.add("second_round_starts_on", "the First League mediates from round 2 on: give the day round 2 starts")
        if second and start and end and not start <= second <= end:
            v.add("second_round_starts_on", f"must lie inside the stage {start.isoformat()} .. {end.isoformat()}")
        v.raise_if_any()
        assert start is not None and end is not None
        calendar = StageCalendar(competition_id, stage, kinds[division], start, end, second, fixed_schedule)
        self.uow.write(lambda repo: repo.set_calendar(calendar, self.clock()))
        return calendar

    # --- the request (docs/rules.md updown.mediation.*) ---
    def request(
        self,
        competition_id: str,
        stage: int,
        round_number: int,
        table: int,
        requester_id: str,
        opponent_id: str,
        days: Sequence[str],
        local_time: str = "",
        idempotency_key: str = "",
    ) -> Mediation:
        """The requester's 4 days of the next week; the pairing (stage, round, table) is checked against
        league by the gateway before this call."""
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        if stage not in rules.STAGES:
            v.add("stage", f"an Up&Down stage is 1 or 2, got {stage}")
        v.integer("round", round_number, 1, MAX_ROUND)
        v.integer("table", table, 1, MAX_TABLE)
        requester_id = v.id("requester_id", requester_id)
        opponent_id = v.id("opponent_id", opponent_id)
        if requester_id and requester_id == opponent_id:
            v.add("opponent_id", "a player asks for mediation with another player")
        at = rules.parse_time(v, "time", local_time)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        request = {
            "competition_id": competition_id,
            "stage": stage,
            "round": round_number,
            "table": table,
            "requester_id": requester_id,
            "opponent_id": opponent_id,
            "days": list(days),
            "time": local_time.strip(),
        }
        key = idempotency.request_key("BookingService.RequestMediation", raw_key, request)
        now = self.clock()

        def work(repo: MediationRepository) -> Mediation:
            if done := self._replayed(repo, key):
                return self._mediation(repo, done)
            calendar = self._calendar(repo, competition_id, stage)
            rules.check_request(
                calendar,
                now,
                round_number,
                table,
                requester_id,
                opponent_id,
                repo.mediations(competition_id),
                [t for t in repo.timeouts(competition_id) if t.stage == stage],
            )
            dv = Violations()
            chosen = rules.validate_days(dv, "days", days, rules.next_week(now), calendar, at or rules.DEFAULT_GAME_TIME, now)
            dv.raise_if_any()
            made = rules.new_mediation(
                str(uuid.uuid4()), calendar, round_number, table, requester_id, opponent_id, chosen, at, now
            )
            repo.add_mediation(made)
            idempotency.remember(repo, key, now, made.id)
            return made

        made = self.uow.write(work)
        MEDIATIONS.labels("requested").inc()
        return made

    def answer(self, mediation_id: str, player_id: str, days: Sequence[str], local_time: str = "") -> Mediation:
        """The opponent's 4 days: the game is set on the earliest common day (answering twice: the
        first answer stands, FAILED_PRECONDITION)."""
        v = Violations()
        mediation_id = v.id("mediation_id", mediation_id)
        player_id = v.id("player_id", player_id)
        at = rules.parse_time(v, "time", local_time)
        v.raise_if_any()
        now = self.clock()

        def work(repo: MediationRepository) -> Mediation:
            found = self._mediation(repo, mediation_id)
            calendar = self._calendar(repo, found.competition_id, found.stage)
            when = rules.agreed_time(found.requester_time, at)
            dv = Violations()
            chosen = rules.validate_days(dv, "days", days, found.week_starts_on, calendar, when, now)
            if (
                player_id != found.opponent_id
                or found.status is not MediationStatus.AWAITING_ANSWER
                or now >= found.answer_due_at
            ):
                chosen = ()  # the state's error comes first: the days do not matter then
            else:
                dv.raise_if_any()
            done = rules.answer(found, player_id, chosen, at, now)
            repo.update_mediation(done)
            return done

        done = self.uow.write(work)
        MEDIATIONS.labels("answered").inc()
        return done

    def decide(self, mediation_id: str, day: str = "") -> Mediation:
        """The referee after the answer deadline: one of the requester's days (default the earliest
        still ahead)."""
        v = Violations()
        mediation_id = v.id("mediation_id", mediation_id)
        chosen = rules.parse_day(v, "day", day) if day.strip() else None
        v.raise_if_any()
        now = self.clock()

        def work(repo: MediationRepository) -> Mediation:
            done = rules.referee_decision(self._mediation(repo, mediation_id), chosen, now)
            repo.update_mediation(done)
            return done

        done = self.uow.write(work)
        MEDIATIONS.labels("decided_by_referee").inc()
        return done

    def record_outcome(
        self, mediation_id: str, absent_ids: Sequence[str], recorded_by: str, first_player_id: str = ""
    ) -> Outcome:
        """The game was played (nobody absent) or a no-show; answers the no-show's technical result in
        the order of the pairing (``first_player_id`` first) and who is now due for removal (absent
        against 3 different opponents). Recording the same outcome again answers it again."""
        v = Violations()
        mediation_id = v.id("mediation_id", mediation_id)
        first = v.id("first_player_id", first_player_id, required=bool(absent_ids))
        absent = [v.id(f"absent_player_ids[{i}]", pid) for i, pid in enumerate(absent_ids[:2])]
        if len(absent_ids) > 2:
            v.add("absent_player_ids", f"a game has two players, got {len(absent_ids)}")
        by = v.name("recorded_by", recorded_by, "say who records it", MAX_NAME_LENGTH)
        v.raise_if_any()
        now = self.clock()

        def work(repo: MediationRepository) -> Outcome:
            found = self._mediation(repo, mediation_id)
            if found.status in (MediationStatus.PLAYED, MediationStatus.NO_SHOW) and set(found.absent_ids) == set(absent):
                done = found  # a retry of the same outcome
            else:
                done = rules.record_outcome(found, absent, by, now)
                repo.update_mediation(done)
            everything = repo.mediations(found.competition_id)
            due = tuple((p, rules.no_show_opponents(everything, p)) for p in done.absent_ids if rules.removal_due(everything, p))
            result = ""
            if done.absent_ids:
                if first not in done.players:
                    raise InvalidArgument.single("first_player_id", f"one of the game's players: {', '.join(done.players)}")
                second = next(p for p in done.players if p != first)
                result = rules.technical_result(first, second, done.absent_ids)
            return Outcome(done, due, result)

        outcome = self.uow.write(work)
        MEDIATIONS.labels("no_show" if outcome.mediation.absent_ids else "played").inc()
        return outcome

    def get(self, mediation_id: str) -> Mediation:
        v = Violations()
        mediation_id = v.id("mediation_id", mediation_id)
        v.raise_if_any()

        def work(repo: MediationRepository) -> Mediation:
            found = repo.mediation(mediation_id)
            if found is None:
                raise NotFound.because("MEDIATION_NOT_FOUND", mediation_id=mediation_id)
            return found

        return self.uow.read(work)

    # --- time-outs (docs/rules.md updown.timeout.*) ---
    def request_timeout(
        self, competition_id: str, stage: int, player_id: str, starts_on: str, ends_on: str, idempotency_key: str = ""
    ) -> Timeout:
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        if stage not in rules.STAGES:
            v.add("stage", f"an Up&Down stage is 1 or 2, got {stage}")
        player_id = v.id("player_id", player_id)
        start, end = rules.parse_day(v, "starts_on", starts_on), rules.parse_day(v, "ends_on", ends_on)
        if start and end and end < start:
            v.add("ends_on", f"must be on or after starts_on ({start.isoformat()})")
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert start is not None and end is not None
        request = {"competition_id": competition_id, "stage": stage, "player_id": player_id, "from": starts_on, "to": ends_on}
        key = idempotency.request_key("BookingService.RequestTimeout", raw_key, request)
        now = self.clock()

        def work(repo: MediationRepository) -> Timeout:
            if done := self._replayed(repo, key):
                found = repo.timeout(done)
                assert found is not None
                return found
            calendar = self._calendar(repo, competition_id, stage)
            last, clipped = rules.check_timeout(
                calendar, now, player_id, start, end, repo.mediations(competition_id), repo.timeouts(competition_id)
            )
            made = Timeout(str(uuid.uuid4()), competition_id, stage, player_id, start, last, now, clipped)
            repo.add_timeout(made)
            idempotency.remember(repo, key, now, made.id)
            return made

        made = self.uow.write(work)
        MEDIATIONS.labels("timeout").inc()
        return made

    def mediation_page(
        self, competition_id: str, stage: int, player_id: str, page: Page
    ) -> tuple[list[Mediation], str, tuple[tuple[str, tuple[str, ...]], ...]]:
        """One keyset page of the competition's mediations (optionally of one stage, or one player's) by
        request time, then id, read by the database, its next page's token, and every player due for
        removal (read from the mediations nobody came to only)."""
        competition_id, stage, player_id = self._list_filters(competition_id, stage, player_id)
        after = after_time(page)

        def work(repo: MediationRepository) -> tuple[list[Mediation], tuple[tuple[str, tuple[str, ...]], ...]]:
            shown = repo.mediation_page(competition_id, stage, player_id, after, page.limit)
            missed = repo.no_show_mediations(competition_id)
            absent = sorted({p for m in missed for p in m.absent_ids})
            return shown, tuple((p, rules.no_show_opponents(missed, p)) for p in absent if rules.removal_due(missed, p))

        shown, due = self.uow.read(work)
        found, token = page.answer(shown, lambda m: time_key(m.requested_at, m.id))
        return found, token, due

    def timeout_page(self, competition_id: str, stage: int, player_id: str, page: Page) -> tuple[list[Timeout], str]:
        """One keyset page of the competition's time-outs (optionally of one stage, or one player's) by
        first day, then id, read by the database, and its next page's token."""
        competition_id, stage, player_id = self._list_filters(competition_id, stage, player_id)
        after = after_date(page)
        found = self.uow.read(lambda repo: repo.timeout_page(competition_id, stage, player_id, after, page.limit))
        return page.answer(found, lambda t: (t.starts_on.isoformat(), t.id))

    def list(self, competition_id: str, stage: int = 0, player_id: str = "") -> MediationLog:
        """The competition's mediations and time-outs (optionally of one stage, or one player's)."""
        mediations, _, due = self.mediation_page(competition_id, stage, player_id, WHOLE_LIST)
        timeouts, _ = self.timeout_page(competition_id, stage, player_id, WHOLE_LIST)
        return MediationLog(tuple(mediations), tuple(timeouts), due)

    @staticmethod
    def _list_filters(competition_id: str, stage: int, player_id: str) -> tuple[str, int, str]:
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        if stage not in (0, *rules.STAGES):
            v.add("stage", f"0 (every stage), 1 or 2, got {stage}")
        player_id = v.id("player_id", player_id, required=False)
        v.raise_if_any()
        return competition_id, stage, player_id
