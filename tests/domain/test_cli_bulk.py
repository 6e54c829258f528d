"""A club's roster file (rondo_app/client/bulk.py): what the spreadsheet says is read back exactly,
and any other file is a BadFile naming every bad line — never another exception. Pure."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo_app.client.bulk import (
    GAME_COLUMNS,
    HANCHAN_COLUMNS,
    MAX_SHOWN_PROBLEMS,
    BadFile,
    line_key,
    parse_games,
    parse_hanchans,
    parse_roster,
)

pytestmark = pytest.mark.domain

names = (
    st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp"), exclude_characters="#"), min_size=1, max_size=30)
    .map(str.strip)
    .filter(bool)
)
ratings = st.one_of(st.none(), st.integers(min_value=-(2**31), max_value=2**31 - 1))
rosters = st.lists(st.tuples(names, ratings), min_size=1, max_size=15, unique_by=lambda row: row[0].casefold())


@settings(max_examples=200, deadline=None)
@given(rosters)
def test_a_csv_roster_reads_back_exactly(rows):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["Name", "rating"])
    for name, rating in rows:
        writer.writerow([name, "" if rating is None else rating])
    parsed = parse_roster(out.getvalue())
    assert [(p.name, p.rating) for p in parsed] == rows
    assert [p.line for p in parsed] == [i + 2 for i in range(len(rows))]


@settings(max_examples=200, deadline=None)
@given(st.lists(names.filter(lambda n: "name" not in n.casefold()), min_size=1, max_size=15, unique_by=str.casefold))
def test_a_text_roster_is_one_name_a_line(rows):
    text = "# our club\n\n" + "\n".join(rows) + "\n"
    parsed = parse_roster(text)
    assert [(p.line, p.name, p.rating) for p in parsed] == [(i + 3, name, None) for i, name in enumerate(rows)]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_a_roster_or_a_bad_file_with_line_numbers(text):
    try:
        parsed = parse_roster(text)
    except BadFile as bad:
        count = max(len(text.splitlines()), 1)
        assert bad.problems and all(1 <= line <= count for line, _ in bad.problems)
        return
    assert parsed and len({p.name.casefold() for p in parsed}) == len(parsed)


def test_every_bad_line_is_named_at_most_twenty_then_the_rest_counted():
    lines = ["name,rating"] + [f"P{i},x{i}" for i in range(25)] + ["Ok,1500", "ok,1600"]
    with pytest.raises(BadFile) as caught:
        parse_roster("\n".join(lines))
    shown = caught.value.lines()
    assert len(caught.value.problems) == 26
    assert shown[0].startswith("line 2: rating:") and len(shown) == MAX_SHOWN_PROBLEMS + 1
    assert shown[-1] == "… and 6 more"
    with pytest.raises(BadFile) as caught:
        parse_roster("name,title\nA,GM\n")
    assert caught.value.problems[0][0] == 1


def test_the_key_is_the_file_and_line_and_fits_the_gateway():
    key = line_key("c1", "club.csv", 3, "Akagi,1500")
    assert key == line_key("c1", "club.csv", 3, "Akagi,1500") and len(key) <= 128 and key.isascii()
    assert key != line_key("c1", "club.csv", 4, "Akagi,1500") != line_key("c2", "club.csv", 3, "Akagi,1500")


seat_names = names.filter(lambda n: not n.startswith("#"))
tables = st.lists(
    st.tuples(
        st.integers(min_value=1, max_value=20),
        st.integers(min_value=1, max_value=4),
        st.lists(
            st.tuples(seat_names, st.integers(min_value=-(10**6), max_value=10**6)),
            min_size=4,
            max_size=4,
            unique_by=lambda s: s[0].casefold(),
        ),
    ),
    min_size=1,
    max_size=8,
    unique_by=lambda t: (t[0], t[1]),
)


@settings(max_examples=200, deadline=None)
@given(tables)
def test_a_results_csv_reads_back_exactly(rows):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(HANCHAN_COLUMNS)
    for table, number, seats in rows:
        writer.writerow([table, number, *(cell for seat in seats for cell in seat)])
    parsed = parse_hanchans(out.getvalue())
    assert [(h.table, h.number, list(h.scores)) for h in parsed] == rows
    assert [h.line for h in parsed] == [i + 2 for i in range(len(rows))]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_hanchans_or_a_bad_file_with_line_numbers(text):
    try:
        parsed = parse_hanchans(",".join(HANCHAN_COLUMNS) + "\n" + text)
    except BadFile as bad:
        assert bad.problems and all(1 <= line <= len(text.splitlines()) + 1 for line, _ in bad.problems)
        return
    assert parsed and all(len(h.scores) == 4 for h in parsed)


games = st.lists(
    st.tuples(
        st.integers(1, 30),
        st.integers(1, 20),
        st.integers(1, 5),
        st.lists(
            st.text(alphabet="abcdefghXYZ -", min_size=1, max_size=10).map(str.strip).filter(bool), min_size=2, max_size=2
        ).filter(lambda pair: pair[0].casefold() != pair[1].casefold()),
        st.sampled_from(["1-0", "0-1", "+/-", "-/+", "-/-", "="]),
        st.booleans(),
    ),
    min_size=1,
    max_size=20,
    unique_by=lambda g: (g[0], g[1], g[2]),
)


@settings(max_examples=200, deadline=None)
@given(games)
def test_a_games_csv_reads_back_exactly(rows):
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["game", *GAME_COLUMNS, "long"])
    for round_, table, number, (first, second), result, long in rows:
        writer.writerow([number, round_, table, first, second, result, "yes" if long else "no"])
    parsed = parse_games(out.getvalue())
    assert [(g.round, g.table, g.number, [g.first, g.second], g.result, g.long) for g in parsed] == rows
    assert [g.line for g in parsed] == [i + 2 for i in range(len(rows))]


def test_a_games_csv_names_every_bad_line():
    text = "round,table,first,second,result\n1,1,Akagi,Saki,1-0\n1,x,Akagi,Saki,2-0\n1,2,Teru,teru,0-1\n1,1,Hisa,Mako,1:0\n"
    with pytest.raises(BadFile) as bad:
        parse_games(text)
    assert [line for line, _ in bad.value.problems] == [3, 4, 5]
    assert (
        "table: 'x' is not a number from 1" in bad.value.problems[0][1]
        and "'2-0' is not a game result" in bad.value.problems[0][1]
    )
    assert "a player is named twice" in bad.value.problems[1][1]
    assert "round 1 table 1 game 1 is already on line 2" in bad.value.problems[2][1]
    with pytest.raises(BadFile) as header:
        parse_games("round,table,first,second\n1,1,A,B\n")
    assert header.value.problems[0][0] == 1


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_games_or_a_bad_file_with_line_numbers(text):
    try:
        parsed = parse_games(",".join(GAME_COLUMNS) + "\n" + text)
    except BadFile as bad:
        assert bad.problems and all(1 <= line <= len(text.splitlines()) + 1 for line, _ in bad.problems)
        return
    assert parsed and all(g.first and g.second for g in parsed)
