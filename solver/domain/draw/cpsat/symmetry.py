"""Symmetry breaking, only where it is valid for the problem at hand.

1. Table order (``order_tables``). Renumbering the tables of one round changes no objective term
   unless something refers to table numbers in that round: a pin, a fixed round, or the previous
   draw of a redraw (players_moved). In every other round, tables are ordered by their lowest
   player: if p sits at table t > 0, some q < p sits at table t - 1. Every draw has exactly one
   such numbering per round, so nothing is lost. (This also puts player 0 at table 0.)

2. Canonical first round (``canonical_first_round``). When all players are interchangeable
   (no separations, pins, fixed rounds, history or previous draw) any draw can be renamed so that round 0
   is tables (0..k-1), (k..2k-1), ...; so round 0 is fixed that way. With fixed rounds this is NOT
   valid (the played rounds single out players: round 0 fixed canonically may be forced to repeat
   a played table), nor with separations or pins, so it is skipped there.

3. Interchangeable twins (``order_twins``), with the canonical first round only. Players p and
   p + 1 who sat together in every round before r (same round-0 table, and so on) can still be
   swapped without changing anything before r; so their tables in round r are ordered,
   t_r(p) <= t_r(p + 1). This holds together with the table order of 1: build the canonical form
   round by round, within each group of twins list first the players at tables already numbered
   (by number), then the new tables one after the other; tables are then numbered by their lowest
   player and every twin group is non-decreasing. "Sat together" uses the meeting literals, which
   may only be 1 too often, and then the solver may as well set them to 0: no draw is lost.

Renaming players is done by the caller through the roster order (``players``): with a hint, the
roster is reordered so that the hint's round 0 is the canonical one; without, it is shuffled with
the problem's seed, so the published draw is random, not the canonical one.

Rounds are NOT interchangeable: consecutive_repeats depends on their order.
"""

from __future__ import annotations

from solver.domain.draw.cpsat.model import DrawModel
from solver.domain.draw.problem import Draw, DrawProblem


def players_interchangeable(problem: DrawProblem) -> bool:
    return not (problem.separations or problem.pins or problem.fixed_rounds or problem.history or problem.previous is not None)


def table_order_rounds(model: DrawModel) -> list[int]:
    """Rounds whose tables may be renumbered freely."""
    if model.problem.previous is not None:
        return []
    pinned = {pin.round for pin in model.problem.pins}
    return [r for r in range(model.num_fixed, model.num_rounds) if r not in pinned]


def order_tables(model: DrawModel, r: int) -> None:
    x = model.x
    for p in range(model.n):
        for t in range(1, model.num_tables):
            lower = [x[q][r][t - 1] for q in range(p)]
            model.cp.add_bool_or(lower + [x[p][r][t].Not()])


def canonical_first_round(model: DrawModel) -> None:
    for p in range(model.n):
        model.cp.add(model.x[p][0][p // model.k] == 1)


def order_twins(model: DrawModel, r: int) -> None:
    x, k = model.x, model.k
    for p in range(model.n - 1):
        if p // k != (p + 1) // k:
            continue  # not at one table in the canonical round 0
        together = [model.meet(p, p + 1, s) for s in range(1, r)]
        if any(isinstance(lit, int) and lit == 0 for lit in together):
            continue
        unless = [lit.Not() for lit in together if not isinstance(lit, int)]
        for t in range(model.num_tables):
            # p + 1 at table t -> p at some table <= t
            model.cp.add_bool_or([x[p + 1][r][t].Not(), *unless, *(x[p][r][u] for u in range(t + 1))])


def add(model: DrawModel) -> list[int]:
    """Adds the valid symmetry breaks; returns the rounds whose tables were ordered."""
    canonical = players_interchangeable(model.problem) and model.num_rounds > 0
    if canonical:
        canonical_first_round(model)
        model.notes.append("symmetry: round 0 fixed canonically, tables ordered by lowest player")
    rounds = table_order_rounds(model)
    for r in rounds:
        if canonical and r == 0:
            continue  # already canonical
        order_tables(model, r)
        if canonical:
            order_twins(model, r)
    return rounds


def canonical_roster(problem: DrawProblem, hint: Draw | None, rng) -> tuple[str, ...]:
    """The roster order under which ``hint`` satisfies every break above (or a seeded shuffle).

    Round 0's tables become the blocks 0..k-1, k..2k-1, ...; then, round by round, each run of
    players who sat together in every earlier round is reordered: first those at tables already
    numbered in this round (by number), then the new tables one after the other (tables are
    numbered in order of their first player). This keeps every earlier round's numbering.
    """
    if not hint:
        players = list(problem.players)
        rng.shuffle(players)
        return tuple(players)
    order = [pid for table in hint[0] for pid in table]
    if sorted(order) != sorted(problem.players):
        players = list(problem.players)
        rng.shuffle(players)
        return tuple(players)
    seat = [{pid: t for t, table in enumerate(rnd) for pid in table} for rnd in hint]
    for r in range(1, len(hint)):
        runs: list[list[str]] = []
        for pid in order:
            prev = runs[-1][-1] if runs else None
            if prev is not None and all(seat[s][prev] == seat[s][pid] for s in range(r)):
                runs[-1].append(pid)
            else:
                runs.append([pid])
        number: dict[int, int] = {}  # hint table in round r -> canonical number
        reordered: list[str] = []
        for run in runs:
            old = sorted((pid for pid in run if seat[r][pid] in number), key=lambda p: number[seat[r][p]])
            new_tables: list[int] = []
            for pid in run:
                t = seat[r][pid]
                if t not in number and t not in new_tables:
                    new_tables.append(t)
            for t in new_tables:
                number[t] = len(number)
            reordered += old + [pid for t in new_tables for pid in run if seat[r][pid] == t]
        order = reordered
    return tuple(order)


def canonical_hint(model: DrawModel, draw: Draw, rounds: list[int]) -> Draw:
    """``draw`` with the tables of ``rounds`` renumbered to satisfy ``order_tables``."""
    index = model.index
    out = []
    for r, rnd in enumerate(draw):
        if r in rounds:
            rnd = tuple(sorted(rnd, key=lambda table: min(index.get(pid, model.n) for pid in table)))
        out.append(rnd)
    return tuple(out)
