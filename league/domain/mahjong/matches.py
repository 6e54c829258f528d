"""A match of a mahjong league as the season file writes it, read and checked against a roster and a
ruleset: one reader for the season file (``league.adapters.season_file``) and the service's records
(``league.domain.records.check_match``). Every error names the match and the field
(``matches[3].hanchans[1].scores: sum is 119 000, must be 120 000``); all are reported together.
Pure: decoded JSON in, domain objects out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeGuard, TypeVar

from league.domain.mahjong.ruleset import MAX_CHOMBO, MAX_POINTS, Ruleset
from league.domain.mahjong.scoring import Hanchan, Match, NoShow, Penalty, hanchan_score_violations, penalty_violations
from rondo_runtime.errors import InvalidArgument
from rondo_runtime.validation import Violations, shown

MAX_NAME = 200
T = TypeVar("T")

_MATCH_KEYS = {"round", "table", "players", "hanchans", "penalties", "no_show"}
_HANCHAN_KEYS = {"scores", "chombo", "number"}


@dataclass(frozen=True)
class Unchecked:
    """A penalty as written, before :class:`Penalty` accepts it."""

    player: Any
    points: Any
    reason: str


def is_int(x: object) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def int_text(x: object) -> str:
    return shown(x)


class Parser:
    def __init__(self) -> None:
        self.v = Violations()

    @classmethod
    def season(cls, data: Any, keys: set[str]) -> tuple[Parser, Mapping[str, Any]]:
        """A parser and the file's top object; :class:`InvalidArgument` at once when it is no object."""
        p = cls()
        top = p.obj(data, "season", keys, "the season file")
        if top is None:
            p.v.raise_if_any()
        assert top is not None
        return p, top

    def registered(self, value: Any, registry: Mapping[str, T], make: Callable[[str, dict[str, Any], str | None], T]) -> T | None:
        """A registered ruleset by name, or a variant of one (the loader checked the name is known)."""
        if isinstance(value, str):
            return registry[value]
        assert isinstance(value, dict)
        return self.variant(value, make)

    def variant(self, value: Mapping[str, Any], make: Callable[[str, dict[str, Any], str | None], T]) -> T | None:
        """A ruleset variant ``{"base": ..., "name": ..., <fields>}`` made by ``make(base, fields, name)``;
        None (with violations) when it is wrong."""
        for k in getattr(value, "duplicates", ()):
            self.v.add(f"ruleset.{k}", "given twice in the same object; give it once")
        name = value.get("name")
        if name is not None and (not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME):
            self.v.add("ruleset.name", f"a non-empty name for this variant, at most {MAX_NAME} characters")
            return None
        try:
            return make(value["base"], {k: x for k, x in value.items() if k not in ("base", "name")}, name)
        except InvalidArgument as error:
            self.v.items.extend(error.violations)
            return None

    def obj(self, value: Any, field: str, keys: set[str], what: str) -> Mapping[str, Any] | None:
        if not isinstance(value, dict):
            self.v.add(field, f"must be an object ({what}), got {type(value).__name__}")
            return None
        for k in getattr(value, "duplicates", ()):
            self.v.add(f"{field}.{k}", "given twice in the same object; give it once")
        for k in value:
            if k not in keys:
                self.v.add(f"{field}.{k}", f"unknown field; known: {', '.join(sorted(keys))}")
        return value

    def names(self, value: Any, field: str, required: bool = False) -> tuple[str, ...]:
        if value is None and not required:
            return ()
        if not isinstance(value, list):
            self.v.add(field, "must be a list of names")
            return ()
        out: list[str] = []
        seen: dict[str, int] = {}  # name -> first index
        for i, name in enumerate(value):
            if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or name != name.strip():
                self.v.add(
                    f"{field}[{i}]", f"a name of 1 to {MAX_NAME} characters without surrounding spaces, got {int_text(name)}"
                )
            elif name in seen:
                self.v.add(f"{field}[{i}]", f"{name!r} is listed twice ({field}[{seen[name]}] too)")
            else:
                seen[name] = i
                out.append(name)
        return tuple(out)


def parse_match(
    data: Any, ruleset: Ruleset, players: Iterable[str], substitutes: Iterable[str] = (), field: str = "match"
) -> Match:
    """One match as the season file writes it, checked against a roster and a ruleset (the service's
    entry for a single result); :class:`InvalidArgument` naming ``<field>.…`` on any problem."""
    p = Parser()
    m = read_match(p, data, field, ruleset, set(players), set(substitutes))
    p.v.raise_if_any()
    assert m is not None
    return m


def read_match(p: Parser, raw: Any, f: str, rs: Ruleset, main: set[str], subs: set[str]) -> Match | None:
    """One match, checked against the roster and the ruleset; None (with violations) when it is wrong."""
    v = p.v
    before = len(v.items)
    m = p.obj(raw, f, _MATCH_KEYS, "a match: round, table, players, hanchans")
    if m is None:
        return None
    rnd, table = m.get("round"), m.get("table")
    round_no = rnd if is_int(rnd) and 1 <= rnd <= rs.rounds else None
    if round_no is None:
        v.add(f"{f}.round", f"a round number from 1 to {rs.rounds}, got {int_text(rnd)}")
    table_no = table if is_int(table) and table >= 1 else None
    if table_no is None:
        v.add(f"{f}.table", f"a table number from 1, got {int_text(table)}")
    label = f"round {rnd}, table {table}"
    seated = p.names(m.get("players"), f"{f}.players", required=True)
    if isinstance(m.get("players"), list) and len(m["players"]) != rs.table_size:
        v.add(f"{f}.players", f"a table seats {rs.table_size} players, got {len(m['players'])} ({label})")
    for k, name in enumerate(seated):
        if name not in main and name not in subs:
            v.add(f"{f}.players[{k}]", f"{name!r} is neither a main participant nor a substitute")
    at_table = set(seated)
    where = f"{label}: {', '.join(seated)}"
    hanchans = _hanchans(p, m.get("hanchans", []), f"{f}.hanchans", rs, seated, where)
    no_shows: list[NoShow] = []
    raw_ns = m.get("no_show", [])
    if not isinstance(raw_ns, list):
        v.add(f"{f}.no_show", 'must be a list of {"player": ..., "substitute": ...}')
        raw_ns = []
    covered: dict[str, int] = {}
    absent: set[str] = set()
    for k, raw_n in enumerate(raw_ns):
        g = f"{f}.no_show[{k}]"
        n = p.obj(raw_n, g, {"player", "substitute"}, "a no-show: player, substitute")
        if n is None:
            continue
        player, sub = n.get("player"), n.get("substitute")
        ok = True
        if not isinstance(player, str) or player not in main:
            v.add(f"{g}.player", f"{int_text(player)} is not a main participant")
            ok = False
        elif player in at_table:
            v.add(f"{g}.player", f"{player!r} sat at this table ({where}); a no-show did not")
            ok = False
        elif player in absent:
            v.add(f"{g}.player", f"{player!r} is listed twice as a no-show")
            ok = False
        if not isinstance(sub, str) or sub not in at_table:
            v.add(f"{g}.substitute", f"{int_text(sub)} is not at this table ({where})")
            ok = False
        elif sub not in subs:
            v.add(f"{g}.substitute", f"{sub!r} is not listed in substitutes")
            ok = False
        elif sub in covered:
            v.add(f"{g}.substitute", f"{sub!r} already replaces no_show[{covered[sub]}]")
            ok = False
        if ok:
            assert isinstance(player, str) and isinstance(sub, str)  # ok: both passed the checks above
            covered[sub] = k
            absent.add(player)
            no_shows.append(NoShow(player, sub))
    penalties: list[Penalty] = []
    raw_pen = m.get("penalties", [])
    if not isinstance(raw_pen, list):
        v.add(f"{f}.penalties", 'must be a list of {"player": ..., "points": ..., "reason": ...}')
        raw_pen = []
    for k, raw_p in enumerate(raw_pen):
        g = f"{f}.penalties[{k}]"
        pen = p.obj(raw_p, g, {"player", "points", "reason"}, "a penalty: player, points, reason")
        if pen is None:
            continue
        player, points, reason = pen.get("player"), pen.get("points"), pen.get("reason", "")
        ok = True
        if not isinstance(player, str) or (player not in at_table and player not in absent):
            v.add(f"{g}.player", f"{int_text(player)} is not at this table ({where})")
            ok = False
        if isinstance(reason, str) and len(reason) > 1000:
            v.add(f"{g}.reason", "at most 1000 characters")
            ok = False
        else:  # the rule itself (a reason, positive points) is the domain's
            found = penalty_violations(Unchecked(player, points, reason if isinstance(reason, str) else ""), g)
            v.items.extend(found)
            ok = ok and not found
        if ok:
            # ok: the player is at the table and penalty_violations accepted the points and the reason
            assert isinstance(player, str) and is_int(points) and isinstance(reason, str)
            penalties.append(Penalty(player, points, reason.strip()))
    if len(v.items) != before or round_no is None or table_no is None:
        return None
    return Match(round_no, table_no, seated, hanchans, tuple(penalties), tuple(no_shows))


def _hanchans(p: Parser, raw: Any, f: str, rs: Ruleset, seated: tuple[str, ...], where: str) -> tuple[Hanchan, ...]:
    v = p.v
    if not isinstance(raw, list):
        v.add(f, "must be a list of hanchans")
        return ()
    if len(raw) > rs.hanchans_per_match:
        v.add(f, f"{len(raw)} hanchans; a match has {rs.hanchans_per_match} ({where})")
    out: list[Hanchan] = []
    numbers: dict[int, int] = {}
    for k, raw_h in enumerate(raw):
        g = f"{f}[{k}]"
        h = p.obj(raw_h, g, _HANCHAN_KEYS, "a hanchan: scores, chombo")
        if h is None:
            continue
        number = h.get("number", k + 1)
        if not is_int(number) or not 1 <= number <= rs.hanchans_per_match:
            v.add(
                f"{g}.number",
                f"hanchan number {int_text(number)} is out of range; a match has hanchans 1-{rs.hanchans_per_match}",
            )
        elif number in numbers:
            v.add(f"{g}.number", f"hanchan {number} is already {f}[{numbers[number]}]")
        else:
            numbers[number] = k
        scores = h.get("scores")
        pairs: list[tuple[str, int]] = []
        if not isinstance(scores, dict):
            v.add(f"{g}.scores", "an object: player -> final score")
        else:
            for k2 in getattr(scores, "duplicates", ()):
                v.add(f"{g}.scores.{k2}", "given twice; one final score per player")
            pairs = list(scores.items())
            strangers = [x for x, _ in pairs if x not in seated]
            for x in strangers:
                v.add(f"{g}.scores.{x}", f"{x!r} is not at this table ({where})")
            missing = [x for x in seated if x not in scores]
            if missing:
                v.add(f"{g}.scores", f"no final score for {', '.join(missing)} ({where})")
            out_of_range = False
            for x, score in pairs:
                if not is_int(score) or not -MAX_POINTS <= score <= MAX_POINTS:
                    v.add(
                        f"{g}.scores.{x}",
                        f"must be between {-MAX_POINTS} and {MAX_POINTS} (a final score, integer points), got {shown(score)}",
                    )
                    out_of_range = True
            if not strangers and not missing and not getattr(scores, "duplicates", ()) and not out_of_range:
                v.items.extend(hanchan_score_violations(pairs, rs, f"{g}.scores"))
        chombo = h.get("chombo", {})
        chombo_pairs: list[tuple[str, int]] = []
        if not isinstance(chombo, dict):
            v.add(f"{g}.chombo", "an object: player -> number of chombo")
        else:
            for x, count in chombo.items():
                if x not in seated:
                    v.add(f"{g}.chombo.{x}", f"{x!r} is not at this table ({where})")
                elif not is_int(count) or not 1 <= count <= MAX_CHOMBO:
                    v.add(f"{g}.chombo.{x}", f"how many chombo, an integer from 1, got {int_text(count)}")
                else:
                    chombo_pairs.append((x, count))
        if is_int(number) and isinstance(scores, dict):
            out.append(Hanchan(number, tuple(pairs), tuple(chombo_pairs)))
    return tuple(out)
