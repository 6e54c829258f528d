"""Look-alike names (rondo_runtime/confusables.py): the UTS #39 skeleton from Unicode's confusables.txt,
checked on examples and with hypothesis."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_runtime.confusables import lookalike_key, lookalike_of, prototypes, skeleton

pytestmark = pytest.mark.domain

#: Cyrillic letters TR39 maps to the Latin letter they look like
CYRILLIC_TWINS = {"a": "а", "e": "е", "o": "о", "p": "р", "c": "с", "x": "х", "y": "у", "A": "А", "E": "Е", "O": "О"}
ascii_names = st.text(alphabet="abcdefghjkmnopqrstuvwxyzABCDEFGHJKMNOPQRSTUVWXYZ ", min_size=1, max_size=30).filter(str.strip)


@pytest.mark.rule("mahjong.roster.no-lookalike-names")
def test_the_skeleton_is_tr39s_on_known_examples():
    assert len(prototypes()) > 6000  # the whole of confusables.txt
    assert skeleton("Zеd") == skeleton("Zed") == "Zed"  # Cyrillic е
    assert skeleton("ᴢed") == skeleton("zed")
    assert skeleton("Зed") == "3ed"  # Cyrillic Ze is the digit three's twin in TR39, not Z's
    assert lookalike_of("Zеd", ["Alice", "Zed"]) == "Zed"
    assert lookalike_of("zЕD", ["Zed"]) == "Zed"  # case-insensitive too
    assert lookalike_of("Alice", ["Bob", "Alicia"]) is None


@pytest.mark.rule("mahjong.roster.no-lookalike-names")
@settings(max_examples=200, deadline=None)
@given(st.data(), ascii_names)
def test_swapping_latin_letters_for_their_cyrillic_twins_is_always_a_lookalike(data, name):
    positions = [i for i, c in enumerate(name) if c in CYRILLIC_TWINS]
    chosen = data.draw(st.sets(st.sampled_from(positions)) if positions else st.just(set()))
    disguised = "".join(CYRILLIC_TWINS[c] if i in chosen else c for i, c in enumerate(name))
    assert lookalike_of(disguised, [name]) == name
    assert lookalike_of(name, [disguised]) == disguised  # symmetric


@pytest.mark.rule("mahjong.roster.no-lookalike-names")
@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_the_skeleton_is_idempotent_and_a_name_looks_like_itself(text):
    assert skeleton(skeleton(text)) == skeleton(text)
    assert lookalike_of(text, ["", text]) == (text if lookalike_key(text) != lookalike_key("") else "")


@pytest.mark.rule("mahjong.roster.no-lookalike-names")
@settings(max_examples=200, deadline=None)
@given(ascii_names, ascii_names)
def test_distinct_plain_names_that_differ_beyond_case_and_i_l_are_not_lookalikes(a, b):
    def plain(s: str) -> str:
        return s.casefold().replace("i", "l")

    if plain(a) != plain(b) and skeleton(a) != skeleton(b) and skeleton(a.casefold()) != skeleton(b.casefold()):
        assert lookalike_of(a, [b]) is None
