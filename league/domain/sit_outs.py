"""League's own check of a club night's sit-outs (docs/rules.md ``draw.sit-out.*``): what SaveDraw
stores and what the certificate's checker (``rondo draw --verify``) recounts, written apart from the
solver that draws them, so a draw is never checked by the code that made it.

The rules, over the rounds of a draw and the roster it seats:

* ``draw.sit-out.fair-counts``: the players' sit-out counts differ by at most one;
* ``draw.sit-out.everyone-once-before-twice``: after every round the counts so far differ by at most one;
* ``draw.sit-out.spread``: one player's sit-outs are at least ``N // per_round`` rounds apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

FAIR_COUNTS = "draw.sit-out.fair-counts"
ONCE_BEFORE_TWICE = "draw.sit-out.everyone-once-before-twice"
SPREAD = "draw.sit-out.spread"


@dataclass(frozen=True)
class SitOutBreach:
    rule: str
    round: int  # 1-based
    text: str


def sit_out_count(roster_size: int, table_size: int, per_round: int) -> int:
    """How many sit out each round: ``per_round``, or ``N mod table size`` when 0."""
    return per_round if per_round > 0 else roster_size % table_size


def who_sits_out(roster: Sequence[str], rounds: Sequence[Sequence[Sequence[str]]]) -> list[list[str]]:
    """Per round, the roster players no table seats, in roster order."""
    out = []
    for rnd in rounds:
        seated = {p for table in rnd for p in table}
        out.append([p for p in roster if p not in seated])
    return out


def sit_out_breaches(roster: Sequence[str], sit_outs: Sequence[Sequence[str]], per_round: int) -> list[SitOutBreach]:
    """Every broken sit-out rule, round by round (empty: fair)."""
    breaches: list[SitOutBreach] = []
    counts = dict.fromkeys(roster, 0)
    last: dict[str, int] = {}
    spacing = len(roster) // per_round if per_round else 0
    for r, sitting in enumerate(sit_outs, 1):
        if len(sitting) != per_round:
            breaches.append(SitOutBreach(FAIR_COUNTS, r, f"round {r}: {len(sitting)} sit out, expected {per_round}"))
        for p in sitting:
            if p not in counts:
                breaches.append(SitOutBreach(FAIR_COUNTS, r, f"round {r}: {p} sits out but is not in the roster"))
                continue
            if p in last and r - last[p] < spacing:
                breaches.append(
                    SitOutBreach(SPREAD, r, f"round {r}: {p} sat out in round {last[p]} too, closer than {spacing} rounds")
                )
            last[p] = r
            counts[p] += 1
        low, high = min(counts.values(), default=0), max(counts.values(), default=0)
        if high - low > 1:
            rule = ONCE_BEFORE_TWICE if r < len(sit_outs) else FAIR_COUNTS
            breaches.append(SitOutBreach(rule, r, f"after round {r} some sat out {high} times, others {low}"))
    return breaches
