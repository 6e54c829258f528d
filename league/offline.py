"""`rondo standings SEASON.json`: a season file scored in this process (no server) by the league's own
parser and scorer (``league.adapters.season_file``, ``league.domain.mahjong.standings``).

Text form: a table (place, player, total, average place, hanchans, the step that separated the row
from the next, notes) and the ties left to the organizer. ``--json``: :func:`standings_as_dict`.
An Up&Down stage (``league.domain.updown.standings``): place, player, points, Sonneborn-Berger, games, what the
place means, the step to the next row, notes; ``--json``: :func:`updown_standings_as_dict`.
An open cup (``league.domain.cup.progress.score_cup_season``): each stage's pairings with the series
score, the winner and why, then places 1-4 with prize eligibility; ``--json``: :func:`cup_score_as_dict`.
A file that cannot be read or is malformed: every problem on stderr as ``field: description``, exit 2.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from league.adapters.season_file import load_season, violations_text
from league.domain.cup.progress import CupSeasonScore, cup_score_as_dict, score_cup_season
from league.domain.cup.season import CupSeason
from league.domain.mahjong.standings import Standings, regular_standings, standings_as_dict
from league.domain.texts import cup_word, label, ru_of
from league.domain.updown.standings import UpdownSeason, UpdownStandings, updown_standings, updown_standings_as_dict
from rondo_runtime.errors import InvalidArgument

MAX_FILE_BYTES = 64 * 1024 * 1024


def score_season_file(path: Path) -> Standings | UpdownStandings | CupSeasonScore:
    """Read, parse and score; :class:`InvalidArgument` (field ``file`` for I/O problems) on error."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise InvalidArgument.single("file", f"larger than {MAX_FILE_BYTES // (1024 * 1024)} MiB")
        text = path.read_bytes()
    except OSError as error:
        raise InvalidArgument.single("file", f"cannot read {str(path)!r}: {error.strerror or error}") from None
    season = load_season(text)
    if isinstance(season, UpdownSeason):
        return updown_standings(season)
    if isinstance(season, CupSeason):
        return score_cup_season(season)
    return regular_standings(season)


def _in(language: str, en: Any, ru: Any) -> Any:
    """The Russian twin for ``language`` "ru", else the English text."""
    return ru if language == "ru" else en


def render_standings(standings: Standings, stream=None, language: str = "en") -> None:
    """The explanations (progress, the step to the next row, notes, tie reasons) in ``language``."""
    from rich.console import Console
    from rich.table import Table

    def w(word: str) -> str:
        return label(word, language)

    console = Console(file=stream or sys.stdout, width=None if (stream or sys.stdout).isatty() else 160)
    provisional = sum(1 for r in standings.rows if r.figures.provisional)
    progress = _in(language, *standings.progress())
    table = Table(
        title=f"{standings.ruleset}: {w('regular-stage standings')}"
        + (f", {progress}" if progress else "")
        + (f" ({provisional} {w('provisional')})" if provisional else ""),
        title_justify="left",
    )
    for name in ("place", "player", "total", "average place", "hanchans", "vs next", "fate", "notes"):
        right = name in ("place", "total", "average place", "hanchans")
        table.add_column(w(name), justify="right" if right else "left")
    data = standings_as_dict(standings)["standings"]
    for row in data:
        total = row["total"]
        table.add_row(
            row["place"],
            row["player"],
            f"{total:,}".replace(",", " ") if isinstance(total, int) else str(total),
            row["average_place"] or "-",
            str(row["hanchans"]),
            _in(language, row["separated_from_next"], row["separated_from_next_ru"]) or "",
            w(row["fate"]) + (f" ({w('provisional')})" if row["fate"] and row["provisional"] else ""),
            "\n".join(_in(language, row["notes"], row["notes_ru"])),
        )
    console.print(table)
    for tie in standings.unresolved:
        cut = f" ({w('at the playoff cut')})" if tie.at_cut else ""
        reason = _in(language, tie.reason, ru_of(tie.reason))
        console.print(f"{w('places')} {tie.place}{cut}: {', '.join(tie.players)}: {reason}", markup=False, highlight=False)


def render_updown_standings(standings: UpdownStandings, stream=None, language: str = "en") -> None:
    """An Up&Down stage: place, player, points (carried), Sonneborn-Berger, games, what the place means,
    the step that separated the row from the next, notes; then the ties left unresolved; the explanations
    in ``language``."""
    group = f", {standings.group} group" if standings.group else ""
    rows = standings.rows
    if language == "ru":
        rows = tuple(
            dataclasses.replace(
                r,
                separated_from_next=None if r.separated_from_next is None else ru_of(r.separated_from_next),
                notes=tuple(ru_of(n) for n in r.notes),
                fate_reason=ru_of(r.fate_reason),
                fate=label(r.fate, language),
            )
            for r in rows
        )
    words = f"stage {standings.stage}{group} standings"
    if language == "ru":
        words = f"таблица этапа {standings.stage}" + (f", группа: {label(standings.group, language)}" if standings.group else "")
    render_updown_rows(
        f"{standings.ruleset}: {words}, {_in(language, *standings.progress())}",
        standings.stage,
        rows,
        [
            (tie.place, tie.at_cut, list(tie.players), _in(language, tie.reason, ru_of(tie.reason)))
            for tie in standings.unresolved
        ],
        stream,
        language,
    )


def render_updown_rows(
    title: str,
    stage: int,
    rows: Iterable[Any],
    unresolved: Iterable[tuple[Any, bool, list[str], str]],
    stream=None,
    language: str = "en",
) -> None:
    """The one Up&Down table (the offline season file's and the gateway's, ``rondo standings ID``): rows
    with ``place``, ``player`` (a name), ``points``, ``carried``, ``sonneborn_berger``, ``games``,
    ``really_played``, ``fate``, ``separated_from_next`` and ``notes``; ties as (place, at_cut, names, reason).
    The table's own words in ``language``; the texts are given in it."""
    from rich.console import Console
    from rich.table import Table

    def w(word: str) -> str:
        return label(word, language)

    console = Console(file=stream or sys.stdout, width=None if (stream or sys.stdout).isatty() else 160)
    table = Table(title=title, title_justify="left")
    for name, justify in [("place", "right"), ("player", "left"), ("points", "right"), ("SB", "right")]:
        table.add_column(w(name), justify=justify)  # type: ignore[arg-type]
    table.add_column(w("games"), justify="right")
    table.add_column(w("fate"))
    table.add_column(w("vs next"))
    table.add_column(w("notes"))
    for r in rows:
        carried = f" ({r.carried} {w('carried')})" if stage == 2 else ""
        table.add_row(
            r.place,
            r.player,
            f"{r.points}{carried}",
            str(r.sonneborn_berger),
            f"{r.games} ({r.really_played} {w('played')})",
            r.fate + (f" ({w('provisional')})" if getattr(r, "provisional", False) else ""),
            r.separated_from_next or "",
            "\n".join(r.notes),
        )
    console.print(table)
    for place, at_cut, players, reason in unresolved:
        cut = f" ({w('across a cut')})" if at_cut else ""
        console.print(f"{w('places')} {place}{cut}: {', '.join(players)}: {reason}", markup=False, highlight=False)


def render_cup(score: CupSeasonScore, stream=None, language: str = "en") -> None:
    """An open cup: a table per stage (table, players, games, series score, winner and why), then places
    1-4 with prize eligibility, the explanation (disqualifications, the lift) and what comes next; the
    explanations in ``language``."""
    data = cup_score_as_dict(score)
    if language == "ru":
        for stage in data["stages"]:
            for m in stage["pairings"]:
                m["explanation"] = m["explanation_ru"]
        for p in data["places"]:
            p["reason"] = p["reason_ru"]
        data["explanation"] = data["explanation_ru"]
        data["next"] = data["next_ru"]
    render_cup_data(data, stream, language)


def render_cup_data(data: dict[str, Any], stream=None, language: str = "en") -> None:
    """The one cup renderer (the offline season file's and the gateway's bracket, ``rondo standings ID``),
    from :func:`cup_score_as_dict`'s shape: players named as they should be read; the table's own words
    in ``language`` (the texts are given in it)."""
    from rich.console import Console
    from rich.table import Table

    def w(word: str) -> str:
        return cup_word(word, language)

    console = Console(file=stream or sys.stdout, width=None if (stream or sys.stdout).isatty() else 160)
    seeds = ", ".join(f"{s['seed']}. {s['player']}" for s in data["seeds"])
    console.print(f"{data['ruleset']}: {len(data['seeds'])} {w('seeds')}: {seeds}", markup=False, highlight=False)
    if data["left_out"]:
        console.print(f"{w('left out (over the maximum)')}: {', '.join(data['left_out'])}", markup=False, highlight=False)
    for stage in data["stages"]:
        table = Table(title=f"{w('stage')} {stage['number']}: {w(stage['name'])}", title_justify="left")
        for name, justify in [("table", "right"), ("players", "left"), ("games", "left"), ("score", "right")]:
            table.add_column(w(name), justify=justify)  # type: ignore[arg-type]
        table.add_column(w("winner"))
        table.add_column(w("why"))
        passes = [m["players"][0] for m in stage["pairings"] if m["pass"]]
        for m in stage["pairings"]:
            if m["pass"]:
                continue
            games = " ".join(_game_text(g, w("tech.")) for g in m["games"])
            third = f" ({w('3rd')})" if m["third_place"] else ""
            table.add_row(
                f"{m['table']}{third}",
                " v ".join(m["players"]),
                games,
                "-".join(map(str, m["wins"])),
                m["winner"] or "",
                m["explanation"],
            )
        console.print(table)
        if passes:
            console.print(f"{w('pass without playing (3.4.2)')}: {', '.join(passes)}", markup=False, highlight=False)
    title = w("final places" if data["finished"] else "final places (the cup is not over)")
    places = Table(title=title, title_justify="left")
    for name in ("place", "player", "technical defeats", "prize", "why"):
        places.add_column(w(name))
    for p in data["places"]:
        places.add_row(str(p["place"]), p["player"], str(p["technical_defeats"]), w("yes" if p["prize"] else "no"), p["reason"])
    console.print(places)
    for line in data["explanation"]:
        console.print(line, markup=False, highlight=False)
    if data["next"]:
        console.print(data["next"], markup=False, highlight=False)


def _game_text(game: dict, tech: str = "tech.") -> str:
    """One game of a series in a word: its winner, ``=`` (drawn, replayed), ``X (tech.)``, ``-/-``."""
    if len(game["technical_losers"]) == 2:
        return "-/-"
    if game["winner"] is None:
        return "="
    return game["winner"] + (f" ({tech})" if game["technical_losers"] else "")


def run_standings(path: Path, as_json: bool, language: str = "en") -> int:
    """The command's body: 0 with the standings printed (the explanations in ``language``; ``--json``
    carries both), 2 with every problem on stderr."""
    try:
        standings = score_season_file(path)
    except InvalidArgument as error:
        for line in violations_text(error):
            print(f"error: {line}", file=sys.stderr)
        return 2
    if isinstance(standings, CupSeasonScore):
        if as_json:
            print(json.dumps(cup_score_as_dict(standings), indent=2, ensure_ascii=False))
        else:
            render_cup(standings, language=language)
        return 0
    if isinstance(standings, UpdownStandings):
        if as_json:
            print(json.dumps(updown_standings_as_dict(standings), indent=2, ensure_ascii=False))
        else:
            render_updown_standings(standings, language=language)
        return 0
    if as_json:
        print(json.dumps(standings_as_dict(standings), indent=2, ensure_ascii=False))
    else:
        render_standings(standings, language=language)
    return 0
