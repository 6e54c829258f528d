"""The data a cup projection reads (docs/rules.md ``cup.projection.*``): where each player of a
single-elimination bracket stands, as league's bracket says (``league.domain.cup``). Nothing here
imports league. Pure data."""

from __future__ import annotations

from dataclasses import dataclass

from solver.domain.projection.problem import Cut, PlayerId


@dataclass(frozen=True)
class CupStanding:
    """A player of the cup. ``stage``: the stage (1-based) he plays in now, or went out in; ``in_cup``
    False: he lost there. ``third_place``: a semi-final loser still to play the match for third place
    (a semi-final loser of a cup with that match is read so anyway). ``place``: the place a decided
    final or third-place match gave him."""

    player: PlayerId
    stage: int
    in_cup: bool = True
    third_place: bool = False
    place: int | None = None


@dataclass(frozen=True)
class CupProjectionProblem:
    """``stages``: how many stages the bracket has (the last is the final: 2 ** stages positions).
    ``third_place_match``: the semi-final losers play for third place (§3.4.3); otherwise they share
    places 3-4. A player who went out before the semi-final shares the places of his stage's losers
    (out in a stage of 8 positions: places 5-8). Disqualified players are not listed."""

    standings: tuple[CupStanding, ...]
    stages: int
    cuts: tuple[Cut, ...]
    third_place_match: bool = True
    players: tuple[PlayerId, ...] = ()  # whom to project (empty: everyone listed)
