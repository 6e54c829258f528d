"""What a redraw keeps from the draw it replaces after withdrawals and substitutions, and the checks
every redraw passes (league's; docs/rules.md mahjong.draw.redraw-keeps-played-rounds,
mahjong.draw.newcomer-takes-departed-seat; discard-league-2026 §6.1)."""

from __future__ import annotations

import pytest

from league.domain.mahjong.redraw import RedrawPin, check_redraw_request, plan_redraw, splice_redraw
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

pytestmark = pytest.mark.domain

PUBLISHED = (
    (("a", "b", "c", "d"), ("e", "f", "g", "h")),
    (("a", "c", "e", "g"), ("b", "d", "f", "h")),
)
SUBSTITUTED = ["a", "b", "c", "d", "e", "g", "h", "s"]  # f withdrew, s joined
REGISTERED = list("abcdefgh") + ["s"]


def fields(err) -> list[str]:
    return [v.field for v in err.value.violations]


# ------------------------------------------------------------------------- the redraw's own checks


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
@pytest.mark.parametrize(
    ("played", "reason", "pins", "expected"),
    [
        (2, "x", (), ["played_rounds"]),  # two rounds, both played: nothing left to redraw
        (-1, "x", (), ["played_rounds"]),
        (1, "  ", (), ["reason"]),
        (1, "x", (RedrawPin("s", 0, 0),), ["pins[0].round"]),
        (1, "x", (RedrawPin("s", 1, 0), RedrawPin("s", 5, 0)), ["pins[1].round"]),
        (9, "", (RedrawPin("s", 7, 0),), ["played_rounds", "reason", "pins[0].round"]),
    ],
)
def test_redraw_request_names_every_bad_field(played, reason, pins, expected):
    with pytest.raises(InvalidArgument) as err:
        check_redraw_request(2, played, reason, pins)
    assert fields(err) == expected


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_plan_sends_the_played_rounds_as_history_and_shifts_the_pins():
    """Issue 7 (draw answers tell the truth): the played rounds go to the solver as played (f, not s,
    played round 1), so that what it reports counts the competition as it was played."""
    carried = plan_redraw("d1", PUBLISHED, 2, 1, "f withdrew", (RedrawPin("s", 1, 0),), SUBSTITUTED, REGISTERED)
    assert carried.rounds_to_solve == 1 and carried.pins == (RedrawPin("s", 0, 0),)
    assert carried.history == PUBLISHED[:1]
    assert carried.previous == PUBLISHED[1:]  # by player id: f is still in it, s is not
    assert carried.notes == ()
    fresh = plan_redraw("d1", PUBLISHED, 2, 1, "four left", (RedrawPin("a", 1, 0),), list("abcd"), list("abcdefgh"))
    assert fresh.rounds_to_solve == 1 and fresh.pins == (RedrawPin("a", 0, 0),) and fresh.previous == PUBLISHED[1:]
    assert fresh.history == PUBLISHED[:1] and "count in the objective" in fresh.notes[0]


@pytest.mark.rule("mahjong.draw.redraw-keeps-played-rounds")
def test_splice_keeps_the_played_rounds_as_played():
    later = ((("a", "s", "e", "g"), ("b", "d", "c", "h")),)
    # only the rounds still to play
    assert splice_redraw(PUBLISHED, later, 2, 1) == (PUBLISHED[0],) + later
    # the played rounds as played
    assert splice_redraw(PUBLISHED, (PUBLISHED[0],) + later, 2, 1) == (PUBLISHED[0],) + later
    # a played round rewritten (s in f's seat, say): refused -- history keeps f
    rewritten = ((("a", "b", "c", "d"), ("e", "s", "g", "h")),) + later
    with pytest.raises(FailedPrecondition) as err:
        splice_redraw(PUBLISHED, rewritten, 2, 1)
    assert "round 1 is already played" in str(err.value)
