"""Prometheus metrics with the standard go-grpc-prometheus names (docs/architecture.md "Observability").

Metrics live in prometheus_client's default registry and are defined once here, so any number of
servers in one process share them. ``grpc_code`` is spelled the Go way (``OK``, ``InvalidArgument``,
``Canceled``...). Put :class:`PrometheusServerInterceptor` *first* in the interceptor list (outermost),
so it sees the status that error mapping finally sent.
"""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Iterable
from contextlib import aclosing

import grpc
from grpc import aio
from prometheus_client import REGISTRY, Counter, Gauge, Histogram, start_http_server

from rondo_runtime._method_handlers import behavior, is_async, rpc_type, split_method, with_behavior

GO_CODE_NAMES: dict[grpc.StatusCode, str] = {
    grpc.StatusCode.OK: "OK",
    grpc.StatusCode.CANCELLED: "Canceled",
    grpc.StatusCode.UNKNOWN: "Unknown",
    grpc.StatusCode.INVALID_ARGUMENT: "InvalidArgument",
    grpc.StatusCode.DEADLINE_EXCEEDED: "DeadlineExceeded",
    grpc.StatusCode.NOT_FOUND: "NotFound",
    grpc.StatusCode.ALREADY_EXISTS: "AlreadyExists",
    grpc.StatusCode.PERMISSION_DENIED: "PermissionDenied",
    grpc.StatusCode.RESOURCE_EXHAUSTED: "ResourceExhausted",
    grpc.StatusCode.FAILED_PRECONDITION: "FailedPrecondition",
    grpc.StatusCode.ABORTED: "Aborted",
    grpc.StatusCode.OUT_OF_RANGE: "OutOfRange",
    grpc.StatusCode.UNIMPLEMENTED: "Unimplemented",
    grpc.StatusCode.INTERNAL: "Internal",
    grpc.StatusCode.UNAVAILABLE: "Unavailable",
    grpc.StatusCode.DATA_LOSS: "DataLoss",
    grpc.StatusCode.UNAUTHENTICATED: "Unauthenticated",
}

_LABELS = ("grpc_type", "grpc_service", "grpc_method")
# Go's prometheus.DefBuckets, as go-grpc-prometheus uses
_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

SERVER_STARTED = Counter("grpc_server_started_total", "Total number of RPCs started on the server.", _LABELS)
SERVER_HANDLED = Counter(
    "grpc_server_handled_total",
    "Total number of RPCs completed on the server, regardless of success or failure.",
    _LABELS + ("grpc_code",),
)
SERVER_HANDLING_SECONDS = Histogram(
    "grpc_server_handling_seconds",
    "Histogram of response latency (seconds) of gRPC that had been application-level handled by the server.",
    _LABELS,
    buckets=_BUCKETS,
)
SERVER_MSG_RECEIVED = Counter(
    "grpc_server_msg_received_total", "Total number of RPC stream messages received on the server.", _LABELS
)
SERVER_MSG_SENT = Counter("grpc_server_msg_sent_total", "Total number of gRPC stream messages sent by the server.", _LABELS)


# The gRPC health of each service in this process, as a metric (health itself is not scraped): an alert
# sees a process that runs and is scraped but answers NOT_SERVING (its database unreachable, the solver's
# worker pool dead, or stopping), which `up` does not show.
SERVICE_SERVING = Gauge(
    "rondo_service_serving",
    "1 while this process's gRPC health reports the service SERVING, 0 while NOT_SERVING.",
    ["grpc_service"],
)


def set_serving(grpc_service: str, serving: bool) -> None:
    """Publish a service's gRPC health status (``rondo_service_serving``)."""
    SERVICE_SERVING.labels(grpc_service).set(1 if serving else 0)


def go_code_name(code: grpc.StatusCode | None) -> str:
    return GO_CODE_NAMES.get(code, "Unknown") if code is not None else "OK"


class _Rpc:
    """One RPC being measured."""

    __slots__ = ("labels", "context", "started")

    def __init__(self, labels: tuple[str, str, str], context: aio.ServicerContext):
        self.labels = labels
        self.context = context
        self.started = time.perf_counter()
        SERVER_STARTED.labels(*labels).inc()

    def received(self) -> None:
        SERVER_MSG_RECEIVED.labels(*self.labels).inc()

    def sent(self) -> None:
        SERVER_MSG_SENT.labels(*self.labels).inc()

    async def count_requests(self, requests):
        async for request in requests:
            self.received()
            yield request

    def finish(self, error: BaseException | None) -> None:
        SERVER_HANDLED.labels(*self.labels, go_code_name(self._code(error))).inc()
        SERVER_HANDLING_SECONDS.labels(*self.labels).observe(time.perf_counter() - self.started)

    def _code(self, error: BaseException | None) -> grpc.StatusCode:
        if error is None:
            return self.context.code() or grpc.StatusCode.OK
        if isinstance(error, aio.AbortError):
            return self.context.code() or grpc.StatusCode.UNKNOWN
        if isinstance(error, (asyncio.CancelledError, GeneratorExit)):
            remaining = self.context.time_remaining()
            if remaining is not None and remaining <= 0:
                return grpc.StatusCode.DEADLINE_EXCEEDED
            return grpc.StatusCode.CANCELLED
        return grpc.StatusCode.UNKNOWN  # what grpc sends for an exception escaping the handler


class PrometheusServerInterceptor(aio.ServerInterceptor):
    """Counts and times every RPC whose handler is async (all of Rondo's)."""

    async def intercept_service(self, continuation, handler_call_details):
        handler = await continuation(handler_call_details)
        if handler is None:
            return None
        inner = behavior(handler)
        if not is_async(inner):
            return handler
        labels = (rpc_type(handler), *split_method(handler_call_details.method))
        request_streaming, response_streaming = handler.request_streaming, handler.response_streaming

        def begin(request, context) -> tuple[_Rpc, object]:
            rpc = _Rpc(labels, context)
            if request_streaming:
                return rpc, rpc.count_requests(request)
            rpc.received()
            return rpc, request

        if inspect.isasyncgenfunction(inner):

            async def measured_stream(request, context):
                rpc, request = begin(request, context)
                try:
                    async with aclosing(inner(request, context)) as responses:
                        async for response in responses:
                            rpc.sent()
                            yield response
                except BaseException as error:
                    rpc.finish(error)
                    raise
                rpc.finish(None)

            return with_behavior(handler, measured_stream)

        async def measured(request, context):
            rpc, request = begin(request, context)
            try:
                response = await inner(request, context)
            except BaseException as error:
                rpc.finish(error)
                raise
            if not response_streaming:
                rpc.sent()
            rpc.finish(None)
            return response

        return with_behavior(handler, measured)


def initialize_metrics(methods: Iterable[tuple[str, str, str]]) -> None:
    """Create the zero-valued series for (grpc_type, grpc_service, grpc_method), like go-grpc-prometheus's
    ``InitializeMetrics``, so dashboards see a method before its first call."""
    for labels in methods:
        SERVER_STARTED.labels(*labels)
        SERVER_MSG_RECEIVED.labels(*labels)
        SERVER_MSG_SENT.labels(*labels)
        SERVER_HANDLING_SECONDS.labels(*labels)
        for code_name in GO_CODE_NAMES.values():
            SERVER_HANDLED.labels(*labels, code_name)


def start_metrics_server(host: str, port: int):
    """Serve ``/metrics`` (default registry) over HTTP in a daemon thread.

    Returns ``(server, actual_port)``; port 0 picks a free port. Stop with ``server.shutdown(); server.server_close()``.
    """
    server, _thread = start_http_server(port, addr=host, registry=REGISTRY)
    return server, server.server_port
