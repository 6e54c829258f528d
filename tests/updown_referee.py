"""An independent recount of an Up&Down stage's order (updown-league-2007 §6.1-§6.4), sharing no code
with ``league.domain.updown.standings``.

The engine splits a tie step by step, recursively; this referee reads the regulation as sort keys over
a dense score matrix instead: points; then for two tied their head-to-head (and in stage 1 SB); for
three or more the pair (mini-table of all of them, SB), and for each pair left equal their
head-to-head (§6.2.4). What stays equal is one class, unresolved. Games are plain tuples
``(white, black, white_points, black_points)``: no withdrawals, nothing annulled or late.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

ScoredPair = tuple[str, str, int, int]


@dataclass(frozen=True)
class RefereeClass:
    place: str  # "3" or "3-5"
    players: frozenset[str]
    unresolved: bool


def score_matrix(players: Sequence[str], games: Sequence[ScoredPair]) -> list[list[int]]:
    """matrix[i][j]: the points player i scored against player j over the stage's games."""
    index = {p: i for i, p in enumerate(players)}
    matrix = [[0] * len(players) for _ in players]
    for white, black, wp, bp in games:
        matrix[index[white]][index[black]] += wp
        matrix[index[black]][index[white]] += bp
    return matrix


def recount(
    players: Sequence[str],
    games: Sequence[ScoredPair],
    carried: Mapping[str, int] | None = None,
    stage: int = 1,
    sb_counts_carried: bool = True,
) -> tuple[dict[str, int], dict[str, int], list[RefereeClass]]:
    """Points (carried included), SB and the classes best first."""
    carried = carried or {}
    index = {p: i for i, p in enumerate(players)}
    matrix = score_matrix(players, games)
    stage_points = [sum(row) for row in matrix]
    points = {p: carried.get(p, 0) + stage_points[index[p]] for p in players}
    final = [stage_points[i] + (carried.get(p, 0) if sb_counts_carried else 0) for i, p in enumerate(players)]
    sb = {p: sum(matrix[index[p]][j] * final[j] for j in range(len(players))) for p in players}

    def among(p: str, group: Sequence[str]) -> int:
        return sum(matrix[index[p]][index[q]] for q in group if q != p)

    def classes_by(group: Sequence[str], key) -> list[list[str]]:
        values = sorted({key(p) for p in group}, reverse=True)
        return [[p for p in group if key(p) == v] for v in values]

    def two(pair: list[str], sb_known_equal: bool) -> list[tuple[list[str], bool]]:
        if stage == 1 and not sb_known_equal:
            parts = classes_by(pair, lambda p: (among(p, pair), sb[p]))
        else:
            parts = classes_by(pair, lambda p: among(p, pair))
        return [(c, len(c) > 1) for c in parts]

    ordered: list[tuple[list[str], bool]] = []
    for tied in classes_by(players, lambda p: points[p]):
        if len(tied) == 1:
            ordered.append((tied, False))
        elif len(tied) == 2:
            ordered.extend(two(tied, sb_known_equal=False))
        else:
            for part in classes_by(tied, lambda p, tied=tied: (among(p, tied), sb[p])):
                if len(part) == 2:
                    ordered.extend(two(part, sb_known_equal=True))
                else:
                    ordered.append((part, len(part) > 1))
    out: list[RefereeClass] = []
    first = 1
    for part, unresolved in ordered:
        last = first + len(part) - 1
        out.append(RefereeClass(str(first) if last == first else f"{first}-{last}", frozenset(part), unresolved))
        first = last + 1
    return points, sb, out
