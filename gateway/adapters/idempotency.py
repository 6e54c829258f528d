"""The gateway's idempotency keys (its ``idempotency_keys`` table; ``rondo_runtime.idempotency``).

A gateway use case that orchestrates several calls (``DrawCompetition``: read, solve, save) cannot do
its work and remember its key in one transaction, so a key goes through three steps:

* :meth:`GatewayKeys.claim` — the first request with a scope inserts it, *in progress*; a later one
  gets the stored answer (same fingerprint), INVALID_ARGUMENT (another fingerprint), or "busy" while
  the first is still running. A claim older than :data:`LEASE_SECONDS` (its holder died) is taken over.
* :meth:`GatewayKeys.complete` — the answer, once the work succeeded.
* :meth:`GatewayKeys.release` — the work failed or made nothing: the key is free for a retry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, delete
from sqlmodel import Session, col

from gateway.adapters.tables import IdempotencyKeyRow
from rondo_runtime import idempotency, unit_of_work
from rondo_runtime.idempotency import IdempotencyRecord, RequestKey

#: How long a claim in progress holds its key: far longer than any draw can take (the solver's budget
#: is at most 600 s), so only a claim whose gateway died is ever taken over.
LEASE_SECONDS = 900.0


def _utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


@dataclass(frozen=True)
class Claim:
    """The outcome of :meth:`GatewayKeys.claim`: ``record`` set = answer it again; ``busy`` = the first
    request is still running; neither = this request does the work."""

    record: IdempotencyRecord | None = None
    busy: bool = False


class GatewayKeys:
    def __init__(self, engine: Engine, lease_seconds: float = LEASE_SECONDS):
        self.engine = engine
        self.lease = timedelta(seconds=lease_seconds)

    def claim(self, key: RequestKey, now: datetime | None = None) -> Claim:
        now = now or datetime.now(UTC)

        def work(session: Session) -> Claim:
            row = session.get(IdempotencyKeyRow, key.scope)
            if row is None:
                session.add(IdempotencyKeyRow(scope=key.scope, fingerprint=key.fingerprint, created_at=now))
                return Claim()
            if row.fingerprint != key.fingerprint:
                raise idempotency.key_reused()
            if row.completed_at is not None:
                return Claim(
                    record=IdempotencyRecord(row.scope, row.fingerprint, row.resource_id, row.response, _utc(row.created_at))
                )
            if now - _utc(row.created_at) > self.lease:
                row.created_at = now  # its holder is gone: this request takes the key over
                session.add(row)
                return Claim()
            return Claim(busy=True)

        return unit_of_work.write(self.engine, work)

    def complete(self, key: RequestKey, resource_id: str | None, response: bytes, now: datetime | None = None) -> None:
        def work(session: Session) -> None:
            row = session.get(IdempotencyKeyRow, key.scope)
            if row is None:  # released meanwhile (cannot happen while we hold it): remember it anyway
                row = IdempotencyKeyRow(scope=key.scope, fingerprint=key.fingerprint, created_at=now or datetime.now(UTC))
            row.resource_id, row.response = resource_id, response
            row.completed_at = now or datetime.now(UTC)
            session.add(row)

        unit_of_work.write(self.engine, work)

    def release(self, key: RequestKey) -> None:
        """Forget a claim still in progress (never a completed one)."""
        unit_of_work.write(
            self.engine,
            lambda session: session.execute(
                delete(IdempotencyKeyRow).where(
                    col(IdempotencyKeyRow.scope) == key.scope, col(IdempotencyKeyRow.completed_at).is_(None)
                )
            ),
        )
