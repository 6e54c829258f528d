"""The data an Up&Down projection reads (docs/rules.md ``updown.projection.*``): one group of one stage.

League prepares it from its own scoring (``league.domain.updown.standings``): each player's points so
far (carried + this stage), what he carried, the points each scored against each opponent in the
stage's counted games (head-to-head, mini-tables and Sonneborn-Berger are all sums of these), the
games left (white, black, the winner's points) and the cuts (the group boundaries and the
promotion/relegation places, as "the first ``places`` continue"). The solver decides no rule: the
chain's variant (whether Sonneborn-Berger breaks a tie of two) and what a game left may end as are
data too. Nothing here imports league.

Pure data: no solver, no I/O, no protobuf.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.domain.projection.problem import Cut, PlayerId


@dataclass(frozen=True)
class UpDownStanding:
    """A player's figures so far. ``points``: carried from stage 1 plus this stage's counted games;
    ``carried``: the part carried (0 in stage 1). ``ranked`` False: a withdrawn player, listed after
    everyone still in the league (so never above a ranked player) but still an opponent whose final
    result counts in the others' Sonneborn-Berger."""

    player: PlayerId
    points: int
    carried: int = 0
    ranked: bool = True


@dataclass(frozen=True)
class PairPoints:
    """The points ``player`` scored against ``opponent`` in this stage's counted games so far (both
    cycles together; technical results included, annulled and late games not)."""

    player: PlayerId
    opponent: PlayerId
    points: int


@dataclass(frozen=True)
class RemainingGame:
    """A game still to play: ``win`` points to its winner (1; 2 in a long match), 0 to the loser."""

    round: int
    table: int
    white: PlayerId
    black: PlayerId
    win: int = 1


@dataclass(frozen=True)
class UpDownProjectionProblem:
    """Everything an Up&Down projection reads; nothing else.

    ``two_tied_sonneborn_berger``: two players tied on points are separated by head-to-head, then by
    Sonneborn-Berger (stage 1, §6.2.2: True) or by head-to-head only (stage 2, §6.3.2, §6.4.2: False);
    three or more by the mini-table among all of them, then Sonneborn-Berger, then the two-player
    rule for two still equal (head-to-head: their SB is known equal); after that the organizer decides
    (an extra match in stage 1 is the organizer's too). ``sb_counts_carried``: an opponent's final
    result in Sonneborn-Berger keeps the points he carried. ``unplayed_possible``: a game left may
    end unplayed by the deadline, 0-0 (§7.8); else it has a winner.
    """

    standings: tuple[UpDownStanding, ...]
    scored: tuple[PairPoints, ...]
    remaining: tuple[RemainingGame, ...]
    cuts: tuple[Cut, ...]
    two_tied_sonneborn_berger: bool = True
    sb_counts_carried: bool = True
    unplayed_possible: bool = True
    players: tuple[PlayerId, ...] = ()  # whom to project (empty: every ranked player)
    time_limit_s: float = 10.0  # per question
    num_workers: int = 1

    @property
    def ranked(self) -> tuple[PlayerId, ...]:
        return tuple(s.player for s in self.standings if s.ranked)
