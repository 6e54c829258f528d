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

The search (``solve_sit_out_draw``) starts from a rotation through a seeded shuffle of the roster
(fair by construction) with random tables, then runs a tabu search whose move swaps two players of
one round where the "bye" is a table like the others: two players at different tables, or one
sitting out and one playing (a sit-out move; when the one who comes to sit out already sits out in
another round where the other plays, both rounds swap, so the counts stay). A sit-out move is kept
only when the three rules still hold. The search is bounded by the problem's work budget (``MOVE_WORK`` units
a move examined), the wall clock only as the safety cut.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from solver.domain.draw.objective import evaluate
from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem, DrawResult, PlayerId, SolveStatus

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


def sit_out_problems(players: Sequence[PlayerId], sit_outs: Sequence[Sequence[PlayerId]], count: int) -> list[str]:
    """Every broken sit-out rule of ``sit_outs`` (empty = fair): exactly ``count`` different roster
    players a round, ``draw.sit-out.fair-counts``, ``draw.sit-out.everyone-once-before-twice``,
    ``draw.sit-out.spread``."""
    problems: list[str] = []
    roster = set(players)
    counts: Counter[PlayerId] = Counter({p: 0 for p in players})
    last: dict[PlayerId, int] = {}
    spacing = min_spacing(len(players), count)
    for r, sitting in enumerate(sit_outs):
        if len(sitting) != count or len(set(sitting)) != len(sitting):
            problems.append(f"round {r + 1}: {len(set(sitting))} different players sit out, expected {count}")
        for p in dict.fromkeys(sitting):
            if p not in roster:
                problems.append(f"round {r + 1}: {p} sits out but is not in the roster")
                continue
            if p in last and r - last[p] < spacing:
                problems.append(
                    f"draw.sit-out.spread: {p} sits out in rounds {last[p] + 1} and {r + 1}, less than {spacing} rounds apart"
                )
            last[p] = r
            counts[p] += 1
        if counts and max(counts.values()) - min(counts.values()) > 1 and r < len(sit_outs) - 1:
            most = max(counts.values())
            twice = sorted(p for p, c in counts.items() if c == most)
            problems.append(
                f"draw.sit-out.everyone-once-before-twice: after round {r + 1} {', '.join(twice[:5])} sat out {most} times "
                f"while others sat out {min(counts.values())}"
            )
    if counts and max(counts.values()) - min(counts.values()) > 1:
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

    def __init__(self, problem: DrawProblem, count: int, sit_outs: SitOuts, rng: random.Random):
        self.problem, self.count = problem, count
        self.players = tuple(problem.players)
        self.k = problem.table_size
        self.tables: list[list[list[PlayerId]]] = []
        self.where: list[dict[PlayerId, int]] = []
        for sitting in sit_outs:
            playing = [p for p in self.players if p not in set(sitting)]
            rng.shuffle(playing)
            tables = [playing[i : i + self.k] for i in range(0, len(playing), self.k)]
            self.tables.append(tables)
            where = {p: t for t, table in enumerate(tables) for p in table}
            where.update({p: BYE for p in sitting})
            self.where.append(where)
        self.sitting: list[list[PlayerId]] = [list(s) for s in sit_outs]
        self.weights: dict[tuple[PlayerId, PlayerId], int] = {}
        for s in problem.separations:
            w = HARD_WEIGHT if s.weight is None else s.weight
            for i, a in enumerate(s.players):
                for b in s.players[i + 1 :]:
                    key = (a, b) if a < b else (b, a)
                    self.weights[key] = self.weights.get(key, 0) + w
        self.meetings: Counter[tuple[PlayerId, PlayerId]] = Counter()
        self.levels: Counter[int] = Counter()  # how many pairs meet m times, m >= 1
        self.separated = 0
        self.repeats = 0
        self.consecutive = 0
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
        for other in (r - 1, r + 1):
            if 0 <= other < len(self.where):
                wa, wb = self.where[other].get(a, BYE), self.where[other].get(b, BYE)
                if wa == wb != BYE:
                    self.consecutive += sign

    def score(self) -> tuple[int, int, int, int]:
        top = max((m for m, c in self.levels.items() if c > 0), default=0)
        return (self.separated, top, self.repeats, self.consecutive)

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
        return not sit_out_problems(self.players, self.sitting, self.count)

    def conflicted(self) -> list[tuple[int, PlayerId]]:
        """(round, player) positions in a repeated pair or a separated one."""
        found: list[tuple[int, PlayerId]] = []
        for r, tables in enumerate(self.tables):
            for table in tables:
                for i, a in enumerate(table):
                    for b in table[i + 1 :]:
                        key = (a, b) if a < b else (b, a)
                        if self.meetings[key] > 1 or key in self.weights:
                            found.extend(((r, a), (r, b)))
        return found


@dataclass(frozen=True)
class _Move:
    swaps: tuple[tuple[int, PlayerId, PlayerId], ...]


def _moves_for(state: _State, r: int, a: PlayerId, rng: random.Random, sample: int) -> list[_Move]:
    """Swaps of a (round r) with players elsewhere in round r: other tables, or the bye."""
    others = [p for p in state.players if p != a and state.where[r][p] != state.where[r][a]]
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
                if r2 != r and state.where[r2][player] == BYE and state.where[r2][sitter] != BYE
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
    bound = sit_out_lower_bound(problem, count)
    state = _State(problem, count, rotation(problem.players, count, problem.rounds, rng), rng)
    config = SitOutSearch()
    target = (0, bound.max_meetings, bound.sum_repeat_pairs, 0)
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
        chosen: tuple[tuple[int, int, int, int], _Move] | None = None
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
                        state.swap(r, rng.choice(state.tables[r][t1]), rng.choice(state.tables[r][t2]))
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
    )
