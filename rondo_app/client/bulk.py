"""A club's spreadsheet, read whole before anything is sent (pure: no gRPC, no I/O).

A roster file is either a CSV whose first line is the header ``name`` or ``name,rating`` (columns in
any order, names compared case-folded), or plain text: one player's name a line. Blank lines and lines
starting with ``#`` are skipped. Every bad line is reported with its line number; a file with any bad
line registers nobody.
"""

from __future__ import annotations

import csv
import hashlib
from dataclasses import dataclass

from rondo_app.client.parse import BadArgument, parse_game_result, parse_points

ROSTER_COLUMNS = ("name", "rating")
MAX_SHOWN_PROBLEMS = 20


@dataclass(frozen=True)
class RosterLine:
    line: int
    name: str
    rating: int | None


class BadFile(ValueError):
    """A file with bad lines: ``problems`` are ``(line number, what is wrong)``, in file order."""

    def __init__(self, problems: list[tuple[int, str]]):
        super().__init__(f"{len(problems)} bad line(s)")
        self.problems = problems

    def lines(self) -> list[str]:
        shown = [f"line {line}: {message}" for line, message in self.problems[:MAX_SHOWN_PROBLEMS]]
        if len(self.problems) > MAX_SHOWN_PROBLEMS:
            shown.append(f"… and {len(self.problems) - MAX_SHOWN_PROBLEMS} more")
        return shown


def _is_skipped(text: str) -> bool:
    stripped = text.strip()
    return not stripped or stripped.startswith("#")


def parse_roster(text: str) -> list[RosterLine]:
    """The players of a roster file, in file order; :class:`BadFile` listing every bad line."""
    raw = text.splitlines()
    numbered = [(number, line) for number, line in enumerate(raw, start=1) if not _is_skipped(line)]
    if not numbered:
        raise BadFile([(1, "no players in the file")])
    first = [cell.strip().casefold() for cell in next(csv.reader([numbered[0][1]]))]
    if "name" not in first:
        players = [RosterLine(number, line.strip(), None) for number, line in numbered]
        too_long = [(p.line, "a name is at most 100 characters") for p in players if len(p.name) > 100]
        return _unique(players, too_long)
    header_line = numbered[0][0]
    unknown = [column for column in first if column not in ROSTER_COLUMNS]
    if unknown or len(set(first)) != len(first):
        raise BadFile([(header_line, f"the header's columns are name and optionally rating, not {', '.join(first)}")])
    problems: list[tuple[int, str]] = []
    players = []
    for number, line in numbered[1:]:
        cells = [cell.strip() for cell in next(csv.reader([line]))]
        if len(cells) != len(first):
            problems.append((number, f"{len(cells)} column(s), the header has {len(first)}"))
            continue
        row = dict(zip(first, cells, strict=True))
        if not row["name"]:
            problems.append((number, "the name is empty"))
            continue
        if len(row["name"]) > 100:
            problems.append((number, "a name is at most 100 characters"))
            continue
        rating = None
        if row.get("rating"):
            try:
                rating = parse_points(row["rating"], "rating")
            except BadArgument as error:
                problems.append((number, str(error)))
                continue
            if not -(2**31) <= rating < 2**31:
                problems.append((number, "rating: out of range"))
                continue
        players.append(RosterLine(number, row["name"], rating))
    if not players and not problems:
        problems.append((header_line, "no players after the header"))
    return _unique(players, problems)


def _unique(players: list[RosterLine], problems: list[tuple[int, str]]) -> list[RosterLine]:
    seen: dict[str, int] = {}
    for p in players:
        key = p.name.casefold()
        if key in seen:
            problems.append((p.line, f"{p.name!r} is already on line {seen[key]}"))
        else:
            seen[key] = p.line
    if problems:
        raise BadFile(sorted(problems))
    return players


def line_key(competition_id: str, file_name: str, line: int, text: str, kind: str = "roster-import") -> str:
    """The idempotency key of one line of one file for one competition: a re-run of the same file
    answers the lines already registered instead of registering them twice."""
    digest = hashlib.sha256(f"{competition_id}\0{file_name}\0{line}\0{text}".encode()).hexdigest()
    return f"{kind}-{digest[:64]}"


HANCHAN_COLUMNS = ("table", "hanchan", "player1", "score1", "player2", "score2", "player3", "score3", "player4", "score4")


@dataclass(frozen=True)
class HanchanLine:
    line: int
    table: int
    number: int
    scores: tuple[tuple[str, int], ...]


def parse_hanchans(text: str) -> list[HanchanLine]:
    """A round's hanchans, one row per table's hanchan, under the header
    ``table,hanchan,player1,score1,player2,score2,player3,score3,player4,score4`` (players by roster
    name or id; final scores in points). :class:`BadFile` listing every bad line."""
    numbered = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if not _is_skipped(line)]
    if not numbered:
        raise BadFile([(1, "no hanchans in the file")])
    header_line, header = numbered[0]
    first = tuple(cell.strip().casefold() for cell in next(csv.reader([header])))
    if first != HANCHAN_COLUMNS:
        raise BadFile([(header_line, f"the header is {','.join(HANCHAN_COLUMNS)}")])
    problems: list[tuple[int, str]] = []
    hanchans: list[HanchanLine] = []
    seen: dict[tuple[int, int], int] = {}
    for number, line in numbered[1:]:
        cells = [cell.strip() for cell in next(csv.reader([line]))]
        if len(cells) != len(HANCHAN_COLUMNS):
            problems.append((number, f"{len(cells)} column(s), the header has {len(HANCHAN_COLUMNS)}"))
            continue
        row_problems: list[str] = []
        table_, hanchan = _positive(cells[0], "table", row_problems), _positive(cells[1], "hanchan", row_problems)
        scores: list[tuple[str, int]] = []
        for seat in range(4):
            player, score = cells[2 + 2 * seat], cells[3 + 2 * seat]
            if not player:
                row_problems.append(f"player{seat + 1}: empty")
                continue
            try:
                scores.append((player, parse_points(score, f"score{seat + 1}")))
            except BadArgument as error:
                row_problems.append(str(error))
        if len({player.casefold() for player, _ in scores}) != len(scores):
            row_problems.append("a player is named twice")
        if not row_problems and (table_, hanchan) in seen:
            row_problems.append(f"table {table_} hanchan {hanchan} is already on line {seen[(table_, hanchan)]}")
        if row_problems:
            problems.append((number, "; ".join(row_problems)))
            continue
        seen[(table_, hanchan)] = number
        hanchans.append(HanchanLine(number, table_, hanchan, tuple(scores)))
    if not hanchans and not problems:
        problems.append((header_line, "no hanchans after the header"))
    if problems:
        raise BadFile(problems)
    return hanchans


def _positive(text: str, column: str, problems: list[str]) -> int:
    if text.isascii() and text.isdigit() and 1 <= int(text) <= 1000:
        return int(text)
    problems.append(f"{column}: {text!r} is not a number from 1")
    return 0


GAME_COLUMNS = ("round", "table", "first", "second", "result")
GAME_OPTIONAL_COLUMNS = ("game", "long")


@dataclass(frozen=True)
class GameLine:
    line: int
    round: int
    table: int
    number: int
    first: str
    second: str
    result: str
    long: bool


def parse_games(text: str) -> list[GameLine]:
    """A stage's cup or Up&Down games, one row per game, under the header
    ``round,table,first,second,result`` (optionally ``game``: the game's number in a cup series, and
    ``long``: ``yes`` for a long Up&Down match); players by roster name or id, the result the first
    player's in the regulations' notation (``1-0``, ``0-1``, ``+/-``, ``-/+``, ``-/-``, ``=``).
    :class:`BadFile` listing every bad line."""
    numbered = [(number, line) for number, line in enumerate(text.splitlines(), start=1) if not _is_skipped(line)]
    if not numbered:
        raise BadFile([(1, "no games in the file")])
    header_line, header = numbered[0]
    first = [cell.strip().casefold() for cell in next(csv.reader([header]))]
    allowed = GAME_COLUMNS + GAME_OPTIONAL_COLUMNS
    if any(c not in first for c in GAME_COLUMNS) or any(c not in allowed for c in first) or len(set(first)) != len(first):
        raise BadFile([(header_line, f"the header is {','.join(GAME_COLUMNS)} (and optionally game, long)")])
    problems: list[tuple[int, str]] = []
    games: list[GameLine] = []
    seen: dict[tuple[int, int, int], int] = {}
    for number, line in numbered[1:]:
        cells = [cell.strip() for cell in next(csv.reader([line]))]
        if len(cells) != len(first):
            problems.append((number, f"{len(cells)} column(s), the header has {len(first)}"))
            continue
        row = dict(zip(first, cells, strict=True))
        row_problems: list[str] = []
        round_, table_ = _positive(row["round"], "round", row_problems), _positive(row["table"], "table", row_problems)
        game = _positive(row["game"], "game", row_problems) if row.get("game") else 1
        for column in ("first", "second"):
            if not row[column]:
                row_problems.append(f"{column}: empty")
        if row["first"] and row["first"].casefold() == row["second"].casefold():
            row_problems.append("a player is named twice")
        try:
            result = parse_game_result(row["result"], "result")
        except BadArgument as error:
            row_problems.append(str(error))
            result = ""
        long_text = row.get("long", "").casefold()
        if long_text not in ("", "yes", "no", "true", "false", "1", "0"):
            row_problems.append(f"long: {row['long']!r} is not yes or no")
        if not row_problems and (round_, table_, game) in seen:
            row_problems.append(f"round {round_} table {table_} game {game} is already on line {seen[(round_, table_, game)]}")
        if row_problems:
            problems.append((number, "; ".join(row_problems)))
            continue
        seen[(round_, table_, game)] = number
        games.append(
            GameLine(number, round_, table_, game, row["first"], row["second"], result, long_text in ("yes", "true", "1"))
        )
    if not games and not problems:
        problems.append((header_line, "no games after the header"))
    if problems:
        raise BadFile(problems)
    return games
