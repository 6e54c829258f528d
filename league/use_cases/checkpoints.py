"""The Up&Down league's §10.3 checkpoints (docs/rules.md ``updown.checkpoints.fifty-seventy-five``)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import rulesets
from league.domain.model import PlayerStatus
from league.domain.records import GameEntry, ResultRecord
from league.domain.stages import StageStatus
from league.domain.updown import progress as updown_progress
from league.domain.updown.progress import ANNULLED, Checkpoint, Removal
from league.use_cases.common import MAX_AUTHOR_LENGTH, find_competition, new_id, request_key, updown_state
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations


@dataclass(frozen=True)
class CheckpointResult:
    competition_id: str
    checkpoint: Checkpoint
    removed: list[Removal]
    names: dict[str, str]


class Checkpoints:
    """An Up&Down league's checkpoints."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime]):
        self.uow = uow
        self.clock = clock

    def apply(self, competition_id: str, checkpoint: str, recorded_by: str, idempotency_key: str = "") -> CheckpointResult:
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
        key = request_key(
            "ApplyCheckpoint", raw_key, {"competition_id": competition_id, "checkpoint": which.value, "by": recorded_by}
        )

        def work(repo: LeagueRepository) -> CheckpointResult:
            competition = find_competition(repo, competition_id, for_update=True)
            state = updown_state(repo, competition)
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
            if removed and progress.stage_complete(updown_state(repo, competition), stage):
                repo.complete_stage(stage.id, now)
            answer = json.dumps([updown_progress.removal_as_dict(r) for r in removed]).encode()
            idempotency.remember(repo, key, now, None, answer)
            return CheckpointResult(competition.id, which, removed, names)

        return self.uow.write(work)

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
                id=new_id(),
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
