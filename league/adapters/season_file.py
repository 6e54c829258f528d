"""The season file: a mahjong league's regular stage (or an Up&Down league stage, or an open cup, at the
end of this module) as JSON, parsed into domain objects: the adapter between a file's bytes and the
domain (the offline ``rondo standings``). A match is read by the domain's own reader
(``league.domain.mahjong.matches``), the one the service checks every record with; a cup season's
value objects are ``league.domain.cup.season``'s. Format (README "Scoring a season
offline")::

    {"ruleset": "mahjong-league",            # or {"base": "mahjong-league", "hanchan_uma": [...], ...}
     "players": ["P01", "P02", ...],         # main participants, registration order
     "substitutes": ["SUB1"], "withdrawn": [],
     "matches": [{"round": 1, "table": 1, "players": ["P01", "P06", "P08", "SUB1"],
                  "hanchans": [{"scores": {"P01": 6400, "P06": 2400, "P08": 52900, "SUB1": 58300},
                                "chombo": {"P08": 1}}],
                  "penalties": [{"player": "P01", "points": 5000, "reason": "..."}],
                  "no_show": [{"player": "P03", "substitute": "SUB1"}]}]}

``scores`` lists the final scores in seat order (it matters only under the ``earlier_seat_wins`` tie
option); a hanchan may carry ``"number"`` (1..hanchans per match), else its position is its number.
Every error names the match and the field (``matches[3].hanchans[1].scores: sum is 119 000, must be
120 000``); all errors are reported together and nothing is returned on error.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from league.domain.cup.knockout import CUP_RULESETS, CupRules, cup_variant
from league.domain.cup.season import CupDisqualification, CupEntrant, CupSeason, CupSeries
from league.domain.mahjong.matches import MAX_NAME, Parser, int_text, is_int, read_match
from league.domain.mahjong.ruleset import RULESETS, Ruleset, unknown_ruleset, variant
from league.domain.mahjong.scoring import Match
from league.domain.mahjong.standings import Season
from league.domain.model import MAX_RATING, MIN_RATING
from league.domain.updown.standings import UPDOWN_RULESETS, Game, GameResult, UpdownRuleset, UpdownSeason, updown_variant
from rondo_runtime.errors import InvalidArgument, violation_lines
from rondo_runtime.validation import Violations

MAX_PLAYERS = 10_000
MAX_MATCHES = 100_000

_SEASON_KEYS = {"ruleset", "players", "substitutes", "withdrawn", "matches", "name"}


class _Object(dict):
    """A JSON object that remembers keys given twice (json keeps only the last one silently)."""

    duplicates: tuple[str, ...] = ()


def _pairs(pairs: list[tuple[str, Any]]) -> _Object:
    obj = _Object(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        duplicates: list[str] = []
        for k, _ in pairs:
            if k in seen:
                duplicates.append(k)
            seen.add(k)
        obj.duplicates = tuple(duplicates)
    return obj


class _HugeNumber:
    """A number written with more digits than any range of the service allows: kept as its size (Python
    refuses to convert more than 4 300 digits, and no field takes even 40), refused by every check."""

    def __init__(self, text: str) -> None:
        self.digits = len(text.lstrip("-"))

    def __str__(self) -> str:
        return f"a number of {self.digits} digits"

    __repr__ = __str__


MAX_NUMBER_DIGITS = 40


def _number(text: str) -> int | _HugeNumber:
    return int(text) if len(text) <= MAX_NUMBER_DIGITS else _HugeNumber(text)


def load_season(text: str | bytes) -> Season | UpdownSeason | CupSeason:
    """Parse a season file's text; :class:`InvalidArgument` on anything wrong (JSON syntax included).
    Dispatches on ``ruleset``: an Up&Down ruleset (``"updown"``, ``{"base": "updown", ...}``) is read by
    :func:`parse_updown_season`, a cup (``"open-cup"``) by :func:`parse_cup_season`, anything else as a
    mahjong league. Numbers are bounded: one of more than 40 digits is no number any field takes."""
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_int=_number)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        where = f" at line {error.lineno} column {error.colno}" if isinstance(error, json.JSONDecodeError) else ""
        raise InvalidArgument.single("file", f"not valid JSON{where}: {getattr(error, 'msg', error)}") from None
    except RecursionError:
        raise InvalidArgument.single("file", "nested too deeply to be a season file") from None
    if isinstance(data, dict) and is_updown(data.get("ruleset")):
        return parse_updown_season(data)
    if isinstance(data, dict) and is_cup(data.get("ruleset")):
        return parse_cup_season(data)
    if isinstance(data, dict):
        _check_known_ruleset(data.get("ruleset"))
    return parse_season(data)


def _check_known_ruleset(ruleset: Any) -> None:
    """A ruleset no reader knows is the one error worth reporting: the rest of the file cannot be read."""
    base = ruleset.get("base") if isinstance(ruleset, dict) else ruleset
    if isinstance(base, str) and base in RULESETS:
        return
    known = ", ".join(sorted({*RULESETS, *UPDOWN_RULESETS, *CUP_RULESETS}))
    field = "ruleset.base" if isinstance(ruleset, dict) else "ruleset"
    if ruleset is None or (isinstance(ruleset, dict) and "base" not in ruleset):
        raise InvalidArgument.single(field, f"name the ruleset; known: {known}")
    if isinstance(base, str):
        raise InvalidArgument.single(field, f"unknown ruleset {base[:40]!r}; known: {known}")
    raise InvalidArgument.single(
        field, f'a ruleset name (one of {known}) or an object {{"base": <one of them>, <fields to change>}}'
    )


def parse_season(data: Any) -> Season:
    """A season from decoded JSON. Raises :class:`InvalidArgument` with every problem found."""
    p, top = Parser.season(data, _SEASON_KEYS)
    v = p.v
    ruleset = _ruleset(top.get("ruleset"), v)
    players = p.names(top.get("players"), "players", required=True)
    if "players" in top and not players and isinstance(top.get("players"), list) and not top["players"]:
        v.add("players", "list the main participants in registration order")
    if len(players) > MAX_PLAYERS:
        v.add("players", f"at most {MAX_PLAYERS} main participants, got {len(players)}")
    if ruleset and players and len(players) % ruleset.table_size:
        v.add("players", f"{len(players)} main participants; the main roster must be a multiple of {ruleset.table_size}")
    substitutes = p.names(top.get("substitutes"), "substitutes")
    main = set(players)
    for i, s in enumerate(substitutes):
        if s in main:
            v.add(f"substitutes[{i}]", f"{s!r} is a main participant; a technical substitute is not")
    withdrawn = p.names(top.get("withdrawn"), "withdrawn")
    for i, w in enumerate(withdrawn):
        if w not in main:
            v.add(f"withdrawn[{i}]", f"{w!r} is not a main participant (only they can withdraw)")
    raw_matches = top.get("matches", [])
    matches: list[Match] = []
    if not isinstance(raw_matches, list):
        v.add("matches", "must be a list of matches")
    elif len(raw_matches) > MAX_MATCHES:
        v.add("matches", f"at most {MAX_MATCHES} matches, got {len(raw_matches)}")
    elif ruleset is not None:
        sitting: dict[tuple[int, str], int] = {}  # (round, player) -> match index
        tables: dict[tuple[int, int], int] = {}
        for i, raw in enumerate(raw_matches):
            m = read_match(p, raw, f"matches[{i}]", ruleset, main, set(substitutes))
            if m is None:
                continue
            f = f"matches[{i}]"
            if (m.round, m.table) in tables:
                v.add(f"{f}.table", f"round {m.round} table {m.table} is already matches[{tables[m.round, m.table]}]")
            else:
                tables[m.round, m.table] = i
            for where, name in [(f"{f}.players[{k}]", x) for k, x in enumerate(m.players)] + [
                (f"{f}.no_show[{k}].player", n.player) for k, n in enumerate(m.no_shows)
            ]:
                if (m.round, name) in sitting:
                    j = sitting[m.round, name]
                    v.add(where, f"{name!r} already plays round {m.round} in matches[{j}]; one match per round")
                else:
                    sitting[m.round, name] = i
            matches.append(m)
    v.raise_if_any()
    assert ruleset is not None
    return Season(ruleset, players, substitutes, withdrawn, tuple(matches))


def _ruleset(value: Any, v: Violations) -> Ruleset | None:
    if value is None:
        v.add("ruleset", f"name the ruleset; known: {', '.join(sorted(RULESETS))}")
        return None
    if isinstance(value, str):
        if value not in RULESETS:
            v.add("ruleset", unknown_ruleset(value))
            return None
        return RULESETS[value]
    if isinstance(value, dict):
        overrides = {k: x for k, x in value.items() if k not in ("base", "name")}
        base, name = value.get("base"), value.get("name")
        if not isinstance(base, str):
            v.add("ruleset.base", f"name the registered ruleset this one varies; known: {', '.join(sorted(RULESETS))}")
            return None
        if name is not None and (not isinstance(name, str) or not name.strip()):
            v.add("ruleset.name", "a non-empty name for this variant")
            return None
        try:
            return variant(base, overrides, name=name)
        except InvalidArgument as error:
            v.items.extend(error.violations)
            return None
    v.add("ruleset", 'a ruleset name (e.g. "mahjong-league") or an object {"base": ..., <fields to change>}')
    return None


def violations_text(error: InvalidArgument) -> list[str]:
    """One line per violation, ``field: description``: the first 20, then "… and N more"."""
    return violation_lines(error.violations)


# --- the Up&Down league (docs/rules.md ``updown.*``) ---------------------------------------------------
#
#     {"ruleset": "updown",                       # or "updown-first-league", or {"base": "updown", "leaders": 4, ...}
#      "stage": 1,                                # 2: also "group" ("leaders"/"outsiders") and "carried"
#      "players": ["A", "B", ...], "withdrawn": [],
#      "games": [{"round": 1, "white": "A", "black": "B", "result": "1-0",
#                 "long": false, "after_deadline": false, "thrown": false}]}
#
# Results: 1-0, 0-1, +/- and -/+ (technical win / loss), -/- (both technical losses, or unplayed by the
# stage deadline: 0-0). A game played after the deadline stays in the file with "after_deadline": true
# and is removed from the table; a thrown match keeps its entered result with "thrown": true and counts
# 0-0. Every error names games[i].field; all are reported together.

_UPDOWN_SEASON_KEYS = {"ruleset", "stage", "group", "carried", "players", "withdrawn", "games", "name"}
_GAME_KEYS = {"round", "white", "black", "result", "long", "after_deadline", "thrown"}
MAX_GAMES = 100_000
MAX_ROUND = 1000
MAX_CARRIED = 2 * MAX_ROUND  # points carried from stage 1: at most one game a round, at most 2 points a game


def _named(ruleset: Any, registry: Mapping[str, Any]) -> bool:
    """Whether a season file's ``ruleset`` (a name, or a variant's ``base``) is in ``registry``."""
    base = ruleset.get("base") if isinstance(ruleset, dict) else ruleset
    return isinstance(base, str) and base in registry


def is_updown(ruleset: Any) -> bool:
    """Whether a season file's ``ruleset`` names an Up&Down ruleset (the loader's dispatch)."""
    return _named(ruleset, UPDOWN_RULESETS)


def _updown_ruleset(p: Parser, value: Any) -> UpdownRuleset | None:
    return p.registered(value, UPDOWN_RULESETS, updown_variant)


def parse_updown_season(data: Any) -> UpdownSeason:
    """An Up&Down stage from decoded JSON; :class:`InvalidArgument` with every problem found."""
    p, top = Parser.season(data, _UPDOWN_SEASON_KEYS)
    v = p.v
    rs = _updown_ruleset(p, top.get("ruleset"))
    players = p.names(top.get("players"), "players", required=True)
    if isinstance(top.get("players"), list) and len(top["players"]) < 2:
        v.add("players", "a round robin needs at least 2 players")
    stage = top.get("stage", 1)
    if not is_int(stage) or stage not in (1, 2):
        v.add("stage", f"1 (round robin of the division) or 2 (a group of the second stage), got {int_text(stage)}")
        stage = 1
    group = top.get("group")
    carried: dict[str, int] = {}
    if stage == 2:
        if group not in ("leaders", "outsiders"):
            v.add("group", f'stage 2 is played in a group: "leaders" or "outsiders", got {int_text(group)}')
        raw_carried = top.get("carried")
        if not isinstance(raw_carried, dict):
            v.add("carried", "stage 2: an object player -> points carried from stage 1")
        else:
            for name, pts in raw_carried.items():
                if name not in players:
                    v.add(f"carried.{name}", f"{name!r} is not in players")
                elif not is_int(pts) or not 0 <= pts <= MAX_CARRIED:
                    v.add(
                        f"carried.{name}",
                        f"points carried from stage 1, an integer from 0 to {MAX_CARRIED}, got {int_text(pts)}",
                    )
                else:
                    carried[name] = pts
            for name in players:
                if name not in raw_carried:
                    v.add("carried", f"no points carried for {name!r}")
    else:
        for key in ("group", "carried"):
            if key in top:
                v.add(key, "only stage 2 has a group and carried points")
    withdrawn = p.names(top.get("withdrawn"), "withdrawn")
    for i, w in enumerate(withdrawn):
        if w not in players:
            v.add(f"withdrawn[{i}]", f"{w!r} is not in players")
    cycles = (rs.cycles if stage == 1 else 1) if rs is not None else 1
    games: list[Game] = []
    raw_games = top.get("games", [])
    if not isinstance(raw_games, list):
        v.add("games", "must be a list of games")
    elif len(raw_games) > MAX_GAMES:
        v.add("games", f"at most {MAX_GAMES} games, got {len(raw_games)}")
    else:
        met: dict[frozenset[str], list[int]] = {}
        for i, raw in enumerate(raw_games):
            g = _game(p, raw, f"games[{i}]", set(players))
            if g is None:
                continue
            if not g.after_deadline:
                pair = frozenset((g.white, g.black))
                earlier = met.setdefault(pair, [])
                if len(earlier) >= cycles:
                    where = ", ".join(f"games[{k}]" for k in earlier)
                    v.add(
                        f"games[{i}]",
                        f"{g.white} and {g.black} already met {len(earlier)} time(s) ({where}); "
                        f"a pair meets {cycles} time(s) in stage {stage}",
                    )
                earlier.append(i)
            games.append(g)
    v.raise_if_any()
    assert rs is not None
    return UpdownSeason(rs, players, tuple(games), withdrawn, stage, group if stage == 2 else None, carried)


def _game(p: Parser, raw: Any, f: str, players: set[str]) -> Game | None:
    v = p.v
    before = len(v.items)
    g = p.obj(raw, f, _GAME_KEYS, "a game: round, white, black, result")
    if g is None:
        return None
    rnd = g.get("round")
    if not is_int(rnd) or not 1 <= rnd <= MAX_ROUND:
        v.add(f"{f}.round", f"a round number from 1 to {MAX_ROUND}, got {int_text(rnd)}")
    white, black = g.get("white"), g.get("black")
    for key, name in (("white", white), ("black", black)):
        if not isinstance(name, str) or name not in players:
            v.add(f"{f}.{key}", f"{int_text(name)} is not in players")
    if isinstance(white, str) and white == black:
        v.add(f"{f}.black", f"{white!r} cannot play himself")
    result = g.get("result")
    known = [r.value for r in GameResult]
    if result not in known:
        v.add(f"{f}.result", f"one of {', '.join(known)}, got {int_text(result)}")
    flags: dict[str, bool] = {}
    for key in ("long", "after_deadline", "thrown"):
        value = g.get(key, False)
        if not isinstance(value, bool):
            v.add(f"{f}.{key}", f"true or false, got {int_text(value)}")
        flags[key] = value is True
    if len(v.items) != before:
        return None
    assert is_int(rnd) and isinstance(white, str) and isinstance(black, str) and isinstance(result, str)
    return Game(rnd, white, black, GameResult(result), **flags)


# --- the open cup (docs/rules.md ``cup.*``) -----------------------------------------------------------
#
#     {"ruleset": "open-cup",                      # or {"base": "open-cup", "series_wins": 3, ...}
#      "entrants": ["P01", {"name": "P02", "rating": 2400, "title": "КМС"}, ...],   # application order
#      "series": [{"stage": 1, "players": ["P01", "P33"], "games": ["=", "1-0", "1-0"]}],
#      "disqualifications": [{"player": "P05", "stage": 2, "reason": "..."}]}
#
# The entrants are seeded as the service seeds its players (title, then rating, unrated after rated,
# then the order of the list: the application order); each stage's pairs follow from the seeds and the
# results, so a series only names its two players (in either order: the first listed is the one the
# results are written for). Results: 1-0, 0-1, = (drawn, replayed), +/- and -/+ (technical win / loss),
# -/- (both absent, both lose technically). Every error names series[i].games[j] or the field.

_CUP_SEASON_KEYS = {"ruleset", "entrants", "series", "disqualifications", "name"}
_ENTRANT_KEYS = {"name", "rating", "title"}
_SERIES_KEYS = {"stage", "players", "games"}
_DISQUALIFICATION_KEYS = {"player", "stage", "reason"}
CUP_RESULTS = ("1-0", "0-1", "=", "+/-", "-/+", "-/-")
MAX_CUP_ENTRANTS = 4_096
MAX_SERIES = 10_000
MAX_SERIES_GAMES = 100
MAX_CUP_STAGES = 13  # 4 096 entrants: 12 knockout stages and the final
MAX_REASON = 1000


def is_cup(ruleset: Any) -> bool:
    """Whether a season file's ``ruleset`` names a cup ruleset (the loader's dispatch)."""
    return _named(ruleset, CUP_RULESETS)


def _cup_rules(p: Parser, value: Any) -> CupRules | None:
    return p.registered(value, CUP_RULESETS, cup_variant)


def parse_cup_season(data: Any) -> CupSeason:
    """An open cup from decoded JSON; :class:`InvalidArgument` with every problem found."""
    p, top = Parser.season(data, _CUP_SEASON_KEYS)
    v = p.v
    rules = _cup_rules(p, top.get("ruleset"))
    entrants = _entrants(p, top.get("entrants"))
    known = {e.name for e in entrants}
    series: list[CupSeries] = []
    raw_series = top.get("series", [])
    if not isinstance(raw_series, list):
        v.add("series", 'must be a list of series {"stage": ..., "players": [..., ...], "games": [...]}')
    elif len(raw_series) > MAX_SERIES:
        v.add("series", f"at most {MAX_SERIES} series, got {len(raw_series)}")
    else:
        seen: dict[tuple[int, frozenset[str]], int] = {}
        for i, raw in enumerate(raw_series):
            one = _series(p, raw, f"series[{i}]", known)
            if one is None:
                continue
            key = (one.stage, frozenset(one.players))
            if key in seen:
                v.add(f"series[{i}].players", f"{' v '.join(one.players)} in stage {one.stage} is already series[{seen[key]}]")
                continue
            seen[key] = i
            series.append(one)
    dqs: list[CupDisqualification] = []
    raw_dqs = top.get("disqualifications", [])
    if not isinstance(raw_dqs, list):
        v.add("disqualifications", 'must be a list of {"player": ..., "stage": ..., "reason": ...}')
    else:
        for i, raw in enumerate(raw_dqs[:MAX_CUP_ENTRANTS]):
            d = _disqualification(p, raw, f"disqualifications[{i}]", known)
            if d is not None:
                dqs.append(d)
    v.raise_if_any()
    assert rules is not None
    return CupSeason(rules, entrants, tuple(series), tuple(dqs))


def _entrants(p: Parser, raw: Any) -> tuple[CupEntrant, ...]:
    v = p.v
    if not isinstance(raw, list) or not raw:
        v.add("entrants", 'list the entrants in application order: names, or {"name": ..., "rating": ..., "title": ...}')
        return ()
    if len(raw) > MAX_CUP_ENTRANTS:
        v.add("entrants", f"at most {MAX_CUP_ENTRANTS} entrants (Rondo's capacity), got {len(raw)}")
        return ()
    out: list[CupEntrant] = []
    seen: dict[str, int] = {}
    for i, item in enumerate(raw):
        f = f"entrants[{i}]"
        entry: Mapping[str, Any] | None = {"name": item} if isinstance(item, str) else p.obj(item, f, _ENTRANT_KEYS, "an entrant")
        if entry is None:
            continue
        name, rating, title = entry.get("name"), entry.get("rating"), entry.get("title")
        where = f if isinstance(item, str) else f"{f}.name"
        ok = True
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or name != name.strip():
            v.add(where, f"a name of 1 to {MAX_NAME} characters without surrounding spaces, got {int_text(name)}")
            ok = False
        elif name in seen:
            v.add(where, f"{name!r} is listed twice (entrants[{seen[name]}] too)")
            ok = False
        if rating is not None and (not is_int(rating) or not MIN_RATING <= rating <= MAX_RATING):
            v.add(f"{f}.rating", f"an integer from {MIN_RATING} to {MAX_RATING}, got {int_text(rating)}")
            ok = False
        if title is not None and (not isinstance(title, str) or not title.strip() or len(title) > 40):
            v.add(f"{f}.title", f"a sports title of 1 to 40 characters, got {int_text(title)}")
            ok = False
        if ok:
            assert isinstance(name, str)
            seen[name] = i
            out.append(CupEntrant(name, rating, title.strip() if isinstance(title, str) else None))
    return tuple(out)


def _stage_number(p: Parser, value: Any, f: str) -> int | None:
    if not is_int(value) or not 1 <= value <= MAX_CUP_STAGES:
        p.v.add(f, f"a stage number from 1 (the first stage) to {MAX_CUP_STAGES}, got {int_text(value)}")
        return None
    return value


def _series(p: Parser, raw: Any, f: str, known: set[str]) -> CupSeries | None:
    v = p.v
    before = len(v.items)
    s = p.obj(raw, f, _SERIES_KEYS, "a series: stage, players, games")
    if s is None:
        return None
    stage = _stage_number(p, s.get("stage"), f"{f}.stage")
    players = s.get("players")
    if not isinstance(players, list) or len(players) != 2:
        v.add(f"{f}.players", 'the two players of the series, e.g. ["P01", "P33"]')
    else:
        for k, name in enumerate(players):
            if not isinstance(name, str) or name not in known:
                v.add(f"{f}.players[{k}]", f"{int_text(name)} is not an entrant")
        if players[0] == players[1]:
            v.add(f"{f}.players[1]", f"{int_text(players[0])} cannot play himself")
    games = s.get("games", [])
    if not isinstance(games, list):
        v.add(f"{f}.games", "a list of results, one per game in the order played: 1-0, 0-1, =, +/-, -/+, -/-")
        games = []
    elif len(games) > MAX_SERIES_GAMES:
        v.add(f"{f}.games", f"at most {MAX_SERIES_GAMES} games in a series, got {len(games)}")
        games = []
    for k, result in enumerate(games):
        if result not in CUP_RESULTS:
            v.add(
                f"{f}.games[{k}]",
                f"one of {', '.join(CUP_RESULTS)} (for {int_text(players[0]) if isinstance(players, list) and players else 'the first player'}), got {int_text(result)}",
            )
    if len(v.items) != before:
        return None
    assert stage is not None and isinstance(players, list)
    return CupSeries(stage, (players[0], players[1]), tuple(games))


def _disqualification(p: Parser, raw: Any, f: str, known: set[str]) -> CupDisqualification | None:
    v = p.v
    before = len(v.items)
    d = p.obj(raw, f, _DISQUALIFICATION_KEYS, "a disqualification: player, stage, reason")
    if d is None:
        return None
    player, reason = d.get("player"), d.get("reason")
    if not isinstance(player, str) or player not in known:
        v.add(f"{f}.player", f"{int_text(player)} is not an entrant")
    stage = _stage_number(p, d.get("stage"), f"{f}.stage")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        v.add(f"{f}.reason", f"a disqualification needs its reason (open-cup-2023 5.3.3), 1 to {MAX_REASON} characters")
    if len(v.items) != before:
        return None
    assert isinstance(player, str) and stage is not None and isinstance(reason, str)
    return CupDisqualification(player, stage, reason.strip())
