"""A keyed draw without a seed asks the solver a question that a retry can ask again: its seed derives
from the competition and the key (gateway/domain/draw_seed.py), so a retry after league stored the draw
and died before answering is answered with the stored draw, not refused as a different request."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gateway.domain.draw_seed import SEED_BOUND, seed_from_key
from rondo.gateway.v1 import draws_pb2
from tests.unit.test_gateway_services import Gateway

pytestmark = pytest.mark.unit


@pytest.fixture
def gateway() -> Iterator[Gateway]:
    gateway = Gateway()
    yield gateway
    gateway.close()


@given(st.text(min_size=1, max_size=40), st.text(min_size=1, max_size=40))
def test_the_seed_is_stable_within_the_solver_s_range_and_separates_keys(competition_id, key):
    seed = seed_from_key(competition_id, key)
    assert seed == seed_from_key(competition_id, key) and 0 <= seed < SEED_BOUND
    assert seed != seed_from_key(competition_id, key + "-2") or seed != seed_from_key(competition_id + "-2", key)


def test_a_keyed_draw_without_a_seed_asks_the_solver_a_seed_of_its_key_and_the_same_key_replays_it(gateway):
    competition, _ = gateway.competition(players=8, rounds=2)
    cid = competition.id
    asked = gateway.downstream.solver.requests

    def draw(**fields):
        return gateway("DrawCompetition", draws_pb2.DrawCompetitionRequest(competition_id=cid, **fields))

    first = draw(idempotency_key="draw-1")
    assert asked[-1].HasField("seed") and first.draw.seed == asked[-1].seed
    assert draw(idempotency_key="draw-1").draw.id == first.draw.id and len(asked) == 1  # replayed, not solved again
    other = draw(idempotency_key="draw-2")
    assert asked[-1].HasField("seed") and other.draw.seed != first.draw.seed
    assert draw(seed=7, idempotency_key="draw-3").draw.seed == 7
    draw()  # no key: the solver picks the seed
    assert not asked[-1].HasField("seed")
