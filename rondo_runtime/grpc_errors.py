"""Map ``rondo_runtime.errors`` exceptions to gRPC statuses (DESIGN.md "Contracts"), and back.

Server side, :class:`ErrorMappingInterceptor` (place it *after* the metrics interceptor, i.e. inner):

* a :class:`~rondo_runtime.errors.RondoError` becomes its class's code and message; ``InvalidArgument``
  also carries a ``google.rpc.Status`` with a ``google.rpc.BadRequest`` detail listing the field
  violations (trailing metadata ``grpc-status-details-bin``);
* an uncaught downstream ``grpc.RpcError`` with DEADLINE_EXCEEDED or UNAVAILABLE keeps that code
  (with a generic message): a slow or absent peer is not a bug;
* ``NotImplementedError`` (a generated servicer's default method) becomes UNIMPLEMENTED;
* anything else is logged with its traceback and becomes INTERNAL with a generic message.

Client side, :func:`field_violations` and :func:`error_from_rpc` read such a status back.
"""
from __future__ import annotations

import inspect
import logging
from contextlib import aclosing

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc import aio
from grpc_status import rpc_status

from rondo_runtime import errors
from rondo_runtime._method_handlers import behavior, is_async, with_behavior

log = logging.getLogger(__name__)

INTERNAL_MESSAGE = "internal error"
_DETAILS_KEY = "grpc-status-details-bin"
_PASSED_THROUGH = {
    grpc.StatusCode.DEADLINE_EXCEEDED: "a downstream service did not answer in time",
    grpc.StatusCode.UNAVAILABLE: "a downstream service is unavailable",
}


def status_code_of(error: errors.RondoError) -> grpc.StatusCode:
    try:
        return grpc.StatusCode[error.code]
    except KeyError:
        return grpc.StatusCode.UNKNOWN


def to_grpc_status(error: errors.RondoError) -> grpc.Status:
    """The ``grpc.Status`` for a RondoError: code, message, and the BadRequest detail for field violations."""
    code = status_code_of(error)
    rich = status_pb2.Status(code=code.value[0], message=error.message)
    violations = getattr(error, "violations", ())
    if violations:
        bad_request = error_details_pb2.BadRequest(
            field_violations=[
                error_details_pb2.BadRequest.FieldViolation(field=v.field, description=v.description) for v in violations
            ]
        )
        detail = any_pb2.Any()
        detail.Pack(bad_request)
        rich.details.append(detail)
    return rpc_status.to_status(rich)


async def abort_with(context: aio.ServicerContext, error: BaseException, method: str = "") -> None:
    """Finish the RPC with the status for ``error`` (always raises ``AbortError``)."""
    if isinstance(error, aio.AbortError):
        raise error
    if isinstance(error, errors.RondoError):
        status = to_grpc_status(error)
        log.debug("rpc refused", extra={"grpc_method": method, "grpc_code": status.code.name, "detail": error.message})
        await context.abort(status.code, status.details, trailing_metadata=status.trailing_metadata)
    if isinstance(error, grpc.RpcError) and _rpc_code(error) in _PASSED_THROUGH:
        code = _rpc_code(error)
        log.warning("downstream call failed", extra={"grpc_method": method, "grpc_code": code.name, "detail": _rpc_details(error)})
        await context.abort(code, _PASSED_THROUGH[code])
    if isinstance(error, NotImplementedError):  # a generated servicer's default method
        log.warning("rpc not implemented", extra={"grpc_method": method})
        await context.abort(grpc.StatusCode.UNIMPLEMENTED, "method not implemented")
    log.error("unhandled error in rpc handler", exc_info=error, extra={"grpc_method": method})
    await context.abort(grpc.StatusCode.INTERNAL, INTERNAL_MESSAGE)


class ErrorMappingInterceptor(aio.ServerInterceptor):
    """Turns exceptions escaping an async handler into the right gRPC status (see module doc)."""

    async def intercept_service(self, continuation, handler_call_details):
        handler = await continuation(handler_call_details)
        if handler is None:
            return None
        inner = behavior(handler)
        if not is_async(inner):
            return handler
        method = handler_call_details.method

        if inspect.isasyncgenfunction(inner):

            async def mapped_stream(request, context):
                try:
                    async with aclosing(inner(request, context)) as responses:
                        async for response in responses:
                            yield response
                except Exception as error:  # noqa: BLE001 - mapped to a status, never leaked
                    await abort_with(context, error, method)

            return with_behavior(handler, mapped_stream)

        async def mapped(request, context):
            try:
                return await inner(request, context)
            except Exception as error:  # noqa: BLE001
                await abort_with(context, error, method)

        return with_behavior(handler, mapped)


# --------------------------------------------------------------------------------------------------
# Client side


def rich_status(rpc_error: grpc.RpcError) -> status_pb2.Status | None:
    """The ``google.rpc.Status`` a failed call carried in ``grpc-status-details-bin``, if any."""
    trailing = rpc_error.trailing_metadata() if hasattr(rpc_error, "trailing_metadata") else None
    for key, value in trailing or ():
        if key == _DETAILS_KEY:
            return status_pb2.Status.FromString(value)
    return None


def field_violations(rpc_error: grpc.RpcError) -> list[tuple[str, str]]:
    """``(field, description)`` of every ``google.rpc.BadRequest`` violation in a failed call's status."""
    status = rich_status(rpc_error)
    found: list[tuple[str, str]] = []
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad_request = error_details_pb2.BadRequest()
            detail.Unpack(bad_request)
            found.extend((v.field, v.description) for v in bad_request.field_violations)
    return found


def error_from_rpc(rpc_error: grpc.RpcError) -> errors.RondoError | None:
    """The RondoError a downstream status stands for (violations included), to re-raise upstream; None if
    the code has no RondoError class (INTERNAL, UNKNOWN, DEADLINE_EXCEEDED...)."""
    code = _rpc_code(rpc_error)
    message = _rpc_details(rpc_error)
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        return errors.InvalidArgument(message, [errors.FieldViolation(f, d) for f, d in field_violations(rpc_error)])
    for cls in _rondo_error_classes():
        if code is not None and cls.code == code.name:
            return cls(message)
    return None


def _rondo_error_classes():
    pending = list(errors.RondoError.__subclasses__())
    while pending:
        cls = pending.pop(0)
        pending.extend(cls.__subclasses__())
        yield cls


def _rpc_code(rpc_error: grpc.RpcError) -> grpc.StatusCode | None:
    code = getattr(rpc_error, "code", None)
    return code() if callable(code) else None


def _rpc_details(rpc_error: grpc.RpcError) -> str:
    details = getattr(rpc_error, "details", None)
    return (details() if callable(details) else None) or ""

