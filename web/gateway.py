"""The web app's one gRPC client of the gateway: one ``grpc.aio`` channel per process, every call with
the user's token (``authorization: Bearer <token>``) and a deadline; a refused call becomes a
:class:`GatewayError` carrying the gateway's message in Russian and English (its ``LocalizedMessage``
details), which the app shows as a small page or a flash message in the user's language.

Calls are counted per page (:data:`calls_this_request`): the ``X-Gateway-Calls`` response header and
the ``rondo_web_gateway_calls_per_page`` histogram."""

from __future__ import annotations

import contextvars
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf.message import Message
from grpc import aio
from grpc_health.v1 import health_pb2, health_pb2_grpc
from starlette.requests import Request

from rondo.gateway.v1 import gateway_pb2_grpc
from rondo_runtime.grpc_errors import error_details, field_violations
from web import metrics
from web.session import current_user

calls_this_request: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("calls_this_request", default=None)
"""The RPCs the current request made (set by the app's metrics middleware)."""

_UNREACHABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED}


@dataclass
class GatewayError(Exception):
    """A refused gateway call: its code, the gateway's texts by locale, and the field violations."""

    rpc: str
    code: grpc.StatusCode
    message: str
    texts: dict[str, str] = field(default_factory=dict)
    violations: list[tuple[str, str]] = field(default_factory=list)
    reason: str = ""
    retry_after_s: float | None = None
    """The gateway's RetryInfo: a retry after this many seconds may succeed (None: it gave none)."""

    def __str__(self) -> str:
        return f"{self.rpc}: {self.code.name}: {self.message}"

    def text(self, locale: str) -> str:
        """The gateway's message in ``locale`` (else English, else the status message)."""
        return self.texts.get(locale) or self.texts.get("en") or self.message

    @property
    def unreachable(self) -> bool:
        """The gateway did not answer (not a refusal of this user's request)."""
        return self.code in _UNREACHABLE and not self.texts

    @classmethod
    def from_rpc(cls, rpc: str, error: aio.AioRpcError) -> GatewayError:
        details = error_details(error)
        return cls(
            rpc=rpc,
            code=error.code(),
            message=(error.details() or "")[:500],
            texts={k: v[:500] for k, v in details.texts.items()},
            violations=[(f[:120], d[:300]) for f, d in field_violations(error)][:20],
            reason=details.reason,
            retry_after_s=details.retry_after_s,
        )


class Gateway:
    """``await gw.call("GetMatchCard", request, token)``: the answer, or :class:`GatewayError`."""

    def __init__(self, address: str, timeout_seconds: float, registry_metrics: metrics.WebMetrics):
        self.address = address
        self.timeout_seconds = timeout_seconds
        self.metrics = registry_metrics
        self.channel = aio.insecure_channel(address, options=[("grpc.max_receive_message_length", 16 * 1024 * 1024)])
        self.stub = gateway_pb2_grpc.GatewayServiceStub(self.channel)
        self._health = health_pb2_grpc.HealthStub(self.channel)

    async def call(self, rpc: str, request: Message, token: str | None, timeout: float | None = None) -> Any:
        method = getattr(self.stub, rpc)
        metadata = (("authorization", f"Bearer {token}"),) if token else None
        made = calls_this_request.get()
        if made is not None:
            made.append(rpc)
        try:
            answer = await method(request, metadata=metadata, timeout=timeout or self.timeout_seconds)
        except aio.AioRpcError as error:
            self.metrics.gateway_calls.labels(rpc, error.code().name).inc()
            raise GatewayError.from_rpc(rpc, error) from None
        self.metrics.gateway_calls.labels(rpc, "OK").inc()
        return answer

    async def ready(self, timeout: float = 2.0) -> bool:
        """The gateway answers its health check with SERVING."""
        try:
            answer = await self._health.Check(health_pb2.HealthCheckRequest(service=""), timeout=timeout)
        except aio.AioRpcError:
            return False
        return answer.status == health_pb2.HealthCheckResponse.SERVING

    async def close(self) -> None:
        await self.channel.close()


def gateway_of(request: Request) -> Gateway:
    return request.app.state.gateway


async def call(request: Request, rpc: str, message: Message, timeout: float | None = None) -> Any:
    """``rpc`` as the logged-in user (:class:`~web.session.LoginRequired` without one)."""
    return await gateway_of(request).call(rpc, message, current_user(request).token, timeout)
