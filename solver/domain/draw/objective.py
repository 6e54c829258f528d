"""The draw's objective: THE definition every solver and test compares against (docs/rules.md,
``draw.objective.lexicographic-terms``).

The regulation asks for a random draw "minimizing repeated meetings of each pair over the rounds"
("full absence of repeats is not guaranteed"). Rondo reads that as the lexicographic objective
``DrawObjective`` (problem.py), one function per term below:

1. ``soft_violations``      weighted count of soft separation violations
2. ``max_meetings``         the largest number of times any pair meets
3. ``sum_repeat_pairs``     sum over pairs of C(m, 2): how many (pair, round pair) coincide
4. ``consecutive_repeats``  (pair, r) with the pair together in rounds r and r + 1
5. ``max_player_repeats``   the worst player's repeated meetings, sum over partners of (m - 1)

Every term counts the whole competition: ``problem.history`` (rounds played before the draw that are
not part of it, e.g. a redraw after the roster changed size) comes first, then the draw. A redraw's
figures therefore equal a recount of the stored draw (played rounds as played, then the new ones).

Every solver (construction, local search, CP-SAT) is judged by ``evaluate``; the local search's
incremental delta is tested against it.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem, PlayerId, Round

Pair = tuple[PlayerId, PlayerId]


def pair_of(a: PlayerId, b: PlayerId) -> Pair:
    """The canonical (sorted) key of an unordered pair of players."""
    return (a, b) if a < b else (b, a)


def round_pairs(round_: Round) -> set[Pair]:
    """Every pair of players sharing a table in one round."""
    return {pair_of(a, b) for table in round_ for a, b in combinations(table, 2)}


def meeting_counts(draw: Draw) -> Counter[Pair]:
    """Sorted pair -> how many rounds the two players share a table (pairs that never meet are absent)."""
    counts: Counter[Pair] = Counter()
    for round_ in draw:
        for table in round_:
            for a, b in combinations(table, 2):
                counts[pair_of(a, b)] += 1
    return counts


def soft_violations(problem: DrawProblem, draw: Draw) -> int:
    """Term 1: for every soft separation, ``weight`` per pair of its players at one table in one round."""
    total = 0
    for separation in problem.separations:
        if separation.weight is None:
            continue
        members = set(separation.players)
        for round_ in draw:
            for table in round_:
                together = sum(1 for player in table if player in members)
                total += separation.weight * comb(together, 2)
    return total


def max_meetings(counts: Counter[Pair]) -> int:
    """Term 2: the largest number of meetings of any pair (0 when nobody meets)."""
    return max(counts.values(), default=0)


def sum_repeat_pairs(counts: Counter[Pair]) -> int:
    """Term 3: sum over pairs of C(m, 2), i.e. the (pair, round pair) coincidences."""
    return sum(comb(m, 2) for m in counts.values())


def consecutive_repeats(draw: Draw) -> int:
    """Term 4: the number of (pair, r) with the pair at one table in both round r and round r + 1."""
    pairs_by_round = [round_pairs(round_) for round_ in draw]
    return sum(len(earlier & later) for earlier, later in zip(pairs_by_round, pairs_by_round[1:]))


def player_repeats(counts: Counter[Pair]) -> Counter[PlayerId]:
    """Each player's repeated meetings: sum over partners met m >= 1 times of (m - 1)."""
    repeats: Counter[PlayerId] = Counter()
    for (a, b), m in counts.items():
        if m > 1:
            repeats[a] += m - 1
            repeats[b] += m - 1
    return repeats


def max_player_repeats(counts: Counter[Pair]) -> int:
    """Term 5: the largest number of repeated meetings of a single player."""
    return max(player_repeats(counts).values(), default=0)


def whole_competition(problem: DrawProblem, draw: Draw) -> Draw:
    """The rounds every term counts: the history (played, not redrawn), then the draw."""
    return tuple(problem.history) + tuple(draw)


def evaluate(problem: DrawProblem, draw: Draw) -> DrawObjective:
    """The lexicographic objective of ``draw`` (all of its rounds, fixed ones included) after the
    problem's history (``whole_competition``)."""
    rounds = whole_competition(problem, draw)
    counts = meeting_counts(rounds)
    return DrawObjective(
        soft_violations=soft_violations(problem, rounds),
        max_meetings=max_meetings(counts),
        sum_repeat_pairs=sum_repeat_pairs(counts),
        consecutive_repeats=consecutive_repeats(rounds),
        max_player_repeats=max_player_repeats(counts),
    )
