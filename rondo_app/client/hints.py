"""Errors that speak CLI: the gateway says what is wrong in neutral words ("correct that record"); the
CLI, which knows the command typed, the competition and its roster, names the players it knows instead
of their ids and adds the command that does what the message asks (``hint: correct it with `rondo
results correct ...```).

A command tells this module what it resolved (:func:`remember`: the competition as typed, the names of
ids it looked up); ``session.error_lines`` output goes through :func:`explain` once. Pure apart from
that per-session memory: no gRPC.
"""

from __future__ import annotations

import re
import shlex
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: A UUID as the gateway writes ids (quoted or not).
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
#: The start of a UUID where the gateway cut a long message short.
CUT_UUID = re.compile(r"[0-9a-f]{8}(?:-[0-9a-f]{0,12}){0,4}…")
#: A field path naming a player by its position in a repeated field (``scores[2].player_id``).
INDEXED_PLAYER = re.compile(r"\b(?P<list>[a-z_]+)\[(?P<index>\d+)\](?:\.(?:player_id|player)\b)?")


@dataclass
class Known:
    """What one command's session resolved: the competition as the organizer typed it, id -> name."""

    competition: str = ""
    names: dict[str, str] = field(default_factory=dict)
    #: Players a request listed in order (``scores`` as typed): an index in a field path names one.
    listed: dict[str, list[str]] = field(default_factory=dict)


_KNOWN: weakref.WeakKeyDictionary[Any, Known] = weakref.WeakKeyDictionary()


def remember(
    session: Any,
    competition: str = "",
    names: Mapping[str, str] | None = None,
    listed: Mapping[str, list[str]] | None = None,
) -> None:
    """Notes, for this session's errors, the competition as typed and the names of ids it met."""
    known = _KNOWN.setdefault(session, Known())
    if competition:
        known.competition = competition
    known.names.update(names or {})
    known.listed.update(listed or {})


def known_of(session: Any) -> Known:
    return _KNOWN.get(session, Known())


def with_names(text: str, names: Mapping[str, str]) -> str:
    """Every id of ``names`` in ``text`` replaced by its name (quoted ids keep their quotes), and an id
    the gateway cut short at the end of a long message (``93769bc1-3204-41…``) too when it is one of them."""
    if not names:
        return text

    def cut(m: re.Match[str]) -> str:
        start = m.group(0).rstrip("…")
        found = [name for i, name in names.items() if i.startswith(start)]
        return found[0] + "…" if len(found) == 1 else m.group(0)

    return CUT_UUID.sub(cut, UUID.sub(lambda m: names.get(m.group(0), m.group(0)), text))


def _indexed(text: str, known: Known) -> str:
    """``scores[2].player_id`` or ``player_ids[2]`` -> ``... (Akagi)`` when the command told which players
    the request listed there (:func:`remember`'s ``listed``); other lists (``rounds[0]``) stay as they are."""

    def name(m: re.Match[str]) -> str:
        players = known.listed.get(m.group("list"), [])
        index = int(m.group("index"))
        if index < len(players):
            who = known.names.get(players[index], players[index])
            return f"{m.group(0)} ({who})"
        return m.group(0)

    return INDEXED_PLAYER.sub(name, text)


# (a phrase of the gateway's message, the command that does what it asks). COMPETITION is filled in
# with the competition as the organizer typed it, when the command knows it.
HINTS: tuple[tuple[str, str], ...] = (
    (
        "correct that record",
        "correct it with `rondo results correct COMPETITION RECORD --reason ...` (`rondo results list COMPETITION` numbers the records)",
    ),
    (
        "correct it instead",
        "correct it with `rondo results correct COMPETITION RECORD --reason ...` (`rondo results list COMPETITION` numbers the records)",
    ),
    (
        "correct the record",
        "correct it with `rondo results correct COMPETITION RECORD --reason ...` (`rondo results list COMPETITION` numbers the records)",
    ),
    (
        "annulled by correcting its record",
        "annul it with `rondo results correct COMPETITION RECORD --result annulled --reason ...`",
    ),
    (
        "resolution drop-last-registered",
        "close with `rondo roster close COMPETITION --resolution drop-last-registered` or `--resolution promote-reserves`",
    ),
    (
        "record its games only",
        "record a game with `rondo results game COMPETITION --round R --table T --first A --second B --result 1-0`",
    ),
    (
        "takes game results only",
        "record a game with `rondo results game COMPETITION --round R --table T --first A --second B --result 1-0`",
    ),
    (
        "advance to the next stage",
        "generate it with `rondo stages advance COMPETITION` (`rondo stages next COMPETITION` shows it first)",
    ),
    ("registered as a substitute", "register one with `rondo roster add COMPETITION NAME --substitute`"),
    ("link your account to your player", "the organizer links it with `rondo accounts link ACCOUNT COMPETITION PLAYER`"),
    (
        "Redraw, then approve",
        "redraw with `rondo draws redraw COMPETITION --played-rounds N --reason ...`, then `rondo draws approve COMPETITION VERSION`",
    ),
)


def hints_for(text: str, competition: str = "") -> list[str]:
    """The commands that do what ``text`` asks, once each, COMPETITION filled in when known."""
    shown: list[str] = []
    for phrase, hint in HINTS:
        if phrase.casefold() in text.casefold():
            line = "hint: " + (hint.replace("COMPETITION", shlex.quote(competition)) if competition else hint)
            if line not in shown:
                shown.append(line)
    return shown


def explain(lines: list[str], session: Any = None) -> list[str]:
    """``session.error_lines``' lines with the players and the competition named, an index into a
    request's list of players named, and the command that does what the message asks."""
    known = known_of(session) if session is not None else Known()
    shown = [_indexed(with_names(line, known.names), known) for line in lines]
    return shown + [h for h in hints_for("\n".join(shown), known.competition) if h not in shown]
