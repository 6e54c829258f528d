"""Fair sit-outs for club nights (docs/rules.md ``draw.sit-out.*``).

When N players do not fill whole tables of k, ``c`` of them sit out each round (``N mod k`` unless
the organizer gives another count with ``N - c`` a positive multiple of k). The whole evening is
drawn at once, sit-outs included, and three rules hold in every draw:

* ``draw.sit-out.fair-counts``: over the evening, the players' sit-out counts differ by at most one;
* ``draw.sit-out.everyone-once-before-twice``: after every round, the counts so far differ by at most
  one: nobody sits out a (j+1)-th time before everyone has sat out j times;
* ``draw.sit-out.spread``: one player's sit-outs are at least ``floor(N / c)`` rounds apart (the
  spacing of a rotation through the roster).

Among the draws keeping them, the usual lexicographic objective (objective.py) counts the tables
only: those sitting out meet nobody that round.

A redraw of a club night (docs/rules.md ``draw.sit-out.redraw-counts-the-evening``) keeps the rounds
already played, with their sit-outs, as ``problem.history``, and the three rules hold over the WHOLE
evening, counting the sit-outs already served: a roster player no table of a played round seats sat
out that round (a player who joined since missed those rounds, which counts the same: fewer games).
When the played rounds already left the counts apart (a roster change), ``everyone-once-before-twice``
reads "nobody sits out while someone who plays that round has sat out fewer times" (the same rule from
a fair start) and ``fair-counts`` asks the counts at the end to be as close as the rounds left allow
(``fair_gap``: at most one apart whenever that is possible). Pins (the organizer's fixed seats,
docs/rules.md ``draw.sit-out.pins-play``) are honoured: a pinned player plays the pinned round at the
pinned table, so never sits out that round.

The search (``solve_sit_out_draw``) starts from a rotation through a seeded shuffle of the roster
(fair by construction) with random tables, then runs a tabu search whose move swaps two players of
one round where the "bye" is a table like the others: two players at different tables, or one
sitting out and one playing (a sit-out move; when the one who comes to sit out already sits out in
another round where the other plays, both rounds swap, so the counts stay). A sit-out move is kept
only when the three rules still hold. The search is bounded by the problem's work budget (``MOVE_WORK`` units
a move examined), the wall clock only as the safety cut.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from rondo_runtime.errors import InvalidArgument
from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem, DrawResult, PlayerId, SolveStatus
from solver.domain.draw.redraw import players_moved

SitOuts = tuple[tuple[PlayerId, ...], ...]  # round -> the players sitting out
BYE = -1  # the "table" of those sitting out
HARD_WEIGHT = 1_000_000  # a hard separation violated, in the search's first term only
# Work units charged per move examined: about 6 800 moves a second on the 2 shared cores of the
# development machine under load, against work.py's 40 000 units a second of time budget.
MOVE_WORK = 6


def sit_out_count(n: int, k: int, requested: int) -> int:
    """How many sit out each round: ``requested``, or ``n mod k`` when 0."""
    return requested if requested > 0 else n % k


def sit_out_count_problem(n: int, k: int, requested: int) -> str | None:
    """Why ``requested`` sitting out of ``n`` players at tables of ``k`` cannot be, or None."""
    if requested < 0:
        return f"the number sitting out each round must be 0 (N mod table size) or positive, got {requested}"
    count = sit_out_count(n, k, requested)
    if n - count < k or (n - count) % k != 0:
        return (
            f"{count} sitting out of {n} players leaves {n - count} playing: it must be a positive multiple of the table size {k}"
        )
    return None


def min_spacing(n: int, count: int) -> int:
    """``draw.sit-out.spread``: the fewest rounds between two sit-outs of one player."""
    return n // count if count else 0


def fair_gap(counts: Sequence[int], count: int, rounds: int) -> int:
    """``draw.sit-out.fair-counts`` after played rounds: the smallest difference between the most and
    the fewest sit-outs the evening can end with, from ``counts`` served and ``rounds`` still to play
    with ``count`` sitting out each (at least 1; 1 from a fair start). The fewest sit out next, round
    by round: water-filling, which no other schedule beats."""
    levels = sorted(counts)
    if not levels:
        return 1
    for _ in range(rounds):
        for i in range(min(count, len(levels))):
            levels[i] += 1
        levels.sort()
    return max(1, levels[-1] - levels[0])


def sit_out_problems(
    players: Sequence[PlayerId],
    sit_outs: Sequence[Sequence[PlayerId]],
    count: int,
    served: Sequence[Sequence[PlayerId]] = (),
) -> list[str]:
    """Every broken sit-out rule of ``sit_outs`` (empty = fair): exactly ``count`` different roster
    players a round, ``draw.sit-out.fair-counts``, ``draw.sit-out.everyone-once-before-twice``,
    ``draw.sit-out.spread``. ``served``: who sat out in the rounds played before (a redraw keeps them,
    ``draw.sit-out.redraw-counts-the-evening``): they count, only the rounds of ``sit_outs`` are judged,
    numbered after them."""
    problems: list[str] = []
    roster = set(players)
    counts: Counter[PlayerId] = Counter({p: 0 for p in players})
    last: dict[PlayerId, int] = {}
    for r, sitting in enumerate(served):
        for p in dict.fromkeys(sitting):
            if p in roster:
                counts[p] += 1
                last[p] = r
    gap = fair_gap(list(counts.values()), count, len(sit_outs))
    spacing = min_spacing(len(players), count)
    for r, sitting in enumerate(sit_outs, len(served)):
        if len(sitting) != count or len(set(sitting)) != len(sitting):
            problems.append(f"round {r + 1}: {len(set(sitting))} different players sit out, expected {count}")
        out = [p for p in dict.fromkeys(sitting) if p in roster]
        problems += [f"round {r + 1}: {p} sits out but is not in the roster" for p in dict.fromkeys(sitting) if p not in roster]
        playing = [counts[p] for p in players if p not in set(out)]
        fewest_playing = min(playing, default=0)
        ahead = sorted(p for p in out if counts[p] > fewest_playing)  # sits out again while one who plays sat out less
        for p in out:
            if p in last and r - last[p] < spacing:
                problems.append(
                    f"draw.sit-out.spread: {p} sits out in rounds {last[p] + 1} and {r + 1}, less than {spacing} rounds apart"
                )
            last[p] = r
            counts[p] += 1
        if ahead:
            most = max(counts[p] for p in ahead)
            problems.append(
                f"draw.sit-out.everyone-once-before-twice: after round {r + 1} {', '.join(ahead[:5])} sat out {most} times "
                f"while others sat out {fewest_playing}"
            )
    if sit_outs and counts and max(counts.values()) - min(counts.values()) > gap:
        problems.append(f"draw.sit-out.fair-counts: sit-out counts range from {min(counts.values())} to {max(counts.values())}")
    return problems


def sitting_out(players: Sequence[PlayerId], draw: Draw) -> SitOuts:
    """Who sits out in each round of ``draw``: the roster players no table seats, in roster order."""
    out = []
    for round_ in draw:
        seated = {p for table in round_ for p in table}
        out.append(tuple(p for p in players if p not in seated))
    return tuple(out)


def rotation(players: Sequence[PlayerId], count: int, rounds: int, rng: random.Random) -> SitOuts:
    """A fair schedule: round r sits out the next ``count`` players of a seeded shuffle, cyclically."""
    order = list(players)
    rng.shuffle(order)
    n = len(order)
    return tuple(tuple(order[(r * count + i) % n] for i in range(count)) for r in range(rounds))


SCHEDULE_NODES = 5_000  # sit-out sets tried by continue_rotation's search before it keeps the greedy one
SCHEDULE_MAX_ROUNDS = 200  # deeper evenings take the greedy schedule (the search recurses once a round)


def continue_rotation(
    players: Sequence[PlayerId],
    count: int,
    rounds: int,
    rng: random.Random,
    served: Sequence[Sequence[PlayerId]] = (),
    pinned: frozenset[tuple[int, PlayerId]] = frozenset(),
) -> SitOuts:
    """A fair schedule after ``served`` rounds, keeping pinned players (``(round, player)``) in play.

    Greedy first: each round the ``count`` players with the fewest sit-outs so far sit out; among
    equals, those whose last sit-out is far enough back (``draw.sit-out.spread``), then the longest
    since their last sit-out, then a seeded shuffle (from a fair start without pins this is
    ``rotation``'s schedule). When pins or played rounds make a greedy choice break a rule later, a
    depth-first search over the other choices, in the same order, finds one that keeps every rule
    (``SCHEDULE_NODES`` sets tried at most), and failing that a CP-SAT model of the same rules
    (``cpsat/sit_out_schedule.py``, deterministic); if neither finds one the greedy schedule is answered
    and the caller reports the rule it breaks."""
    order = list(players)
    rng.shuffle(order)
    position = {p: i for i, p in enumerate(order)}
    counts = dict.fromkeys(order, 0)
    last: dict[PlayerId, int] = {}
    for r, sitting in enumerate(served):
        for p in sitting:
            if p in counts:
                counts[p] += 1
                last[p] = r
    h, spacing = len(served), min_spacing(len(order), count)
    gap = fair_gap(list(counts.values()), count, rounds)

    def ranked(r: int) -> list[PlayerId]:
        now = h + r
        return sorted(
            (p for p in order if (r, p) not in pinned),
            key=lambda p: (
                counts[p],
                p in last and now - last[p] < spacing,
                last.get(p, -1 - len(order)),
                position[p],
            ),
        )

    def keeps_rules(r: int, chosen: tuple[PlayerId, ...]) -> bool:
        now, out = h + r, set(chosen)
        fewest_playing = min((c for p, c in counts.items() if p not in out), default=0)
        return all(counts[p] <= fewest_playing and not (p in last and now - last[p] < spacing) for p in chosen)

    nodes = 0

    def search(r: int) -> list[tuple[PlayerId, ...]] | None:
        nonlocal nodes
        if r == rounds:
            return [] if max(counts.values(), default=0) - min(counts.values(), default=0) <= gap else None
        now = h + r
        kept_in = min((counts[p] for rr, p in pinned if rr == r and p in counts), default=None)
        spaced = lambda p: not (p in last and now - last[p] < spacing)  # noqa: E731
        for chosen in _fewest_first(ranked(r), counts, count, kept_in, spaced):
            nodes += 1
            if nodes > SCHEDULE_NODES:
                return None
            if not keeps_rules(r, chosen):
                continue
            before = {p: last.get(p) for p in chosen}
            for p in chosen:
                counts[p] += 1
                last[p] = h + r
            rest = search(r + 1)
            for p in chosen:
                counts[p] -= 1
                if before[p] is None:
                    del last[p]
                else:
                    last[p] = before[p]  # type: ignore[assignment]
            if rest is not None:
                return [chosen, *rest]
            if nodes > SCHEDULE_NODES:
                return None
        return None

    found = search(0) if rounds <= SCHEDULE_MAX_ROUNDS else None
    if found is not None:
        return tuple(found)
    if pinned or served:  # the exact model (cpsat/sit_out_schedule.py), deterministic like the search
        from solver.domain.draw.cpsat.sit_out_schedule import cpsat_schedule

        exact = cpsat_schedule(order, count, rounds, counts, last, h, spacing, gap, pinned)
        if exact is not None:
            return exact
    greedy = []
    for r in range(rounds):
        chosen = tuple(ranked(r)[:count])
        for p in chosen:
            counts[p] += 1
            last[p] = h + r
        greedy.append(chosen)
    return tuple(greedy)


def _fewest_first(
    ranked: list[PlayerId], counts: dict[PlayerId, int], count: int, kept_in: int | None, spaced: Callable[[PlayerId], bool]
) -> Iterator[tuple[PlayerId, ...]]:
    """The sets of ``count`` players among ``ranked`` (fewest sit-outs first) that can sit out without
    one who plays having sat out fewer times: everyone below the level the ``count``-th player reaches,
    and a choice among that level, in ranked order; none when a pinned player who plays (the fewest
    sit-outs among them: ``kept_in``) is below that level, and only players ``spaced`` (spread)."""
    if count > len(ranked):
        return
    level = counts[ranked[count - 1]]
    below = tuple(p for p in ranked if counts[p] < level)
    if (kept_in is not None and kept_in < level) or not all(map(spaced, below)):
        return
    at = [p for p in ranked if counts[p] == level and spaced(p)]
    for chosen in combinations(at, count - len(below)):
        yield below + chosen


def last_to_arrive(players: Sequence[PlayerId], count: int, rounds: int) -> SitOuts:
    """The usual practice, for comparison (bench/solver/sit_outs.py): the last ``count`` to arrive sit
    out every round."""
    return tuple(tuple(players[-count:]) for _ in range(rounds))


def sit_out_lower_bound(problem: DrawProblem, count: int) -> DrawObjective:
    """A lexicographic lower bound of every fair sit-out draw, from counting: a player who plays
    ``p`` rounds meets ``p (k - 1)`` partners among ``N - 1``, so spread as evenly as possible; fair
    counts fix how many play ``R - floor(R c / N)`` rounds and how many one fewer."""
    n, k, rounds = len(problem.players), problem.table_size, problem.rounds
    low_sits, more = divmod(rounds * count, n)  # ``more`` players sit out low_sits + 1 times
    plays = Counter({rounds - low_sits: n - more, rounds - low_sits - 1: more})
    max_plays = max(p for p, c in plays.items() if c)
    most = -(-max_plays * (k - 1) // (n - 1))
    total = 0
    for p, how_many in plays.items():
        q, rem = divmod(p * (k - 1), n - 1)
        total += how_many * (rem * comb(q + 1, 2) + (n - 1 - rem) * comb(q, 2))
    return DrawObjective(
        soft_violations=0,
        max_meetings=most if rounds else 0,
        sum_repeat_pairs=-(-total // 2),
        consecutive_repeats=0,
        max_player_repeats=max(0, max_plays * (k - 1) - (n - 1)),
    )


class _State:
    """One evening being searched: every round's tables (the bye included), meeting counts, and the
    search's score (hard, soft, max meetings, sum of C(m, 2), consecutive repeats)."""

    def __init__(self, problem: DrawProblem, count: int, sit_outs: SitOuts, rng: random.Random, start: Draw | None = None):
        self.problem, self.count = problem, count
        self.players = tuple(problem.players)
        self.k = problem.table_size
        self.served = sitting_out(self.players, problem.history)  # a redraw: the sit-outs already served
        self.pinned = {(pin.round, pin.player): pin.table for pin in problem.pins}
        self.tables: list[list[list[PlayerId]]] = []
        self.where: list[dict[PlayerId, int]] = []
        for r, sitting in enumerate(sit_outs):
            if start is not None:  # the draw a redraw replaces, when it still fits (fewest players moved)
                tables = [list(table) for table in start[r]]
            else:
                playing = [p for p in self.players if p not in set(sitting)]
                rng.shuffle(playing)
                tables = _seat_pins([playing[i : i + self.k] for i in range(0, len(playing), self.k)], r, self.pinned)
            self.tables.append(tables)
            where = {p: t for t, table in enumerate(tables) for p in table}
            where.update({p: BYE for p in sitting})
            self.where.append(where)
        self.sitting: list[list[PlayerId]] = [list(s) for s in sit_outs]
        # a redraw: where each player sat in the draw it replaces (round by round), and in how many
        # rounds each one sits elsewhere now; ``moved`` players sit elsewhere in at least one round
        previous = problem.previous or ()
        self.before: list[dict[PlayerId, int]] = [
            {p: t for t, table in enumerate(previous[r]) for p in table} if r < len(previous) else {}
            for r in range(len(self.where))
        ]
        for before in self.before:
            if before:
                before.update({p: BYE for p in self.players if p not in before})
        self.moved_rounds: Counter[PlayerId] = Counter()
        for r, where in enumerate(self.where):
            for p, t in where.items():
                if p in self.before[r] and self.before[r][p] != t:
                    self.moved_rounds[p] += 1
        self.moved = sum(1 for c in self.moved_rounds.values() if c)
        last_played = problem.history[-1] if problem.history else ()
        self.last_played = {p: t for t, table in enumerate(last_played) for p in table}  # consecutive repeats across it
        self.weights: dict[tuple[PlayerId, PlayerId], int] = {}
        hard: Counter[tuple[PlayerId, PlayerId]] = Counter()
        for s in problem.separations:
            w = HARD_WEIGHT if s.weight is None else s.weight
            for i, a in enumerate(s.players):
                for b in s.players[i + 1 :]:
                    key = (a, b) if a < b else (b, a)
                    self.weights[key] = self.weights.get(key, 0) + w
                    hard[key] += s.weight is None
        self.meetings: Counter[tuple[PlayerId, PlayerId]] = Counter()
        self.levels: Counter[int] = Counter()  # how many pairs meet m times, m >= 1
        self.separated = 0
        self.repeats = 0
        self.consecutive = 0
        for played in problem.history:  # a redraw: the played rounds' meetings count (constants in the score)
            for seated in played:
                for i, a in enumerate(seated):
                    for b in seated[i + 1 :]:
                        self._meet(-1, a, b, +1)
                        # a hard separation the played rounds broke is history, not this draw's
                        self.separated -= HARD_WEIGHT * hard[(a, b) if a < b else (b, a)]
        for r, tables in enumerate(self.tables):
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        self._meet(r, a, b, +1)

    def _meet(self, r: int, a: PlayerId, b: PlayerId, sign: int) -> None:
        key = (a, b) if a < b else (b, a)
        m = self.meetings[key]
        if sign > 0:
            self.repeats += m
            self.levels[m] -= 1 if m else 0
            self.levels[m + 1] += 1
            self.meetings[key] = m + 1
        else:
            self.repeats -= m - 1
            self.levels[m] -= 1
            if m > 1:
                self.levels[m - 1] += 1
            self.meetings[key] = m - 1
        self.separated += sign * self.weights.get(key, 0)
        if r < 0:  # a played round: no neighbours in the draw
            return
        if r == 0 and a in self.last_played and self.last_played.get(a) == self.last_played.get(b):
            self.consecutive += sign
        for other in (r - 1, r + 1):
            if 0 <= other < len(self.where):
                wa, wb = self.where[other].get(a, BYE), self.where[other].get(b, BYE)
                if wa == wb != BYE:
                    self.consecutive += sign

    def score(self) -> tuple[int, int, int, int, int]:
        top = max((m for m, c in self.levels.items() if c > 0), default=0)
        return (self.separated, top, self.repeats, self.consecutive, self.moved)

    def _moved_to(self, r: int, p: PlayerId, t: int) -> None:
        before = self.before[r].get(p)
        if before is None:
            return
        old = self.where[r][p] != before
        new = t != before
        if old != new:
            self.moved_rounds[p] += 1 if new else -1
            if self.moved_rounds[p] == (1 if new else 0):
                self.moved += 1 if new else -1

    def _table(self, r: int, t: int) -> list[PlayerId]:
        return self.sitting[r] if t == BYE else self.tables[r][t]

    def swap(self, r: int, a: PlayerId, b: PlayerId) -> None:
        """a and b exchange their places in round r (an involution: the same call undoes it)."""
        ta, tb = self.where[r][a], self.where[r][b]
        table_a, table_b = self._table(r, ta), self._table(r, tb)
        if ta != BYE:
            for p in table_a:
                if p != a:
                    self._meet(r, a, p, -1)
        if tb != BYE:
            for p in table_b:
                if p != b:
                    self._meet(r, b, p, -1)
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        self._moved_to(r, a, tb)
        self._moved_to(r, b, ta)
        self.where[r][a], self.where[r][b] = tb, ta
        if tb != BYE:
            for p in table_b:
                if p != a:
                    self._meet(r, a, p, +1)
        if ta != BYE:
            for p in table_a:
                if p != b:
                    self._meet(r, b, p, +1)

    def sit_outs(self) -> SitOuts:
        return tuple(tuple(p for p in self.players if self.where[r][p] == BYE) for r in range(len(self.where)))

    def draw(self) -> Draw:
        return tuple(tuple(tuple(t) for t in tables) for tables in self.tables)

    def fair(self) -> bool:
        return not sit_out_problems(self.players, self.sitting, self.count, self.served)

    def conflicted(self) -> list[tuple[int, PlayerId]]:
        """(round, player) positions in a repeated pair or a separated one (pinned ones stay)."""
        found: list[tuple[int, PlayerId]] = []
        for r, tables in enumerate(self.tables):
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        key = (a, b) if a < b else (b, a)
                        if self.meetings[key] > 1 or key in self.weights:
                            found.extend(x for x in ((r, a), (r, b)) if x not in self.pinned)
        return found


def _seat_pins(tables: list[list[PlayerId]], r: int, pinned: dict[tuple[int, PlayerId], int]) -> list[list[PlayerId]]:
    """Round ``r``'s tables with every player pinned in it at the pinned table (each swapped with an
    unpinned player there; the pins are consistent: optimize.simple_conflicts)."""
    for (pin_round, player), t in pinned.items():
        if pin_round != r:
            continue
        current = next(i for i, table in enumerate(tables) if player in table)
        if current == t:
            continue
        j = next(i for i, p in enumerate(tables[t]) if pinned.get((r, p)) != t)
        i = tables[current].index(player)
        tables[current][i], tables[t][j] = tables[t][j], player
    return tables


@dataclass(frozen=True)
class _Move:
    swaps: tuple[tuple[int, PlayerId, PlayerId], ...]


def _moves_for(state: _State, r: int, a: PlayerId, rng: random.Random, sample: int) -> list[_Move]:
    """Swaps of a (round r) with players elsewhere in round r: other tables, or the bye."""
    if (r, a) in state.pinned:
        return []
    others = [p for p in state.players if p != a and state.where[r][p] != state.where[r][a] and (r, p) not in state.pinned]
    if len(others) > sample:
        others = rng.sample(others, sample)
    moves = []
    for b in others:
        swaps: tuple[tuple[int, PlayerId, PlayerId], ...] = ((r, a, b),)
        if BYE in (state.where[r][a], state.where[r][b]):
            sitter, player = (a, b) if state.where[r][a] == BYE else (b, a)
            # the one who comes to sit out gives back a sit-out of another round where the sitter plays
            back = [
                r2
                for r2 in range(len(state.where))
                if r2 != r
                and state.where[r2][player] == BYE
                and state.where[r2][sitter] != BYE
                and (r2, sitter) not in state.pinned
            ]
            if back:
                swaps += ((back[0], player, sitter),)
        moves.append(_Move(swaps))
    return moves


def _apply(state: _State, move: _Move, undo: bool = False) -> None:
    for r, a, b in reversed(move.swaps) if undo else move.swaps:
        state.swap(r, a, b)
    for r, a, b in move.swaps:
        if BYE in (state.where[r][a], state.where[r][b]):
            state.sitting[r] = [p for p in state.players if state.where[r][p] == BYE]


@dataclass(frozen=True)
class SitOutSearch:
    positions: int = 12  # conflicted positions examined per iteration
    partners: int = 16  # partners tried per position
    tenure: int = 7  # iterations a moved (round, player) stays tabu
    stall: int = 400  # iterations without improvement before a random kick


def solve_sit_out_draw(problem: DrawProblem, count: int, work_budget: int, deadline: float) -> DrawResult:
    """The best fair sit-out draw found within ``work_budget`` (the module docstring); the caller has
    validated the problem."""
    started = time.monotonic()
    rng = random.Random(problem.seed)
    if problem.history:  # a redraw: the counting bound is the fresh evening's; the played rounds' own terms hold
        bound = evaluate(dataclasses.replace(problem, separations=()), ())
    else:
        bound = sit_out_lower_bound(problem, count)
    served = sitting_out(problem.players, problem.history)
    pinned = frozenset((pin.round, pin.player) for pin in problem.pins)
    if served or pinned:
        schedule = continue_rotation(problem.players, count, problem.rounds, rng, served, pinned)
    else:
        schedule = rotation(problem.players, count, problem.rounds, rng)
    start = redraw_start(problem, count, served)
    if start is not None:
        schedule = sitting_out(problem.players, start)
    state = _State(problem, count, schedule, rng, start)
    config = SitOutSearch()
    target = (0, bound.max_meetings, bound.sum_repeat_pairs, 0, 0)
    if not state.fair():  # the played rounds or the pins leave no fair evening the construction found
        if problem.pins:
            raise _pins_unfair(problem, state)
        return _unfair(problem, count, bound, work_budget, time.monotonic() - started, state)
    best_score, best = state.score(), (state.draw(), state.sit_outs())
    tabu: dict[tuple[int, PlayerId], int] = {}
    used, iteration, since_best, wall_cut = 0, 0, 0, False
    while used < work_budget and best_score > target:
        if time.monotonic() > deadline:
            wall_cut = True
            break
        iteration += 1
        positions = state.conflicted()
        if not positions:
            positions = [(r, p) for r in range(problem.rounds) for p in state.players]
        if len(positions) > config.positions:
            positions = rng.sample(positions, config.positions)
        chosen: tuple[tuple[int, int, int, int, int], _Move] | None = None
        for r, a in positions:
            for move in _moves_for(state, r, a, rng, config.partners):
                used += MOVE_WORK
                _apply(state, move)
                score = state.score()
                ok = len(move.swaps) == 1 and BYE not in (state.where[r][move.swaps[0][1]], state.where[r][move.swaps[0][2]])
                ok = ok or state.fair()
                _apply(state, move, undo=True)
                if not ok:
                    continue
                is_tabu = any(tabu.get((r2, p), 0) > iteration for r2, x, y in move.swaps for p in (x, y))
                if (not is_tabu or score < best_score) and (chosen is None or score < chosen[0]):
                    chosen = (score, move)
        if chosen is None:
            continue
        _apply(state, chosen[1])
        for r2, x, y in chosen[1].swaps:
            tabu[(r2, x)] = tabu[(r2, y)] = iteration + config.tenure + rng.randrange(3)
        if chosen[0] < best_score:
            best_score, best, since_best = chosen[0], (state.draw(), state.sit_outs()), 0
        else:
            since_best += 1
            if since_best >= config.stall:
                since_best = 0
                for _ in range(3):  # a kick: random swaps between tables of one round
                    r = rng.randrange(problem.rounds)
                    if len(state.tables[r]) > 1:
                        t1, t2 = rng.sample(range(len(state.tables[r])), 2)
                        a, b = rng.choice(state.tables[r][t1]), rng.choice(state.tables[r][t2])
                        if (r, a) not in state.pinned and (r, b) not in state.pinned:
                            state.swap(r, a, b)
    draw, sit_outs = best
    notes = [f"sit-outs: {count} a round; tabu search over tables and sit-outs, {iteration} iterations"]
    if wall_cut:
        notes.append(
            "the time limit (the wall-clock safety cut) stopped the search before its work budget: this draw cannot be re-run"
        )
    found = best_score[0] < HARD_WEIGHT
    if not found:
        notes.append("no draw respecting every hard separation was found")
    objective = evaluate(problem, draw) if found else None
    proven = objective == bound
    moved = players_moved(problem.previous, draw) if found and problem.previous is not None else None
    return DrawResult(
        status=(SolveStatus.OPTIMAL if proven else SolveStatus.FEASIBLE) if found else SolveStatus.UNKNOWN,
        draw=draw if found else (),
        objective=objective,
        lower_bound=bound,
        proven_optimal=proven,
        seed=problem.seed,
        wall_time_s=time.monotonic() - started,
        method="sit-out search",
        notes=tuple(notes),
        work_budget=work_budget,
        work_used=used,
        reproducible=not wall_cut,
        sit_outs=sit_outs if found else (),
        players_moved=moved,
        search_work_used=used,
    )


def redraw_start(problem: DrawProblem, count: int, served: SitOuts) -> Draw | None:
    """A redraw's start: the rounds still to play of the draw it replaces, when they still seat
    today's roster in whole tables with fair sit-outs over the whole evening and keep the pins (then
    the search moves from it only to lower the repeats, and fewest players); else None."""
    previous = problem.previous
    if previous is None or len(previous) != problem.rounds:
        return None
    roster, k, t = set(problem.players), problem.table_size, problem.tables_per_round
    for round_ in previous:
        seated = [p for table in round_ for p in table]
        if len(round_) != t or any(len(table) != k for table in round_) or not set(seated) <= roster:
            return None
        if len(set(seated)) != len(seated):
            return None
    where = [{p: i for i, table in enumerate(round_) for p in table} for round_ in previous]
    if any(where[pin.round].get(pin.player) != pin.table for pin in problem.pins):
        return None
    if sit_out_problems(problem.players, sitting_out(problem.players, previous), count, served):
        return None
    return tuple(tuple(tuple(table) for table in round_) for round_ in previous)


def _pins_unfair(problem: DrawProblem, state: _State) -> InvalidArgument:
    """``draw.sit-out.pins-play``: the pins keep a player in play where the fair sit-outs need them out;
    the pins of the player who sat out least are named (the first of them)."""
    counts = Counter({p: 0 for p in state.players})
    for sitting in (*state.served, *state.sit_outs()):
        counts.update(p for p in sitting if p in counts)
    pinned_players = {pin.player for pin in problem.pins}
    fewest = min((counts[p] for p in pinned_players if p in counts), default=0)
    index, pin = next((i, pin) for i, pin in enumerate(problem.pins) if counts.get(pin.player) == fewest)
    played = len(problem.history)  # a redraw: its rounds are numbered after the played ones, as the organizer counts
    rounds = sorted({played + q.round + 1 for q in problem.pins if q.player == pin.player})
    return InvalidArgument.at(f"pins[{index}]", "SIT_OUT_PINNED_UNFAIR", player=pin.player, rounds=", ".join(map(str, rounds)))


def _unfair(problem: DrawProblem, count: int, bound: DrawObjective, budget: int, wall: float, state: _State) -> DrawResult:
    """No fair evening found: the sit-out rules the construction could not keep, named."""
    broken = sit_out_problems(problem.players, state.sit_outs(), count, state.served)
    return DrawResult(
        status=SolveStatus.UNKNOWN,
        draw=(),
        objective=None,
        lower_bound=bound,
        proven_optimal=False,
        seed=problem.seed,
        wall_time_s=wall,
        method="sit-out search",
        notes=("no fair sit-outs found for the rest of the evening: " + "; ".join(broken[:3]),),
        conflicts=tuple(f"pins[{i}]" for i in range(len(problem.pins))),
        work_budget=budget,
        reproducible=True,
    )
