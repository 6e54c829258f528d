"""Conversions of the draw messages several services exchange (``rondo.gateway.v1.Round`` and
``DrawObjective``): the solver answers with them, league stores them, the gateway passes them on.
One copy here instead of one per service."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rondo.gateway.v1 import common_pb2, draws_pb2
from rondo.solver.v1 import solver_pb2

Rounds = tuple[tuple[tuple[str, ...], ...], ...]

# The lexicographic order of the objective (docs/organizer/draws.md "The draw objective").
OBJECTIVE_FIELDS = ("soft_violations", "max_meetings", "sum_repeat_pairs", "consecutive_repeats", "max_player_repeats")


def rounds_to_proto(rounds: Iterable[Sequence[Sequence[str]]]) -> Sequence[common_pb2.Round]:
    """Built in place in one message's repeated field (``add``): half the time of constructing a
    ``Table`` and a ``Round`` per table and copying them in (a 1 000 x 100 draw has 25 000 tables)."""
    holder = solver_pb2.DrawTablesResponse()
    for rnd in rounds:
        tables = holder.rounds.add().tables
        for table in rnd:
            tables.add(player_ids=table)
    return holder.rounds


def rounds_from_proto(rounds: Iterable[common_pb2.Round]) -> Rounds:
    return tuple(tuple(tuple(t.player_ids) for t in rnd.tables) for rnd in rounds)


def objective_to_proto(values: Sequence[int] | None) -> draws_pb2.DrawObjective | None:
    return None if values is None else draws_pb2.DrawObjective(**dict(zip(OBJECTIVE_FIELDS, values)))


def objective_from_proto(message: draws_pb2.DrawObjective) -> tuple[int, ...]:
    return tuple(getattr(message, name) for name in OBJECTIVE_FIELDS)
