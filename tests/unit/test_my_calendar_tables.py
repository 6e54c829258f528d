"""Which tables a player's own iCalendar feed looks at (gateway/my_calendar.py ``_my_tables``): the
published draw's (stage 1 of a mahjong league) and every stored stage's — the playoff after a draw, and
a cup's or an Up&Down league's stages from stage 1 when there is no draw."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from gateway.domain.deadline import Deadline
from gateway.my_calendar import _my_tables
from rondo.gateway.v1 import draws_pb2, stages_pb2
from rondo_runtime.errors import FailedPrecondition

pytestmark = pytest.mark.unit


def stage(number: int, *rounds: list[list[str]]) -> stages_pb2.Stage:
    made = stages_pb2.Stage(number=number)
    for tables in rounds:
        r = made.rounds.add()
        for seats in tables:
            r.tables.add(player_ids=seats)
    return made


class FakeService:
    def __init__(self, seating: draws_pb2.Seating | None, stages: list[stages_pb2.Stage]):
        self._seating, self._stages = seating, stages

    async def seating(self, request, timeout):
        if self._seating is None:
            raise FailedPrecondition("no published draw")
        return self._seating

    async def league(self, method, request, timeout):
        assert method == "ListStages"
        return stages_pb2.ListStagesResponse(stages=self._stages)


def tables_of(service: FakeService) -> list[tuple[int, int, int]]:
    link = SimpleNamespace(competition_id="c", player_id="me")
    return asyncio.run(_my_tables(service, link, Deadline(5)))  # type: ignore[arg-type]


@pytest.mark.rule("schedule.calendar.player-feed-own-meetings")
def test_a_league_feed_has_the_draws_tables_and_the_playoffs_not_a_stored_stage_1():
    seating = draws_pb2.Seating()
    r1 = seating.rounds.add(number=1)
    r1.tables.add(number=1, player_ids=["a", "b", "c", "d"])
    r1.tables.add(number=2, player_ids=["me", "e", "f", "g"])
    stored = [stage(1, [["me", "x"]]), stage(2, [["a", "b", "c", "d"], ["me", "e", "f", "g"]])]
    assert tables_of(FakeService(seating, stored)) == [(1, 1, 2), (2, 1, 2)]


@pytest.mark.rule("schedule.calendar.player-feed-own-meetings")
def test_a_cups_feed_has_every_stage_from_stage_1_when_there_is_no_draw():
    stored = [stage(1, [["a", "b"], ["me", "c"]]), stage(2, [["me", "a"]], [["b", "c"]])]
    assert tables_of(FakeService(None, stored)) == [(1, 1, 2), (2, 1, 1)]
