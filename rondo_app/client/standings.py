"""``rondo standings COMPETITION_ID`` (from the gateway, every tie-break explained) and ``rondo playoff``:
stages, the final order and the prizes. ``rondo standings SEASON.json`` stays the offline scorer
(rondo_app/cli.py decides which one an argument means)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from league.domain.texts import cup_word, playoff_word
from league.domain.texts import label as word
from rondo.gateway.v1 import competitions_pb2, results_pb2, stages_pb2
from rondo_app.client import lookup
from rondo_app.client.records import CUP_RULESET, UPDOWN_RULESET
from rondo_app.client.render import enum_name, in_language, lines_in_language, points, print_lines, table
from rondo_app.client.session import Session, session, user_locale
from rondo_runtime.text import with_player_names

#: The competition rulesets (league.domain.model.RULESETS) whose standings are a bracket or Up&Down tables.


def is_season_file(argument: str) -> bool:
    """A path the organizer means (an existing file, or one named like a season file: its missing-file
    error is clearer than a NOT_FOUND competition); anything else is a competition id."""
    return Path(argument).is_file() or argument.endswith(".json") or "/" in argument or "\\" in argument


def online_standings(
    competition_id: str,
    address: str,
    token: str,
    as_json: bool,
    stage: int = 0,
    projections: float | None = None,
    players: Sequence[str] = (),
) -> None:
    """Dispatched on the competition's ruleset: the cup's bracket, an Up&Down stage's tables (``stage``;
    0: the latest), or a mahjong league's regular-stage standings; ``projections`` (a time limit in
    seconds, 0: the server's): the competition's projections instead (GetProjections: a mahjong or
    Up&Down league, a cup), of ``players`` only when given (names, ids or id prefixes)."""
    with session(address, token, as_json) as s:
        competition_id = lookup.competition(s, competition_id)
        if projections is not None:
            pairs = lookup.roster(s, competition_id) if players else []
            asked = [lookup.player(p, pairs, "--player") for p in players]
            request = results_pb2.GetProjectionsRequest(
                competition_id=competition_id, player_ids=asked, time_limit_seconds=projections
            )
            s.show(s.call("GetProjections", request), render_projections)
            return
        ruleset = _ruleset_of(s, competition_id)
        if ruleset == CUP_RULESET:
            s.show(s.call("GetCupBracket", stages_pb2.GetCupBracketRequest(competition_id=competition_id)), render_cup_bracket)
        elif ruleset == UPDOWN_RULESET:
            request = stages_pb2.GetUpdownStandingsRequest(competition_id=competition_id, stage=stage)
            s.show(s.call("GetUpdownStandings", request), render_updown)
        else:
            s.show(s.call("GetStandings", results_pb2.GetStandingsRequest(competition_id=competition_id)), render_standings)


def _ruleset_of(s: Session, competition_id: str) -> str:
    request = competitions_pb2.GetCompetitionRequest(competition_id=competition_id)
    return str(s.call("GetCompetition", request).ruleset)


def _out_stream(out: Console) -> Any:
    return out.file if out.file is not sys.stdout else None


def render_cup_bracket(out: Console, bracket: stages_pb2.CupBracket, language: str | None = None) -> None:
    """The gateway's bracket through the offline cup renderer (league.offline.render_cup_data): players
    by name, series scores, technical defeats, the final places, what the next stage is made from; the
    explanations in the user's language."""
    from league.offline import render_cup_data

    lang = language or user_locale()
    names = {seed.player_id: seed.name for seed in [*bracket.seeds, *bracket.left_out]}
    names.update({r.player_id: r.name for r in bracket.results})

    def name(player: str) -> str:
        return names.get(player, player)

    technical = {r.player_id: r.technical_defeats for r in bracket.results}
    stages = [
        {
            "number": stage.number,
            "name": f"{stage.name} ({enum_name(stages_pb2.StageStatus, stage.status)})",
            "pairings": [
                {
                    "table": m.table,
                    "players": [name(p) for p in m.player_ids],
                    "third_place": m.third_place,
                    "pass": m.is_pass,
                    "games": [
                        {
                            "winner": name(g.winner_id) if g.winner_id else None,
                            "technical_losers": [name(p) for p in g.technical_loser_ids],
                        }
                        for g in m.games
                    ],
                    "wins": list(m.wins),
                    "winner": name(m.winner_id) if m.winner_id else None,
                    "explanation": with_player_names(in_language(m.explanation, m.explanation_ru, lang), names),
                }
                for m in stage.pairings
            ],
        }
        for stage in bracket.stages
    ]
    data = {
        "ruleset": "open cup",
        "seeds": [{"seed": seed.seed, "player": seed.name} for seed in bracket.seeds],
        "left_out": [seed.name for seed in bracket.left_out],
        "stages": stages,
        "finished": bracket.finished,
        "places": [
            {
                "place": p.place,
                "player": p.name,
                "prize": p.prize_eligible,
                "technical_defeats": technical.get(p.player_id, 0),
                "reason": with_player_names(in_language(p.reason, p.reason_ru, lang), names),
            }
            for p in bracket.places
        ],
        "explanation": [
            with_player_names(line, names) for line in lines_in_language(bracket.explanation, bracket.explanation_ru, lang)
        ],
        "next": "",
    }
    render_cup_data(data, _out_stream(out), lang)


def render_updown(out: Console, standings: stages_pb2.UpdownStandings, language: str | None = None) -> None:
    """An Up&Down stage group by group through the offline renderer (league.offline.render_updown_rows):
    points, SB, games, each fate with why, the step that separates a row from the next (the tie-break);
    the explanations in the user's language."""
    from league.domain.updown.standings import UpdownRow
    from league.offline import render_updown_rows

    lang = language or user_locale()
    names = {r.player_id: r.name for g in standings.groups for r in g.rows}
    version = f" v{standings.ruleset_version}" if standings.ruleset_version else ""
    progress = in_language(standings.progress, standings.progress_ru, lang)
    complete = f" ({progress})" if progress else ("" if standings.complete else " (games still to play)")
    for group in standings.groups:
        rows = [
            UpdownRow(
                place=r.place,
                player=r.name,
                points=r.points,
                carried=r.carried,
                sonneborn_berger=r.sonneborn_berger,
                games=r.games,
                really_played=r.really_played,
                fate=word(r.fate, lang)
                + (f" ({word('provisional', lang)})" if r.provisional else "")
                + (f": {with_player_names(in_language(r.fate_reason, r.fate_reason_ru, lang), names)}" if r.fate_reason else "")
                + (f" ({word('withdrawn', lang)})" if r.withdrawn else ""),
                withdrawn=r.withdrawn,
                separated_from_next=with_player_names(in_language(r.separated_from_next, r.separated_from_next_ru, lang), names),
                notes=tuple(with_player_names(n, names) for n in lines_in_language(r.notes, r.notes_ru, lang)),
            )
            for r in group.rows
        ]
        ties = [
            (
                t.place,
                t.at_cut,
                [names.get(p, p) for p in t.player_ids],
                with_player_names(in_language(t.reason, t.reason_ru, lang), names),
            )
            for t in group.unresolved
        ]
        group_name = "" if group.name == f"stage {standings.stage}" else f", {word(group.name, lang)}"
        title = f"{standings.ruleset}{version}: {word('stage', lang)} {standings.stage} ({standings.stage_kind}){group_name}{complete}"
        render_updown_rows(title, standings.stage, rows, ties, _out_stream(out), lang)
    decided = [
        (word(label, lang), ", ".join(names.get(p, p) for p in players))
        for label, players in (
            ("champion", [standings.champion_id] if standings.champion_id else []),
            ("promoted", standings.promoted_ids),
            ("relegated", standings.relegated_ids),
        )
        if players
    ]
    print_lines(out, [f"{label}: {who}" for label, who in decided])


def playoff(competition_id: str, address: str, token: str, as_json: bool) -> None:
    with session(address, token, as_json) as s:
        cid = lookup.competition(s, competition_id)
        name = lookup.competition_name(s, cid)
        s.show(
            s.call("GetPlayoff", stages_pb2.GetPlayoffRequest(competition_id=cid)), lambda out, p: render_playoff(out, p, name)
        )


def total_text(total: str) -> str:
    """``25000`` as ``25 000``; an exact fraction (``10000/3``) as is."""
    return points(int(total)) if total.lstrip("-").isdigit() else total


def render_standings(out: Console, standings: results_pb2.Standings, language: str | None = None) -> None:
    """The regular-stage standings; the title says where the season is ("after round 1 of 4: places and
    fates are provisional", docs/rules.md mahjong.standings.provisional-until-played) and each
    provisional row's fate says so; the explanations in the user's language."""
    lang = language or user_locale()
    names = {r.player_id: r.name for r in standings.rows}
    provisional = sum(1 for r in standings.rows if r.provisional)
    version = f" v{standings.ruleset_version}" if standings.ruleset_version else ""
    shown_progress = in_language(standings.progress, standings.progress_ru, lang)
    progress = f", {shown_progress}" if shown_progress else ""
    title = f"{standings.ruleset}{version}: {word('regular-stage standings', lang)}{progress}" + (
        f" ({provisional} {word('provisional', lang)})" if provisional and not standings.progress else ""
    )
    rows = [
        (
            r.place,
            r.name,
            total_text(r.total),
            r.average_place or "-",
            r.hanchans,
            with_player_names(in_language(r.separated_from_next, r.separated_from_next_ru, lang), names),
            word(r.fate, lang)
            + (f" ({word('provisional', lang)})" if r.fate and r.provisional else "")
            + (f": {with_player_names(in_language(r.fate_reason, r.fate_reason_ru, lang), names)}" if r.fate_reason else ""),
            "\n".join(
                ([word("provisional", lang)] if r.provisional and not r.fate else [])
                + lines_in_language(r.notes, r.notes_ru, lang)
            ),
        )
        for r in standings.rows
    ]
    columns = tuple(word(c, lang) for c in ("place", "player", "total", "average place", "hanchans", "vs next", "fate", "notes"))
    right = tuple(word(c, lang) for c in ("place", "total", "average place", "hanchans"))
    out.print(table(title, columns, rows, right=right))
    for tie in standings.unresolved:
        cut = f" ({word('at the playoff cut', lang)})" if tie.at_cut else ""
        players = ", ".join(names.get(p, p) for p in tie.player_ids)
        reason = with_player_names(in_language(tie.reason, tie.reason_ru, lang), names)
        print_lines(out, [f"{word('places', lang)} {tie.place}{cut}: {players}: {reason}"])
    notes = lines_in_language(standings.notes, standings.notes_ru, lang)
    print_lines(out, [f"{word('note', lang)}: {with_player_names(n, names)}" for n in notes])


#: A cup's cuts (league/domain/cup/projection.py): its rows show the stage instead of a total.
CUP_CUTS = frozenset({"podium", "medals"})


def render_projections(out: Console, p: results_pb2.Projections, language: str | None = None) -> None:
    """docs/rules.md ``mahjong.projection.status-in-words``: one row per player and cut (place, player,
    total, cut, status, what the player needs), the statuses in the user's language; an Up&Down stage
    of several groups adds each player's group (``updown.projection.every-group``), a cup shows the
    stage each player plays in or went out in instead of a total (``cup.projection.from-league-state``)."""
    lang = language or user_locale()
    titles = {c.name: in_language(c.title, c.title_ru, lang) for c in p.cuts}
    status_words = {
        results_pb2.PROJECTION_STATUS_CLINCHED: "clinched",
        results_pb2.PROJECTION_STATUS_ELIMINATED: "eliminated",
        results_pb2.PROJECTION_STATUS_ALIVE: "alive",
        results_pb2.PROJECTION_STATUS_ORGANIZER_DECISION: "organizer decision",
        results_pb2.PROJECTION_STATUS_UNKNOWN: "unknown",
    }
    groups = any(player.group for player in p.players)
    cup = bool(CUP_CUTS & {c.name for c in p.cuts})
    rows = [
        (
            *((str(player.group),) if groups else ()),
            player.place,
            player.name,
            cup_word(player.total, lang) if cup else total_text(player.total),
            titles.get(cut.cut, cut.cut),
            word(status_words.get(cut.status, "unknown"), lang),
            in_language(cut.text, cut.text_ru, lang),
        )
        for player in p.players
        for cut in player.cuts
    ]
    exact = "exact: every status proven" if p.exact else "not every status proven: ask with more time (--time-limit)"
    title = f"{word('projections', lang)}, {p.after_round}/{p.rounds}: {word(exact, lang)}"
    names = ("group",) * groups + ("place", "player", "stage" if cup else "total", "cut", "status", "notes")
    columns = tuple(word(c, lang) for c in names)
    out.print(table(title, columns, rows, right=tuple(word(c, lang) for c in ("group", "place", "total"))))
    print_lines(out, [f"{word('note', lang)}: {n}" for n in lines_in_language(p.notes, p.notes_ru, lang)])


def render_playoff(out: Console, p: stages_pb2.Playoff, competition: str = "", language: str | None = None) -> None:
    """The playoff's stages, who is out and why, the final order, the prizes, the explanation (its texts and
    the table's own words in the user's language)."""
    lang = language or user_locale()

    def w(text: str) -> str:
        return playoff_word(text, lang)

    def name(player: str) -> str:
        return p.names.get(player, player)

    def names(players) -> str:
        return ", ".join(name(x) for x in players) or "-"

    where = w("finished") if p.finished else f"{w('next')}: {w(p.progress.stage)}"
    print_lines(out, [f"{w('playoff of')} {competition or p.competition_id}: {where}"])
    if p.regular_places:
        print_lines(out, [f"{w('from the regular places')} 1-{len(p.regular_places)}: {names(p.regular_places)}"])
    for stage in p.stages:
        rows = [
            (
                w(t.name),
                t.table,
                names(t.player_ids),
                f"{t.hanchans_played} {w('of')} {t.hanchans}",
                names(t.order) if t.order else "",
                with_player_names(in_language(t.unresolved, t.unresolved_ru, lang), p.names),
            )
            for t in stage.tables
        ]
        status = enum_name(stages_pb2.StageStatus, stage.status)
        out.print(
            table(
                f"{w('stage')} {stage.number}: {w(stage.name)} ({status})",
                ("", w("table"), w("players"), w("hanchans"), w("order"), w("unresolved")),
                rows,
            )
        )
    progress = p.progress
    if progress.groups:
        groups = [(w(g.name), names(g.player_ids)) for g in progress.groups]
        out.print(table(f"{w('next')}: {w(progress.stage)}", (w("group"), w("players")), groups))
    if progress.waiting_ids:
        print_lines(out, [f"{w('waiting')}: {names(progress.waiting_ids)}"])
    if progress.exits:
        exits = [
            (
                name(e.player_id),
                w(e.stage),
                w(e.table),
                w("withdrawn") if e.withdrawn else e.place,
                with_player_names(in_language(e.reason, e.reason_ru, lang), p.names),
            )
            for e in progress.exits
        ]
        out.print(table(w("out"), (w("player"), w("stage"), w("table"), w("place"), w("why")), exits))
    if progress.final_order:
        order = [(i, name(x)) for i, x in enumerate(progress.final_order, start=1)]
        out.print(table(w("final order"), (w("place"), w("player")), order))
    prizes = [(w(label), name(x)) for label, x in (("1st", p.first_prize_player_id), ("2nd", p.second_prize_player_id)) if x]
    if prizes:
        out.print(table(w("prizes"), (w("prize"), w("player")), prizes))
    print_lines(
        out, [f"{w('blocked')}: {with_player_names(b, p.names)}" for b in lines_in_language(p.blocked, p.blocked_ru, lang)]
    )
    explanation = lines_in_language(progress.explanation, progress.explanation_ru, lang)
    print_lines(out, [with_player_names(line, p.names) for line in explanation])
