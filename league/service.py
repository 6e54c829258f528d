"""League use cases: each opens one transaction, calls the domain rules, stores the result."""
from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import TypeVar

from sqlalchemy import Engine

from league.adapters.repository import LeagueRepository
from league.domain import model
from league.domain.model import Competition, Draw, DrawStatistics, DrawStatus, Player, PlayerStatus, Round
from rondo_runtime import unit_of_work
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")
T = TypeVar("T")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _new_id() -> str:
    return str(uuid.uuid4())


def _require_id(field: str, value: str) -> str:
    value = value.strip()
    if not value:
        raise InvalidArgument.single(field, "is required")
    return value


class LeagueService:
    def __init__(self, engine: Engine, clock: Callable[[], datetime] = _now):
        self.engine = engine
        self.clock = clock

    def _transaction(self, work: Callable[[LeagueRepository], T]) -> T:
        return unit_of_work.write(self.engine, lambda session: work(LeagueRepository(session)))

    def _read(self, work: Callable[[LeagueRepository], T]) -> T:
        return unit_of_work.read(self.engine, lambda session: work(LeagueRepository(session)))

    @staticmethod
    def _competition(repo: LeagueRepository, competition_id: str, for_update: bool = False) -> Competition:
        competition_id = _require_id("competition_id", competition_id)
        competition = repo.competition(competition_id, for_update)
        if competition is None:
            raise NotFound(f"competition {competition_id!r} does not exist")
        return competition

    # --- competitions ---
    def create_competition(self, name: str, ruleset: str, rounds: int, table_size: int, idempotency_key: str = "") -> Competition:
        name, ruleset, rounds, table_size = model.validate_new_competition(name, ruleset, rounds, table_size)
        key = idempotency_key.strip() or None

        def work(repo: LeagueRepository) -> Competition:
            if key and (existing := repo.competition_by_key(key)):
                return existing
            competition = Competition(_new_id(), name, ruleset, rounds, table_size, self.clock())
            repo.add_competition(competition, key)
            return competition

        return self._transaction(work)

    def get_competition(self, competition_id: str) -> Competition:
        return self._read(lambda repo: self._competition(repo, competition_id))

    # --- roster ---
    def register_player(self, competition_id: str, name: str, rating: int | None = None, idempotency_key: str = "") -> Player:
        key = idempotency_key.strip() or None

        def work(repo: LeagueRepository) -> Player:
            competition = self._competition(repo, competition_id, for_update=True)
            if key and (existing := repo.player_by_key(competition.id, key)):
                return existing
            clean = model.validate_player_name(name, repo.players(competition.id))
            player = Player(
                id=_new_id(), competition_id=competition.id, name=clean,
                registration_order=repo.next_registration_order(competition.id),
                status=PlayerStatus.MAIN, rating=rating,
            )
            repo.add_player(player, key)
            return player

        return self._transaction(work)

    def withdraw_player(self, competition_id: str, player_id: str, reason: str) -> Player:
        def work(repo: LeagueRepository) -> Player:
            competition = self._competition(repo, competition_id)
            player = self._player(repo, competition, player_id)
            withdrawn = model.withdraw(player)
            repo.update_player_status(withdrawn, reason.strip())
            return withdrawn

        return self._transaction(work)

    @staticmethod
    def _player(repo: LeagueRepository, competition: Competition, player_id: str) -> Player:
        player_id = _require_id("player_id", player_id)
        player = repo.player(player_id)
        if player is None or player.competition_id != competition.id:
            raise NotFound(f"player {player_id!r} is not registered in competition {competition.id!r}")
        return player

    def list_players(self, competition_id: str, include_inactive: bool = False) -> list[Player]:
        def work(repo: LeagueRepository) -> list[Player]:
            competition = self._competition(repo, competition_id)
            players = repo.players(competition.id)
            return players if include_inactive else model.main_roster(players)

        return self._read(work)

    # --- draws ---
    def save_draw(
        self,
        competition_id: str,
        seed: int,
        rounds: tuple[Round, ...],
        statistics: DrawStatistics,
        replaces_draw_id: str = "",
        played_rounds: int = 0,
        reason: str = "",
        players_moved: int | None = None,
        idempotency_key: str = "",
    ) -> Draw:
        key = idempotency_key.strip() or None

        def work(repo: LeagueRepository) -> Draw:
            competition = self._competition(repo, competition_id, for_update=True)
            if key and (existing := repo.draw_by_key(competition.id, key)):
                return existing
            roster = {p.id for p in repo.players(competition.id)}
            model.validate_draw_shape(competition, rounds, roster)
            if replaces_draw_id:
                self._draw(repo, competition, replaces_draw_id)  # NOT_FOUND unless it is this competition's
            draw = Draw(
                id=_new_id(), competition_id=competition.id, version=repo.next_draw_version(competition.id),
                status=DrawStatus.PROPOSED, seed=seed, rounds=rounds, statistics=statistics,
                created_at=self.clock(), replaces_draw_id=replaces_draw_id or None,
                played_rounds=played_rounds, reason=reason.strip(), players_moved=players_moved,
            )
            repo.add_draw(draw, key)
            return draw

        return self._transaction(work)

    @staticmethod
    def _draw(repo: LeagueRepository, competition: Competition, draw_id: str) -> Draw:
        draw_id = _require_id("draw_id", draw_id)
        draw = repo.draw(draw_id)
        if draw is None or draw.competition_id != competition.id:
            raise NotFound(f"draw {draw_id!r} does not exist in competition {competition.id!r}")
        return draw

    def approve_draw(self, competition_id: str, draw_id: str) -> Draw:
        """Publishes a proposed draw; the draw it replaces and other open proposals are superseded."""

        def work(repo: LeagueRepository) -> Draw:
            competition = self._competition(repo, competition_id, for_update=True)
            draw = self._draw(repo, competition, draw_id)
            if draw.status is DrawStatus.APPROVED:
                return draw
            approved = model.approve(draw, self.clock())
            for other in repo.draws(competition.id):
                if other.id != draw.id and other.status is not DrawStatus.SUPERSEDED:
                    repo.update_draw_status(model.supersede(other))
            repo.update_draw_status(approved)
            repo.set_published_draw(competition.id, approved.id)
            return approved

        return self._transaction(work)

    def get_draw(self, competition_id: str, draw_id: str = "") -> Draw:
        def work(repo: LeagueRepository) -> Draw:
            competition = self._competition(repo, competition_id)
            if draw_id.strip():
                return self._draw(repo, competition, draw_id)
            if not competition.published_draw_id:
                raise FailedPrecondition(
                    f"competition {competition.name!r} has no approved draw yet; draw and approve one first"
                )
            return self._draw(repo, competition, competition.published_draw_id)

        return self._read(work)

    def list_draws(self, competition_id: str) -> list[Draw]:
        return self._read(lambda repo: repo.draws(self._competition(repo, competition_id).id))
