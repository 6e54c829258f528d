"""Every Rondo gRPC server closes its connections after ``RONDO_MAX_CONNECTION_AGE_SECONDS`` (GOAWAY, calls
in flight finishing within the grace): a client channel then connects again, resolving its target
afresh, which is how a ``round_robin`` channel over a headless Service's DNS name comes to reach the
replicas an HPA started after it first connected.

Two servers built by ``rondo_runtime.server.start_server`` with a small age, one client channel with
``round_robin`` over the ``ipv4:`` list of both (as ``bench.cluster_load`` gives the gateways): calls go
on until each server has seen several connections from that one channel (a new client port each time:
the age closed the earlier ones), and not one call failed; a call still running when its connection
aged (held until then) finishes OK within the grace. (A DNS name whose answers change cannot be made here without
touching the machine's resolver, so the re-resolution itself is gRPC's part, not shown.)
"""

from __future__ import annotations

import asyncio
import uuid
from collections import Counter, defaultdict

import grpc
import pytest

from rondo_runtime.config import Settings
from rondo_runtime.server import ServiceSpec, start_server

pytestmark = pytest.mark.integration

AGE_SECONDS = 0.3
GRACE_SECONDS = 30.0
CONNECTIONS_SEEN = 3  # per server: the first and at least two made after an age ran out
GIVE_UP_SECONDS = 60.0  # a bound on a failing run, not a timing assertion


class Peers:
    """A service that answers with the caller's address (its client port names the connection)."""

    def __init__(self, release: asyncio.Event) -> None:
        self.seen: set[str] = set()
        self.release = release

    async def Peer(self, request: bytes, context) -> bytes:
        self.seen.add(context.peer())
        return context.peer().encode()

    async def Hold(self, request: bytes, context) -> bytes:
        await self.release.wait()  # until every connection of the time it started has aged
        return context.peer().encode()

    def spec(self, name: str) -> ServiceSpec:
        handlers = {m: grpc.unary_unary_rpc_method_handler(getattr(self, m)) for m in ("Peer", "Hold")}
        generic = grpc.method_handlers_generic_handler(name, handlers)
        return ServiceSpec("peers", (name,), lambda server: server.add_generic_rpc_handlers((generic,)))


def test_aged_connections_are_replaced_and_no_call_fails():
    async def scenario() -> None:
        settings = Settings(
            host="127.0.0.1",
            port=0,
            metrics_port=None,
            max_connection_age_seconds=AGE_SECONDS,
            max_connection_age_grace_seconds=GRACE_SECONDS,
        )
        release = asyncio.Event()
        replicas = [Peers(release), Peers(release)]
        name = f"rondo.test.v1.Peers{uuid.uuid4().hex[:8]}"  # one service, two replicas of it
        specs = [r.spec(name) for r in replicas]
        running = [await start_server([spec], settings) for spec in specs]
        target = "ipv4:" + ",".join(r.address for r in running)
        outcomes: Counter[str] = Counter()
        answered_by: dict[int, set[str]] = defaultdict(set)
        try:
            async with grpc.aio.insecure_channel(target, options=[("grpc.lb_policy_name", "round_robin")]) as channel:
                peer, hold = channel.unary_unary(f"/{name}/Peer"), channel.unary_unary(f"/{name}/Hold")
                held = asyncio.ensure_future(hold(b"", timeout=GIVE_UP_SECONDS))
                loop = asyncio.get_running_loop()
                give_up = loop.time() + GIVE_UP_SECONDS
                while min(len(r.seen) for r in replicas) < CONNECTIONS_SEEN and loop.time() < give_up:
                    try:
                        await peer(b"", timeout=10)
                        outcomes["OK"] += 1
                    except grpc.aio.AioRpcError as error:
                        outcomes[error.code().name] += 1
                release.set()  # the held call's connection aged long ago: it answers on it, within the grace
                held_answer = await held
                for i, replica in enumerate(replicas):
                    answered_by[i] = replica.seen
        finally:
            for server in running:
                await server.stop(0)
        assert held_answer, "the call in flight when its connection aged finished within the grace"
        assert set(outcomes) == {"OK"}, outcomes
        for i, seen in answered_by.items():
            assert len(seen) >= CONNECTIONS_SEEN, (i, seen, outcomes)

    asyncio.run(scenario())
