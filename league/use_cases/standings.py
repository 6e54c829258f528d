"""The standings (docs/rules.md ``mahjong.standings.*``, ``mahjong.records.standings-use-confirmed-only``,
``mahjong.standings.tie-by-organizer-or-lot``, ``updown.standings.*``, ``mahjong.playoff.stale-after-correction``):
the regular stage's from the confirmed records by the pinned ruleset with the organizer's tie
decisions, answered from :class:`StandingsCache` while nothing they depend on changed; an Up&Down
stage's group by group; the organizer's tie decisions."""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from league.adapters.repository import LeagueRepository
from league.domain import lots, model, pinning, records
from league.domain.lots import TieDecision, TieMethod
from league.domain.mahjong import playoff_basis
from league.domain.mahjong import progress as mahjong_progress
from league.domain.mahjong.playoff_basis import PlayoffConflict
from league.domain.mahjong.ruleset import Ruleset
from league.domain.mahjong.running_standings import RunningStandings, StageFacts, standings_from_scratch
from league.domain.mahjong.standings import UnresolvedTie
from league.domain.model import Competition, Player, PlayerStatus
from league.domain.stages import REGULAR_STAGE, Stage, StageStatus
from league.domain.updown import progress as updown_progress
from league.domain.updown.standings import UpdownStandings, stage_progress
from league.use_cases.common import (
    MAX_AUTHOR_LENGTH,
    CompetitionStandings,
    find_competition,
    find_player,
    new_id,
    request_key,
    updown_state,
)
from league.use_cases.reviews import approved_rounds
from rondo_runtime import idempotency
from rondo_runtime import text as text_limits
from rondo_runtime.errors import FailedPrecondition, NotFound
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

MAX_TIED_PLAYERS = 1_000


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


class StandingsCache:
    """GetStandings' answers, kept per competition with the version of the data they were computed from
    (:func:`standings_version`) and the :class:`RunningStandings` they came from, at most ``size``
    competitions (the least recently read go first).

    Every write that can change the standings changes that version: a record or a correction (the
    competition's record sequence), a review (the review sequence), a tie decision (its sequence), a
    ruleset version, a registration, a status change (withdrawn, disqualified, removed), the approved
    draw. Records, reviews, decisions and versions are append-only and committed sequences are never
    reused, so a version names one committed state. Only reads fill the cache (a write's transaction
    may roll back), and the version is read before the data, so an answer is never older than its
    version. Each replica keeps its own cache; the version check makes it correct across replicas."""

    def __init__(self, size: int = 64):
        self.size = size
        self._items: OrderedDict[str, CachedStandings] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self.updates = 0  # misses answered by feeding the new records to the running standings

    def get(self, competition_id: str, version: StandingsVersion) -> CompetitionStandings | None:
        found = self.latest(competition_id)
        with self._lock:
            if found is None or found.version != version:
                self.misses += 1
                return None
            self.hits += 1
            return found.answer

    def latest(self, competition_id: str) -> CachedStandings | None:
        """What the competition's standings were last computed from, whatever its version."""
        with self._lock:
            found = self._items.get(competition_id)
            if found is not None:
                self._items.move_to_end(competition_id)
            return found

    def put(self, competition_id: str, cached: CachedStandings) -> None:
        with self._lock:
            self._items[competition_id] = cached
            self._items.move_to_end(competition_id)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


@dataclass(frozen=True)
class StandingsVersion:
    """What the regular-stage standings of a competition are computed from, as a comparable value:
    ``records`` (the next record sequence: every record entered before it is in), the pinned
    ruleset's version, and ``rest`` (the approved draw, the reviews, the tie decisions, the roster)."""

    records: int
    ruleset: int
    rest: tuple

    def follows(self, earlier: StandingsVersion) -> bool:
        """Only records were entered since ``earlier``: the standings follow by feeding them."""
        return self.ruleset == earlier.ruleset and self.rest == earlier.rest and self.records > earlier.records


@dataclass(frozen=True)
class CachedStandings:
    version: StandingsVersion
    answer: CompetitionStandings
    running: RunningStandings


def standings_version(repo: LeagueRepository, competition: Competition) -> StandingsVersion:
    """What the regular-stage standings of ``competition`` are computed from, as a comparable value
    (a few small reads: the roster as plain tuples, never a record)."""
    versions = repo.ruleset_versions(competition.id)
    return StandingsVersion(
        repo.next_record_sequence(competition.id),
        versions[-1].version if versions else 0,
        (
            competition.published_draw_id,
            repo.next_review_sequence(competition.id),
            repo.next_tie_decision_sequence(competition.id),
            repo.roster_signature(competition.id),
        ),
    )


class Standings:
    """Every standings read, and the organizer's tie decisions; ``cache`` keeps GetStandings' answers."""

    def __init__(self, uow: UnitOfWork[LeagueRepository], clock: Callable[[], datetime], cache: StandingsCache | None = None):
        self.uow = uow
        self.clock = clock
        self.cache = cache if cache is not None else StandingsCache()

    def get(self, competition_id: str) -> CompetitionStandings:
        """Regular-stage standings from the latest confirmed version of every record, by the season
        file's scorer and the competition's pinned ruleset; pending reports make rows provisional, the
        organizer's tie decisions are applied (:meth:`standings_in`). Answered again from the cache
        while nothing they depend on changed, and from the records entered since while only records
        were (:meth:`cached_standings`); a stored playoff they no longer give is flagged on top
        (mahjong.playoff.stale-after-correction)."""

        def work(repo: LeagueRepository) -> CompetitionStandings:
            competition = find_competition(repo, competition_id)
            return self.with_playoff_conflict(repo, competition, self.cached_standings(repo, competition))

        return self.uow.read(work)

    def cached_standings(self, repo: LeagueRepository, competition: Competition) -> CompetitionStandings:
        """GetStandings (a read transaction only): the cached answer while its version is current; while
        only records were entered since (by this replica or another), the cached running standings fed
        just those records (docs/rules.md ``mahjong.standings.incremental-equals-from-scratch``);
        otherwise (a cold cache, a review, a tie decision, a roster change...) from scratch."""
        version = standings_version(repo, competition)
        found = self.cache.get(competition.id, version)
        if found is not None:
            return found
        before = self.cache.latest(competition.id)
        if before is not None and version.follows(before.version):
            entered = repo.records_entered_between(competition.id, REGULAR_STAGE, before.version.records, version.records)
            running = before.running.with_records(entered)
            self.cache.updates += 1
        else:
            ruleset, _ = self.scoring_ruleset(repo, competition)
            # only the records of the version: another replica may commit more meanwhile (read committed),
            # and the next version's records are fed from this one's sequence on
            stored = [r for r in repo.records(competition.id, stage=REGULAR_STAGE) if r.sequence < version.records]
            facts = self.stage_facts(repo, competition, ruleset, repo.players(competition.id))
            running = RunningStandings.from_scratch(facts, stored)
        regular = [d for d in repo.tie_decisions(competition.id) if d.stage == REGULAR_STAGE]
        answer = running.standings(regular)
        found = CompetitionStandings(answer.standings, answer.names, ruleset_version=version.ruleset, notes=answer.notes)
        self.cache.put(competition.id, CachedStandings(version, found, running))
        return found

    def stage_facts(
        self, repo: LeagueRepository, competition: Competition, ruleset: Ruleset, everyone: Sequence[Player]
    ) -> StageFacts:
        """What the regular stage's standings depend on besides its records."""
        return StageFacts(ruleset, tuple(everyone), approved_rounds(repo, competition), tuple(repo.reviews(competition.id)))

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
        """Standings from scratch (the reference, :func:`standings_from_scratch`): from the confirmed
        records only, pending matches marked provisional, the tie decisions applied (``decided``), by
        the latest pinned ruleset version."""
        ruleset, version = self.scoring_ruleset(repo, competition)
        everyone = list(everyone) if everyone is not None else repo.players(competition.id)
        stored = repo.records(competition.id, stage=REGULAR_STAGE)
        decisions = [d for d in repo.tie_decisions(competition.id) if d.stage == REGULAR_STAGE] if decided else None
        found = standings_from_scratch(self.stage_facts(repo, competition, ruleset, everyone), stored, decisions)
        return CompetitionStandings(found.standings, found.names, ruleset_version=version, notes=found.notes)

    def playoff_conflict(
        self, repo: LeagueRepository, competition: Competition, standings: CompetitionStandings
    ) -> PlayoffConflict | None:
        """The stored round 1 against places 1-8 of ``standings`` (the ones GetStandings answers)."""
        if competition.ruleset != mahjong_progress.RULESET:
            return None
        stage = next((s for s in repo.stages(competition.id) if s.kind == mahjong_progress.KIND), None)
        if stage is None:
            return None
        subs = {p.id for p in repo.players(competition.id) if p.status is PlayerStatus.SUBSTITUTE}
        rows = [row.player for row in standings.standings.rows if row.player not in subs]
        top = playoff_basis.top_places(rows, [t.place for t in standings.standings.unresolved])
        stored = tuple(stage.basis.get("regular_places", ()))
        return playoff_basis.playoff_conflict(stage.number, stored, top, repo.playoff_decisions(competition.id), standings.names)

    def with_playoff_conflict(
        self, repo: LeagueRepository, competition: Competition, standings: CompetitionStandings
    ) -> CompetitionStandings:
        """GetStandings: the standings with the stale playoff's conflict (open until decided) and its note."""
        conflict = self.playoff_conflict(repo, competition, standings)
        if conflict is None:
            return standings
        return dataclasses.replace(standings, notes=(*standings.notes, conflict.explanation), playoff_conflict=conflict)

    def get_updown(self, competition_id: str, stage: int = 0) -> UpdownStageStandings:
        """The standings of a stage (0: the latest), group by group, from the stored game records."""
        v = Violations()
        competition_id = v.id("competition_id", competition_id)
        v.integer("stage", stage, 0, model.MAX_ROUNDS, "the stage's number (0: the latest)")
        v.raise_if_any()

        def work(repo: LeagueRepository) -> UpdownStageStandings:
            competition = find_competition(repo, competition_id)
            state = updown_state(repo, competition)
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

        return self.uow.read(work)

    def _undecided_ties(
        self, repo: LeagueRepository, competition: Competition, players: Sequence[str]
    ) -> tuple[int, list[UnresolvedTie], dict[str, str]]:
        """The stage a decision on ``players`` would decide, its unresolved ties without any decision,
        and the players' names: the regular stage of a mahjong league; in an Up&Down league the latest
        stage with exactly that tie in one of its groups (``updown.standings.extra-match-by-decision``)."""
        if competition.ruleset != updown_progress.COMPETITION_RULESET:
            current = self.standings_in(repo, competition, decided=False)
            return REGULAR_STAGE, list(current.standings.unresolved), current.names
        state = dataclasses.replace(updown_state(repo, competition), tie_decisions=())
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
        key = request_key("DecideTie", raw_key, request)

        def work(repo: LeagueRepository) -> TieDecision:
            competition = find_competition(repo, competition_id, for_update=True)
            if (done := idempotency.first_answer(repo, key)) and done.resource_id:
                found = repo.tie_decision(done.resource_id)
                assert found is not None
                return found
            for p in players:
                find_player(repo, competition, p)
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
                id=new_id(),
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

        return self.uow.write(work)
