"""Regular-stage standings kept up to date record by record (docs/rules.md
``mahjong.standings.incremental-equals-from-scratch``), checked against the from-scratch computation.

:func:`standings_from_scratch` is the reference: every stored record of the regular stage, the review
statuses, the season (:func:`league.domain.records.season_of`), :func:`regular_standings`, the pending
reports and the organizer's tie decisions, all at once. :class:`RunningStandings` gives the same answer
(row for row, rank for rank, explanation for explanation) while it is fed the records one batch at a
time: a record or a correction changes one match, so only that match is scored again, only the figures
of the players in it (before and after) are recomputed, and the rows are ranked again (a sort). What
else the standings depend on (the roster, the approved draw, the reviews, the pinned ruleset) is
:class:`StageFacts`: when any of it changes the running standings start again from scratch.

Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from league.domain import lots, records
from league.domain.lots import TieDecision
from league.domain.mahjong import reviews
from league.domain.mahjong.reviews import PENDING, RecordStatus, Review
from league.domain.mahjong.ruleset import Ruleset
from league.domain.mahjong.scoring import MatchResult, match_result
from league.domain.mahjong.standings import Figures, Season, Standings, figures_of, ranked_standings, regular_standings
from league.domain.model import Player, PlayerStatus, Round
from league.domain.records import ResultRecord
from league.domain.texts import Text

MatchKey = tuple[int, int]  # (round, table)


@dataclass(frozen=True)
class RegularStandings:
    """The standings with the names of their players (substitutes by their own name) and the notes on
    tie decisions that no longer match a tie."""

    standings: Standings
    names: dict[str, str]
    notes: tuple[Text, ...] = ()


@dataclass(frozen=True)
class StageFacts:
    """What the regular stage's standings depend on besides its records: the scoring ruleset, everyone
    registered (in registration order, substitutes included), the approved draw's rounds and the
    reviews of the records."""

    ruleset: Ruleset
    everyone: tuple[Player, ...]
    rounds: tuple[Round, ...]
    reviews: tuple[Review, ...] = ()

    @cached_property
    def players(self) -> tuple[str, ...]:
        """The main participants (everyone but the technical substitutes), withdrawn ones included."""
        return tuple(p.id for p in self.everyone if p.status is not PlayerStatus.SUBSTITUTE)

    @cached_property
    def main(self) -> frozenset[str]:
        return frozenset(self.players)

    @cached_property
    def withdrawn(self) -> tuple[str, ...]:
        return tuple(
            p.id
            for p in self.everyone
            if p.status is not PlayerStatus.SUBSTITUTE and p.status in (PlayerStatus.WITHDRAWN, PlayerStatus.DISQUALIFIED)
        )

    @cached_property
    def ranked(self) -> frozenset[str]:
        """The players the standings rank: main participants who have not withdrawn."""
        return self.main - set(self.withdrawn)

    @cached_property
    def names(self) -> dict[str, str]:
        return {p.id: p.name for p in self.everyone}

    @cached_property
    def tables(self) -> tuple[int, ...]:
        return tuple(len(tables) for tables in self.rounds)

    @cached_property
    def reviews_of(self) -> dict[str, tuple[Review, ...]]:
        """record id -> its reviews, in the order given."""
        out: dict[str, list[Review]] = {}
        for r in self.reviews:
            out.setdefault(r.record_id, []).append(r)
        return {k: tuple(v) for k, v in out.items()}

    def drawn(self, key: MatchKey) -> tuple[str, ...] | None:
        """The players the approved draw seats at a match (None: no such table)."""
        rnd, tbl = key
        if 1 <= rnd <= len(self.rounds) and 1 <= tbl <= len(self.rounds[rnd - 1]):
            return tuple(self.rounds[rnd - 1][tbl - 1])
        return None

    def season(self, substitutes: Iterable[str] = (), results: Iterable[MatchResult] = ()) -> Season:
        return Season(
            self.ruleset,
            self.players,
            tuple(sorted(substitutes)),
            self.withdrawn,
            tuple(r.match for r in results),
            self.tables,
        )


def seated_main(facts: StageFacts, key: MatchKey, in_match: Sequence[ResultRecord]) -> dict[MatchKey, list[str]]:
    """The main participants who sat at a drawn table (not a no-show), by the match's records; nothing
    for a match the draw does not have."""
    drawn = facts.drawn(key)
    if drawn is None:
        return {}
    absent = reviews.no_shows(in_match)
    return {key: [p for p in drawn if p in facts.main and p not in absent]}


def standings_from_scratch(
    facts: StageFacts, stored: Sequence[ResultRecord], decisions: Sequence[TieDecision] | None = None
) -> RegularStandings:
    """The reference: the standings from every stored record of the regular stage at once, the
    confirmed ones scored (``mahjong.records.standings-use-confirmed-only``), pending matches marked
    provisional, the tie decisions applied (None: not applied)."""
    by_match: dict[MatchKey, list[ResultRecord]] = {}
    for r in stored:
        by_match.setdefault((r.round, r.table), []).append(r)
    seated: dict[MatchKey, list[str]] = {}
    for key, in_match in by_match.items():
        seated |= seated_main(facts, key, in_match)
    statuses = reviews.statuses(stored, facts.reviews, seated)
    scored = reviews.confirmed(stored, statuses)
    season = records.season_of(facts.ruleset, facts.players, facts.withdrawn, facts.rounds, scored)
    names = facts.names | {s: s for s in season.substitutes}
    standings = regular_standings(season)
    pending = reviews.pending_notes(stored, statuses, facts.reviews, seated, names)
    return _finished(facts, standings, pending, names, decisions)


def _finished(
    facts: StageFacts,
    standings: Standings,
    pending: Mapping[MatchKey, Sequence[Text]],
    names: dict[str, str],
    decisions: Sequence[TieDecision] | None,
) -> RegularStandings:
    drawn = {(r, t): facts.rounds[r - 1][t - 1] for (r, t) in pending}
    standings = reviews.with_pending(standings, pending, drawn)
    notes: tuple[Text, ...] = ()
    if decisions is not None:
        standings, notes = lots.apply_tie_decisions(standings, decisions, names)
    return RegularStandings(standings, names, notes)


@dataclass(frozen=True)
class _Match:
    """One match as the standings see it: its stored records, their statuses, and what they score."""

    stored: tuple[ResultRecord, ...]
    statuses: dict[str, RecordStatus]
    seated: dict[MatchKey, list[str]]
    result: MatchResult | None  # None: no confirmed record yet
    substitutes: frozenset[str]
    pending: bool  # some latest record awaits confirmation or a judge


def _match(facts: StageFacts, key: MatchKey, stored: tuple[ResultRecord, ...]) -> _Match:
    """A match scored from its own records only, as :func:`standings_from_scratch` scores it among all."""
    seated = seated_main(facts, key, stored)
    own_reviews = [v for r in stored for v in facts.reviews_of.get(r.id, ())]
    statuses = reviews.statuses(stored, own_reviews, seated)
    latest = records.current(stored)
    scored = [r.content for r in latest if statuses[r.id] is RecordStatus.CONFIRMED]
    result = None
    if scored:
        rnd, tbl = key
        match = records.check_match(rnd, tbl, facts.rounds[rnd - 1][tbl - 1], scored, facts.ruleset, facts.players)
        result = match_result(match, facts.ruleset)
    return _Match(
        stored,
        statuses,
        seated,
        result,
        frozenset(records.substitutes_of(scored)),
        any(statuses[r.id] in PENDING for r in latest),
    )


class RunningStandings:
    """The standings of the regular stage, fed its records batch by batch (:meth:`with_records`),
    equal at every step to :func:`standings_from_scratch` of every record fed so far. Never changed in
    place: :meth:`with_records` answers a new one, so a cached one can be shared by readers."""

    def __init__(self, facts: StageFacts):
        self.facts = facts
        self._matches: dict[MatchKey, _Match] = {}
        #: every ranked player's scored matches, and his figures from them
        self._results_of: dict[str, dict[MatchKey, MatchResult]] = {p: {} for p in facts.ranked}
        self._figures: dict[str, Figures] = {p: figures_of(p, (), (), facts.ruleset) for p in facts.ranked}
        self._rounds_entered: dict[int, int] = {}  # round -> how many of its matches are scored

    @classmethod
    def from_scratch(cls, facts: StageFacts, stored: Iterable[ResultRecord]) -> RunningStandings:
        return cls(facts).with_records(stored)

    def with_records(self, new: Iterable[ResultRecord]) -> RunningStandings:
        """These standings with records entered after every record fed so far (in entry order; a
        correction is in the match of the record it replaces)."""
        added: dict[MatchKey, list[ResultRecord]] = {}
        for r in new:
            added.setdefault((r.round, r.table), []).append(r)
        if not added:
            return self
        out = self._copy()
        touched: set[str] = set()
        entered_before = set(out._rounds_entered)
        for key, fresh in added.items():
            old = out._matches.get(key)
            match = _match(out.facts, key, (old.stored if old else ()) + tuple(fresh))
            out._matches[key] = match
            touched |= out._rescore(key, old.result if old else None, match.result)
        rounds_entered = sorted(out._rounds_entered)
        if set(rounds_entered) != entered_before:  # a round's first (or last) scored match: every row says so
            touched = set(out.facts.ranked)
        for p in touched:
            out._figures[p] = figures_of(p, out._results_of[p].values(), rounds_entered, out.facts.ruleset)
        return out

    def _copy(self) -> RunningStandings:
        out = RunningStandings.__new__(RunningStandings)
        out.facts = self.facts
        out._matches = dict(self._matches)
        out._results_of = dict(self._results_of)
        out._figures = dict(self._figures)
        out._rounds_entered = dict(self._rounds_entered)
        return out

    def _rescore(self, key: MatchKey, before: MatchResult | None, after: MatchResult | None) -> set[str]:
        """Takes the match's old result out of its players' figures and puts the new one in; the ranked
        players whose figures change."""
        rnd = key[0]
        touched: set[str] = set()
        if before is not None:
            self._rounds_entered[rnd] -= 1
            if not self._rounds_entered[rnd]:
                del self._rounds_entered[rnd]
            for line in before.lines:
                if line.player in self._results_of:
                    mine = self._results_of[line.player] = dict(self._results_of[line.player])
                    mine.pop(key, None)
                    touched.add(line.player)
        if after is not None:
            self._rounds_entered[rnd] = self._rounds_entered.get(rnd, 0) + 1
            for line in after.lines:
                if line.player in self._results_of:
                    mine = self._results_of[line.player] = dict(self._results_of[line.player])
                    mine[key] = after
                    touched.add(line.player)
        return touched

    def standings(self, decisions: Sequence[TieDecision] | None = None) -> RegularStandings:
        """The standings now: ranked again from the kept figures (a sort), the pending matches' notes,
        the tie decisions applied (None: not applied)."""
        facts = self.facts
        in_order = [m for _, m in sorted(self._matches.items(), key=lambda item: item[0])]
        results = tuple(m.result for m in in_order if m.result is not None)
        substitutes = {s for m in self._matches.values() for s in m.substitutes}
        season = facts.season(substitutes, results)
        names = facts.names | {s: s for s in season.substitutes}
        standings = ranked_standings(season, results, self._figures)
        pending: dict[MatchKey, list[Text]] = {}
        for m in in_order:
            if m.pending:
                own_reviews = [v for r in m.stored for v in facts.reviews_of.get(r.id, ())]
                pending |= reviews.pending_notes(m.stored, m.statuses, own_reviews, m.seated, names)
        return _finished(facts, standings, pending, names, decisions)
