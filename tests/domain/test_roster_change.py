"""What a redraw keeps from the published draw after withdrawals and substitutions (RULES.md A s.6)."""
from __future__ import annotations

import pytest

from gateway.domain.roster_change import carry_over, seat_replacements

pytestmark = pytest.mark.domain

PUBLISHED = (
    (("a", "b", "c", "d"), ("e", "f", "g", "h")),
    (("a", "c", "e", "g"), ("b", "d", "f", "h")),
)


def test_substitute_takes_the_seat_of_the_withdrawn_player():
    roster = ["a", "b", "c", "d", "e", "g", "h", "s"]  # f withdrew, s joined
    kept = carry_over(PUBLISHED, 1, roster)
    assert kept.replacements == {"f": "s"}
    assert kept.fixed_rounds == ((("a", "b", "c", "d"), ("e", "s", "g", "h")),)
    assert kept.previous[1] == (("a", "c", "e", "g"), ("b", "d", "s", "h"))
    assert kept.notes == ()


def test_unchanged_roster_keeps_everything():
    kept = carry_over(PUBLISHED, 2, list("abcdefgh"))
    assert kept.fixed_rounds == PUBLISHED and kept.replacements == {}


def test_shrunk_roster_cannot_keep_seats_and_says_so():
    kept = carry_over(PUBLISHED, 1, list("abcd"))
    assert kept.fixed_rounds == () and kept.previous is None
    assert "drawn afresh" in kept.notes[0]


def test_replacements_pair_in_order_of_leaving_and_joining():
    assert seat_replacements(["a", "b", "c"], ["b", "y", "x"]) == {"a": "y", "c": "x"}


def test_departed_are_paired_in_registration_order():
    published = ((("z", "y", "c", "d"),),)
    kept = carry_over(published, 0, ["c", "d", "n1", "n2"], registered=["y", "z", "c", "d", "n1", "n2"])
    assert kept.replacements == {"y": "n1", "z": "n2"}


def test_new_draw_keeps_played_rounds_as_played_when_seats_carry_over():
    roster = ["a", "b", "c", "d", "e", "g", "h", "s"]  # f withdrew, s took the seat
    kept = carry_over(PUBLISHED, 1, roster)
    assert kept.rounds_to_solve(2) == 2 and kept.round_offset == 0
    solved = kept.fixed_rounds + ((("a", "s", "e", "g"), ("b", "d", "c", "h")),)
    new = kept.new_draw(PUBLISHED, solved)
    assert new[0] == PUBLISHED[0]  # history: f, not s, played round 1
    assert new[1] == solved[1]


def test_new_draw_after_a_shrink_appends_freshly_drawn_rounds():
    kept = carry_over(PUBLISHED, 1, list("abcd"))
    assert kept.rounds_to_solve(2) == 1 and kept.round_offset == 1
    fresh = ((("a", "b", "c", "d"),),)
    assert kept.new_draw(PUBLISHED, fresh) == (PUBLISHED[0], fresh[0])
