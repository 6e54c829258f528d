"""Why a match was not placed, in words an organizer can act on (docs/rules.md ``schedule.auto.reasons``).

* no candidate at all: the players have no common option with a free room;
* candidates, but none as long as the match;
* every start conflicts with matches placed in the same round: a player of the match plays another
  match then, or every room free then is taken by another match (named, a few at most).
"""

from __future__ import annotations

from solver.domain.schedule.occupancy import Occupancy
from solver.domain.schedule.problem import ScheduleMatch
from solver.domain.schedule.starts import Option

MAX_NAMED = 3  # matches and players named in one reason


def _names(items: set[str]) -> str:
    shown = sorted(items)[:MAX_NAMED]
    more = len(items) - len(shown)
    return ", ".join(repr(x) for x in shown) + (f" and {more} more" if more > 0 else "")


def why_not_placed(match: ScheduleMatch, options: list[Option], taken: Occupancy) -> str:
    if not match.candidates:
        return "no common option: the players have no time in common with a free room (or not everyone answered)"
    if not options:
        return f"no common option is {match.length_minutes} minutes long"
    players: set[str] = set()
    by_player: set[str] = set()
    by_room: set[str] = set()
    free = 0
    for option in options:
        conflicts = taken.players_taken_by(option)
        room = taken.room_taken_by(option)
        for player, other in conflicts:
            players.add(player)
            by_player.add(other)
        if room is not None:
            by_room.add(room)
        if not conflicts and room is None:
            free += 1
    if free:
        return f"not placed in the time limit ({free} free starts left); run it again with a longer time limit"
    parts = []
    if by_player:
        parts.append(f"player {_names(players)} plays match {_names(by_player)} at those times")
    if by_room:
        parts.append(f"the free rooms are taken by match {_names(by_room)}")
    starts = "its only possible start conflicts" if len(options) == 1 else f"all its {len(options)} possible starts conflict"
    return f"{starts} with matches placed in this round: " + "; ".join(parts)
