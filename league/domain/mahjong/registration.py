"""Closing registration (docs/rules.md ``mahjong.roster.close-registration``; discard-league-2026 §1:
the main roster is a multiple of 4; when registration closes with N % 4 != 0 the organizer either
adds players from the reserve or drops the needed number of last-registered applicants — the engine
computes who, the organizer decides). Pure.

A closed registration takes no more main participants (reserves and technical substitutes still
register). Nobody is deleted: dropped applicants become reserves, promoted reserves main participants.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from league.domain.model import Player, PlayerStatus
from rondo_runtime.errors import FailedPrecondition


class Resolution(enum.Enum):
    AS_IS = "as_is"  # the roster must already fit
    DROP_LAST_REGISTERED = "drop_last_registered"
    PROMOTE_RESERVES = "promote_reserves"


@dataclass(frozen=True)
class RegistrationClosing:
    to_reserve: tuple[Player, ...]  # main participants dropped to the reserve (the last registered)
    promoted: tuple[Player, ...]  # reserves who become main participants (the earliest registered)
    main_count: int  # main participants once closed


def _by_order(players: list[Player], status: PlayerStatus) -> list[Player]:
    return sorted((p for p in players if p.status is status), key=lambda p: p.registration_order)


def options_text(main: list[Player], reserves: list[Player], table_size: int) -> str:
    """The organizer's two options for a roster that does not fit, by name."""
    remainder = len(main) % table_size
    needed = table_size - remainder
    dropped = ", ".join(p.name for p in main[-remainder:])
    have = f"{len(reserves)} registered: {', '.join(p.name for p in reserves[:needed])}" if reserves else "none registered"
    return (
        f"{len(main)} main participants is not a multiple of {table_size}: drop the last-registered {remainder} "
        f"({dropped}) with the resolution drop-last-registered, or promote {needed} reserve{'s' if needed > 1 else ''} with "
        f"the resolution promote-reserves (reserves: {have})"
    )


def close_registration(players: list[Player], table_size: int, resolution: Resolution) -> RegistrationClosing:
    """Who changes status when registration closes with ``resolution``; FAILED_PRECONDITION, with the
    options by name, when the roster does not fit and the resolution cannot make it fit."""
    main = _by_order(players, PlayerStatus.MAIN)
    reserves = _by_order(players, PlayerStatus.RESERVE)
    remainder = len(main) % table_size
    if remainder == 0:
        return RegistrationClosing((), (), len(main))
    if resolution is Resolution.DROP_LAST_REGISTERED:
        dropped = tuple(main[-remainder:])
        return RegistrationClosing(dropped, (), len(main) - remainder)
    if resolution is Resolution.PROMOTE_RESERVES:
        needed = table_size - remainder
        if len(reserves) < needed:
            raise FailedPrecondition(
                options_text(main, reserves, table_size) + f"; {needed - len(reserves)} more reserves needed"
            )
        return RegistrationClosing((), tuple(reserves[:needed]), len(main) + needed)
    raise FailedPrecondition(options_text(main, reserves, table_size))
