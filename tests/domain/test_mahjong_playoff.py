"""Seating of the mahjong playoff (the solver's; docs/rules.md mahjong.playoff.round-1-tables;
discard-league-2026 §2). Who advances is league's: tests/domain/test_league_playoff.py."""

from __future__ import annotations

import pytest

from rondo_runtime.errors import InvalidArgument
from solver.domain.mahjong_playoff import RankedGroup, explain_seating, seat_playoff_round, seat_round_1

pytestmark = pytest.mark.domain

PLACES = tuple(f"p{i}" for i in range(1, 9))  # regular-stage places 1..8


def fields(err) -> list[str]:
    return [v.field for v in err.value.violations]


def seating(stage, *groups):
    return {t.name: t.players for t in seat_playoff_round(stage, [RankedGroup(n, tuple(p)) for n, p in groups])}


@pytest.mark.rule("mahjong.playoff.round-1-tables")
def test_round_1_tables_are_places_1357_and_2468():
    assert seating("round 1", ("round 1", PLACES)) == {"A": ("p1", "p3", "p5", "p7"), "B": ("p2", "p4", "p6", "p8")}
    a, b = seat_round_1(PLACES)
    assert (a.name, b.name) == ("A", "B")
    assert "table A = regular places 1, 3, 5, 7" in explain_seating("round 1", (a, b))[0]


@pytest.mark.rule("mahjong.playoff.brackets")
def test_later_rounds_seat_each_group_at_one_table_in_the_given_order():
    assert seating("round 2", ("upper", ("p1", "p2", "p5", "p8")), ("lower", ("p3", "p4", "p6", "p7"))) == {
        "upper": ("p1", "p2", "p5", "p8"),
        "lower": ("p3", "p4", "p6", "p7"),
    }
    assert seating("final", ("final", ("p2", "p3", "p5"))) == {"final": ("p2", "p3", "p5")}  # one withdrew
    assert seating(" Round 3 ", ("round 3", ("p1", "p3", "p5", "p6"))) == {"round 3": ("p1", "p3", "p5", "p6")}


@pytest.mark.parametrize(
    ("stage", "groups", "field", "words"),
    [
        ("semi", [("x", PLACES[:4])], "stage", "unknown stage"),
        ("round 1", [("round 1", PLACES[:7])], "groups[0].player_ids", "8 qualifiers"),
        ("round 1", [("a", PLACES[:4]), ("b", PLACES[4:])], "groups", "one group"),
        ("round 2", [("upper", PLACES[:5])], "groups[0].player_ids", "1 to 4"),
        ("round 2", [("upper", ())], "groups[0].player_ids", "1 to 4"),
        ("round 2", [("upper", PLACES[:4]), ("upper", PLACES[4:])], "groups[1].name", "twice"),
        ("round 2", [("upper", PLACES[:4]), ("lower", PLACES[3:7])], "groups[1].player_ids[0]", "one table per player"),
        ("round 2", [("upper", ("p1", "p1"))], "groups[0].player_ids[1]", "listed twice"),
        ("round 2", [("", PLACES[:4])], "groups[0].name", "name"),
        ("final", [], "groups", "give the players"),
    ],
)
def test_bad_seating_requests_name_the_field(stage, groups, field, words):
    with pytest.raises(InvalidArgument) as err:
        seat_playoff_round(stage, [RankedGroup(n, tuple(p)) for n, p in groups])
    assert field in fields(err), fields(err)
    assert words in err.value.message
