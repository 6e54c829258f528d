"""The one edge validator for text (rondo_runtime.text), attacked with generated input: it never raises
anything but InvalidArgument, its output is stable, free of control and invisible characters and
within its limit (issue 7, "User error is never INTERNAL, never silently stored")."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_runtime import text
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.faults

# Text weighted towards the characters that cause trouble: controls, invisible and bidi characters,
# compatibility forms that NFKC rewrites, combining marks, odd spaces and anything else.
NASTY = (
    "\x00\x01\x1f\x7f\x85\x9f\t\n\r \u00a0\u00ad\u034f\u0301\u0308\u115f\u180e\u2000\u200b\u200c\u200d\u200e\u200f"
    "\u2028\u202a\u202e\u2060\u2066\u2069\u3000\u3164\ufe0f\ufeff\uffa0\ufb01\u00b4\u00a8\u2126\u1e9b\u0390\u00df"
    "\U000e0041\U000e0100\ufdfaAlice"
)
texts = st.one_of(
    st.text(max_size=300),
    st.text(alphabet=st.sampled_from(NASTY), max_size=300),
    st.text(alphabet=st.one_of(st.sampled_from(NASTY), st.characters()), max_size=150),
)


def _clean_or_none(function, value, *args):
    try:
        return function(value, *args)
    except InvalidArgument as error:  # the only exception allowed, and it names the field
        assert error.violations and error.violations[0].field == "f"
        return None


def _assert_clean(value: str, max_len: int) -> None:
    assert len(value) <= max_len
    assert value == value.strip() and "  " not in value
    assert unicodedata.normalize("NFKC", value) == value
    for char in value:
        assert not text.is_forbidden(char), repr(char)
        assert not text.is_invisible(char), repr(char)
        assert char == " " or not char.isspace(), repr(char)


@settings(max_examples=400, deadline=None)
@given(texts)
def test_clean_name_only_raises_invalid_argument_and_is_stable(value):
    clean = _clean_or_none(text.clean_name, value, "f")
    if clean is not None:
        assert clean
        _assert_clean(clean, text.MAX_NAME_LENGTH)
        assert len(clean.casefold()) <= text.MAX_NAME_KEY_LENGTH
        assert text.clean_name(clean, "f") == clean


@settings(max_examples=400, deadline=None)
@given(texts, st.integers(0, 400), st.booleans())
def test_clean_text_only_raises_invalid_argument_and_is_stable(value, max_len, required):
    clean = _clean_or_none(text.clean_text, value, "f", max_len, required)
    if clean is not None:
        _assert_clean(clean, max_len)
        assert text.clean_text(clean, "f", max_len, required) == clean


@settings(max_examples=300, deadline=None)
@given(st.one_of(texts, st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=127), max_size=200)))
def test_keys_and_ids_are_bounded_printable_ascii(value):
    key = _clean_or_none(text.clean_key, value, "f")
    if key is not None:
        assert len(key) <= text.MAX_KEY_LENGTH and all(" " <= c <= "~" for c in key)
        assert text.clean_key(key, "f") == key
    ident = _clean_or_none(text.clean_id, value, "f")
    if ident is not None:
        assert 0 < len(ident) <= text.MAX_ID_LENGTH and all("!" <= c <= "~" for c in ident)


@pytest.mark.parametrize("value", [None, 7, b"Alice", ["Alice"]])
def test_not_text_is_invalid_argument(value):
    for function in (text.clean_name, text.clean_text, text.clean_key, text.clean_id):
        with pytest.raises(InvalidArgument):
            function(value, "f")


def test_invisible_characters_are_removed_so_lookalike_names_are_one_name():
    assert text.clean_name("Al\u200bice", "name") == "Alice"
    assert text.clean_name("\ufeffAlice\u202e", "name") == "Alice"
    assert text.clean_name("Ａｌｉｃｅ　Ｓｍｉｔｈ", "name") == "Alice Smith"  # full-width forms, ideographic space
    assert text.name_key("AL\u200dICE") == text.name_key("alice")
    assert text.clean_name("Al\u00adice", "name") == "Alice"  # soft hyphen


@pytest.mark.parametrize("bad", ["Al\x00ice", "Alice\n", "Al\tice", "\x85Alice", "Al\x1bice"])
def test_control_characters_in_names_are_refused_naming_the_field(bad):
    with pytest.raises(InvalidArgument) as error:
        text.clean_name(bad, "name")
    assert error.value.violations[0].field == "name"
    assert "control character" in error.value.violations[0].description


def test_reasons_fold_line_breaks_but_refuse_nul():
    assert text.clean_text("withdrew:\r\n  moved away\t", "reason") == "withdrew: moved away"
    with pytest.raises(InvalidArgument):
        text.clean_text("withdrew\x00", "reason")


def test_lengths_count_code_points_after_normalization():
    assert text.clean_name("é" * text.MAX_NAME_LENGTH, "name") == "é" * text.MAX_NAME_LENGTH
    assert text.clean_name("e\u0301" * text.MAX_NAME_LENGTH, "name") == "é" * text.MAX_NAME_LENGTH  # composed by NFKC
    with pytest.raises(InvalidArgument):
        text.clean_name("x" * (text.MAX_NAME_LENGTH + 1), "name")
    with pytest.raises(InvalidArgument):  # expands when case-folded beyond the stored key
        text.clean_name("\u0390" * text.MAX_NAME_LENGTH, "name")
    with pytest.raises(InvalidArgument):
        text.clean_text("r" * 1_000_000, "reason")
    with pytest.raises(InvalidArgument):
        text.clean_key("k" * (text.MAX_KEY_LENGTH + 1))
    with pytest.raises(InvalidArgument):
        text.clean_id("i" * 20_000, "competition_id")


def test_echo_is_truncated():
    assert len(text.echo("x" * 20_000)) <= text.ECHO_LENGTH
