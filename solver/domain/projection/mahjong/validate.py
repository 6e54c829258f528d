"""Checks of a mahjong projection problem (every violation at once, each naming its field)."""

from __future__ import annotations

from collections import Counter

from rondo_runtime.validation import Violations
from solver.domain.projection.problem import MahjongProjectionProblem
from solver.domain.projection.validate import (
    MAX_HANCHANS_LEFT,
    MAX_POINTS,
    check_cuts,
    check_players,
    check_run,
    is_amount,
    is_int,
)

TIE_BREAK_CRITERIA = ("total", "average_place")


def validate_mahjong_problem(problem: MahjongProjectionProblem) -> None:
    v = Violations()
    ranked = [s.player for s in problem.standings]
    check_players(v, ranked)
    for i, s in enumerate(problem.standings):
        if not is_amount(s.total):
            v.add(f"standings[{i}].total", f"points so far, an exact number within ±{MAX_POINTS}; got {s.total!r}")
        if not is_amount(s.place_sum) or s.place_sum < 0:
            v.add(f"standings[{i}].place_sum", f"the sum of hanchan places so far, not negative; got {s.place_sum!r}")
        if not is_int(s.hanchans) or not 0 <= s.hanchans <= 10_000:
            v.add(f"standings[{i}].hanchans", f"hanchans played so far, an integer from 0; got {s.hanchans!r}")
    n = len(problem.hanchan_uma)
    if not 2 <= n <= 8 or not all(is_int(x) and abs(x) <= MAX_POINTS for x in problem.hanchan_uma):
        v.add("hanchan_uma", "one integer amount per place of a table of 2 to 8")
    elif list(problem.hanchan_uma) != sorted(problem.hanchan_uma, reverse=True):
        v.add("hanchan_uma", "amounts must not increase from 1st place to last")
    if problem.match_uma is not None and (
        len(problem.match_uma) != n or not all(is_int(x) and abs(x) <= MAX_POINTS for x in problem.match_uma)
    ):
        v.add("match_uma", f"one integer amount per place ({n}), or none")
    chain = problem.tie_breaks
    if not chain or len(set(chain)) != len(chain) or any(c not in TIE_BREAK_CRITERIA for c in chain):
        v.add("tie_breaks", f"a list of distinct criteria from: {', '.join(TIE_BREAK_CRITERIA)}")
    o = problem.outcomes
    if not is_int(o.score_step) or not 1 <= o.score_step <= MAX_POINTS:
        v.add("outcomes.score_step", f"a positive integer number of points; got {o.score_step!r}")
    elif not is_int(o.table_total) or o.table_total % o.score_step or not 0 < o.table_total <= MAX_POINTS:
        v.add("outcomes.table_total", f"a positive multiple of the score step ({o.score_step}); got {o.table_total!r}")
    elif not is_int(o.min_score) or o.min_score * n > o.table_total or o.min_score < -MAX_POINTS:
        v.add("outcomes.min_score", f"at most the table total / {n} and at least {-MAX_POINTS}; got {o.min_score!r}")
    if not is_int(o.start) or abs(o.start) > MAX_POINTS:
        v.add("outcomes.start", f"start points, an integer; got {o.start!r}")
    known = set(ranked)
    seats: Counter[tuple[int, str]] = Counter()
    for i, m in enumerate(problem.remaining):
        field = f"remaining[{i}]"
        if len(m.players) != n or len(set(m.players)) != n:
            v.add(f"{field}.players", f"{n} different players at a table, got {list(m.players)}")
        if not is_int(m.hanchans) or not 1 <= m.hanchans <= MAX_HANCHANS_LEFT:
            v.add(f"{field}.hanchans", f"hanchans left, an integer from 1 to {MAX_HANCHANS_LEFT}; got {m.hanchans!r}")
        if not is_int(m.played) or not 0 <= m.played <= MAX_HANCHANS_LEFT:
            v.add(f"{field}.played", f"hanchans already played, an integer from 0; got {m.played!r}")
        if m.carried and (len(m.carried) != len(m.players) or not all(is_amount(c) for c in m.carried)):
            v.add(f"{field}.carried", "one sum so far per seat (exact points), or none")
        for p in m.players:
            if p in known:
                seats[(m.round, p)] += 1
    for (round_no, p), count in sorted(seats.items()):
        if count > 1:
            v.add("remaining", f"{p!r} sits at {count} tables in round {round_no}")
    check_cuts(v, problem.cuts, len(ranked))
    check_run(v, problem.time_limit_s, problem.num_workers, problem.players, known)
    v.raise_if_any()
