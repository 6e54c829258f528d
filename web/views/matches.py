"""My matches: the tables of the published draw where one of my linked players sits, and the match keys
booking knows them by; the current round found with few card look-ups."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass

from rondo_runtime.match_key import MatchKey as SharedMatchKey

MAX_KEY_PART = 100


class MatchKey(SharedMatchKey):
    """A match key (written as booking knows it) with its page's address."""

    @property
    def path(self) -> str:
        return f"/match/{self.competition_id}/{self.stage}/{self.round}/{self.table}"


def match_key(competition_id: str, stage: int, round_: int, table: int) -> MatchKey | None:
    """A match key from URL parts, or None when they cannot name one."""
    if not competition_id or len(competition_id) > MAX_KEY_PART or "/" in competition_id:
        return None
    if not (1 <= stage <= 100 and 1 <= round_ <= 1000 and 1 <= table <= 10000):
        return None
    return MatchKey(competition_id, stage, round_, table)


@dataclass(frozen=True)
class MyTable:
    key: MatchKey
    player_id: str  # my league player at this table
    names: tuple[str, ...]


def my_tables(competition_id: str, my_player_ids: Iterable[str], seating_rounds) -> list[MyTable]:
    """Every table of the published seating (``Seating.rounds``) where one of my players sits."""
    mine = set(my_player_ids)
    found: list[MyTable] = []
    for round_ in seating_rounds:
        for table in round_.tables:
            seated = mine.intersection(table.player_ids)
            if seated:
                key = MatchKey(competition_id, 1, round_.number, table.number)
                found.append(MyTable(key, sorted(seated)[0], tuple(table.player_names)))
    return found


def my_stage_tables(
    competition_id: str, my_player_ids: Iterable[str], stages, names: dict[str, str], from_stage: int = 2
) -> list[MyTable]:
    """Every table (a pairing is a table of two) of the stored stages numbered ``from_stage`` and up
    (``ListStages.stages``: the cup's, Up&Down's, the mahjong playoff's) where one of my players sits."""
    mine = set(my_player_ids)
    found: list[MyTable] = []
    for stage in stages:
        if stage.number < from_stage:
            continue
        for round_number, round_ in enumerate(stage.rounds, start=1):
            for table_number, table in enumerate(round_.tables, start=1):
                seated = mine.intersection(table.player_ids)
                if seated:
                    key = MatchKey(competition_id, stage.number, round_number, table_number)
                    found.append(MyTable(key, sorted(seated)[0], tuple(names.get(p, p) for p in table.player_ids)))
    return found


async def last_opened_round(rounds: int, opened: Callable[[int], Awaitable[bool]]) -> int:
    """The last round whose match is open for scheduling (0: none), asking ``opened(round)`` about
    log2(rounds) + 1 times: the organizer opens rounds in order, so the opened ones are a prefix."""
    low, high = 0, rounds  # invariant: round ``low`` opened (or 0), rounds above ``high`` not
    while low < high:
        middle = (low + high + 1) // 2
        if await opened(middle):
            low = middle
        else:
            high = middle - 1
    return low
