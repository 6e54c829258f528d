"""The ground of the league use cases: transactions, lookups and idempotency keys they all share."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from league.adapters.repository import LeagueRepository
from league.domain.mahjong.playoff_basis import PlayoffConflict
from league.domain.mahjong.standings import Standings
from league.domain.model import Competition, Draw
from league.domain.records import ResultRecord
from league.domain.stage_kinds import CompetitionState
from league.domain.texts import Text
from league.domain.updown import progress as updown_progress
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.text import clean_id
from rondo_runtime.transactions import UnitOfWork

T = TypeVar("T")


def _now() -> datetime:
    return datetime.now(UTC)


def _new_id() -> str:
    return str(uuid.uuid4())


def _require_id(field: str, value: str) -> str:
    """An id from the request: required, printable ASCII, bounded (``rondo_runtime.text.clean_id``)."""
    return clean_id(value, field)


@dataclass(frozen=True)
class CompetitionStandings:
    """The standings of a competition with the names of its players (substitutes by their own name)."""

    standings: Standings
    names: dict[str, str]
    ruleset_version: int = 0  # the pinned ruleset version scored (0: a competition from before pinning)
    notes: tuple[Text, ...] = ()  # e.g. tie decisions that no longer match a tie (league.domain.lots)
    #: a stored playoff the standings no longer give (league.domain.mahjong.playoff_basis); open until decided
    playoff_conflict: PlayoffConflict | None = None


class LeagueUseCases:
    """What every league use case shares: one transaction per use case, the competition and draw
    lookups, idempotency keys. The use cases are methods of :class:`league.service.LeagueService`
    and of the mixins it is made of."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime] = _now):
        """``uow`` is wired in ``league/app.py`` (SQL) or by the service-layer tests (in memory)."""
        self.uow = uow
        self.clock = clock

    def _transaction(self, work: Callable[[LeagueRepository], T]) -> T:
        return self.uow.write(work)

    def _read(self, work: Callable[[LeagueRepository], T]) -> T:
        return self.uow.read(work)

    @staticmethod
    def _competition(repo: LeagueRepository, competition_id: str, for_update: bool = False) -> Competition:
        competition_id = _require_id("competition_id", competition_id)
        competition = repo.competition(competition_id, for_update)
        if competition is None:
            raise NotFound.because("COMPETITION_NOT_FOUND", competition_id=competition_id)
        return competition

    # --- idempotency keys (rondo_runtime.idempotency; docs/architecture.md "Idempotency") ---
    @staticmethod
    def _key(method: str, key: str | None, request: dict) -> idempotency.RequestKey | None:
        """Keys reach league already scoped to the caller by the gateway; here they are scoped to the
        method and bound to the request's fingerprint."""
        return idempotency.request_key(f"LeagueService.{method}", key, request)

    @staticmethod
    def _replayed(repo: LeagueRepository, key: idempotency.RequestKey | None) -> str | None:
        """The id of what the first request with this key made (None: no key, or a new one);
        INVALID_ARGUMENT on ``idempotency_key`` when the key was used for a different request."""
        record = idempotency.first_answer(repo, key)
        return record.resource_id if record else None

    @staticmethod
    def _draw(repo: LeagueRepository, competition: Competition, draw_id: str) -> Draw:
        draw_id = _require_id("draw_id", draw_id)
        draw = repo.draw(draw_id)
        if draw is None or draw.competition_id != competition.id:
            raise NotFound.because("DRAW_NOT_FOUND", draw_id=draw_id, competition_id=competition.id)
        return draw

    @staticmethod
    def _result_record(repo: LeagueRepository, competition: Competition, record_id: str) -> ResultRecord:
        record_id = _require_id("record_id", record_id)
        record = repo.record(record_id)
        if record is None or record.competition_id != competition.id:
            raise NotFound.because("RECORD_NOT_FOUND", record_id=record_id, competition_id=competition.id)
        return record

    @staticmethod
    def _pinned(repo: LeagueRepository, competition: Competition) -> tuple[Mapping[str, Any], int]:
        """The latest pinned version of the competition's ruleset: its data and its number (({}, 0) for a
        competition from before rulesets were pinned)."""
        versions = repo.ruleset_versions(competition.id)
        return (versions[-1].data, versions[-1].version) if versions else ({}, 0)

    @staticmethod
    def _updown_state(repo: LeagueRepository, competition: Competition) -> CompetitionState:
        if competition.ruleset != updown_progress.COMPETITION_RULESET:
            raise FailedPrecondition(
                f"competition {competition.name!r} plays {competition.ruleset!r}, not an Up&Down league "
                f"({updown_progress.COMPETITION_RULESET})"
            )
        data, version = LeagueUseCases._pinned(repo, competition)
        return CompetitionState(
            competition=competition,
            players=tuple(repo.players(competition.id)),
            draw_rounds=(),
            stages=tuple(repo.stages(competition.id)),
            records=tuple(repo.records(competition.id)),
            ruleset_data=data,
            ruleset_version=version,
            tie_decisions=tuple(repo.tie_decisions(competition.id)),
        )

    def _standings(self, repo: LeagueRepository, competition: Competition) -> CompetitionStandings:
        """The regular-stage standings: the one computation GetStandings answers and the stages after
        the regular stage are generated from (league.stage_service.StageUseCases._state). Answered by
        :class:`league.service.LeagueService` (confirmed results only, the pinned ruleset, the
        organizer's tie decisions: league/review_service.py)."""
        raise NotImplementedError
