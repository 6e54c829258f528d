"""Mahjong league scoring: a hanchan, a match, the penalties (discard-league-2026 §4, §5, §6.3).

Each function is one rule of docs/rules.md (``mahjong.scoring.*``); the numbers come from a
:class:`~league.domain.mahjong.ruleset.Ruleset`:

* :func:`hanchan_result` — result = (final score − start) + hanchan uma by place (``hanchan-uma``);
  the four final scores sum to the table total (``sum-120000``); equal final scores share the uma of
  their places equally and the average of those places (:func:`split_uma`, ``split-uma``), or, as a
  ruleset option, the earlier seat wins.
* :func:`chombo_penalty` — per chombo, applied after uma; it never changes hanchan places
  (``chombo-after-uma``).
* :func:`match_uma` — by place of the sum of the match's hanchan results with penalties, only once
  every hanchan of the match is played; equal sums split it (``match-uma``, ``match-uma-incomplete``).
* :func:`no_show_penalty` — a player who did not come loses the ruleset's amount for that match; it is
  not a chombo (``no-show``).
* :class:`Penalty` — a behaviour penalty always carries its reason (``penalty-reason``).

Exact arithmetic: points are ``int``; an amount that had to be divided (split uma) is a ``Fraction``
unless it divides evenly, and places shared by a tie are ``Fraction`` (two tied for 1st: 3/2).
Pure: no I/O; bad input raises :class:`~rondo_runtime.errors.InvalidArgument` naming the field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Protocol

from league.domain.mahjong.ruleset import MAX_POINTS, Ruleset, TieHandling
from rondo_runtime.errors import FieldViolation, InvalidArgument
from rondo_runtime.validation import shown

Points = int | Fraction


def exact(value: Fraction | int) -> Points:
    """An exact amount: an ``int`` when it is whole, else the ``Fraction``."""
    if isinstance(value, int):
        return value
    value = Fraction(value)
    return value.numerator if value.denominator == 1 else value


def points_text(value: Points) -> str:
    """``119000`` -> ``"119 000"``; a fraction stays exact (``"10000/3"``)."""
    value = exact(value)
    if isinstance(value, Fraction):
        return str(value)
    return f"{value:,}".replace(",", " ")


# --- records ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Penalty:
    """A behaviour penalty recorded in the match protocol: ``points`` deducted, always with a reason
    (docs/rules.md ``mahjong.scoring.penalty-reason``; discard-league-2026 §6.3)."""

    player: str
    points: int
    reason: str

    def __post_init__(self) -> None:
        problems = penalty_violations(self)
        if problems:
            raise InvalidArgument.of(problems)


class PenaltyFields(Protocol):
    """What :func:`penalty_violations` checks: a :class:`Penalty`, or a penalty as written in a file
    or a request before :class:`Penalty` accepts it (any values)."""

    @property
    def points(self) -> object: ...

    @property
    def reason(self) -> object: ...


def penalty_violations(p: PenaltyFields, field: str = "penalty") -> list[FieldViolation]:
    out = []
    if not isinstance(p.reason, str) or not p.reason.strip():
        out.append(FieldViolation(f"{field}.reason", "a penalty needs its reason (recorded in the match protocol)"))
    if isinstance(p.points, bool) or not isinstance(p.points, int) or not 1 <= p.points <= MAX_POINTS:
        out.append(
            FieldViolation(
                f"{field}.points", f"the points deducted, an integer between 1 and {MAX_POINTS}; got {shown(p.points)}"
            )
        )
    return out


@dataclass(frozen=True)
class NoShow:
    """``player`` did not come to the match (no warning, no valid reason: the organizer's decision);
    ``substitute`` took the seat."""

    player: str
    substitute: str


@dataclass(frozen=True)
class Hanchan:
    """One hanchan: final scores in seat order (the first listed sat earliest), chombo counts."""

    number: int
    scores: tuple[tuple[str, int], ...]
    chombo: tuple[tuple[str, int], ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for p, _ in self.scores)


@dataclass(frozen=True)
class Match:
    """A match of a round at one table: the players who sat there (a substitute included), the
    hanchans played so far, penalties and no-shows."""

    round: int
    table: int
    players: tuple[str, ...]
    hanchans: tuple[Hanchan, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    no_shows: tuple[NoShow, ...] = ()

    @property
    def label(self) -> str:
        return f"round {self.round}, table {self.table}"


# --- the rules ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placing:
    place: Fraction  # shared places are the average of the tied places
    uma: Points


def split_uma(values: Sequence[tuple[str, Points]], uma: Sequence[int], split_ties: bool = True) -> dict[str, Placing]:
    """Places and uma by value, best (highest) first (docs/rules.md ``mahjong.scoring.split-uma``).

    Equal values share the uma of the places they cover equally and the average of those places
    (two tied for 1st: place 3/2, uma (15 000 + 5 000) / 2 each). With ``split_ties=False`` the one
    listed earlier (the earlier seat) takes the better place.
    """
    ordered = sorted(values, key=lambda pv: -pv[1])  # stable: seat order among equals
    out: dict[str, Placing] = {}
    i = 0
    while i < len(ordered):
        j = i
        if split_ties:
            while j + 1 < len(ordered) and ordered[j + 1][1] == ordered[i][1]:
                j += 1
        n = j - i + 1
        place = Fraction(sum(range(i + 1, j + 2)), n)
        share = uma[i] if n == 1 else exact(Fraction(sum(uma[i : j + 1]), n))
        for player, _ in ordered[i : j + 1]:
            out[player] = Placing(place, share)
        i = j + 1
    return out


@dataclass(frozen=True)
class HanchanLine:
    player: str
    score: int
    place: Fraction  # from the final scores only; shared places are averages
    uma: Points
    before_penalties: Points  # (score − start) + uma: the four sum to zero under the default ruleset
    chombo: int = 0  # how many
    chombo_penalty: int = 0  # <= 0

    @property
    def result(self) -> Points:
        return exact(self.before_penalties + self.chombo_penalty)


@dataclass(frozen=True)
class HanchanResult:
    number: int
    lines: tuple[HanchanLine, ...]  # seat order

    def line(self, player: str) -> HanchanLine:
        return next(x for x in self.lines if x.player == player)


def hanchan_score_violations(scores: Sequence[tuple[str, int]], ruleset: Ruleset, field: str = "scores") -> list[FieldViolation]:
    """The table total rule (docs/rules.md ``mahjong.scoring.sum-120000``) and one score per seat."""
    out = []
    if len(scores) != ruleset.table_size:
        out.append(
            FieldViolation(field, f"needs one final score per player at the table ({ruleset.table_size}), got {len(scores)}")
        )
    bad = [p for p, s in scores if isinstance(s, bool) or not isinstance(s, int)]
    if bad:
        players = ", ".join(bad)
        out.append(
            FieldViolation(
                field,
                f"final scores are integer points; not an integer for {players}",
                "SCORES_NOT_INTEGER",
                (("players", players),),
            )
        )
    elif len(scores) == ruleset.table_size and (total := sum(s for _, s in scores)) != ruleset.total_points:
        sums = (("total", points_text(total)), ("expected", points_text(ruleset.total_points)))
        out.append(FieldViolation(field, f"sum is {sums[0][1]}, must be {sums[1][1]}", "SCORES_DO_NOT_SUM", sums))
    return out


def chombo_penalty(count: int, ruleset: Ruleset) -> int:
    """Chombo: the ruleset's penalty per chombo, applied after uma (docs/rules.md
    ``mahjong.scoring.chombo-after-uma``); it does not touch the hanchan places."""
    return -count * ruleset.chombo_penalty


def no_show_penalty(ruleset: Ruleset) -> int:
    """No-show without warning and valid reason: the ruleset's amount for that match (docs/rules.md
    ``mahjong.scoring.no-show``; discard-league-2026 §5). A league rule of its own, not a chombo."""
    return -ruleset.no_show_penalty


def hanchan_result(hanchan: Hanchan, ruleset: Ruleset) -> HanchanResult:
    """(final score − start) + hanchan uma by place, then chombo (docs/rules.md ``mahjong.scoring.hanchan-uma``).

    Places come from the final scores only (chombo applied after uma never moves them). Equal final
    scores: :func:`split_uma`, or the earlier seat wins under ``TieHandling.EARLIER_SEAT_WINS``.
    """
    problems = hanchan_score_violations(hanchan.scores, ruleset)
    chombo = dict(hanchan.chombo)
    unknown = sorted(set(chombo) - set(hanchan.players))
    if unknown:
        players = ", ".join(unknown)
        problems.append(FieldViolation("chombo", f"{players} not at this table", "PLAYER_NOT_AT_TABLE", (("players", players),)))
    if problems:
        raise InvalidArgument.of(problems)
    placing = split_uma(hanchan.scores, ruleset.hanchan_uma, ruleset.tie_handling is TieHandling.SPLIT)
    lines = tuple(
        HanchanLine(
            player=p,
            score=s,
            place=placing[p].place,
            uma=placing[p].uma,
            before_penalties=exact(s - ruleset.start_points + placing[p].uma),
            chombo=chombo.get(p, 0),
            chombo_penalty=chombo_penalty(chombo.get(p, 0), ruleset),
        )
        for p, s in hanchan.scores
    )
    return HanchanResult(hanchan.number, lines)


def match_uma(sums: Sequence[tuple[str, Points]], ruleset: Ruleset) -> dict[str, Points]:
    """Match uma by place of each player's match sum (hanchan results with penalties); equal sums split
    it (docs/rules.md ``mahjong.scoring.match-uma``). Only for a complete match: see :func:`match_result`."""
    if ruleset.match_uma is None:
        return {p: 0 for p, _ in sums}
    return {p: pl.uma for p, pl in split_uma(sums, ruleset.match_uma, split_ties=True).items()}


@dataclass(frozen=True)
class MatchLine:
    """One player's figures in one match."""

    player: str
    hanchans: tuple[HanchanLine, ...]  # the hanchans this player sat in (none for a no-show)
    penalties: tuple[Penalty, ...]
    no_show: int  # the no-show penalty (<= 0), 0 when the player came
    match_uma: Points | None  # None while the match is incomplete (or the player did not sit)

    @property
    def places(self) -> tuple[Fraction, ...]:
        return tuple(h.place for h in self.hanchans)

    @property
    def chombo(self) -> int:
        return sum(h.chombo_penalty for h in self.hanchans)

    @property
    def penalty_points(self) -> int:
        return -sum(p.points for p in self.penalties)

    @cached_property
    def sum(self) -> Points:
        """Hanchan results with chombo and behaviour penalties: what the match uma ranks."""
        return exact(sum(h.result for h in self.hanchans) + self.penalty_points)

    @cached_property
    def total(self) -> Points:
        return exact(self.sum + (self.match_uma or 0) + self.no_show)


@dataclass(frozen=True)
class MatchResult:
    match: Match
    hanchans: tuple[HanchanResult, ...]  # by number
    lines: tuple[MatchLine, ...]  # the players at the table in their listed order, then no-shows
    complete: bool
    missing: tuple[int, ...]  # hanchan numbers not played yet

    def line(self, player: str) -> MatchLine | None:
        return next((x for x in self.lines if x.player == player), None)


def match_result(match: Match, ruleset: Ruleset) -> MatchResult:
    """Score a match: each hanchan, chombo, penalties, no-shows, and the match uma once complete.

    A match with fewer hanchans than the ruleset's is partial (docs/rules.md
    ``mahjong.scoring.match-uma-incomplete``): its figures are provisional and the match uma is withheld
    until the missing hanchans are played.
    """
    hanchans = tuple(hanchan_result(h, ruleset) for h in sorted(match.hanchans, key=lambda h: h.number))
    played = {h.number for h in hanchans}
    missing = tuple(n for n in range(1, ruleset.hanchans_per_match + 1) if n not in played)
    complete = not missing
    absent = {n.player for n in match.no_shows}
    seated = tuple(match.players)
    draft = {
        p: MatchLine(
            player=p,
            hanchans=tuple(h.line(p) for h in hanchans if any(x.player == p for x in h.lines)),
            penalties=tuple(x for x in match.penalties if x.player == p),
            no_show=no_show_penalty(ruleset) if p in absent else 0,
            match_uma=None,
        )
        for p in seated + tuple(n.player for n in match.no_shows)
    }
    if complete:
        uma = match_uma([(p, draft[p].sum) for p in seated], ruleset)
        for p in seated:
            draft[p] = MatchLine(draft[p].player, draft[p].hanchans, draft[p].penalties, draft[p].no_show, uma[p])
    return MatchResult(match, hanchans, tuple(draft.values()), complete, missing)
