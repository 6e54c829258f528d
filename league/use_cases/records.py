"""Results (docs/rules.md ``mahjong.records.*``, ``updown.records.*``, ``cup.records.*``): every record
entered by the organizer, a judge or a player of the table goes through one path (:meth:`Records._record`),
checked by the regular stage's rules or its stage kind's (``league.domain.rulesets.check_stage_result``);
a correction replaces a record in scoring and says what it changes; a player's report waits for the
table's confirmation, a dispute for a judge."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import model, records, rulesets, stage_kinds, stages
from league.domain.mahjong import reviews
from league.domain.mahjong.reviews import Review, ReviewedRecord, Verdict
from league.domain.mahjong.ruleset import MAX_CHOMBO, MAX_POINTS
from league.domain.model import Competition, PlayerStatus
from league.domain.records import Content, GameEntry, HanchanEntry, NoShowEntry, PenaltyEntry, ResultRecord
from league.domain.stages import REGULAR_STAGE, Stage
from league.use_cases.common import (
    MAX_AUTHOR_LENGTH,
    find_competition,
    find_draw,
    find_player,
    find_record,
    new_id,
    replayed,
    request_key,
)
from league.use_cases.reviews import (
    approved_rounds,
    approved_seats,
    check_report,
    live_records,
    reviewed,
    seated_main,
)
from league.use_cases.stages import Stages
from league.use_cases.standings import Standings
from rondo_runtime import idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.paging import WHOLE_LIST, Page
from rondo_runtime.text import clean_text
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MAX_GAMES_IN_PAIRING = 100  # a cup series replays drawn games: far beyond any real series
GAME_RESULTS = ("1-0", "0-1", "+/-", "-/+", "-/-", "=", "annulled")  # annulled: corrections only (updown.annul.thrown-match)


class Decision(enum.StrEnum):
    UPHOLD = "uphold"  # confirmed as reported
    REJECT = "reject"  # never scored; the hanchan may be reported or recorded again
    REPLACE = "replace"  # a new confirmed record with the judge's content replaces it


class Records:
    """A competition's result records and their reviews."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], standings: Standings, stages: Stages):
        """``standings``: the scoring ruleset; ``stages``: the state a correction is checked against and
        the stage a record completes."""
        self.uow = uow
        self.clock = clock
        self.standings = standings
        self.stages = stages

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

    def correct(
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

    def report(
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

    def history(self, competition_id: str, round_no: int, table: int, stage: int = REGULAR_STAGE) -> list[ResultRecord]:
        """Every record of a match in the order entered, corrections and what they replace included."""
        stage = stage or REGULAR_STAGE

        def work(repo: LeagueRepository) -> list[ResultRecord]:
            competition = find_competition(repo, competition_id)
            self._seats(repo, competition, stage, round_no, table)
            return repo.records(competition.id, round_no, table, stage=stage)

        return self.uow.read(work)

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
            "content": _as_fingerprinted(content),
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
        key = request_key(method, raw_key, request)

        def work(repo: LeagueRepository) -> ResultRecord:
            competition = find_competition(repo, competition_id, for_update=True)
            if done := replayed(repo, key):
                return find_record(repo, competition, done)
            replaced = None
            stg, rnd, tbl = stage_no, round_no, table
            if correction:
                replaced = find_record(repo, competition, replaces_record_id)
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
                    check_report(repo, competition, rnd, tbl, seats, in_match, reporter, content)
                # Rejected reports never count (docs/rules.md mahjong.records.dispute-to-judge).
                live = [r.content for r in live_records(repo, competition, in_match) if replaced is None or r.id != replaced.id]
                ruleset, _ = self.standings.scoring_ruleset(repo, competition)
                if isinstance(content, HanchanEntry):
                    records.check_new_hanchan_number(content, live, rnd, tbl)
                main = repo.main_player_ids(competition.id)
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
                id=new_id(),
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
            before = self.stages.settled_state(repo, competition) if progress is not None else None
            repo.add_record(record)
            changes: tuple[str, ...] = ()
            if progress is not None and before is not None:
                after = self.stages.state(repo, competition)
                changes = self._correction_effects(progress.correction_effects(before, after), organizer_confirms)
            completed = self.stages.complete_if_done(repo, competition, stage)
            idempotency.remember(repo, key, record.recorded_at, record.id)
            return dataclasses.replace(record, completed_stage=completed, changes=changes)

        return self.uow.write(work)

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
                stage.rounds if stage is not None else find_draw(repo, competition, competition.published_draw_id or "").rounds
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
        rounds = find_draw(repo, competition, competition.published_draw_id).rounds
        return stages.seats_of(rounds, round_no, table, "the approved draw"), None

    def get(self, competition_id: str, record_id: str) -> ReviewedRecord:
        def work(repo: LeagueRepository) -> ReviewedRecord:
            competition = find_competition(repo, competition_id)
            return reviewed(repo, competition, record_id)

        return self.uow.read(work)

    def match_history(self, competition_id: str, round_no: int, table: int, stage: int = REGULAR_STAGE) -> list[ReviewedRecord]:
        """Every record of a match in the order entered, each with its status and reviews."""
        return [x for x, _ in self.match_history_page(competition_id, round_no, table, stage, WHOLE_LIST)[0]]

    def match_history_page(
        self, competition_id: str, round_no: int, table: int, stage: int, page: Page
    ) -> tuple[list[tuple[ReviewedRecord, str]], str]:
        """One keyset page of a match's records in the order entered (``rondo_runtime/paging.py``), each
        with its status, its reviews and the id of the record that replaced it ("" if none). The database
        reads the page, its reviews, the table's seats and the match's no-shows: never the whole match,
        the roster or the competition's reviews. A stage after the draw takes no player reports: its
        records are confirmed as entered."""
        stage = stage or REGULAR_STAGE

        def work(repo: LeagueRepository) -> list[tuple[ReviewedRecord, str]]:
            competition = find_competition(repo, competition_id)
            stage_row = repo.stage(competition.id, stage)
            seats: tuple[str, ...] = ()
            if stage_row is not None:
                stage_row.seats(round_no, table)
            elif stage != REGULAR_STAGE:
                raise InvalidArgument.single("stage", f"competition {competition.name!r} has no stage {stage} yet")
            else:
                seats = approved_seats(approved_rounds(repo, competition), competition, round_no, table)
            found = repo.match_record_page(competition.id, stage, round_no, table, page.after, page.limit)
            main = repo.seated_main(competition.id, seats)
            absent = reviews.no_shows(repo.match_no_shows(competition.id, stage, round_no, table)) if seats else set()
            seated = [p for p in seats if p in main and p not in absent]
            # a page's own reviews; the whole match's (its callers in the service): the competition's, unfiltered
            given = repo.reviews(competition.id, [r.id for r, _ in found] if page.limit else None)
            out = []
            for r, replaced_by in found:
                mine = tuple(x for x in given if x.record_id == r.id)
                out.append((ReviewedRecord(r, reviews.record_status(r, seated, mine, bool(replaced_by)), mine), replaced_by))
            return out

        found = self.uow.read(work)
        return page.answer(found, lambda x: (x[0].record.sequence,))

    def confirm(self, competition_id: str, record_id: str, player_id: str, idempotency_key: str = "") -> ReviewedRecord:
        """A player of the table other than the reporter confirms; confirming twice stores nothing new."""
        return self._player_review(Verdict.CONFIRM, competition_id, record_id, player_id, "", idempotency_key)

    def dispute(
        self, competition_id: str, record_id: str, player_id: str, reason: str, idempotency_key: str = ""
    ) -> ReviewedRecord:
        """A player of the table disputes a reported record, with the reason: it waits for a judge."""
        return self._player_review(Verdict.DISPUTE, competition_id, record_id, player_id, reason, idempotency_key)

    def _player_review(
        self, verdict: Verdict, competition_id: str, record_id: str, player_id: str, reason: str, idempotency_key: str
    ) -> ReviewedRecord:
        method = "ConfirmResult" if verdict is Verdict.CONFIRM else "DisputeResult"
        request = {"competition_id": competition_id, "record_id": record_id, "player_id": player_id, "reason": reason}
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        record_id = v.id("record_id", record_id)
        player_id = v.id("player_id", player_id)
        if verdict is Verdict.DISPUTE:
            reason = v.text("reason", reason, "say why the result is disputed", text_limits.MAX_REASON_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = request_key(method, raw_key, request)

        def work(repo: LeagueRepository) -> ReviewedRecord:
            competition = find_competition(repo, competition_id, for_update=True)
            if idempotency.first_answer(repo, key):
                return reviewed(repo, competition, record_id)
            find_player(repo, competition, player_id)
            seen = reviewed(repo, competition, record_id)
            in_match = repo.records(competition.id, seen.record.round, seen.record.table)
            seats = approved_rounds(repo, competition)[seen.record.round - 1][seen.record.table - 1]
            seated = seated_main(repo, competition, seats, in_match)
            check = reviews.check_confirm if verdict is Verdict.CONFIRM else reviews.check_dispute
            if check(seen.record, seen.status, player_id, seated, seen.reviews):
                now = self.clock()
                repo.add_review(
                    Review(
                        new_id(),
                        competition.id,
                        seen.record.id,
                        verdict,
                        player_id,
                        "",
                        reason,
                        now,
                        repo.next_review_sequence(competition.id),
                    )
                )
                idempotency.remember(repo, key, now, seen.record.id)
            return reviewed(repo, competition, record_id)

        return self.uow.write(work)

    def resolve_dispute(
        self,
        competition_id: str,
        record_id: str,
        judge: str,
        decision: Decision | None,
        reason: str,
        content: Content | None = None,
        idempotency_key: str = "",
    ) -> ReviewedRecord:
        """A judge decides a pending record: UPHOLD (confirmed as reported), REJECT (never scored), or
        REPLACE (a new confirmed record with the judge's content replaces it, with the reason)."""
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        record_id = v.id("record_id", record_id)
        judge = v.text("judge", judge, "say which judge decides", MAX_AUTHOR_LENGTH)
        reason = v.text("reason", reason, "say why the judge decides so", text_limits.MAX_REASON_LENGTH)
        if decision is None:
            v.add("decision", "one of UPHOLD, REJECT, REPLACE")
        elif decision is Decision.REPLACE and content is None:
            v.add("content", "REPLACE needs the judge's content (the corrected hanchan)")
        elif decision is not Decision.REPLACE and content is not None:
            v.add("content", f"only REPLACE takes content; {decision.value.upper()} decides on the record as reported")
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert decision is not None
        if decision is Decision.REPLACE:
            assert content is not None

            def pending(repo: LeagueRepository, competition: Competition, replaced: ResultRecord) -> None:
                reviews.check_resolve(replaced, reviewed(repo, competition, replaced.id).status)

            new = self._record(
                "ResolveDispute",
                competition_id,
                (0, 0, 0),
                content,
                judge,
                record_id,
                reason,
                idempotency_key,
                author_field="judge",
                check=pending,
            )
            return self.get(competition_id, new.id)

        request = {
            "competition_id": competition_id,
            "record_id": record_id,
            "judge": judge,
            "decision": decision.value,
            "reason": reason,
        }
        key = request_key("ResolveDispute", raw_key, request)

        def work(repo: LeagueRepository) -> ReviewedRecord:
            competition = find_competition(repo, competition_id, for_update=True)
            if idempotency.first_answer(repo, key):
                return reviewed(repo, competition, record_id)
            seen = reviewed(repo, competition, record_id)
            reviews.check_resolve(seen.record, seen.status)
            verdict = Verdict.UPHOLD if decision is Decision.UPHOLD else Verdict.REJECT
            now = self.clock()
            repo.add_review(
                Review(
                    new_id(),
                    competition.id,
                    seen.record.id,
                    verdict,
                    None,
                    judge,
                    reason,
                    now,
                    repo.next_review_sequence(competition.id),
                )
            )
            idempotency.remember(repo, key, now, seen.record.id)
            return reviewed(repo, competition, record_id)

        return self.uow.write(work)


def _as_fingerprinted(content: Content) -> Content:
    """The content as the idempotency fingerprint sees it: a hanchan's scores and chombo counts arrive as
    protobuf maps, whose order differs from one process to another, so a retry that reaches another
    league replica (or the same one restarted) must fingerprint them sorted by player, or it would be
    refused as a different request."""
    if isinstance(content, HanchanEntry):
        return dataclasses.replace(content, scores=tuple(sorted(content.scores)), chombo=tuple(sorted(content.chombo)))
    return content
