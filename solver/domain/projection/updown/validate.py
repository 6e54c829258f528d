"""Checks of an Up&Down projection problem (every violation at once, each naming its field)."""

from __future__ import annotations

from collections import Counter

from rondo_runtime.validation import Violations
from solver.domain.projection.updown.problem import UpDownProjectionProblem
from solver.domain.projection.validate import MAX_POINTS, check_cuts, check_players, check_run, is_int

MAX_GAMES_LEFT = 100_000
MAX_SCORED = 4_000_000  # pairs of (player, opponent)


def validate_updown_problem(problem: UpDownProjectionProblem) -> None:
    v = Violations()
    everyone = [s.player for s in problem.standings]
    check_players(v, everyone)
    ranked = set(problem.ranked)
    if not ranked:
        v.add("standings", "at least one ranked player (not withdrawn)")
    for i, s in enumerate(problem.standings):
        if not is_int(s.points) or not 0 <= s.points <= MAX_POINTS:
            v.add(f"standings[{i}].points", f"points so far, an integer from 0 to {MAX_POINTS}; got {s.points!r}")
        if not is_int(s.carried) or not 0 <= s.carried <= (s.points if is_int(s.points) else MAX_POINTS):
            v.add(f"standings[{i}].carried", f"points carried from stage 1, from 0 to the points so far; got {s.carried!r}")
        if not isinstance(s.ranked, bool):
            v.add(f"standings[{i}].ranked", f"true or false; got {s.ranked!r}")
    known = set(everyone)
    if len(problem.scored) > MAX_SCORED:
        v.add("scored", f"at most {MAX_SCORED} pairs, got {len(problem.scored)}")
    else:
        for i, pair in enumerate(problem.scored):
            if pair.player not in known or pair.opponent not in known or pair.player == pair.opponent:
                v.add(f"scored[{i}]", f"two different players of the standings, got {pair.player!r} and {pair.opponent!r}")
            if not is_int(pair.points) or not 0 <= pair.points <= MAX_POINTS:
                v.add(f"scored[{i}].points", f"points scored so far, an integer from 0; got {pair.points!r}")
    if len(problem.remaining) > MAX_GAMES_LEFT:
        v.add("remaining", f"at most {MAX_GAMES_LEFT} games left, got {len(problem.remaining)}")
    else:
        seats: Counter[tuple[int, str]] = Counter()
        for i, g in enumerate(problem.remaining):
            field = f"remaining[{i}]"
            if g.white not in ranked or g.black not in ranked or g.white == g.black:
                v.add(
                    field, f"two different ranked players (a withdrawn player has no game left), got {g.white!r} and {g.black!r}"
                )
            if not is_int(g.win) or not 1 <= g.win <= 1_000:
                v.add(f"{field}.win", f"the winner's points, an integer from 1 to 1000; got {g.win!r}")
            if not is_int(g.round) or not is_int(g.table) or g.round < 0 or g.table < 0:
                v.add(f"{field}.round", f"round and table, integers from 0; got {g.round!r} and {g.table!r}")
            else:
                for p in (g.white, g.black):
                    seats[(g.round, p)] += 1
        for (round_no, p), count in sorted(seats.items()):
            if round_no and count > 1:
                v.add("remaining", f"{p!r} plays {count} games in round {round_no}")
    for name in ("two_tied_sonneborn_berger", "sb_counts_carried", "unplayed_possible"):
        if not isinstance(getattr(problem, name), bool):
            v.add(name, f"true or false; got {getattr(problem, name)!r}")
    check_cuts(v, problem.cuts, len(ranked))
    check_run(v, problem.time_limit_s, problem.num_workers, problem.players, ranked)
    v.raise_if_any()
