"""Who holds a club or a competition on SQLite and PostgreSQL (gateway/adapters/scopes.py, migration
0005): the creator owns it once (a retried create changes nothing), grants are kept, revoked and granted
again without ever deleting a row, and the guard's check reads them (docs/rules.md
access.organizers.scoped)."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text

from gateway.adapters.scopes import ScopeRepository
from gateway.app import make_identity
from gateway.domain.identity import Principal, Role
from gateway.domain.scopes import Holders, Kind
from gateway.scope_service import ScopeService
from gateway.service import MIGRATIONS
from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound, PermissionDenied
from rondo_runtime.transactions import SqlUnitOfWork
from tests.unit.fakes import FakeScopeRepository, public_methods

pytestmark = [pytest.mark.integration, pytest.mark.rule("access.organizers.scoped")]


@pytest.fixture
def engine(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield engine
    engine.dispose()


def as_principal(account) -> Principal:
    return Principal(account.id, account.name, account.role)


def test_the_fake_scope_repository_has_every_method_of_the_real_one():
    assert public_methods(ScopeRepository) <= public_methods(FakeScopeRepository)


def test_owners_and_grants_are_stored_revoked_and_granted_again_and_the_check_reads_them(engine):
    identity = make_identity(engine, Settings())
    root = as_principal(identity.create_first_organizer("Root").account)
    scopes = ScopeService(SqlUnitOfWork(engine, ScopeRepository), identity)
    alice = as_principal(identity.create_account(root, "Alice", Role.ORGANIZER).account)
    bob = as_principal(identity.create_account(root, "Bob", Role.ORGANIZER).account)
    judge = identity.create_account(alice, "Judge", Role.JUDGE).account
    assert scopes.gateway_owner() == root.account_id

    assert scopes.record_owner(Kind.COMPETITION, "comp-1", alice)
    assert not scopes.record_owner(Kind.COMPETITION, "comp-1", alice)  # a retried create
    assert not scopes.record_owner(Kind.COMPETITION, "comp-1", bob)  # never a second owner
    assert scopes.holders(Kind.COMPETITION, "comp-1") == Holders(alice.account_id)
    assert scopes.holders(Kind.CLUB, "comp-1") == Holders(None)  # kinds apart

    def check(who: Principal, rpc: str, values: dict) -> None:
        asyncio.run(scopes.check(rpc, who, values, None))

    check(alice, "WithdrawPlayer", {"competition_id": "comp-1"})
    check(alice, "AssignMeeting", {"match_key": "comp-1/1/1/1"})
    check(root, "WithdrawPlayer", {"competition_id": "comp-1"})
    with pytest.raises(PermissionDenied, match="comp-1"):
        check(bob, "WithdrawPlayer", {"competition_id": "comp-1"})
    with pytest.raises(PermissionDenied, match="comp-1"):
        check(bob, "CancelMeeting", {"match_key": "comp-1/1/1/1"})
    with pytest.raises(PermissionDenied, match="created by another organizer"):
        check(bob, "ResetPassword", {"account_id": judge.id})
    check(alice, "ResetPassword", {"account_id": judge.id})

    grant = scopes.grant(alice, "", "comp-1", bob.account_id)
    assert (grant.kind, grant.resource_id, grant.account_id, grant.owner, grant.granted_by) == (
        "competition",
        "comp-1",
        bob.account_id,
        False,
        alice.account_id,
    )
    assert scopes.grant(alice, "", "comp-1", bob.account_id).granted_at == grant.granted_at  # twice: no change
    check(bob, "WithdrawPlayer", {"competition_id": "comp-1"})
    with pytest.raises(PermissionDenied, match="only the owner"):
        check(bob, "GrantAccess", {"competition_id": "comp-1"})
    assert scopes.revoke(alice, "", "comp-1", bob.account_id).revoked_at is not None
    with pytest.raises(PermissionDenied):
        check(bob, "WithdrawPlayer", {"competition_id": "comp-1"})
    assert scopes.grant(alice, "", "comp-1", bob.account_id).revoked_at is None  # granted again: the same row
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT kind, resource_id, owner FROM resource_access ORDER BY id")).all()
    assert [(r[0], r[1], bool(r[2])) for r in rows] == [("competition", "comp-1", True), ("competition", "comp-1", False)]

    with pytest.raises(NotFound):
        scopes.revoke(alice, "club-9", "", bob.account_id)
    with pytest.raises(NotFound):
        scopes.revoke(alice, "", "comp-1", alice.account_id)  # the owner's row is never revoked
    with pytest.raises(FailedPrecondition, match="judge"):
        scopes.grant(alice, "", "comp-1", judge.id)
    with pytest.raises(FailedPrecondition, match="owns"):
        scopes.grant(root, "", "comp-1", alice.account_id)
    with pytest.raises(InvalidArgument) as both:
        scopes.grant(alice, "club-1", "comp-1", bob.account_id)
    assert both.value.violations[0].field == "club_id"
