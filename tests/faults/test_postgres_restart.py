"""PostgreSQL restarted under the services (issue 20, "Faults under that load: ... restart PostgreSQL"), on
a private server of its own (``bench.private_postgres``: initdb, a free port; never the shared one):
league and booking on it behind a real gateway (one process, as `rondo up`). While the server is down,
every call answers UNAVAILABLE with a retry hint (``RetryInfo``), never INTERNAL; once it is back, the
clients' retries with the same idempotency key succeed, once: nothing acknowledged before the restart is
lost and nothing is stored twice. Then a restart with no pause (``pg_ctl restart -m fast``) between
calls: the pools' dropped connections end in UNAVAILABLE at worst, and a retry succeeds."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import grpc
import pytest

from bench.private_postgres import PrivatePostgres, postgres_bin, private_postgres
from rondo.gateway.v1 import competitions_pb2, gateway_pb2_grpc, scheduling_pb2
from rondo_runtime.db import create_database
from rondo_runtime.grpc_errors import error_details
from tests.faults.conftest import InProcessServer
from tests.waiting import eventually

pytestmark = [
    pytest.mark.faults,
    pytest.mark.slow,
    pytest.mark.skipif(postgres_bin() is None, reason="initdb is absent (PATH, /usr/lib/postgresql/*/bin): no private server"),
]

NEVER = {"INTERNAL", "UNKNOWN", "DATA_LOSS"}


@pytest.fixture
def cluster() -> Iterator[PrivatePostgres]:
    with private_postgres() as server:
        yield server


@pytest.fixture
def services(cluster, tmp_path) -> Iterator[InProcessServer]:
    on_cluster = ("league", "booking")  # the gateway's own database (accounts) stays SQLite in tmp_path
    urls = {name: create_database(cluster.url, f"rondo_restart_{name}") for name in on_cluster}
    server = InProcessServer([*on_cluster, "gateway"], tmp_path, database_urls=urls)
    yield server
    server.close()


def attempt(call: Callable[..., Any], request: Any) -> tuple[Any, str, grpc.RpcError | None]:
    """One call: its answer (None on an error), its status code's name and the error."""
    try:
        return call(request, timeout=30), "OK", None
    except grpc.RpcError as error:
        return None, error.code().name, error


def creations(stub: gateway_pb2_grpc.GatewayServiceStub, key: str) -> list[tuple[Callable[..., Any], Any]]:
    """A league write and a booking write, each with its idempotency key."""
    competition = competitions_pb2.Competition(name=f"League {key}", ruleset="discard-league-2026")
    return [
        (stub.CreateCompetition, competitions_pb2.CreateCompetitionRequest(competition=competition, idempotency_key=key)),
        (stub.CreateClub, scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name=f"Club {key}"), idempotency_key=key)),
    ]


def answered_until_ok(call: Callable[..., Any], request: Any, codes: list[str]) -> Any:
    """The call sent again (same request, same key) while it answers UNAVAILABLE; every code kept."""
    found: list[Any] = []

    def answered() -> bool:
        answer, code, _ = attempt(call, request)
        codes.append(code)
        if code == "OK":
            found.append(answer)
        return code != "UNAVAILABLE"

    assert eventually(answered, 60), codes
    assert found, codes
    return found[0]


def names(stub: gateway_pb2_grpc.GatewayServiceStub) -> tuple[list[str], list[str]]:
    competitions = stub.ListCompetitions(competitions_pb2.ListCompetitionsRequest(page_size=100), timeout=30).competitions
    clubs = stub.ListClubs(scheduling_pb2.ListClubsRequest(page_size=100), timeout=30).clubs
    return sorted(c.name for c in competitions), sorted(c.name for c in clubs)


def test_a_postgres_restart_answers_unavailable_with_a_retry_hint_and_the_retries_succeed_once(cluster, services):
    stub = gateway_pb2_grpc.GatewayServiceStub(services.channel)
    before = [call(request, timeout=30) for call, request in creations(stub, "before")]  # acknowledged

    cluster.stop()
    during = creations(stub, "during")
    for call, request in during:
        _, code, error = attempt(call, request)
        assert code == "UNAVAILABLE", (code, error)
        assert error is not None
        assert error_details(error).retry_after_s, ("a retry hint", error.details())
    cluster.start()

    codes: list[str] = []
    retried = [answered_until_ok(call, request, codes) for call, request in during]
    assert not set(codes) & NEVER, codes
    again = [call(request, timeout=30) for call, request in during]  # the same key once more: the same answer
    assert [a.id for a in again] == [r.id for r in retried]
    competitions, clubs = names(stub)
    assert competitions == ["League before", "League during"], competitions
    assert clubs == ["Club before", "Club during"], clubs
    assert [stub.GetCompetition(competitions_pb2.GetCompetitionRequest(competition_id=before[0].id), timeout=30).name] == [
        "League before"
    ]

    cluster.restart()  # fast shutdown and start: every pooled connection dropped under the services
    codes = []
    after = [answered_until_ok(call, request, codes) for call, request in creations(stub, "after")]
    assert set(codes) <= {"OK", "UNAVAILABLE"}, codes
    assert len({a.id for a in after}) == 2
    competitions, clubs = names(stub)
    assert competitions == ["League after", "League before", "League during"], competitions
    assert clubs == ["Club after", "Club before", "Club during"], clubs
