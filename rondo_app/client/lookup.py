"""What every client command does with what the organizer typed: the competition, a player, a record,
a draw or a room by name, id or unambiguous id prefix, through rondo_app/client/names.py's rule
(:func:`rondo_app.client.names.pick`). Each lookup also tells rondo_app/client/hints.py the names it
met, so an error about a player id shows the player's name."""

from __future__ import annotations

from collections.abc import Iterable

from rondo.gateway.v1 import competitions_pb2, draws_pb2
from rondo_app.client import hints
from rondo_app.client.names import MIN_PREFIX, pick, record_id
from rondo_app.client.session import Session

#: How an id is shown where a name is missing (an unregistered id, a room of another club): a prefix
#: the resolvers accept, never the whole UUID.
SHORT_ID = 8


def short(identifier: str) -> str:
    return identifier[:SHORT_ID]


def competition(s: Session, key: str, option: str = "COMPETITION") -> str:
    """The competition ``key`` names (name, id or id prefix); remembered for the error hints."""
    answer = s.all_pages("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=1000), "competitions")
    pairs = [(c.id, c.name) for c in answer.competitions]
    found = pick(key, pairs, option, "competition", "rondo competitions list")
    hints.remember(s, competition=dict(pairs)[found], names={found: dict(pairs)[found]})
    return found


def competition_name(s: Session, competition_id: str) -> str:
    """The competition's name ("" when unknown): for lines that would otherwise show its id."""
    return hints.known_of(s).names.get(competition_id, "")


def roster(s: Session, competition_id: str) -> list[tuple[str, str]]:
    """``(id, name)`` of every player of the competition (withdrawn ones too), remembered for errors."""
    request = competitions_pb2.ListPlayersRequest(competition_id=competition_id, include_inactive=True, page_size=1000)
    pairs = [(p.id, p.name) for p in s.all_pages("ListPlayers", request, "players").players]
    hints.remember(s, names=dict(pairs))
    return pairs


def player(key: str, pairs: Iterable[tuple[str, str]], option: str = "PLAYER") -> str:
    """A registered player by roster name, id or id prefix; nothing matching is an error."""
    return pick(key, pairs, option, "player", "rondo roster list COMPETITION")


def player_or_name(key: str, pairs: Iterable[tuple[str, str]], option: str) -> str:
    """A registered player as :func:`player`, except that a key naming nobody is sent as typed: an
    unregistered substitute's name is a valid score key (the gateway refuses anything else, by field)."""
    listed = list(pairs)
    return player(key, listed, option) if names_any(key, listed) else key.strip()


def names_any(key: str, pairs: Iterable[tuple[str, str]]) -> bool:
    """Whether ``key`` is an id, a name or an id prefix of any of ``pairs`` (maybe of several)."""
    typed = key.strip()
    folded = typed.casefold()
    return any(typed == i or n.casefold() == folded or (len(typed) >= MIN_PREFIX and i.startswith(typed)) for i, n in pairs)


def record(s: Session, competition_id: str, key: str, option: str = "RECORD") -> str:
    """A result record by ``#12``, ``12``, id or id prefix."""
    return record_id(s, competition_id, key, option)


def draws_of(s: Session, competition_id: str) -> list[draws_pb2.Draw]:
    request = draws_pb2.ListDrawsRequest(competition_id=competition_id, page_size=1000)
    return list(s.all_pages("ListDraws", request, "draws").draws)


def draw(s: Session, competition_id: str, key: str, option: str = "DRAW") -> str:
    """A draw of the competition by version (``v2`` or ``2``), id or id prefix; "" stays "" (the published one)."""
    if not key.strip():
        return ""
    typed = key.strip()
    if typed.isdigit():
        typed = f"v{typed}"
    pairs = [(d.id, f"v{d.version}") for d in draws_of(s, competition_id)]
    return pick(typed, pairs, option, "draw", "rondo draws list COMPETITION")


def draw_versions(s: Session, competition_id: str) -> dict[str, str]:
    """Draw id -> ``v2``: a draw is shown by its version."""
    return {d.id: f"v{d.version}" for d in draws_of(s, competition_id)}
