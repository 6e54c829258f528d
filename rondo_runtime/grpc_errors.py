"""Map ``rondo_runtime.errors`` exceptions to gRPC statuses (docs/architecture.md "Error model"), and back.

Server side, :class:`ErrorMappingInterceptor` (place it *after* the metrics interceptor, i.e. inner):

* a :class:`~rondo_runtime.errors.RondoError` becomes its class's code and message, with a
  ``google.rpc.Status`` (trailing metadata ``grpc-status-details-bin``) carrying ``ErrorInfo`` (its
  reason, domain ``rondo``, params as metadata), ``LocalizedMessage`` in English and Russian
  (``rondo_runtime.error_catalogue``), ``RetryInfo`` when a retry can succeed, and for
  ``InvalidArgument`` a ``google.rpc.BadRequest`` detail listing the field violations; every other
  answer below carries ErrorInfo and both LocalizedMessages too;
* an uncaught downstream ``grpc.RpcError`` with DEADLINE_EXCEEDED or UNAVAILABLE keeps that code
  (with a generic message): a slow or absent peer is not a bug;
* a lost or unreachable database (SQLAlchemy/psycopg ``OperationalError``...) becomes UNAVAILABLE;
* ``NotImplementedError`` (a generated servicer's default method) becomes UNIMPLEMENTED;
* anything else is logged with its traceback and becomes INTERNAL with a generic message;
* request bytes that do not parse as the method's message become INVALID_ARGUMENT (the interceptor
  swaps in a deserializer that does not raise; grpc.aio would answer UNKNOWN and log a traceback);
* a request with a repeated field longer than ``rondo_runtime.repeated_limits`` allows is refused with
  INVALID_ARGUMENT naming the field and the limit before the handler sees it.

Every answer fits in gRPC metadata: the message and the ``BadRequest`` details are bounded (at most
``MAX_VIOLATIONS`` violations plus "… and N more", each field and description truncated).

Client side, :func:`field_violations`, :func:`error_details` and :func:`error_from_rpc` read such a
status back (``error_from_rpc`` keeps reason, params, retry delay and texts: the gateway passes a
downstream error on unchanged).
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Mapping
from contextlib import aclosing
from dataclasses import dataclass, field, replace

import grpc
from google.protobuf import any_pb2, duration_pb2
from google.rpc import error_details_pb2, status_pb2
from grpc import aio
from grpc_status import rpc_status

from rondo_runtime import error_catalogue, errors
from rondo_runtime._method_handlers import (
    MalformedRequest,
    behavior,
    is_async,
    set_call_deadline,
    tolerant_deserializer,
    with_behavior,
)
from rondo_runtime.repeated_limits import check_repeated_fields

log = logging.getLogger(__name__)

INTERNAL_MESSAGE = "internal error"
_DETAILS_KEY = "grpc-status-details-bin"
_PASSED_THROUGH = {
    grpc.StatusCode.DEADLINE_EXCEEDED: "a downstream service did not answer in time",
    grpc.StatusCode.UNAVAILABLE: "a downstream service is unavailable",
}
_PASSED_THROUGH_REASON = {
    grpc.StatusCode.DEADLINE_EXCEEDED: ("DOWNSTREAM_TIMEOUT", 1.0),
    grpc.StatusCode.UNAVAILABLE: ("DOWNSTREAM_UNAVAILABLE", 1.0),
}


def status_code_of(error: errors.RondoError) -> grpc.StatusCode:
    try:
        return grpc.StatusCode[error.code]
    except KeyError:
        return grpc.StatusCode.UNKNOWN


# Error answers always fit in gRPC metadata (the default limit is 8 KiB for all headers together): the
# message travels percent-encoded in ``grpc-message`` and again, base64-encoded, in
# ``grpc-status-details-bin`` with the violations. These bounds keep both well under 6 KiB.
MAX_MESSAGE_BYTES = 512  # UTF-8 bytes of the status message
MAX_VIOLATIONS = errors.MAX_VIOLATIONS  # field violations sent; the rest are summed up as "… and N more"
MAX_FIELD_CHARS = 120
MAX_DESCRIPTION_CHARS = 300
MAX_VIOLATION_BYTES = 2048  # all sent violations together, serialized


def truncate_utf8(text: str, max_bytes: int) -> str:
    """``text`` cut to at most ``max_bytes`` UTF-8 bytes (on a character boundary), marked with "…"."""
    encoded = text.encode("utf-8", "replace")
    if len(encoded) <= max_bytes:
        return text
    return encoded[: max_bytes - 3].decode("utf-8", "ignore") + "…"


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bounded_violations(violations) -> list[error_details_pb2.BadRequest.FieldViolation]:
    """At most ``MAX_VIOLATIONS`` violations within ``MAX_VIOLATION_BYTES``, each field and description
    truncated, plus one ``… and N more`` entry for the rest."""
    sent: list[error_details_pb2.BadRequest.FieldViolation] = []
    size = 0
    for v in violations:
        item = error_details_pb2.BadRequest.FieldViolation(
            field=_cut(str(v.field), MAX_FIELD_CHARS),
            description=truncate_utf8(_cut(str(v.description), MAX_DESCRIPTION_CHARS), MAX_DESCRIPTION_CHARS),
            reason=_cut(str(getattr(v, "reason", "") or ""), 63),
        )
        if len(sent) >= MAX_VIOLATIONS or size + item.ByteSize() > MAX_VIOLATION_BYTES:
            break
        sent.append(item)
        size += item.ByteSize()
    rest = len(violations) - len(sent)
    if rest:
        sent.append(error_details_pb2.BadRequest.FieldViolation(field="", description=f"… and {rest} more"))
    return sent


MAX_LOCALIZED_BYTES = MAX_MESSAGE_BYTES  # each LocalizedMessage
MAX_RETRY_SECONDS = 3600


def rich_status_of(
    code: grpc.StatusCode,
    message: str,
    reason: str,
    params: Mapping[str, object] | None = None,
    retry_after_s: float | None = None,
    texts: Mapping[str, str] | None = None,
    violations=(),
) -> status_pb2.Status:
    """The ``google.rpc.Status`` of a refused call: ``ErrorInfo`` (reason, domain ``rondo``, params as
    metadata), ``LocalizedMessage`` in English and Russian (``texts``, else from the catalogue),
    ``RetryInfo`` when ``retry_after_s`` is set, ``BadRequest`` for field violations — every part
    bounded (docs/errors.md)."""
    params = dict(params or {})
    message = truncate_utf8(str(message), MAX_MESSAGE_BYTES)
    rich = status_pb2.Status(code=code.value[0], message=message)

    def add(detail_message) -> None:
        detail = any_pb2.Any()
        detail.Pack(detail_message)
        rich.details.append(detail)

    add(
        error_details_pb2.ErrorInfo(
            reason=_cut(reason or "UNKNOWN", 63), domain=error_catalogue.DOMAIN, metadata=error_catalogue.metadata(params)
        )
    )
    languages = dict(texts) if texts else error_catalogue.localized(reason, params, message)
    for locale in error_catalogue.LANGUAGES:
        text = languages.get(locale) or message
        add(error_details_pb2.LocalizedMessage(locale=locale, message=truncate_utf8(text, MAX_LOCALIZED_BYTES)))
    if retry_after_s is not None:
        seconds = min(max(float(retry_after_s), 0.0), MAX_RETRY_SECONDS)
        delay = duration_pb2.Duration(seconds=int(seconds), nanos=int((seconds % 1) * 1e9))
        add(error_details_pb2.RetryInfo(retry_delay=delay))
    if violations:
        add(error_details_pb2.BadRequest(field_violations=bounded_violations(violations)))
    return rich


def to_grpc_status(error: errors.RondoError) -> grpc.Status:
    """The ``grpc.Status`` for a RondoError: code, message, ErrorInfo, LocalizedMessage (en, ru),
    RetryInfo when a retry can succeed, and the BadRequest detail for field violations — bounded so
    that it always fits in gRPC metadata."""
    rich = rich_status_of(
        status_code_of(error),
        error.message,
        error.reason,
        error.params,
        error.retry_after_s,
        error.localized or None,
        tuple(getattr(error, "violations", ())),
    )
    return rpc_status.to_status(rich)


def status_for(code: grpc.StatusCode, message: str, reason: str, retry_after_s: float | None = None) -> grpc.Status:
    """A runtime answer (no RondoError behind it) with its catalogue reason and texts."""
    return rpc_status.to_status(rich_status_of(code, message, reason, {}, retry_after_s))


async def _abort(context: aio.ServicerContext, status: grpc.Status) -> None:
    await context.abort(status.code, status.details, trailing_metadata=status.trailing_metadata)


async def abort_with(context: aio.ServicerContext, error: BaseException, method: str = "") -> None:
    """Finish the RPC with the status for ``error`` (always raises ``AbortError``)."""
    if isinstance(error, aio.AbortError):
        raise error
    if isinstance(error, errors.RondoError):
        status = to_grpc_status(error)
        log.debug("rpc refused", extra={"grpc_method": method, "grpc_code": status.code.name, "detail": error.message})
        await context.abort(status.code, status.details, trailing_metadata=status.trailing_metadata)
    if isinstance(error, grpc.RpcError) and (code := _rpc_code(error)) is not None and code in _PASSED_THROUGH:
        log.warning(
            "downstream call failed", extra={"grpc_method": method, "grpc_code": code.name, "detail": _rpc_details(error)}
        )
        reason, retry = _PASSED_THROUGH_REASON[code]
        await _abort(context, status_for(code, _PASSED_THROUGH[code], reason, retry))
    unavailable = database_unavailable(error)
    if unavailable is not None:
        log.warning("database unavailable", extra={"grpc_method": method, "detail": unavailable})
        await _abort(context, status_for(grpc.StatusCode.UNAVAILABLE, DATABASE_UNAVAILABLE_MESSAGE, "DATABASE_UNAVAILABLE", 1.0))
    if isinstance(error, NotImplementedError):  # a generated servicer's default method
        log.warning("rpc not implemented", extra={"grpc_method": method})
        await _abort(context, status_for(grpc.StatusCode.UNIMPLEMENTED, "method not implemented", "NOT_IMPLEMENTED"))
    log.error("unhandled error in rpc handler", exc_info=error, extra={"grpc_method": method})
    await _abort(context, status_for(grpc.StatusCode.INTERNAL, INTERNAL_MESSAGE, "INTERNAL"))


DATABASE_UNAVAILABLE_MESSAGE = "the database is unavailable; retry later"
SERVER_UNAVAILABLE_MESSAGES = frozenset({_PASSED_THROUGH[grpc.StatusCode.UNAVAILABLE], DATABASE_UNAVAILABLE_MESSAGE})
"""The UNAVAILABLE answers a server gives itself; any other UNAVAILABLE detail is the client's channel
failing to reach the server (the organizer CLI tells the two apart)."""


def database_unavailable(error: BaseException) -> str | None:
    """Why, when ``error`` is a lost or unreachable database (SQLAlchemy ``OperationalError`` /
    ``InterfaceError`` or ``DisconnectionError``, psycopg's ``OperationalError``/``InterfaceError``,
    sqlite3's ``OperationalError``): a fault to retry, not a bug. None otherwise."""
    try:
        from sqlalchemy import exc as sa_exc
    except ImportError:  # pragma: no cover - sqlalchemy is a dependency
        return None
    if isinstance(error, (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.DisconnectionError)):
        return f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    if isinstance(error, sa_exc.DBAPIError) and error.connection_invalidated:
        return f"{type(error).__name__}: connection invalidated"
    names = {f"{cls.__module__}.{cls.__name__}" for cls in type(error).__mro__}
    if names & {"psycopg.OperationalError", "psycopg.InterfaceError", "sqlite3.OperationalError"}:
        return f"{type(error).__name__}: {error}"
    return None


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
        # Bytes that are not the request message: INVALID_ARGUMENT, not UNKNOWN (unary requests).
        deserializer = None if handler.request_streaming else tolerant_deserializer(handler.request_deserializer)

        if inspect.isasyncgenfunction(inner):

            async def mapped_stream(request, context):
                set_call_deadline(context)
                if isinstance(request, MalformedRequest):
                    await _refuse_malformed(context, method, request)
                try:
                    check_repeated_fields(request)
                    async with aclosing(inner(request, context)) as responses:
                        async for response in responses:
                            yield response
                except Exception as error:  # noqa: BLE001 - mapped to a status, never leaked
                    await abort_with(context, error, method)

            return with_behavior(handler, mapped_stream, deserializer)

        async def mapped(request, context):
            set_call_deadline(context)
            if isinstance(request, MalformedRequest):
                await _refuse_malformed(context, method, request)
            try:
                check_repeated_fields(request)
                return await inner(request, context)
            except Exception as error:  # noqa: BLE001
                await abort_with(context, error, method)

        return with_behavior(handler, mapped, deserializer)


MALFORMED_MESSAGE = "the request is not a valid protobuf message for this method"


async def _refuse_malformed(context, method: str, request: MalformedRequest) -> None:
    log.info("malformed request", extra={"grpc_method": method, "detail": request.reason})
    await _abort(context, status_for(grpc.StatusCode.INVALID_ARGUMENT, MALFORMED_MESSAGE, "REQUEST_MALFORMED"))


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
    return [(v.field, v.description) for v in _bad_request_violations(rpc_error)]


def _bad_request_violations(rpc_error: grpc.RpcError) -> list[error_details_pb2.BadRequest.FieldViolation]:
    status = rich_status(rpc_error)
    found: list[error_details_pb2.BadRequest.FieldViolation] = []
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.BadRequest.DESCRIPTOR):
            bad_request = error_details_pb2.BadRequest()
            detail.Unpack(bad_request)
            found.extend(bad_request.field_violations)
    return found


@dataclass(frozen=True)
class ErrorDetails:
    """What a refused call's status says for machines: reason and metadata (``ErrorInfo``), texts per
    locale (``LocalizedMessage``), the retry delay in seconds (``RetryInfo``), the field violations."""

    reason: str = ""
    domain: str = ""
    metadata: dict[str, str] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    retry_after_s: float | None = None
    violations: list[tuple[str, str]] = field(default_factory=list)


def error_details(rpc_error: grpc.RpcError) -> ErrorDetails:
    """The machine-readable details of a failed call (empty when it carried none)."""
    found = ErrorDetails()
    status = rich_status(rpc_error)
    for detail in status.details if status is not None else ():
        if detail.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
            info = error_details_pb2.ErrorInfo()
            detail.Unpack(info)
            found = replace(found, reason=info.reason, domain=info.domain, metadata=dict(info.metadata))
        elif detail.Is(error_details_pb2.LocalizedMessage.DESCRIPTOR):
            text = error_details_pb2.LocalizedMessage()
            detail.Unpack(text)
            found.texts.setdefault(text.locale, text.message)
        elif detail.Is(error_details_pb2.RetryInfo.DESCRIPTOR):
            retry = error_details_pb2.RetryInfo()
            detail.Unpack(retry)
            found = replace(found, retry_after_s=retry.retry_delay.seconds + retry.retry_delay.nanos / 1e9)
    found.violations.extend(field_violations(rpc_error))
    return found


def error_from_rpc(rpc_error: grpc.RpcError) -> errors.RondoError | None:
    """The RondoError a downstream status stands for — violations, reason, params, retry delay and
    localized texts included, so that they reach the gateway's client unchanged; None if the code has
    no RondoError class (INTERNAL, UNKNOWN, DEADLINE_EXCEEDED...)."""
    code = _rpc_code(rpc_error)
    message = _rpc_details(rpc_error)
    details = error_details(rpc_error)
    error: errors.RondoError | None = None
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        error = errors.InvalidArgument(
            message, [errors.FieldViolation(v.field, v.description, v.reason) for v in _bad_request_violations(rpc_error)]
        )
    else:
        for cls in _rondo_error_classes():
            if code is not None and cls.code == code.name:
                error = cls(message)
                break
    if error is None:
        return None
    if details.reason:
        error.reason = details.reason
        error.params = dict(details.metadata)
        error.retry_after_s = details.retry_after_s
    error.localized = dict(details.texts)
    return error


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
