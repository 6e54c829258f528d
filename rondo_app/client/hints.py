"""Errors that speak CLI: the gateway says what is wrong in neutral words ("correct that record"); the
CLI, which knows the command typed, the competition and its roster, names the players it knows instead
of their ids and adds the command that does what the message asks (``hint: correct it with `rondo
results correct ...```).

A command tells this module what it resolved (:func:`remember`: the competition as typed, the names of
ids it looked up); ``session.error_lines`` output goes through :func:`explain` once. Pure apart from
that per-session memory: no gRPC.
"""

from __future__ import annotations

import os
import re
import shlex
import weakref
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from google.rpc import error_details_pb2
from grpc_status import rpc_status

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


CORRECT = (
    "correct it with `rondo results correct COMPETITION RECORD --reason ...` (`rondo results list COMPETITION` numbers the records)",
    "исправьте запись: `rondo results correct COMPETITION RECORD --reason ...` (`rondo results list COMPETITION` нумерует записи)",
)
GAME = (
    "record a game with `rondo results game COMPETITION --round R --table T --first A --second B --result 1-0`",
    "запишите партию: `rondo results game COMPETITION --round R --table T --first A --second B --result 1-0`",
)
ADVANCE = (
    "generate it with `rondo stages advance COMPETITION` (`rondo stages next COMPETITION` shows it first)",
    "сформируйте этап: `rondo stages advance COMPETITION` (`rondo stages next COMPETITION` покажет его заранее)",
)
LINK = (
    "the organizer links it with `rondo accounts link ACCOUNT COMPETITION PLAYER`",
    "организатор связывает её: `rondo accounts link ACCOUNT COMPETITION PLAYER`",
)
DRAW = (
    "draw with `rondo draws run COMPETITION`, then publish it with `rondo draws approve COMPETITION v1`",
    "проведите жеребьёвку: `rondo draws run COMPETITION`, затем опубликуйте её: `rondo draws approve COMPETITION v1`",
)
REDRAW = (
    "redraw with `rondo draws redraw COMPETITION --played-rounds N --reason ...`, then `rondo draws approve COMPETITION VERSION`",
    "пережеребьёвка: `rondo draws redraw COMPETITION --played-rounds N --reason ...`, затем `rondo draws approve COMPETITION VERSION`",
)

# (a phrase of the gateway's English message, the hint in English and Russian). COMPETITION is filled
# in with the competition as the organizer typed it, when the command knows it.
HINTS: tuple[tuple[str, tuple[str, str]], ...] = (
    ("correct that record", CORRECT),
    ("correct it instead", CORRECT),
    ("corrects the record", CORRECT),
    (
        "annulled by correcting its record",
        (
            "annul it with `rondo results correct COMPETITION RECORD --result annulled --reason ...`",
            "аннулируйте матч: `rondo results correct COMPETITION RECORD --result annulled --reason ...`",
        ),
    ),
    (
        "resolution drop-last-registered",
        (
            "close with `rondo roster close COMPETITION --resolution drop-last-registered` or `--resolution promote-reserves`",
            "закройте регистрацию: `rondo roster close COMPETITION --resolution drop-last-registered` "
            "или `--resolution promote-reserves`",
        ),
    ),
    ("record its games only", GAME),
    ("takes game results only", GAME),
    ("advance to the next stage", ADVANCE),
    ("advance to stage 1", ADVANCE),
    (
        "registered as a substitute",
        (
            "register one with `rondo roster add COMPETITION NAME --substitute`",
            "зарегистрируйте технического заменяющего: `rondo roster add COMPETITION ИМЯ --substitute`",
        ),
    ),
    ("link your account to your player", LINK),
    ("draw and approve one first", DRAW),
    ("Redraw, then approve", REDRAW),
)
#: The same hints by the error's ``google.rpc.ErrorInfo`` reason, whatever language the message is in.
REASONS: dict[str, tuple[str, str]] = {
    "PLAYER_NOT_LINKED": LINK,
    "NO_STAGE_YET": ADVANCE,
    "DRAW_NOT_APPROVED": DRAW,
    "RESULTS_NEED_APPROVED_DRAW": DRAW,
}
LABEL = {"en": "hint: ", "ru": "подсказка: "}


def locale(environ: Mapping[str, str] | None = None) -> str:
    """``ru`` or ``en``, as the CLI prints its errors: ``RONDO_LANG``, else ``LC_ALL``, else ``LANG``."""
    env = os.environ if environ is None else environ
    for name in ("RONDO_LANG", "LC_ALL", "LANG"):
        value = env.get(name, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def reason_of(error: Any) -> str:
    """The ``google.rpc.ErrorInfo`` reason of a refused call, "" when it carries none."""
    try:
        status = rpc_status.from_call(error)
    except Exception:  # not a call's error, or details that do not parse: no reason
        return ""
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            return str(info.reason)
    return ""


def hints_for(text: str, competition: str = "", reason: str = "", language: str = "en") -> list[str]:
    """The commands that do what ``text`` (or the error's ``reason``) asks, once each, in ``language``,
    COMPETITION filled in when known."""
    found = [hint for phrase, hint in HINTS if phrase.casefold() in text.casefold()]
    if reason in REASONS:
        found.insert(0, REASONS[reason])
    shown: list[str] = []
    for hint in found:
        said = hint[1] if language == "ru" else hint[0]
        line = LABEL.get(language, LABEL["en"]) + (said.replace("COMPETITION", shlex.quote(competition)) if competition else said)
        if line not in shown:
            shown.append(line)
    return shown


def explain(lines: list[str], session: Any = None, error: Any = None) -> list[str]:
    """``session.error_lines``' lines with the players and the competition named, an index into a
    request's list of players named, and the command that does what the message (or the ``error``'s
    reason) asks, in the user's :func:`locale`."""
    known = known_of(session) if session is not None else Known()
    shown = [_indexed(with_names(line, known.names), known) for line in lines]
    reason = reason_of(error) if error is not None else ""
    return shown + [h for h in hints_for("\n".join(shown), known.competition, reason, locale()) if h not in shown]
