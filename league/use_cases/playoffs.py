"""The mahjong playoff as stored stages (``league.domain.mahjong.progress``; docs/rules.md
``mahjong.playoff.*``): where it stands, and the organizer's decision on a stored playoff the corrected
standings no longer give (``mahjong.playoff.stale-after-correction``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain.mahjong import playoff_basis
from league.domain.mahjong import progress as mahjong_progress
from league.domain.mahjong.playoff_basis import PlayoffDecision, PlayoffDecisionKind
from league.domain.mahjong.progress import PlayoffPlay
from league.use_cases.common import MAX_AUTHOR_LENGTH, find_competition, new_id, request_key
from league.use_cases.stages import Stages
from league.use_cases.standings import Standings
from rondo_runtime import idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import FailedPrecondition
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations


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


class Playoffs:
    """A mahjong league's playoff."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], standings: Standings, stages: Stages):
        self.uow = uow
        self.clock = clock
        self.standings = standings
        self.stages = stages

    def decide(
        self,
        competition_id: str,
        kind: PlayoffDecisionKind | None,
        reason: str,
        decided_by: str,
        idempotency_key: str = "",
    ) -> PlayoffDecision:
        """The organizer's decision on a stored playoff the corrected standings no longer give:
        REGENERATE (round 1 without results is removed, AdvanceStage then generates it from the
        corrected standings) or KEEP it as stored, with his reason; recorded either way."""
        request = {
            "competition_id": competition_id,
            "decision": kind.value if kind else "",
            "reason": reason,
            "decided_by": decided_by,
        }
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        if kind is None:
            v.add("decision", "one of regenerate (round 1 again from the corrected standings) or keep (as stored)")
        reason = v.text("reason", reason, "say why the organizer decides so (it is recorded)", text_limits.MAX_REASON_LENGTH)
        decided_by = v.text("decided_by", decided_by, "say who decides", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert kind is not None
        key = request_key("DecidePlayoff", raw_key, request)

        def work(repo: LeagueRepository) -> PlayoffDecision:
            competition = find_competition(repo, competition_id, for_update=True)
            if (done := idempotency.first_answer(repo, key)) and done.resource_id:
                found = repo.playoff_decision(done.resource_id)
                assert found is not None
                return found
            if competition.ruleset != mahjong_progress.RULESET:
                raise FailedPrecondition.because("NO_MAHJONG_PLAYOFF", competition=competition.name, ruleset=competition.ruleset)
            conflict = self.standings.playoff_conflict(repo, competition, self.standings.standings_in(repo, competition))
            stages = [s for s in repo.stages(competition.id) if s.kind == mahjong_progress.KIND]
            played = bool(stages) and bool(repo.records(competition.id, stage=stages[0].number))
            playoff_basis.check_decision(conflict, kind, played or len(stages) > 1)
            assert conflict is not None
            removed: tuple[dict, ...] = ()
            if kind is PlayoffDecisionKind.REGENERATE:
                removed = tuple(
                    {"number": s.number, "name": s.name, "rounds": [[list(t) for t in r] for r in s.rounds], "basis": s.basis}
                    for s in stages
                )
                for s in reversed(stages):
                    repo.remove_stage(s.id)
            decision = PlayoffDecision(
                id=new_id(),
                competition_id=competition.id,
                sequence=repo.next_playoff_decision_sequence(competition.id),
                kind=kind,
                reason=reason,
                decided_by=decided_by,
                at=self.clock(),
                stored=conflict.stored,
                qualified=conflict.qualified,
                removed=removed,
            )
            repo.add_playoff_decision(decision)
            idempotency.remember(repo, key, decision.at, decision.id)
            return decision

        return self.uow.write(work)

    def get(self, competition_id: str) -> PlayoffReport:
        """The stages played, who sits at which table, exits and why, what blocks the next stage, and
        the final order with the prizes for 1st and 2nd once the final is recorded."""

        def work(repo: LeagueRepository) -> PlayoffReport:
            competition = find_competition(repo, competition_id)
            if competition.ruleset != mahjong_progress.RULESET:
                raise FailedPrecondition.because("NO_MAHJONG_PLAYOFF", competition=competition.name, ruleset=competition.ruleset)
            state = self.stages.state(repo, competition)
            names = {p.id: p.name for p in state.players}
            played = mahjong_progress.play(state, names=names)
            if played.state is None:
                raise FailedPrecondition(
                    f"the playoff of competition {competition.name!r} has not started: generate round 1 (advance to the "
                    "next stage) once the regular stage is complete"
                )
            return PlayoffReport(played, names)

        return self.uow.read(work)
