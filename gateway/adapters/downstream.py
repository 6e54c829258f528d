"""The gateway's calls to the other services: every call has a deadline and carries the internal
credential (RONDO_INTERNAL_TOKEN, when set), and a downstream error reaches the client with its own
code, message and field violations (never as INTERNAL)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

import grpc

from rondo.booking.v1 import booking_pb2_grpc
from rondo.league.v1 import league_pb2_grpc
from rondo.solver.v1 import solver_pb2_grpc
from rondo_runtime import errors
from rondo_runtime.capacity import channel_options
from rondo_runtime.grpc_errors import error_from_rpc
from rondo_runtime.internal_auth import token_interceptors
from rondo_runtime.local_channel import LocalServer

R = TypeVar("R")
RECONNECT_BACKOFF_MS = 2000  # the longest wait between attempts to reach a downstream service that is down
log = logging.getLogger(__name__)


def translate(service: str, error: grpc.aio.AioRpcError) -> errors.RondoError:
    """The downstream's own error, passed through; a downstream that does not answer is UNAVAILABLE,
    naming the service (never its address) and saying to retry: a client retrying with the same
    idempotency key gets the work done once."""
    if error.code() == grpc.StatusCode.UNAVAILABLE:
        return errors.Unavailable.because("SERVICE_UNAVAILABLE", service=service, retry_after_s=1.0)
    if error.code() == grpc.StatusCode.DEADLINE_EXCEEDED:
        return errors.Unavailable.because("SERVICE_TIMEOUT", service=service, retry_after_s=1.0)
    if error.code() == grpc.StatusCode.UNAUTHENTICATED:
        # the internal credential was refused: the deployment's fault, not the client's credentials
        log.error(
            "internal credential refused: RONDO_INTERNAL_TOKEN must be the same on the gateway and the internal services",
            extra={"downstream": service},
        )
        raise error  # INTERNAL, logged by the runtime
    translated = error_from_rpc(error)
    if translated is None:
        raise error  # a real fault downstream: INTERNAL, logged by the runtime
    return translated


class Downstream:
    """Stubs of the services the gateway orchestrates, over channels it owns."""

    def __init__(
        self,
        league_addr: str,
        solver_addr: str,
        timeout_s: float,
        internal_token: str | None = None,
        booking_addr: str = "",
        local: tuple[str, LocalServer] | None = None,
    ):
        """``booking_addr``: empty = the league's address (embedded mode: one internal server).
        ``local``: (the address of this process's internal server, the same services in process): the
        services at that address are called through the in-process server (``rondo_runtime.local_channel``:
        the same servicers and interceptors, no gRPC hop); the same stubs and internal credential."""
        self.timeout_s = timeout_s
        # round_robin: behind a headless Service (dns:///solver:50051) calls spread over every replica
        # message sizes: the largest draw within Rondo's capacity (rondo_runtime.capacity)
        # reconnect backoff at most RECONNECT_BACKOFF_MS: a service back after a restart is reached
        # again within it (gRPC's default backoff grows to 120 s, answering UNAVAILABLE all along)
        options = channel_options(
            ("grpc.lb_policy_name", "round_robin"),
            ("grpc.initial_reconnect_backoff_ms", RECONNECT_BACKOFF_MS // 4),
            ("grpc.max_reconnect_backoff_ms", RECONNECT_BACKOFF_MS),
        )

        # the internal credential on every call: internal services refuse calls without it
        def channel(address: str) -> grpc.aio.Channel:
            if local is not None and address == local[0]:
                return local[1].channel(token_interceptors(internal_token))
            return grpc.aio.insecure_channel(address, options=options, interceptors=token_interceptors(internal_token))

        league, solver, booking = channel(league_addr), channel(solver_addr), channel(booking_addr or league_addr)
        self._channels = [league, solver, booking]
        self.league = league_pb2_grpc.LeagueServiceStub(league)
        self.solver = solver_pb2_grpc.SolverServiceStub(solver)
        self.booking = booking_pb2_grpc.BookingServiceStub(booking)

    async def call(self, service: str, method: Callable[..., Awaitable[R]], request, timeout_s: float | None = None) -> R:
        try:
            return await method(request, timeout=timeout_s if timeout_s is not None else self.timeout_s)
        except grpc.aio.AioRpcError as error:
            raise translate(service, error) from None

    async def close(self) -> None:
        for channel in self._channels:
            await channel.close()
