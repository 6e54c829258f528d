"""The question a projection asks (docs/rules.md ``mahjong.projection.from-league-state``): league
prepares it from its own standings, approved draw and pinned ruleset; the gateway asks the solver."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain.mahjong.projection import ProjectionQuestion, projection_question
from league.domain.records import SCORED_RULESETS
from league.use_cases.common import CompetitionStandings, find_competition
from league.use_cases.reviews import approved_rounds
from league.use_cases.standings import Standings
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.text import clean_id
from rondo_runtime.transactions import UnitOfWork

MAX_PROJECTED_PLAYERS = 2_000  # the solver's capacity for one projection
DEFAULT_TIME_LIMIT_S = 10.0
MAX_TIME_LIMIT_S = 600.0


@dataclass(frozen=True)
class ProjectionPreparation:
    """PrepareProjections' answer: the question, whom it projects (the standings' order), and the
    standings it came from (names, places and totals shown beside the statuses)."""

    question: ProjectionQuestion
    players: tuple[str, ...]
    standings: CompetitionStandings
    time_limit_s: float


def check_request(player_ids: Sequence[str], time_limit_s: float) -> list[str]:
    """The ids asked (cleaned), or INVALID_ARGUMENT for too many ids or a bad budget."""
    if len(player_ids) > MAX_PROJECTED_PLAYERS:
        raise InvalidArgument.at("player_ids", "PROJECTION_TOO_MANY_PLAYERS", limit=MAX_PROJECTED_PLAYERS, count=len(player_ids))
    if not isinstance(time_limit_s, int | float) or math.isnan(time_limit_s) or not 0 <= time_limit_s <= MAX_TIME_LIMIT_S:
        raise InvalidArgument.at(
            "time_limit_seconds",
            "PROJECTION_TIME_LIMIT_INVALID",
            default=f"{DEFAULT_TIME_LIMIT_S:g}",
            limit=f"{MAX_TIME_LIMIT_S:g}",
        )
    return [clean_id(p, f"player_ids[{i}]") for i, p in enumerate(player_ids)]


class Projections:
    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], standings: Standings):
        self.uow = uow
        self.clock = clock
        self.standings = standings

    def prepare(self, competition_id: str, player_ids: Sequence[str] = (), time_limit_s: float = 0.0) -> ProjectionPreparation:
        """The regular stage's question (the standings as GetStandings answers them); INVALID_ARGUMENT
        naming a player who is not ranked, FAILED_PRECONDITION for another ruleset, before a draw is
        approved, or without a cut."""
        asked = check_request(player_ids, time_limit_s)

        def work(repo: LeagueRepository) -> ProjectionPreparation:
            competition = find_competition(repo, competition_id)
            if competition.ruleset not in SCORED_RULESETS:
                raise FailedPrecondition.because(
                    "PROJECTION_RULESET_NOT_SUPPORTED", competition=competition.name, ruleset=competition.ruleset
                )
            ruleset, _ = self.standings.scoring_ruleset(repo, competition)
            standings = self.standings.cached_standings(repo, competition)
            question = projection_question(standings.standings, approved_rounds(repo, competition), ruleset)
            ranked = [s.player for s in question.standings]
            known = set(ranked)
            for i, p in enumerate(asked):
                if p not in known:
                    raise InvalidArgument.at(f"player_ids[{i}]", "PROJECTION_PLAYER_NOT_RANKED", player_id=p)
            wanted = set(asked)
            players = tuple(p for p in ranked if p in wanted) if asked else tuple(ranked)
            return ProjectionPreparation(question, players, standings, time_limit_s or DEFAULT_TIME_LIMIT_S)

        return self.uow.read(work)
