"""One round left: the tables apart (docs/rules.md ``mahjong.projection.tables-apart``).

When every ranked player has at most one match left, the matches are independent of one another. For
the tables without the player, the player's best result dominates: the highest final score in every
hanchan left gives both the highest total and the best average place, and no rival of another table
ranks higher against better figures. With the player's figures so fixed, the fewest rivals of each
other table that end above or level with the player is a small exact optimization of that one match
(the witness search's outcomes first, when one reaches the table's lower bound; else CP-SAT on the
match alone, proved optimal). The player's own table is not dominated that way (the table-mates level
on the lowest score share the lower places' uma, and a player a little below the best can leave two
of them lower still): its fewest is optimized apart, over every result of the player.

So the fewest rivals above or level over every outcome is at least: the own table's fewest + the
other tables' fewest (the player at the best) + the rivals of no match left. That sum at least
``places`` proves IN impossible; the fewest strictly above (the same, strictly) at least ``places``
proves the organizer's decision impossible too. The outcome made of the player's best and each other
table's optimum is the candidate witness of IN: the caller scores it again, exactly, before it claims
anything.

This settles, a few milliseconds a table, what neither the bounds (each table's zero sum only) nor the
witness search (a handful of outcomes per match) can: the tables whose rivals the player's best
figures already settle need no search.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from ortools.sat.python import cp_model

from solver.domain.projection.mahjong import hanchan_scores, hanchan_uma, match_uma, tie_break_chain, totals
from solver.domain.projection.mahjong import own_place as own_place_rule
from solver.domain.projection.mahjong.bounds import AHEAD, BELOW, FigureRange, Relations, is_certain, possible_relations
from solver.domain.projection.mahjong.model import ProjectionModel
from solver.domain.projection.mahjong.outcome import Figures, MatchScores, Scorer, SeatEffect, lead
from solver.domain.projection.mahjong.witness_search import OutcomeSpace
from solver.domain.projection.problem import MahjongProjectionProblem, PlayerId, Standing

#: a table's first pass: scores in steps this many times the grid's (a tenth of the values to search;
#: measured: the 200-player close case's seven hard tables 3 times faster)
COARSE_STEPS = 10


@dataclass(frozen=True)
class TablesApart:
    """Lower bounds over every outcome of the rivals above or level with the player
    (``fewest_not_below``) and strictly above (``fewest_ahead``; ``None`` when not counted), and the
    candidate witness of IN: an outcome of every match (``scores``: the player's best, each other table
    at its fewest)."""

    fewest_not_below: int
    fewest_ahead: int | None
    scores: tuple[MatchScores, ...]


def applies(scorer: Scorer) -> bool:
    """Every ranked player has at most one match left (one round left, or less)."""
    seen: set[PlayerId] = set()
    for m in scorer.problem.remaining:
        for q in m.players:
            if q in scorer.base:
                if q in seen:
                    return False
                seen.add(q)
    return True


def best_own_scores(scorer: Scorer, index: int, player: PlayerId) -> MatchScores:
    """The player's best result in match ``index``: the highest final score in every hanchan left."""
    p = scorer.problem
    o = p.outcomes
    m = p.remaining[index]
    low = -((-o.min_score) // o.score_step) * o.score_step
    high = o.table_total - (len(m.players) - 1) * low
    hanchan = tuple(high if q == player else low for q in m.players)
    return (hanchan,) * m.hanchans


def final_figures(scorer: Scorer, scores: Sequence[MatchScores]) -> dict[PlayerId, Figures]:
    """Every ranked player's final figures (scaled) after ``scores`` (one outcome of every match)."""
    out = dict(scorer.base)
    for i, (m, s) in enumerate(zip(scorer.problem.remaining, scores, strict=True)):
        for q, effect in zip(m.players, scorer.match(i, s), strict=True):
            if q in out:
                f = out[q]
                out[q] = Figures(f.total + effect.total, f.place_sum + effect.place_sum, f.hanchans)
    return out


def counts_against(scorer: Scorer, figures: dict[PlayerId, Figures], player: PlayerId) -> tuple[int, int]:
    """(rivals strictly above, rivals above or level) of the player under the chain."""
    chain = scorer.problem.tie_breaks
    leads = [lead(chain, f, figures[player]) for q, f in figures.items() if q != player]
    return sum(x > 0 for x in leads), sum(x >= 0 for x in leads)


def tables_apart(
    scorer: Scorer,
    ranges: dict[PlayerId, FigureRange],
    player: PlayerId,
    start: Sequence[MatchScores],
    places: int,
    space: OutcomeSpace | None = None,
) -> TablesApart | None:
    """The bounds at a cut of ``places`` (``None`` when the tables' optima were not all proved within
    the question's time limit, for all of them together, or a player has two matches left); ``ranges``: every ranked player's figure ranges
    (``bounds.figure_ranges``); ``start``: an outcome of every match, kept for the matches that do not
    matter; ``space``: the witness search's outcomes of each match. The fewest strictly above is only
    counted when the fewest above or level reach ``places``."""
    if not applies(scorer):
        return None
    p = scorer.problem
    scores = list(start)
    own = [i for i, m in enumerate(p.remaining) if player in m.players]
    for i in own:
        scores[i] = best_own_scores(scorer, i, player)
    mine = final_figures(scorer, scores)[player]
    at_best = FigureRange((mine.total, mine.total), (mine.place_sum, mine.place_sum), mine.hanchans)
    seated = {q for m in p.remaining for q in m.players}
    fixed = [lead(p.tie_breaks, f, mine) for q, f in scorer.base.items() if q != player and q not in seated]
    counts = {True: sum(x >= 0 for x in fixed), False: sum(x > 0 for x in fixed)}  # by tied_count
    open_tables: dict[int, list[Relations]] = {}
    for i, m in enumerate(p.remaining):
        relations = [possible_relations(p.tie_breaks, ranges[q], at_best) for q in m.players if q in ranges and q != player]
        if i not in own and all(is_certain(r) for r in relations):
            counts[True] += sum(BELOW not in r for r in relations)
            counts[False] += sum(AHEAD in r for r in relations)
        else:
            open_tables[i] = relations
    give_up = time.monotonic() + p.time_limit_s  # the question's time limit, for every table together
    for tied_count in (True, False):
        if not tied_count and counts[True] < places:
            return TablesApart(counts[True], None, tuple(scores))
        for i, relations in open_tables.items():
            found = fewest_at_table(scorer, i, player, mine, space, relations, tied_count, give_up - time.monotonic())
            if found is None:
                return None if tied_count else TablesApart(counts[True], None, tuple(scores))
            counts[tied_count] += found[0]
            if tied_count and i not in own:
                scores[i] = found[1]
    return TablesApart(counts[True], counts[False], tuple(scores))


def not_in_outcome(
    scorer: Scorer,
    ranges: dict[PlayerId, FigureRange],
    player: PlayerId,
    place: int,
    places: int,
    start: Sequence[MatchScores],
    space: OutcomeSpace | None = None,
) -> tuple[MatchScores, ...] | None:
    """ "What do I need", the tables apart: an outcome in which the player finishes ``place``-th or
    better in their own match and still ends out of a cut of ``places`` (``places`` or more rivals above
    or level): the own match with the most table-mates above or level the place allows, then each other
    table with the most rivals above or level against the figures that leaves the player (the witness
    search's outcomes at the table's bound, else CP-SAT's best found, every table within the question's
    time limit together). Scored again, exactly: returned only when it is such an outcome (a witness
    that the place does not make sure of the cut); ``None`` otherwise, or when it does not apply."""
    p = scorer.problem
    own = [i for i, m in enumerate(p.remaining) if player in m.players]
    if len(own) != 1 or not applies(scorer):
        return None
    give_up = time.monotonic() + p.time_limit_s
    scores = list(start)
    here = fewest_at_table(
        scorer, own[0], player, scorer.base[player], None, (), True, give_up - time.monotonic(), True, place, False
    )
    if here is None:
        return None
    scores[own[0]] = here[1]
    mine = final_figures(scorer, scores)[player]
    at_mine = FigureRange((mine.total, mine.total), (mine.place_sum, mine.place_sum), mine.hanchans)
    for i, m in enumerate(p.remaining):
        relations = [possible_relations(p.tie_breaks, ranges[q], at_mine) for q in m.players if q in ranges]
        if i == own[0] or all(is_certain(r) for r in relations):
            continue
        found = fewest_at_table(scorer, i, player, mine, space, relations, True, give_up - time.monotonic(), True, None, False)
        if found is not None:
            scores[i] = found[1]
    _, not_below = counts_against(scorer, final_figures(scorer, scores), player)
    seat = p.remaining[own[0]].players.index(player)
    placed = scorer.match(own[0], scores[own[0]])[seat].match_place <= scorer.place(place)
    return tuple(scores) if placed and not_below >= places else None


def counted_at_table(scorer: Scorer, index: int, effects: Sequence[SeatEffect], mine: Figures, tied_count: bool) -> int:
    """How many ranked players of match ``index`` end above (or level) the player after an outcome
    of the match (its ``effects``, seat by seat)."""
    m = scorer.problem.remaining[index]
    count = 0
    for q, effect in zip(m.players, effects, strict=True):
        if q in scorer.base:
            f = scorer.base[q]
            x = lead(scorer.problem.tie_breaks, Figures(f.total + effect.total, f.place_sum + effect.place_sum, f.hanchans), mine)
            count += x > 0 or (tied_count and x == 0)
    return count


def fewest_at_table(
    scorer: Scorer,
    index: int,
    player: PlayerId,
    mine: Figures,
    space: OutcomeSpace | None,
    relations: Sequence[Relations],
    tied_count: bool,
    time_limit_s: float,
    most: bool = False,
    own_place: int | None = None,
    optimal: bool = True,
) -> tuple[int, MatchScores] | None:
    """The fewest (``most``: the most) ranked players of match ``index`` ending above (or level, with
    ``tied_count``) the player, and an outcome of the match reaching it. Another table: against the
    player's fixed final figures ``mine`` (the best of ``space``'s outcomes when it reaches the bound the
    ``relations`` give, else CP-SAT's); the player's own table: over every result of the player
    (``own_place``-th or better when given; CP-SAT). ``None`` when CP-SAT did not prove it optimal
    within ``time_limit_s`` (with ``optimal`` off: found no outcome; the count is then the best found,
    a count some outcome reaches)."""
    m = scorer.problem.remaining[index]
    if most:
        bound = sum((r != {BELOW}) if tied_count else (AHEAD in r) for r in relations)
    else:
        bound = sum((BELOW not in r) if tied_count else (r == {AHEAD}) for r in relations)
    if space is not None and player not in m.players:
        counts = [counted_at_table(scorer, index, e, mine, tied_count) for e in space.effects[index]]
        best = (max if most else min)(range(len(counts)), key=counts.__getitem__)
        if counts[best] == bound:
            return bound, space.candidates[index][best]
    p = scorer.problem
    standings = {s.player: s for s in p.standings}
    rivals = [q for q in m.players if q in scorer.base and q != player]
    if player in m.players:
        fixed = standings[player]
    else:
        fixed = Standing(
            player, Fraction(mine.total, scorer.points_scale), Fraction(mine.place_sum, scorer.place_scale), mine.hanchans
        )
    alone = replace(p, standings=(fixed, *(standings[q] for q in rivals)), remaining=(m,), players=())
    give_up = time.monotonic() + time_limit_s
    coarse = p.outcomes.score_step * COARSE_STEPS
    if p.outcomes.table_total % coarse == 0:  # first on a coarser grid (its outcomes are the grid's too)
        rough = replace(alone, outcomes=replace(p.outcomes, score_step=coarse))
        found = _solve_alone(rough, player, tied_count, most, own_place, time_limit_s, optimal=True)
        if found is not None and found[0] == bound:
            return found  # at the bound the relations give: optimal on the grid too
    return _solve_alone(alone, player, tied_count, most, own_place, give_up - time.monotonic(), optimal)


def _solve_alone(
    alone: MahjongProjectionProblem,
    player: PlayerId,
    tied_count: bool,
    most: bool,
    own_place: int | None,
    time_limit_s: float,
    optimal: bool,
) -> tuple[int, MatchScores] | None:
    """CP-SAT on one match (``alone``: its players' standings, the player's first): the fewest or most
    ranked players above (or level) the player, and the match's outcome (``fewest_at_table``)."""
    if time_limit_s <= 0:
        return None
    model = ProjectionModel(alone)
    for part in (hanchan_scores, hanchan_uma, match_uma, totals):
        part.add(model)
    pairs = [tie_break_chain.add(model, q, player) for q in model.ranked if q != player]
    if own_place is not None and player in alone.remaining[0].players:
        own_place_rule.add(model, player, own_place)
    objective = sum(a + t if tied_count else a for a, t in pairs)
    if not isinstance(objective, int):  # else every rival is settled by the model's constants
        (model.cp.maximize if most else model.cp.minimize)(objective)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = time_limit_s
    solver.parameters.num_workers = alone.num_workers
    solver.parameters.linearization_level = 0  # measured: a third faster on these small matches
    status = solver.solve(model.cp)
    if status != cp_model.OPTIMAL and (optimal or status != cp_model.FEASIBLE):
        return None
    step = alone.outcomes.score_step
    outcome = tuple(tuple(solver.value(v) * step for v in h.scores) for h in model.matches[0].hanchans)
    return (objective if isinstance(objective, int) else round(solver.objective_value)), outcome
