"""`rondo standings SEASON.json`: a season file scored in this process (no server) by the league's own
parser and scorer (``league.domain.season_file``, ``league.domain.standings``).

Text form: a table (place, player, total, average place, hanchans, the step that separated the row
from the next, notes) and the ties left to the organizer. ``--json``: :func:`standings_as_dict`.
A file that cannot be read or is malformed: every problem on stderr as ``field: description``, exit 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from league.domain.season_file import load_season, violations_text
from league.domain.standings import Standings, regular_standings, standings_as_dict
from rondo_runtime.errors import InvalidArgument

MAX_FILE_BYTES = 64 * 1024 * 1024


def score_season_file(path: Path) -> Standings:
    """Read, parse and score; :class:`InvalidArgument` (field ``file`` for I/O problems) on error."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise InvalidArgument.single("file", f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
        text = path.read_bytes()
    except OSError as error:
        raise InvalidArgument.single("file", f"cannot read {str(path)!r}: {error.strerror or error}") from None
    return regular_standings(load_season(text))


def render_standings(standings: Standings, stream=None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(file=stream or sys.stdout, width=None if (stream or sys.stdout).isatty() else 160)
    provisional = sum(1 for r in standings.rows if r.figures.provisional)
    table = Table(
        title=f"{standings.ruleset}: regular-stage standings" + (f" ({provisional} provisional)" if provisional else ""),
        title_justify="left",
    )
    table.add_column("place", justify="right")
    table.add_column("player")
    table.add_column("total", justify="right")
    table.add_column("average place", justify="right")
    table.add_column("hanchans", justify="right")
    table.add_column("vs next")
    table.add_column("notes")
    data = standings_as_dict(standings)["standings"]
    for row in data:
        total = row["total"]
        table.add_row(
            row["place"],
            row["player"],
            f"{total:,}".replace(",", " ") if isinstance(total, int) else str(total),
            row["average_place"] or "-",
            str(row["hanchans"]),
            row["separated_from_next"] or "",
            "\n".join(row["notes"]),
        )
    console.print(table)
    for tie in standings.unresolved:
        cut = " (at the playoff cut)" if tie.at_cut else ""
        console.print(f"places {tie.place}{cut}: {', '.join(tie.players)}: {tie.reason}", markup=False, highlight=False)


def run_standings(path: Path, as_json: bool) -> int:
    """The command's body: 0 with the standings printed, 2 with every problem on stderr."""
    try:
        standings = score_season_file(path)
    except InvalidArgument as error:
        for line in violations_text(error):
            print(f"error: {line}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(standings_as_dict(standings), indent=2, ensure_ascii=False))
    else:
        render_standings(standings)
    return 0
