"""Value objects of the multi-round table draw (docs/rules.md, ``mahjong.draw.*``).

A draw seats every player of a roster at a table of ``table_size`` in each of ``rounds`` rounds.
Everything here is pure data: no solver, no I/O, no protobuf.

Shapes:
    Table = tuple of player ids (seat order; seat i is the i-th id, used only by seat balance)
    Round = tuple of Tables
    Draw  = tuple of Rounds
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

PlayerId = str
Table = tuple[PlayerId, ...]
Round = tuple[Table, ...]
Draw = tuple[Round, ...]


@dataclass(frozen=True)
class Separation:
    """Players that must never share a table (teammates, family).

    ``weight`` None: a hard constraint. A positive weight: soft, each violation (a pair of these
    players at one table in one round) costs ``weight`` in the objective's first term.
    """

    players: tuple[PlayerId, ...]
    weight: int | None = None


@dataclass(frozen=True)
class Pin:
    """A player who must sit at table ``table`` (0-based) in round ``round`` (0-based)."""

    player: PlayerId
    round: int
    table: int


@dataclass(frozen=True)
class DrawProblem:
    """Everything the optimizer needs; nothing else is read.

    ``fixed_rounds`` are rounds already played: they are the first ``len(fixed_rounds)`` rounds of
    the result, unchanged, and their meetings count in the objective. ``history`` are rounds played
    before the draw that are NOT part of it (a redraw after the roster changed: the played rounds,
    with the players who have left): they come before round 0, every objective term counts them
    (meetings, consecutive repeats across the boundary, per-player repeats), their players need not
    be in the roster (those who left still count in what was played) and nothing constrains them.
    ``previous`` is the draw being replaced by a redraw, round r against round r of the result:
    among equally good draws the one moving the fewest players from it wins (second objective of a
    redraw).

    ``work_budget`` bounds the search deterministically (work units, solver/domain/draw/work.py;
    0 = the default for ``time_limit_s``): the same problem, seed and work budget give the same draw
    on any machine. ``time_limit_s`` is the wall-clock safety cut; when it fires first the result
    says it cannot be re-run (``DrawResult.reproducible``). ``cpsat_seconds_per_unit`` is CP-SAT's
    deterministic time per work unit (0 = the reference exchange), part of what re-runs the draw.
    """

    players: tuple[PlayerId, ...]
    rounds: int
    table_size: int
    separations: tuple[Separation, ...] = ()
    pins: tuple[Pin, ...] = ()
    fixed_rounds: Draw = ()
    previous: Draw | None = None
    seat_balance: bool = False
    seed: int = 0
    time_limit_s: float = 10.0
    history: Draw = ()
    work_budget: int = 0
    cpsat_seconds_per_unit: float = 0.0
    # Club nights (docs/rules.md ``draw.sit-out.*``, solver/domain/draw/sit_outs.py): None = everyone
    # plays every round (N a multiple of the table size); else how many sit out each round, 0 = N mod k.
    sit_out: int | None = None

    @property
    def sitting_out(self) -> int:
        """How many sit out each round (0 without the sit-out option)."""
        if self.sit_out is None or not isinstance(self.table_size, int) or self.table_size <= 0:
            return 0
        return self.sit_out if self.sit_out > 0 else len(self.players) % self.table_size

    @property
    def tables_per_round(self) -> int:
        return (len(self.players) - self.sitting_out) // self.table_size


class SolveStatus(enum.Enum):
    OPTIMAL = "OPTIMAL"  # proven: the objective equals the lower bound (or CP-SAT proved it)
    FEASIBLE = "FEASIBLE"  # a valid draw, optimality not proven within the time limit
    INFEASIBLE = "INFEASIBLE"  # the hard constraints admit no draw
    UNKNOWN = "UNKNOWN"  # no draw found in time


@dataclass(frozen=True, order=True)
class DrawObjective:
    """The lexicographic objective, smaller is better, compared field by field in this order.

    soft_violations      weighted count of soft separation violations
    max_meetings         the largest number of times any pair of players meets
    sum_repeat_pairs     sum over pairs of C(m, 2), m = how often the pair meets
    consecutive_repeats  pairs meeting in two consecutive rounds, counted per round pair
    max_player_repeats   the largest number of repeated meetings of a single player
    """

    soft_violations: int = 0
    max_meetings: int = 0
    sum_repeat_pairs: int = 0
    consecutive_repeats: int = 0
    max_player_repeats: int = 0

    def as_tuple(self) -> tuple[int, int, int, int, int]:
        return (
            self.soft_violations,
            self.max_meetings,
            self.sum_repeat_pairs,
            self.consecutive_repeats,
            self.max_player_repeats,
        )


@dataclass(frozen=True)
class DrawResult:
    status: SolveStatus
    draw: Draw  # empty when INFEASIBLE / UNKNOWN
    objective: DrawObjective | None
    lower_bound: DrawObjective  # lexicographic lower bound (every draw compares >= it), from counting/pigeonhole
    proven_optimal: bool
    seed: int
    wall_time_s: float
    method: str  # e.g. "construction", "local-search", "cp-sat"
    players_moved: int | None = None  # redraw only: players whose table changed vs ``previous``
    seat_imbalance: int | None = None  # seat balance only: max over players of (max-min) seat count
    conflicts: tuple[str, ...] = ()  # INFEASIBLE: names of the conflicting constraint groups
    notes: tuple[str, ...] = field(default=())
    work_budget: int = 0  # the deterministic work budget the search was given (work units)
    work_used: int = 0  # what it spent (deterministic: the same on every machine when reproducible)
    reproducible: bool = False  # False when the wall-clock safety cut stopped the search first
    sit_outs: tuple[tuple[PlayerId, ...], ...] = ()  # sit-out draws: who sits out, round by round
    search_work_used: int = 0  # of work_used, the tabu search's units
    cpsat_deterministic_s_used: float = 0.0  # CP-SAT's deterministic seconds (the rest of work_used)
    cpsat_seconds_per_unit: float = 0.0  # the CP-SAT exchange the draw used (0 = the reference one)
