"""A whole mahjong season's results, generated deterministically (tests of the playoff as stored stages).

Every hanchan's final scores sum to 120 000 and differ from player to player by a few points that
depend on the player and the hanchan, so totals, match sums and average places practically never tie:
the standings and every playoff table have one finishing order.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

BASE = (45_000, 35_000, 25_000, 15_000)
SUBSTITUTE = "Sub Two"
BY = "judge Anna"


#: Player ids -> stable names (registration order): ids are random uuids, and scores derived from
#: them would differ from run to run (now and then tying two players); a test registers its ids here.
STABLE_NAMES: dict[str, str] = {}


def stable_names(ids: Sequence[str]) -> None:
    """Scores of these players (in registration order) derive from their order, not their random ids."""
    STABLE_NAMES.update({pid: f"player-{i}" for i, pid in enumerate(ids, start=1)})


def _mix(*parts: object) -> int:
    return zlib.crc32("|".join(STABLE_NAMES.get(str(p), str(p)) for p in parts).encode())


def scores(seats: Sequence[str], *where: object) -> dict[str, int]:
    """Final scores of one hanchan at a table seated ``seats`` (player ids, or a substitute's name),
    ``where`` naming the hanchan (stage, round, table, number): places by a deterministic shuffle, a
    small distinct amount on top of each place's base score; the last absorbs the rest (sum 120 000)."""
    order = sorted(seats, key=lambda p: _mix(p, *where))
    out: dict[str, int] = {}
    for i, p in enumerate(order[:-1]):
        out[p] = BASE[i] + 100 * (_mix("extra", p, *where) % 50) + 7 * i
    out[order[-1]] = 120_000 - sum(out.values())
    return {p: out[p] for p in seats}


def ranked_scores(seats: Sequence[str], best_first: Sequence[str], *where: object) -> dict[str, int]:
    """Like :func:`scores`, with the places in the order of ``best_first`` (everyone at the table)."""
    out: dict[str, int] = {}
    for i, p in enumerate(best_first[:-1]):
        out[p] = BASE[i] + 100 * (_mix("extra", p, *where) % 50) + 7 * i
    out[best_first[-1]] = 120_000 - sum(out.values())
    return {p: out[p] for p in seats}
