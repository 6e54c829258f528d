"""Regular-stage standings kept up to date record by record (docs/rules.md
``mahjong.standings.incremental-equals-from-scratch``), checked against the from-scratch computation.

:func:`standings_from_scratch` is the reference: every stored record of the regular stage, the review
statuses, the season (:func:`league.domain.records.season_of`), :func:`regular_standings`, the pending
reports and the organizer's tie decisions, all at once. :class:`RunningStandings` gives the same answer
(row for row, rank for rank, explanation for explanation) while it is fed the records one batch at a
time: a record or a correction changes one match, so only that match is scored again, only the figures
of the players in it (before and after) are recomputed, and only the rows around those players' old
and new positions are ranked and placed again (:class:`Ranking`: the order kept sorted, the moved
players taken out and put back in by bisection; the rows elsewhere are the ones before). What
else the standings depend on (the roster, the approved draw, the reviews, the pinned ruleset) is
:class:`StageFacts`: when any of it changes the running standings start again from scratch.

Pure: no I/O.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right, insort
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

from league.domain import lots, records
from league.domain.lots import TieDecision
from league.domain.mahjong import reviews
from league.domain.mahjong.reviews import PENDING, RecordStatus, Review
from league.domain.mahjong.ruleset import Ruleset
from league.domain.mahjong.scoring import MatchResult, Points, match_result
from league.domain.mahjong.standings import (
    Figures,
    Season,
    StandingRow,
    Standings,
    UnresolvedTie,
    complete_rounds,
    figures_of,
    first_criterion_key,
    placed_rows,
    rank_run,
    rank_standings,
    regular_standings,
    runs_separated,
    shifted_place,
    unresolved_tie,
)
from league.domain.model import Player, PlayerStatus, Round
from league.domain.records import ResultRecord
from league.domain.texts import Text

MatchKey = tuple[int, int]  # (round, table)
OrderKey = tuple[Points | Fraction, int]  # (the chain's first criterion, best first; registration order)
#: the share of the ranked players whose figures changed above which :class:`Ranking` ranks them all again
RANK_ALL_ABOVE = 0.25


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
    def registration(self) -> dict[str, int]:
        """main participant -> his position in registration order (what orders a run of equal rows)."""
        return {p: i for i, p in enumerate(self.players)}

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


class Ranking:
    """The ranked rows of the regular stage kept in standings order with their order keys
    (:func:`league.domain.mahjong.standings.first_criterion_key`), equal to
    :func:`league.domain.mahjong.standings.rank_standings` of the same figures, and ranked again by
    parts after a few players' figures changed (:meth:`moved`): those players are taken out and put
    back by bisection; the runs they left and joined, and the runs next to them, are ranked again; every
    other row is the row before, its place moved by the players who passed it (docs/rules.md
    ``mahjong.standings.incremental-equals-from-scratch``). Never changed in place."""

    def __init__(
        self,
        ruleset: Ruleset,
        in_progress: bool,
        order: list[str],
        keys: list[OrderKey],
        key_of: dict[str, OrderKey],
        rows: list[StandingRow] | None = None,
        unresolved: list[tuple[int, UnresolvedTie]] | None = None,
    ):
        self.ruleset, self.in_progress = ruleset, in_progress
        self.order, self.keys, self.key_of = order, keys, key_of
        #: in standings order; the ties left to the organizer, each with the place of its first row
        self.rows: list[StandingRow] = rows if rows is not None else []
        self.unresolved: list[tuple[int, UnresolvedTie]] = unresolved if unresolved is not None else []

    @classmethod
    def of(
        cls, facts: StageFacts, figures: Mapping[str, Figures], in_progress: bool
    ) -> Ranking | tuple[tuple[StandingRow, ...], tuple[UnresolvedTie, ...]]:
        """Every ranked player ranked; when the chain's first criterion cannot order them all (no chain,
        a player without a value), the rows and ties of ``rank_standings``, kept nowhere."""
        chain = facts.ruleset.tie_breaks
        ranked = [p for p in facts.players if p in figures]
        key_of = cls._keys(chain, ranked, figures, facts)
        if key_of is None:
            return rank_standings([figures[p] for p in ranked], facts.ruleset, in_progress)
        order = sorted(ranked, key=key_of.__getitem__)
        out = cls(facts.ruleset, in_progress, order, [key_of[p] for p in order], key_of)
        out.rows, out.unresolved = out._ranked(0, len(order), figures)
        return out

    @staticmethod
    def _keys(
        chain: Sequence[str], players: Iterable[str], figures: Mapping[str, Figures], facts: StageFacts
    ) -> dict[str, OrderKey] | None:
        if not chain:
            return None
        out: dict[str, OrderKey] = {}
        for p in players:
            key = first_criterion_key(chain, figures[p], facts.registration[p])
            if key is None:
                return None
            out[p] = key
        return out

    def moved(self, facts: StageFacts, figures: Mapping[str, Figures], players: Iterable[str]) -> Ranking | None:
        """Ranked again after the figures of ``players`` changed (None: not by parts; rank them all)."""
        moved = [p for p in dict.fromkeys(players) if p in self.key_of]
        if not moved:
            return self
        if len(moved) > RANK_ALL_ABOVE * len(self.key_of):  # many (a round's first match): ranking all is as quick
            return None
        new_keys = self._keys(self.ruleset.tie_breaks, moved, figures, facts)
        if new_keys is None:
            return None
        gone = set(moved)
        order, keys, key_of = list(self.order), list(self.keys), dict(self.key_of)
        old_at = [bisect_left(self.keys, self.key_of[p]) for p in moved]
        for i in sorted(old_at, reverse=True):
            del order[i], keys[i]
        for p, key in new_keys.items():
            i = bisect_left(keys, key)
            keys.insert(i, key)
            order.insert(i, p)
        key_of.update(new_keys)
        out = Ranking(self.ruleset, self.in_progress, order, keys, key_of)
        # the positions whose run is ranked again: the moved players' new ones and, in the order before
        # and the order now, the players who did not move next to where a moved one left or came
        dirty: set[int] = set()
        for p, old in zip(moved, old_at, strict=True):
            new = bisect_left(keys, key_of[p])
            dirty.add(new)
            for q in (_next_staying(order, new, -1, gone), _next_staying(order, new, 1, gone)):
                if q is not None:
                    dirty.add(bisect_left(keys, key_of[q]))
            for q in (_next_staying(self.order, old, -1, gone), _next_staying(self.order, old, 1, gone)):
                if q is not None:
                    dirty.add(bisect_left(keys, key_of[q]))
        rows: list[StandingRow] = []
        unresolved: list[tuple[int, UnresolvedTie]] = []
        done = 0
        for begin, end in out._runs_around(sorted(dirty)):
            self._shifted_into(out, done, begin, rows, unresolved)
            part_rows, part_unresolved = out._ranked(begin, end, figures)
            rows += part_rows
            unresolved += part_unresolved
            done = end
        self._shifted_into(out, done, len(order), rows, unresolved)
        out.rows, out.unresolved = rows, unresolved
        return out

    def _runs_around(self, positions: Sequence[int]) -> list[tuple[int, int]]:
        """The runs (``begin:end``) holding the ``positions`` (ascending), adjacent ones joined."""
        out: list[tuple[int, int]] = []
        for i in positions:
            if out and i < out[-1][1]:
                continue
            value = self.keys[i][0]
            begin = bisect_left(self.keys, (value,))
            end = bisect_right(self.keys, (value, math.inf), begin)
            if out and begin <= out[-1][1]:
                out[-1] = (out[-1][0], end)
            else:
                out.append((begin, end))
        return out

    def _shifted_into(
        self, new: Ranking, begin: int, end: int, rows: list[StandingRow], unresolved: list[tuple[int, UnresolvedTie]]
    ) -> None:
        """The rows ``begin:end`` of ``new`` taken from these (the same runs, no one moved among them,
        their places moved by as many as passed them) into ``rows`` and ``unresolved``."""
        if begin >= end:
            return
        was = bisect_left(self.keys, self.key_of[new.order[begin]])
        shift = begin - was
        if shift == 0:
            rows += self.rows[was : was + end - begin]
        else:
            places: dict[str, str] = {}
            for row in self.rows[was : was + end - begin]:
                place = places.get(row.place)
                if place is None:
                    place = places[row.place] = shifted_place(row.place, shift)
                rows.append(StandingRow(place, row.figures, row.separated_from_next))
        for first, tie in self.unresolved:
            if was < first <= was + end - begin:
                moved_tie = tie if shift == 0 else unresolved_tie(tie.players, first + shift, tie.reason, self.ruleset)
                unresolved.append((first + shift, moved_tie))

    def _ranked(
        self, begin: int, end: int, figures: Mapping[str, Figures]
    ) -> tuple[list[StandingRow], list[tuple[int, UnresolvedTie]]]:
        """The rows ``begin:end`` (whole runs) ranked and placed, with their ties."""
        chain = self.ruleset.tie_breaks
        groups = []
        after: list[Text | None] = []
        start = begin
        while start < end:
            stop = bisect_right(self.keys, (self.keys[start][0], math.inf), start, end)
            run_groups, run_bounds = rank_run(figures, self.order[start:stop], chain)
            groups += run_groups
            after += run_bounds
            after.append(
                runs_separated(chain, figures[self.order[stop - 1]], figures[self.order[stop]])
                if stop < len(self.order)
                else None
            )
            start = stop
        return placed_rows(groups, after, figures, self.ruleset, self.in_progress, begin + 1)

    def standings(self, season: Season, results: tuple[MatchResult, ...], complete: tuple[int, ...]) -> Standings:
        rs = self.ruleset
        unresolved = tuple(tie for _, tie in self.unresolved)
        return Standings(rs.name, tuple(self.rows), unresolved, results, rs.playoff_places, rs.rounds, complete)


def _next_staying(order: Sequence[str], at: int, step: int, gone: set[str]) -> str | None:
    """The first player from ``at + step`` on (by ``step``) in ``order`` who is not in ``gone``."""
    i = at + step
    while 0 <= i < len(order) and order[i] in gone:
        i += step
    return order[i] if 0 <= i < len(order) else None


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
        self._keys: list[MatchKey] = []  # of ``_matches``, in round, table order
        #: the rows ranked at the last standings read (None: none kept) and whose figures changed since
        self._ranked: Ranking | None = None
        self._moved: set[str] = set()
        self._ranking: Ranking | None = None  # these standings' own, once read

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
            if old is None:
                insort(out._keys, key)
            match = _match(out.facts, key, (old.stored if old else ()) + tuple(fresh))
            out._matches[key] = match
            touched |= out._rescore(key, old.result if old else None, match.result)
        rounds_entered = sorted(out._rounds_entered)
        if set(rounds_entered) != entered_before:  # a round's first (or last) scored match: every row says so
            touched = set(out.facts.ranked)
        for p in touched:
            out._figures[p] = figures_of(p, out._results_of[p].values(), rounds_entered, out.facts.ruleset)
        if self._ranking is not None:
            out._ranked, out._moved = self._ranking, touched
        else:
            out._ranked, out._moved = self._ranked, self._moved | touched
        return out

    def _copy(self) -> RunningStandings:
        out = RunningStandings.__new__(RunningStandings)
        out.facts = self.facts
        out._matches = dict(self._matches)
        out._results_of = dict(self._results_of)
        out._figures = dict(self._figures)
        out._rounds_entered = dict(self._rounds_entered)
        out._keys = list(self._keys)
        out._ranking = None
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
        """The standings now: the rows ranked again around the players whose figures changed
        (:class:`Ranking`), the pending matches' notes, the tie decisions applied (None: not applied)."""
        facts = self.facts
        in_order = [self._matches[k] for k in self._keys]
        results = tuple(m.result for m in in_order if m.result is not None)
        substitutes = {s for m in in_order for s in m.substitutes}
        season = facts.season(substitutes, results)
        names = facts.names | {s: s for s in season.substitutes}
        complete = complete_rounds(season, results)
        ranked = self._rank(len(complete) < facts.ruleset.rounds)
        if isinstance(ranked, Ranking):
            standings = ranked.standings(season, results, complete)
        else:
            rs = facts.ruleset
            standings = Standings(rs.name, ranked[0], ranked[1], results, rs.playoff_places, rs.rounds, complete)
        pending: dict[MatchKey, list[Text]] = {}
        for m in in_order:
            if m.pending:
                own_reviews = [v for r in m.stored for v in facts.reviews_of.get(r.id, ())]
                pending |= reviews.pending_notes(m.stored, m.statuses, own_reviews, m.seated, names)
        return _finished(facts, standings, pending, names, decisions)

    def _rank(self, in_progress: bool) -> Ranking | tuple[tuple[StandingRow, ...], tuple[UnresolvedTie, ...]]:
        """The rows ranked: those kept at the last read with the moved players ranked again, or all."""
        if self._ranking is not None and self._ranking.in_progress == in_progress:
            return self._ranking
        ranked: Ranking | None = None
        if self._ranked is not None and self._ranked.in_progress == in_progress and self._ranked.ruleset == self.facts.ruleset:
            ranked = self._ranked.moved(self.facts, self._figures, self._moved)
        found = ranked if ranked is not None else Ranking.of(self.facts, self._figures, in_progress)
        if isinstance(found, Ranking):
            self._ranking = found  # the same for any reader: computed twice at worst
        return found
