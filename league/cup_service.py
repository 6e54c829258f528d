"""Use cases of the open cup beyond the stages framework: disqualify a player, read the bracket
(docs/rules.md ``cup.disqualification.through-service``, ``cup.bracket.read``).

The cup's stages, pairings and game records go through :mod:`league.stage_service` and the generic
RecordGame; the cup's rules are registered by :mod:`league.domain.cup.progress`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from league.adapters.repository import LeagueRepository
from league.domain.cup import knockout as cup
from league.domain.cup import progress as cup_progress
from league.domain.disqualification import PlayerDisqualification
from league.domain.model import Competition, Player, PlayerStatus
from league.domain.stage_kinds import CompetitionState
from league.domain.stages import REGULAR_STAGE, Stage
from league.stage_service import StageUseCases
from league.use_cases import _new_id
from rondo_runtime import idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.validation import Violations

MAX_AUTHOR_LENGTH = 200


@dataclass(frozen=True)
class Disqualified:
    """The answer to DisqualifyPlayer: the player (status DISQUALIFIED), the stored fact, and whether it
    decided the last open pairing of its stage (the stage is then completed)."""

    player: Player
    disqualification: PlayerDisqualification
    completed_stage: bool = False


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


class CupUseCases(StageUseCases):
    def disqualify_player(
        self, competition_id: str, player_id: str, reason: str, recorded_by: str, idempotency_key: str = ""
    ) -> Disqualified:
        """Status DISQUALIFIED with the reason, in any competition; in a cup also from the open stage on:
        every later opponent wins technically and a secured prize place lifts those he beat (6.4)."""
        request = {"competition_id": competition_id, "player_id": player_id, "reason": reason, "recorded_by": recorded_by}
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        player_id = v.id("player_id", player_id)
        reason = v.text(
            "reason", reason, "say why the player is disqualified (open-cup-2023 5.3.3)", text_limits.MAX_REASON_LENGTH
        )
        recorded_by = v.text("recorded_by", recorded_by, "say who disqualifies the player", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = self._key("DisqualifyPlayer", raw_key, request)

        def work(repo: LeagueRepository) -> Disqualified:
            competition = self._competition(repo, competition_id, for_update=True)
            if done := self._replayed(repo, key):
                found = next((d for d in repo.disqualifications(competition.id) if d.id == done), None)
                if found is None:
                    raise NotFound.because("DISQUALIFICATION_NOT_FOUND", record_id=done)
                return Disqualified(self._cup_player(repo, competition, found.player_id), found)
            player = self._cup_player(repo, competition, player_id)
            if player.status in (PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED):
                raise FailedPrecondition.because("PLAYER_ALREADY_IN_STATUS", player=player.name, status=player.status.value)
            stages = repo.stages(competition.id)
            current = stages[-1] if stages else None
            fact = PlayerDisqualification(
                id=_new_id(),
                competition_id=competition.id,
                player_id=player.id,
                stage=current.number if current else (REGULAR_STAGE if competition.published_draw_id else 0),
                reason=reason,
                recorded_by=recorded_by,
                recorded_at=self.clock(),
            )
            if competition.ruleset == cup_progress.RULESET and current is not None:
                state = self._state(repo, competition)
                seeds = cup_progress.cup_input(state).seeds
                if player.id not in seeds:
                    raise FailedPrecondition(f"player {player.name!r} is not in the cup's seed list (left out at the start)")
                still_in = {p for m in self._cup_open_stage(state, current.number) for p in m.players}
                if player.id not in still_in:
                    raise FailedPrecondition(
                        f"player {player.name!r} does not play in stage {current.number} ({current.name}): he is out of the cup"
                    )
            disqualified = dataclasses.replace(player, status=PlayerStatus.DISQUALIFIED)
            repo.add_disqualification(fact)
            repo.update_player_status(disqualified, reason)
            completed = False
            if competition.ruleset == cup_progress.RULESET and current is not None:
                cup_progress.cup_state(self._state(repo, competition))  # the cup domain accepts it (else nothing stored)
                completed = self._complete_if_done(repo, competition, current)
            idempotency.remember(repo, key, fact.recorded_at, fact.id)
            return Disqualified(disqualified, fact, completed)

        return self._transaction(work)

    @staticmethod
    def _cup_open_stage(state: CompetitionState, number: int) -> tuple[cup.MatchProgress, ...]:
        _, progress = cup_progress.cup_state(state)
        return progress.stages[number - 1].all_matches if len(progress.stages) >= number else ()

    @staticmethod
    def _cup_player(repo: LeagueRepository, competition: Competition, player_id: str) -> Player:
        player = repo.player(player_id)
        if player is None or player.competition_id != competition.id:
            raise NotFound.because("PLAYER_NOT_REGISTERED", player_id=player_id, competition_id=competition.id)
        return player

    def cup_bracket(self, competition_id: str) -> CupBracket:
        """The cup's bracket as stored: seeds, stages, pairings with games, winners and why, final places,
        prize eligibility (anyone may read it)."""

        def work(repo: LeagueRepository) -> CupBracket:
            competition = self._competition(repo, competition_id)
            if competition.ruleset != cup_progress.RULESET:
                raise FailedPrecondition(
                    f"competition {competition.name!r} is {competition.ruleset!r}, not a cup ({cup_progress.RULESET})"
                )
            state = self._state(repo, competition)
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

        return self._read(work)
