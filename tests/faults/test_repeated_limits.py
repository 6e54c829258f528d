"""Repeated fields are bounded at the edge, before any validation (issue 16 §3;
``rondo_runtime.repeated_limits``).

A ``RecordHanchan`` (judge) or ``ReportResult`` (a player) with 20 000 extra ``scores`` used to cost
league 28 s of CPU (a list scan per bad score) and make it UNAVAILABLE for everyone else. Now every
service refuses such a request at once with INVALID_ARGUMENT naming the field and its limit, while
league keeps answering another client; and the score check itself is linear.
"""

from __future__ import annotations

import threading
import time

import pytest
from google.protobuf import descriptor_pool
from hypothesis import given, settings
from hypothesis import strategies as st

from rondo.gateway.v1 import competitions_pb2, gateway_pb2_grpc, results_pb2
from rondo.league.v1 import league_pb2_grpc
from rondo_runtime import repeated_limits
from rondo_runtime.errors import InvalidArgument
from tests.faults.conftest import refused
from tests.waiting import wait_until

pytestmark = pytest.mark.faults

SERVICES = (
    "rondo.gateway.v1.GatewayService",
    "rondo.league.v1.LeagueService",
    "rondo.solver.v1.SolverService",
    "rondo.booking.v1.BookingService",
)
EXTRA = 20_000
SCORES_LIMIT = repeated_limits.LIMITS["rondo.gateway.v1.HanchanResult.scores"]  # twice a table's seats: 16


def _repeated_fields_of_requests() -> dict[str, str]:
    """Every repeated field (maps too) any request of a Rondo service can carry: full name -> a path to it."""
    import rondo.booking.v1.booking_pb2  # noqa: F401 - registers the descriptors
    import rondo.gateway.v1.gateway_pb2  # noqa: F401
    import rondo.solver.v1.solver_pb2  # noqa: F401

    found: dict[str, str] = {}

    def walk(message, path: str, seen: frozenset[str]) -> None:
        for field in message.fields:
            if field.is_repeated:
                found.setdefault(field.full_name, f"{path}.{field.name}")
            inner = field.message_type
            if inner is not None and inner.full_name not in seen and not inner.GetOptions().map_entry:
                walk(inner, f"{path}.{field.name}", seen | {inner.full_name})

    pool = descriptor_pool.Default()
    for name in SERVICES:
        for method in pool.FindServiceByName(name).methods:
            walk(method.input_type, f"{name}/{method.name}", frozenset({method.input_type.full_name}))
    return found


def test_every_repeated_field_of_every_request_has_a_limit():
    found = _repeated_fields_of_requests()
    missing = {name: path for name, path in found.items() if name not in repeated_limits.LIMITS}
    assert not missing, f"add these to rondo_runtime/repeated_limits.py LIMITS: {missing}"
    stale = set(repeated_limits.LIMITS) - set(found)
    assert not stale, f"no request carries these any more: {stale}"


@settings(max_examples=60, deadline=None)
@given(scores=st.integers(0, 3 * SCORES_LIMIT), chombo=st.integers(0, 3 * SCORES_LIMIT))
def test_a_map_is_refused_exactly_when_it_has_more_entries_than_its_limit(scores, chombo):
    request = results_pb2.RecordHanchanRequest(
        hanchan=results_pb2.HanchanResult(
            number=1, scores={f"p{i}": i for i in range(scores)}, chombo={f"p{i}": 1 for i in range(chombo)}
        )
    )
    fields = {v.field: v.description for v in repeated_limits.repeated_field_violations(request)}
    expected = {name for name, n in (("hanchan.scores", scores), ("hanchan.chombo", chombo)) if n > SCORES_LIMIT}
    assert set(fields) == expected
    for description in fields.values():
        assert description.startswith(f"at most {SCORES_LIMIT} entries, got ")


def test_nested_lists_are_named_by_their_path():
    from rondo.gateway.v1 import draws_pb2

    request = draws_pb2.DrawCompetitionRequest(
        separations=[draws_pb2.Separation(player_ids=["a", "b"]), draws_pb2.Separation(player_ids=["x"] * 129)]
    )
    with pytest.raises(InvalidArgument) as error:
        repeated_limits.check_repeated_fields(request)
    assert [(v.field, v.description) for v in error.value.violations] == [
        ("separations[1].player_ids", "at most 128 items, got 129")
    ]


def _scores(extra: int) -> dict[str, int]:
    return {"a": 30_000, "b": 30_000, "c": 30_000, "d": 30_000, **{f"x{i}": 0 for i in range(extra)}}


@pytest.mark.slow
def test_twenty_thousand_extra_scores_are_refused_at_once_and_league_keeps_answering(embedded_server):
    gateway = gateway_pb2_grpc.GatewayServiceStub(embedded_server.channel)
    anyone = gateway_pb2_grpc.GatewayServiceStub(embedded_server.raw_channel)  # a player's call, before any token check
    league = league_pb2_grpc.LeagueServiceStub(embedded_server.internal_channel)
    competition = gateway.CreateCompetition(
        competitions_pb2.CreateCompetitionRequest(
            competition=competitions_pb2.Competition(name="Bounded league", ruleset="discard-league-2026")
        ),
        timeout=10,
    )
    hanchan = {"number": 1, "scores": _scores(EXTRA)}
    limit = f"at most {SCORES_LIMIT} entries, got 20 004"  # EXTRA + the four seats

    answered: list[int] = []  # another client's calls answered while the hostile ones ran
    failures: list[BaseException] = []
    stop = threading.Event()

    def other_client() -> None:
        while not stop.is_set():
            try:
                league.GetCompetition(competitions_pb2.GetCompetitionRequest(competition_id=competition.id), timeout=10)
                answered.append(1)
            except BaseException as error:  # noqa: BLE001 - reported below
                failures.append(error)
                return

    watcher = threading.Thread(target=other_client)
    watcher.start()
    try:
        started = time.perf_counter()
        for _ in range(3):
            refused(
                gateway.RecordHanchan,
                results_pb2.RecordHanchanRequest(competition_id=competition.id, round=1, table=1, hanchan=hanchan),
                "hanchan.scores",
                limit,
            )
            refused(
                anyone.ReportResult,
                results_pb2.ReportResultRequest(competition_id=competition.id, round=1, table=1, hanchan=hanchan),
                "hanchan.scores",
                limit,
            )
            refused(
                league.RecordHanchan,
                results_pb2.RecordHanchanRequest(
                    competition_id=competition.id, round=1, table=1, hanchan=hanchan, recorded_by="judge"
                ),
                "hanchan.scores",
                limit,
            )
        elapsed = time.perf_counter() - started
        seen = len(answered)
        # league answers the other client after them too
        wait_until(lambda: len(answered) > seen or bool(failures), "the other client answered again", 30)
    finally:
        stop.set()
        watcher.join(30)
    print(
        f"\n9 requests with {EXTRA} extra scores refused in {elapsed:.2f} s; the other client was answered {len(answered)} times"
    )
    assert not failures, failures
    assert len(answered) > seen
