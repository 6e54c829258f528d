"""The game of two an Up&Down mediation is about, as league finds it in a stored stage (pure:
``league.domain.stages.game_of_two``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from league.domain.stages import Stage, game_of_two
from rondo_runtime.errors import FailedPrecondition, InvalidArgument

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
