"""Lower bounds of the draw objective, by counting and pigeonhole (discard-league-2026 §2:
"full absence of repeats is not guaranteed" -- these bounds say when it is impossible and how many
repeats must remain).

Two bounds:

``lower_bound``              componentwise: every term is a lower bound of that term for EVERY draw of
                             the problem (safe to post as a constraint ``term >= bound`` in a model).
``lexicographic_lower_bound`` every draw's objective is >= it in the lexicographic order. It may be
                             larger than ``lower_bound`` in a later term, because that term is only
                             bounded among draws that already reach the earlier terms' bounds (draws
                             that do not are lexicographically worse anyway). A draw whose objective
                             equals it is proven optimal.

Notation: N players, R rounds, tables of k, t = N / k tables a round.

Every bound counts the whole competition as ``objective.evaluate`` does: the history
(``problem.history``, played rounds that are not part of the draw, with players who have since left)
and the fixed rounds are "known", the rest "free"; without history the formulas are the classic ones.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from math import ceil, comb

from solver.domain.draw.objective import (
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


@dataclass(frozen=True)
class _Known:
    """What is known before the free rounds: the history (not part of the draw, its players may have
    left the roster) followed by the fixed (played) rounds of the draw.

    ``rounds``    history + fixed rounds, in order
    ``counts``    meetings of every pair (any players) in those rounds
    ``partners``  roster player -> partner -> meetings in those rounds
    ``free``      rounds still to draw (problem.rounds - fixed rounds)
    """

    rounds: Draw
    counts: Counter
    partners: dict
    free: int
    roster_size: int
    all_players: int


_LAST_KNOWN: tuple = (None, None)  # (problem, its _Known): the bounds of one problem share it


def _known(problem: DrawProblem) -> _Known:
    global _LAST_KNOWN
    last = _LAST_KNOWN
    if last[0] is problem:
        return last[1]
    known = _count_known(problem)
    _LAST_KNOWN = (problem, known)
    return known


def _count_known(problem: DrawProblem) -> _Known:
    rounds = tuple(problem.history) + tuple(problem.fixed_rounds)
    counts = meeting_counts(rounds)
    roster = set(problem.players)
    partners: dict = defaultdict(dict)
    for (a, b), m in counts.items():
        if a in roster:
            partners[a][b] = m
        if b in roster:
            partners[b][a] = m
    seated = {p for round_ in rounds for table in round_ for p in table}
    return _Known(
        rounds=rounds,
        counts=counts,
        partners=partners,
        free=max(problem.rounds - len(problem.fixed_rounds), 0),
        roster_size=len(roster),
        all_players=len(roster | seated),
    )


def _roster_meetings(known: _Known, player: str, roster: set) -> Counter:
    """How many roster partners of ``player`` it has met m >= 1 times in the known rounds (m -> count)."""
    return Counter(m for q, m in known.partners.get(player, {}).items() if q in roster)


def _fill(levels: Counter, zeros: int, meetings: int) -> tuple[int, int]:
    """Water-filling: ``meetings`` more meetings spread over partners already met ``levels`` (m ->
    how many partners) and ``zeros`` never met, each new meeting with a partner met c times costing c
    more pairs of coinciding meetings (C(c+1, 2) - C(c, 2) = c). Returns (the least total
    sum of C(m, 2) over the partners, the least possible largest m)."""
    histogram = Counter(levels)
    if zeros:
        histogram[0] += zeros
    partners = sum(histogram.values())
    known_cost = sum(comb(m, 2) * c for m, c in histogram.items())
    known_max = max((m for m, c in histogram.items() if c), default=0)
    if meetings <= 0 or partners == 0:
        return known_cost, known_max
    # Raise the lowest partners level by level.
    below = 0  # partners at the current level or below
    cost = known_cost
    level = min(histogram)
    for m in sorted(histogram):
        if m > level:
            room = below * (m - level)
            if room >= meetings:
                break
            meetings -= room
            cost += below * (comb(m, 2) - comb(level, 2))
            level = m
        below += histogram[m]
    raised, rest = divmod(meetings, below)
    cost += below * (comb(level + raised, 2) - comb(level, 2)) + rest * (level + raised)
    top = level + raised + (1 if rest else 0)
    return cost, max(top, known_max)


def _spread(known: _Known, problem: DrawProblem) -> tuple[int, int]:
    """Counting over players: (a lower bound of sum C(m, 2) over all pairs, of the largest m).

    Each roster player makes (k-1) meetings a free round with the other roster players; spread as
    evenly as possible over them, on top of what the known rounds already gave (``_fill``); every
    roster pair is seen by both its players, so the roster's sum is at least half the players' sum.
    Pairs with a player no longer in the roster only met in the history: they count as they are."""
    roster = set(problem.players)
    n, k = len(roster), problem.table_size
    if n < 2:
        return sum(comb(m, 2) for m in known.counts.values()), max(known.counts.values(), default=0)
    new = known.free * (k - 1)
    if not known.rounds:  # every player alike: the classic even spread
        cost, top = _fill(Counter(), n - 1, new)
        return ceil(n * cost / 2), top
    total = 0
    largest = 0
    cache: dict = {}
    for p in problem.players:
        levels = _roster_meetings(known, p, roster)
        key = tuple(sorted(levels.items()))
        if key not in cache:
            cache[key] = _fill(levels, n - 1 - sum(levels.values()), new)
        cost, top = cache[key]
        total += cost
        largest = max(largest, top)
    departed = sum(comb(m, 2) for (a, b), m in known.counts.items() if a not in roster or b not in roster)
    largest = max(largest, max(known.counts.values(), default=0))
    return ceil(total / 2) + departed, largest


def _table_spread(round_, roster: set, t: int) -> int:
    """A known round against a free round: each of its tables' roster players spreads over the t
    tables of the free round, at least f(size, t) pairs again (pigeonhole)."""
    return sum(table_split_repeats(sum(1 for p in table if p in roster), t) for table in round_)


def table_pattern_bound(n: int, t: int, rounds: int) -> int:
    """Pigeonhole on table sequences: over any s rounds a player's tables form one of t^s patterns;
    with more than t^s players two share a pattern, i.e. meet in all s rounds. The largest such s.
    (10 players, 2 tables of 5, 3 rounds: 10 > 2^3, so some pair meets 3 times.)"""
    s = 0
    while s < rounds and t ** (s + 1) < n:
        s += 1
    return s


def max_meetings_bound(problem: DrawProblem, sum_bound: int) -> int:
    """Each player meets (k-1) others a round among N-1 players, on top of the known meetings
    (``_spread``: ceil(R(k-1)/(N-1)) without history); any coincidence at all (sum bound > 0) means
    some pair meets twice; and the table pattern pigeonhole over the draw's rounds
    (``table_pattern_bound``); the known rounds' own largest count."""
    n = len(problem.players)
    bound = _spread(_known(problem), problem)[1]
    if sum_bound > 0:
        bound = max(bound, 2)
    if n > 1:
        bound = max(bound, table_pattern_bound(n, problem.tables_per_round, problem.rounds))
    return bound


# (N, k) -> the most repeat-free rounds, where a theorem says fewer than counting and pigeonhole allow.
REPEAT_FREE_MAXIMA: dict[tuple[int, int], tuple[int, str]] = {
    (12, 3): (4, "no nearly Kirkman triple system NKTS(12) exists (A. Kotzig and A. Rosa, 1974)"),
}


def repeat_free_rounds_max(n: int, k: int) -> int:
    """At most this many rounds of N players at tables of k can be repeat-free: pigeonhole (fewer
    tables than seats: one round), counting (each player meets k - 1 new players a round: at most
    (N - 1) / (k - 1) rounds) and the non-existence theorems of ``REPEAT_FREE_MAXIMA``."""
    if k < 2 or n < k:
        return 0
    if n // k < k:
        return 1
    most = (n - 1) // (k - 1)
    if (n, k) in REPEAT_FREE_MAXIMA:
        most = min(most, REPEAT_FREE_MAXIMA[(n, k)][0])
    return most


def repeat_free_averaging_bound(rounds: int, most: int) -> int:
    """Averaging over sets of rounds: when at most ``most`` rounds can be repeat-free, every set of
    most + 1 of the R rounds holds a coincidence (a pair meeting in two of its rounds); a coincidence
    (a pair and two rounds) lies in C(R - 2, most - 1) such sets, so there are at least
    C(R, most + 1) / C(R - 2, most - 1) coincidences, i.e. sum C(m, 2) >= that. It is sharper than
    counting exactly when a theorem forbids more rounds than counting does (12 players at tables of
    3, 5 rounds: counting allows a repeat-free draw, but no NKTS(12) exists: at least 1)."""
    if most < 1 or rounds <= most:
        return 0
    return ceil(comb(rounds, most + 1) / comb(rounds - 2, most - 1))


def sum_repeat_pairs_bound(problem: DrawProblem) -> int:
    """max of (a) counting (``_spread``): each player's meetings spread as evenly as possible over the
    others, halved (every pair is seen by both players); (b) pigeonhole over pairs of rounds: sum
    C(m, 2) is the number of (pair, round pair) coincidences; two known rounds (history or fixed)
    count with their actual coincidences, a known and a free round with ``_table_spread``, two free
    rounds with t * f(k, t); (c) averaging over sets of rounds when a theorem caps the repeat-free
    rounds (``repeat_free_averaging_bound``)."""
    known = _known(problem)
    counting = _spread(known, problem)[0]
    t, k = problem.tables_per_round, problem.table_size
    roster = set(problem.players)
    free = known.free
    pigeonhole = sum(comb(m, 2) for m in known.counts.values())
    pigeonhole += free * sum(_table_spread(round_, roster, t) for round_ in known.rounds)
    pigeonhole += comb(free, 2) * t * table_split_repeats(k, t)
    averaging = 0
    if not problem.history:  # every round of the draw seats exactly the roster
        averaging = repeat_free_averaging_bound(problem.rounds, repeat_free_rounds_max(len(roster), k))
    return max(counting, pigeonhole, averaging)


def consecutive_repeats_bound(problem: DrawProblem) -> int:
    """Pigeonhole between consecutive rounds of the whole competition (history, fixed rounds, free
    rounds): actual count between two known rounds, ``_table_spread`` from a known round into a free
    one, t * f(k, t) between two free rounds."""
    t, k = problem.tables_per_round, problem.table_size
    known = _known(problem)
    roster = set(problem.players)
    known_rounds = len(known.rounds)
    total = 0
    for r in range(known_rounds + known.free - 1):
        if r + 1 < known_rounds:
            total += len(round_pairs(known.rounds[r]) & round_pairs(known.rounds[r + 1]))
        elif r < known_rounds:
            total += _table_spread(known.rounds[r], roster, t)
        else:
            total += t * table_split_repeats(k, t)
    return total


def max_player_repeats_bound(problem: DrawProblem, sum_bound: int, max_meetings_cap: int) -> int:
    """A player's repeats are its meetings minus its distinct partners: (k-1) meetings a free round on
    top of the known ones, among at most the roster and its known partners (R(k-1) - (N-1) without
    history). And, when no pair meets more than ``max_meetings_cap`` = M times, a pair's extra
    meetings m-1 are at least 2 C(m,2) / M, so all pairs together have ceil(2 * sum_bound / M) extra
    meetings, each counted for both players: the worst of the competition's players has at least
    ceil(2 * that / players). The known rounds alone already give their repeats: adding rounds never
    lowers them."""
    known = _known(problem)
    n, k = len(problem.players), problem.table_size
    roster = set(problem.players)
    new = known.free * (k - 1)
    bound = max(0, new - (n - 1))  # every player, without known rounds
    for p in known.partners if known.rounds else ():
        partners = known.partners.get(p, {})
        met = sum(partners.values())
        reachable = (n - 1) + sum(1 for q in partners if q not in roster)
        bound = max(bound, met + new - reachable)
    players = known.all_players
    if sum_bound > 0 and max_meetings_cap > 0 and players > 0:
        extra_meetings = ceil(2 * sum_bound / max_meetings_cap)
        bound = max(bound, ceil(2 * extra_meetings / players))
    if known.rounds:
        bound = max(bound, max_player_repeats(known.counts))
    return bound


def soft_violations_bound(problem: DrawProblem) -> int:
    """A soft group of g players spreads over t tables each free round: at least f(g, t) of its pairs
    share a table (weighted); known rounds (history and played) count with their actual violations."""
    t = problem.tables_per_round
    free_rounds = problem.rounds - len(problem.fixed_rounds)
    total = soft_violations(problem, tuple(problem.history) + tuple(problem.fixed_rounds))
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
        # No pair meets more than once a round: the weakest cap valid for every draw.
        max_player_repeats=max_player_repeats_bound(problem, sum_bound, len(problem.history) + problem.rounds),
    )


def lexicographic_lower_bound(problem: DrawProblem) -> DrawObjective:
    """A bound in the lexicographic order: every draw's objective is >= it (compared as tuples).

    Same as ``lower_bound`` except the last term, which is bounded among draws whose max_meetings is
    at its bound M (any other draw is already lexicographically worse): with M = 2 a pair's repeats
    are exactly C(m, 2), so e.g. N=8 (R=4, k=4) needs 6 repeats for the worst player, N=12 needs 3.
    A draw whose objective equals this bound is proven optimal."""
    componentwise = lower_bound(problem)
    conditional = max_player_repeats_bound(problem, componentwise.sum_repeat_pairs, componentwise.max_meetings)
    return DrawObjective(
        soft_violations=componentwise.soft_violations,
        max_meetings=componentwise.max_meetings,
        sum_repeat_pairs=componentwise.sum_repeat_pairs,
        consecutive_repeats=componentwise.consecutive_repeats,
        max_player_repeats=max(componentwise.max_player_repeats, conditional),
    )
