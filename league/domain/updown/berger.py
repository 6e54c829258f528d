"""Round robin by the FIDE Berger tables, and groups (docs/rules.md `updown.*`). League seats every
Up&Down stage with it (``league.domain.updown.progress``). Pure.

Implements updown-league-2007:

* 4.2    every league plays round robin at both stages.
* 4.3    stage 1 is a double round robin ("в 2 круга"); 4.4 stage 2 a single one ("в 1 круг").
* 4.3    the First League is split into groups of a configurable size ("группы по ххх").
* 3.2    the qualifying tournament splits players into groups of 10-12 **at random** and plays a
         single round robin in each.

The regulation does not say who plays whom in which round, nor who moves first; Rondo uses the FIDE
Berger tables (FIDE Handbook C.05, Annex 1):

* Round 1 of an even ``n``: 1-n, 2-(n-1), ..., (n/2)-(n/2+1); the first of a pair has white (moves
  first). Each later round adds n/2 (modulo n-1, in 1..n-1) to every number except n, keeping the
  board order; the pair with n swaps colours every round (n is black in odd rounds).
* An odd number of players uses the table of n+1; the highest number is the bye.
* Double round robin: the second cycle repeats the pairings with colours reversed. Following the
  FIDE recommendation, the last two rounds of the first cycle are swapped to avoid three
  consecutive games with the same colour (``swap_last_two_rounds=False`` turns this off).

Decisions where the regulation is silent:

* Berger numbers follow the order of ``players`` as given (a draw of lots, if wanted, is the
  caller's shuffle; within groups, the group's seeding order).
* Groups (:func:`split_into_groups`, :func:`groups`): **snake seeding by rating** by default —
  sort by rating (higher first, unrated last, equal ratings in input order) and deal 1..g, g..1,
  1..g, ... so group strengths are balanced. ``method="random"`` follows 3.2 literally (a seeded
  shuffle, reproducible from ``seed``). Group sizes differ by at most one; ``group_size`` is the
  largest allowed size.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rondo_runtime.errors import FieldViolation, InvalidArgument
from rondo_runtime.validation import Violations

BergerPair = tuple[int, int]  # (white / first move, black / second), 1-based Berger numbers


def berger_table(n: int) -> tuple[tuple[BergerPair, ...], ...]:
    """The FIDE Berger table for an even ``n`` >= 2: n-1 rounds of n/2 pairs (white, black).

    >>> berger_table(4)
    (((1, 4), (2, 3)), ((4, 3), (1, 2)), ((2, 4), (3, 1)))
    """
    if not isinstance(n, int) or isinstance(n, bool) or n < 2 or n % 2:
        raise InvalidArgument.single("players", f"a Berger table needs an even number of at least 2, got {n!r}")
    half = n // 2
    rnd = [(i, n + 1 - i) for i in range(1, half + 1)]
    rounds = [tuple(rnd)]
    for _ in range(n - 2):
        nxt = []
        for a, b in rnd:
            if n in (a, b):
                other = _shift(b if a == n else a, half, n)
                nxt.append((other, n) if a == n else (n, other))
            else:
                nxt.append((_shift(a, half, n), _shift(b, half, n)))
        rnd = nxt
        rounds.append(tuple(rnd))
    return tuple(rounds)


def _shift(x: int, by: int, n: int) -> int:
    return (x - 1 + by) % (n - 1) + 1


@dataclass(frozen=True)
class Pairing:
    first: str  # white / moves first
    second: str


@dataclass(frozen=True)
class RoundRobinRound:
    """``number`` counts rounds across cycles (1-based); ``berger_round`` is the table's round."""

    number: int
    cycle: int
    round_in_cycle: int
    berger_round: int
    pairings: tuple[Pairing, ...]
    bye: str | None = None


@dataclass(frozen=True)
class RoundRobinSchedule:
    """``players[i]`` has Berger number i+1."""

    players: tuple[str, ...]
    cycles: int
    rounds: tuple[RoundRobinRound, ...]


def round_robin(players: Sequence[str], cycles: int = 1, *, swap_last_two_rounds: bool = True) -> RoundRobinSchedule:
    """Single (``cycles=1``) or double (``cycles=2``) round robin of ``players`` (4.3, 4.4).

    Berger number i+1 is ``players[i]``. With an odd count the player who would meet the highest
    number has a bye that round. In a double round robin the second cycle repeats the first with
    colours reversed; ``swap_last_two_rounds`` (FIDE's recommendation, default on) swaps the last two
    rounds of the first cycle.
    """
    v = Violations()
    _check_ids(v, players, "players")
    if not isinstance(cycles, int) or isinstance(cycles, bool) or cycles not in (1, 2):
        v.add("cycles", f"must be 1 (single round robin) or 2 (double round robin), got {cycles!r}")
    v.raise_if_any()
    ids = tuple(players)
    n = len(ids) + len(ids) % 2
    table = berger_table(n)
    order = list(range(len(table)))
    first_cycle = order[:]
    if cycles == 2 and swap_last_two_rounds and len(order) >= 2:
        first_cycle[-1], first_cycle[-2] = first_cycle[-2], first_cycle[-1]
    rounds = []
    number = 0
    for cycle in range(1, cycles + 1):
        for k, r in enumerate(first_cycle if cycle == 1 else order, start=1):
            number += 1
            pairings, bye = [], None
            for a, b in table[r]:
                if a > len(ids) or b > len(ids):
                    bye = ids[min(a, b) - 1]
                    continue
                w, bl = (a, b) if cycle % 2 == 1 else (b, a)
                pairings.append(Pairing(ids[w - 1], ids[bl - 1]))
            rounds.append(RoundRobinRound(number, cycle, k, r + 1, tuple(pairings), bye))
    return RoundRobinSchedule(ids, cycles, tuple(rounds))


def _check_ids(v: Violations, players: Sequence[str], field: str) -> None:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        v.add(field, "must be a list of player ids")
        return
    if len(players) < 2:
        v.add(field, f"a round robin needs at least 2 players, got {len(players)}")
    v.unique_ids(
        field,
        players,
        empty="every player needs a non-empty id",
        duplicate="'{id}' is already {field}[{first}]; list each player once",
    )


# ----------------------------------------------------------------------------------------- groups


@dataclass(frozen=True)
class RatedPlayer:
    id: str
    rating: int | None = None


@dataclass(frozen=True)
class Group:
    """A group; ``players`` in seeding order (Berger numbers 1, 2, ... in :func:`group_round_robins`)."""

    name: str
    players: tuple[RatedPlayer, ...]

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.players)


GroupMethod = Literal["snake", "random"]


def split_into_groups(
    players: Sequence[RatedPlayer],
    n_groups: int,
    *,
    method: GroupMethod = "snake",
    seed: int | None = None,
) -> tuple[Group, ...]:
    """Split ``players`` into ``n_groups`` groups whose sizes differ by at most one (4.3, 3.2).

    ``snake`` (default): order by rating (higher first, unrated last, ties in input order) and deal
    group 1..g, then g..1, and so on. ``random``: the regulation's qualifying draw (3.2), a shuffle
    reproducible from ``seed``, then consecutive blocks. Groups are named "1", "2", ...
    """
    v = Violations()
    _check_players(v, players)
    if not _is_int(n_groups) or n_groups < 1:
        v.add("n_groups", f"must be a whole number of at least 1, got {n_groups!r}")
    elif isinstance(players, Sequence) and len(players) >= 2 and len(players) // n_groups < 2:
        v.add(
            "n_groups",
            f"{n_groups} groups for {len(players)} players would leave a group with fewer than 2 players; "
            f"use at most {len(players) // 2} groups",
        )
    _check_method(v, method, seed)
    v.raise_if_any()
    if method == "snake":
        ranked = sorted(players, key=lambda p: (p.rating is None, -(p.rating or 0)))
        buckets: list[list[RatedPlayer]] = [[] for _ in range(n_groups)]
        for i, p in enumerate(ranked):
            lap, pos = divmod(i, n_groups)
            buckets[pos if lap % 2 == 0 else n_groups - 1 - pos].append(p)
    else:
        shuffled = list(players)
        random.Random(seed).shuffle(shuffled)
        base, extra = divmod(len(shuffled), n_groups)
        buckets, start = [], 0
        for g in range(n_groups):
            size = base + (1 if g < extra else 0)
            buckets.append(shuffled[start : start + size])
            start += size
    return tuple(Group(str(g + 1), tuple(b)) for g, b in enumerate(buckets))


def groups(
    players: Sequence[RatedPlayer],
    group_size: int | None,
    *,
    method: GroupMethod = "snake",
    seed: int | None = None,
) -> tuple[Group, ...]:
    """Split into as few groups as keep every group at most ``group_size`` (4.3 "группы по ххх").

    ``group_size`` None or 0: one group of everybody.
    """
    if group_size is None or group_size == 0:
        return split_into_groups(players, 1, method=method, seed=seed)
    if not _is_int(group_size) or group_size < 2:
        raise InvalidArgument.single("group_size", f"must be at least 2 (or 0 for one group of everybody), got {group_size!r}")
    n = len(players) if isinstance(players, Sequence) else 0
    n_groups = max(1, -(-n // group_size))
    try:
        return split_into_groups(players, n_groups, method=method, seed=seed)
    except InvalidArgument as err:
        raise InvalidArgument.of(
            [
                FieldViolation(
                    "group_size" if fv.field == "n_groups" else fv.field,
                    f"groups of at most {group_size} need {n_groups} groups, which would leave one with "
                    "fewer than 2 players; choose another group size"
                    if fv.field == "n_groups"
                    else fv.description,
                )
                for fv in err.violations
            ]
        ) from None


def group_round_robins(
    players: Sequence[RatedPlayer],
    cycles: int = 1,
    group_size: int | None = None,
    *,
    method: GroupMethod = "snake",
    seed: int | None = None,
    swap_last_two_rounds: bool = True,
) -> tuple[tuple[Group, RoundRobinSchedule], ...]:
    """Groups (see :func:`groups`) and the round robin of each, Berger numbers in group order."""
    v = Violations()
    if not _is_int(cycles) or cycles not in (1, 2):
        v.add("cycles", f"must be 1 (single round robin) or 2 (double round robin), got {cycles!r}")
    v.raise_if_any()
    return tuple(
        (g, round_robin(g.ids, cycles, swap_last_two_rounds=swap_last_two_rounds))
        for g in groups(players, group_size, method=method, seed=seed)
    )


def _check_players(v: Violations, players: Sequence[RatedPlayer]) -> None:
    if isinstance(players, (str, bytes)) or not isinstance(players, Sequence):
        v.add("players", "must be a list of players")
        return
    if len(players) < 2:
        v.add("players", f"groups need at least 2 players, got {len(players)}")
    seen: dict[str, int] = {}
    for i, p in enumerate(players):
        f = f"players[{i}]"
        if not isinstance(p, RatedPlayer):
            v.add(f, "must be a RatedPlayer (id and optional rating)")
            continue
        if not isinstance(p.id, str) or not p.id.strip():
            v.add(f"{f}.id", "every player needs a non-empty id")
        elif p.id in seen:
            v.add(f"{f}.id", f"'{p.id}' is already players[{seen[p.id]}]; list each player once")
        else:
            seen[p.id] = i
        if p.rating is not None and not _is_int(p.rating):
            v.add(f"{f}.rating", f"a rating is a whole number or empty (unrated), got {p.rating!r}")


def _check_method(v: Violations, method: str, seed: int | None) -> None:
    if method not in ("snake", "random"):
        v.add("method", f"must be 'snake' (by rating) or 'random' (3.2), got {method!r}")
    elif method == "random" and not _is_int(seed):
        v.add("seed", "a random split needs an integer seed so the draw can be reproduced")


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)
