"""Checks of a projection problem: bad input is an ``InvalidArgument`` naming every bad field, never a
result (docs/rules.md ``mahjong.projection.outcome-space``)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from rondo_runtime.validation import Violations
from solver.domain.projection.problem import Cut, PlayerId

MAX_PLAYERS = 2_000
MAX_HANCHANS_LEFT = 20  # in one match
MAX_POINTS = 10_000_000
MAX_TIME_LIMIT_S = 600.0
MAX_WORKERS = 8


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_amount(value: object) -> bool:
    return (is_int(value) or isinstance(value, Fraction)) and abs(value) <= MAX_POINTS  # type: ignore[arg-type]


def check_players(v: Violations, ranked: Sequence[PlayerId], field: str = "standings") -> None:
    if not 1 <= len(ranked) <= MAX_PLAYERS:
        v.add(field, f"between 1 and {MAX_PLAYERS} ranked players, got {len(ranked)}")
    seen: dict[PlayerId, int] = {}
    for i, p in enumerate(ranked):
        if not isinstance(p, str) or not p.strip():
            v.add(f"{field}[{i}].player", "a player id is a non-empty string")
        elif p in seen:
            v.add(f"{field}[{i}].player", f"player {p!r} is listed twice (also {field}[{seen[p]}])")
        else:
            seen[p] = i


def check_cuts(v: Violations, cuts: Sequence[Cut], ranked: int) -> None:
    if not cuts:
        v.add("cuts", "name at least one cut (how many places continue)")
    names: set[str] = set()
    for i, cut in enumerate(cuts):
        if not isinstance(cut.name, str) or not cut.name.strip():
            v.add(f"cuts[{i}].name", "a cut has a non-empty name")
        elif cut.name in names:
            v.add(f"cuts[{i}].name", f"cut {cut.name!r} is named twice")
        else:
            names.add(cut.name)
        if not is_int(cut.places) or not 1 <= cut.places <= max(ranked, 1):
            v.add(f"cuts[{i}].places", f"the places that continue, an integer from 1 to {max(ranked, 1)}; got {cut.places!r}")


def check_run(
    v: Violations, time_limit_s: object, num_workers: object, players: Sequence[PlayerId], ranked: set[PlayerId]
) -> None:
    if not isinstance(time_limit_s, int | float) or isinstance(time_limit_s, bool) or not 0 < time_limit_s <= MAX_TIME_LIMIT_S:
        v.add("time_limit_s", f"seconds per question, more than 0 and at most {MAX_TIME_LIMIT_S:g}; got {time_limit_s!r}")
    if not is_int(num_workers) or not 1 <= num_workers <= MAX_WORKERS:  # type: ignore[operator]
        v.add("num_workers", f"an integer from 1 to {MAX_WORKERS}; got {num_workers!r}")
    for i, p in enumerate(players):
        if p not in ranked:
            v.add(f"players[{i}]", f"{p!r} is not a ranked player of the standings")
