"""A hanchan's final scores (docs/rules.md ``mahjong.projection.outcome-space``): one variable per seat
in score steps, none below the outcome space's lowest score, summing to the table total
(``mahjong.scoring.sum-120000``). The hanchans left in one match are interchangeable (totals, place
sums and match sums do not depend on their order), so the first seat's scores are ordered."""

from __future__ import annotations

from solver.domain.projection.mahjong.model import HanchanVars, MatchVars, ProjectionModel


def add(model: ProjectionModel) -> None:
    o = model.problem.outcomes
    n = model.problem.table_size
    low = -((-o.min_score) // o.score_step)  # the lowest multiple of the step not below min_score
    total = o.table_total // o.score_step
    high = total - (n - 1) * low
    for index, match in enumerate(model.problem.remaining):
        vars_ = MatchVars(index, match.players)
        for h in range(match.hanchans):
            scores = [model.cp.new_int_var(low, high, f"m{index}h{h}s{s}") for s in range(n)]
            model.cp.add(sum(scores) == total)
            vars_.hanchans.append(HanchanVars(h, scores))
        for a, b in zip(vars_.hanchans, vars_.hanchans[1:], strict=False):
            model.cp.add(a.scores[0] >= b.scores[0])
        model.matches.append(vars_)
        for seat, player in enumerate(match.players):
            if player in model.own_matches:
                model.own_matches[player].append((vars_, seat))
