"""Organizers scoped to their clubs and competitions (gateway/domain/scopes.py): the table complete for
every RPC organizers may call, its fields real, every field that addresses a club or a competition
scoped, and the decisions as documented. Pure: no server."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from google.protobuf.descriptor import Descriptor

from gateway.domain import scopes
from gateway.domain.access import MATRIX
from gateway.domain.identity import Account, Principal, Role
from gateway.domain.scopes import SCOPES, Holders, Kind, check_account, check_new_account_role, check_resource, scope_for
from rondo.gateway.v1 import gateway_pb2
from rondo_runtime.errors import PermissionDenied
from rondo_runtime.match_key import competition_of

pytestmark = [pytest.mark.domain, pytest.mark.rule("access.organizers.scoped")]

SERVICE = gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"]
NOW = datetime(2026, 3, 1, tzinfo=UTC)
#: request fields that address something an organizer could own (a club, a competition, inside one, an account)
ADDRESSING = {"competition_id", "club_id", "match_key", "mediation_id", "account_id", "club.id", "reminder_schedule.club_id"}
#: ...and the few that are deliberately not checked, with why
NOT_SCOPED = {
    ("LinkPlayer", "account_id"): "a player account plays in many clubs: the competition is scoped",
    ("GrantAccess", "account_id"): "the grantee: any organizer of the gateway",
    ("RevokeAccess", "account_id"): "the grantee: any organizer of the gateway",
}


def principal(account_id: str, role: Role = Role.ORGANIZER) -> Principal:
    return Principal(account_id, account_id.title(), role, (), "jti", NOW)


def account(account_id: str, role: Role, created_by: str) -> Account:
    return Account(account_id, account_id.title(), role, NOW, created_by)


def paths(message: Descriptor, prefix: str = "") -> set[str]:
    out = set()
    for field in message.fields:
        out.add(prefix + field.name)
        if field.message_type is not None and not field.message_type.full_name.startswith("google.") and not prefix:
            out |= paths(field.message_type, f"{field.name}.")
    return out


def test_every_rpc_organizers_may_call_has_a_scoping_rule_and_no_rule_is_stale():
    rpcs = {m.name for m in SERVICE.methods}
    missing = sorted(r for r in rpcs if scopes.needs_rule(MATRIX[r]) and r not in SCOPES)
    assert missing == [], f"organizer RPCs without a scoping rule in gateway/domain/scopes.py: {missing}"
    assert sorted(set(SCOPES) - rpcs) == []
    for rpc, rule in SCOPES.items():
        assert rule.targets or rule.creates or rule.unscoped, f"{rpc}: a rule must scope, create, or say why it does not"
        assert not (rule.targets and rule.unscoped), rpc
    # deny by default: an organizer RPC without a rule is refused (the service raises refuse_unruled)
    assert scope_for("GetStandings") is None  # a read open to everyone: nothing to scope
    assert scope_for("NoSuchRpc") is None  # not in the matrix: the matrix refuses it to everyone


def test_every_field_a_rule_names_is_a_string_field_of_the_rpcs_request():
    for method in SERVICE.methods:
        rule = SCOPES.get(method.name)
        for target in rule.targets if rule else ():
            message, *rest = target.field.split(".")
            field = method.input_type.fields_by_name.get(message)
            assert field is not None, f"{method.name}: {target.field} is not a field of {method.input_type.name}"
            for part in rest:
                field = field.message_type.fields_by_name.get(part)
                assert field is not None, f"{method.name}: {target.field}"
            assert field.type in (field.TYPE_STRING, field.TYPE_ENUM) and not field.is_repeated, (method.name, target.field)


def test_every_field_that_addresses_a_club_a_competition_or_an_account_is_scoped():
    """A new field naming a club or a competition on an organizer RPC fails here until the rule names it."""
    for method in SERVICE.methods:
        rule = SCOPES.get(method.name)
        if rule is None or rule.unscoped or rule.creates:  # a create's ids are output only
            continue
        named = {t.field for t in rule.targets}
        for path in sorted(paths(method.input_type) & ADDRESSING):
            assert path in named or (method.name, path) in NOT_SCOPED, (
                f"{method.name}.{path} addresses something but is not scoped"
            )


def test_an_organizer_acts_on_what_he_owns_or_was_granted_and_the_gateway_owner_on_everything():
    alice, bob, root = principal("alice"), principal("bob"), principal("root")
    hers = Holders("alice", frozenset({"carol"}))
    check_resource("UpdateClub", alice, Kind.CLUB, "c1", hers, "root", owner_only=False)
    check_resource("UpdateClub", principal("carol"), Kind.CLUB, "c1", hers, "root", owner_only=False)
    check_resource("GrantAccess", root, Kind.CLUB, "c1", hers, "root", owner_only=True)
    check_resource("UpdateClub", root, Kind.CLUB, "legacy", Holders(None), "root", owner_only=False)
    with pytest.raises(PermissionDenied, match=r"UpdateClub: club 'c1' is not yours.*granted access to may act on it"):
        check_resource("UpdateClub", bob, Kind.CLUB, "c1", hers, "root", owner_only=False)
    with pytest.raises(PermissionDenied, match="only the owner"):  # a grantee does not grant further
        check_resource("GrantAccess", principal("carol"), Kind.CLUB, "c1", hers, "root", owner_only=True)
    with pytest.raises(PermissionDenied, match="not yours"):  # no recorded owner: the gateway's owner only
        check_resource("UpdateClub", alice, Kind.CLUB, "legacy", Holders(None), "root", owner_only=False)


def test_an_organizer_manages_his_own_account_and_those_he_created_and_only_the_owner_manages_organizers():
    alice = principal("alice")
    check_account("ResetPassword", alice, account("judge", Role.JUDGE, "alice"), "root")
    check_account("RevokeToken", alice, account("alice", Role.ORGANIZER, "root"), "root")  # her own
    check_account("DisableAccount", principal("root"), account("alice", Role.ORGANIZER, "root"), "root")
    with pytest.raises(PermissionDenied, match="created by another organizer"):
        check_account("ResetPassword", alice, account("judge", Role.JUDGE, "bob"), "root")
    with pytest.raises(PermissionDenied, match="another organizer's"):
        check_account("DisableAccount", alice, account("bob", Role.ORGANIZER, "root"), "root")
    with pytest.raises(PermissionDenied, match="another organizer's"):  # even one she made while she could
        check_account("DisableAccount", alice, account("deputy", Role.ORGANIZER, "alice"), "root")
    with pytest.raises(PermissionDenied, match="gateway's owner"):
        check_account("DisableAccount", alice, account("root", Role.ORGANIZER, "command line"), "root")
    check_new_account_role("CreateAccount", alice, "ROLE_JUDGE", "root")
    check_new_account_role("CreateAccount", principal("root"), "ROLE_ORGANIZER", "root")
    with pytest.raises(PermissionDenied, match="makes organizer accounts"):
        check_new_account_role("CreateAccount", alice, "ROLE_ORGANIZER", "root")


def test_a_match_key_is_inside_its_competition_and_values_are_read_by_dotted_path():
    assert competition_of("comp-1/1/2/3") == "comp-1"
    assert scopes.value_at({"club": {"id": " c1 "}}, "club.id") == "c1"
    assert scopes.value_at({"club": "x"}, "club.id") == ""
    assert scopes.value_at({}, "competition_id") == ""
