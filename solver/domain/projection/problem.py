"""Value objects of a projection: which places a player can still reach (docs/rules.md ``*.projection.*``).

A projection asks, for every ranked player and every cut ("top 8 go to the playoff", "top 3 win a
prize"), what the games left can still do: put the player in whatever happens (CLINCHED), keep the
player out whatever happens (ELIMINATED), either (ALIVE), or leave it to an "organizer decision"
because the tie-break chain can run out at the cut (ORGANIZER_DECISION). It is exact: every answer
is a proof by CP-SAT over every outcome of the games left, under the ruleset's own scoring and
tie-break chain, which come in the problem as data. The solver decides no rule: league prepares the
problem (current figures from its own scoring, the remaining games from the approved draw, the cuts
and the ruleset's numbers); nothing here imports league.

Pure data: no solver, no I/O, no protobuf.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

PlayerId = str


class Fate(enum.StrEnum):
    """Where one outcome of the games left puts a player with respect to a cut."""

    IN = "in"  # the player's whole place range is within the cut
    OUT = "out"  # the player's whole place range is below the cut
    ORGANIZER_DECISION = "organizer_decision"  # a tie the chain cannot break straddles the cut


class ProjectionStatus(enum.StrEnum):
    CLINCHED = "clinched"  # every outcome: IN
    ELIMINATED = "eliminated"  # every outcome: OUT
    ALIVE = "alive"  # some outcome IN and some OUT
    ORGANIZER_DECISION = "organizer_decision"  # not both IN and OUT, and some outcome ends in a tie at the cut
    UNKNOWN = "unknown"  # the time limit cut the search before a proof


class SearchStatus(enum.StrEnum):
    """The proof status of one question ("can this fate happen?")."""

    FOUND = "found"  # an outcome with that fate exists: the witness shows it
    IMPOSSIBLE = "impossible"  # CP-SAT proved no outcome has that fate
    NOT_PROVEN = "not_proven"  # the time limit stopped the search first
    NOT_ASKED = "not_asked"  # the status was settled without it


class Proof(enum.StrEnum):
    """How a question was settled (docs/rules.md ``mahjong.projection.bounds-first``)."""

    BOUNDS = "bounds"  # impossible by every player's best and worst final figures alone: no search
    WITNESS = "witness"  # found: a constructed outcome, scored exactly, has the fate
    CP_SAT = "cp_sat"  # found or proved impossible (or cut by the time limit) by CP-SAT


@dataclass(frozen=True)
class Cut:
    """The first ``places`` of the standings continue (a playoff, a prize, a promotion)."""

    name: str
    places: int


@dataclass(frozen=True)
class Standing:
    """A ranked player's figures so far (league's own scoring): ``total`` points, the sum of the
    hanchan places played (exact: shared places are halves) and how many hanchans that is."""

    player: PlayerId
    total: Fraction | int
    place_sum: Fraction | int = 0
    hanchans: int = 0


@dataclass(frozen=True)
class RemainingMatch:
    """A match still to play (or to finish) at one table, seats in the draw's order. ``hanchans`` are
    the hanchans left; ``carried`` the sums of the hanchans already played in this match, one per seat
    (what the match uma ranks together with the rest; those hanchans are already in the totals)."""

    round: int
    table: int
    players: tuple[PlayerId, ...]
    hanchans: int
    carried: tuple[Fraction | int, ...] = ()
    played: int = 0  # hanchans of this match already played (the witness numbers the rest after them)

    def carried_of(self, seat: int) -> Fraction | int:
        return self.carried[seat] if self.carried else 0


@dataclass(frozen=True)
class HanchanOutcomes:
    """The outcome space of one hanchan (docs/rules.md ``mahjong.projection.outcome-space``): final
    scores are multiples of ``score_step`` no lower than ``min_score`` that sum to ``table_total``."""

    table_total: int = 120_000
    start: int = 30_000
    score_step: int = 100
    min_score: int = -50_000


@dataclass(frozen=True)
class MahjongProjectionProblem:
    """Everything a mahjong projection reads; nothing else.

    ``standings``: every ranked player (substitutes and withdrawn players are not ranked; a substitute
    may still sit in a remaining match). ``hanchan_uma`` and ``match_uma`` by place; ``split_ties``:
    equal scores share uma and places (else the earlier seat takes the better place). ``tie_breaks``:
    the ruleset's chain, from ``"total"`` and ``"average_place"``; after it, the organizer decides.
    """

    standings: tuple[Standing, ...]
    remaining: tuple[RemainingMatch, ...]
    cuts: tuple[Cut, ...]
    hanchan_uma: tuple[int, ...] = (15_000, 5_000, -5_000, -15_000)
    match_uma: tuple[int, ...] | None = (15_000, 5_000, -5_000, -15_000)
    split_ties: bool = True
    tie_breaks: tuple[str, ...] = ("total", "average_place")
    outcomes: HanchanOutcomes = HanchanOutcomes()
    players: tuple[PlayerId, ...] = ()  # whom to project (empty: every ranked player)
    time_limit_s: float = 10.0  # per question
    num_workers: int = 1

    @property
    def table_size(self) -> int:
        return len(self.hanchan_uma)


@dataclass(frozen=True)
class HanchanScores:
    """One hanchan of a witness: final scores in seat order."""

    number: int
    scores: tuple[tuple[PlayerId, int], ...]


@dataclass(frozen=True)
class MatchOutcome:
    """One remaining match of a witness: the final scores of each hanchan still to play."""

    round: int
    table: int
    hanchans: tuple[HanchanScores, ...]


@dataclass(frozen=True)
class Witness:
    """One set of results of every game left that gives ``fate``."""

    fate: Fate
    matches: tuple[MatchOutcome, ...]


@dataclass(frozen=True)
class Need:
    """``What do I need``: finishing ``place`` or better in each of the player's remaining matches
    clinches the cut whatever the others do (``place`` None: no own result clinches it)."""

    place: int | None
    proven: bool
    #: one-against-one rulesets (Up&Down): winning this many of the remaining games, whichever,
    #: clinches the cut (``place`` is then 1: winning each of them clinches it too); None elsewhere
    wins: int | None = None


@dataclass(frozen=True)
class CutProjection:
    player: PlayerId
    cut: Cut
    status: ProjectionStatus
    questions: tuple[tuple[Fate, SearchStatus], ...]  # each fate asked and its proof status
    witnesses: tuple[Witness, ...]  # one per fate found
    need: Need | None = None  # asked only for an ALIVE player with games left
    proofs: tuple[tuple[Fate, Proof], ...] = ()  # how each asked fate was settled

    def proof(self, fate: Fate) -> Proof | None:
        return dict(self.proofs).get(fate)

    def witness(self, fate: Fate) -> Witness | None:
        return next((w for w in self.witnesses if w.fate is fate), None)

    def search(self, fate: Fate) -> SearchStatus:
        return dict(self.questions).get(fate, SearchStatus.NOT_ASKED)


@dataclass(frozen=True)
class ProjectionResult:
    projections: tuple[CutProjection, ...]
    wall_time_s: float

    def of(self, player: PlayerId, cut: str) -> CutProjection:
        return next(p for p in self.projections if p.player == player and p.cut.name == cut)
