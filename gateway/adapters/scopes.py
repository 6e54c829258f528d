"""Loads and stores who holds a club or a competition (``resource_access``; docs/rules.md
access.organizers.scoped): its owner and the organizers granted access. Nothing is deleted: a revoked
grant keeps its row with ``revoked_at`` set, and granting again clears it."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, col, select

from gateway.adapters.tables import ResourceAccessRow
from gateway.domain.scopes import AccessGrant, Holders


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _grant(row: ResourceAccessRow) -> AccessGrant:
    granted_at = _utc(row.granted_at)
    assert granted_at is not None
    return AccessGrant(row.kind, row.resource_id, row.account_id, row.owner, row.granted_by, granted_at, _utc(row.revoked_at))


class ScopeRepository:
    def __init__(self, session: Session):
        self.session = session

    def _row(self, kind: str, resource_id: str, account_id: str) -> ResourceAccessRow | None:
        return self.session.exec(
            select(ResourceAccessRow).where(
                ResourceAccessRow.kind == kind,
                ResourceAccessRow.resource_id == resource_id,
                ResourceAccessRow.account_id == account_id,
            )
        ).first()

    def holders(self, kind: str, resource_id: str) -> Holders:
        rows = self.session.exec(
            select(ResourceAccessRow).where(
                ResourceAccessRow.kind == kind,
                ResourceAccessRow.resource_id == resource_id,
                col(ResourceAccessRow.revoked_at).is_(None),
            )
        ).all()
        owner = next((r.account_id for r in rows if r.owner), None)
        return Holders(owner, frozenset(r.account_id for r in rows if not r.owner))

    def held(self, kind: str, account_id: str) -> frozenset[str]:
        """The resources of ``kind`` the account owns or was granted (not revoked)."""
        rows = self.session.exec(
            select(ResourceAccessRow.resource_id).where(
                ResourceAccessRow.kind == kind,
                ResourceAccessRow.account_id == account_id,
                col(ResourceAccessRow.revoked_at).is_(None),
            )
        ).all()
        return frozenset(rows)

    def add_owner(self, kind: str, resource_id: str, account_id: str, at: datetime) -> bool:
        """The creator becomes the owner, unless the resource has one already (a retried create): whether
        this call recorded it."""
        if self.holders(kind, resource_id).owner is not None:
            return False
        row = self._row(kind, resource_id, account_id)
        if row is None:
            row = ResourceAccessRow(
                kind=kind, resource_id=resource_id, account_id=account_id, granted_by=account_id, granted_at=at
            )
        row.owner, row.revoked_at, row.revoked_by = True, None, None
        self.session.add(row)
        return True

    def grant(self, kind: str, resource_id: str, account_id: str, by: str, at: datetime) -> AccessGrant:
        """The organizer may act on the resource (granting twice changes nothing; after a revocation it
        is granted again)."""
        row = self._row(kind, resource_id, account_id)
        if row is None:
            row = ResourceAccessRow(kind=kind, resource_id=resource_id, account_id=account_id, granted_by=by, granted_at=at)
        elif row.revoked_at is not None:
            row.granted_by, row.granted_at, row.revoked_at, row.revoked_by = by, at, None, None
        self.session.add(row)
        self.session.flush()
        return _grant(row)

    def revoke(self, kind: str, resource_id: str, account_id: str, by: str, at: datetime) -> AccessGrant | None:
        """The grant ends (an owner's row is never revoked); None when there was no grant."""
        row = self._row(kind, resource_id, account_id)
        if row is None or row.owner:
            return None
        if row.revoked_at is None:
            row.revoked_at, row.revoked_by = at, by
            self.session.add(row)
            self.session.flush()
        return _grant(row)
