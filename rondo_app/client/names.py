"""Names, not UUIDs: what an organizer types for a competition, a club, a room, a player, an account or a
record — its name, or its id, or an unambiguous prefix of its id (git-style) — turned into the id the
gateway wants.

:func:`pick` is the rule (pure); the ``*_id`` helpers list what the gateway knows and apply it. A key
that matches nothing is an error naming the command that lists the candidates; a key that matches
several is an error listing them, so the organizer can type more.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rondo.gateway.v1 import competitions_pb2, scheduling_pb2
from rondo_app.client.parse import BadArgument
from rondo_app.client.records import competition_records
from rondo_app.client.session import Session

#: The shortest id prefix accepted: shorter ones match too much to be meant.
MIN_PREFIX = 4
#: How many candidates an ambiguity error lists before "…".
SHOWN_CANDIDATES = 8
#: A whole id as the gateway makes them.
_UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def pick(key: str, candidates: Iterable[tuple[str, str]], option: str, what: str, listing: str) -> str:
    """The id ``key`` stands for among ``candidates`` (``(id, name)`` pairs), in this order: an exact
    id; the one candidate whose name it is (compared case-folded); the one candidate whose id starts
    with it (at least :data:`MIN_PREFIX` characters). Several names or prefixes matching: an error listing
    them; nothing matching: an error naming ``listing``, the command that shows them."""
    pairs = list(candidates)
    typed = key.strip()
    if not typed:
        raise BadArgument(option, f"the {what} is missing")
    if any(typed == candidate_id for candidate_id, _ in pairs):
        return typed
    for matches in (
        [(i, n) for i, n in pairs if n.casefold() == typed.casefold()],
        [(i, n) for i, n in pairs if len(typed) >= MIN_PREFIX and i.startswith(typed)],
    ):
        if len(matches) == 1:
            return matches[0][0]
        if matches:
            shown = ", ".join(f"{n} ({i[:8]})" for i, n in matches[:SHOWN_CANDIDATES])
            more = ", …" if len(matches) > SHOWN_CANDIDATES else ""
            raise BadArgument(option, f"{key!r} could be {len(matches)} {what}s: {shown}{more}; type more of the id")
    raise BadArgument(option, f"no {what} is named {key!r} and no {what} id starts with it (`{listing}` shows them)")


def competition_id(s: Session, key: str, option: str = "COMPETITION") -> str:
    """A competition by name, id or id prefix."""
    answer = s.all_pages("ListCompetitions", competitions_pb2.ListCompetitionsRequest(page_size=1000), "competitions")
    return pick(key, ((c.id, c.name) for c in answer.competitions), option, "competition", "rondo competitions list")


def club_id(s: Session, key: str, option: str = "CLUB") -> str:
    """A club the caller holds (ListClubs) by name, id or id prefix."""
    answer = s.all_pages("ListClubs", scheduling_pb2.ListClubsRequest(page_size=1000), "clubs")
    return pick(key, ((c.id, c.name) for c in answer.clubs), option, "club", "rondo clubs list")


def player_id(s: Session, competition: str, key: str, option: str = "PLAYER") -> str:
    """A player of ``competition`` (an id) by roster name, id or id prefix."""
    request = competitions_pb2.ListPlayersRequest(competition_id=competition, include_inactive=True, page_size=1000)
    answer = s.all_pages("ListPlayers", request, "players")
    return pick(key, ((p.id, p.name) for p in answer.players), option, "player", "rondo roster list COMPETITION")


def room_id(s: Session, club: str, key: str, option: str = "--room") -> str:
    """A room of ``club`` (an id) by name, id or id prefix."""
    answer = s.all_pages("ListRooms", scheduling_pb2.ListRoomsRequest(club_id=club, page_size=1000), "rooms")
    return pick(key, ((r.id, r.name) for r in answer.rooms), option, "room", "rondo calendar rooms CLUB")


def record_id(s: Session, competition: str, key: str, option: str = "RECORD") -> str:
    """A result record of ``competition`` by id, id prefix or sequence number (``#12`` or ``12``)."""
    typed = key.strip()
    if _UUID.fullmatch(typed):
        return typed  # a whole id: the gateway says whether it exists (listing every match is not needed)
    pairs = [(r.id, f"#{r.sequence}") for r in competition_records(s, competition)]
    if typed.isdigit():
        typed = f"#{typed}"
    return pick(typed, pairs, option, "record", "rondo results list COMPETITION")
