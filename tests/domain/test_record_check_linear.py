"""A hanchan record's check is linear in its scores (issue 16 §3): 20 000 scores of players not at the
table are each named once, and the record's entry in the match is found once, not once per violation
(it was: 28 s of league CPU for one request). Counted, not timed: the scores are read a fixed number
of times whatever their count."""

from __future__ import annotations

import pytest

from league.domain.mahjong.ruleset import MAHJONG_LEAGUE
from league.domain.records import HanchanEntry, check_match
from rondo_runtime.errors import InvalidArgument

pytestmark = pytest.mark.domain

SEATS = ("a", "b", "c", "d")


class CountedScores(tuple):
    """The scores of a record, counting how often they are read through."""

    reads = 0

    def __iter__(self):
        CountedScores.reads += 1
        return super().__iter__()


@pytest.mark.parametrize("strangers", [10, 2_000])
def test_scores_are_read_a_fixed_number_of_times_however_many_are_wrong(strangers):
    scores = CountedScores((*((p, 30_000) for p in SEATS), *((f"x{i}", 0) for i in range(strangers))))
    CountedScores.reads = 0
    with pytest.raises(InvalidArgument) as error:
        check_match(1, 1, SEATS, [], MAHJONG_LEAGUE, SEATS, HanchanEntry(1, scores))
    named = {v.field for v in error.value.violations}
    assert {f"hanchan.scores.x{i}" for i in range(strangers)} <= named
    assert CountedScores.reads <= 5, CountedScores.reads
