"""Use cases of the mahjong playoff as stored stages (league.domain.mahjong_progress): where the
playoff stands, read from the stored stages and their records (docs/rules.md mahjong.playoff.*)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from league.adapters.repository import LeagueRepository
from league.domain import mahjong_progress
from league.domain.mahjong_progress import PlayoffPlay
from league.domain.model import Competition
from league.domain.stage_kinds import CompetitionState
from league.use_cases import LeagueUseCases
from rondo_runtime.errors import FailedPrecondition


@dataclass(frozen=True)
class PlayoffReport:
    """The playoff as played so far, with the names of its players."""

    play: PlayoffPlay
    names: dict[str, str]

    @property
    def prizes(self) -> tuple[str, ...]:
        """1st and 2nd of the final, once it is recorded (discard-league-2026 §1)."""
        state = self.play.state
        return state.final_order[:2] if state is not None and self.play.finished else ()


class PlayoffUseCases(LeagueUseCases):
    #: league.stage_service.StageUseCases._state (LeagueService is made of both mixins)
    _state: Callable[[LeagueRepository, Competition], CompetitionState]

    def get_playoff(self, competition_id: str) -> PlayoffReport:
        """The stages played, who sits at which table, exits and why, what blocks the next stage, and
        the final order with the prizes for 1st and 2nd once the final is recorded."""

        def work(repo: LeagueRepository) -> PlayoffReport:
            competition = self._competition(repo, competition_id)
            if competition.ruleset != mahjong_progress.RULESET:
                raise FailedPrecondition(f"competition {competition.name!r} ({competition.ruleset}) has no mahjong playoff")
            state = self._state(repo, competition)
            names = {p.id: p.name for p in state.players}
            played = mahjong_progress.play(state, names=names)
            if played.state is None:
                raise FailedPrecondition(
                    f"the playoff of competition {competition.name!r} has not started: generate round 1 (AdvanceStage) "
                    "once the regular stage is complete"
                )
            return PlayoffReport(played, names)

        return self._read(work)
