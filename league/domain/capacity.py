"""A competition that could never be drawn is refused up front (Rondo's capacity, ``rondo_runtime.capacity``).

The solver refuses a draw beyond capacity; league makes sure no competition gets there: its rounds
and table size are checked when it is created (``model.validate_new_competition``), and the player
who would make players x rounds exceed the capacity is refused at registration, with the limit, instead
of a draw that fails after the work.

Pure: counts in, ``InvalidArgument`` out.
"""

from __future__ import annotations

from league.domain.model import Competition
from rondo_runtime import capacity
from rondo_runtime.errors import InvalidArgument


def _spaced(n: int) -> str:
    return f"{n:,}".replace(",", " ")


def players_allowed(competition: Competition) -> int:
    """The most players one draw of the competition may seat (its rounds decide)."""
    return capacity.max_players(competition.rounds)


def check_room_for_one_more_player(competition: Competition, active_players: int) -> None:
    """``active_players`` (the main roster today) plus the one registering must fit in one draw of the
    competition's rounds: at most ``MAX_PLAYERS`` players and ``MAX_SEATS`` players x rounds."""
    limit = players_allowed(competition)
    if active_players + 1 <= limit:
        return
    why = (
        f"at most {_spaced(capacity.MAX_PLAYERS)} players"
        if limit == capacity.MAX_PLAYERS
        else f"players x rounds at most {_spaced(capacity.MAX_SEATS)}"
    )
    raise InvalidArgument.single(
        "competition_id",
        f"competition {competition.name!r} is full: {_spaced(active_players)} players already, and with "
        f"{competition.rounds} rounds a draw seats at most {_spaced(limit)} ({why}, Rondo's capacity); "
        "one more player and the draw could never be made",
    )
