"""League use cases for results reported by players, pinned ruleset versions and tie decisions.

docs/rules.md ``mahjong.records.player-report-confirmed-by-table``, ``mahjong.records.dispute-to-judge``,
``mahjong.records.standings-use-confirmed-only``, ``mahjong.ruleset.pinned-with-versions``,
``mahjong.standings.tie-by-organizer-or-lot``. :class:`ReviewUseCases` is created by
:class:`league.service.LeagueService` as ``self.reviews``; each use case is one transaction, like the
league's own. A report is stored by the league's record path (the same checks as RecordHanchan); this
module adds who may report, confirm, dispute and decide, and what the standings score.
"""

from __future__ import annotations

import dataclasses
import enum
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeVar

from league.adapters.repository import LeagueRepository
from league.domain import lots, pinning, records
from league.domain.lots import TieDecision, TieMethod
from league.domain.mahjong import reviews
from league.domain.mahjong.reviews import RecordStatus, Review, ReviewedRecord, Verdict
from league.domain.mahjong.ruleset import Ruleset
from league.domain.mahjong.standings import UnresolvedTie, regular_standings
from league.domain.model import Competition, Player, PlayerStatus, Round
from league.domain.pinning import RulesetVersion
from league.domain.records import Content, NoShowEntry, ResultRecord
from league.domain.stages import REGULAR_STAGE
from league.domain.texts import Text
from league.domain.updown import progress as updown_progress
from league.use_cases import CompetitionStandings, LeagueUseCases, _new_id
from rondo_runtime import idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

T = TypeVar("T")
MAX_AUTHOR_LENGTH = 200
MAX_TIED_PLAYERS = 1_000


class Decision(enum.StrEnum):
    UPHOLD = "uphold"  # confirmed as reported
    REJECT = "reject"  # never scored; the hanchan may be reported or recorded again
    REPLACE = "replace"  # a new confirmed record with the judge's content replaces it


@dataclass(frozen=True)
class MatchState:
    """What the reviews say about a set of records."""

    statuses: dict[str, RecordStatus]
    reviews: list[Review]
    seated_main: dict[tuple[int, int], list[str]]


def _player(repo: LeagueRepository, competition: Competition, player_id: str) -> None:
    player = repo.player(player_id)
    if player is None or player.competition_id != competition.id:
        raise NotFound.because("PLAYER_NOT_REGISTERED", player_id=player_id, competition_id=competition.id)


def _seats(rounds: Sequence[Round], competition: Competition, round_no: int, table: int) -> tuple[str, ...]:
    """The table of the approved draw: an unknown match names ``round`` or ``table``."""
    if not rounds:
        raise FailedPrecondition.because("RESULTS_NEED_APPROVED_DRAW", competition=competition.name)
    if not 1 <= round_no <= len(rounds):
        raise InvalidArgument.at("round", "ROUND_OUT_OF_RANGE", rounds=len(rounds), round=round_no)
    if not 1 <= table <= len(rounds[round_no - 1]):
        raise InvalidArgument.single(
            "table", f"round {round_no} of the approved draw has tables 1-{len(rounds[round_no - 1])}, got {table}"
        )
    return tuple(rounds[round_no - 1][table - 1])


class StandingsCache:
    """GetStandings' answers, kept per competition with the version of the data they were computed from
    (:func:`standings_version`), at most ``size`` competitions (the least recently read go first).

    Every write that can change the standings changes that version: a record or a correction (the
    competition's record sequence), a review (the review sequence), a tie decision (its sequence), a
    ruleset version, a registration, a status change (withdrawn, disqualified, removed), the approved
    draw. Records, reviews, decisions and versions are append-only and committed sequences are never
    reused, so a version names one committed state. Only reads fill the cache (a write's transaction
    may roll back), and the version is read before the data, so an answer is never older than its
    version. Each replica keeps its own cache; the version check makes it correct across replicas."""

    def __init__(self, size: int = 64):
        self.size = size
        self._items: OrderedDict[str, tuple[tuple, CompetitionStandings]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, competition_id: str, version: tuple) -> CompetitionStandings | None:
        with self._lock:
            found = self._items.get(competition_id)
            if found is None or found[0] != version:
                self.misses += 1
                return None
            self._items.move_to_end(competition_id)
            self.hits += 1
            return found[1]

    def put(self, competition_id: str, version: tuple, standings: CompetitionStandings) -> None:
        with self._lock:
            self._items[competition_id] = (version, standings)
            self._items.move_to_end(competition_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def standings_version(repo: LeagueRepository, competition: Competition, players: Sequence[Player]) -> tuple:
    """What the regular-stage standings of ``competition`` are computed from, as a comparable value."""
    versions = repo.ruleset_versions(competition.id)
    return (
        competition.published_draw_id,
        repo.next_record_sequence(competition.id),
        repo.next_review_sequence(competition.id),
        repo.next_tie_decision_sequence(competition.id),
        versions[-1].version if versions else 0,
        tuple((p.id, p.status.value, p.name, p.registration_order) for p in players),
    )


class ReviewUseCases(LeagueUseCases):
    def __init__(
        self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], record: Callable[..., ResultRecord] | None = None
    ):
        """``record``: the league's record path (``LeagueService._record``), which a judge's REPLACE uses."""
        super().__init__(uow, clock)
        self._record = record
        self.cache = StandingsCache()

    def cached_standings(self, repo: LeagueRepository, competition: Competition) -> CompetitionStandings:
        """GetStandings: :meth:`standings_in`, answered from :class:`StandingsCache` while the data it is
        computed from has not changed (a read transaction only)."""
        everyone = repo.players(competition.id)
        version = standings_version(repo, competition, everyone)
        found = self.cache.get(competition.id, version)
        if found is None:
            found = self.standings_in(repo, competition, everyone=everyone)
            self.cache.put(competition.id, version, found)
        return found

    # --- shared with LeagueService ------------------------------------------------------------------
    @staticmethod
    def seated_main(
        repo: LeagueRepository, competition: Competition, seats: Sequence[str], in_match: Sequence[ResultRecord]
    ) -> list[str]:
        """The main participants who sat at a table: drawn there, not a registered substitute, not a no-show."""
        main = {p.id for p in repo.players(competition.id) if p.status is not PlayerStatus.SUBSTITUTE}
        absent = {r.content.player for r in records.current(in_match) if isinstance(r.content, NoShowEntry)}
        return [p for p in seats if p in main and p not in absent]

    def state(
        self, repo: LeagueRepository, competition: Competition, rounds: Sequence[Round], stored: Sequence[ResultRecord]
    ) -> MatchState:
        """The status of every record of ``stored`` from the competition's reviews."""
        main = {p.id for p in repo.players(competition.id) if p.status is not PlayerStatus.SUBSTITUTE}
        by_match: dict[tuple[int, int], list[ResultRecord]] = {}
        for r in stored:
            by_match.setdefault((r.round, r.table), []).append(r)
        seated: dict[tuple[int, int], list[str]] = {}
        for (rnd, tbl), in_match in by_match.items():
            if 1 <= rnd <= len(rounds) and 1 <= tbl <= len(rounds[rnd - 1]):
                absent = {r.content.player for r in records.current(in_match) if isinstance(r.content, NoShowEntry)}
                seated[(rnd, tbl)] = [p for p in rounds[rnd - 1][tbl - 1] if p in main and p not in absent]
        all_reviews = repo.reviews(competition.id)
        return MatchState(reviews.statuses(stored, all_reviews, seated), all_reviews, seated)

    def check_report(
        self,
        repo: LeagueRepository,
        competition: Competition,
        round_no: int,
        table: int,
        seats: Sequence[str],
        in_match: Sequence[ResultRecord],
        reporter: str,
        content: Content,
    ) -> None:
        _player(repo, competition, reporter)
        seated = self.seated_main(repo, competition, seats, in_match)
        reviews.check_report(reporter, seated, round_no, table)
        state = self.state(repo, competition, self._rounds(repo, competition), in_match)
        reviews.check_not_already_there(content, reviews.live(in_match, state.statuses), round_no, table)

    def live_records(
        self, repo: LeagueRepository, competition: Competition, in_match: Sequence[ResultRecord]
    ) -> list[ResultRecord]:
        """The latest versions of a match's records that count or may count (rejected ones never do)."""
        if not any(r.reported_by_player_id for r in in_match):  # only a player's report can be rejected
            return records.current(in_match)
        state = self.state(repo, competition, self._rounds(repo, competition), in_match)
        return reviews.live(in_match, state.statuses)

    @staticmethod
    def _rounds(repo: LeagueRepository, competition: Competition) -> tuple[Round, ...]:
        if not competition.published_draw_id:
            return ()
        draw = repo.draw(competition.published_draw_id)
        return draw.rounds if draw else ()

    def scoring_ruleset(self, repo: LeagueRepository, competition: Competition) -> tuple[Ruleset, int]:
        """The latest pinned version of the competition's scoring ruleset and its number (0: a
        competition created before rulesets were pinned, scored by the registered ruleset)."""
        versions = repo.ruleset_versions(competition.id)
        pinned = pinning.ruleset_from_data(versions[-1].data) if versions and versions[-1].data else None
        ruleset = records.ruleset_for(competition.ruleset, competition.rounds, competition.table_size, pinned)
        return ruleset, versions[-1].version if versions else 0

    def standings_in(
        self, repo: LeagueRepository, competition: Competition, decided: bool = True, everyone: Sequence[Player] | None = None
    ) -> CompetitionStandings:
        """Standings from the confirmed records only, pending matches marked provisional, the tie
        decisions applied (``decided``), by the latest pinned ruleset version."""
        ruleset, version = self.scoring_ruleset(repo, competition)
        everyone = list(everyone) if everyone is not None else repo.players(competition.id)
        players = [p for p in everyone if p.status is not PlayerStatus.SUBSTITUTE]
        withdrawn = [p.id for p in players if p.status in (PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED)]
        stored = repo.records(competition.id, stage=REGULAR_STAGE)
        rounds = self._rounds(repo, competition)
        state = self.state(repo, competition, rounds, stored)
        scored = reviews.confirmed(stored, state.statuses)
        season = records.season_of(ruleset, [p.id for p in players], withdrawn, rounds, scored)
        names = {p.id: p.name for p in everyone} | {s: s for s in season.substitutes}
        standings = regular_standings(season)
        pending = reviews.pending_notes(stored, state.statuses, state.reviews, state.seated_main, names)
        drawn = {(r, t): rounds[r - 1][t - 1] for (r, t) in pending}
        standings = reviews.with_pending(standings, pending, drawn)
        notes: tuple[Text, ...] = ()
        if decided:
            regular = [d for d in repo.tie_decisions(competition.id) if d.stage == REGULAR_STAGE]
            standings, notes = lots.apply_tie_decisions(standings, regular, names)
        return CompetitionStandings(standings, names, ruleset_version=version, notes=notes)

    @staticmethod
    def pin_first_version(repo: LeagueRepository, competition: Competition, name: str, data: dict) -> None:
        repo.add_ruleset_version(RulesetVersion(competition.id, 1, name, data, "", "", competition.created_at))

    # --- plumbing -------------------------------------------------------------------------------------
    def _reviewed(self, repo: LeagueRepository, competition: Competition, record_id: str) -> ReviewedRecord:
        record = self._result_record(repo, competition, record_id)
        in_match = repo.records(competition.id, record.round, record.table, stage=record.stage)
        state = self.state(repo, competition, self._rounds(repo, competition), in_match)
        mine = tuple(r for r in state.reviews if r.record_id == record.id)
        return ReviewedRecord(record, state.statuses[record.id], mine)

    def match_history(self, competition_id: str, round_no: int, table: int, stage: int = REGULAR_STAGE) -> list[ReviewedRecord]:
        """Every record of a match in the order entered, each with its status and reviews (a stage
        after the draw takes no player reports: its records are confirmed as entered)."""
        stage = stage or REGULAR_STAGE

        def work(repo: LeagueRepository) -> list[ReviewedRecord]:
            competition = self._competition(repo, competition_id)
            rounds = self._rounds(repo, competition)
            stage_row = repo.stage(competition.id, stage)
            if stage_row is not None:
                stage_row.seats(round_no, table)
                rounds = ()
            elif stage != REGULAR_STAGE:
                raise InvalidArgument.single("stage", f"competition {competition.name!r} has no stage {stage} yet")
            else:
                _seats(rounds, competition, round_no, table)
            in_match = repo.records(competition.id, round_no, table, stage=stage)
            state = self.state(repo, competition, rounds, in_match)
            return [
                ReviewedRecord(r, state.statuses[r.id], tuple(x for x in state.reviews if x.record_id == r.id)) for r in in_match
            ]

        return self._read(work)

    def record(self, competition_id: str, record_id: str) -> ReviewedRecord:
        def work(repo: LeagueRepository) -> ReviewedRecord:
            competition = self._competition(repo, competition_id)
            return self._reviewed(repo, competition, record_id)

        return self._read(work)

    # --- confirm / dispute / resolve ------------------------------------------------------------------
    def confirm_result(self, competition_id: str, record_id: str, player_id: str, idempotency_key: str = "") -> ReviewedRecord:
        """A player of the table other than the reporter confirms; confirming twice stores nothing new."""
        return self._player_review(Verdict.CONFIRM, competition_id, record_id, player_id, "", idempotency_key)

    def dispute_result(
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
        key = self._key(method, raw_key, request)

        def work(repo: LeagueRepository) -> ReviewedRecord:
            competition = self._competition(repo, competition_id, for_update=True)
            if idempotency.first_answer(repo, key):
                return self._reviewed(repo, competition, record_id)
            _player(repo, competition, player_id)
            seen = self._reviewed(repo, competition, record_id)
            in_match = repo.records(competition.id, seen.record.round, seen.record.table)
            seats = self._rounds(repo, competition)[seen.record.round - 1][seen.record.table - 1]
            seated = self.seated_main(repo, competition, seats, in_match)
            check = reviews.check_confirm if verdict is Verdict.CONFIRM else reviews.check_dispute
            if check(seen.record, seen.status, player_id, seated, seen.reviews):
                now = self.clock()
                repo.add_review(
                    Review(
                        _new_id(),
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
            return self._reviewed(repo, competition, record_id)

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
            assert content is not None and self._record is not None

            def pending(repo: LeagueRepository, competition: Competition, replaced: ResultRecord) -> None:
                reviews.check_resolve(replaced, self._reviewed(repo, competition, replaced.id).status)

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
            return self.record(competition_id, new.id)

        request = {
            "competition_id": competition_id,
            "record_id": record_id,
            "judge": judge,
            "decision": decision.value,
            "reason": reason,
        }
        key = self._key("ResolveDispute", raw_key, request)

        def work(repo: LeagueRepository) -> ReviewedRecord:
            competition = self._competition(repo, competition_id, for_update=True)
            if idempotency.first_answer(repo, key):
                return self._reviewed(repo, competition, record_id)
            seen = self._reviewed(repo, competition, record_id)
            reviews.check_resolve(seen.record, seen.status)
            verdict = Verdict.UPHOLD if decision is Decision.UPHOLD else Verdict.REJECT
            now = self.clock()
            repo.add_review(
                Review(
                    _new_id(),
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
            return self._reviewed(repo, competition, record_id)

        return self._transaction(work)

    # --- ruleset versions -----------------------------------------------------------------------------
    def change_ruleset(
        self, competition_id: str, overrides_json: str, reason: str, changed_by: str, idempotency_key: str = ""
    ) -> RulesetVersion:
        """A new version of the competition's ruleset: the latest with ``overrides_json`` applied. After
        the start (the first draw approved) the reason is required."""
        request = {"competition_id": competition_id, "overrides_json": overrides_json, "reason": reason, "changed_by": changed_by}
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        try:
            overrides = pinning.parse_overrides(overrides_json, "overrides_json")
        except InvalidArgument as error:
            v.items.extend(error.violations)
            overrides = {}
        if not overrides and not v.items:
            v.add("overrides_json", "give the ruleset fields to change as a JSON object")
        reason = v.text("reason", reason, "", text_limits.MAX_REASON_LENGTH) if reason.strip() else ""
        changed_by = v.text("changed_by", changed_by, "say who changes the ruleset", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        key = self._key("ChangeRuleset", raw_key, request)

        def work(repo: LeagueRepository) -> RulesetVersion:
            competition = self._competition(repo, competition_id, for_update=True)
            versions = repo.ruleset_versions(competition.id)
            if done := idempotency.first_answer(repo, key):
                return next(x for x in versions if str(x.version) == done.resource_id)
            stages = repo.stages(competition.id)
            started = (
                "its draw is approved" if competition.published_draw_id else "its first stage is generated" if stages else ""
            )
            pinning.check_change_reason(bool(started), reason, started)
            latest = versions[-1].data if versions else None
            if competition.ruleset in pinning.DIVISIONS:
                if not latest and stages:  # the division stage 1 was generated with (fitted to the field)
                    latest = dict(updown_progress.ruleset_data(updown_progress.ruleset_of(stages[0])))
                name, data = pinning.pinned_ruleset(competition.ruleset, overrides, "overrides_json", latest)
                updown_progress.check_division_change(updown_progress.division_from(data), stages)
            else:
                name, data = pinning.pinned_ruleset(competition.ruleset, overrides, "overrides_json", latest)
                records.ruleset_for(
                    competition.ruleset, competition.rounds, competition.table_size, pinning.ruleset_from_data(data)
                )
            version = RulesetVersion(
                competition.id, (versions[-1].version if versions else 0) + 1, name, data, reason, changed_by, self.clock()
            )
            repo.add_ruleset_version(version)
            idempotency.remember(repo, key, version.at, str(version.version))
            return version

        return self._transaction(work)

    def ruleset_versions(self, competition_id: str) -> list[RulesetVersion]:
        def work(repo: LeagueRepository) -> list[RulesetVersion]:
            competition = self._competition(repo, competition_id)
            return repo.ruleset_versions(competition.id)

        return self._read(work)

    # --- ties left to the organizer -------------------------------------------------------------------
    def _undecided_ties(
        self, repo: LeagueRepository, competition: Competition, players: Sequence[str]
    ) -> tuple[int, list[UnresolvedTie], dict[str, str]]:
        """The stage a decision on ``players`` would decide, its unresolved ties without any decision,
        and the players' names: the regular stage of a mahjong league; in an Up&Down league the latest
        stage with exactly that tie in one of its groups (``updown.standings.extra-match-by-decision``)."""
        if competition.ruleset != updown_progress.COMPETITION_RULESET:
            current = self.standings_in(repo, competition, decided=False)
            return REGULAR_STAGE, list(current.standings.unresolved), current.names
        state = dataclasses.replace(self._updown_state(repo, competition), tie_decisions=())
        names = {p.id: p.name for p in state.players}
        ties: list[UnresolvedTie] = []
        for stage in reversed(state.stages):
            found = [t for _, s in updown_progress.stage_standings(state, stage) for t in s.unresolved]
            if any(set(t.players) == set(players) for t in found):
                return stage.number, found, names
            ties += found
        return 0, ties, names

    def decide_tie(
        self,
        competition_id: str,
        player_ids: Sequence[str],
        method: TieMethod | None,
        seed: int | None,
        reason: str,
        decided_by: str,
        idempotency_key: str = "",
    ) -> TieDecision:
        """The organizer's order, or a lot from his seed, for a tie the standings leave unresolved."""
        request = {
            "competition_id": competition_id,
            "player_ids": list(player_ids),
            "method": method.value if method else "",
            "seed": seed,
            "reason": reason,
            "decided_by": decided_by,
        }
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        players = [v.id(f"player_ids[{i}]", p) for i, p in enumerate(player_ids[:MAX_TIED_PLAYERS])]
        if not 2 <= len(player_ids) <= MAX_TIED_PLAYERS:
            v.add("player_ids", f"name the 2 to {MAX_TIED_PLAYERS} tied players, got {len(player_ids)}")
        elif len(set(players)) != len(players):
            v.add("player_ids", "names a player twice")
        if method is None:
            v.add("method", "one of organizer order (the order given) or lot (drawn from the seed given)")
        elif method is TieMethod.LOT and seed is None:
            v.add("seed", "a lot is drawn from the organizer's seed (any int64); give it, it is recorded")
        elif method is TieMethod.ORGANIZER_ORDER and seed is not None:
            v.add("seed", "only a lot takes a seed")
        if method is TieMethod.ORGANIZER_ORDER:
            reason = v.text("reason", reason, "say why the organizer orders the tied players so", text_limits.MAX_REASON_LENGTH)
        elif reason.strip():
            reason = v.text("reason", reason, "", text_limits.MAX_REASON_LENGTH)
        else:
            reason = ""
        decided_by = v.text("decided_by", decided_by, "say who decides", MAX_AUTHOR_LENGTH)
        raw_key = v.key("idempotency_key", idempotency_key)
        v.raise_if_any()
        assert method is not None
        key = self._key("DecideTie", raw_key, request)

        def work(repo: LeagueRepository) -> TieDecision:
            competition = self._competition(repo, competition_id, for_update=True)
            if (done := idempotency.first_answer(repo, key)) and done.resource_id:
                found = repo.tie_decision(done.resource_id)
                assert found is not None
                return found
            for p in players:
                _player(repo, competition, p)
            stage, unresolved, names = self._undecided_ties(repo, competition, players)
            if not any(set(t.players) == set(players) for t in unresolved):
                ties = "; ".join(f"places {t.place}: {', '.join(names.get(p, p) for p in t.players)}" for t in unresolved)
                raise FailedPrecondition(
                    f"players {', '.join(names.get(p, p) for p in players)} are not exactly an unresolved tie of the "
                    f"current standings (unresolved ties: {ties or 'none'})"
                    + (
                        ""
                        if ties
                        else "; players tied while games that could separate them are still to play are only tied so far: "
                        "their tie is decided once those games are played"
                    )
                )
            decision = TieDecision(
                id=_new_id(),
                competition_id=competition.id,
                sequence=repo.next_tie_decision_sequence(competition.id),
                players=lots.decision_order(method, players, seed),
                method=method,
                seed=seed,
                reason=reason,
                decided_by=decided_by,
                at=self.clock(),
                stage=stage,
            )
            repo.add_tie_decision(decision)
            idempotency.remember(repo, key, decision.at, decision.id)
            return decision

        return self._transaction(work)
