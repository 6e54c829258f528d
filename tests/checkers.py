"""An independent recount of a stored draw, sharing no code with the engine.

Every figure Rondo reports about a draw (max meetings, sum of C(m, 2), consecutive repeats, the
worst player's repeats, players moved) must equal what this module counts from the tables alone.
It deliberately uses a different representation (a dense matrix over player indices, frozensets for
tables) and imports nothing from ``solver``, so a bug in the engine's bookkeeping cannot hide here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Tables = Sequence[Sequence[str]]
Rounds = Sequence[Tables]


@dataclass(frozen=True)
class Recount:
    max_meetings: int
    sum_repeat_pairs: int
    consecutive_repeats: int
    max_player_repeats: int

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (self.max_meetings, self.sum_repeat_pairs, self.consecutive_repeats, self.max_player_repeats)


def recount(rounds: Rounds) -> Recount:
    """Meeting statistics of every pair over all ``rounds`` (lists of tables of player ids)."""
    players = sorted({p for tables in rounds for table in tables for p in table})
    index = {p: i for i, p in enumerate(players)}
    n = len(players)
    matrix = [[0] * n for _ in range(n)]
    together_by_round: list[set[frozenset[str]]] = []
    for tables in rounds:
        this_round: set[frozenset[str]] = set()
        for table in tables:
            members = list(table)
            for x in range(len(members)):
                for y in range(x + 1, len(members)):
                    i, j = index[members[x]], index[members[y]]
                    matrix[i][j] += 1
                    matrix[j][i] += 1
                    this_round.add(frozenset((members[x], members[y])))
        together_by_round.append(this_round)

    best = 0
    coincidences = 0
    worst_player = 0
    for i in range(n):
        player_total = 0
        for j in range(n):
            m = matrix[i][j]
            if j > i:
                best = max(best, m)
                coincidences += m * (m - 1) // 2
            if m > 1:
                player_total += m - 1
        worst_player = max(worst_player, player_total)
    consecutive = sum(len(a & b) for a, b in zip(together_by_round, together_by_round[1:]))
    return Recount(best, coincidences, consecutive, worst_player)


def players_moved(before: Rounds, after: Rounds, from_round: int = 0) -> int:
    """How many distinct players sit at another table number in some round >= ``from_round`` than in
    ``before`` (rounds compared by position). Players ``before`` does not seat in that round
    (newcomers, substitutes) have no table to keep and are not counted."""
    moved: set[str] = set()
    for r in range(from_round, min(len(before), len(after))):
        seat_before = {}
        for number, table in enumerate(before[r]):
            for p in table:
                seat_before[p] = number
        for number, table in enumerate(after[r]):
            moved.update(p for p in table if p in seat_before and seat_before[p] != number)
    return len(moved)


def design_problems(rounds: Rounds, players: Sequence[str], k: int) -> list[str]:
    """What keeps ``rounds`` from being a repeat-free draw of ``players`` at tables of ``k``: a round
    that is not a partition of the players into tables of k, or a pair at one table twice. Empty when
    it is one (a resolvable packing: pairs meet at most once, each round a partition)."""
    problems = []
    roster = sorted(players)
    seen: dict[frozenset[str], int] = {}
    for r, tables in enumerate(rounds):
        seated = sorted(p for table in tables for p in table)
        if seated != roster:
            problems.append(f"round {r} does not seat every player exactly once")
        problems.extend(f"round {r} has a table of {len(table)}" for table in tables if len(table) != k)
        for table in tables:
            members = list(table)
            for x in range(len(members)):
                for y in range(x + 1, len(members)):
                    pair = frozenset((members[x], members[y]))
                    if pair in seen:
                        problems.append(f"{sorted(pair)} meet in rounds {seen[pair]} and {r}")
                    seen[pair] = r
    return problems


def unmet_pairs(rounds: Rounds, players: Sequence[str]) -> set[frozenset[str]]:
    """The pairs of players who never share a table in ``rounds``."""
    met = {frozenset((a, b)) for tables in rounds for table in tables for a in table for b in table if a != b}
    return {frozenset((a, b)) for i, a in enumerate(players) for b in players[i + 1 :]} - met
