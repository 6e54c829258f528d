"""The question a projection asks (docs/rules.md ``mahjong.projection.from-league-state``): league
prepares it from its own standings, approved draw and pinned ruleset; the gateway asks the solver."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain.cup import progress as cup_progress
from league.domain.cup.projection import CupProjectionQuestion, cup_question
from league.domain.mahjong.projection import ProjectionQuestion, projection_question
from league.domain.model import Competition
from league.domain.records import SCORED_RULESETS
from league.domain.stage_kinds import CompetitionState
from league.domain.updown import progress as updown_progress
from league.domain.updown.projection import (
    UpdownProjectionQuestion,
    group_title,
    titled_cuts,
    updown_cuts,
    updown_question,
)
from league.domain.updown.standings import UpdownRow
from league.use_cases.common import CompetitionStandings, find_competition, updown_state
from league.use_cases.reviews import approved_rounds
from league.use_cases.stages import Stages
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
class GroupProjection:
    """One group's question (docs/rules.md ``updown.projection.every-group``): ``number`` its place in
    the stage (1-based; 0 when the stage has one group), its rows as GetUpdownStandings answers them and
    whom it projects."""

    number: int
    question: UpdownProjectionQuestion
    players: tuple[str, ...]
    rows: tuple[UpdownRow, ...]


@dataclass(frozen=True)
class UpdownProjectionPreparation:
    """PrepareProjections' answer for an Up&Down league: every group of the latest stage that has a
    player asked (every group when none is), docs/rules.md ``updown.projection.from-league-state``."""

    groups: tuple[GroupProjection, ...]
    names: dict[str, str]
    rounds: int
    after_round: int
    time_limit_s: float


@dataclass(frozen=True)
class CupProjectionPreparation:
    """PrepareProjections' answer for a cup (docs/rules.md ``cup.projection.from-league-state``): the
    bracket's question, whom it projects (in the question's order); ``after_round``: the stages decided."""

    question: CupProjectionQuestion
    players: tuple[str, ...]
    names: dict[str, str]
    after_round: int
    time_limit_s: float


Preparation = ProjectionPreparation | UpdownProjectionPreparation | CupProjectionPreparation


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
    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], standings: Standings, stages: Stages):
        self.uow = uow
        self.clock = clock
        self.standings = standings
        self.stages = stages

    def prepare(self, competition_id: str, player_ids: Sequence[str] = (), time_limit_s: float = 0.0) -> Preparation:
        """The regular stage's question (the standings as GetStandings answers them), an Up&Down stage's
        groups or a cup's bracket; INVALID_ARGUMENT naming a player who is not ranked,
        FAILED_PRECONDITION for another ruleset, before a draw is approved or a stage stored, or
        without a cut."""
        asked = check_request(player_ids, time_limit_s)

        def work(repo: LeagueRepository) -> Preparation:
            competition = find_competition(repo, competition_id)
            if competition.ruleset == updown_progress.COMPETITION_RULESET:
                return prepare_updown(repo, competition, asked, time_limit_s)
            if competition.ruleset == cup_progress.RULESET:
                return prepare_cup(self.stages.state(repo, competition), asked, time_limit_s)
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
    """Every group of the latest stage with a player asked (every group when none is), each its own
    question; a group none of whose places decides anything is left out (FAILED_PRECONDITION when no
    group is left)."""
    state = updown_state(repo, competition)
    if not state.stages:
        raise FailedPrecondition.because("NO_STAGE_YET", competition=competition.name)
    stage = state.stages[-1]
    seasons = updown_progress.stage_seasons(state, stage)
    standings = updown_progress.stage_standings(state, stage)
    ranked = [[r.player for r in rows.rows if not r.withdrawn] for _, rows in standings]
    wanted = set(asked_players([p for group in ranked for p in group], asked))
    left = [(r, t, tuple(seats)) for r, t, seats in updown_progress.missing_games(state, stage)]
    several = len(seasons) > 1
    groups = []
    for i, season in enumerate(seasons):
        players = tuple(p for p in ranked[i] if p in wanted)
        if not players or (several and not updown_cuts(season)):
            continue
        question = updown_question(season, left)
        if several:
            question = replace(question, cuts=titled_cuts(question.cuts, i + 1, group_title(i + 1, standings[i][0])))
        groups.append(GroupProjection(i + 1 if several else 0, question, players, tuple(standings[i][1].rows)))
    if not groups:
        raise FailedPrecondition.because("PROJECTION_WITHOUT_CUT")
    rounds = len(stage.rounds)
    first_left = min((g.round for group in groups for g in group.question.remaining), default=rounds + 1)
    return UpdownProjectionPreparation(
        tuple(groups), {p.id: p.name for p in state.players}, rounds, first_left - 1, time_limit_s or DEFAULT_TIME_LIMIT_S
    )


def prepare_cup(state: CompetitionState, asked: Sequence[str], time_limit_s: float) -> CupProjectionPreparation:
    """The cup's question from its bracket as GetCupBracket reads it (FAILED_PRECONDITION before its
    first stage)."""
    if not cup_progress.cup_stages(state):
        raise FailedPrecondition.because("NO_STAGE_YET", competition=state.competition.name)
    _, progress = cup_progress.cup_state(state)
    question = cup_question(progress)
    return CupProjectionPreparation(
        question,
        asked_players([s.player for s in question.standings], asked),
        {p.id: p.name for p in state.players},
        sum(1 for st in progress.stages if st.decided),
        time_limit_s or DEFAULT_TIME_LIMIT_S,
    )
