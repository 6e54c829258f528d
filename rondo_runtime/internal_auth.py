"""The internal credential: only the gateway is reachable from outside (docs/architecture.md "Embedded
and distributed mode").

Internal services (every service but the gateway) answer only calls that carry the shared secret
``RONDO_INTERNAL_TOKEN`` in the metadata ``x-rondo-internal-token``; the gateway's downstream channels
attach it. Server side, :class:`InternalTokenInterceptor` refuses any other call with UNAUTHENTICATED
(compared in constant time) — except gRPC health (probes) and reflection. Client side,
:func:`token_interceptors` for a ``grpc.aio`` channel, :func:`internal_channel` for a blocking one (tools,
benchmarks and tests that dial an internal port). The token itself is never logged or echoed.

Every mode: in embedded mode (``rondo up``) the process makes a random token at start-up when none is
configured (:func:`new_token`), so its internal port refuses any other local process too.
"""

from __future__ import annotations

import collections
import hmac
import logging
import secrets

import grpc
from grpc import aio

from rondo_runtime._method_handlers import with_behavior

log = logging.getLogger(__name__)

METADATA_KEY = "x-rondo-internal-token"
UNAUTHENTICATED_MESSAGE = "internal service: calls need the internal credential (only the gateway may call it)"
# Always answered without the credential: probes, and grpcurl's listing where reflection is enabled.
EXEMPT_PREFIXES = (
    "/grpc.health.v1.Health/",
    "/grpc.reflection.v1alpha.ServerReflection/",
    "/grpc.reflection.v1.ServerReflection/",
)


def token_matches(metadata, token: str) -> bool:
    """Whether ``metadata`` (key/value pairs) carries ``token`` under :data:`METADATA_KEY`; every value
    under that key is compared in constant time."""
    expected = token.encode()
    found = False
    for key, value in metadata or ():
        if key.lower() != METADATA_KEY:
            continue
        given = value.encode() if isinstance(value, str) else bytes(value)
        found |= hmac.compare_digest(given, expected)
    return found


async def _refuse(request, context) -> None:
    from rondo_runtime.grpc_errors import status_for

    status = status_for(grpc.StatusCode.UNAUTHENTICATED, UNAUTHENTICATED_MESSAGE, "INTERNAL_CREDENTIAL_MISSING")
    await context.abort(status.code, status.details, trailing_metadata=status.trailing_metadata)


_UNKNOWN_METHOD = grpc.unary_unary_rpc_method_handler(_refuse)


class InternalTokenInterceptor(aio.ServerInterceptor):
    """UNAUTHENTICATED for every call without the right token (unknown methods too: a caller without the
    credential learns nothing about what the server offers), except health and reflection."""

    def __init__(self, token: str):
        if not token:
            raise ValueError("the internal token must not be empty")
        self._token = token

    def __repr__(self) -> str:  # never the token
        return f"{type(self).__name__}(token=<{len(self._token)} characters>)"

    async def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method or ""
        if method.startswith(EXEMPT_PREFIXES) or token_matches(handler_call_details.invocation_metadata, self._token):
            return await continuation(handler_call_details)
        log.warning("internal call refused: no valid internal credential", extra={"grpc_method": method})
        handler = await continuation(handler_call_details)
        if handler is None:
            return _UNKNOWN_METHOD
        return with_behavior(handler, _refuse)


def _with_token(details: aio.ClientCallDetails, token: str) -> aio.ClientCallDetails:
    metadata = aio.Metadata(*(details.metadata or ()))
    metadata.add(METADATA_KEY, token)
    return aio.ClientCallDetails(details.method, details.timeout, metadata, details.credentials, details.wait_for_ready)


class _UnaryUnary(aio.UnaryUnaryClientInterceptor):
    def __init__(self, token: str):
        self._token = token

    async def intercept_unary_unary(self, continuation, client_call_details, request):
        return await continuation(_with_token(client_call_details, self._token), request)


class _UnaryStream(aio.UnaryStreamClientInterceptor):
    def __init__(self, token: str):
        self._token = token

    async def intercept_unary_stream(self, continuation, client_call_details, request):
        return await continuation(_with_token(client_call_details, self._token), request)


def token_interceptors(token: str | None) -> list[aio.ClientInterceptor]:
    """Client interceptors that attach ``token`` to every call of a ``grpc.aio`` channel (none without a
    token). Every internal RPC is unary or server-streaming."""
    if not token:
        return []
    return [_UnaryUnary(token), _UnaryStream(token)]


def new_token() -> str:
    """A random internal token (256 bits) for a process that has none configured (embedded mode)."""
    return secrets.token_urlsafe(32)


class _CallDetails(
    collections.namedtuple("_CallDetails", ("method", "timeout", "metadata", "credentials", "wait_for_ready", "compression")),
    grpc.ClientCallDetails,
):
    pass


class _BlockingToken(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):
    def __init__(self, token: str):
        self._token = token

    def _details(self, details):
        metadata = [*(details.metadata or ()), (METADATA_KEY, self._token)]
        return _CallDetails(
            details.method,
            details.timeout,
            metadata,
            details.credentials,
            getattr(details, "wait_for_ready", None),
            getattr(details, "compression", None),
        )

    def intercept_unary_unary(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)

    def intercept_unary_stream(self, continuation, client_call_details, request):
        return continuation(self._details(client_call_details), request)


def internal_channel(address: str, token: str | None, options=None) -> grpc.Channel:
    """A blocking channel to an internal port that attaches ``token`` to every call (none: a plain
    channel, which the internal port refuses)."""
    channel = grpc.insecure_channel(address, options=options)
    return grpc.intercept_channel(channel, _BlockingToken(token)) if token else channel
