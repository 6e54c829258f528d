"""The one place every gateway RPC passes (docs/rules.md access.roles.one-matrix; docs/architecture.md
"Identity and roles").

:func:`guarded` wraps every method of the servicer, read from the service descriptor at construction
(an RPC without an entry in ``gateway.domain.access.MATRIX`` makes construction fail). Before the
handler runs, each wrapper

1. authenticates the caller from the ``authorization: Bearer <token>`` metadata
   (``IdentityService.authenticate``; UNAUTHENTICATED without a valid token, unless the RPC is open);
   with ``x-rondo-telegram-user: <id>`` a bot acts for the player linked to that Telegram user, on the
   RPCs the matrix lets it (``Access.for_player_via_bot``): the principal is then the player's, ``via``
   the bot (``IdentityService.act_for``);
2. checks the role against the matrix (PERMISSION_DENIED naming the role and the RPC);
3. applies the self fields (a player's empty ``player_id``... filled in from the token, another
   player's refused) and sets the author fields to the caller's account name;
4. scopes an organizer to their clubs, competitions and accounts (``gateway/domain/scopes.py``, applied
   by ``gateway/scope_service.py``; PERMISSION_DENIED naming the RPC and what is not theirs), and makes
   the organizer who creates a club or a competition its owner once the call succeeded;
5. hands the handler the principal (:func:`current_principal`, also what idempotency keys are scoped to);

and afterwards records an organizer's or a judge's action (or a bot's for a linked player) in the audit
log with its outcome. Unary and server-streaming methods are both wrapped, so a later streaming RPC
passes the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import inspect
import logging
from collections.abc import AsyncIterator, Callable
from typing import Any

import grpc
from google.protobuf.descriptor import ServiceDescriptor
from google.protobuf.json_format import MessageToDict

from gateway.domain import access as matrix
from gateway.domain import scopes as scoping
from gateway.domain.identity import Principal
from gateway.domain.telegram import telegram_user_of
from gateway.identity_service import IdentityService, PendingAudit, auditing
from gateway.scope_service import ScopeService
from rondo_runtime import errors
from rondo_runtime.grpc_errors import database_unavailable, status_code_of

STARTED = "STARTED"  # an audited action whose outcome is not recorded yet (or could not be)
log = logging.getLogger(__name__)

_principal: contextvars.ContextVar[Principal | None] = contextvars.ContextVar("rondo_principal", default=None)
_HINTS = ("competition_id", "match_key")


def current_principal() -> Principal | None:
    """The authenticated caller of the RPC being served (None outside a guarded call, or for Login)."""
    return _principal.get()


def outcome_of(error: BaseException | None) -> str:
    """The status code name a call ended with, for the audit log."""
    if error is None:
        return "OK"
    if isinstance(error, errors.RondoError):
        return status_code_of(error).name
    code = getattr(error, "code", None)
    if isinstance(error, grpc.RpcError) and callable(code):
        value = code()
        if isinstance(value, grpc.StatusCode):
            return value.name
    if isinstance(error, asyncio.CancelledError):
        return "CANCELLED"
    if database_unavailable(error) is not None:
        return "UNAVAILABLE"
    return "INTERNAL"


def _field_names(message) -> set[str]:
    return {f.name for f in message.DESCRIPTOR.fields}


class Guard:
    """The decisions of the matrix applied to one RPC's requests."""

    def __init__(self, rpc: str, identity: IdentityService, scopes: ScopeService):
        self.rpc = rpc
        self.access = matrix.access_for(rpc)
        self.identity = identity
        self.scopes = scopes
        self.scope = scoping.scope_for(rpc)

    async def admit(self, request, context) -> Principal | None:
        """Authenticate, authorize, fill in the self and author fields; the principal (None: open RPC).
        A refused organizer's or judge's action is audited too."""
        metadata = context.invocation_metadata()
        principal = None if self.access.open else await self.identity.authenticate(metadata)
        telegram_user = None if self.access.open else telegram_user_of(metadata)
        if telegram_user is not None:  # the bot acts for a linked player: the call is the player's
            matrix.check_delegation(self.rpc, self.access, principal)
            assert principal is not None
            principal = await self.identity.act_for(principal, telegram_user)
        try:
            matrix.authorize(self.rpc, principal)
            if principal is None:
                return None
            names = _field_names(request)
            wanted = [n for n in (*self.access.own_player, *self.access.own_account, *_HINTS) if n in names]
            own = matrix.own_fields(self.access, principal, {n: getattr(request, n) for n in wanted})
            confirms = [n for n in self.access.organizer_only if n in names]
            matrix.forbid_organizer_fields(self.access, principal, {n: getattr(request, n) for n in confirms})
            for name, value in {**own, **matrix.author_fields(self.access, principal)}.items():
                if name in names:
                    setattr(request, name, value)
            if self.scope is not None and principal.role in scoping.SCOPED_ROLES:
                values = MessageToDict(request, preserving_proto_field_name=True) if self.scope.targets else {}
                await self.scopes.check(self.rpc, principal, values, context.time_remaining())
        except errors.PermissionDenied as error:
            if (pending := self.pending_audit(principal, request)) is not None:
                await self.audit(pending, error)
            raise
        return principal

    async def created(self, principal: Principal | None, answer) -> None:
        """The organizer who created a club or a competition owns it (the answer's ``id``)."""
        kind = self.scope.creates if self.scope is not None else None
        if kind is not None and principal is not None:
            await asyncio.to_thread(self.scopes.record_owner, kind, getattr(answer, "id", ""), principal)

    def pending_audit(self, principal: Principal | None, request) -> PendingAudit | None:
        """The audit entry of an organizer's or judge's action, kept for it (None: not audited)."""
        if not matrix.audited(self.access, principal) or principal is None:
            return None
        try:
            fields = MessageToDict(request, preserving_proto_field_name=True)
        except Exception:  # noqa: BLE001 - a summary must never fail the call
            fields = {}
        return PendingAudit(principal, self.rpc, matrix.audit_summary(fields), matrix.audit_reason(fields))

    @contextlib.asynccontextmanager
    async def serving(self, request, context) -> AsyncIterator[Principal | None]:
        """Admits the call, checks the text of an audited action (a control character anywhere is
        INVALID_ARGUMENT before it runs), hands the handler the principal while it runs, then audits
        its outcome — an identity action has stored its entry in its own transaction already."""
        principal = await self.admit(request, context)
        pending = self.pending_audit(principal, request)
        token = _principal.set(principal)
        failure: BaseException | None = None
        try:
            if pending is not None:
                matrix.check_text_fields(MessageToDict(request, preserving_proto_field_name=True))
                await self.write_ahead(pending)
            with auditing(pending):
                yield principal
        except BaseException as error:
            failure = error
            raise
        finally:
            _principal.reset(token)
            if pending is not None and not (pending.stored and failure is None):
                await self.audit(pending, failure)

    async def write_ahead(self, pending: PendingAudit) -> None:
        """An action's audit entry is stored before the action runs (outcome ``STARTED``, set when it
        ends): no action without its entry. A log that cannot be written refuses the action, retryable."""
        try:
            pending.entry_id = await asyncio.to_thread(
                self.identity.record_audit, pending.principal, self.rpc, pending.summary, pending.reason, STARTED
            )
        except Exception as error:  # noqa: BLE001 - nothing was done: the caller retries
            log.error("audit entry not stored; action refused", exc_info=True, extra={"grpc_method": self.rpc})
            raise errors.Unavailable.because("AUDIT_LOG_UNAVAILABLE") from error

    async def audit(self, pending: PendingAudit, error: BaseException | None) -> None:
        principal = pending.principal
        try:
            if pending.entry_id is not None:
                await asyncio.to_thread(self.identity.finish_audit, pending.entry_id, outcome_of(error))
            else:
                await asyncio.to_thread(
                    self.identity.record_audit, principal, self.rpc, pending.summary, pending.reason, outcome_of(error)
                )
        except Exception:  # noqa: BLE001 - the action is done; its entry stays STARTED and this is logged
            log.error(
                "audit entry not stored",
                exc_info=True,
                extra={"grpc_method": self.rpc, "account_id": principal.account_id, "outcome": outcome_of(error)},
            )


def guard_method(rpc: str, method: Callable, identity: IdentityService, scopes: ScopeService) -> Callable:
    """``method`` (a unary coroutine or a server-streaming async generator) behind the guard of ``rpc``."""
    guard = Guard(rpc, identity, scopes)

    if inspect.isasyncgenfunction(method):

        async def stream(request, context):
            async with guard.serving(request, context):
                async for response in method(request, context):
                    yield response

        stream.__name__ = rpc
        return stream

    async def unary(request, context):
        async with guard.serving(request, context) as principal:
            answer = await method(request, context)
            await guard.created(principal, answer)
            return answer

    unary.__name__ = rpc
    return unary


class GuardedServicer:
    """A servicer whose every RPC of ``descriptor`` passes the guard (attributes named after the RPCs)."""

    def __init__(self, servicer: Any, descriptor: ServiceDescriptor, identity: IdentityService, scopes: ScopeService):
        missing = [m.name for m in descriptor.methods if m.name not in matrix.MATRIX]
        if missing:
            raise ValueError(f"RPCs without an entry in the authorization matrix (gateway/domain/access.py): {missing}")
        unruled = [m.name for m in descriptor.methods if scoping.scope_for(m.name) is scoping.NO_RULE]
        if unruled:
            raise ValueError(f"organizer RPCs without a scoping rule (gateway/domain/scopes.py): {unruled}")
        self.inner = servicer
        for method in descriptor.methods:
            setattr(self, method.name, guard_method(method.name, getattr(servicer, method.name), identity, scopes))


def guarded(servicer: Any, descriptor: ServiceDescriptor, identity: IdentityService, scopes: ScopeService) -> GuardedServicer:
    return GuardedServicer(servicer, descriptor, identity, scopes)
