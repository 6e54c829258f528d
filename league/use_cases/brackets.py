"""The cup's bracket as stored, read (docs/rules.md ``cup.bracket.read``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain.cup import knockout as cup
from league.domain.cup import progress as cup_progress
from league.domain.model import Competition
from league.domain.stages import Stage
from league.use_cases.common import find_competition
from league.use_cases.stages import Stages
from rondo_runtime.errors import FailedPrecondition
from rondo_runtime.transactions import UnitOfWork


@dataclass(frozen=True)
class CupBracket:
    """Everything a reader needs: the seed list, the stored stages, and the cup domain's progress
    (pairings with games, winners and why, places, prizes, the lift) from the same converter the
    stages use."""

    competition: Competition
    names: dict[str, str]
    seeds: tuple[str, ...]
    cut: tuple[str, ...]
    stages: tuple[Stage, ...]
    tables: dict[tuple[int, int], int]
    progress: cup.CupProgress | None


class Brackets:
    """A cup's bracket."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], stages: Stages):
        self.uow = uow
        self.clock = clock
        self.stages = stages

    def get(self, competition_id: str) -> CupBracket:
        """The cup's bracket as stored: seeds, stages, pairings with games, winners and why, final places,
        prize eligibility (anyone may read it)."""

        def work(repo: LeagueRepository) -> CupBracket:
            competition = find_competition(repo, competition_id)
            if competition.ruleset != cup_progress.RULESET:
                raise FailedPrecondition(
                    f"competition {competition.name!r} is {competition.ruleset!r}, not a cup ({cup_progress.RULESET})"
                )
            state = self.stages.state(repo, competition)
            names = {p.id: p.name for p in state.players}
            stages = tuple(cup_progress.cup_stages(state))
            if not stages:
                seeds: tuple[str, ...] = ()
                cut: tuple[str, ...] = ()
                try:
                    seeding = cup_progress.cup_seeding(state.players)
                    seeds, cut = tuple(s.id for s in seeding.seeds), tuple(s.id for s in seeding.cut)
                except FailedPrecondition:
                    pass
                return CupBracket(competition, names, seeds, cut, (), {}, None)
            data, progress = cup_progress.cup_state(state)
            return CupBracket(competition, names, data.seeds, data.cut, stages, data.tables, progress)

        return self.uow.read(work)
