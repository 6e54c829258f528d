"""Stages of a competition after (or instead of) the drawn regular stage, as stored data.

A competition is played in numbered stages. Stage 1 of a mahjong league is its regular stage: its
matches are the tables of the approved draw (``league.domain.model.Draw``), and no stage row exists
for it. Every other stage is a :class:`Stage` that league generated and seated from stored standings:
the mahjong playoff's rounds, the Up&Down round robins and its stage-2
groups, the cup's knockout stages. A stage's matches are addressed like a draw's: ``round`` (from 1)
and ``table`` (from 1) within the stage, and a table lists its players in seat order (a 1-vs-1 pairing
is a table of two, a pass a table of one).

``kind`` says which rules check the stage's results and how it progresses; ``details`` holds what the
kind needs besides the tables (group names, carried points, table names) and ``basis`` what the stage
was generated from (the standings rows or survivors it used), so a later correction can tell whether
it would change who plays in this stage. Pure: no I/O.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.match_key import MatchKey

#: The regular stage of a drawn competition: its matches are the approved draw's tables.
REGULAR_STAGE = 1

Table = tuple[str, ...]
StageRound = tuple[Table, ...]


class StageStatus(enum.StrEnum):
    OPEN = "open"  # results are being recorded
    COMPLETED = "completed"  # every result is in; the next stage (if any) was generated from it


@dataclass(frozen=True)
class Stage:
    id: str
    competition_id: str
    number: int  # 1, 2, ...: a drawn competition's stages start at 2 (stage 1 is the draw)
    kind: str  # which rules check and progress it, e.g. "mahjong-playoff", "updown-round-robin", "cup-knockout"
    name: str  # shown to people: "round 1", "leaders group", "1/8 final"
    rounds: tuple[StageRound, ...]
    created_at: datetime
    created_by: str
    status: StageStatus = StageStatus.OPEN
    details: Mapping[str, Any] = field(default_factory=dict)
    basis: Mapping[str, Any] = field(default_factory=dict)
    completed_at: datetime | None = None

    def seats(self, round_no: int, table: int) -> Table:
        """The players of one match of the stage; INVALID_ARGUMENT naming ``round`` or ``table`` for a
        match the stage does not have."""
        return seats_of(self.rounds, round_no, table, f"stage {self.number} ({self.name})")

    @property
    def players(self) -> tuple[str, ...]:
        """Everyone seated in the stage, in order of first appearance."""
        return tuple(dict.fromkeys(p for rnd in self.rounds for t in rnd for p in t))


def seats_of(rounds: Sequence[Sequence[Sequence[str]]], round_no: int, table: int, what: str) -> Table:
    """The table ``table`` of round ``round_no`` (both from 1) of ``rounds``; INVALID_ARGUMENT naming
    the request's ``round`` or ``table`` field otherwise."""
    if not 1 <= round_no <= len(rounds):
        raise InvalidArgument.single("round", f"{what} has rounds 1-{len(rounds)}, got {round_no}")
    if not 1 <= table <= len(rounds[round_no - 1]):
        raise InvalidArgument.single("table", f"round {round_no} of {what} has tables 1-{len(rounds[round_no - 1])}, got {table}")
    return tuple(rounds[round_no - 1][table - 1])


def round_tables(
    competition_id: str, stage_no: int, rounds: Sequence[Sequence[Sequence[str]]], round_no: int, of_draw: bool = False
) -> tuple[tuple[str, Table], ...]:
    """The tables of round ``round_no`` of stage ``stage_no`` (its ``rounds``; ``of_draw``: the approved
    draw's, a drawn competition's regular stage), each under the match key booking schedules it by
    (``rondo_runtime.match_key``), in table order. INVALID_ARGUMENT naming ``round`` when the stage has
    no such round."""
    if not 1 <= round_no <= len(rounds):
        if of_draw:
            raise InvalidArgument.at("round", "ROUND_OUT_OF_RANGE", rounds=len(rounds), round=round_no)
        raise InvalidArgument.at("round", "STAGE_ROUND_OUT_OF_RANGE", rounds=len(rounds), round=round_no, stage=stage_no)
    return tuple(
        (str(MatchKey(competition_id, stage_no, round_no, number)), tuple(table))
        for number, table in enumerate(rounds[round_no - 1], start=1)
    )


def game_of_two(stage: Stage, round_no: int, table: int) -> tuple[str, str]:
    """The two players of a 1-vs-1 game of ``stage`` in the pairing's order (first, second), for an Up&Down
    mediation: INVALID_ARGUMENT naming ``round`` or ``table`` outside the stage (:meth:`Stage.seats`),
    FAILED_PRECONDITION when that table is not a game of two."""
    players = stage.seats(round_no, table)
    if len(players) != 2:
        raise FailedPrecondition(f"round {round_no}, table {table} is not a game of two players: no mediation")
    return players[0], players[1]


def check_open_for_results(stage: Stage) -> None:
    """New results go to an open stage only (a completed stage takes corrections, which are checked
    against what was derived from it)."""
    if stage.status is StageStatus.COMPLETED:
        raise FailedPrecondition(
            f"stage {stage.number} ({stage.name}) is completed; a new result cannot be added to it "
            "(correct a record of it instead, with the reason)"
        )
