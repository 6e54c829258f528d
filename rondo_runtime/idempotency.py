"""Idempotency keys, scoped to the caller and the method and bound to a fingerprint of the request
(Stripe's model; docs/architecture.md "Idempotency").

The pure part, shared by every service; each service stores its records in its own
``idempotency_keys`` table (``<service>/adapters``):

* :func:`scope` — the key's identity: ``sha256(caller, method, key)`` as 64 hex digits. Two callers,
  or two methods, using one key never meet. The gateway's caller is the authenticated account (:func:`caller_of`)
  and sends the scope downstream *as the key* (:func:`scoped_key`), so what league stores is scoped
  too, and a direct internal retry with that key is just as safe.
* :func:`fingerprint` — ``sha256`` of the deterministically serialized request with its key cleared
  (a protobuf message, or the plain values a use case was called with).
* :func:`replay` — the same scope with the same fingerprint answers the first answer (the record);
  the same scope with another fingerprint is :func:`key_reused`, INVALID_ARGUMENT on
  ``idempotency_key`` — never the old result.

No I/O here: no SQL, no gRPC.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from google.protobuf.message import Message

from rondo_runtime.errors import InvalidArgument
from rondo_runtime.text import clean_key

FIELD = "idempotency_key"
SCOPE_LENGTH = 64  # hex digits of a sha256: a scope fits every key column (MAX_KEY_LENGTH = 128)
REUSED_MESSAGE = "this key was already used for a different request; use a new key"
ANONYMOUS = "anonymous"
_VERSION = "rondo-idempotency/v1"


@dataclass(frozen=True)
class IdempotencyRecord:
    """What a service remembers about a key: the first request's fingerprint and its answer (the id of
    the resource it made, and/or the serialized response)."""

    scope: str
    fingerprint: str
    resource_id: str | None
    response: bytes | None
    created_at: datetime

    @classmethod
    def from_row(cls, row: _KeyRow) -> IdempotencyRecord:
        """From a service's ``idempotency_keys`` row (each service owns its table; the columns are
        these five). A naive ``created_at`` (SQLite) is UTC."""
        created = row.created_at if row.created_at.tzinfo is not None else row.created_at.replace(tzinfo=UTC)
        return cls(row.scope, row.fingerprint, row.resource_id, row.response, created)

    def row_values(self) -> dict[str, Any]:
        """The column values of its ``idempotency_keys`` row."""
        return dataclasses.asdict(self)


class _KeyRow(Protocol):
    scope: str
    fingerprint: str
    resource_id: str | None
    response: bytes | None
    created_at: datetime


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def scope(method: str, key: str, caller: str = "") -> str:
    """The identity of ``key`` sent by ``caller`` to ``method``: 64 hex digits. ``caller`` is empty inside
    the system (league, booking): their keys arrive already scoped by the gateway."""
    return _sha256(json.dumps([_VERSION, caller, method, key], ensure_ascii=True).encode())


def scoped_key(raw_key: object, method: str, caller: str) -> str:
    """The key the gateway sends downstream for a client's ``raw_key`` ("" when it sent none): the key is
    checked first (INVALID_ARGUMENT on ``idempotency_key``), then scoped to the caller and method."""
    key = clean_key(raw_key, FIELD)
    return scope(method, key, caller) if key else ""


def _json_default(value: object) -> object:
    """JSON for what ``json`` does not know, the same for equal inputs: dataclasses are dicts, enums
    their values, protobuf messages their deterministic bytes (hex), sets sorted lists."""
    if isinstance(value, Message):
        return _message_bytes(value).hex()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).hex()
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    raise TypeError(f"cannot fingerprint a {type(value).__name__}")


def _message_bytes(message: Message) -> bytes:
    if any(f.name == FIELD for f in message.DESCRIPTOR.fields):
        copy = type(message)()
        copy.CopyFrom(message)
        copy.ClearField(FIELD)
        message = copy
    return message.DESCRIPTOR.full_name.encode() + b"\0" + message.SerializeToString(deterministic=True)


def fingerprint(request: Message | Mapping[str, object]) -> str:
    """``sha256`` of the request, deterministically serialized, with its ``idempotency_key`` cleared: a
    protobuf message, or a mapping of the values a use case was called with (without the key)."""
    if isinstance(request, Message):
        return _sha256(_message_bytes(request))
    text = json.dumps(
        {k: v for k, v in request.items() if k != FIELD},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=_json_default,
    )
    return _sha256(text.encode("utf-8", "surrogatepass"))


def key_reused() -> InvalidArgument:
    return InvalidArgument.at(FIELD, "IDEMPOTENCY_KEY_REUSED")


def replay(record: IdempotencyRecord | None, request_fingerprint: str) -> IdempotencyRecord | None:
    """The first answer to give again (``record``), None when the key is new; raises :func:`key_reused`
    when the key was used for a different request."""
    if record is None:
        return None
    if record.fingerprint != request_fingerprint:
        raise key_reused()
    return record


@dataclass(frozen=True)
class RequestKey:
    """A request's key as a service stores it: the scope and the request's fingerprint."""

    scope: str
    fingerprint: str


class KeyStore(Protocol):
    """What a service's repository offers for keys (its ``idempotency_keys`` table)."""

    def idempotency_record(self, scope: str) -> IdempotencyRecord | None: ...

    def add_idempotency_record(self, record: IdempotencyRecord) -> None: ...


def request_key(method: str, key: str | None, request: Message | Mapping[str, object], caller: str = "") -> RequestKey | None:
    """The :class:`RequestKey` of a request to ``method`` carrying the (already cleaned) ``key``; None
    without a key."""
    if not key:
        return None
    return RequestKey(scope(method, key, caller), fingerprint(request))


def first_answer(store: KeyStore, key: RequestKey | None) -> IdempotencyRecord | None:
    """Inside the use case's transaction, before any work: the record of the first request with this key
    (give its answer again), None when there is no key or it is new; :func:`key_reused` when the key was
    used for a different request."""
    if key is None:
        return None
    return replay(store.idempotency_record(key.scope), key.fingerprint)


def remember(
    store: KeyStore, key: RequestKey | None, at: datetime, resource_id: str | None = None, response: bytes | None = None
) -> None:
    """In the same transaction as the work: the answer to give a retry. A concurrent twin of the request
    loses on the scope's unique constraint, is retried by the unit of work and finds this record."""
    if key is not None:
        store.add_idempotency_record(IdempotencyRecord(key.scope, key.fingerprint, resource_id, response, at))


def caller_of(account_id: str | None) -> str:
    """Who is calling, for scoping keys: the authenticated account the gateway's guard found
    (``gateway/guard.py``), else ``"anonymous"`` (a call that needs no token). Never what a client
    says about itself."""
    return f"account:{account_id}" if account_id else ANONYMOUS


class IdempotencyRecords:
    """A repository's two idempotency methods, for the service's own ``idempotency_keys`` table
    (``_key_row``: its SQLModel class) in the repository's ``session``. Written in the transaction
    that makes the resource: a concurrent twin loses on the primary key and is retried by the unit of
    work, which then finds this record."""

    session: Any
    _key_row: Any

    def idempotency_record(self, scope: str) -> IdempotencyRecord | None:
        row = self.session.get(self._key_row, scope)
        return None if row is None else IdempotencyRecord.from_row(row)

    def add_idempotency_record(self, record: IdempotencyRecord) -> None:
        self.session.add(self._key_row(**record.row_values()))
