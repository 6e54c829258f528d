"""The game of two an Up&Down mediation is about, as league finds it in a stored stage, and a round's
tables under their match keys (pure: ``league.domain.stages.game_of_two``, ``round_tables``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.domain.stages import Stage, game_of_two, round_tables
from rondo_runtime.errors import FailedPrecondition, InvalidArgument
from rondo_runtime.match_key import MatchKey

pytestmark = pytest.mark.domain


@pytest.mark.rule("updown.mediation.four-days-each")
def test_a_mediated_game_is_a_table_of_two_of_the_stage_in_the_pairing_s_order():
    rounds = ((("a", "b"), ("c", "d")), (("a", "c", "b", "d"),))
    stage = Stage("s1", "c1", 1, "updown-round-robin", "stage 1", rounds, datetime(2026, 1, 1, tzinfo=UTC), "organizer")
    assert game_of_two(stage, 1, 2) == ("c", "d")
    for round_no, table, field in ((3, 1, "round"), (0, 1, "round"), (1, 3, "table")):
        with pytest.raises(InvalidArgument) as error:
            game_of_two(stage, round_no, table)
        assert [v.field for v in error.value.violations] == [field]
    with pytest.raises(FailedPrecondition, match="not a game of two players"):
        game_of_two(stage, 2, 1)


@given(
    rounds=st.lists(st.lists(st.lists(st.sampled_from("abcdefgh"), min_size=1, max_size=4), min_size=1, max_size=4), max_size=4),
    stage_no=st.integers(1, 5),
    round_no=st.integers(-1, 6),
    of_draw=st.booleans(),
)
def test_a_round_s_tables_come_under_match_keys_booking_parses_back_or_the_round_is_refused(rounds, stage_no, round_no, of_draw):
    """league.domain.stages.round_tables: what booking opens a round's matches by, written by league."""
    if not 1 <= round_no <= len(rounds):
        with pytest.raises(InvalidArgument) as error:
            round_tables("c1", stage_no, rounds, round_no, of_draw)
        assert [v.field for v in error.value.violations] == ["round"]
        assert error.value.reason == ("ROUND_OUT_OF_RANGE" if of_draw else "STAGE_ROUND_OUT_OF_RANGE")
        assert error.value.params["rounds"] == len(rounds) and error.value.params["round"] == round_no
        return
    tables = round_tables("c1", stage_no, rounds, round_no, of_draw)
    assert [players for _, players in tables] == [tuple(t) for t in rounds[round_no - 1]]
    assert [MatchKey.parse(key) for key, _ in tables] == [
        MatchKey("c1", stage_no, round_no, number) for number in range(1, len(rounds[round_no - 1]) + 1)
    ]
