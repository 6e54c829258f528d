"""The CLI's names-not-UUIDs rule (rondo_app/client/names.py::pick): id, name, unambiguous id prefix."""

from __future__ import annotations

import pytest

from rondo_app.client.names import pick
from rondo_app.client.parse import BadArgument

PAIRS = [
    ("3f2a9c10-0000-4000-8000-000000000001", "Spring league"),
    ("3f2a9c11-0000-4000-8000-000000000002", "Open cup"),
    ("7b000000-0000-4000-8000-000000000003", "open CUP"),
]


def choose(key: str) -> str:
    return pick(key, PAIRS, "COMPETITION", "competition", "rondo competitions list")


def test_an_exact_id_a_name_and_an_unambiguous_prefix_each_name_one_competition() -> None:
    assert choose(PAIRS[0][0]) == PAIRS[0][0]
    assert choose("spring LEAGUE") == PAIRS[0][0]
    assert choose("7b00") == PAIRS[2][0]
    assert choose("3f2a9c11") == PAIRS[1][0]


def test_an_ambiguous_name_or_prefix_lists_the_candidates() -> None:
    with pytest.raises(BadArgument, match="could be 2 competitions: Open cup \\(3f2a9c11\\), open CUP"):
        choose("Open Cup")
    with pytest.raises(BadArgument, match="could be 2 competitions"):
        choose("3f2a")


def test_nothing_matching_names_the_listing_command_and_a_short_prefix_is_not_a_prefix() -> None:
    with pytest.raises(BadArgument, match="`rondo competitions list` shows them"):
        choose("Winter")
    with pytest.raises(BadArgument, match="no competition"):
        choose("7b0")
    with pytest.raises(BadArgument, match="missing"):
        choose("  ")
