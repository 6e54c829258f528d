"""A player's disqualification as a stored fact: who, in which stage, why, by whom and when.

Generic on purpose (docs/rules.md ``cup.disqualification.through-service``): every competition sets
the player's status to DISQUALIFIED with the reason; the cup also needs the stage it happened in,
because his later opponents win technically from that stage on (open-cup-2023 6.4). Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class PlayerDisqualification:
    id: str
    competition_id: str
    player_id: str
    stage: int  # the competition's stage open when he was disqualified (0: before any stage or draw)
    reason: str
    recorded_by: str
    recorded_at: datetime
