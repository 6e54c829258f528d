"""The roster (docs/rules.md ``mahjong.roster.*``, ``cup.entry.closed-once-drawn``,
``cup.disqualification.through-service``): players registered, withdrawn, disqualified, listed;
registration closed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import capacity, model, stages
from league.domain.cup import knockout as cup
from league.domain.cup import progress as cup_progress
from league.domain.disqualification import PlayerDisqualification
from league.domain.mahjong.registration import RegistrationClosing, Resolution, close_registration
from league.domain.model import Competition, Player, PlayerStatus
from league.domain.stage_kinds import CompetitionState
from league.domain.stages import REGULAR_STAGE
from league.use_cases.common import MAX_AUTHOR_LENGTH, find_competition, new_id, replayed, request_key, require_id
from league.use_cases.stages import Stages
from rondo_runtime import idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from rondo_runtime.paging import WHOLE_LIST, Page
from rondo_runtime.text import clean_key, clean_name, clean_text
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations


@dataclass(frozen=True)
class Disqualified:
    """The answer to DisqualifyPlayer: the player (status DISQUALIFIED), the stored fact, and whether it
    decided the last open pairing of its stage (the stage is then completed)."""

    player: Player
    disqualification: PlayerDisqualification
    completed_stage: bool = False


class Roster:
    """A competition's players."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], stages: Stages):
        self.uow = uow
        self.clock = clock
        self.stages = stages

    def register(
        self,
        competition_id: str,
        name: str,
        rating: int | None = None,
        idempotency_key: str = "",
        status: PlayerStatus = PlayerStatus.MAIN,
        title: str = "",
    ) -> Player:
        """A main participant, or a technical substitute (status SUBSTITUTE: never ranked, drawn only by
        a redraw, and named by his id in RecordNoShow; docs/rules.md mahjong.roster.substitute-registered).
        ``title``: optional, the player's title ("1 dan"), bounded like a name (mahjong.roster.title)."""
        # The request's own fields first, before anything is looked up (issue 7).
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        v.name("name", name, "give the player's name", model.MAX_NAME_LENGTH)
        v.integer("rating", rating, model.MIN_RATING, model.MAX_RATING)
        try:
            title = clean_name(title, "title", required=False)
        except InvalidArgument as error:
            v.items.extend(error.violations)
        raw_key = v.key("idempotency_key", idempotency_key)
        try:
            model.check_registrable(status)
        except InvalidArgument as error:
            v.items.extend(error.violations)
        v.raise_if_any()
        request: dict = {"competition_id": competition_id, "name": name, "rating": rating}
        if status is not PlayerStatus.MAIN:
            request["status"] = status.value
        if title:
            request["title"] = title
        key = request_key("RegisterPlayer", raw_key, request)

        def work(repo: LeagueRepository) -> Player:
            competition = find_competition(repo, competition_id, for_update=True)
            if done := replayed(repo, key):
                return self._player(repo, competition, done)
            # docs/rules.md cup.entry.closed-once-drawn: a drawn bracket takes nobody more.
            if competition.ruleset == model.CUP_RULESET and repo.stages(competition.id):
                raise FailedPrecondition(
                    f"registration closed: the bracket of cup {competition.name!r} is drawn; nobody can join it now"
                )
            if competition.registration_closed_at is not None and status is PlayerStatus.MAIN:
                raise FailedPrecondition(
                    f"registration of competition {competition.name!r} is closed: register the player as a reserve "
                    "or a technical substitute"
                )
            # Only the players the name could clash with, not the whole roster (issue 7): the same name,
            # or a look-alike (both found by an indexed key).
            clashes = [repo.player_named(competition.id, name), repo.player_looking_like(competition.id, name)]
            clean = model.validate_player_name(name, [p for p in clashes if p])
            order = repo.next_registration_order(competition.id)
            if order > capacity.players_allowed(competition):  # fewer ever registered: room for sure, no count
                capacity.check_room_for_one_more_player(competition, repo.active_player_count(competition.id))
            player = Player(
                id=new_id(),
                competition_id=competition.id,
                name=clean,
                registration_order=order,
                status=status,
                rating=rating,
                title=title,
            )
            repo.add_player(player)
            idempotency.remember(repo, key, self.clock(), player.id)
            return player

        return self.uow.write(work)

    def withdraw(self, competition_id: str, player_id: str, reason: str, idempotency_key: str = "") -> Player:
        """Status WITHDRAWN with the reason (docs/rules.md mahjong.roster.withdrawal-keeps-history); the
        history stays. When the withdrawal settles the last open games of the competition's open stage
        (an Up&Down player's unplayed games are not awaited: updown.withdrawal.half-rule), that stage is
        completed and the answer says so (``completed_stage``)."""
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        player_id = v.id("player_id", player_id)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        reason = clean_text(reason, "reason")
        key = request_key("WithdrawPlayer", raw_key, {"competition_id": competition_id, "player_id": player_id, "reason": reason})

        def work(repo: LeagueRepository) -> Player:
            competition = find_competition(repo, competition_id, for_update=True)
            if done := replayed(repo, key):
                return self._player(repo, competition, done)
            player = self._player(repo, competition, player_id)
            withdrawn = model.withdraw(player)
            repo.update_player_status(withdrawn, reason)
            open_stages = [s for s in repo.stages(competition.id) if s.status is stages.StageStatus.OPEN]
            completed = (
                open_stages[-1].number if open_stages and self.stages.complete_if_done(repo, competition, open_stages[-1]) else 0
            )
            idempotency.remember(repo, key, self.clock(), withdrawn.id)
            return dataclasses.replace(withdrawn, completed_stage=completed)

        return self.uow.write(work)

    @staticmethod
    def _player(repo: LeagueRepository, competition: Competition, player_id: str) -> Player:
        player_id = require_id("player_id", player_id)
        player = repo.player(player_id)
        if player is None or player.competition_id != competition.id:
            raise NotFound.because("PLAYER_NOT_REGISTERED", player_id=player_id, competition_id=competition.id)
        return player

    def page(self, competition_id: str, include_inactive: bool, page: Page) -> tuple[list[Player], str]:
        """The players in registration order, those who take part in the draws only (``model.main_roster``)
        unless ``include_inactive``: one keyset page read by the database (``rondo_runtime/paging.py``)."""
        found = self.uow.read(
            lambda repo: repo.player_page(find_competition(repo, competition_id).id, not include_inactive, page.after, page.limit)
        )
        return page.answer(found, lambda p: (p.registration_order,))

    def list(self, competition_id: str, include_inactive: bool = False) -> list[Player]:
        return self.page(competition_id, include_inactive, WHOLE_LIST)[0]

    def close_registration(
        self, competition_id: str, resolution: Resolution, closed_by: str, idempotency_key: str = ""
    ) -> tuple[Competition, RegistrationClosing]:
        """Closes registration (docs/rules.md mahjong.roster.close-registration): the main roster must
        then be a multiple of the table size, as is or by the organizer's resolution (the last-registered
        main participants to the reserve, or the earliest reserves promoted); FAILED_PRECONDITION with
        the options by name otherwise. Closed once; nobody is deleted."""
        closed_by = clean_name(closed_by, "closed_by")
        key = request_key(
            "CloseRegistration", clean_key(idempotency_key), {"competition_id": competition_id, "resolution": resolution.value}
        )

        def work(repo: LeagueRepository) -> tuple[Competition, RegistrationClosing]:
            competition = find_competition(repo, competition_id, for_update=True)
            if replayed(repo, key):
                return competition, RegistrationClosing(
                    (), (), len([p for p in repo.players(competition.id) if p.status is PlayerStatus.MAIN])
                )
            if competition.registration_closed_at is not None:
                raise FailedPrecondition.because("REGISTRATION_CLOSED", closed_at=competition.registration_closed_at.isoformat())
            closing = close_registration(repo.players(competition.id), competition.table_size, resolution)
            for player in closing.to_reserve:
                repo.update_player_status(
                    dataclasses.replace(player, status=PlayerStatus.RESERVE),
                    f"dropped to the reserve when registration closed ({closed_by})",
                )
            for player in closing.promoted:
                repo.update_player_status(
                    dataclasses.replace(player, status=PlayerStatus.MAIN),
                    f"promoted from the reserve when registration closed ({closed_by})",
                )
            at = self.clock()
            repo.close_registration(competition.id, at)
            idempotency.remember(repo, key, at, competition.id)
            return dataclasses.replace(competition, registration_closed_at=at), closing

        return self.uow.write(work)

    def disqualify(
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
        key = request_key("DisqualifyPlayer", raw_key, request)

        def work(repo: LeagueRepository) -> Disqualified:
            competition = find_competition(repo, competition_id, for_update=True)
            if done := replayed(repo, key):
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
                id=new_id(),
                competition_id=competition.id,
                player_id=player.id,
                stage=current.number if current else (REGULAR_STAGE if competition.published_draw_id else 0),
                reason=reason,
                recorded_by=recorded_by,
                recorded_at=self.clock(),
            )
            if competition.ruleset == cup_progress.RULESET and current is not None:
                state = self.stages.state(repo, competition)
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
                cup_progress.cup_state(self.stages.state(repo, competition))  # the cup domain accepts it (else nothing stored)
                completed = self.stages.complete_if_done(repo, competition, current)
            idempotency.remember(repo, key, fact.recorded_at, fact.id)
            return Disqualified(disqualified, fact, completed)

        return self.uow.write(work)

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
