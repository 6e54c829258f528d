"""Tabu search over table draws (docs/rules.md, ``mahjong.draw.all-rounds-at-once``:
random, minimizing repeated meetings).

Moves: swap two players sitting at different tables in one round that is neither fixed (played) nor
pinned for either of them; or, for a player off a separation or moved from a previous draw,
exchange two players' whole schedules over the free rounds. The search minimizes, lexicographically, the ``Score``:

    hard separation violations          (must end at 0; a huge-penalty term, not a forbidden move,
                                          so a start that violates them can be repaired)
    the five DrawObjective terms         (objective.py is their definition; ``swap_outcome`` below is
                                          their incremental form, tested to agree with ``evaluate``)
    redraw only: players moved, then seatings moved vs ``problem.previous`` (fewest changes among
                                          equally good draws)

Incremental state: per-pair meeting counts, a histogram of those counts (for the max), each
player's number of distinct partners (repeats = meetings - distinct partners) and its histogram.
Evaluating a swap touches only the 4(k-1) pairs it changes.

History (``problem.history``: rounds played before the draw, not part of it) is held as extra rounds
in front of the draw that no move touches; players of the history who are no longer in the roster are
indexed after the roster ("absent" players, never seated in the draw), so every term counts the whole
competition exactly as ``objective.evaluate`` does. Internally round ``h + r`` is the draw's round r.

Each iteration examines a sample of "conflicted" positions: first those in a repeated or separated
pair (the objective), then, in what room is left, those only moved from a previous draw (a redraw
after the roster changed size moves nearly everyone: they must not crowd out the repeats). Whole-
schedule exchanges (a swap per free round each) are tried only while a hard separation is violated
or when no swap improves the score.

Stopping, in this order: the score reaches the target (the lexicographic lower bound: proven
optimal), ``max_iterations``, ``stall_iterations`` without a new best, the work budget
(``max_work``: units counted by ``iteration_work``, see solver/domain/draw/work.py), or the
wall-clock deadline. All but the last are deterministic: the same problem, start, seed and budget
give the same draw on any machine unless the wall-clock safety cut-off fires first (then the result
depends on machine speed, and says so: ``stopped_by == "time"``).
"""

from __future__ import annotations

import random
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from solver.domain.draw.problem import Draw, DrawObjective, DrawProblem, PlayerId

# (hard, soft, max_meetings, sum_repeat_pairs, consecutive_repeats, max_player_repeats,
#  players_moved, seatings_moved)
Score = tuple[int, int, int, int, int, int, int, int]

DENSE_PAIR_TABLE_MAX_PLAYERS = 2048


@dataclass(frozen=True)
class SearchConfig:
    """Budgets of the tabu search. All deterministic except ``deadline`` (wall clock)."""

    max_iterations: int = 200_000
    stall_iterations: int = 1_000  # stop after this many iterations without a new best
    max_work: int | None = None  # work units (``iteration_work``); None: no work budget
    restart_after: int = 400  # back to the best draw, perturbed, after this many without progress
    max_positions: int = 24  # conflicted (round, player) positions examined per iteration
    max_partner_tables: int = 48  # tables sampled as swap partners in very large rounds
    tabu_min: int = 3
    tabu_max: int = 12
    max_exchange_players: int = 4  # conflicted players whose whole schedule may be exchanged
    max_exchange_partners: int = 64  # players sampled as exchange partners


@dataclass(frozen=True)
class SearchOutcome:
    draw: Draw
    score: Score
    iterations: int
    stopped_by: str  # "target", "iterations", "stall", "work", "time", "no move"
    work: int = 0  # work units spent (deterministic)


def score_objective(score: Score) -> DrawObjective:
    """The DrawObjective part of a score."""
    return DrawObjective(*score[1:6])


class DrawState:
    """A draw under search, with the incremental bookkeeping of the objective."""

    def __init__(self, problem: DrawProblem, draw: Draw):
        self.problem = problem
        self.ids: tuple[PlayerId, ...] = tuple(problem.players)
        roster = set(self.ids)
        history = tuple(problem.history)
        absent = sorted({p for round_ in history for table in round_ for p in table if p not in roster})
        self.n_roster = len(self.ids)
        self.all_ids: tuple[PlayerId, ...] = self.ids + tuple(absent)
        self.index = {p: i for i, p in enumerate(self.all_ids)}
        n = self.n = len(self.all_ids)
        self.k = problem.table_size
        self.h = len(history)  # internal round h + r is the draw's round r
        self.rounds = self.h + problem.rounds
        self.n_tables = problem.tables_per_round
        self.history_members = [[[self.index[p] for p in table] for table in round_] for round_ in history]
        self.free_rounds = list(range(self.h + len(problem.fixed_rounds), self.rounds))

        self.hard: set[int] = set()
        self.soft: dict[int, int] = {}
        for separation in problem.separations:
            members = sorted({self.index[p] for p in separation.players if p in roster})
            for p, q in combinations(members, 2):
                key = p * n + q
                if separation.weight is None:
                    self.hard.add(key)
                else:
                    self.soft[key] = self.soft.get(key, 0) + separation.weight
        # Exchanging two players' schedules changes nothing unless constraints tell players apart.
        self.exchanges_useful = bool(problem.separations or problem.previous)
        self.pinned: list[set[int]] = [set() for _ in range(self.rounds)]
        for pin in problem.pins:
            self.pinned[self.h + pin.round].add(self.index[pin.player])

        # previous[r][p] = table of roster player p in the previous draw, -1 when p was not in it
        # (and in the history's rounds, which no move touches).
        self.previous: list[list[int]] | None = None
        if problem.previous is not None:
            self.previous = [[-1] * n for _ in range(self.h)]
            for r in range(problem.rounds):
                where = [-1] * n
                for t, table in enumerate(problem.previous[r]):
                    for pid in table:
                        if pid in roster:
                            where[self.index[pid]] = t
                self.previous.append(where)
        self.load(draw)

    # -- building -------------------------------------------------------------------------

    def load(self, draw: Draw) -> None:
        """(Re)build every structure from a draw (tables of player ids), after the history."""
        n, rounds = self.n, self.rounds
        self.members: list[list[list[int]]] = self.history_members + [
            [[self.index[p] for p in table] for table in round_] for round_ in draw
        ]
        self.tab: list[list[int]] = []
        # meetings of each player over the whole competition (constant: moves keep table sizes)
        self.total_meetings = [0] * n
        for round_ in self.members:
            where = [-1 - p for p in range(n)]  # not seated this round: a table of one's own
            for t, table in enumerate(round_):
                for p in table:
                    where[p] = t
                    self.total_meetings[p] += len(table) - 1
            self.tab.append(where)
        self.meet: list[int] | defaultdict[int, int] = [0] * (n * n) if n <= DENSE_PAIR_TABLE_MAX_PLAYERS else defaultdict(int)
        self.hist = [0] * (rounds + 2)  # hist[m] = pairs meeting m >= 1 times
        self.distinct = [0] * n
        self.sum_pairs = 0
        self.consecutive = 0
        self.hard_violations = 0
        self.soft_violations = 0
        meet = self.meet
        for r, round_ in enumerate(self.members):
            following = self.tab[r + 1] if r + 1 < rounds else None
            for table in round_:
                for p, q in combinations(table, 2):
                    key = p * n + q if p < q else q * n + p
                    m = meet[key]
                    meet[key] = m + 1
                    self.sum_pairs += m
                    if m == 0:
                        self.distinct[p] += 1
                        self.distinct[q] += 1
                    else:
                        self.hist[m] -= 1
                    self.hist[m + 1] += 1
                    if following is not None and following[p] == following[q]:
                        self.consecutive += 1
                    if key in self.hard and r >= self.h:  # separations bind the draw, not the history
                        self.hard_violations += 1
                    self.soft_violations += self.soft.get(key, 0)
        self.max_meetings = max((m for m in range(len(self.hist)) if self.hist[m]), default=0)
        self.rep_hist = [0] * (max(self.total_meetings, default=0) + 1)
        for p in range(n):
            self.rep_hist[self.total_meetings[p] - self.distinct[p]] += 1
        self.max_repeats = max((v for v in range(len(self.rep_hist)) if self.rep_hist[v]), default=0)
        self.moved_rounds = [0] * n
        self.players_moved = 0
        self.seatings_moved = 0
        if self.previous is not None:
            for r in self.free_rounds:
                for p in range(self.n_roster):
                    if self.previous[r][p] >= 0 and self.previous[r][p] != self.tab[r][p]:
                        self.moved_rounds[p] += 1
                        self.seatings_moved += 1
            self.players_moved = sum(1 for c in self.moved_rounds if c)

    def draw(self) -> Draw:
        ids = self.all_ids
        return tuple(tuple(tuple(ids[p] for p in table) for table in round_) for round_ in self.members[self.h :])

    def score(self) -> Score:
        return (
            self.hard_violations,
            self.soft_violations,
            self.max_meetings,
            self.sum_pairs,
            self.consecutive,
            self.max_repeats,
            self.players_moved,
            self.seatings_moved,
        )

    # -- moves ------------------------------------------------------------------------------

    def movable(self, r: int, p: int) -> bool:
        """``r`` is an internal round (``h`` + the draw's round)."""
        return r >= self.h + len(self.problem.fixed_rounds) and p not in self.pinned[r]

    def _pair_changes(self, r: int, a: int, b: int) -> list[tuple[int, int, int]]:
        """(p, q, +1/-1): the pairs whose meeting count a swap of a and b in round r changes."""
        tab_r = self.tab[r]
        changes = []
        for x in self.members[r][tab_r[a]]:
            if x != a:
                changes.append((a, x, -1))
                changes.append((b, x, 1))
        for y in self.members[r][tab_r[b]]:
            if y != b:
                changes.append((b, y, -1))
                changes.append((a, y, 1))
        return changes

    def swap_outcome(self, r: int, a: int, b: int) -> Score:
        """The score after swapping a and b (different tables) in round r; the state is unchanged.

        The swap breaks the pairs (a, x) for x at a's table and forms (b, x); symmetrically for b.
        Only those 4(k-1) pairs change, each by one meeting; the maxima change by at most one level
        except the per-player repeats, recomputed for the few players whose partners change."""
        n, meet, soft, hard = self.n, self.meet, self.soft, self.hard
        tab_r = self.tab[r]
        table_a, table_b = tab_r[a], tab_r[b]
        has_before, has_after = r > 0, r + 1 < self.rounds
        before = self.tab[r - 1] if has_before else tab_r
        after = self.tab[r + 1] if has_after else tab_r
        top = self.max_meetings
        rising_above_top = net_at_top = 0
        d_sum = d_consecutive = d_soft = d_hard = 0
        d_distinct = {a: 0, b: 0}
        for leaver, joiner, table in ((a, b, table_a), (b, a, table_b)):
            for x in self.members[r][table]:
                if x == leaver:
                    continue
                d_x = 0
                # (leaver, x): one meeting fewer
                key = leaver * n + x if leaver < x else x * n + leaver
                m = meet[key]
                d_sum -= m - 1
                if m == top:
                    net_at_top -= 1
                if m == 1:
                    d_distinct[leaver] -= 1
                    d_x -= 1
                if has_before and before[leaver] == before[x]:
                    d_consecutive -= 1
                if has_after and after[leaver] == after[x]:
                    d_consecutive -= 1
                if soft:
                    d_soft -= soft.get(key, 0)
                if hard and key in hard:
                    d_hard -= 1
                # (joiner, x): one meeting more
                key = joiner * n + x if joiner < x else x * n + joiner
                m = meet[key]
                d_sum += m
                if m == top:
                    rising_above_top += 1
                elif m == top - 1:
                    net_at_top += 1
                if m == 0:
                    d_distinct[joiner] += 1
                    d_x += 1
                if has_before and before[joiner] == before[x]:
                    d_consecutive += 1
                if has_after and after[joiner] == after[x]:
                    d_consecutive += 1
                if soft:
                    d_soft += soft.get(key, 0)
                if hard and key in hard:
                    d_hard += 1
                if d_x:
                    d_distinct[x] = d_x

        if rising_above_top:
            new_max = top + 1
        elif self.hist[top] + net_at_top == 0:
            new_max = top - 1  # the pairs that left the top level landed one below
        else:
            new_max = top

        new_max_repeats = self._max_repeats_after(d_distinct)

        d_players = d_seatings = 0
        if self.previous is not None:
            where = self.previous[r]
            for p, old_table, new_table in ((a, table_a, table_b), (b, table_b, table_a)):
                if where[p] >= 0:
                    change = (where[p] != new_table) - (where[p] != old_table)
                    if change:
                        d_seatings += change
                        if change > 0 and self.moved_rounds[p] == 0:
                            d_players += 1
                        elif change < 0 and self.moved_rounds[p] == 1:
                            d_players -= 1
        return (
            self.hard_violations + d_hard,
            self.soft_violations + d_soft,
            new_max,
            self.sum_pairs + d_sum,
            self.consecutive + d_consecutive,
            new_max_repeats,
            self.players_moved + d_players,
            self.seatings_moved + d_seatings,
        )

    def _max_repeats_after(self, d_distinct: dict[int, int]) -> int:
        """max_player_repeats once each player p has d_distinct[p] more distinct partners
        (a player's repeats are their meetings minus their distinct partners)."""
        top = self.max_repeats
        full = self.total_meetings
        distinct = self.distinct
        new_top = top
        leaving_top = 0
        for p, d in d_distinct.items():
            if d:
                old = full[p] - distinct[p]
                new = old - d
                if new > new_top:
                    new_top = new
                leaving_top += (old == top) - (new == top)
        if new_top > top or self.rep_hist[top] - leaving_top > 0:
            return new_top
        # The top level emptied: scan down with the changes applied (rare).
        changes: dict[int, int] = {}
        for p, d in d_distinct.items():
            if d:
                old = full[p] - distinct[p]
                changes[old] = changes.get(old, 0) - 1
                changes[old - d] = changes.get(old - d, 0) + 1
        level = top
        while level > 0 and self.rep_hist[level] + changes.get(level, 0) == 0:
            level -= 1
        return level

    def swap(self, r: int, a: int, b: int) -> None:
        """Swap a and b (at different tables) in round r, updating every structure."""
        outcome = self.swap_outcome(r, a, b)
        n, meet = self.n, self.meet
        for p, q, d in self._pair_changes(r, a, b):
            key = p * n + q if p < q else q * n + p
            m = meet[key]
            meet[key] = m + d
            if m:
                self.hist[m] -= 1
            if m + d:
                self.hist[m + d] += 1
            if (m == 0 and d > 0) or (m == 1 and d < 0):
                for player in (p, q):
                    self.rep_hist[self.total_meetings[player] - self.distinct[player]] -= 1
                    self.distinct[player] += d
                    self.rep_hist[self.total_meetings[player] - self.distinct[player]] += 1
        tab_r = self.tab[r]
        table_a, table_b = tab_r[a], tab_r[b]
        members_a, members_b = self.members[r][table_a], self.members[r][table_b]
        members_a[members_a.index(a)] = b
        members_b[members_b.index(b)] = a
        tab_r[a], tab_r[b] = table_b, table_a
        if self.previous is not None:
            where = self.previous[r]
            for p, old_table, new_table in ((a, table_a, table_b), (b, table_b, table_a)):
                if where[p] >= 0:
                    self.moved_rounds[p] += (where[p] != new_table) - (where[p] != old_table)
        (
            self.hard_violations,
            self.soft_violations,
            self.max_meetings,
            self.sum_pairs,
            self.consecutive,
            self.max_repeats,
            self.players_moved,
            self.seatings_moved,
        ) = outcome

    def exchange_rounds(self, a: int, b: int) -> list[int] | None:
        """The free rounds where a and b sit at different tables, or None when a pin holds either
        of them in such a round (then their schedules cannot be exchanged)."""
        rounds = [r for r in self.free_rounds if self.tab[r][a] != self.tab[r][b]]
        if any(a in self.pinned[r] or b in self.pinned[r] for r in rounds):
            return None
        return rounds

    def exchange(self, a: int, b: int) -> None:
        """a and b trade their whole schedules over the free rounds (a swap in each round)."""
        for r in self.exchange_rounds(a, b) or ():
            self.swap(r, a, b)

    def exchange_outcome(self, a: int, b: int) -> Score | None:
        """The score after ``exchange(a, b)``; the state is restored (a swap undoes itself)."""
        rounds = self.exchange_rounds(a, b)
        if not rounds:
            return None
        for r in rounds:
            self.swap(r, a, b)
        outcome = self.score()
        for r in reversed(rounds):
            self.swap(r, a, b)
        return outcome

    def players_off_constraints(self) -> list[int]:
        """Players in a violated separation (hard or soft) in a free round, or (redraw) moved from
        the previous draw: the ones whose schedules are worth exchanging."""
        n = self.n
        found: set[int] = set()
        for key in (*self.hard, *self.soft):
            p, q = divmod(key, n)
            if any(self.tab[r][p] == self.tab[r][q] for r in self.free_rounds):
                found.update((p, q))
        found.update(p for p in range(n) if self.moved_rounds[p])
        return sorted(found)

    def conflicted_positions(self) -> list[tuple[int, int]]:
        """Movable (round, player) positions that take part in something the score counts: a pair
        meeting more than once, a separated pair, or (redraw) a seat changed from the previous draw."""
        return self._positions(split=False)[0]

    def prioritized_positions(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The conflicted positions split by what they serve: (in a repeated or separated pair -- the
        objective --, only moved from the previous draw -- the redraw's last term)."""
        return self._positions(split=True)

    def _positions(self, split: bool) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        n, meet, hard, soft = self.n, self.meet, self.hard, self.soft
        positions: list[tuple[int, int]] = []
        moved_only: list[tuple[int, int]] = []
        for r in self.free_rounds:
            pinned = self.pinned[r]
            where = self.previous[r] if self.previous is not None else None
            for t, table in enumerate(self.members[r]):
                bad: set[int] = set()
                moved: set[int] = set()
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        key = p * n + q if p < q else q * n + p
                        if meet[key] > 1 or key in hard or key in soft:
                            bad.add(p)
                            bad.add(q)
                    if where is not None and where[p] >= 0 and where[p] != t:
                        moved.add(p)
                if not split:
                    bad |= moved
                positions.extend((r, p) for p in sorted(bad) if p not in pinned)
                moved_only.extend((r, p) for p in sorted(moved - bad) if p not in pinned)
        return positions, moved_only


def improve(
    problem: DrawProblem,
    start: Draw,
    *,
    target: DrawObjective,
    seed: int,
    deadline: float,
    config: SearchConfig = SearchConfig(),
    moved_target: int = 0,
) -> SearchOutcome:
    """Tabu search from ``start`` (which must respect pins and fixed rounds) towards ``target``
    (and, for a redraw, ``moved_target`` players moved; the seatings-moved tie-break is not a target).

    ``deadline`` is a ``time.monotonic()`` instant: the wall-clock safety cut-off."""
    rng = random.Random(seed)
    state = DrawState(problem, start)
    target_score = (0, *target.as_tuple(), moved_target)
    best = state.score()
    best_draw = state.draw()
    if best[:7] <= target_score:
        return SearchOutcome(best_draw, best, 0, "target")
    tabu: dict[tuple[int, int, int], int] = {}
    last_best = last_progress = 0
    iteration = 0
    work = 0
    stopped_by = "iterations"
    while iteration < config.max_iterations:
        if config.max_work is not None and work >= config.max_work:
            stopped_by = "work"
            break
        if time.monotonic() >= deadline:
            stopped_by = "time"
            break
        if iteration - last_best >= config.stall_iterations:
            stopped_by = "stall"
            break
        iteration += 1
        work += iteration_work(state, config)
        if iteration - last_progress > config.restart_after:
            state.load(best_draw)
            _perturb(state, rng, config)
            tabu.clear()
            last_progress = iteration
        move = _best_move(state, rng, config, tabu, iteration, best)
        if move is None:
            stopped_by = "no move"  # every free seat is pinned
            break
        r, a, b = move
        if r == EXCHANGE:
            state.exchange(a, b)
            tabu[(EXCHANGE, min(a, b), max(a, b))] = iteration + rng.randint(config.tabu_min, config.tabu_max)
        else:
            table_a, table_b = state.tab[r][a], state.tab[r][b]
            state.swap(r, a, b)
            tabu[(r, a, table_a)] = iteration + rng.randint(config.tabu_min, config.tabu_max)
            tabu[(r, b, table_b)] = iteration + rng.randint(config.tabu_min, config.tabu_max)
        score = state.score()
        if score < best:
            best, best_draw = score, state.draw()
            last_best = last_progress = iteration
            if best[:7] <= target_score:
                stopped_by = "target"
                break
    return SearchOutcome(best_draw, best, iteration, stopped_by, work)


def iteration_work(state: DrawState, config: SearchConfig) -> int:
    """The work units one iteration is charged, before it runs: a deterministic estimate of its cost
    (solver/domain/draw/work.py), from the sizes only -- one unit per swap it may evaluate (sampled
    positions times partners), plus the scan for conflicted positions over every free seat, plus the
    schedule exchanges a redraw or a separation makes possible."""
    k = state.k
    partners = min(state.n_tables, config.max_partner_tables) * k
    seats = state.n_roster * len(state.free_rounds)
    exchanges = config.max_exchange_players * min(state.n_roster, config.max_exchange_partners) if state.exchanges_useful else 0
    return config.max_positions * partners + seats * k // SEATS_SCANNED_PER_UNIT + exchanges * len(state.free_rounds)


SEATS_SCANNED_PER_UNIT = 4  # a seat scanned for conflicts costs about a quarter of a swap evaluation


def _partners(state: DrawState, r: int, a: int, rng: random.Random, config: SearchConfig) -> list[int]:
    """Players a could swap with in round r: movable, at another table (tables sampled if many)."""
    own = state.tab[r][a]
    tables: Sequence[int] = range(state.n_tables)
    if state.n_tables > config.max_partner_tables:
        tables = rng.sample(range(state.n_tables), config.max_partner_tables)
    pinned = state.pinned[r]
    return [b for t in tables if t != own for b in state.members[r][t] if b not in pinned]


EXCHANGE = -1  # the "round" of a move that exchanges two players' whole schedules


def _best_move(
    state: DrawState,
    rng: random.Random,
    config: SearchConfig,
    tabu: dict[tuple[int, int, int], int],
    iteration: int,
    best: Score,
) -> tuple[int, int, int] | None:
    """The best non-tabu move touching a conflicted position (aspiration: a tabu move that beats the
    best score is allowed); ties broken at random. None when nothing can move.

    Moves: (r, a, b) swaps a and b in round r; (EXCHANGE, a, b) trades their schedules over all
    free rounds. Exchanges matter only when players are not interchangeable (separations, a previous
    draw): e.g. a redraw that separates two players by handing one of them
    the schedule of a player nobody conflicts with moves 2 players instead of a cascade."""
    # Positions in the objective's conflicts first; those only moved from a previous draw fill what is
    # left of the sample (a size-changing redraw moves nearly everyone: they would crowd out the repeats).
    positions, moved_only = state.prioritized_positions()
    if not positions and not moved_only:
        positions = [(r, p) for r in state.free_rounds for p in range(state.n_roster) if state.movable(r, p)]
        if not positions:
            return None
    if len(positions) > config.max_positions:
        positions = rng.sample(positions, config.max_positions)
    elif moved_only:
        room = config.max_positions - len(positions)
        positions += moved_only if len(moved_only) <= room else rng.sample(moved_only, room)
    chosen: tuple[int, int, int] | None = None
    chosen_score: Score | None = None
    ties = 0
    fallback: tuple[int, int, int] | None = None

    def consider(move: tuple[int, int, int], outcome: Score, is_tabu: bool) -> None:
        nonlocal chosen, chosen_score, ties
        if is_tabu and not outcome < best:
            return
        if chosen_score is None or outcome < chosen_score:
            chosen, chosen_score, ties = move, outcome, 1
        elif outcome == chosen_score:
            ties += 1
            if rng.randrange(ties) == 0:
                chosen = move

    for r, a in positions:
        table_a = state.tab[r][a]
        for b in _partners(state, r, a, rng, config):
            if fallback is None:
                fallback = (r, a, b)
            is_tabu = tabu.get((r, a, state.tab[r][b]), 0) > iteration or tabu.get((r, b, table_a), 0) > iteration
            consider((r, a, b), state.swap_outcome(r, a, b), is_tabu)

    # Exchanges cost a swap per free round each: once the hard separations hold, they are only tried
    # where no swap improves the score (they serve the redraw's last term, fewest players moved).
    swap_improves = state.hard_violations == 0 and chosen_score is not None and chosen_score < state.score()
    if state.exchanges_useful and not swap_improves:
        players = state.players_off_constraints()
        if len(players) > config.max_exchange_players:
            players = rng.sample(players, config.max_exchange_players)
        others: Sequence[int] = range(state.n_roster)
        if state.n_roster > config.max_exchange_partners:
            others = rng.sample(range(state.n_roster), config.max_exchange_partners)
        for a in players:
            for b in others:
                if b == a:
                    continue
                outcome = state.exchange_outcome(a, b)
                if outcome is not None:
                    key = (EXCHANGE, min(a, b), max(a, b))
                    consider((EXCHANGE, a, b), outcome, tabu.get(key, 0) > iteration)
    return chosen if chosen is not None else fallback


def _perturb(state: DrawState, rng: random.Random, config: SearchConfig) -> None:
    """A few random swaps among conflicted positions (diversification after a stall)."""
    positions = state.conflicted_positions()
    if not positions:
        return
    for _ in range(max(1, min(len(positions), 1 + len(positions) // 8))):
        r, a = positions[rng.randrange(len(positions))]
        partners = _partners(state, r, a, rng, config)
        if partners:
            state.swap(r, a, partners[rng.randrange(len(partners))])


# ---------------------------------------------------------------------------------------------
# Starting points
# ---------------------------------------------------------------------------------------------


def seat_pins(problem: DrawProblem, draw: Draw) -> Draw:
    """Move every pinned player to the pinned table by swapping with an unpinned player there.
    Assumes the pins are consistent (no table pinned over capacity, one table per player and round;
    see optimize.simple_conflicts). Fixed rounds are left alone."""
    rounds = [[list(table) for table in round_] for round_ in draw]
    pinned_at: dict[tuple[int, PlayerId], int] = {(pin.round, pin.player): pin.table for pin in problem.pins}
    for pin in problem.pins:
        if pin.round < len(problem.fixed_rounds):
            continue
        tables = rounds[pin.round]
        current = next(t for t, table in enumerate(tables) if pin.player in table)
        if current == pin.table:
            continue
        target = tables[pin.table]
        j = next(i for i, p in enumerate(target) if pinned_at.get((pin.round, p)) != pin.table)
        i = tables[current].index(pin.player)
        tables[current][i], target[j] = target[j], pin.player
    return tuple(tuple(tuple(table) for table in round_) for round_ in rounds)


def random_draw(problem: DrawProblem, rng: random.Random) -> Draw:
    """Fixed rounds as given, then uniformly random free rounds, then pins seated."""
    k = problem.table_size
    rounds = list(problem.fixed_rounds)
    for _ in range(len(rounds), problem.rounds):
        order = list(problem.players)
        rng.shuffle(order)
        rounds.append(tuple(tuple(order[i : i + k]) for i in range(0, len(order), k)))
    return seat_pins(problem, tuple(rounds))
