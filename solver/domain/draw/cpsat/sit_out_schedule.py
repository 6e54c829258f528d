"""A club night's sit-out schedule as a CP-SAT model (docs/rules.md ``draw.sit-out.*``,
``draw.sit-out.pins-play``): what ``sit_outs.continue_rotation`` asks when its bounded depth-first
search found no schedule keeping the pins and the rules after the played rounds.

One boolean a (round, player) not pinned in that round: the player sits out. Per round exactly
``count`` sit out; nobody sits out while someone who plays that round has sat out fewer times
(counts include the sit-outs served); one player's sit-outs at least ``spacing`` rounds apart (the
played rounds' last sit-out included); at the end the counts at most ``gap`` apart. Solved for
feasibility with one worker, a fixed seed and a deterministic-time limit: the same answer on any
machine (the draw stays reproducible).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ortools.sat.python import cp_model

from solver.domain.draw.problem import PlayerId

DETERMINISTIC_S = 2.0  # CP-SAT deterministic seconds, one worker
MAX_IMPLICATIONS = 200_000  # (round, player, player) triples the once-before-twice rule needs; larger: not tried


def cpsat_schedule(
    players: Sequence[PlayerId],
    count: int,
    rounds: int,
    served: dict[PlayerId, int],
    last: dict[PlayerId, int],
    played: int,
    spacing: int,
    gap: int,
    pinned: frozenset[tuple[int, PlayerId]],
) -> tuple[tuple[PlayerId, ...], ...] | None:
    """The sit-outs of ``rounds`` rounds after ``played`` ones (``served`` counts, ``last`` 0-based
    round of each player's last sit-out), or None (infeasible, too large, or not found in time)."""
    n = len(players)
    if rounds * n * n > MAX_IMPLICATIONS or not players:
        return None
    model = cp_model.CpModel()
    out: dict[tuple[int, PlayerId], cp_model.IntVar] = {}
    for r in range(rounds):
        for p in players:
            if (r, p) in pinned or (p in last and played + r - last[p] < spacing):
                continue  # plays: pinned, or sat out too recently in the played rounds
            out[(r, p)] = model.new_bool_var(f"out_{r}_{p}")
    total: dict[PlayerId, Any] = {p: served.get(p, 0) for p in players}  # LinearExpr: served + sit-outs so far
    for r in range(rounds):
        model.add(sum(out[(r, p)] for p in players if (r, p) in out) == count)
        for p in players:
            if (r, p) not in out:
                continue
            for q in players:
                if q == p:
                    continue
                # p sits out while q plays: q has sat out at least as often as p so far
                if (r, q) in out:
                    model.add(total[p] <= total[q]).only_enforce_if([out[(r, p)], out[(r, q)].Not()])
                else:
                    model.add(total[p] <= total[q]).only_enforce_if(out[(r, p)])
        for p in players:
            if (r, p) in out:
                total[p] = total[p] + out[(r, p)]
    for p in players:  # spread inside the redrawn rounds
        for start in range(rounds):
            window = [out[(r, p)] for r in range(start, min(rounds, start + spacing)) if (r, p) in out]
            if len(window) > 1:
                model.add(sum(window) <= 1)
    high, low = (
        model.new_int_var(0, rounds + max(served.values(), default=0), "high"),
        model.new_int_var(0, rounds + max(served.values(), default=0), "low"),
    )
    for p in players:
        model.add(high >= total[p])
        model.add(low <= total[p])
    model.add(high - low <= gap)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = DETERMINISTIC_S
    solver.parameters.max_time_in_seconds = 60.0  # the safety cut; the deterministic limit decides
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return tuple(tuple(p for p in players if (r, p) in out and solver.value(out[(r, p)])) for r in range(rounds))
