"""Conversions of the draw messages several services exchange (``rondo.solver.v1.Round`` and
``DrawObjective``): the solver answers with them, league stores them, the gateway passes them on.
One copy here instead of one per service."""
from __future__ import annotations

from collections.abc import Iterable, Sequence

from rondo.solver.v1 import solver_pb2

Rounds = tuple[tuple[tuple[str, ...], ...], ...]

# The lexicographic order of the objective (README "The draw objective").
OBJECTIVE_FIELDS = ("soft_violations", "max_meetings", "sum_repeat_pairs", "consecutive_repeats", "max_player_repeats")


def rounds_to_proto(rounds: Iterable[Sequence[Sequence[str]]]) -> list[solver_pb2.Round]:
    return [solver_pb2.Round(tables=[solver_pb2.Table(player_ids=list(t)) for t in rnd]) for rnd in rounds]


def rounds_from_proto(rounds: Iterable[solver_pb2.Round]) -> Rounds:
    return tuple(tuple(tuple(t.player_ids) for t in rnd.tables) for rnd in rounds)


def objective_to_proto(values: Sequence[int] | None) -> solver_pb2.DrawObjective | None:
    return None if values is None else solver_pb2.DrawObjective(**dict(zip(OBJECTIVE_FIELDS, values)))


def objective_from_proto(message: solver_pb2.DrawObjective) -> tuple[int, ...]:
    return tuple(getattr(message, name) for name in OBJECTIVE_FIELDS)
