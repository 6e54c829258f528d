"""Regular-stage standings of a mahjong league that explain themselves (discard-league-2026 §4, §6.1, §6.2).

docs/rules.md ``mahjong.standings.*``:

* ``total-then-average-place`` — the total is the sum of the player's match results; equal totals
  (the top-8 cut included) go to the lower **exact** average place (sum of hanchan places / hanchans
  played in the stage, a ``Fraction``, never rounded). The chain is the ruleset's ``tie_breaks``.
* ``organizer-decision`` — what the chain cannot separate shares a place range (``"11-12"``) and is
  listed in ``unresolved`` as "organizer decision required"; it is never silently ordered (the rows
  inside a shared place are listed in registration order, which decides nothing).
* ``substitutes-not-ranked`` — technical substitutes are never ranked; their games stay in the
  history (the match results and the others' match uma).
* ``withdrawn-leave`` — a withdrawn player leaves the standings; his games stay in the history.
* ``partial-match`` — a match with hanchans still to play gives provisional figures (no match uma yet)
  and the row says what is missing.
* ``provisional-until-played`` — until every match of every round of the regular stage is complete the
  standings say so ("after round 1 of 4"), every row and its fate are provisional and a tie is "tied so
  far", not yet a decision for the organizer.

Every adjacent pair of rows says the step that separated them (``"equal total; average place 9/4 <
5/2"``). Pure: no I/O; the same code scores a season file and (later) the service's records.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import groupby
from typing import TypeVar

from league.domain import texts
from league.domain.mahjong.ruleset import ORGANIZER_DECISION, TIE_BREAK_CRITERIA, Ruleset
from league.domain.mahjong.scoring import Match, MatchResult, Points, exact, match_result, points_text
from league.domain.texts import TIED_SO_FAR, Text

V = TypeVar("V")


@dataclass(frozen=True)
class Season:
    """A regular stage: the ruleset, main participants in registration order, technical substitutes,
    withdrawn players (still listed in ``players``) and the matches recorded so far."""

    ruleset: Ruleset
    players: tuple[str, ...]
    substitutes: tuple[str, ...] = ()
    withdrawn: tuple[str, ...] = ()
    matches: tuple[Match, ...] = ()
    #: the number of tables of each round of the approved draw; empty (a season file): every round has
    #: as many tables as the most any round has, at least the main participants / table size
    tables: tuple[int, ...] = ()

    def tables_in(self, round_no: int) -> int:
        if self.tables:
            return self.tables[round_no - 1] if 0 < round_no <= len(self.tables) else 0
        seen = max((m.table for m in self.matches), default=0)
        return max(seen, len(self.players) // max(self.ruleset.table_size, 1))


def average_place(places: Iterable[Fraction | int]) -> Fraction | None:
    """Sum of hanchan places / hanchans played, exact (docs/rules.md
    ``mahjong.standings.total-then-average-place``); None before the first hanchan."""
    places = list(places)
    if not places:
        return None
    # over a common denominator: one Fraction made, not one per place (exactly the same value)
    common = math.lcm(*(p.denominator for p in places))
    return Fraction(sum(p.numerator * (common // p.denominator) for p in places), common * len(places))


@dataclass(frozen=True)
class MatchFigure:
    round: int
    table: int
    total: Points
    complete: bool
    hanchans: int


@dataclass(frozen=True)
class Figures:
    """One main participant's regular-stage figures."""

    player: str
    total: Points
    places: tuple[Fraction, ...]
    matches: tuple[MatchFigure, ...]
    provisional: bool
    notes: tuple[Text, ...]

    @property
    def hanchans(self) -> int:
        return len(self.places)

    @cached_property
    def average_place(self) -> Fraction | None:
        return average_place(self.places)


@dataclass(frozen=True)
class StandingRow:
    place: str  # "3", or a shared range "11-12"
    figures: Figures
    separated_from_next: Text | None  # the step that put this row above the next one (None: last row)

    @property
    def player(self) -> str:
        return self.figures.player


@dataclass(frozen=True)
class UnresolvedTie:
    place: str
    players: tuple[str, ...]
    reason: Text
    at_cut: bool  # the shared places straddle the playoff cut


@dataclass(frozen=True)
class Standings:
    ruleset: str
    rows: tuple[StandingRow, ...]
    unresolved: tuple[UnresolvedTie, ...]
    history: tuple[MatchResult, ...]  # every match scored, substitutes' and withdrawn players' games included
    playoff_places: int = 0  # the ruleset's cut: how many continue after the regular stage
    #: the rounds of the regular stage, and those of them whose every drawn match is complete
    #: (docs/rules.md ``mahjong.standings.provisional-until-played``); 0 rounds: not known, final
    rounds: int = 0
    complete_rounds: tuple[int, ...] = ()

    @property
    def after_round(self) -> int:
        """How many rounds are complete ("after round 2 of 4")."""
        return len(self.complete_rounds)

    @property
    def in_progress(self) -> bool:
        """Some match of the regular stage is still to be played or completed."""
        return self.rounds > 0 and self.after_round < self.rounds

    @property
    def final(self) -> bool:
        """Every match played and complete, no row waiting for a result: the places and fates are final."""
        return not self.in_progress and not any(row.figures.provisional for row in self.rows)

    def provisional(self, row: StandingRow) -> bool:
        """The row's place and fate may still change: its own figures are, or the season is in progress."""
        return row.figures.provisional or self.in_progress

    def progress(self) -> tuple[str, str]:
        """docs/rules.md ``mahjong.standings.provisional-until-played``: where the season is, in English
        and Russian ("" once the rounds are not known)."""
        return season_progress(self.rounds, self.complete_rounds, self.final)

    def advancement(self, row: StandingRow) -> tuple[str, Text]:
        """docs/rules.md ``mahjong.standings.advancement-explained``: what a row's place means and why:
        ``("playoff", ...)``, ``("out", ...)``, or undecided while a shared place straddles the cut;
        ``("", "")`` for a ruleset without a playoff. While the season is in progress the fate is the
        place's as it stands, and its reason says it is provisional
        (``mahjong.standings.provisional-until-played``)."""
        cut = self.playoff_places
        if not cut:
            return "", Text("", "")
        low, _, high = row.place.partition("-")
        first, last = int(low), int(high or low)
        if self.in_progress:
            so_far = rounds_played_text(self.rounds, self.complete_rounds)
            if last <= cut:
                return "playoff", texts.fate_provisional(so_far, row.place, cut, "within")
            if first > cut:
                return "out", texts.fate_provisional(so_far, row.place, cut, "below")
            return "undecided: playoff or out", texts.fate_provisional(so_far, row.place, cut, "straddle")
        if last <= cut:
            return "playoff", texts.fate_playoff(row.place, cut)
        if first > cut:
            return "out", texts.fate_out(row.place, cut)
        return "undecided: playoff or out", texts.fate_at_cut(row.place, cut)


def rounds_played_text(rounds: int, complete_rounds: Sequence[int]) -> Text:
    done = len(complete_rounds)
    return texts.rounds_played(rounds, done, tuple(complete_rounds) == tuple(range(1, done + 1)))


def rounds_played(rounds: int, complete_rounds: Sequence[int]) -> tuple[str, str]:
    """``("after round 2 of 4", "после тура 2 из 4")``; ``("2 of 4 rounds complete", ...)`` when the
    complete rounds are not the first ones."""
    return texts.both(rounds_played_text(rounds, complete_rounds))


def season_progress(rounds: int, complete_rounds: Sequence[int], final: bool) -> tuple[str, str]:
    """``("after round 1 of 4: places and fates are provisional", "после тура 1 из 4: ...")``; the
    regular stage over: ``("final after round 4 of 4", ...)``; nothing when the rounds are not known."""
    if not rounds:
        return "", ""
    en, ru = rounds_played(rounds, complete_rounds)
    if final:
        return f"final, {en}", f"итог, {ru}"
    if len(complete_rounds) == rounds:
        return f"{en}: results awaiting confirmation, places and fates are provisional", (
            f"{ru}: результаты ждут подтверждения, места и итоги предварительные"
        )
    return f"{en}: places and fates are provisional", f"{ru}: места и итоги предварительные"


def complete_rounds(season: Season, results: Sequence[MatchResult]) -> tuple[int, ...]:
    """The rounds of the regular stage whose every drawn table has a complete match
    (docs/rules.md ``mahjong.standings.provisional-until-played``)."""
    done = {(r.match.round, r.match.table) for r in results if r.complete}
    out = []
    for n in range(1, season.ruleset.rounds + 1):
        tables = season.tables_in(n)
        if tables and all((n, t) in done for t in range(1, tables + 1)):
            out.append(n)
    return tuple(out)


# --- the figures ------------------------------------------------------------------------------------


def player_figures(season: Season, results: Sequence[MatchResult]) -> dict[str, Figures]:
    """Figures of every main participant who has not withdrawn, from the scored matches."""
    ranked = [p for p in season.players if p not in set(season.withdrawn)]
    rounds_entered = sorted({r.match.round for r in results})
    by_player: dict[str, list[MatchResult]] = {p: [] for p in ranked}
    for r in results:
        for entry in r.lines:
            if entry.player in by_player:
                by_player[entry.player].append(r)
    return {p: figures_of(p, by_player[p], rounds_entered, season.ruleset) for p in ranked}


def figures_of(player: str, results: Iterable[MatchResult], rounds_entered: Iterable[int], rs: Ruleset) -> Figures:
    """One main participant's figures from the scored matches he is in (``results``) and the rounds
    any match was scored in (``rounds_entered``, ascending: a round he has no match in makes his row
    provisional)."""
    p = player
    total: Points = 0
    places: list[Fraction] = []
    notes: list[Text] = []
    figures: list[MatchFigure] = []
    provisional = False
    for r in sorted(results, key=lambda r: (r.match.round, r.match.table)):
        line = r.line(p)
        assert line is not None  # ``results`` holds only the matches the player is in
        total += line.total
        places.extend(line.places)
        round_no = r.match.round
        if line.no_show:
            notes.append(texts.no_show(round_no, points_text(line.no_show)))
        for h in r.hanchans:
            x = next((x for x in h.lines if x.player == p), None)
            if x is not None and x.chombo:
                notes.append(texts.chombo(round_no, h.number, x.chombo, points_text(x.chombo_penalty)))
        for pen in line.penalties:
            notes.append(texts.penalty(round_no, points_text(pen.points), pen.reason))
        sat = not line.no_show
        if sat and not r.complete:
            provisional = True
            notes.append(texts.match_incomplete(round_no, r.match.table, len(r.hanchans), rs.hanchans_per_match, r.missing))
        figures.append(MatchFigure(r.match.round, r.match.table, line.total, r.complete or not sat, len(line.hanchans)))
    played = {f.round for f in figures}
    absent = [n for n in rounds_entered if n not in played]
    if absent:
        provisional = True
        notes.append(texts.no_match_entered(absent))
    return Figures(p, exact(total), tuple(places), tuple(figures), provisional, tuple(notes))


# --- ranking ----------------------------------------------------------------------------------------


def _criterion_value(name: str, f: Figures) -> Points | None:
    if name == "total":
        return f.total
    if name == "average_place":
        return f.average_place
    raise KeyError(name)  # the ruleset checked its names


_HIGHER_IS_BETTER = {"total": True, "average_place": False}


def _shown(name: str, value: Points) -> str:
    return points_text(value) if name == "total" else str(value)


@dataclass(frozen=True)
class _Group:
    players: tuple[str, ...]
    reason: Text | None  # why they are still tied (None: one player)


def rank_by_chain(figures: dict[str, Figures], order: Sequence[str], chain: Sequence[str]) -> tuple[list[_Group], list[Text]]:
    """Split ``order`` (registration order) into ranked groups by the tie-break chain; returns the groups
    best first and, for each boundary between consecutive groups, the step that separated them.
    A group of more than one is a tie the chain could not break."""
    return _rank(figures, list(order), list(chain), [])


def _rank(
    figures: Mapping[str, Figures], players: list[str], rest: Sequence[str], equal: list[Text]
) -> tuple[list[_Group], list[Text]]:
    """``players`` (registration order), equal by every step of ``equal``, ranked by the steps ``rest``."""
    if len(players) == 1:
        return [_Group(tuple(players), None)], []
    if not rest:
        return [_Group(tuple(players), texts.join(equal + [ORGANIZER_DECISION]))], []
    name, label = rest[0], TIE_BREAK_CRITERIA[rest[0]]
    found = {p: _criterion_value(name, figures[p]) for p in players}
    values = {p: x for p, x in found.items() if x is not None}
    lacking = [p for p in players if p not in values]
    if lacking:  # nothing to compare (no hanchans yet): this criterion cannot separate the group
        return _rank(figures, players, rest[1:], equal + [texts.criterion_missing(label, lacking)])
    # stable (a reversed sort too): registration order within a tie
    ordered = sorted(players, key=values.__getitem__, reverse=_HIGHER_IS_BETTER[name])
    groups: list[_Group] = []
    bounds: list[Text] = []
    for above, below, tied in runs_of_equal(ordered, values):
        if above is not None:
            bounds.append(_separated(tuple(equal), name, label, above, below))
        if len(tied) == 1:  # nothing left to break
            groups.append(_Group(tuple(tied), None))
            continue
        sub_groups, sub_bounds = _rank(figures, tied, rest[1:], equal + [texts.criterion_equal(label)])
        groups.extend(sub_groups)
        bounds.extend(sub_bounds)
    return groups, bounds


# --- ranking a part of the order (league.domain.mahjong.running_standings) -------------------------------
#
# The chain's first criterion splits the ranked players into runs of equal value, best first and in
# registration order within a run; each run is ranked by the rest of the chain on its own, and two
# adjacent runs are separated by their values alone. So standings ranked again after a few players'
# figures changed differ from the ones before only around those players' old and new positions.


def first_criterion_key(chain: Sequence[str], figures: Figures, registration: int) -> tuple[Points | Fraction, int] | None:
    """Where the player goes in the order of the chain's first criterion (ascending: best first, then
    registration order); None: the criterion has no value for him (no hanchans yet)."""
    value = _criterion_value(chain[0], figures)
    if value is None:
        return None
    return (-value if _HIGHER_IS_BETTER[chain[0]] else value, registration)


def rank_run(figures: Mapping[str, Figures], run: Sequence[str], chain: Sequence[str]) -> tuple[list[_Group], list[Text]]:
    """A run of players equal by the chain's first criterion (in registration order) ranked by the rest
    of the chain, as :func:`rank_by_chain` ranks it among all."""
    if len(run) == 1:
        return [_Group(tuple(run), None)], []
    return _rank(figures, list(run), chain[1:], [texts.criterion_equal(TIE_BREAK_CRITERIA[chain[0]])])


def runs_separated(chain: Sequence[str], above: Figures, below: Figures) -> Text:
    """The step between the last row of a run and the first of the next (a lower value of the chain's
    first criterion)."""
    name = chain[0]
    upper, lower = _criterion_value(name, above), _criterion_value(name, below)
    assert upper is not None and lower is not None
    return _separated((), name, TIE_BREAK_CRITERIA[name], upper, lower)


@functools.lru_cache(maxsize=1 << 16)
def _separated(equal: tuple[Text, ...], name: str, label: str, above: Points, below: Points) -> Text:
    """The step that separated two rows; kept, as standings ranked again after one record mostly
    separate the same values (league.domain.mahjong.running_standings)."""
    op = ">" if above > below else "<"
    return texts.join([*equal, texts.criterion_compared(label, _shown(name, above), op, _shown(name, below))])


def runs_of_equal(ordered: Sequence[str], values: Mapping[str, V]) -> Iterator[tuple[V | None, V, list[str]]]:
    """The players of ``ordered`` (already sorted by ``values``) in runs of equal value, each with the
    value of the run above it (None for the first) and its own: what a tie-break step separates."""
    above: V | None = None
    for value, run in groupby(ordered, key=values.__getitem__):
        yield above, value, list(run)
        above = value


def place_range(first: int, size: int) -> str:
    return str(first) if size == 1 else f"{first}-{first + size - 1}"


def rank_standings(
    figures: Sequence[Figures], ruleset: Ruleset, in_progress: bool = False
) -> tuple[tuple[StandingRow, ...], tuple[UnresolvedTie, ...]]:
    """Rows in standings order from the figures of the ranked players (given in registration order):
    the ruleset's tie-break chain, shared place ranges, the step between adjacent rows, the ties left
    to the organizer (docs/rules.md ``mahjong.standings.total-then-average-place``,
    ``mahjong.standings.organizer-decision``). ``in_progress``: games that may break a tie are still to
    play, so a tie is "tied so far" and not left to the organizer
    (``mahjong.standings.provisional-until-played``)."""
    by_player = {f.player: f for f in figures}
    groups, bounds = rank_by_chain(by_player, [f.player for f in figures], ruleset.tie_breaks)
    rows, unresolved = placed_rows(groups, [*bounds, None], by_player, ruleset, in_progress)
    return tuple(rows), tuple(tie for _, tie in unresolved)


def unresolved_tie(players: tuple[str, ...], first: int, reason: Text, ruleset: Ruleset) -> UnresolvedTie:
    """Players the chain could not separate, sharing the places from ``first`` on; ``at_cut``: the
    shared places straddle the playoff cut."""
    last = first + len(players) - 1
    at_cut = 0 < ruleset.playoff_places and first <= ruleset.playoff_places < last
    return UnresolvedTie(place_range(first, len(players)), players, reason, at_cut)


def shifted_place(place: str, shift: int) -> str:
    """A place (``"3"``) or shared range (``"11-12"``) moved by ``shift`` places."""
    first, _, last = place.partition("-")
    return place_range(int(first) + shift, int(last) - int(first) + 1 if last else 1)


def placed_rows(
    groups: Sequence[_Group],
    after: Sequence[Text | None],
    figures: Mapping[str, Figures],
    ruleset: Ruleset,
    in_progress: bool,
    first: int = 1,
) -> tuple[list[StandingRow], list[tuple[int, UnresolvedTie]]]:
    """The rows of consecutive ranked ``groups`` whose first row is at place ``first``: shared place
    ranges, the step after each group (``after``, one per group; None after the last row), the ties
    left to the organizer, each with the place (1-based) of its first row."""
    rows: list[StandingRow] = []
    unresolved: list[tuple[int, UnresolvedTie]] = []
    for group, step_after in zip(groups, after, strict=True):
        place = place_range(first, len(group.players))
        if group.reason is not None and in_progress:
            group = _Group(group.players, group.reason.replace(ORGANIZER_DECISION, TIED_SO_FAR))
        elif group.reason is not None:
            unresolved.append((first, unresolved_tie(group.players, first, group.reason, ruleset)))
        for k, player in enumerate(group.players):
            rows.append(StandingRow(place, figures[player], group.reason if k + 1 < len(group.players) else step_after))
        first += len(group.players)
    return rows, unresolved


def regular_standings(season: Season) -> Standings:
    """The regular-stage standings: total, then the ruleset's tie-break chain, then the organizer.
    Substitutes and withdrawn players are not ranked; every match stays in ``history``."""
    results = tuple(match_result(m, season.ruleset) for m in sorted(season.matches, key=lambda m: (m.round, m.table)))
    return ranked_standings(season, results, player_figures(season, results))


def ranked_standings(season: Season, results: tuple[MatchResult, ...], figures: Mapping[str, Figures]) -> Standings:
    """The standings from the scored matches (in round, table order) and the figures of the ranked
    players: how many rounds are complete, the rows ranked by the tie-break chain."""
    rs = season.ruleset
    complete = complete_rounds(season, results)
    in_progress = len(complete) < rs.rounds
    rows, unresolved = rank_standings([figures[p] for p in season.players if p in figures], rs, in_progress)
    return Standings(rs.name, rows, unresolved, results, rs.playoff_places, rs.rounds, complete)


# --- presentation as plain data (the CLI's --json and, later, the service) ----------------------------


def _json_number(value: Points | Fraction | None) -> int | str | None:
    if value is None:
        return None
    value = exact(value)
    return value if isinstance(value, int) else str(value)


def standings_as_dict(standings: Standings) -> dict:
    """``{"progress": "after round 4 of 4", "final": true, "standings": [{"place": "1", "player": "P05",
    "total": 12345, "average_place": "9/4", ...}], "unresolved": [...]}`` in standings order; exact
    fractions as strings."""
    progress, progress_ru = standings.progress()
    return {
        "rounds": standings.rounds,
        "after_round": standings.after_round,
        "final": standings.final,
        "progress": progress,
        "progress_ru": progress_ru,
        "standings": [
            {
                "place": row.place,
                "player": row.player,
                "total": _json_number(row.figures.total),
                "average_place": None if row.figures.average_place is None else str(row.figures.average_place),
                "hanchans": row.figures.hanchans,
                "provisional": standings.provisional(row),
                "separated_from_next": row.separated_from_next,
                "separated_from_next_ru": None if row.separated_from_next is None else row.separated_from_next.ru,
                "notes": list(row.figures.notes),
                "notes_ru": [n.ru for n in row.figures.notes],
                "fate": standings.advancement(row)[0],
                "fate_reason": standings.advancement(row)[1],
                "fate_reason_ru": standings.advancement(row)[1].ru,
                "matches": [
                    {
                        "round": m.round,
                        "table": m.table,
                        "total": _json_number(m.total),
                        "hanchans": m.hanchans,
                        "complete": m.complete,
                    }
                    for m in row.figures.matches
                ],
            }
            for row in standings.rows
        ],
        "unresolved": [
            {"place": t.place, "players": list(t.players), "reason": t.reason, "reason_ru": t.reason.ru, "at_cut": t.at_cut}
            for t in standings.unresolved
        ],
    }
