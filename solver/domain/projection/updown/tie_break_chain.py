"""The Up&Down chain for one player against the rivals who may finish level with him on points
(docs/rules.md ``updown.projection.tie-break-chain``; updown-league-2007 §6.2-§6.4, as league's
``rank_updown`` reads them):

* more points ranks higher;
* exactly two level on points: head-to-head, then (stage 1, ``two_tied_sonneborn_berger``)
  Sonneborn-Berger, then an extra match or the organizer: a tie;
* three or more level: the mini-table among all of them, then Sonneborn-Berger; two still equal on
  both: head-to-head (their SB is known equal); three or more still equal: a tie.

Who is level with the player depends on the outcome, so the tied set is a set of literals
(``level``) and the mini-table of each player sums his points against those of the set.

For a rival ``q``: ``ahead`` is true exactly when ``q`` ranks strictly above the player, ``tied``
exactly when the chain cannot separate them.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.domain.projection.problem import PlayerId
from solver.domain.projection.updown import sonneborn_berger
from solver.domain.projection.updown.head_to_head import scored_against
from solver.domain.projection.updown.model import Lit, UpDownModel, all_of, any_of, negation, sign, total


def at_least(model: UpDownModel, lits: Sequence[Lit], k: int) -> Lit:
    """A literal true exactly when at least ``k`` of ``lits`` are."""
    b = model.cp.new_bool_var("")
    model.cp.add(sum(lits) >= k).only_enforce_if(b)
    model.cp.add(sum(lits) <= k - 1).only_enforce_if(b.negated())
    return b


def add(model: UpDownModel, player: PlayerId, rivals: Sequence[PlayerId]) -> list[tuple[Lit, Lit]]:
    """``(ahead, tied)`` of each rival in ``rivals`` (the ones whose points may equal the player's)."""
    if not rivals:
        return []
    cp = model.cp
    p = player
    points = {q: sign(cp, model.points[q] - model.points[p]) for q in rivals}
    level: dict[PlayerId, Lit] = {p: 1, **{q: points[q][1] for q in rivals}}
    group = [p, *rivals]
    mini = {x: total(model.times(level[r], scored_against(model, x, r)) for r in group if r != x) for x in group}
    sb = {x: sonneborn_berger.of(model, x) for x in group}
    several = at_least(model, [level[q] for q in rivals], 2)
    by_mini = {q: sign(cp, mini[q] - mini[p]) for q in rivals}
    by_sb = {q: sign(cp, sb[q] - sb[p]) for q in rivals}
    equal_on_both = {q: all_of(cp, (level[q], by_mini[q][1], by_sb[q][1])) for q in rivals}
    two_left = negation(at_least(model, list(equal_on_both.values()), 2))
    sb_for_two: Lit = 1 if model.problem.two_tied_sonneborn_berger else 0
    out = []
    for q in rivals:
        h_pos, h_zero, _ = sign(cp, scored_against(model, q, p) - scored_against(model, p, q))
        m_pos, m_zero, _ = by_mini[q]
        s_pos, s_zero, _ = by_sb[q]
        ahead = any_of(
            cp,
            (
                points[q][0],
                all_of(cp, (level[q], m_pos)),
                all_of(cp, (level[q], m_zero, s_pos, any_of(cp, (several, sb_for_two)))),
                all_of(cp, (level[q], several, m_zero, s_zero, two_left, h_pos)),
            ),
        )
        tied = all_of(
            cp,
            (
                level[q],
                m_zero,
                any_of(
                    cp,
                    (
                        all_of(cp, (negation(several), any_of(cp, (1 - sb_for_two, s_zero)))),
                        all_of(cp, (several, s_zero, any_of(cp, (negation(two_left), h_zero)))),
                    ),
                ),
            ),
        )
        out.append((ahead, tied))
    return out
