"""The stages after the draw (``league.domain.stages``): plan the next stage from stored results,
seated by league itself, store it, read it.

The competition's ruleset decides everything (``league.domain.rulesets.PROGRESS``): the plan is derived
again when the stage is saved and stored with its own seating, and a stage is never generated twice
(the stage number is unique).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import rulesets, stage_kinds
from league.domain.model import Competition, Round
from league.domain.stage_kinds import CompetitionState, MeetingShape, StagePlan
from league.domain.stages import REGULAR_STAGE, Stage, StageStatus, Table, game_of_two, round_tables
from league.use_cases.common import MAX_AUTHOR_LENGTH, find_competition, find_draw, new_id, pinned, replayed, request_key
from league.use_cases.standings import Standings
from rondo_runtime import idempotency
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from rondo_runtime.paging import WHOLE_LIST, Page
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations


@dataclasses.dataclass(frozen=True)
class RoundTables:
    """A round's matches under their match keys, and how each is met."""

    tables: tuple[tuple[str, Table], ...]
    shape: MeetingShape


class Stages:
    """A competition's stages, and the state its ruleset's progress reads (``state``)."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], standings: Standings):
        """``standings``: the regular-stage standings a stage is generated from (the ones GetStandings answers)."""
        self.uow = uow
        self.clock = clock
        self.standings = standings

    def state(self, repo: LeagueRepository, competition: Competition) -> CompetitionState:
        draw_rounds: tuple[Round, ...] = ()
        if competition.published_draw_id:
            draw_rounds = find_draw(repo, competition, competition.published_draw_id).rounds
        data, version = pinned(repo, competition)
        return CompetitionState(
            competition=competition,
            players=tuple(repo.players(competition.id)),
            draw_rounds=draw_rounds,
            stages=tuple(repo.stages(competition.id)),
            records=tuple(repo.records(competition.id)),
            disqualifications=tuple(repo.disqualifications(competition.id)),
            standings=functools.cache(lambda: self.standings.standings_in(repo, competition).standings),
            ruleset_data=data,
            ruleset_version=version,
            tie_decisions=tuple(repo.tie_decisions(competition.id)),
        )

    def settled_state(self, repo: LeagueRepository, competition: Competition) -> CompetitionState:
        """:meth:`state` with its standings computed now (they stay as they are while the repository changes)."""
        state = self.state(repo, competition)
        try:
            standings = state.regular_standings()
        except FailedPrecondition:  # a competition without regular standings
            return state
        return dataclasses.replace(state, standings=lambda: standings)

    def prepare(self, competition_id: str) -> StagePlan:
        """The next stage as the competition's rules derive it now (FAILED_PRECONDITION: not yet, and why)."""

        def work(repo: LeagueRepository) -> StagePlan:
            competition = find_competition(repo, competition_id)
            return rulesets.progress_of(competition).next_stage(self.state(repo, competition))

        return self.uow.read(work)

    def save(
        self, competition_id: str, number: int, rounds: tuple[Round, ...], created_by: str, idempotency_key: str = ""
    ) -> Stage:
        """Stores the next stage, seated as its plan says; the plan is derived again and must be stage
        ``number``; ``rounds``, when given, must be the plan's own (``check_fixed_rounds``)."""
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        v.integer("number", number, 1, 1000, "the stage's number (PrepareStage.number)")
        created_by = v.text("created_by", created_by, "say who generates the stage", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        # Bound to the competition only: a retry of AdvanceStage plans again after the first stored its
        # stage, so it may send another number; it gets the first request's stage back.
        key = request_key("SaveStage", raw_key, {"competition_id": competition_id})

        def work(repo: LeagueRepository) -> Stage:
            competition = find_competition(repo, competition_id, for_update=True)
            if done := replayed(repo, key):
                return self.stage_by_id(repo, competition, done)
            progress = rulesets.progress_of(competition)
            plan = progress.next_stage(self.state(repo, competition))
            if plan.finished:
                raise FailedPrecondition.because("COMPETITION_FINISHED", competition=competition.name)
            if plan.number != number:
                raise FailedPrecondition(
                    f"the next stage of competition {competition.name!r} is stage {plan.number} ({plan.name}), not {number}"
                )
            stage_kinds.check_fixed_rounds(plan, rounds)
            stage = Stage(
                id=new_id(),
                competition_id=competition.id,
                number=plan.number,
                kind=plan.kind,
                name=plan.name,
                rounds=plan.rounds,
                created_at=self.clock(),
                created_by=created_by,
                details={**plan.details, "groups": [[name, list(players)] for name, players in plan.groups]},
                basis=plan.basis,
            )
            repo.add_stage(stage)
            idempotency.remember(repo, key, stage.created_at, stage.id)
            return stage

        return self.uow.write(work)

    def get(self, competition_id: str, number: int) -> Stage:
        def work(repo: LeagueRepository) -> Stage:
            competition = find_competition(repo, competition_id)
            stage = repo.stage(competition.id, number)
            if stage is None:
                raise NotFound.because("STAGE_NOT_FOUND", competition=competition.name, stage=number)
            return stage

        return self.uow.read(work)

    def game(self, competition_id: str, number: int, round_no: int, table: int) -> tuple[str, str]:
        """The two players of a game of stage ``number`` (``league.domain.stages.game_of_two``)."""
        return game_of_two(self.get(competition_id, number), round_no, table)

    def page(self, competition_id: str, page: Page) -> tuple[list[Stage], str]:
        """The competition's stages by number, one keyset page read by the database."""
        found = self.uow.read(lambda repo: repo.stage_page(find_competition(repo, competition_id).id, page.after, page.limit))
        return page.answer(found, lambda st: (st.number,))

    def list(self, competition_id: str) -> list[Stage]:
        return self.page(competition_id, WHOLE_LIST)[0]

    def round_tables(self, competition_id: str, number: int, round_no: int) -> RoundTables:
        """The matches of one round, as booking opens them for scheduling: stage ``number``'s (0 means 1;
        stage 1 of a drawn competition, which has no stored stage, is the approved draw's tables:
        FAILED_PRECONDITION before a draw is approved) with
        its tables under their match keys (``league.domain.stages.round_tables``) and how a match is met
        (``league.domain.rulesets.meeting_shape``: a later stage's games a match, the final's one meeting)."""
        number = number or REGULAR_STAGE

        def work(repo: LeagueRepository) -> RoundTables:
            competition = find_competition(repo, competition_id)
            stage, of_draw = repo.stage(competition.id, number), False
            if stage is not None:
                rounds, shape = stage.rounds, rulesets.meeting_shape(stage)
            elif number != REGULAR_STAGE:
                raise NotFound.because("STAGE_NOT_FOUND", competition=competition.name, stage=number)
            elif not competition.published_draw_id:
                raise FailedPrecondition.because("DRAW_NOT_APPROVED", competition=competition.name)
            else:
                rounds = find_draw(repo, competition, competition.published_draw_id).rounds
                shape, of_draw = MeetingShape(), True
            return RoundTables(round_tables(competition.id, number, rounds, round_no, of_draw), shape)

        return self.uow.read(work)

    @staticmethod
    def stage_by_id(repo: LeagueRepository, competition: Competition, stage_id: str) -> Stage:
        stage = next((s for s in repo.stages(competition.id) if s.id == stage_id), None)
        if stage is None:
            raise InvalidArgument.single("idempotency_key", "the stage this key made no longer exists")
        return stage

    def complete_if_done(self, repo: LeagueRepository, competition: Competition, stage: Stage | None) -> bool:
        """After a record of ``stage`` is stored: marks the stage completed when its ruleset says every
        result is in; True when this record completed it."""
        if stage is None or stage.status is not StageStatus.OPEN:
            return False
        progress = rulesets.PROGRESS.get(competition.ruleset)
        if progress is None or not progress.stage_complete(self.state(repo, competition), stage):
            return False
        repo.complete_stage(stage.id, self.clock())
        return True
