"""Witnesses before CP-SAT (docs/rules.md ``mahjong.projection.bounds-first``): a quick local search over
a few outcomes of each match, scored exactly (``outcome``).

Each match may end in one of a handful of outcomes built from one hanchan pattern (repeated in every
hanchan left, or played once with the rest drawn): some seats share the points evenly, one may sit
just above the lowest score, the rest on the lowest score (so: a draw, one seat taking everything,
one seat losing everything, two winners, ...), or a draw with one seat a step up and another a step
down. Starting from the player's own best (for IN) or worst (for OUT and "not in") result and
everybody else drawing, each match in turn takes the outcome that counts best for the goal, until
the goal holds or a sweep changes nothing. With one round left the matches of the others are
independent given the player's own, so one sweep picks each one's best.

What it finds is a witness (its fate is scored, not assumed); what it does not find goes to CP-SAT,
with the last outcome as the hint. It never proves anything impossible.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence

from solver.domain.projection.mahjong.bounds import AHEAD, TIED
from solver.domain.projection.mahjong.outcome import Figures, MatchScores, Scorer, Scores, SeatEffect, lead
from solver.domain.projection.problem import Fate, PlayerId

Choice = tuple[int, ...]  # the outcome picked for each match (an index into its candidates)


class Goal(enum.Enum):
    IN = "in"  # ahead + tied <= places - 1
    OUT = "out"  # ahead >= places
    NOT_IN = "not_in"  # ahead + tied >= places (OUT or the organizer's)


def hanchan_patterns(table_total: int, step: int, min_score: int, n: int) -> list[Scores]:
    """Final scores of one hanchan: winners sharing evenly, at most one seat just above the floor, the
    rest on the floor; and the draw with one seat a step up and another a step down."""
    units = table_total // step
    low = -((-min_score) // step)
    out: dict[Scores, None] = {}
    for size in range(1, n + 1):
        for winners in itertools.combinations(range(n), size):
            rest = [s for s in range(n) if s not in winners]
            for middle in (None, *rest):
                scores = [low] * n
                if middle is not None:
                    scores[middle] = low + 1
                share, extra = divmod(units - sum(scores[s] for s in rest), size)
                if share < low:
                    continue
                for k, s in enumerate(winners):
                    scores[s] = share + (k < extra)
                out[tuple(x * step for x in scores)] = None
    draw = [units // n + (s < units % n) for s in range(n)]
    for up, down in itertools.permutations(range(n), 2):
        if draw[down] - 1 >= low:
            scores = list(draw)
            scores[up] += 1
            scores[down] -= 1
            out[tuple(x * step for x in scores)] = None
    return list(out)


def neutral_scores(table_total: int, step: int, n: int) -> Scores:
    units = table_total // step
    return tuple((units // n + (s < units % n)) * step for s in range(n))


class OutcomeSpace:
    """The candidate outcomes of every match and their effects, shared by every player's questions."""

    def __init__(self, scorer: Scorer) -> None:
        p = scorer.problem
        o = p.outcomes
        n = p.table_size
        self.scorer = scorer
        patterns = hanchan_patterns(o.table_total, o.score_step, o.min_score, n)
        neutral = neutral_scores(o.table_total, o.score_step, n)
        self.candidates: list[list[MatchScores]] = []
        self.effects: list[list[tuple[SeatEffect, ...]]] = []
        cache: dict[tuple, tuple[list[MatchScores], list[tuple[SeatEffect, ...]]]] = {}
        for index, m in enumerate(p.remaining):
            key = (m.hanchans, m.carried)
            if key not in cache:
                scores: dict[MatchScores, None] = {(neutral,) * m.hanchans: None}
                for pattern in patterns:
                    scores[(pattern,) * m.hanchans] = None
                    scores[(pattern,) + (neutral,) * (m.hanchans - 1)] = None
                listed = list(scores)
                cache[key] = (listed, [scorer.match(index, s) for s in listed])
            self.candidates.append(cache[key][0])
            self.effects.append(cache[key][1])
        self.seats: dict[PlayerId, list[tuple[int, int]]] = {q: [] for q in scorer.ranked}
        for index, m in enumerate(p.remaining):
            for seat, q in enumerate(m.players):
                if q in self.seats:
                    self.seats[q].append((index, seat))

    def figures(self, choice: Sequence[int]) -> dict[PlayerId, Figures]:
        out = {}
        for q, base in self.scorer.base.items():
            total, place_sum = base.total, base.place_sum
            for m, seat in self.seats[q]:
                e = self.effects[m][choice[m]][seat]
                total += e.total
                place_sum += e.place_sum
            out[q] = Figures(total, place_sum, base.hanchans)
        return out


def fate_of(space: OutcomeSpace, choice: Sequence[int], player: PlayerId, places: int) -> Fate:
    figures = space.figures(choice)
    chain = space.scorer.problem.tie_breaks
    mine = figures[player]
    leads = [lead(chain, f, mine) for q, f in figures.items() if q != player]
    ahead, tied = leads.count(AHEAD), leads.count(TIED)
    if ahead + tied < places:
        return Fate.IN
    if ahead >= places:
        return Fate.OUT
    return Fate.ORGANIZER_DECISION


def search(
    space: OutcomeSpace, player: PlayerId, goal: Goal, places: int, own_place: int | None = None, sweeps: int = 3
) -> tuple[Choice, bool]:
    """An outcome meeting ``goal`` at a cut of ``places`` (with the player ``own_place``-th or better in
    each own match, when given), and whether it does; else the best outcome found (a hint)."""
    scorer = space.scorer
    chain = scorer.problem.tie_breaks
    choice = [0] * len(space.candidates)  # candidate 0 is the draw
    own = space.seats[player]
    own_matches = {m for m, _ in own}
    limit = None if own_place is None else scorer.place(own_place)
    allowed = {m: [c for c, e in enumerate(space.effects[m]) if limit is None or e[seat].match_place <= limit] for m, seat in own}
    if any(not a for a in allowed.values()):
        return tuple(choice), False
    for m, seat in own:  # the player's own best result for IN, own worst otherwise
        effects = space.effects[m]

        def strength(c: int, effects: list[tuple[SeatEffect, ...]] = effects, seat: int = seat) -> tuple[int, int]:
            return effects[c][seat].total, -effects[c][seat].place_sum

        ordered = sorted(allowed[m], key=strength)
        choice[m] = ordered[-1] if goal is Goal.IN else ordered[0]
    figures = space.figures(choice)
    counted = {AHEAD} if goal is Goal.OUT else {AHEAD, TIED}
    sign = 1 if goal is Goal.IN else -1  # the cost is the count for IN, minus the count otherwise

    def counts(f: Figures, mine: Figures) -> int:
        return lead(chain, f, mine) in counted

    def done(count: int) -> bool:
        return count <= places - 1 if goal is Goal.IN else count >= places

    rivals = [q for q in scorer.ranked if q != player]
    count = sum(counts(figures[q], figures[player]) for q in rivals)
    for _ in range(sweeps):
        if done(count):
            break
        changed = False
        for m, effects in enumerate(space.effects):
            if m in own_matches:
                continue
            seated = [(seat, q) for seat, q in enumerate(scorer.problem.remaining[m].players) if q in figures and q != player]
            if not seated:
                continue
            mine = figures[player]
            old = effects[choice[m]]
            moved = {
                q: Figures(figures[q].total - old[s].total, figures[q].place_sum - old[s].place_sum, figures[q].hanchans)
                for s, q in seated
            }
            current = sum(counts(figures[q], mine) for _, q in seated)
            best, best_c = sign * current, choice[m]
            for c, e in enumerate(effects):
                value = sign * sum(
                    counts(Figures(moved[q].total + e[s].total, moved[q].place_sum + e[s].place_sum, moved[q].hanchans), mine)
                    for s, q in seated
                )
                if value < best:
                    best, best_c = value, c
            if best_c != choice[m]:
                e = effects[best_c]
                for s, q in seated:
                    figures[q] = Figures(moved[q].total + e[s].total, moved[q].place_sum + e[s].place_sum, moved[q].hanchans)
                count += sign * best - current
                choice[m] = best_c
                changed = True
                if done(count):
                    break
        if done(count):
            break
        for m, _ in own:
            best, best_c = sign * count, choice[m]
            for c in allowed[m]:
                choice[m] = c
                trial = space.figures(choice)
                value = sign * sum(counts(trial[q], trial[player]) for q in rivals)
                if value < best:
                    best, best_c = value, c
            choice[m] = best_c
            if sign * best != count:
                changed = True
                count = sign * best
            figures = space.figures(choice)
        if not changed:
            break
    return tuple(choice), done(count)
