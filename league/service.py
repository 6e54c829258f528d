"""League use cases: each opens one transaction, calls the domain rules, stores the result."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from league.adapters.repository import LeagueRepository
from league.cup_service import CupUseCases
from league.domain import capacity, model, pinning, records, rulesets, stage_kinds, stages
from league.domain.certificate import MAX_SOLVER_REQUEST_BYTES, SolveRecord
from league.domain.commitment import check_draw_seed, draw_seed
from league.domain.mahjong import redraw
from league.domain.mahjong.ruleset import MAX_CHOMBO, MAX_POINTS
from league.domain.model import Competition, Draw, DrawStatistics, DrawStatus, Player, PlayerStatus, Round
from league.domain.records import Content, GameEntry, HanchanEntry, NoShowEntry, PenaltyEntry, ResultRecord
from league.domain.stages import REGULAR_STAGE, Stage
from league.playoff_service import PlayoffUseCases
from league.review_service import ReviewUseCases
from league.stage_service import StageUseCases
from league.trust_service import TrustUseCases
from league.updown_service import UpdownUseCases
from league.use_cases import CompetitionStandings, _new_id, _now, _require_id
from rondo_runtime import failpoints, idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from rondo_runtime.text import clean_id, clean_key, clean_name, clean_text
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MIGRATIONS = str(Path(__file__).parent / "adapters" / "migrations")
T = TypeVar("T")
MAX_AUTHOR_LENGTH = 200  # ``recorded_by``: free text until identity arrives with the gateway issue
MAX_COMPETITION_PAGE = 1001  # ListCompetitions: the gateway asks one more than its largest page
MAX_GAMES_IN_PAIRING = 100  # a cup series replays drawn games: far beyond any real series
GAME_RESULTS = ("1-0", "0-1", "+/-", "-/+", "-/-", "=", "annulled")  # annulled: corrections only (updown.annul.thrown-match)


@dataclasses.dataclass(frozen=True)
class DrawPreparation:
    """PrepareDraw's answer: who the first draw seats (``roster``), every active player (``players``:
    the names the solver's messages may need) and the seed to ask for (None: the solver picks one)."""

    competition: Competition
    roster: list[Player]
    players: list[Player]
    seed: int | None


@dataclasses.dataclass(frozen=True)
class RedrawPreparation:
    """PrepareRedraw's answer: the plan, who the redraw seats (``roster``), every player (``players``,
    those who left included: the history seats them) and the seed to ask for."""

    competition: Competition
    plan: redraw.RedrawPlan
    roster: list[Player]
    players: list[Player]
    seed: int | None


class LeagueService(CupUseCases, UpdownUseCases, PlayoffUseCases, StageUseCases, TrustUseCases):
    """Every league use case. Shared helpers live in :class:`league.use_cases.LeagueUseCases`; the
    stages after the draw in :class:`league.stage_service.StageUseCases`."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime] = _now):
        """``uow`` is wired in ``league/app.py`` (SQL) or by the service-layer tests (in memory)."""
        super().__init__(uow, clock)
        # Player reports, pinned rulesets, tie decisions (league/review_service.py).
        self.reviews = ReviewUseCases(uow, clock, self._record)

    def _standings(self, repo: LeagueRepository, competition: Competition) -> CompetitionStandings:
        """Confirmed results only, by the pinned ruleset, with the organizer's tie decisions."""
        return self.reviews.standings_in(repo, competition)

    # --- competitions ---
    def create_competition(
        self, name: str, ruleset: str, rounds: int, table_size: int, idempotency_key: str = "", ruleset_overrides: str = ""
    ) -> Competition:
        request = {"name": name, "ruleset": ruleset, "rounds": rounds, "table_size": table_size}
        if ruleset_overrides:
            request["ruleset_overrides"] = ruleset_overrides
        name, ruleset, rounds, table_size = model.validate_new_competition(name, ruleset, rounds, table_size)
        # The ruleset is pinned as version 1 (docs/rules.md mahjong.ruleset.pinned-with-versions).
        pinned = pinning.pinned_ruleset(
            ruleset, pinning.parse_overrides(ruleset_overrides, "ruleset_overrides"), "ruleset_overrides"
        )
        key = self._key("CreateCompetition", clean_key(idempotency_key), request)

        def work(repo: LeagueRepository) -> Competition:
            if done := self._replayed(repo, key):
                return self._competition(repo, done)
            competition = Competition(_new_id(), name, ruleset, rounds, table_size, self.clock())
            repo.add_competition(competition)
            self.reviews.pin_first_version(repo, competition, *pinned)
            idempotency.remember(repo, key, competition.created_at, competition.id)
            return competition

        return self._transaction(work)

    def get_competition(self, competition_id: str) -> Competition:
        return self._read(lambda repo: self._competition(repo, competition_id))

    def list_competitions(self, offset: int, limit: int) -> list[Competition]:
        """Oldest first: at most ``limit`` (1 to ``MAX_COMPETITION_PAGE``) after the first ``offset``
        (the gateway pages them with its own tokens)."""
        v = Violations()
        if offset < 0:
            v.add("offset", f"must be 0 or more, got {offset}")
        if not 1 <= limit <= MAX_COMPETITION_PAGE:
            v.add("limit", f"must be between 1 and {MAX_COMPETITION_PAGE}, got {limit}")
        v.raise_if_any()
        return self._read(lambda repo: repo.competition_page(offset, limit))

    # --- roster ---
    def register_player(
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
        key = self._key("RegisterPlayer", raw_key, request)

        def work(repo: LeagueRepository) -> Player:
            competition = self._competition(repo, competition_id, for_update=True)
            if done := self._replayed(repo, key):
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
                id=_new_id(),
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

        return self._transaction(work)

    def withdraw_player(self, competition_id: str, player_id: str, reason: str, idempotency_key: str = "") -> Player:
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
        key = self._key("WithdrawPlayer", raw_key, {"competition_id": competition_id, "player_id": player_id, "reason": reason})

        def work(repo: LeagueRepository) -> Player:
            competition = self._competition(repo, competition_id, for_update=True)
            if done := self._replayed(repo, key):
                return self._player(repo, competition, done)
            player = self._player(repo, competition, player_id)
            withdrawn = model.withdraw(player)
            repo.update_player_status(withdrawn, reason)
            open_stages = [s for s in repo.stages(competition.id) if s.status is stages.StageStatus.OPEN]
            completed = (
                open_stages[-1].number if open_stages and self._complete_if_done(repo, competition, open_stages[-1]) else 0
            )
            idempotency.remember(repo, key, self.clock(), withdrawn.id)
            return dataclasses.replace(withdrawn, completed_stage=completed)

        return self._transaction(work)

    @staticmethod
    def _player(repo: LeagueRepository, competition: Competition, player_id: str) -> Player:
        player_id = _require_id("player_id", player_id)
        player = repo.player(player_id)
        if player is None or player.competition_id != competition.id:
            raise NotFound.because("PLAYER_NOT_REGISTERED", player_id=player_id, competition_id=competition.id)
        return player

    def list_players(self, competition_id: str, include_inactive: bool = False) -> list[Player]:
        def work(repo: LeagueRepository) -> list[Player]:
            competition = self._competition(repo, competition_id)
            players = repo.players(competition.id)
            return players if include_inactive else model.main_roster(players)

        return self._read(work)

    # --- draws ---
    def save_draw(
        self,
        competition_id: str,
        seed: int,
        rounds: tuple[Round, ...],
        statistics: DrawStatistics,
        replaces_draw_id: str = "",
        played_rounds: int = 0,
        reason: str = "",
        players_moved: int | None = None,
        idempotency_key: str = "",
        solve_record: SolveRecord | None = None,
    ) -> Draw:
        """Stores a proposed draw (and what the solver was asked for it, for its certificate). Under a
        seed commitment the draw must use the committed seed (docs/rules.md draw.trust.seed-commitment).

        The idempotency key is bound to the seats, or, when the draw comes with its solve record, to
        the question asked of the solver: the gateway retrying a draw whose answer it lost asks the
        same question again, and even if the solver's answer differs this time (a draw the wall clock
        cut), the key answers the draw stored first instead of refusing the retry."""
        request: dict = {
            "competition_id": competition_id,
            "replaces_draw_id": replaces_draw_id,
            "played_rounds": played_rounds,
            "reason": reason,
        }
        if solve_record is None:
            request |= {"seed": seed, "rounds": rounds, "statistics": statistics, "players_moved": players_moved}
        else:
            request["solve_record"] = hashlib.sha256(solve_record.solver_request).hexdigest()
        raw_key = clean_key(idempotency_key)
        if solve_record is not None and len(solve_record.solver_request) > MAX_SOLVER_REQUEST_BYTES:
            raise InvalidArgument.single("solver_request", f"at most {MAX_SOLVER_REQUEST_BYTES} bytes")
        competition_id = _require_id("competition_id", competition_id)
        if not 0 <= played_rounds <= model.MAX_ROUNDS:
            raise InvalidArgument.single("played_rounds", f"must be between 0 and {model.MAX_ROUNDS}, got {played_rounds}")
        # The request's own fields first, before anything is looked up.
        statistics = model.validate_draw_statistics(statistics, players_moved)
        reason = clean_text(reason, "reason")
        replaces_draw_id = clean_id(replaces_draw_id, "replaces_draw_id", required=False)
        if not replaces_draw_id and (played_rounds or reason):
            raise InvalidArgument.single(
                "played_rounds" if played_rounds else "reason",
                "only a redraw (replaces_draw_id set) keeps played rounds and gives a reason",
            )

        key = self._key("SaveDraw", raw_key, request)

        def work(repo: LeagueRepository) -> Draw:
            competition = self._competition(repo, competition_id, for_update=True)
            if done := self._replayed(repo, key):
                return self._draw(repo, competition, done)
            players = repo.players(competition.id)
            stored = rounds
            if replaces_draw_id:
                # A direct call cannot skip the redraw rules (docs/rules.md mahjong.draw.redraw-keeps-played-rounds).
                redraw.check_redraw_request(competition.rounds, played_rounds, reason)
                replaced = self._draw(repo, competition, replaces_draw_id)
                stored = redraw.splice_redraw(replaced.rounds, rounds, competition.rounds, played_rounds)
            model.validate_draw_to_store(competition, stored, players, played_rounds, redraw=bool(replaces_draw_id))
            model.validate_draw_statistics(statistics, players_moved, len(players))
            version = repo.next_draw_version(competition.id)
            check_draw_seed(repo.seed_commitment(competition.id), version, seed)
            draw = Draw(
                id=_new_id(),
                competition_id=competition.id,
                version=version,
                status=DrawStatus.PROPOSED,
                seed=seed,
                rounds=stored,
                statistics=statistics,
                created_at=self.clock(),
                replaces_draw_id=replaces_draw_id or None,
                played_rounds=played_rounds,
                reason=reason,
                players_moved=players_moved,
            )
            repo.add_draw(draw)
            if solve_record is not None:
                repo.add_solve_record(draw.id, solve_record)
            idempotency.remember(repo, key, draw.created_at, draw.id)
            return draw

        stored = self._transaction(work)
        failpoints.reached("league.save_draw.after_commit")  # the faults tier kills here: stored, not yet answered
        return stored

    def prepare_draw(self, competition_id: str, seed: int | None, key_seed: int | None) -> DrawPreparation:
        """What the solver needs for a first draw (SaveDraw checks the draw again): the main
        participants in registration order and the seed (``league.domain.commitment.draw_seed``: the
        committed one, else the organizer's ``seed``, else ``key_seed``)."""

        def work(repo: LeagueRepository) -> DrawPreparation:
            competition = self._competition(repo, competition_id)
            players = model.main_roster(repo.players(competition.id))
            chosen = draw_seed(self._committed_seed(repo, competition), seed, key_seed)
            return DrawPreparation(competition, model.draw_roster(players, redraw=False), players, chosen)

        return self._read(work)

    def prepare_redraw(
        self,
        competition_id: str,
        played_rounds: int,
        reason: str,
        pins: tuple[redraw.RedrawPin, ...] = (),
        seed: int | None = None,
        key_seed: int | None = None,
    ) -> RedrawPreparation:
        """What the solver needs to redraw the published draw keeping ``played_rounds`` rounds: the
        redraw rules are checked here and again when the result is saved; the seed as a first draw's
        (:meth:`prepare_draw`)."""
        reason = clean_text(reason, "reason")

        def work(repo: LeagueRepository) -> RedrawPreparation:
            competition = self._competition(repo, competition_id)
            redraw.check_redraw_request(competition.rounds, played_rounds, reason, pins)
            if not competition.published_draw_id:
                raise FailedPrecondition(
                    f"competition {competition.name!r} has no approved draw to redraw; draw and approve one first"
                )
            published = self._draw(repo, competition, competition.published_draw_id)
            players = repo.players(competition.id)
            roster = model.draw_roster(players, redraw=True)
            plan = redraw.plan_redraw(
                published.id,
                published.rounds,
                competition.rounds,
                played_rounds,
                reason,
                pins,
                [p.id for p in roster],
                [p.id for p in players],
            )
            chosen = draw_seed(self._committed_seed(repo, competition), seed, key_seed)
            return RedrawPreparation(competition, plan, roster, players, chosen)

        return self._read(work)

    def approve_draw(self, competition_id: str, draw_id: str) -> Draw:
        """Publishes a proposed draw; the draw it replaces and other open proposals are superseded."""
        competition_id, draw_id = _require_id("competition_id", competition_id), _require_id("draw_id", draw_id)

        def work(repo: LeagueRepository) -> Draw:
            competition = self._competition(repo, competition_id, for_update=True)
            draw = self._draw(repo, competition, draw_id)
            if draw.status is DrawStatus.APPROVED:
                return draw
            approved = model.approve(draw, self.clock())
            model.check_draw_matches_roster(draw, repo.players(competition.id))
            for other in repo.draw_headers(competition.id):  # statuses only, never the others' seats
                if other.id != draw.id and other.status is not DrawStatus.SUPERSEDED:
                    repo.update_draw_status(model.supersede(other))
            repo.update_draw_status(approved)
            repo.set_published_draw(competition.id, approved.id)
            failpoints.reached("league.approve_draw.before_commit")  # the faults tier kills the process here
            return approved

        approved = self._transaction(work)
        failpoints.reached("league.approve_draw.after_commit")  # ... or here: stored, not yet answered
        return approved

    def get_draw(self, competition_id: str, draw_id: str = "") -> Draw:
        competition_id = _require_id("competition_id", competition_id)
        draw_id = clean_id(draw_id, "draw_id", required=False)

        def work(repo: LeagueRepository) -> Draw:
            competition = self._competition(repo, competition_id)
            if draw_id.strip():
                return self._draw(repo, competition, draw_id)
            if not competition.published_draw_id:
                raise FailedPrecondition.because("DRAW_NOT_APPROVED", competition=competition.name)
            return self._draw(repo, competition, competition.published_draw_id)

        return self._read(work)

    def list_draws(self, competition_id: str) -> list[Draw]:
        return self._read(lambda repo: repo.draws(self._competition(repo, competition_id).id))

    # --- results (docs/rules.md mahjong.records.corrections-replace) ---
    def record_hanchan(
        self,
        competition_id: str,
        round_no: int,
        table: int,
        hanchan: HanchanEntry,
        recorded_by: str,
        idempotency_key: str = "",
        stage: int = REGULAR_STAGE,
    ) -> ResultRecord:
        return self._record(
            "RecordHanchan", competition_id, (stage, round_no, table), hanchan, recorded_by, "", "", idempotency_key
        )

    def record_penalty(
        self,
        competition_id: str,
        round_no: int,
        table: int,
        penalty: PenaltyEntry,
        recorded_by: str,
        idempotency_key: str = "",
        stage: int = REGULAR_STAGE,
    ) -> ResultRecord:
        return self._record(
            "RecordPenalty", competition_id, (stage, round_no, table), penalty, recorded_by, "", "", idempotency_key
        )

    def record_no_show(
        self,
        competition_id: str,
        round_no: int,
        table: int,
        no_show: NoShowEntry,
        recorded_by: str,
        idempotency_key: str = "",
        stage: int = REGULAR_STAGE,
    ) -> ResultRecord:
        return self._record(
            "RecordNoShow", competition_id, (stage, round_no, table), no_show, recorded_by, "", "", idempotency_key
        )

    def record_game(
        self,
        competition_id: str,
        stage: int,
        round_no: int,
        table: int,
        game: GameEntry,
        recorded_by: str,
        idempotency_key: str = "",
    ) -> ResultRecord:
        """One game of a 1-vs-1 pairing of a stage, checked by the stage's rules (``league.domain.stage_kinds``)."""
        return self._record("RecordGame", competition_id, (stage, round_no, table), game, recorded_by, "", "", idempotency_key)

    def correct_record(
        self,
        competition_id: str,
        record_id: str,
        content: Content,
        reason: str,
        recorded_by: str,
        idempotency_key: str = "",
        organizer_confirms: bool = False,
    ) -> ResultRecord:
        """A new record that replaces ``record_id`` (its latest version) in scoring; the original stays in the history.
        A correction that would change who plays in a stage already generated is refused unless
        ``organizer_confirms`` (docs/rules.md mahjong.records.correction-refused-after-later-stage); the
        answer says what it changed (``changes``)."""
        return self._record(
            "CorrectRecord",
            competition_id,
            (0, 0, 0),
            content,
            recorded_by,
            record_id,
            reason,
            idempotency_key,
            organizer_confirms=organizer_confirms,
        )

    @staticmethod
    def _content(v: Violations, content: Content) -> Content:
        """The record's own fields, checked before anything is looked up: ids, bounded numbers, clean text."""
        if isinstance(content, HanchanEntry):
            # a seat is a player id, or a substitute by the name his no-show gave
            scores = tuple((v.name(f"hanchan.scores.{p}"[:80], p), s) for p, s in content.scores)
            for p, s in content.scores:
                v.integer(f"hanchan.scores.{p}"[:80], s, -MAX_POINTS, MAX_POINTS, "a final score")
            chombo = tuple((v.name(f"hanchan.chombo.{p}"[:80], p), n) for p, n in content.chombo)
            for p, n in content.chombo:
                v.integer(f"hanchan.chombo.{p}"[:80], n, 1, MAX_CHOMBO, "how many chombo")
            return HanchanEntry(content.number, scores, chombo)
        if isinstance(content, PenaltyEntry):
            player = v.id("penalty.player", content.player)
            v.integer("penalty.points", content.points, -MAX_POINTS, MAX_POINTS)
            try:  # an empty reason is the domain's to refuse (mahjong.scoring.penalty-reason)
                reason = clean_text(content.reason, "penalty.reason")
            except InvalidArgument as error:
                v.items.extend(error.violations)
                reason = ""
            return PenaltyEntry(player, content.points, reason)
        if isinstance(content, GameEntry):
            v.integer("game.number", content.number, 1, MAX_GAMES_IN_PAIRING, "the game's number in its pairing")
            first = v.id("game.first_player_id", content.first)
            second = v.id("game.second_player_id", content.second)
            if content.result not in GAME_RESULTS:
                v.add("game.result", f"one of {', '.join(GAME_RESULTS)}, got {content.result[:20]!r}")
            return GameEntry(content.number, first, second, content.result, content.long)
        player = v.id("no_show.player", content.player)
        substitute = v.name(
            "no_show.substitute", content.substitute, "name the substitute who took the seat", model.MAX_NAME_LENGTH
        )
        return NoShowEntry(player, substitute)

    def _record(
        self,
        method: str,
        competition_id: str,
        where: tuple[int, int, int],
        content: Content,
        recorded_by: str,
        replaces_record_id: str,
        reason: str,
        idempotency_key: str,
        reporter: str = "",
        author_field: str = "recorded_by",
        check: Callable[[LeagueRepository, Competition, ResultRecord], None] | None = None,
        organizer_confirms: bool = False,
    ) -> ResultRecord:
        """``reporter``: a player of the table reports it (ReportResult, docs/rules.md
        mahjong.records.player-report-confirmed-by-table); ``check``: a further check of the record a
        correction replaces (a judge's REPLACE: it is pending)."""
        stage_no, round_no, table = where
        request = {
            "competition_id": competition_id,
            "stage": stage_no,
            "round": round_no,
            "table": table,
            "content": content,
            "kind": records.KIND_OF[type(content)].value,
            "recorded_by": recorded_by,
            "record_id": replaces_record_id,
            "reason": reason,
        }
        if reporter:
            request["reported_by_player_id"] = reporter
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        correction = method in ("CorrectRecord", "ResolveDispute")
        if method == "ReportResult":
            reporter = recorded_by = v.id("reported_by_player_id", reporter)
        if correction:
            replaces_record_id = v.id("record_id", replaces_record_id)
            reason = v.text("reason", reason, "say why the record is corrected", text_limits.MAX_REASON_LENGTH)
        else:
            stage_no = stage_no or REGULAR_STAGE
            v.integer("stage", stage_no, 1, model.MAX_ROUNDS, "the competition's stage")
        content = self._content(v, content)
        if not correction and isinstance(content, GameEntry) and content.result == "annulled":
            v.add("game.result", "a match is annulled by correcting its record, with the reason")
        if method != "ReportResult":  # a report's author is its reporter
            recorded_by = v.text(author_field, recorded_by, "say who records this result", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = self._key(method, raw_key, request)

        def work(repo: LeagueRepository) -> ResultRecord:
            competition = self._competition(repo, competition_id, for_update=True)
            if done := self._replayed(repo, key):
                return self._result_record(repo, competition, done)
            replaced = None
            stg, rnd, tbl = stage_no, round_no, table
            if correction:
                replaced = self._result_record(repo, competition, replaces_record_id)
                stg, rnd, tbl = replaced.stage, replaced.round, replaced.table
                if replaced.kind is not records.KIND_OF[type(content)]:
                    raise InvalidArgument.single(
                        records.KIND_OF[type(content)].value,
                        f"record {replaced.id} is a {replaced.kind.value}; its correction is one too",
                    )
                if check is not None:
                    check(repo, competition, replaced)
            seats, stage = self._seats(repo, competition, stg, rnd, tbl)
            if isinstance(content, NoShowEntry):
                self._check_substitute(repo, competition, content, stg, rnd, tbl, stage)
            in_match = repo.records(competition.id, rnd, tbl, stage=stg)
            if replaced is not None and any(r.replaces_record_id == replaced.id for r in in_match):
                latest = records.current([r for r in in_match if r.sequence > replaced.sequence])
                raise FailedPrecondition(
                    f"record {replaced.id} was already corrected; correct its latest version"
                    + (f" ({latest[-1].id})" if latest else "")
                )
            if stage is None:
                if not correction:
                    self._check_regular_stage_open(repo, competition)
                if reporter:
                    self.reviews.check_report(repo, competition, rnd, tbl, seats, in_match, reporter, content)
                # Rejected reports never count (docs/rules.md mahjong.records.dispute-to-judge).
                live = [
                    r.content
                    for r in self.reviews.live_records(repo, competition, in_match)
                    if replaced is None or r.id != replaced.id
                ]
                ruleset, _ = self.reviews.scoring_ruleset(repo, competition)
                if isinstance(content, HanchanEntry):
                    records.check_new_hanchan_number(content, live, rnd, tbl)
                main = [p.id for p in repo.players(competition.id) if p.status is not PlayerStatus.SUBSTITUTE]
                records.check_match(rnd, tbl, seats, live, ruleset, main, new=content)
            else:
                if reporter:
                    raise FailedPrecondition(
                        f"players report results of the regular stage; stage {stage.number} ({stage.name}) "
                        "takes results from the organizer or a judge"
                    )
                live = [r.content for r in records.current(in_match) if replaced is None or r.id != replaced.id]
                if not correction:
                    stages.check_open_for_results(stage)
                left = frozenset(p.id for p in repo.players(competition.id) if p.status in model.LEFT)
                context = stage_kinds.ResultContext(left, replaced.content if replaced is not None else None)
                rulesets.check_stage_result(stage, rnd, tbl, seats, live, content, context)
            record = ResultRecord(
                id=_new_id(),
                competition_id=competition.id,
                sequence=repo.next_record_sequence(competition.id),
                round=rnd,
                table=tbl,
                content=content,
                recorded_by=recorded_by,
                recorded_at=self.clock(),
                replaces_record_id=replaced.id if replaced else None,
                reason=reason if correction else "",
                stage=stg,
                reported_by_player_id=reporter or None,
            )
            progress = rulesets.PROGRESS.get(competition.ruleset) if correction else None
            before = self._settled_state(repo, competition) if progress is not None else None
            repo.add_record(record)
            changes: tuple[str, ...] = ()
            if progress is not None and before is not None:
                after = self._state(repo, competition)
                changes = self._correction_effects(progress.correction_effects(before, after), organizer_confirms)
            completed = self._complete_if_done(repo, competition, stage)
            idempotency.remember(repo, key, record.recorded_at, record.id)
            return dataclasses.replace(record, completed_stage=completed, changes=changes)

        return self._transaction(work)

    @staticmethod
    def _correction_effects(effects: stage_kinds.CorrectionEffects, confirmed: bool) -> tuple[str, ...]:
        """What the correction just added changes in what was derived (docs/rules.md
        mahjong.records.correction-recomputes-derived, updown.records.correction-recomputes-derived,
        cup.records.correction-recomputes-derived), by the competition's progress; FAILED_PRECONDITION
        (the transaction rolls back) when it would change who plays in a stage already generated and the
        organizer has not confirmed it. Confirmed, the answer also says what the organizer must redo."""
        if effects.later_stage_conflicts and not confirmed:
            raise FailedPrecondition(
                "; ".join(effects.later_stage_conflicts) + "; confirm it as organizer (organizer_confirms) to store it"
            )
        return (
            effects.changes
            + tuple(f"confirmed by the organizer: {c}" for c in effects.later_stage_conflicts)
            + tuple(f"to redo: {r}" for r in effects.to_redo)
        )

    def _check_substitute(
        self,
        repo: LeagueRepository,
        competition: Competition,
        no_show: NoShowEntry,
        stage_no: int,
        round_no: int,
        table: int,
        stage: Stage | None,
    ) -> None:
        """docs/rules.md ``mahjong.roster.substitute-registered``: a no-show's seat is taken by a technical
        substitute: one registered with status SUBSTITUTE, named by his player id, who plays no other
        match of that round; or, unregistered, by a name that is no registered player's."""
        registered = repo.player(no_show.substitute)
        if registered is not None and registered.competition_id == competition.id:
            if registered.status is not PlayerStatus.SUBSTITUTE:
                raise InvalidArgument.single(
                    "no_show.substitute",
                    f"{registered.name!r} is registered as {registered.status.value}; a no-show's seat is taken by a "
                    "technical substitute (registered as a substitute)",
                )
            rounds = (
                stage.rounds if stage is not None else self._draw(repo, competition, competition.published_draw_id or "").rounds
            )
            for t, seated in enumerate(rounds[round_no - 1] if round_no <= len(rounds) else (), start=1):
                if registered.id in seated:
                    raise InvalidArgument.single(
                        "no_show.substitute", f"{registered.name!r} plays round {round_no} at table {t}; one match a round"
                    )
            for r in records.current(repo.records(competition.id, stage=stage_no)):
                if r.round == round_no and r.table != table and isinstance(r.content, NoShowEntry):
                    if r.content.substitute == registered.id:
                        raise InvalidArgument.single(
                            "no_show.substitute",
                            f"{registered.name!r} already takes a seat in round {round_no} at table {r.table}; one match a round",
                        )
            return
        named = repo.player_named(competition.id, no_show.substitute)
        if named is not None:
            raise InvalidArgument.single(
                "no_show.substitute",
                f"{named.name!r} is registered in this competition ({named.status.value}); name a registered "
                f"technical substitute by his player id ({named.id})",
            )

    @staticmethod
    def _check_regular_stage_open(repo: LeagueRepository, competition: Competition) -> None:
        """docs/rules.md ``mahjong.records.finished-stage-takes-no-new-results``: once a stage was generated
        from the regular stage, the regular stage is finished; it takes corrections (checked against what
        was derived from it), not new results."""
        later = repo.stages(competition.id)
        if later:
            raise FailedPrecondition(
                f"the regular stage of competition {competition.name!r} is finished: stage {later[0].number} "
                f"({later[0].name}) was generated from it; a new result cannot be added to it "
                "(correct a record of it instead, with the reason)"
            )

    def _seats(
        self, repo: LeagueRepository, competition: Competition, stage_no: int, round_no: int, table: int
    ) -> tuple[tuple[str, ...], Stage | None]:
        """The players of a match and its stage (None: the regular stage of the approved draw); an
        unknown match names ``stage``, ``round`` or ``table``."""
        stage = repo.stage(competition.id, stage_no)
        if stage is not None:
            return stage.seats(round_no, table), stage
        if stage_no != REGULAR_STAGE:
            raise InvalidArgument.single("stage", f"competition {competition.name!r} has no stage {stage_no} yet")
        if not competition.published_draw_id:
            raise FailedPrecondition.because("RESULTS_NEED_APPROVED_DRAW", competition=competition.name)
        rounds = self._draw(repo, competition, competition.published_draw_id).rounds
        return stages.seats_of(rounds, round_no, table, "the approved draw"), None

    def match_history(self, competition_id: str, round_no: int, table: int, stage: int = REGULAR_STAGE) -> list[ResultRecord]:
        """Every record of a match in the order entered, corrections and what they replace included."""
        stage = stage or REGULAR_STAGE

        def work(repo: LeagueRepository) -> list[ResultRecord]:
            competition = self._competition(repo, competition_id)
            self._seats(repo, competition, stage, round_no, table)
            return repo.records(competition.id, round_no, table, stage=stage)

        return self._read(work)

    def get_standings(self, competition_id: str) -> CompetitionStandings:
        """Regular-stage standings from the latest confirmed version of every record, by the season
        file's scorer and the competition's pinned ruleset; pending reports make rows provisional, the
        organizer's tie decisions are applied (league/review_service.py). Answered again from the cache
        while nothing they depend on changed (league/review_service.py::StandingsCache); a stored playoff
        they no longer give is flagged on top (mahjong.playoff.stale-after-correction)."""

        def work(repo: LeagueRepository) -> CompetitionStandings:
            competition = self._competition(repo, competition_id)
            return self.with_playoff_conflict(repo, competition, self.reviews.cached_standings(repo, competition))

        return self._read(work)

    # --- player reports (docs/rules.md mahjong.records.player-report-confirmed-by-table) ---
    def report_result(
        self,
        competition_id: str,
        round_no: int,
        table: int,
        reported_by_player_id: str,
        content: Content,
        idempotency_key: str = "",
    ) -> ResultRecord:
        """A player of the table reports a result: stored as REPORTED, with the same checks as RecordHanchan."""
        return self._record(
            "ReportResult",
            competition_id,
            (REGULAR_STAGE, round_no, table),
            content,
            "",
            "",
            "",
            idempotency_key,
            reporter=reported_by_player_id,
        )
