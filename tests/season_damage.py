"""Damage a season file at random (hypothesis): replace or delete any value of a shipped example, so
the property tests can check that the one loader (``league.adapters.season_file.load_season``) and the
scorers never fail other than by naming a field."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.sampled_from(["1-0", "0-1", "=", "+/-", "-/+", "-/-", "P01", "P12", "P40", "SUB1", "final", "leaders"]),
    st.lists(st.sampled_from(["P01", "P02", "P33", "1-0", "SUB1"]), max_size=4),
    st.dictionaries(
        st.sampled_from(["name", "rating", "stage", "players", "games", "scores", "P01", "round", "x"]),
        st.integers(-1, 3),
        max_size=3,
    ),
)
#: (which value, the junk to put there, delete it instead)
CHANGES = st.lists(st.tuples(st.integers(0, 10**6), JUNK, st.booleans()), min_size=1, max_size=4)


def paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path to a value inside ``value`` (dict keys and list indexes), the root first."""
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*prefix, i))
    return out


def damaged(data: Any, changes: list[tuple[int, Any, bool]]) -> Any:
    """A deep copy of ``data`` with each change applied to the path it picks."""
    where = paths(data)[1:]
    out = copy.deepcopy(data)
    for index, junk, delete in changes:
        path = where[index % len(where)]
        holder: Any = out
        try:
            for step in path[:-1]:
                holder = holder[step]
            if delete and isinstance(holder, dict):
                holder.pop(path[-1], None)
            elif delete and isinstance(holder, list) and path[-1] < len(holder):
                holder.pop(path[-1])
            else:
                holder[path[-1]] = junk
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed or retyped the path
    return out


def fields_named(violations, tops: set[str]) -> bool:
    """Every violation names a field under one of ``tops`` and says something."""
    return bool(violations) and all(x.field and x.description and x.field.split(".")[0].split("[")[0] in tops for x in violations)
