"""The question a projection asks about a mahjong league's regular stage, from league's own state
(docs/rules.md ``mahjong.projection.from-league-state``, ``mahjong.projection.cuts-from-ruleset``).

League owns every rule; the solver only searches. So the question is prepared here, from what the
standings already computed: each ranked player's total, exact place sum and hanchans (the confirmed
records by the pinned ruleset); every match of the approved draw not complete yet, with the hanchans
left and, for a match partly played, the sums its seats carry into the match uma (penalties
included) and the substitute in a no-show's seat; the cuts and the scoring from the ruleset.

The cut is the playoff's (``playoff_places``, the top 8 of discard-league-2026 §6.2). The prizes
(1st and 2nd of the final) are played from zero in the playoff and depend on places there only, so
the regular stage decides no prize: it has no prize cut (a ruleset without a playoff has no cut, and
no projection).

Pure: no I/O, no protobuf.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.domain.mahjong.ruleset import Ruleset, TieHandling
from league.domain.mahjong.scoring import MatchResult, Points
from league.domain.mahjong.standings import Standings
from league.domain.model import Round
from league.domain.texts import Text
from rondo_runtime.errors import FailedPrecondition

PLAYOFF = "playoff"
SCORE_STEP = 100  # final scores are written in hundreds
LOWEST_SCORE = -50_000  # below what one hand takes from a player still in the game (mahjong.projection.outcome-space)


@dataclass(frozen=True)
class ProjectedStanding:
    player: str
    total: Points
    place_sum: Fraction
    hanchans: int


@dataclass(frozen=True)
class MatchLeft:
    """A match of the approved draw still to play or to finish: seats in the draw's order (a no-show's
    substitute in his seat), the hanchans left, and what the seats carry from the hanchans played."""

    round: int
    table: int
    players: tuple[str, ...]
    hanchans: int
    carried: tuple[Points, ...] = ()
    played: int = 0


@dataclass(frozen=True)
class CutOfStandings:
    name: str
    places: int
    title: Text


@dataclass(frozen=True)
class ProjectionQuestion:
    """What the solver is asked, and what the answer shows beside it."""

    standings: tuple[ProjectedStanding, ...]
    remaining: tuple[MatchLeft, ...]
    cuts: tuple[CutOfStandings, ...]
    ruleset: Ruleset
    notes: tuple[Text, ...]

    @property
    def split_ties(self) -> bool:
        return self.ruleset.tie_handling is TieHandling.SPLIT

    def matches_left(self, player: str) -> int:
        return sum(1 for m in self.remaining if player in m.players)


ASSUMPTIONS = (
    Text(
        "the games left are projected as played in full, final scores in steps of 100 and at least -50 000, "
        "without chombo, penalties or no-shows",
        "оставшиеся игры считаются сыгранными полностью: итоговые очки кратны 100 и не ниже -50 000, без чомбо, штрафов и неявок",
    ),
    Text(
        "only confirmed results count; a result awaiting confirmation is still to play here",
        "учитываются только подтверждённые результаты; ожидающий подтверждения результат здесь ещё не сыгран",
    ),
)


def playoff_cut(ruleset: Ruleset, ranked: int) -> tuple[CutOfStandings, ...]:
    """docs/rules.md ``mahjong.projection.cuts-from-ruleset``: the playoff's top ``playoff_places``
    (every ranked player when fewer are left)."""
    if not ruleset.playoff_places or not ranked:
        return ()
    places = min(ruleset.playoff_places, ranked)
    title = Text(f"the playoff (top {ruleset.playoff_places})", f"плей-офф (топ-{ruleset.playoff_places})")
    return (CutOfStandings(PLAYOFF, places, title),)


def match_left(round_no: int, table: int, seats: Sequence[str], scored: MatchResult | None, ruleset: Ruleset) -> MatchLeft | None:
    """The match as still to play (None: complete). A partly played match keeps its seats as recorded
    (a substitute in a no-show's seat) and carries each seat's sum so far."""
    if scored is None:
        return MatchLeft(round_no, table, tuple(seats), ruleset.hanchans_per_match)
    if scored.complete:
        return None
    players = tuple(scored.match.players)
    carried = []
    for p in players:
        line = scored.line(p)
        carried.append(line.sum if line is not None else 0)
    return MatchLeft(round_no, table, players, len(scored.missing), tuple(carried), len(scored.hanchans))


def projection_question(standings: Standings, rounds: Sequence[Round], ruleset: Ruleset) -> ProjectionQuestion:
    """The regular stage's question from its standings (figures and scored matches) and the approved
    draw; FAILED_PRECONDITION when there is nothing to project."""
    if not rounds:
        raise FailedPrecondition.because("PROJECTION_NEEDS_APPROVED_DRAW")
    cuts = playoff_cut(ruleset, len(standings.rows))
    if not cuts:
        raise FailedPrecondition.because("PROJECTION_WITHOUT_CUT")
    scored = {(r.match.round, r.match.table): r for r in standings.history}
    remaining = []
    for round_no, tables in enumerate(rounds, start=1):
        for table, seats in enumerate(tables, start=1):
            left = match_left(round_no, table, seats, scored.get((round_no, table)), ruleset)
            if left is not None:
                remaining.append(left)
    ranked = tuple(
        ProjectedStanding(row.player, row.figures.total, sum(row.figures.places, Fraction(0)), row.figures.hanchans)
        for row in standings.rows
    )
    return ProjectionQuestion(ranked, tuple(remaining), cuts, ruleset, ASSUMPTIONS)
