"""``rondo roster import COMPETITION FILE``: a club's roster file (rondo_app/client/bulk.py), checked
whole first, then each player registered with an idempotency key of the file and line — a re-run
after a failure registers nobody twice. A CSV may carry a ``title`` column ("1 dan", "MCR master";
docs/rules.md mahjong.roster.title)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Annotated

import typer

from rondo.gateway.v1 import competitions_pb2
from rondo_app.client import lookup
from rondo_app.client.bulk import BadFile, RosterLine, line_key, parse_roster
from rondo_app.client.bulk_file import read_file, send_each
from rondo_app.client.competitions import CompetitionId, roster
from rondo_app.client.render import table
from rondo_app.client.session import DEFAULT_ADDRESS, Address, Json, Token, as_dict, print_json, session

TITLE_COLUMN = "title"
MAX_TITLE_LENGTH = 100  # rondo_runtime.text.MAX_NAME_LENGTH: a title is bounded like a name


def _is_skipped(line: str) -> bool:
    stripped = line.strip()
    return not stripped or stripped.startswith("#")


def _csv_line(cells: list[str]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="").writerow(cells)
    return out.getvalue()


def parse_roster_with_titles(text: str) -> list[tuple[RosterLine, str]]:
    """The players of a roster file with each one's title ("" for none), in file order: a CSV whose
    header has a ``title`` column gives it (an empty cell: no title); the other columns and every other
    check are the roster file's (rondo_app/client/bulk.py::parse_roster). :class:`BadFile` lists every
    bad line, a title over 100 characters included."""
    lines = text.splitlines()
    numbered = [i for i, line in enumerate(lines) if not _is_skipped(line)]
    if not numbered:
        return [(p, "") for p in parse_roster(text)]
    header = [cell.strip().casefold() for cell in next(csv.reader([lines[numbered[0]]]))]
    if "name" not in header or TITLE_COLUMN not in header:
        return [(p, "") for p in parse_roster(text)]
    at = header.index(TITLE_COLUMN)
    titles: dict[int, str] = {}
    problems: list[tuple[int, str]] = []
    rest = list(lines)
    rest[numbered[0]] = _csv_line([c for k, c in enumerate(next(csv.reader([lines[numbered[0]]]))) if k != at])
    for i in numbered[1:]:
        cells = next(csv.reader([lines[i]]))
        if len(cells) != len(header):
            problems.append((i + 1, f"{len(cells)} column(s), the header has {len(header)}"))
            continue
        title = " ".join(cells[at].split())
        if len(title) > MAX_TITLE_LENGTH:
            problems.append((i + 1, f"a title is at most {MAX_TITLE_LENGTH} characters"))
        titles[i + 1] = title
        rest[i] = _csv_line([c for k, c in enumerate(cells) if k != at])
    try:
        players = parse_roster("\n".join(rest))
    except BadFile as bad:
        mine = {line for line, _ in problems}  # a line with the wrong column count is named once, by the file's header
        raise BadFile(sorted([x for x in bad.problems if x[0] not in mine] + problems)) from None
    if problems:
        raise BadFile(sorted(problems))
    return [(p, titles.get(p.line, "")) for p in players]


@roster.command("import")
def import_roster(
    competition_id: CompetitionId,
    file: Annotated[
        Path,
        typer.Argument(
            metavar="FILE",
            exists=True,
            dir_okay=False,
            help="CSV with the header name[,rating][,title], or plain text: one name a line (# comments).",
        ),
    ],
    address: Address = DEFAULT_ADDRESS,
    token: Token = "",
    as_json: Json = False,
) -> None:
    """Register every player of FILE as a main participant; nothing is sent if any line is bad."""
    players, lines = read_file(file, parse_roster_with_titles, "nobody registered")
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)

        def register(row: tuple[RosterLine, str]) -> competitions_pb2.Player:
            p, title = row
            request = competitions_pb2.RegisterPlayerRequest(
                competition_id=competition_id,
                name=p.name,
                rating=p.rating,
                status=competitions_pb2.PLAYER_STATUS_MAIN,
                idempotency_key=line_key(competition_id, file.name, p.line, lines[p.line - 1]),
                title=title,
            )
            return s.call("RegisterPlayer", request)

        sent = send_each(players, register, lambda row: f"line {row[0].line} ({row[0].name!r})", "registered", "player(s)")
        registered = [(p.line, player) for (p, _), player in sent]
        if as_json:
            print_json({"players": [as_dict(player) for _, player in registered]})
            return
        rows = [
            (line, player.name, "" if not player.HasField("rating") else player.rating, player.title)
            for line, player in registered
        ]
        columns = ("line", "name", "rating", "title")
        s.out.print(table(f"{len(registered)} player(s) registered", columns, rows, right=("line", "rating")))
