"""What the league's use cases share: the clock and new ids, the lookups of a competition, a draw, a
record and a player (NOT_FOUND naming the id), idempotency keys, the pinned ruleset and the standings
they answer. Plain functions over a repository: no use case inherits from another."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from league.adapters.repository import LeagueRepository
from league.domain.mahjong.playoff_basis import PlayoffConflict
from league.domain.mahjong.standings import Standings
from league.domain.model import Competition, Draw, Player
from league.domain.records import ResultRecord
from league.domain.stage_kinds import CompetitionState
from league.domain.texts import Text
from league.domain.updown import progress as updown_progress
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.text import clean_id

MAX_AUTHOR_LENGTH = 200  # ``recorded_by``, ``created_by``...: free text until identity arrives with the gateway issue


def now() -> datetime:
    return datetime.now(UTC)


def new_id() -> str:
    return str(uuid.uuid4())


def require_id(field: str, value: str) -> str:
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


def find_competition(repo: LeagueRepository, competition_id: str, for_update: bool = False) -> Competition:
    competition_id = require_id("competition_id", competition_id)
    competition = repo.competition(competition_id, for_update)
    if competition is None:
        raise NotFound.because("COMPETITION_NOT_FOUND", competition_id=competition_id)
    return competition


def find_draw(repo: LeagueRepository, competition: Competition, draw_id: str) -> Draw:
    draw_id = require_id("draw_id", draw_id)
    draw = repo.draw(draw_id)
    if draw is None or draw.competition_id != competition.id:
        raise NotFound.because("DRAW_NOT_FOUND", draw_id=draw_id, competition_id=competition.id)
    return draw


def find_record(repo: LeagueRepository, competition: Competition, record_id: str) -> ResultRecord:
    record_id = require_id("record_id", record_id)
    record = repo.record(record_id)
    if record is None or record.competition_id != competition.id:
        raise NotFound.because("RECORD_NOT_FOUND", record_id=record_id, competition_id=competition.id)
    return record


def find_player(repo: LeagueRepository, competition: Competition, player_id: str) -> Player:
    player = repo.player(player_id)
    if player is None or player.competition_id != competition.id:
        raise NotFound.because("PLAYER_NOT_REGISTERED", player_id=player_id, competition_id=competition.id)
    return player


# --- idempotency keys (rondo_runtime.idempotency; docs/architecture.md "Idempotency") ---
def request_key(method: str, key: str | None, request: dict) -> idempotency.RequestKey | None:
    """Keys reach league already scoped to the caller by the gateway; here they are scoped to the
    method and bound to the request's fingerprint."""
    return idempotency.request_key(f"LeagueService.{method}", key, request)


def replayed(repo: LeagueRepository, key: idempotency.RequestKey | None) -> str | None:
    """The id of what the first request with this key made (None: no key, or a new one);
    INVALID_ARGUMENT on ``idempotency_key`` when the key was used for a different request."""
    record = idempotency.first_answer(repo, key)
    return record.resource_id if record else None


def pinned(repo: LeagueRepository, competition: Competition) -> tuple[Mapping[str, Any], int]:
    """The latest pinned version of the competition's ruleset: its data and its number (({}, 0) for a
    competition from before rulesets were pinned)."""
    versions = repo.ruleset_versions(competition.id)
    return (versions[-1].data, versions[-1].version) if versions else ({}, 0)


def updown_state(repo: LeagueRepository, competition: Competition) -> CompetitionState:
    """An Up&Down league's stored state (FAILED_PRECONDITION for another ruleset)."""
    if competition.ruleset != updown_progress.COMPETITION_RULESET:
        raise FailedPrecondition(
            f"competition {competition.name!r} plays {competition.ruleset!r}, not an Up&Down league "
            f"({updown_progress.COMPETITION_RULESET})"
        )
    data, version = pinned(repo, competition)
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
