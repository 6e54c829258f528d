"""The match key is written and read in one place (rondo_runtime/match_key.py): whatever writes a key
reads back the same parts, and nothing else reads as a key."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rondo_runtime.match_key import MatchKey, competition_of

ids = st.text(st.characters(exclude_characters="/", exclude_categories=["Cs"]), min_size=1, max_size=40)
numbers = st.integers(min_value=1, max_value=10**6)


@given(ids, numbers, numbers, numbers)
def test_a_written_key_reads_back_as_its_parts(competition, stage, round_, table):
    key = MatchKey(competition, stage, round_, table)
    assert MatchKey.parse(str(key)) == key
    assert competition_of(str(key)) == competition


@given(st.text(max_size=60))
def test_only_four_parts_with_whole_numbers_from_one_read_as_a_key(raw):
    parsed = MatchKey.parse(raw)
    if parsed is not None:
        assert str(parsed) == raw  # nothing is read loosely: no sign, space, zero padding or non-ASCII digit
        assert min(parsed.stage, parsed.round, parsed.table) >= 1


def test_what_is_not_a_key():
    for raw in ("", "c1/1/2", "c1/1/2/3/4", "/1/2/3", "c1/0/2/3", "c1/01/2/3", "c1/+1/2/3", "c1/ 1/2/3", "c1/١/2/3", "c1/1/2/x"):
        assert MatchKey.parse(raw) is None, raw
    assert MatchKey.parse("c1/1/2/3") == MatchKey("c1", 1, 2, 3)
    assert competition_of("no-separator") == "no-separator"
