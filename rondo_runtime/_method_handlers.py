"""Small helpers for server interceptors that wrap an ``RpcMethodHandler``'s behavior."""

from __future__ import annotations

import contextvars
import inspect
import time
from collections.abc import Callable

import grpc

_FACTORIES = {
    "unary": ("unary_unary", grpc.unary_unary_rpc_method_handler),
    "server_stream": ("unary_stream", grpc.unary_stream_rpc_method_handler),
    "client_stream": ("stream_unary", grpc.stream_unary_rpc_method_handler),
    "bidi_stream": ("stream_stream", grpc.stream_stream_rpc_method_handler),
}


def rpc_type(handler: grpc.RpcMethodHandler) -> str:
    """go-grpc-prometheus's ``grpc_type``: unary, client_stream, server_stream or bidi_stream."""
    if handler.request_streaming and handler.response_streaming:
        return "bidi_stream"
    if handler.request_streaming:
        return "client_stream"
    if handler.response_streaming:
        return "server_stream"
    return "unary"


def behavior(handler: grpc.RpcMethodHandler) -> Callable:
    return getattr(handler, _FACTORIES[rpc_type(handler)][0])


def is_async(function: Callable) -> bool:
    """Coroutine function (returns a response, or writes with ``context.write``) or async generator."""
    return inspect.iscoroutinefunction(function) or inspect.isasyncgenfunction(function)


def with_behavior(
    handler: grpc.RpcMethodHandler, new_behavior: Callable, request_deserializer: Callable | None = None
) -> grpc.RpcMethodHandler:
    factory = _FACTORIES[rpc_type(handler)][1]
    return factory(
        new_behavior,
        request_deserializer=request_deserializer or handler.request_deserializer,
        response_serializer=handler.response_serializer,
    )


class MalformedRequest:
    """Stands in for a request whose bytes did not parse: grpc.aio deserializes before any interceptor
    runs and answers a raising deserializer with UNKNOWN (and a traceback in the log); the handler sees
    this instead and answers INVALID_ARGUMENT."""

    __slots__ = ("reason",)

    def __init__(self, reason: str):
        self.reason = reason


def tolerant_deserializer(deserializer: Callable | None) -> Callable | None:
    """``deserializer`` returning a :class:`MalformedRequest` instead of raising."""
    if deserializer is None:
        return None

    def deserialize(data: bytes):
        try:
            return deserializer(data)
        except Exception as error:  # noqa: BLE001 - any parse failure is the caller's bad bytes
            return MalformedRequest(f"{type(error).__name__}: {str(error)[:200]}")

    deserialize.rondo_tolerant = True  # type: ignore[attr-defined]
    return deserialize


def split_method(full_method: str) -> tuple[str, str]:
    """``/rondo.solver.v1.SolverService/Draw`` -> (``rondo.solver.v1.SolverService``, ``Draw``)."""
    service, _, method = full_method.lstrip("/").rpartition("/")
    return service or "unknown", method or "unknown"


# The current call's deadline (``time.monotonic()`` seconds), for code that runs on behalf of a call in
# a worker thread: ``asyncio.to_thread`` copies context variables, so a unit of work can bound its
# retries by what the caller is still willing to wait.
call_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("rondo_call_deadline", default=None)


def set_call_deadline(context) -> None:
    """Records ``context``'s deadline (none when the client set none) for :func:`remaining_seconds`."""
    try:
        remaining = context.time_remaining()
    except Exception:  # noqa: BLE001 - a context without deadlines
        remaining = None
    call_deadline.set(None if remaining is None or remaining > 10**8 else time.monotonic() + max(0.0, remaining))


def remaining_seconds() -> float | None:
    """Seconds left before the current call's deadline; None outside a call or without a deadline."""
    deadline = call_deadline.get()
    return None if deadline is None else deadline - time.monotonic()
