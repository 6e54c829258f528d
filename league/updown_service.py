"""Use cases of the Up&Down league beyond the stages framework: its standings by stage and group, and
the §10.3 checkpoints (``league.domain.updown.progress``)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import model, rulesets
from league.domain.model import PlayerStatus
from league.domain.records import GameEntry, ResultRecord
from league.domain.stages import Stage, StageStatus
from league.domain.updown import progress as updown_progress
from league.domain.updown.progress import ANNULLED, Checkpoint, Removal
from league.domain.updown.standings import UpdownStandings, stage_progress
from league.use_cases import LeagueUseCases, _new_id
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.validation import Violations

MAX_AUTHOR_LENGTH = 200


@dataclass(frozen=True)
class UpdownStageStandings:
    """Each group's standings of one stage, the players' names, and what stage 2 decides."""

    competition_id: str
    stage: Stage
    ruleset: str
    groups: list[tuple[str, UpdownStandings]]
    names: dict[str, str]
    complete: bool
    ruleset_version: int = 0  # the pinned version of the division data (0: the registered division, fitted)

    def progress(self) -> tuple[str, str]:
        """docs/rules.md ``updown.standings.provisional-until-played``: the stage's games still to play,
        over its groups, in English and Russian."""
        return stage_progress(sum(len(s.games) for _, s in self.groups), sum(s.to_play for _, s in self.groups))

    def with_fate(self, fate: str) -> list[str]:
        return [p for _, s in self.groups for p in s.players_with_fate(fate)]


@dataclass(frozen=True)
class CheckpointResult:
    competition_id: str
    checkpoint: Checkpoint
    removed: list[Removal]
    names: dict[str, str]


class UpdownUseCases(LeagueUseCases):
    def get_updown_standings(self, competition_id: str, stage: int = 0) -> UpdownStageStandings:
        """The standings of a stage (0: the latest), group by group, from the stored game records."""
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        v.integer("stage", stage, 0, model.MAX_ROUNDS, "the stage's number (0: the latest)")
        v.raise_if_any()

        def work(repo: LeagueRepository) -> UpdownStageStandings:
            competition = self._competition(repo, competition_id)
            state = self._updown_state(repo, competition)
            if not state.stages:
                raise FailedPrecondition.because("NO_STAGE_YET", competition=competition.name)
            chosen = state.stages[-1] if not stage else next((s for s in state.stages if s.number == stage), None)
            if chosen is None:
                raise NotFound(f"competition {competition.name!r} has no stage {stage}")
            groups = updown_progress.stage_standings(state, chosen)
            return UpdownStageStandings(
                competition.id,
                chosen,
                updown_progress.division_of(state, chosen).name,
                groups,
                {p.id: p.name for p in state.players},
                chosen.status is StageStatus.COMPLETED,
                state.ruleset_version,
            )

        return self._read(work)

    def apply_checkpoint(
        self, competition_id: str, checkpoint: str, recorded_by: str, idempotency_key: str = ""
    ) -> CheckpointResult:
        """docs/rules.md ``updown.checkpoints.fifty-seventy-five``: removes the players the checkpoint
        removes from stage 1 (status withdrawn, with the reason: the half rule then settles their
        results); in the First League's first checkpoint their game records are also corrected to
        ``annulled``. Answers who was removed and why; nothing else changes."""
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        which = Checkpoint.FIRST
        try:
            which = Checkpoint(checkpoint)
        except ValueError:
            v.add("checkpoint", f"one of {', '.join(c.value for c in Checkpoint)}, got {str(checkpoint)[:20]!r}")
        recorded_by = v.text("recorded_by", recorded_by, "say who applies the checkpoint", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = self._key(
            "ApplyCheckpoint", raw_key, {"competition_id": competition_id, "checkpoint": which.value, "by": recorded_by}
        )

        def work(repo: LeagueRepository) -> CheckpointResult:
            competition = self._competition(repo, competition_id, for_update=True)
            state = self._updown_state(repo, competition)
            names = {p.id: p.name for p in state.players}
            done = idempotency.first_answer(repo, key)
            if done is not None:
                removed = [updown_progress.removal_from_dict(d) for d in json.loads(done.response or b"[]")]
                return CheckpointResult(competition.id, which, removed, names)
            stage = next((s for s in state.stages if s.kind == updown_progress.ROUND_ROBIN_KIND), None)
            if stage is None or stage.status is not StageStatus.OPEN:
                raise FailedPrecondition(
                    f"the checkpoints are held while stage 1 is played; competition {competition.name!r} "
                    + ("has not started it" if stage is None else "has completed it")
                )
            # each stage-1 group on its own (the First League's "12th place of that group", §10.3.1.2)
            removed = [
                r
                for season in updown_progress.stage_seasons(state, stage)
                for r in updown_progress.checkpoint_removals(season, which)
            ]
            now = self.clock()
            by_id = {p.id: p for p in state.players}
            for r in removed:
                repo.update_player_status(dataclasses.replace(by_id[r.player], status=PlayerStatus.WITHDRAWN), r.reason)
            annulled = {r.player: r for r in removed if r.results_annulled}
            for record in state.stage_records(stage.number):
                self._annul(repo, record, annulled, recorded_by, now)
            progress = rulesets.progress_of(competition)
            if removed and progress.stage_complete(self._updown_state(repo, competition), stage):
                repo.complete_stage(stage.id, now)
            answer = json.dumps([updown_progress.removal_as_dict(r) for r in removed]).encode()
            idempotency.remember(repo, key, now, None, answer)
            return CheckpointResult(competition.id, which, removed, names)

        return self._transaction(work)

    @staticmethod
    def _annul(repo: LeagueRepository, record: ResultRecord, removed: dict[str, Removal], by: str, now: datetime) -> None:
        """A correction of a removed player's game to ``annulled`` with the checkpoint's reason (the original stays)."""
        game = record.content
        if not isinstance(game, GameEntry) or game.result == ANNULLED:
            return
        removal = removed.get(game.first) or removed.get(game.second)
        if removal is None:
            return
        repo.add_record(
            ResultRecord(
                id=_new_id(),
                competition_id=record.competition_id,
                sequence=repo.next_record_sequence(record.competition_id),
                round=record.round,
                table=record.table,
                content=dataclasses.replace(game, result=ANNULLED),
                recorded_by=by,
                recorded_at=now,
                replaces_record_id=record.id,
                reason=removal.reason,
                stage=record.stage,
            )
        )
