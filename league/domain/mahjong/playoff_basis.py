"""A stored playoff whose basis the standings no longer give (docs/rules.md
``mahjong.playoff.stale-after-correction``; discard-league-2026 §1, §2, §6).

Round 1 of the playoff (stage 2) is stored with the regular places it was generated from. A correction
the organizer confirmed may change the top 8 (or the round 1 tables) afterwards: the standings then
qualify other players than the stored playoff seats. Until the organizer decides, GetStandings shows the
conflict naming both sides. His decision is recorded (append-only):

* REGENERATE: round 1 has no result yet; the stored playoff stages are removed (their tables are kept in
  the decision) and the next AdvanceStage generates round 1 from the corrected standings;
* KEEP, with his reason: the stored playoff stands as generated (its results, if any, too); the
  standings say so while the conflict is exactly the one he decided.

Pure: no I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from league.domain import texts
from league.domain.mahjong import playoff
from rondo_runtime.errors import FailedPrecondition

DECIDE = texts.PLAYOFF_DECIDE


class PlayoffDecisionKind(enum.StrEnum):
    REGENERATE = "regenerate"
    KEEP = "keep"


@dataclass(frozen=True)
class PlayoffDecision:
    """The organizer's decision on a stale playoff: what was stored and what the standings qualified
    when he decided, and (REGENERATE) the stages removed, as they were."""

    id: str
    competition_id: str
    sequence: int
    kind: PlayoffDecisionKind
    reason: str
    decided_by: str
    at: datetime
    stored: tuple[str, ...]  # the regular places round 1 was generated from
    qualified: tuple[str, ...]  # the standings' places 1-8 when he decided
    removed: tuple[Mapping, ...] = ()  # REGENERATE: each removed stage (number, name, rounds)


@dataclass(frozen=True)
class PlayoffConflict:
    """The stored round 1 and the standings disagree: who it seats that they do not qualify, who they
    qualify that it does not seat; ``kept``: the organizer's KEEP decision that covers it (then it is
    no longer an open conflict, only a note)."""

    stage: int
    stored: tuple[str, ...]
    qualified: tuple[str, ...]
    seated_not_qualified: tuple[str, ...]
    qualified_not_seated: tuple[str, ...]
    explanation: texts.Text
    kept: PlayoffDecision | None = None

    @property
    def open(self) -> bool:
        return self.kept is None


def top_places(rows: Sequence[str], unresolved_places: Sequence[str]) -> tuple[str, ...] | None:
    """Places 1-8 of the standings (ranked players, best first), or None while a tie the organizer has
    not decided lies within them (the standings cannot name the playoff then)."""
    cut = playoff.PLAYOFF_PLAYERS
    if any(int(place.split("-")[0]) <= cut for place in unresolved_places) or len(rows) < cut:
        return None
    return tuple(rows[:cut])


def playoff_conflict(
    stage: int,
    stored: Sequence[str],
    qualified: Sequence[str] | None,
    decisions: Sequence[PlayoffDecision],
    names: Mapping[str, str],
) -> PlayoffConflict | None:
    """The conflict between the stored round 1 (generated from regular places ``stored``) and the
    standings' places 1-8 (``qualified``; None: undecided), or None when they give the same tables."""
    stored = tuple(stored)
    if qualified is not None and _tables(stored) == _tables(tuple(qualified)):
        return None
    qualified = tuple(qualified or ())

    def who(players: Sequence[str]) -> str:
        return ", ".join(names.get(p, p) for p in players) or texts.NOBODY

    seated_not = tuple(p for p in stored if p not in qualified) if qualified else ()
    qualified_not = tuple(p for p in qualified if p not in stored)
    if not qualified:
        text = texts.playoff_seats_unplaceable(stage, who(stored))
    elif seated_not:
        text = texts.playoff_seats_unqualified(stage, who(seated_not), who(qualified_not))
    else:
        text = texts.playoff_seats_reordered(stage, who(_tables(qualified)[0]), who(_tables(qualified)[1]))
    kept = next(
        (
            d
            for d in reversed(decisions)
            if d.kind is PlayoffDecisionKind.KEEP and d.stored == stored and d.qualified == qualified
        ),
        None,
    )
    if kept is not None:
        text = texts.join([text, texts.playoff_kept(kept.decided_by, kept.reason)])
    else:
        text = texts.join([text, DECIDE])
    return PlayoffConflict(stage, stored, qualified, seated_not, qualified_not, text, kept)


def check_decision(conflict: PlayoffConflict | None, kind: PlayoffDecisionKind, round_1_played: bool) -> None:
    """A decision needs an open conflict; REGENERATE needs round 1 without any result (a played stage
    keeps its players: KEEP it)."""
    if conflict is None:
        raise FailedPrecondition("the stored playoff is what the standings give: there is nothing to decide")
    if not conflict.open:
        raise FailedPrecondition(f"already decided: {conflict.explanation}")
    if kind is PlayoffDecisionKind.REGENERATE and round_1_played:
        raise FailedPrecondition(
            f"stage {conflict.stage} (round 1) already has results: a played stage keeps the players it was "
            "generated with; keep it, with the reason"
        )


def _tables(places: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return tuple(sorted(places[0::2])), tuple(sorted(places[1::2]))
