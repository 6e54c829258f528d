"""``rondo standings COMPETITION_ID`` (from the gateway, every tie-break explained) and ``rondo playoff``:
stages, the final order and the prizes. ``rondo standings SEASON.json`` stays the offline scorer
(rondo_app/cli.py decides which one an argument means)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console

from rondo.gateway.v1 import results_pb2, stages_pb2
from rondo_app.client.render import enum_name, points, print_lines, table
from rondo_app.client.session import session


def is_season_file(argument: str) -> bool:
    """A path the organizer means (an existing file, or one named like a season file: its missing-file
    error is clearer than a NOT_FOUND competition); anything else is a competition id."""
    return Path(argument).is_file() or argument.endswith(".json") or "/" in argument or "\\" in argument


def online_standings(competition_id: str, address: str, token: str, as_json: bool) -> None:
    with session(address, token, as_json) as s:
        s.show(s.call("GetStandings", results_pb2.GetStandingsRequest(competition_id=competition_id)), render_standings)


def playoff(competition_id: str, address: str, token: str, as_json: bool) -> None:
    with session(address, token, as_json) as s:
        s.show(s.call("GetPlayoff", stages_pb2.GetPlayoffRequest(competition_id=competition_id)), render_playoff)


def with_names(text: str, names: dict[str, str]) -> str:
    """The gateway's explanations name players by id; the organizer reads names."""
    for player_id, name in names.items():
        text = text.replace(player_id, name)
    return text


def total_text(total: str) -> str:
    """``25000`` as ``25 000``; an exact fraction (``10000/3``) as is."""
    return points(int(total)) if total.lstrip("-").isdigit() else total


def render_standings(out: Console, standings: results_pb2.Standings) -> None:
    names = {r.player_id: r.name for r in standings.rows}
    provisional = sum(1 for r in standings.rows if r.provisional)
    version = f" v{standings.ruleset_version}" if standings.ruleset_version else ""
    title = f"{standings.ruleset}{version}: regular-stage standings" + (f" ({provisional} provisional)" if provisional else "")
    rows = [
        (
            r.place,
            r.name,
            total_text(r.total),
            r.average_place or "-",
            r.hanchans,
            with_names(r.separated_from_next, names),
            r.fate + (f": {r.fate_reason}" if r.fate_reason else ""),
            "\n".join((["provisional"] if r.provisional else []) + list(r.notes)),
        )
        for r in standings.rows
    ]
    columns = ("place", "player", "total", "average place", "hanchans", "vs next", "fate", "notes")
    out.print(table(title, columns, rows, right=("place", "total", "average place", "hanchans")))
    for tie in standings.unresolved:
        cut = " (at the playoff cut)" if tie.at_cut else ""
        players = ", ".join(names.get(p, p) for p in tie.player_ids)
        print_lines(out, [f"places {tie.place}{cut}: {players}: {with_names(tie.reason, names)}"])
    print_lines(out, [f"note: {with_names(n, names)}" for n in standings.notes])


def render_playoff(out: Console, p: stages_pb2.Playoff) -> None:
    def name(player: str) -> str:
        return p.names.get(player, player)

    def names(players) -> str:
        return ", ".join(name(x) for x in players) or "-"

    print_lines(out, [f"playoff of {p.competition_id}: {'finished' if p.finished else 'next: ' + p.progress.stage}"])
    if p.regular_places:
        print_lines(out, [f"from the regular places 1-{len(p.regular_places)}: {names(p.regular_places)}"])
    for stage in p.stages:
        rows = [
            (
                t.name,
                t.table,
                names(t.player_ids),
                f"{t.hanchans_played} of {t.hanchans}",
                names(t.order) if t.order else "",
                t.unresolved,
            )
            for t in stage.tables
        ]
        status = enum_name(stages_pb2.StageStatus, stage.status)
        out.print(
            table(
                f"stage {stage.number}: {stage.name} ({status})",
                ("", "table", "players", "hanchans", "order", "unresolved"),
                rows,
            )
        )
    progress = p.progress
    if progress.groups:
        out.print(
            table(f"next: {progress.stage}", ("group", "players"), [(g.name, names(g.player_ids)) for g in progress.groups])
        )
    if progress.waiting_ids:
        print_lines(out, [f"waiting: {names(progress.waiting_ids)}"])
    if progress.exits:
        exits = [(name(e.player_id), e.stage, e.table, "withdrawn" if e.withdrawn else e.place, e.reason) for e in progress.exits]
        out.print(table("out", ("player", "stage", "table", "place", "why"), exits))
    if progress.final_order:
        out.print(table("final order", ("place", "player"), [(i, name(x)) for i, x in enumerate(progress.final_order, start=1)]))
    prizes = [(label, name(x)) for label, x in (("1st", p.first_prize_player_id), ("2nd", p.second_prize_player_id)) if x]
    if prizes:
        out.print(table("prizes", ("prize", "player"), prizes))
    print_lines(out, [f"blocked: {b}" for b in p.blocked])
    print_lines(out, progress.explanation)
