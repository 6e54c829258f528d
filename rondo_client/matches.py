"""A competition's matches and how far their results are, read from the gateway's answers.

A match is a table of a round of a stage: stage 1 of a mahjong league is the published draw (GetSeating),
every other stage a stored stage (GetStage: a cup's or an Up&Down league's pairings, the mahjong playoff).
A table of one is a pass (a cup's bye) and no match. Its results are the records ListResultRecords
answers; only a CONFIRMED record that no later record replaced is scored.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rondo.gateway.v1 import competitions_pb2, draws_pb2, results_pb2, stages_pb2

#: Records waiting for someone: the table's confirmation (REPORTED) or a judge (DISPUTED).
PENDING = (results_pb2.RECORD_STATUS_REPORTED, results_pb2.RECORD_STATUS_DISPUTED)
#: A drawn cup game: replayed as the next game of the series, it decides nothing.
DRAWN_GAME = "="
#: A mahjong match's hanchans when the ruleset's data does not say (discard-league-2026).
DEFAULT_HANCHANS_PER_MATCH = 3


class MatchKind(enum.Enum):
    """How a match is scored: hanchans at a mahjong table, or 1-vs-1 games (the cup, Up&Down)."""

    HANCHANS = "hanchans"
    GAMES = "games"


def match_kind(ruleset_kind: int) -> MatchKind:
    """A cup's and an Up&Down league's matches are games; everything else a mahjong table's hanchans."""
    one_vs_one = (competitions_pb2.RULESET_KIND_CUP, competitions_pb2.RULESET_KIND_UPDOWN)
    return MatchKind.GAMES if ruleset_kind in one_vs_one else MatchKind.HANCHANS


def hanchans_per_match(ruleset_data_json: str) -> int:
    """The hanchans of a regular-stage match from a ruleset version's data (ListRulesetVersions)."""
    try:
        data = json.loads(ruleset_data_json or "{}")
    except ValueError:
        return DEFAULT_HANCHANS_PER_MATCH
    value = data.get("hanchans_per_match") if isinstance(data, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else DEFAULT_HANCHANS_PER_MATCH


@dataclass(frozen=True)
class MatchRef:
    """One match: round and table from 1 within its stage, its players in seat (pairing) order."""

    competition_id: str
    stage: int
    round: int
    table: int
    player_ids: tuple[str, ...]

    @property
    def key(self) -> str:
        """The scheduling key OpenRoundScheduling gives the match: ``<competition>/<stage>/<round>/<table>``."""
        return f"{self.competition_id}/{self.stage}/{self.round}/{self.table}"


def seating_matches(competition_id: str, seating: draws_pb2.Seating) -> list[MatchRef]:
    """Stage 1 of a mahjong league: every table of the published draw, round by round."""
    return [
        MatchRef(competition_id, 1, r.number, t.number, tuple(t.player_ids))
        for r in sorted(seating.rounds, key=lambda r: r.number)
        for t in sorted(r.tables, key=lambda t: t.number)
        if len(t.player_ids) > 1
    ]


def stage_matches(competition_id: str, stage: stages_pb2.Stage) -> list[MatchRef]:
    """A stored stage's tables of two or more (a pass has no game), round by round."""
    return [
        MatchRef(competition_id, stage.number, r, t, tuple(table.player_ids))
        for r, rnd in enumerate(stage.rounds, start=1)
        for t, table in enumerate(rnd.tables, start=1)
        if len(table.player_ids) > 1
    ]


def scored(record: results_pb2.ResultRecord) -> bool:
    """Counted in the standings: confirmed, and no later record replaced it."""
    return record.status == results_pb2.RECORD_STATUS_CONFIRMED and not record.replaced_by_record_id


def pending(record: results_pb2.ResultRecord) -> bool:
    return record.status in PENDING


@dataclass(frozen=True)
class MatchProgress:
    """How far a match's results are. ``games``: the hanchans of a mahjong match (0 for 1-vs-1 games: a
    pairing is done with its first decisive game, a drawn cup game being replayed). ``played``: numbers of the scored hanchans or games; ``missing``: hanchans not
    scored yet (a series: the next game); ``pending``: records waiting for the table or a judge."""

    match: MatchRef
    games: int
    played: tuple[int, ...]
    missing: tuple[int, ...]
    pending: tuple[str, ...]

    @property
    def complete(self) -> bool:
        return not self.missing

    @property
    def started(self) -> bool:
        return bool(self.played or self.pending)


def match_progress(match: MatchRef, records: Iterable[results_pb2.ResultRecord], kind: MatchKind, games: int) -> MatchProgress:
    """The match's progress from its records (other matches' records are ignored)."""
    mine = [r for r in records if (r.stage or 1, r.round, r.table) == (match.stage, match.round, match.table)]
    waiting = tuple(r.id for r in sorted(mine, key=lambda r: r.sequence) if pending(r))
    if kind is MatchKind.HANCHANS:
        played = sorted({r.hanchan.number for r in mine if scored(r) and r.WhichOneof("content") == "hanchan"})
        missing = tuple(n for n in range(1, games + 1) if n not in played)
        return MatchProgress(match, games, tuple(played), missing, waiting)
    decided = [r.game for r in mine if scored(r) and r.WhichOneof("content") == "game"]
    numbers = sorted({g.number for g in decided})
    done = any(g.result != DRAWN_GAME for g in decided)  # one decisive game (a drawn cup game is replayed)
    following = (max(numbers, default=0) + 1,) if not done else ()
    return MatchProgress(match, games, tuple(numbers), following, waiting)


def first_incomplete_round(progress: Sequence[MatchProgress]) -> tuple[int, int] | None:
    """(stage, round) of the earliest round with a match not complete; None when every match is."""
    open_rounds = sorted({(p.match.stage, p.match.round) for p in progress if not p.complete})
    return open_rounds[0] if open_rounds else None
