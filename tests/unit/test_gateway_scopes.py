"""The scoping use cases on the fakes (gateway/scope_service.py; docs/rules.md access.organizers.scoped):
a mediation is scoped by its competition (which booking says), an organizer RPC without a rule is
refused, other roles pass, and a create through the guard makes its caller the owner."""

from __future__ import annotations

import asyncio
from typing import cast

import pytest

from gateway.adapters.scopes import ScopeRepository
from gateway.domain import scopes as scoping
from gateway.domain.identity import Principal, Role
from gateway.domain.scopes import Holders, Kind
from gateway.scope_service import ScopeService
from rondo.gateway.v1 import competitions_pb2, identity_pb2
from rondo_runtime.errors import PermissionDenied
from rondo_runtime.transactions import UnitOfWork
from tests.unit.fakes import FakeScopeRepository, FakeUnitOfWork
from tests.unit.gateway_fakes import GuardedGateway, identity_on_fakes

pytestmark = [pytest.mark.unit, pytest.mark.rule("access.organizers.scoped")]


def setup(mediations: dict[str, str] | None = None):
    identity, _ = identity_on_fakes()
    root = identity.create_first_organizer("Root").account
    asked: list[str] = []

    async def mediation_competition(mediation_id: str, timeout_s: float | None) -> str:
        asked.append(mediation_id)
        return (mediations or {})[mediation_id]

    uow = cast("UnitOfWork[ScopeRepository]", FakeUnitOfWork(FakeScopeRepository()))
    service = ScopeService(uow, identity, mediation_competition=mediation_competition)
    alice = identity.create_account(Principal(root.id, root.name, root.role), "Alice", Role.ORGANIZER).account
    bob = identity.create_account(Principal(root.id, root.name, root.role), "Bob", Role.ORGANIZER).account
    return service, Principal(alice.id, alice.name, Role.ORGANIZER), Principal(bob.id, bob.name, Role.ORGANIZER), asked


def test_a_mediation_is_scoped_by_the_competition_booking_says_it_is_in():
    service, alice, bob, asked = setup({"m1": "comp-1"})
    service.record_owner(Kind.COMPETITION, "comp-1", alice)
    asyncio.run(service.check("DecideMediation", alice, {"mediation_id": "m1"}, None))
    with pytest.raises(PermissionDenied, match="comp-1"):
        asyncio.run(service.check("RecordMediatedGame", bob, {"mediation_id": "m1"}, None))
    assert asked == ["m1", "m1"]
    judge = Principal("j1", "Judge", Role.JUDGE)
    asyncio.run(service.check("DecideMediation", judge, {"mediation_id": "m1"}, None))  # made by nobody it knows: unscoped
    assert asked == ["m1", "m1"]


def test_an_organizer_rpc_without_a_rule_is_refused(monkeypatch):
    service, alice, _, _ = setup()
    monkeypatch.delitem(scoping.SCOPES, "WithdrawPlayer")
    with pytest.raises(PermissionDenied, match="no scoping rule"):
        asyncio.run(service.check("WithdrawPlayer", alice, {"competition_id": "comp-1"}, None))


def test_a_create_through_the_guard_makes_the_caller_its_owner():
    gateway = GuardedGateway()
    try:
        made = gateway(
            "CreateAccount",
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Alice", role=identity_pb2.ROLE_ORGANIZER)),
        )
        token = gateway.login("Alice", made.password)
        created = gateway(
            "CreateCompetition",
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name="Alice's league", ruleset="discard-league-2026")
            ),
            token=token,
        )
        assert gateway.scopes.holders(Kind.COMPETITION, created.id) == Holders(made.account.id)
    finally:
        gateway.close()


def test_the_gateway_refuses_to_start_with_an_organizer_rpc_without_a_scoping_rule(monkeypatch):
    monkeypatch.delitem(scoping.SCOPES, "RotateCalendarToken")
    with pytest.raises(ValueError, match="RotateCalendarToken"):
        GuardedGateway()
