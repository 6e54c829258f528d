"""League's own check of a club night's sit-outs (docs/rules.md ``draw.sit-out.*``): what SaveDraw
stores and what the certificate's checker (``rondo draw --verify``) recounts, written apart from the
solver that draws them, so a draw is never checked by the code that made it.

The rules, over the rounds of a draw and the roster it seats:

* ``draw.sit-out.fair-counts``: the players' sit-out counts differ by at most one;
* ``draw.sit-out.everyone-once-before-twice``: after every round the counts so far differ by at most one;
* ``draw.sit-out.spread``: one player's sit-outs are at least ``N // per_round`` rounds apart.

A redraw (``draw.sit-out.redraw-counts-the-evening``) judges only the rounds it drew, but over the
whole evening: the sit-outs served in the played rounds count (a roster player no table of a played
round seats sat it out, a newcomer included: he played fewer games). "Once before twice" is read as
"nobody sits out while someone who plays that round has sat out fewer times" (the same rule from a fair
start, and one the played rounds cannot make impossible); the final counts must be as close as the
rounds left allow (:func:`closest_counts`).
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


def redraw_keeps_sit_outs(published_sitting_out: int, roster_size: int, table_size: int) -> int | None:
    """``draw.sit-out.redraw-counts-the-evening``: the sit-out count a redraw asks for when the organizer
    names none: None for a draw without sit-outs; the published draw's count while it still leaves
    whole tables of today's roster; else 0 (N mod table size)."""
    if not published_sitting_out:
        return None
    playing = roster_size - published_sitting_out
    return published_sitting_out if playing >= table_size and playing % table_size == 0 else 0


def who_sits_out(roster: Sequence[str], rounds: Sequence[Sequence[Sequence[str]]]) -> list[list[str]]:
    """Per round, the roster players no table seats, in roster order."""
    out = []
    for rnd in rounds:
        seated = {p for table in rnd for p in table}
        out.append([p for p in roster if p not in seated])
    return out


def closest_counts(served: Sequence[int], per_round: int, rounds_left: int) -> int:
    """The least spread (most sit-outs minus fewest, at least 1) the evening can end with, from the
    counts ``served`` so far: those who sat out least sit out next, which no other order beats."""
    counts = sorted(served)
    for _ in range(rounds_left):
        counts[:per_round] = [c + 1 for c in counts[:per_round]]
        counts.sort()
    return max(1, counts[-1] - counts[0]) if counts else 1


def sit_out_breaches(
    roster: Sequence[str], sit_outs: Sequence[Sequence[str]], per_round: int, served: Sequence[Sequence[str]] = ()
) -> list[SitOutBreach]:
    """Every broken sit-out rule, round by round (empty: fair). ``served``: who sat out the rounds
    already played (a redraw keeps them); ``sit_outs`` are the rounds after them, numbered on."""
    breaches: list[SitOutBreach] = []
    counts = dict.fromkeys(roster, 0)
    last: dict[str, int] = {}
    for r, sitting in enumerate(served, 1):
        for p in sitting:
            if p in counts:
                counts[p] += 1
                last[p] = r
    allowed = closest_counts(list(counts.values()), per_round, len(sit_outs))
    spacing = len(roster) // per_round if per_round else 0
    end = len(served) + len(sit_outs)
    for r, sitting in enumerate(sit_outs, len(served) + 1):
        if len(sitting) != per_round:
            breaches.append(SitOutBreach(FAIR_COUNTS, r, f"round {r}: {len(sitting)} sit out, expected {per_round}"))
        out = set(sitting)
        fewest_playing = min((c for p, c in counts.items() if p not in out), default=0)
        ahead = False
        for p in sitting:
            if p not in counts:
                breaches.append(SitOutBreach(FAIR_COUNTS, r, f"round {r}: {p} sits out but is not in the roster"))
                continue
            if p in last and r - last[p] < spacing:
                breaches.append(
                    SitOutBreach(SPREAD, r, f"round {r}: {p} sat out in round {last[p]} too, closer than {spacing} rounds")
                )
            ahead = ahead or counts[p] > fewest_playing
            last[p] = r
            counts[p] += 1
        low, high = min(counts.values(), default=0), max(counts.values(), default=0)
        if ahead:
            rule = ONCE_BEFORE_TWICE if r < end else FAIR_COUNTS
            breaches.append(SitOutBreach(rule, r, f"after round {r} some sat out {high} times, others {low}"))
        elif r == end and high - low > allowed:
            breaches.append(SitOutBreach(FAIR_COUNTS, r, f"after round {r} some sat out {high} times, others {low}"))
    return breaches
