"""Redraws: replacing a draw after a roster change, keeping the played rounds (docs/rules.md,
``mahjong.draw.redraw-keeps-played-rounds``, discard-league-2026 §6.1: withdrawals and substitutes;
the organizer approves the tables again).

A redraw keeps the rounds already played -- as ``problem.fixed_rounds`` (part of the draw) or as
``problem.history`` (before the draw, counted in the objective; what league sends) -- and, among
equally good draws, prefers the one that moves the fewest players from the previous draw.

"Moved", by player id: a player of the new draw is moved when, in some round both draws have (played
rounds excluded: they are identical), it sits at another table number than in the previous draw.
Seat order inside a table is not a move. Players the previous draw does not seat (substitutes,
reserves who joined) have nowhere to stay and never count as moved; players who left are not in the
new draw and do not count either. The organizer's ``draw_diff`` lists exactly these players per round.
"""

from __future__ import annotations

from itertools import combinations

from solver.domain.draw.problem import Draw, DrawProblem, PlayerId


def _table_of(round_: tuple) -> dict[PlayerId, int]:
    return {player: t for t, table in enumerate(round_) for player in table}


def moved_in_round(previous_round: tuple, new_round: tuple) -> list[PlayerId]:
    """Players seated in both rounds whose table number changed, in the new round's seating order."""
    before = _table_of(previous_round)
    return [player for t, table in enumerate(new_round) for player in table if player in before and before[player] != t]


def players_moved(previous: Draw, new: Draw, from_round: int = 0) -> int:
    """How many players changed table in at least one round ``>= from_round`` (rounds before it are
    the played ones, identical by construction)."""
    moved: set[PlayerId] = set()
    for r in range(from_round, min(len(previous), len(new))):
        moved.update(moved_in_round(previous[r], new[r]))
    return len(moved)


def draw_diff(previous: Draw, new: Draw) -> list[tuple[int, list[PlayerId]]]:
    """For the organizer's review: per round (0-based, every round both draws have), the players
    whose table changed, sorted by id."""
    return [(r, sorted(moved_in_round(previous[r], new[r]))) for r in range(min(len(previous), len(new)))]


def previous_as_start(problem: DrawProblem) -> Draw:
    """The previous draw adapted to today's roster, as the local search's starting point: fixed
    rounds verbatim; in every other round each roster player keeps the previous table (and seat)
    when it still exists; a newcomer (a roster player the previous draw does not seat) takes the
    seat of one player who left, the same one in every round (docs/rules.md
    ``mahjong.draw.newcomer-takes-departed-seat``: those who left in order of first appearance in the
    previous draw, newcomers in roster order), and the seats still empty (removed tables, more
    departures than newcomers) are filled with the players still waiting, in roster order. Pins are
    seated afterwards by the caller (local_search.seat_pins)."""
    assert problem.previous is not None
    k, t = problem.table_size, problem.tables_per_round
    roster = set(problem.players)
    seen: dict[PlayerId, None] = {}
    for round_ in problem.previous:
        for table in round_:
            for player in table:
                seen.setdefault(player, None)
    departed = [p for p in seen if p not in roster]
    newcomers = [p for p in problem.players if p not in seen]
    successor = dict(zip(departed, newcomers))
    rounds = list(problem.fixed_rounds)
    for r in range(len(rounds), problem.rounds):
        old = problem.previous[r] if r < len(problem.previous) else ()
        tables: list[list[PlayerId | None]] = []
        placed: set[PlayerId] = set()
        for index in range(t):
            previous_table = old[index] if index < len(old) else ()
            seats: list[PlayerId | None] = []
            for previous_player in previous_table[:k]:
                seated = previous_player if previous_player in roster else successor.get(previous_player)
                if seated is not None and seated not in placed:
                    seats.append(seated)
                    placed.add(seated)
                else:
                    seats.append(None)
            seats += [None] * (k - len(seats))
            tables.append(seats)
        waiting = iter([p for p in problem.players if p not in placed])
        rounds.append(tuple(tuple(p if p is not None else next(waiting) for p in seats) for seats in tables))
    return tuple(rounds)


def players_moved_lower_bound(problem: DrawProblem) -> int:
    """Players any redraw must move (0 without a previous draw):
    - a player pinned, in a free round, to another table than the previous draw's;
    - for every pair of a hard separation sharing a previous table in a free round, one of the two
      (a greedy matching of those pairs is a valid lower bound of the vertex cover they need);
    - and when nobody joined or left (same players, same tables), anyone leaving a table makes
      someone else take the seat: one move means at least two."""
    if problem.previous is None:
        return 0
    roster = set(problem.players)
    free = range(len(problem.fixed_rounds), problem.rounds)
    where = [_table_of(problem.previous[r]) for r in range(problem.rounds)]
    forced = {
        pin.player
        for pin in problem.pins
        if pin.round in free and pin.player in where[pin.round] and where[pin.round][pin.player] != pin.table
    }
    matched: set[PlayerId] = set(forced)
    pairs = 0
    for separation in problem.separations:
        if separation.weight is not None:
            continue
        for a, b in combinations(sorted(set(separation.players) & roster), 2):
            if a in matched or b in matched:
                continue
            if any(a in where[r] and where[r].get(a) == where[r].get(b) for r in free):
                matched.update((a, b))
                pairs += 1
    bound = len(forced) + pairs
    same_players = all(set(where[r]) == roster and len(problem.previous[r]) == problem.tables_per_round for r in free)
    if bound == 1 and same_players:
        bound = 2
    return bound
