"""A login flood does not slow anyone else down (docs/rules.md access.login.flood-isolated): argon2 runs
on the login's own bounded pool, logins beyond the limit are RESOURCE_EXHAUSTED at once, and another
user's WhoAmI keeps its latency. A real gateway on loopback, real concurrent clients; the figures are
printed, and the assertion is a generous ratio of p99s (flood / idle), never a time."""

from __future__ import annotations

import statistics
import threading
import time

import grpc
import pytest

from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2
from tests.faults.conftest import InProcessServer
from tests.waiting import wait_until

pytestmark = pytest.mark.faults

TIMEOUT = 60.0
FLOODERS = 16
READS = 150
MAX_P99_RATIO = 10.0
BACKOFF_SECONDS = 0.05  # what a flooding client waits after RESOURCE_EXHAUSTED before trying again


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def _reads(stub, n: int) -> list[float]:
    out = []
    for _ in range(n):
        start = time.perf_counter()
        stub.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT)
        out.append(time.perf_counter() - start)
    return out


@pytest.fixture(scope="module")
def gateway(tmp_path_factory):
    server = InProcessServer(["gateway"], tmp_path_factory.mktemp("flood"))
    yield server
    server.close()


@pytest.mark.rule("access.login.flood-isolated")
def test_a_login_flood_leaves_another_users_whoami_latency_flat(gateway):
    assert gateway.accounts is not None
    _, token = gateway.accounts.account(identity_pb2.ROLE_PLAYER, "Reader")
    reader = gateway.accounts.stub(token)
    _reads(reader, 20)  # warm up
    idle = _reads(reader, READS)

    raw = gateway_pb2_grpc.GatewayServiceStub(gateway.raw_channel)
    name, password = gateway.accounts.organizer_name, gateway.accounts.organizer_password
    stop = threading.Event()
    outcomes: dict[str, int] = {}
    lock = threading.Lock()

    def flood() -> None:
        while not stop.is_set():
            try:
                raw.Login(identity_pb2.LoginRequest(name=name, password=password), timeout=TIMEOUT)
                code = "OK"
            except grpc.RpcError as error:
                code = error.code().name
            with lock:
                outcomes[code] = outcomes.get(code, 0) + 1
            if code == "RESOURCE_EXHAUSTED":
                stop.wait(BACKOFF_SECONDS)  # a client told "retry in a second" backs off (not all that long)

    threads = [threading.Thread(target=flood, daemon=True) for _ in range(FLOODERS)]
    for thread in threads:
        thread.start()
    try:
        wait_until(lambda: sum(outcomes.values()) >= FLOODERS, "the flood is on (logins being answered)")
        flooded = _reads(reader, READS)
    finally:
        stop.set()
        for thread in threads:
            thread.join(TIMEOUT)
    ratio = _p99(flooded) / _p99(idle)
    print(
        f"\nWhoAmI p99 idle {_p99(idle) * 1000:.1f} ms, during a flood of {FLOODERS} login clients "
        f"{_p99(flooded) * 1000:.1f} ms (x{ratio:.1f}); logins answered: {outcomes}"
    )
    assert set(outcomes) <= {"OK", "RESOURCE_EXHAUSTED"}, outcomes
    assert outcomes.get("OK", 0) > 0
    assert ratio < MAX_P99_RATIO, f"WhoAmI p99 grew x{ratio:.1f} during the login flood"
