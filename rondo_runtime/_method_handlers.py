"""Small helpers for server interceptors that wrap an ``RpcMethodHandler``'s behavior."""
from __future__ import annotations

import inspect
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


def with_behavior(handler: grpc.RpcMethodHandler, new_behavior: Callable) -> grpc.RpcMethodHandler:
    factory = _FACTORIES[rpc_type(handler)][1]
    return factory(
        new_behavior,
        request_deserializer=handler.request_deserializer,
        response_serializer=handler.response_serializer,
    )


def split_method(full_method: str) -> tuple[str, str]:
    """``/rondo.solver.v1.SolverService/Draw`` -> (``rondo.solver.v1.SolverService``, ``Draw``)."""
    service, _, method = full_method.lstrip("/").rpartition("/")
    return service or "unknown", method or "unknown"
