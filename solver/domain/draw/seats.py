"""Seat (wind) balance: order the seats inside each table so that every player sits in each of the
k seats as equally often as possible. Off by default: in the mahjong league winds are shuffled by the
scoring app before each hanchan (docs/rules.md, ``mahjong.draw.no-seat-winds``); other rulesets may switch it on.

Tables are chosen first; this only reorders players inside a table (seat i = i-th id), so pins,
separations and the objective are untouched. Played (fixed) rounds keep their seat order.

View: a bipartite graph, players on one side, (round, table) on the other, an edge per seating;
a seat assignment is an edge colouring with k colours (a table sees each seat once, a player gets
distinct seats). Each player's games in the free rounds are cut into chunks of k consecutive games
(rounds, unless the player sits out some: docs/rules.md ``draw.sit-out.seat-balance-counts-games``), one vertex
per chunk, so every vertex has degree <= k and König's theorem gives a proper k-colouring: each
chunk of k rounds uses every seat exactly once. So with R = k every player sits every seat exactly
once (imbalance 0), and in general counts differ by at most 1. With fixed rounds, a final pass of
seat swaps inside tables evens out what the played rounds left uneven.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.domain.draw.problem import Draw, PlayerId


def seat_counts(draw: Draw, k: int) -> dict[PlayerId, list[int]]:
    """player -> how often they sat in seat 0..k-1."""
    counts: dict[PlayerId, list[int]] = {}
    for round_ in draw:
        for table in round_:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0] * k)[seat] += 1
    return counts


def seat_imbalance(draw: Draw, k: int) -> int:
    """max over players of (most used seat count - least used seat count)."""
    return max((max(c) - min(c) for c in seat_counts(draw, k).values()), default=0)


def _colour_edges(edges: Sequence[tuple[int, int]], n_left: int, n_right: int, k: int) -> list[int]:
    """A proper edge colouring with k colours of a bipartite multigraph of max degree <= k
    (alternating-path recolouring, the constructive proof of König's theorem)."""
    left_at = [[-1] * k for _ in range(n_left)]  # left_at[u][c] = index of the edge coloured c at u
    right_at = [[-1] * k for _ in range(n_right)]
    colour = [-1] * len(edges)
    for e, (u, v) in enumerate(edges):
        a = left_at[u].index(-1)  # free at u
        if right_at[v][a] != -1:
            b = right_at[v].index(-1)  # free at v
            # Walk v -a- u1 -b- v1 -a- ... and swap a <-> b on it; it never reaches u (a is free at u).
            path, node, on_right, c = [], v, True, a
            while True:
                nxt = right_at[node][c] if on_right else left_at[node][c]
                if nxt == -1:
                    break
                path.append(nxt)
                x, y = edges[nxt]
                node, on_right = (x, False) if on_right else (y, True)
                c = b if c == a else a
            for f in path:
                x, y = edges[f]
                left_at[x][colour[f]] = right_at[y][colour[f]] = -1
            for f in path:
                x, y = edges[f]
                colour[f] = b if colour[f] == a else a
                left_at[x][colour[f]] = right_at[y][colour[f]] = f
        colour[e] = a
        left_at[u][a] = right_at[v][a] = e
    return colour


def balance_seats(draw: Draw, k: int, fixed_rounds: int = 0) -> Draw:
    """The same tables with seats reordered for balance; the first ``fixed_rounds`` rounds unchanged."""
    players = sorted({p for round_ in draw for table in round_ for p in table})
    index = {p: i for i, p in enumerate(players)}
    free = list(range(fixed_rounds, len(draw)))
    edges: list[tuple[int, int]] = []
    right_of: list[tuple[int, int]] = []
    games = dict.fromkeys(players, 0)  # chunks of k games actually played (a club night: sit-outs skip rounds)
    for r in free:
        for t, table in enumerate(draw[r]):
            right_of.append((r, t))
            v = len(right_of) - 1
            for p in table:
                edges.append((index[p] * (len(free) // k + 1) + games[p] // k, v))
                games[p] += 1
    colours = _colour_edges(edges, len(players) * (len(free) // k + 1), len(right_of), k)
    seated = [list(list(table) for table in round_) for round_ in draw]
    for (u, v), c in zip(edges, colours):
        r, t = right_of[v]
        seated[r][t][c] = players[u // (len(free) // k + 1)]
    if fixed_rounds:
        _even_out(seated, k, free)
    return tuple(tuple(tuple(table) for table in round_) for round_ in seated)


def _even_out(seated: list[list[list[PlayerId]]], k: int, free: list[int]) -> None:
    """Swap two players' seats inside a free table while that lowers the sum over players of
    squared seat counts (a strictly decreasing integer, so this stops)."""
    counts = seat_counts(tuple(tuple(tuple(t) for t in rnd) for rnd in seated), k)
    improved = True
    while improved:
        improved = False
        for r in free:
            for table in seated[r]:
                for i in range(k):
                    for j in range(i + 1, k):
                        p, q = table[i], table[j]
                        cp, cq = counts[p], counts[q]
                        # p: seat i -> j, q: seat j -> i; change of sum of squares
                        gain = (cp[i] - 1 - cp[j]) + (cq[j] - 1 - cq[i])
                        if gain > 0:
                            cp[i] -= 1
                            cp[j] += 1
                            cq[j] -= 1
                            cq[i] += 1
                            table[i], table[j] = q, p
                            improved = True
