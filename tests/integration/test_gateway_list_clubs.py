"""ListClubs over real gRPC (docs/rules.md access.organizers.scoped): an organizer lists the clubs they own
or were granted, never another's; a judge those of the organizer who made the account; the gateway's
owner every club; a grant shows the club, its revocation hides it again; a player may not list clubs."""

from __future__ import annotations

import grpc
import pytest

from rondo.gateway.v1 import identity_pb2, scheduling_pb2
from rondo_app.registry import NAMES
from tests.faults.conftest import InProcessServer
from tests.integration.test_gateway_organizer_scopes import Club

pytestmark = [pytest.mark.integration, pytest.mark.rule("access.organizers.scoped")]
TIMEOUT = 30


@pytest.fixture(scope="module")
def gateway(tmp_path_factory):
    server = InProcessServer(list(NAMES), tmp_path_factory.mktemp("list-clubs"))
    yield server
    server.close()


def names(stub, page_size: int = 0) -> list[str]:
    listed: list[str] = []
    token = ""
    while True:
        page = stub.ListClubs(scheduling_pb2.ListClubsRequest(page_size=page_size, page_token=token), timeout=TIMEOUT)
        listed.extend(c.name for c in page.clubs)
        token = page.next_page_token
        if not token:
            return listed


def test_an_organizer_lists_only_the_clubs_he_owns_or_was_granted(gateway):
    assert gateway.accounts is not None
    owner = gateway.accounts.stub(gateway.accounts.organizer_token)
    alice, bob = Club(gateway, "Alice"), Club(gateway, "Bob")
    second = alice.stub.CreateClub(
        scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Alice's annex")), timeout=TIMEOUT
    )

    assert names(alice.stub) == ["Alice's annex", "Alice's club"]
    assert names(alice.stub, page_size=1) == ["Alice's annex", "Alice's club"]  # paged, in the same order
    assert names(bob.stub) == ["Bob's club"]
    assert names(alice.judge) == ["Alice's annex", "Alice's club"]  # a judge: the clubs of its organizer
    assert names(bob.judge) == ["Bob's club"]
    everything = names(owner)
    assert {"Alice's club", "Alice's annex", "Bob's club"} <= set(everything) and everything == sorted(
        everything, key=str.casefold
    )

    alice.stub.GrantAccess(identity_pb2.GrantAccessRequest(club_id=second.id, account_id=bob.account_id), timeout=TIMEOUT)
    assert names(bob.stub) == ["Alice's annex", "Bob's club"]
    assert names(bob.judge) == ["Alice's annex", "Bob's club"]
    alice.stub.RevokeAccess(identity_pb2.RevokeAccessRequest(club_id=second.id, account_id=bob.account_id), timeout=TIMEOUT)
    assert names(bob.stub) == ["Bob's club"]

    assert gateway.accounts is not None
    _, player_token = gateway.accounts.account(identity_pb2.ROLE_PLAYER, "Clubless player")
    with pytest.raises(grpc.RpcError) as caught:
        gateway.accounts.stub(player_token).ListClubs(scheduling_pb2.ListClubsRequest(), timeout=TIMEOUT)
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED
