"""Calls between services of one process without a gRPC hop (docs/architecture.md "Embedded and
distributed mode").

In embedded mode (``rondo up``) the gateway calls league, booking and solver, which run in the same
process. Over loopback gRPC each such call crosses a gRPC client and a gRPC server (HTTP/2 framing, the
C core, a completion queue, two event-loop hops) inside one interpreter. :class:`LocalServer` and
:class:`LocalChannel` do the same call in process:

* :class:`LocalServer` takes the place of the internal ``grpc.aio.Server`` for registration: the
  generated ``add_XServicer_to_server(servicer, server)`` registers the SAME method handlers on it, and
  every call runs through the SAME server interceptors (metrics, internal token, error mapping: the list
  ``rondo_runtime.server`` gives the internal server), with a :class:`LocalContext` for a servicer
  context (abort, codes and details, trailing metadata with the rich error details, invocation metadata,
  the time remaining, peer);
* :class:`LocalChannel` is the ``grpc.aio.Channel`` surface the generated stubs use (``unary_unary``),
  with the same client interceptors a real channel takes (the internal token's). A refused call raises a
  ``grpc.aio.AioRpcError`` with the code, details and trailing metadata a real call would carry, so
  callers read errors the same way on both transports.

The request is serialized and the answer deserialized, as on the wire (cheap with upb): nothing is
shared by reference between the services. The handler runs in a task of its own, in a fresh context
(the caller's context variables do not leak into it, nor its into the caller), cancelled at the
deadline (``DEADLINE_EXCEEDED``) or when the caller is cancelled. Once the server stops, calls answer
``UNAVAILABLE``. Only unary-unary calls: every internal RPC is one.
"""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any, NamedTuple, NoReturn

import grpc
from grpc import aio

from rondo_runtime.capacity import MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES

log = logging.getLogger(__name__)

PEER = "local:in-process"
"""What ``context.peer()`` says for a call through a local channel."""
STOPPED_DETAILS = "the in-process server is stopped"
DEADLINE_DETAILS = "Deadline Exceeded"  # what grpc's client says
UNKNOWN_METHOD_DETAILS = "Method not found!"  # what grpc's server says

Metadata = tuple[tuple[str, str | bytes], ...]


def _metadata(metadata: Iterable[tuple[str, str | bytes]] | None) -> Metadata:
    return tuple((key, value) for key, value in metadata or ())


def rpc_error(code: grpc.StatusCode, details: str, trailing_metadata: Iterable[tuple[str, str | bytes]] = ()) -> aio.AioRpcError:
    """The error a real call finished with ``code`` raises (no initial metadata: Rondo sends none)."""
    return aio.AioRpcError(
        code,
        aio.Metadata(),
        aio.Metadata(*_metadata(trailing_metadata)),
        details=details,
        debug_error_string=f"{code.name}:{details}",
    )


class _HandlerCallDetails(NamedTuple):
    """What a server interceptor sees (``grpc.HandlerCallDetails``)."""

    method: str
    invocation_metadata: Metadata


class LocalContext(aio.ServicerContext):
    """The servicer context of one local call: what Rondo's servicers and interceptors use behaves as
    grpc.aio's does (``abort`` raises ``aio.AbortError``, ``time_remaining`` is None without a
    deadline and 0 once it passed); streaming and compression do not apply."""

    def __init__(self, metadata: Metadata, deadline: float | None):
        self._metadata = metadata
        self._deadline = deadline  # time.monotonic()
        self._code: grpc.StatusCode | None = None
        self._details = ""
        self._trailing: Metadata = ()
        self._aborted = False
        self._done = False
        self._cancelled = False
        self._expired = False
        self._callbacks: list[Callable[[Any], None]] = []

    # --- what Rondo uses
    async def abort(self, code: grpc.StatusCode, details: str = "", trailing_metadata=()) -> NoReturn:
        if self._aborted:
            raise aio.UsageError("Abort already called!")
        if code == grpc.StatusCode.OK:
            log.error("abort() called with StatusCode.OK; returning UNKNOWN")
            code = grpc.StatusCode.UNKNOWN
        self._aborted = True
        self._code, self._details = code, details
        if trailing_metadata:
            self._trailing = _metadata(trailing_metadata)
        raise aio.AbortError()

    def set_code(self, code: grpc.StatusCode) -> None:
        self._code = code

    def set_details(self, details: str) -> None:
        self._details = details

    def set_trailing_metadata(self, trailing_metadata) -> None:
        self._trailing = _metadata(trailing_metadata)

    def code(self) -> grpc.StatusCode | None:
        return self._code

    def details(self) -> str:
        return self._details

    def trailing_metadata(self) -> Metadata:
        return self._trailing

    def invocation_metadata(self) -> Metadata:
        return self._metadata

    def time_remaining(self) -> float | None:  # grpc.aio returns None without a deadline
        if self._deadline is None:
            return None
        if self._expired:
            return 0
        return max(self._deadline - time.monotonic(), 0)

    def peer(self) -> str:
        return PEER

    def peer_identities(self) -> None:
        return None

    def peer_identity_key(self) -> None:
        return None

    def auth_context(self) -> dict[str, list[bytes]]:
        return {}

    def add_done_callback(self, callback: Callable[[Any], None]) -> None:
        self._callbacks.append(callback)

    def cancelled(self) -> bool:
        return self._cancelled

    def done(self) -> bool:
        return self._done

    # --- streaming and compression: not for unary calls
    async def read(self) -> NoReturn:
        raise aio.UsageError("a unary call has no messages to read")

    async def write(self, message) -> NoReturn:
        raise aio.UsageError("a unary call answers by returning its response")

    async def send_initial_metadata(self, initial_metadata) -> None:
        return None  # a local call has no headers to send

    def set_compression(self, compression: grpc.Compression) -> None:
        return None

    def disable_next_message_compression(self) -> None:
        return None

    # --- the local server's side
    def _error(self) -> aio.AioRpcError:
        return rpc_error(self._code or grpc.StatusCode.UNKNOWN, self._details, self._trailing)

    def _finish(self, cancelled: bool = False) -> None:
        self._done, self._cancelled = True, cancelled
        for callback in self._callbacks:
            try:
                callback(self)
            except Exception:  # noqa: BLE001 - a callback must not change the call's outcome
                log.exception("servicer context done callback failed")


Continuation = Callable[[Any], Awaitable[grpc.RpcMethodHandler | None]]


class LocalServer:
    """The registration surface of ``grpc.aio.Server`` (what the generated ``add_*Servicer_to_server``
    and ``grpc_health`` call) and the server side of local calls: the registered handlers, run through
    ``interceptors`` (the first is the outermost, as on a real server). ``max_request_bytes``: the
    largest request it takes, as the real server's receive limit."""

    def __init__(self, interceptors: Sequence[aio.ServerInterceptor] = (), max_request_bytes: int = MAX_REQUEST_BYTES):
        self._interceptors = tuple(interceptors)
        self._max_request_bytes = max_request_bytes
        self._registered: dict[str, grpc.RpcMethodHandler] = {}
        self._generic: list[grpc.GenericRpcHandler] = []
        self._calls: set[asyncio.Task] = set()
        self._stopped = False
        self._resolve = self._chain(0)

    # --- registration, as on grpc.aio.Server
    def add_generic_rpc_handlers(self, generic_rpc_handlers: Sequence[grpc.GenericRpcHandler]) -> None:
        self._generic.extend(generic_rpc_handlers)

    def add_registered_method_handlers(self, service_name: str, method_handlers: dict[str, grpc.RpcMethodHandler]) -> None:
        for method, handler in method_handlers.items():
            self._registered[f"/{service_name}/{method}"] = handler

    def channel(self, interceptors: Sequence[aio.ClientInterceptor] = ()) -> LocalChannel:
        """A channel to this server, with client ``interceptors`` (unary-unary ones apply)."""
        return LocalChannel(self, interceptors)

    @property
    def stopped(self) -> bool:
        return self._stopped

    async def stop(self, grace: float | None) -> None:
        """New calls answer UNAVAILABLE; the calls in flight get ``grace`` seconds (None: no limit, as
        ``grpc.aio.Server.stop``), then are cancelled."""
        self._stopped = True
        calls = set(self._calls)
        if not calls:
            return
        if grace is None:
            await asyncio.wait(calls)
            return
        _, pending = await asyncio.wait(calls, timeout=max(grace, 0.0)) if grace > 0 else (set(), calls)
        for call in pending:
            call.cancel()
        if pending:
            await asyncio.wait(pending)

    # --- one call
    def _chain(self, index: int) -> Continuation:
        if index == len(self._interceptors):

            async def lookup(details) -> grpc.RpcMethodHandler | None:
                return self._lookup(details)

            return lookup
        interceptor, rest = self._interceptors[index], self._chain(index + 1)

        async def intercepted(details) -> grpc.RpcMethodHandler | None:
            return await interceptor.intercept_service(rest, details)

        return intercepted

    def _lookup(self, details: _HandlerCallDetails) -> grpc.RpcMethodHandler | None:
        handler = self._registered.get(details.method)
        if handler is not None:
            return handler
        for generic in self._generic:
            handler = generic.service(details)  # a HandlerCallDetails by shape
            if handler is not None:
                return handler
        return None

    async def unary_unary(self, method: str, request: bytes, timeout: float | None, metadata: Metadata) -> bytes:
        """The answer's bytes to ``request``'s, or the ``AioRpcError`` a real call would raise."""
        if self._stopped:
            raise rpc_error(grpc.StatusCode.UNAVAILABLE, STOPPED_DETAILS)
        if len(request) > self._max_request_bytes:
            details = f"Received message larger than max ({len(request)} vs. {self._max_request_bytes})"
            raise rpc_error(grpc.StatusCode.RESOURCE_EXHAUSTED, details)
        loop = asyncio.get_running_loop()
        context = LocalContext(metadata, None if timeout is None else time.monotonic() + timeout)
        # its own task in a fresh context: the handler's context variables (the call's deadline) are its
        # own, as on a real server
        task = loop.create_task(
            self._serve(_HandlerCallDetails(method, metadata), request, context), context=contextvars.Context()
        )
        self._calls.add(task)
        task.add_done_callback(self._calls.discard)
        timer = None if timeout is None else loop.call_later(max(timeout, 0.0), _expire, context, task)
        try:
            try:
                answer = await task  # a cancelled caller cancels the task too (asyncio cancels what it awaits)
            except asyncio.CancelledError:
                current = asyncio.current_task()
                if not context._expired or (current is not None and current.cancelling()):
                    task.cancel()
                    raise
            except aio.AioRpcError:
                if not context._expired:
                    raise
            if context._expired:  # whatever the handler did once cancelled, the caller sees the deadline
                raise rpc_error(grpc.StatusCode.DEADLINE_EXCEEDED, DEADLINE_DETAILS) from None
            return answer
        finally:
            if timer is not None:
                timer.cancel()

    async def _serve(self, details: _HandlerCallDetails, request: bytes, context: LocalContext) -> bytes:
        try:
            handler = await self._resolve(details)
        except Exception as error:  # noqa: BLE001 - an interceptor failing: what grpc answers for it
            raise _unexpected(error) from None
        if handler is None:
            raise rpc_error(grpc.StatusCode.UNIMPLEMENTED, UNKNOWN_METHOD_DETAILS)
        if handler.request_streaming or handler.response_streaming:
            raise rpc_error(grpc.StatusCode.UNIMPLEMENTED, "a local channel carries unary calls only")
        failure: aio.AioRpcError | None = None
        try:
            message = handler.request_deserializer(request) if handler.request_deserializer else request
            response = handler.unary_unary(message, context)
            if inspect.isawaitable(response):
                response = await response
            answer = handler.response_serializer(response) if handler.response_serializer else response
        except aio.AbortError:
            failure = context._error()
        except asyncio.CancelledError:
            context._finish(cancelled=True)
            raise
        except Exception as error:  # noqa: BLE001 - what grpc's server answers for an escaping exception
            failure = _unexpected(error)
        context._finish()
        if failure is None and context._code not in (None, grpc.StatusCode.OK):
            failure = context._error()  # set_code without abort: the code wins over the response
        if failure is not None:
            raise failure
        if len(answer) > MAX_MESSAGE_BYTES:
            details_ = f"Sent message larger than max ({len(answer)} vs. {MAX_MESSAGE_BYTES})"
            raise rpc_error(grpc.StatusCode.RESOURCE_EXHAUSTED, details_)
        return answer


def _unexpected(error: BaseException) -> aio.AioRpcError:
    return rpc_error(grpc.StatusCode.UNKNOWN, f"Unexpected {type(error)}: {error}")


def _expire(context: LocalContext, task: asyncio.Task) -> None:
    if not task.done():
        context._expired = True
        task.cancel()


class _Call:
    """A call in progress (what ``continuation`` gives a client interceptor): awaiting it gives the
    response or raises the call's ``AioRpcError``; it runs once, on the first await."""

    def __init__(self, run: Callable[[], Awaitable[Any]]):
        self._run = run
        self._outcome: asyncio.Future | None = None

    def __await__(self):
        return self._result().__await__()

    async def _result(self) -> Any:
        if self._outcome is None:
            self._outcome = asyncio.get_running_loop().create_future()
            try:
                self._outcome.set_result(await self._run())
            except Exception as error:  # noqa: BLE001 - kept for every awaiter
                self._outcome.set_exception(error)
            except BaseException:
                self._outcome.cancel()
                raise
        return await self._outcome


class _UnaryUnary(aio.UnaryUnaryMultiCallable):
    def __init__(
        self,
        server: LocalServer,
        method: str,
        request_serializer: Callable[[Any], bytes] | None,
        response_deserializer: Callable[[bytes], Any] | None,
        interceptors: Sequence[aio.UnaryUnaryClientInterceptor],
    ):
        self._server = server
        self._method = method
        self._serialize = request_serializer
        self._deserialize = response_deserializer
        self._interceptors = tuple(interceptors)

    def __call__(self, request, *, timeout=None, metadata=None, credentials=None, wait_for_ready=None, compression=None) -> _Call:
        details = aio.ClientCallDetails(self._method, timeout, metadata, credentials, wait_for_ready)
        if not self._interceptors:
            return _Call(lambda: self._invoke(details, request))
        return _Call(lambda: self._intercepted(0, details, request))

    async def _intercepted(self, index: int, details: aio.ClientCallDetails, request) -> Any:
        if index == len(self._interceptors):
            return await self._invoke(details, request)

        async def continuation(next_details: aio.ClientCallDetails, next_request) -> _Call:
            return _Call(lambda: self._intercepted(index + 1, next_details, next_request))

        answer = await self._interceptors[index].intercept_unary_unary(continuation, details, request)
        return await answer if isinstance(answer, _Call) else answer

    async def _invoke(self, details: aio.ClientCallDetails, request) -> Any:
        data = self._serialize(request) if self._serialize else request
        method = details.method.decode() if isinstance(details.method, bytes) else details.method
        answer = await self._server.unary_unary(method, data, details.timeout, _metadata(details.metadata))
        return self._deserialize(answer) if self._deserialize else answer


class LocalChannel(aio.Channel):
    """A ``grpc.aio.Channel`` to a :class:`LocalServer`: ``unary_unary`` as the generated stubs call it;
    the streaming kinds are refused (every internal RPC is unary)."""

    def __init__(self, server: LocalServer, interceptors: Sequence[aio.ClientInterceptor] = ()):
        self._server = server
        self._interceptors = tuple(i for i in interceptors if isinstance(i, aio.UnaryUnaryClientInterceptor))

    def unary_unary(
        self, method: str, request_serializer=None, response_deserializer=None, _registered_method: bool | None = False
    ) -> _UnaryUnary:
        return _UnaryUnary(self._server, method, request_serializer, response_deserializer, self._interceptors)

    def unary_stream(self, *args, **kwargs) -> NoReturn:
        raise NotImplementedError("a local channel carries unary calls only")

    def stream_unary(self, *args, **kwargs) -> NoReturn:
        raise NotImplementedError("a local channel carries unary calls only")

    def stream_stream(self, *args, **kwargs) -> NoReturn:
        raise NotImplementedError("a local channel carries unary calls only")

    def get_state(self, try_to_connect: bool = False) -> grpc.ChannelConnectivity:
        return grpc.ChannelConnectivity.SHUTDOWN if self._server.stopped else grpc.ChannelConnectivity.READY

    async def wait_for_state_change(self, last_observed_state: grpc.ChannelConnectivity) -> None:
        raise NotImplementedError("a local channel's state changes only when its server stops")

    async def channel_ready(self) -> None:
        return None

    async def close(self, grace: float | None = None) -> None:
        return None  # the server's lifetime is the process's servers'

    async def __aenter__(self) -> LocalChannel:
        return self

    async def __aexit__(self, exc_type, exc_val, exc_tb) -> None:
        await self.close()
