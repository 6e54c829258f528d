"""Lower bounds of the draw objective, by counting and pigeonhole (RULES.md A: "full absence of
repeats is not guaranteed" -- these bounds say when it is impossible and how many repeats must remain).

Two bounds:

``lower_bound``              componentwise: every term is a lower bound of that term for EVERY draw of
                             the problem (safe to post as a constraint ``term >= bound`` in a model).
``lexicographic_lower_bound`` every draw's objective is >= it in the lexicographic order. It may be
                             larger than ``lower_bound`` in a later term, because that term is only
                             bounded among draws that already reach the earlier terms' bounds (draws
                             that do not are lexicographically worse anyway). A draw whose objective
                             equals it is proven optimal.

Notation: N players, R rounds, tables of k, t = N / k tables a round.
"""
from __future__ import annotations

from itertools import combinations
from math import ceil, comb

from solver.domain.draw.objective import (
    max_meetings,
    max_player_repeats,
    meeting_counts,
    round_pairs,
    soft_violations,
)
from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem


def even_spread_pairs(total: int, parts: int) -> int:
    """min sum C(a_i, 2) over a_1 + ... + a_parts = total (a_i >= 0): the most even spread."""
    if parts <= 0:
        return 0 if total == 0 else comb(total, 2)
    q, r = divmod(total, parts)
    return r * comb(q + 1, 2) + (parts - r) * comb(q, 2)


def table_split_repeats(k: int, t: int) -> int:
    """f(k, t): a table of k players of one round spreads over the t tables of another round, so at
    least this many of its pairs meet again there (pigeonhole)."""
    return even_spread_pairs(k, t)


def _coincidences(earlier: Draw, r: int, s: int) -> int:
    """Pairs at one table in both rounds r and s of a (fixed) draw."""
    return len(round_pairs(earlier[r]) & round_pairs(earlier[s]))


def table_pattern_bound(n: int, t: int, rounds: int) -> int:
    """Pigeonhole on table sequences: over any s rounds a player's tables form one of t^s patterns;
    with more than t^s players two share a pattern, i.e. meet in all s rounds. The largest such s.
    (10 players, 2 tables of 5, 3 rounds: 10 > 2^3, so some pair meets 3 times.)"""
    s = 0
    while s < rounds and t ** (s + 1) < n:
        s += 1
    return s


def max_meetings_bound(problem: DrawProblem, sum_bound: int) -> int:
    """Each player meets R(k-1) others among N-1 players, so some pair meets ceil(R(k-1)/(N-1))
    times; any coincidence at all (sum bound > 0) means some pair meets twice; and the table
    pattern pigeonhole (``table_pattern_bound``)."""
    n, k, r = len(problem.players), problem.table_size, problem.rounds
    bound = ceil(r * (k - 1) / (n - 1)) if n > 1 else 0
    if sum_bound > 0:
        bound = max(bound, 2)
    bound = max(bound, table_pattern_bound(n, problem.tables_per_round, r))
    if problem.fixed_rounds:
        bound = max(bound, max_meetings(meeting_counts(problem.fixed_rounds)))
    return bound


def sum_repeat_pairs_bound(problem: DrawProblem) -> int:
    """max of (a) counting: each player's R(k-1) meetings spread as evenly as possible over the N-1
    others, halved (every pair is seen by both players); (b) pigeonhole: for every pair of rounds,
    each table of one round falls into the t tables of the other, at least f(k, t) pairs again.
    Round pairs that are both fixed count with their actual coincidences."""
    n, k, rounds = len(problem.players), problem.table_size, problem.rounds
    if n < 2:
        return 0
    per_player = even_spread_pairs(rounds * (k - 1), n - 1)
    counting = ceil(n * per_player / 2)
    t = problem.tables_per_round
    fixed = problem.fixed_rounds
    per_round_pair = t * table_split_repeats(k, t)
    pigeonhole = 0
    for r, s in combinations(range(rounds), 2):
        if s < len(fixed):
            pigeonhole += _coincidences(fixed, r, s)
        else:
            pigeonhole += per_round_pair
    return max(counting, pigeonhole)


def consecutive_repeats_bound(problem: DrawProblem) -> int:
    """Pigeonhole between rounds r and r+1 only: t * f(k, t) each (actual count if both are fixed)."""
    t, k = problem.tables_per_round, problem.table_size
    fixed = problem.fixed_rounds
    per_round_pair = t * table_split_repeats(k, t)
    total = 0
    for r in range(problem.rounds - 1):
        total += _coincidences(fixed, r, r + 1) if r + 1 < len(fixed) else per_round_pair
    return total


def max_player_repeats_bound(problem: DrawProblem, sum_bound: int, max_meetings_cap: int) -> int:
    """A player makes R(k-1) meetings among N-1 others: at least R(k-1) - (N-1) are repeats.
    And, when no pair meets more than ``max_meetings_cap`` = M times, a pair's extra meetings m-1 are
    at least 2 C(m,2) / M, so all pairs together have ceil(2 * sum_bound / M) extra meetings, each
    counted for both players: the worst player has at least ceil(2 * that / N).
    Played (fixed) rounds alone already give their repeats: adding rounds never lowers them."""
    n, k, rounds = len(problem.players), problem.table_size, problem.rounds
    bound = max(0, rounds * (k - 1) - (n - 1))
    if sum_bound > 0 and max_meetings_cap > 0 and n > 0:
        extra_meetings = ceil(2 * sum_bound / max_meetings_cap)
        bound = max(bound, ceil(2 * extra_meetings / n))
    if problem.fixed_rounds:
        bound = max(bound, max_player_repeats(meeting_counts(problem.fixed_rounds)))
    return bound


def soft_violations_bound(problem: DrawProblem) -> int:
    """A soft group of g players spreads over t tables each free round: at least f(g, t) of its pairs
    share a table (weighted); played rounds count with their actual violations."""
    t = problem.tables_per_round
    free_rounds = problem.rounds - len(problem.fixed_rounds)
    total = soft_violations(problem, problem.fixed_rounds)
    for separation in problem.separations:
        if separation.weight is not None:
            total += separation.weight * free_rounds * even_spread_pairs(len(set(separation.players)), t)
    return total


def lower_bound(problem: DrawProblem) -> DrawObjective:
    """Componentwise valid lower bound (every term bounds that term for every draw).

    Assumes a valid problem (validate_problem). Known optima it meets exactly (R=4, k=4):
    N=8 -> max 2, sum 24; N=12 -> max 2, sum 18; N>=16 -> no repeats (max 1, sum 0)."""
    sum_bound = sum_repeat_pairs_bound(problem)
    return DrawObjective(
        soft_violations=soft_violations_bound(problem),
        max_meetings=max_meetings_bound(problem, sum_bound),
        sum_repeat_pairs=sum_bound,
        consecutive_repeats=consecutive_repeats_bound(problem),
        # No pair meets more than R times: the weakest cap valid for every draw.
        max_player_repeats=max_player_repeats_bound(problem, sum_bound, problem.rounds),
    )


def lexicographic_lower_bound(problem: DrawProblem) -> DrawObjective:
    """A bound in the lexicographic order: every draw's objective is >= it (compared as tuples).

    Same as ``lower_bound`` except the last term, which is bounded among draws whose max_meetings is
    at its bound M (any other draw is already lexicographically worse): with M = 2 a pair's repeats
    are exactly C(m, 2), so e.g. N=8 (R=4, k=4) needs 6 repeats for the worst player, N=12 needs 3.
    A draw whose objective equals this bound is proven optimal."""
    componentwise = lower_bound(problem)
    conditional = max_player_repeats_bound(
        problem, componentwise.sum_repeat_pairs, componentwise.max_meetings
    )
    return DrawObjective(
        soft_violations=componentwise.soft_violations,
        max_meetings=componentwise.max_meetings,
        sum_repeat_pairs=componentwise.sum_repeat_pairs,
        consecutive_repeats=componentwise.consecutive_repeats,
        max_player_repeats=max(componentwise.max_player_repeats, conditional),
    )
