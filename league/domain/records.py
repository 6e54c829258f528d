"""Result records of a mahjong league's regular stage, and the season they add up to.

docs/rules.md ``mahjong.records.corrections-replace`` (docs/architecture.md "Data": nothing a user
entered is ever deleted): every hanchan result, penalty and no-show is a record with its author and
time; a correction is a new record pointing at the one it replaces, with the reason. Scoring uses the
latest version of each record; the history of a match lists every record in order.

The records of a match are turned into the season file's form and checked by the season file's own
match reader (:func:`league.domain.mahjong.matches.parse_match`), and the standings come from
:func:`league.domain.mahjong.standings.regular_standings`: one parser and one scorer for the file and the
service. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from league.domain.mahjong.matches import parse_match
from league.domain.mahjong.ruleset import MAHJONG_LEAGUE, Ruleset
from league.domain.mahjong.scoring import Match
from league.domain.mahjong.standings import Season
from league.domain.stages import REGULAR_STAGE
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

#: The competition rulesets (league.domain.model.RULESETS) whose results are scored as a mahjong league.
SCORED_RULESETS = {"discard-league-2026": MAHJONG_LEAGUE}


class RecordKind(enum.StrEnum):
    HANCHAN = "hanchan"
    PENALTY = "penalty"
    NO_SHOW = "no_show"
    GAME = "game"


@dataclass(frozen=True)
class HanchanEntry:
    """Final scores by player id in seat order (a substitute by the name its no-show gave), chombo counts."""

    number: int
    scores: tuple[tuple[str, int], ...]
    chombo: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class PenaltyEntry:
    player: str
    points: int
    reason: str


@dataclass(frozen=True)
class NoShowEntry:
    """``player`` (a player id) did not come; ``substitute`` (a name) took the seat."""

    player: str
    substitute: str


@dataclass(frozen=True)
class GameEntry:
    """One game of a 1-vs-1 pairing (Up&Down, the cup): the two players as paired (``first`` is listed
    first: white, or the cup's blue) and the result in the season file's notation: ``1-0``, ``0-1``,
    ``+/-`` and ``-/+`` (technical win / loss), ``-/-`` (both lose technically, or unplayed: 0-0), and
    ``=`` for a drawn game (a cup series replays it). ``number`` counts the games of the pairing (1 for
    Up&Down; 1, 2, ... in a cup series); ``long`` marks an Up&Down long match (2 points)."""

    number: int
    first: str
    second: str
    result: str
    long: bool = False


Content = HanchanEntry | PenaltyEntry | NoShowEntry | GameEntry
KIND_OF: dict[type, RecordKind] = {
    HanchanEntry: RecordKind.HANCHAN,
    PenaltyEntry: RecordKind.PENALTY,
    NoShowEntry: RecordKind.NO_SHOW,
    GameEntry: RecordKind.GAME,
}


@dataclass(frozen=True)
class ResultRecord:
    """One record of a match; ``replaces_record_id`` and ``reason`` for a correction."""

    id: str
    competition_id: str
    sequence: int  # 1, 2, ... within the competition: the order records were entered
    round: int
    table: int
    content: Content
    recorded_by: str
    recorded_at: datetime
    replaces_record_id: str | None = None
    reason: str = ""
    stage: int = 1  # league.domain.stages: 1 is a drawn competition's regular stage
    #: Not stored: set on the answer to the request whose record completed its stage.
    completed_stage: bool = dataclasses.field(default=False, compare=False)
    #: A player of the table reported it (league.domain.mahjong.reviews); None: the organizer or a judge entered it.
    reported_by_player_id: str | None = None
    #: Not stored: set on the answer to a correction, what it changed in what was derived from the
    #: results (standings places, later stages), in words (league.domain.stage_kinds.CorrectionEffects).
    changes: tuple[str, ...] = dataclasses.field(default=(), compare=False)

    @property
    def kind(self) -> RecordKind:
        return KIND_OF[type(self.content)]


def ruleset_for(competition_ruleset: str, rounds: int, table_size: int, pinned: Ruleset | None = None) -> Ruleset:
    """The scoring ruleset of a competition (``pinned``: its latest pinned version, league.domain.pinning;
    None: the registered one); FAILED_PRECONDITION for a competition not scored this way."""
    base = SCORED_RULESETS.get(competition_ruleset)
    if base is not None and pinned is not None:
        base = pinned
    if base is None or table_size != base.table_size:
        raise FailedPrecondition(
            f"results are recorded for mahjong league competitions ({', '.join(sorted(SCORED_RULESETS))}, "
            f"tables of {MAHJONG_LEAGUE.table_size}); this one is {competition_ruleset!r} with tables of {table_size}"
        )
    try:
        return dataclasses.replace(base, rounds=rounds)
    except InvalidArgument as error:
        raise FailedPrecondition(f"the competition's {rounds} rounds cannot be scored: {error}") from None


def current(records: Iterable[ResultRecord]) -> list[ResultRecord]:
    """The latest version of each record (those no correction replaces), in entry order
    (docs/rules.md ``mahjong.records.corrections-replace``)."""
    records = list(records)
    replaced = {r.replaces_record_id for r in records if r.replaces_record_id}
    return sorted((r for r in records if r.id not in replaced), key=lambda r: r.sequence)


def match_data(seats: Sequence[str], contents: Iterable[Content]) -> dict[str, Any]:
    """A match in the season file's form: the drawn seats with each no-show's substitute in his seat."""
    hanchans: list[dict[str, Any]] = []
    penalties: list[dict[str, Any]] = []
    no_show: list[dict[str, Any]] = []
    for c in contents:
        if isinstance(c, HanchanEntry):
            hanchans.append({"number": c.number, "scores": dict(c.scores), "chombo": dict(c.chombo)})
        elif isinstance(c, PenaltyEntry):
            penalties.append({"player": c.player, "points": c.points, "reason": c.reason})
        elif isinstance(c, NoShowEntry):
            no_show.append({"player": c.player, "substitute": c.substitute})
    instead = {n["player"]: n["substitute"] for n in no_show}
    return {
        "players": [instead.get(p, p) for p in seats],
        "hanchans": sorted(hanchans, key=lambda h: h["number"]),
        "penalties": penalties,
        "no_show": no_show,
    }


def substitutes_of(contents: Iterable[Content]) -> set[str]:
    return {c.substitute for c in contents if isinstance(c, NoShowEntry)}


def check_match(
    round_no: int,
    table: int,
    seats: Sequence[str],
    contents: Sequence[Content],
    ruleset: Ruleset,
    main: Iterable[str],
    new: Content | None = None,
) -> Match:
    """The match these records make, checked by the season file's parser; errors about ``new`` (the
    record being entered) name the request's fields (``hanchan.scores``, ``penalty.reason``), others
    the match's (``match.hanchans[0].scores``)."""
    if isinstance(new, NoShowEntry) and new.player not in seats:
        raise InvalidArgument.single(
            "no_show.player", f"{new.player!r} is not drawn at round {round_no}, table {table}; a no-show leaves a drawn seat"
        )
    contents = list(contents) + ([new] if new is not None else [])
    data = match_data(seats, contents)
    data["round"], data["table"] = round_no, table
    main = set(main)
    try:
        return parse_match(data, ruleset, main, substitutes_of(contents) | (set(seats) - main))
    except InvalidArgument as error:
        if new is None:
            raise
        raise error.with_fields(_renamer(data, new)) from None


def _renamer(data: dict[str, Any], new: Content) -> Callable[[str], str]:
    """Renames a violation of the match's entry for ``new`` to the request's field. The entry is found
    once, not per violation: a record with many bad scores is checked in linear time."""
    if isinstance(new, HanchanEntry):
        scores = dict(new.scores)
        index = next(i for i, h in enumerate(data["hanchans"]) if h["number"] == new.number and scores == h["scores"])
        prefix, name = f"match.hanchans[{index}]", "hanchan"
    elif isinstance(new, PenaltyEntry):
        prefix, name = f"match.penalties[{len(data['penalties']) - 1}]", "penalty"
    elif isinstance(new, NoShowEntry):
        prefix, name = f"match.no_show[{len(data['no_show']) - 1}]", "no_show"
    else:
        return lambda field: field

    def renamed(field: str) -> str:
        if field == prefix or field.startswith(prefix + "."):
            return name + field[len(prefix) :]
        return field

    return renamed


def check_new_hanchan_number(entry: HanchanEntry, contents: Sequence[Content], round_no: int, table: int) -> None:
    """One record per hanchan: a second result for a recorded hanchan is a correction, not a record."""
    if any(isinstance(c, HanchanEntry) and c.number == entry.number for c in contents):
        raise InvalidArgument.single(
            "hanchan.number",
            f"hanchan {entry.number} of round {round_no}, table {table} is already recorded; correct that record instead",
        )


def season_of(
    ruleset: Ruleset,
    players: Sequence[str],
    withdrawn: Iterable[str],
    rounds: Sequence[Sequence[Sequence[str]]],
    records: Iterable[ResultRecord],
) -> Season:
    """The regular stage as :func:`league.domain.mahjong.standings.regular_standings` scores it: the main
    participants in registration order (withdrawn ones included and listed), the substitutes named by
    no-shows, and one match per drawn table with any current record."""
    by_table: dict[tuple[int, int], list[Content]] = {}
    for r in current(x for x in records if x.stage == REGULAR_STAGE):
        by_table.setdefault((r.round, r.table), []).append(r.content)
    matches = tuple(
        check_match(rnd, table, rounds[rnd - 1][table - 1], contents, ruleset, players)
        for (rnd, table), contents in sorted(by_table.items())
    )
    substitutes = sorted({s for m in by_table.values() for s in substitutes_of(m)})
    return Season(
        ruleset,
        tuple(players),
        tuple(substitutes),
        tuple(w for w in players if w in set(withdrawn)),
        matches,
        tuple(len(tables) for tables in rounds),
    )
