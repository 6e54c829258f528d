"""The question a projection asks (docs/rules.md ``mahjong.projection.from-league-state``): league
prepares it from its own standings, approved draw and pinned ruleset; the gateway asks the solver."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain.mahjong.projection import ProjectionQuestion, projection_question
from league.domain.model import Competition
from league.domain.records import SCORED_RULESETS
from league.domain.updown import progress as updown_progress
from league.domain.updown.projection import UpdownProjectionQuestion, updown_question
from league.domain.updown.standings import UpdownRow
from league.use_cases.common import CompetitionStandings, find_competition, updown_state
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


@dataclass(frozen=True)
class UpdownProjectionPreparation:
    """PrepareProjections' answer for an Up&Down league: one group of the latest stage (docs/rules.md
    ``updown.projection.from-league-state``), its rows as GetUpdownStandings answers them."""

    question: UpdownProjectionQuestion
    players: tuple[str, ...]
    rows: tuple[UpdownRow, ...]
    names: dict[str, str]
    rounds: int
    after_round: int
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

    def prepare(
        self, competition_id: str, player_ids: Sequence[str] = (), time_limit_s: float = 0.0
    ) -> ProjectionPreparation | UpdownProjectionPreparation:
        """The regular stage's question (the standings as GetStandings answers them); INVALID_ARGUMENT
        naming a player who is not ranked, FAILED_PRECONDITION for another ruleset, before a draw is
        approved, or without a cut."""
        asked = check_request(player_ids, time_limit_s)

        def work(repo: LeagueRepository) -> ProjectionPreparation | UpdownProjectionPreparation:
            competition = find_competition(repo, competition_id)
            if competition.ruleset == updown_progress.COMPETITION_RULESET:
                return prepare_updown(repo, competition, asked, time_limit_s)
            if competition.ruleset not in SCORED_RULESETS:
                raise FailedPrecondition.because(
                    "PROJECTION_RULESET_NOT_SUPPORTED", competition=competition.name, ruleset=competition.ruleset
                )
            ruleset, _ = self.standings.scoring_ruleset(repo, competition)
            standings = self.standings.cached_standings(repo, competition)
            question = projection_question(standings.standings, approved_rounds(repo, competition), ruleset)
            players = asked_players([s.player for s in question.standings], asked)
            return ProjectionPreparation(question, players, standings, time_limit_s or DEFAULT_TIME_LIMIT_S)

        return self.uow.read(work)


def asked_players(ranked: Sequence[str], asked: Sequence[str]) -> tuple[str, ...]:
    """Those asked in the standings' order (every ranked one when none is); INVALID_ARGUMENT naming
    one who is not ranked."""
    known = set(ranked)
    for i, p in enumerate(asked):
        if p not in known:
            raise InvalidArgument.at(f"player_ids[{i}]", "PROJECTION_PLAYER_NOT_RANKED", player_id=p)
    wanted = set(asked)
    return tuple(p for p in ranked if p in wanted) if asked else tuple(ranked)


def prepare_updown(
    repo: LeagueRepository, competition: Competition, asked: Sequence[str], time_limit_s: float
) -> UpdownProjectionPreparation:
    """The latest stage's group of the players asked (the only group when none is asked); a stage of
    several groups projects one group at a time (FAILED_PRECONDITION otherwise)."""
    state = updown_state(repo, competition)
    if not state.stages:
        raise FailedPrecondition.because("NO_STAGE_YET", competition=competition.name)
    stage = state.stages[-1]
    seasons = updown_progress.stage_seasons(state, stage)
    chosen = [i for i, s in enumerate(seasons) if not asked or set(asked) & set(s.players)]
    if len(chosen) != 1:
        raise FailedPrecondition.because(
            "PROJECTION_ONE_GROUP_AT_A_TIME", competition=competition.name, groups=len(chosen) or len(seasons)
        )
    season = seasons[chosen[0]]
    left = updown_progress.missing_games(state, stage)
    question = updown_question(season, [(r, t, tuple(seats)) for r, t, seats in left])
    rows = updown_progress.stage_standings(state, stage)[chosen[0]][1].rows
    ranked = [r.player for r in rows if not r.withdrawn]
    rounds = len(stage.rounds)
    first_left = min((g.round for g in question.remaining), default=rounds + 1)
    return UpdownProjectionPreparation(
        question,
        asked_players(ranked, asked),
        tuple(rows),
        {p.id: p.name for p in state.players},
        rounds,
        first_left - 1,
        time_limit_s or DEFAULT_TIME_LIMIT_S,
    )
