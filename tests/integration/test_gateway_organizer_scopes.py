"""Two clubs sharing one gateway (docs/rules.md access.organizers.scoped), over real gRPC on 127.0.0.1
(the whole system in one process, as `rondo up` runs it): the gateway's owner (its first organizer, made
from the command line) makes two organizers, Alice and Bob; each creates a club and a competition. Bob
cannot touch Alice's club, competition or accounts, nor reach them through a judge he made, nor disable
the owner, and every refusal is
PERMISSION_DENIED with a message naming what is not his, changes nothing, and is audited. Once Alice
grants Bob her competition he acts on it (and on nothing else of hers); once she revokes it he cannot."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import grpc
import pytest
from google.protobuf.field_mask_pb2 import FieldMask
from google.protobuf.timestamp_pb2 import Timestamp

from rondo.gateway.v1 import calendar_pb2, competitions_pb2, draws_pb2, identity_pb2, results_pb2, scheduling_pb2
from rondo_app.registry import NAMES
from tests.faults.conftest import InProcessServer

pytestmark = [pytest.mark.integration, pytest.mark.rule("access.organizers.scoped")]
TIMEOUT = 30


def ts(hours: int) -> Timestamp:
    out = Timestamp()
    out.FromDatetime((datetime.now(UTC) + timedelta(days=3)).replace(minute=0, second=0, microsecond=0) + timedelta(hours=hours))
    return out


class Club:
    """What one organizer made: a club with a room and a booking, a competition with players, a judge."""

    def __init__(self, server: InProcessServer, name: str):
        assert server.accounts is not None
        self.account_id, token = server.accounts.account(identity_pb2.ROLE_ORGANIZER, name)
        self.stub = server.accounts.stub(token)
        self.club = self.stub.CreateClub(
            scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name=f"{name}'s club")), timeout=TIMEOUT
        )
        self.room = self.stub.CreateRoom(
            scheduling_pb2.CreateRoomRequest(club_id=self.club.id, room=scheduling_pb2.Room(name="Room 1")), timeout=TIMEOUT
        )
        self.booking = self.stub.BookActivity(
            calendar_pb2.BookActivityRequest(
                club_id=self.club.id, room_id=self.room.id, title="Open evening", start=ts(18), end=ts(21)
            ),
            timeout=TIMEOUT,
        )
        self.calendar_token = self.stub.RotateCalendarToken(
            calendar_pb2.RotateCalendarTokenRequest(club_id=self.club.id), timeout=TIMEOUT
        ).token
        self.competition = self.stub.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name=f"{name}'s league", ruleset="discard-league-2026")
            ),
            timeout=TIMEOUT,
        )
        self.player_ids = [
            self.stub.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(competition_id=self.competition.id, name=f"{name} {i}"), timeout=TIMEOUT
            ).id
            for i in range(4)
        ]
        made = self.stub.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=f"{name}'s judge", role=identity_pb2.ROLE_JUDGE)),
            timeout=TIMEOUT,
        )
        self.judge_id = made.account.id
        self.judge = server.accounts.stub(
            server.accounts.stub(None)
            .Login(identity_pb2.LoginRequest(name=f"{name}'s judge", password=made.password), timeout=TIMEOUT)
            .token
        )

    def state(self) -> tuple:
        """Everything the refused calls could have changed, as the owner sees it."""
        club = self.stub.GetClub(scheduling_pb2.GetClubRequest(club_id=self.club.id), timeout=TIMEOUT)
        rooms = self.stub.ListRooms(scheduling_pb2.ListRoomsRequest(club_id=self.club.id), timeout=TIMEOUT).rooms
        bookings = self.stub.ListBookings(
            calendar_pb2.ListBookingsRequest(club_id=self.club.id, **{"from": ts(0), "to": ts(48)}), timeout=TIMEOUT
        ).bookings
        players = self.stub.ListPlayers(
            competitions_pb2.ListPlayersRequest(competition_id=self.competition.id, include_inactive=True), timeout=TIMEOUT
        ).players
        feed = self.stub.ExportCalendar(calendar_pb2.ExportCalendarRequest(token=self.calendar_token), timeout=TIMEOUT)
        return (
            club.name,
            sorted(r.name for r in rooms),
            sorted((b.id, b.status) for b in bookings),
            sorted((p.id, p.status) for p in players),
            len(feed.ics) > 0,  # the calendar token still works: not rotated
            self.stub.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).id,  # her token still works: not reset
            self.judge.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).id,  # her judge's too
        )


@pytest.fixture(scope="module")
def gateway(tmp_path_factory):
    server = InProcessServer(list(NAMES), tmp_path_factory.mktemp("scopes"))
    yield server
    server.close()


def refused(call, request, *names: str) -> str:
    """``call(request)`` is PERMISSION_DENIED; its message names every one of ``names``."""
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=TIMEOUT)
    assert caught.value.code() == grpc.StatusCode.PERMISSION_DENIED, caught.value.details()
    details = caught.value.details() or ""
    for name in names:
        assert name in details, details
    return details


def test_an_organizer_acts_only_on_his_clubs_competitions_and_accounts_until_granted(gateway):
    assert gateway.accounts is not None
    owner = gateway.accounts.organizer
    alice, bob = Club(gateway, "Alice"), Club(gateway, "Bob")
    before = alice.state()
    club, comp = alice.club.id, alice.competition.id

    # Bob cannot rename Alice's club, add rooms to it, book it, cancel its booking or rotate its calendar token
    renamed = scheduling_pb2.Club(id=club, name="Bob's now")
    refused(
        bob.stub.UpdateClub,
        scheduling_pb2.UpdateClubRequest(club=renamed, update_mask=FieldMask(paths=["name"])),
        "UpdateClub",
        club,
        "not yours",
    )
    refused(
        bob.stub.CreateRoom, scheduling_pb2.CreateRoomRequest(club_id=club, room=scheduling_pb2.Room(name="Bob's room")), club
    )
    book = calendar_pb2.BookActivityRequest(club_id=club, room_id=alice.room.id, title="Bob's evening", start=ts(22), end=ts(23))
    refused(bob.stub.BookActivity, book, "BookActivity", club)
    refused(
        bob.stub.CancelOccurrence,
        calendar_pb2.CancelOccurrenceRequest(club_id=club, booking_id=alice.booking.id, reason="mine"),
        club,
    )
    refused(bob.stub.RotateCalendarToken, calendar_pb2.RotateCalendarTokenRequest(club_id=club), "RotateCalendarToken", club)
    # nor withdraw her players, register his own in her competition, or link a player account to it
    withdraw = competitions_pb2.WithdrawPlayerRequest(competition_id=comp, player_id=alice.player_ids[0], reason="gone")
    refused(bob.stub.WithdrawPlayer, withdraw, "WithdrawPlayer", comp, "not yours")
    refused(bob.stub.RegisterPlayer, competitions_pb2.RegisterPlayerRequest(competition_id=comp, name="Bob's friend"), comp)
    # nor reset her password (and log in as her), revoke her tokens, disable her, or manage her judge
    refused(bob.stub.ResetPassword, identity_pb2.ResetPasswordRequest(account_id=alice.account_id), "another organizer")
    refused(bob.stub.DisableAccount, identity_pb2.DisableAccountRequest(account_id=alice.account_id), "another organizer")
    refused(bob.stub.RevokeToken, identity_pb2.RevokeTokenRequest(account_id=alice.account_id), "another organizer")
    refused(bob.stub.ResetPassword, identity_pb2.ResetPasswordRequest(account_id=alice.judge_id), "created by another organizer")
    refused(
        bob.stub.DisableAccount, identity_pb2.DisableAccountRequest(account_id=alice.judge_id), "created by another organizer"
    )
    # nobody but the owner disables the owner or makes organizers; a grant is the resource owner's to give
    owner_id = owner.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).id
    for organizer in (alice, bob):
        refused(organizer.stub.DisableAccount, identity_pb2.DisableAccountRequest(account_id=owner_id), "gateway's owner")
        refused(organizer.stub.ResetPassword, identity_pb2.ResetPasswordRequest(account_id=owner_id), "gateway's owner")
    new_organizer = identity_pb2.Account(name="Bob's deputy", role=identity_pb2.ROLE_ORGANIZER)
    refused(bob.stub.CreateAccount, identity_pb2.CreateAccountRequest(account=new_organizer), "organizer accounts")
    refused(
        bob.stub.GrantAccess, identity_pb2.GrantAccessRequest(competition_id=comp, account_id=bob.account_id), "only the owner"
    )

    # nor reach her competition through a judge he made; her own judge acts in it
    penalty = results_pb2.RecordPenaltyRequest(
        competition_id=comp,
        round=1,
        table=1,
        penalty=results_pb2.PenaltyEntry(player_id=alice.player_ids[1], points=20, reason="x"),
    )
    refused(bob.judge.RecordPenalty, penalty, "RecordPenalty", comp, "not your organizer's")
    refused(bob.judge.ListDraws, draws_pb2.ListDrawsRequest(competition_id=comp), comp)
    assert list(alice.judge.ListDraws(draws_pb2.ListDrawsRequest(competition_id=comp), timeout=TIMEOUT).draws) == []

    # nothing changed, and every refusal is in the audit log
    assert alice.state() == before
    assert owner.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).id == owner_id
    names = {
        a.name for a in owner.ListAccounts(identity_pb2.ListAccountsRequest(include_disabled=True), timeout=TIMEOUT).accounts
    }
    assert "Bob's deputy" not in names
    log = owner.ListAuditLog(identity_pb2.ListAuditLogRequest(account_id=bob.account_id, page_size=500), timeout=TIMEOUT).entries
    denied = {e.rpc for e in log if e.outcome == "PERMISSION_DENIED"}
    assert {"UpdateClub", "BookActivity", "RotateCalendarToken", "WithdrawPlayer", "ResetPassword", "DisableAccount"} <= denied

    # Alice grants Bob her competition: he acts on it, on nothing else of hers, and cannot grant it on
    grant = alice.stub.GrantAccess(
        identity_pb2.GrantAccessRequest(competition_id=comp, account_id=bob.account_id, reason="co-organizer"), timeout=TIMEOUT
    )
    assert (grant.competition_id, grant.account_id, grant.granted_by, grant.owner, grant.revoked) == (
        comp,
        bob.account_id,
        alice.account_id,
        False,
        False,
    )
    withdrawn = bob.stub.WithdrawPlayer(withdraw, timeout=TIMEOUT)
    assert withdrawn.status == competitions_pb2.PLAYER_STATUS_WITHDRAWN
    bob.stub.RegisterPlayer(competitions_pb2.RegisterPlayerRequest(competition_id=comp, name="Bob's friend"), timeout=TIMEOUT)
    refused(bob.stub.UpdateClub, scheduling_pb2.UpdateClubRequest(club=renamed, update_mask=FieldMask(paths=["name"])), club)
    refused(bob.stub.GrantAccess, identity_pb2.GrantAccessRequest(competition_id=comp, account_id=owner_id), "only the owner")
    # Alice takes it back: Bob is refused again
    revoked = alice.stub.RevokeAccess(
        identity_pb2.RevokeAccessRequest(competition_id=comp, account_id=bob.account_id), timeout=TIMEOUT
    )
    assert revoked.revoked
    refused(bob.stub.RegisterPlayer, competitions_pb2.RegisterPlayerRequest(competition_id=comp, name="Another"), comp)

    # Alice never acts on Bob's things either; the gateway's owner acts on every club and manages organizers
    refused(alice.stub.RotateCalendarToken, calendar_pb2.RotateCalendarTokenRequest(club_id=bob.club.id), bob.club.id)
    owner.UpdateClub(
        scheduling_pb2.UpdateClubRequest(
            club=scheduling_pb2.Club(id=club, name="Renamed by the owner"), update_mask=FieldMask(paths=["name"])
        ),
        timeout=TIMEOUT,
    )
    owner.DisableAccount(identity_pb2.DisableAccountRequest(account_id=bob.account_id, reason="left the club"), timeout=TIMEOUT)
    with pytest.raises(grpc.RpcError) as caught:
        bob.stub.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT)
    assert caught.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_an_organizer_manages_the_accounts_he_created_and_grants_only_to_organizers(gateway):
    alice = Club(gateway, "Carol")
    judge = identity_pb2.ResetPasswordRequest(account_id=alice.judge_id)
    assert alice.stub.ResetPassword(judge, timeout=TIMEOUT).password  # her own judge
    with pytest.raises(grpc.RpcError) as caught:
        alice.stub.GrantAccess(identity_pb2.GrantAccessRequest(club_id=alice.club.id, account_id=alice.judge_id), timeout=TIMEOUT)
    assert caught.value.code() == grpc.StatusCode.FAILED_PRECONDITION
    with pytest.raises(grpc.RpcError) as caught:
        alice.stub.GrantAccess(
            identity_pb2.GrantAccessRequest(
                club_id=alice.club.id, competition_id=alice.competition.id, account_id=alice.judge_id
            ),
            timeout=TIMEOUT,
        )
    assert caught.value.code() == grpc.StatusCode.INVALID_ARGUMENT


def test_concurrent_retries_of_a_create_make_one_club_owned_once_by_its_creator(gateway):
    """Two retries of one CreateClub race (30 rounds): one club, owned by its creator, who alone (with the
    gateway's owner) acts on it — the other organizer is refused every round."""
    assert gateway.accounts is not None
    dave_id, dave_token = gateway.accounts.account(identity_pb2.ROLE_ORGANIZER, "Dave")
    erin_id, erin_token = gateway.accounts.account(identity_pb2.ROLE_ORGANIZER, "Erin")
    dave, erin = gateway.accounts.stub(dave_token), gateway.accounts.stub(erin_token)
    for round_number in range(30):
        request = scheduling_pb2.CreateClubRequest(
            club=scheduling_pb2.Club(name=f"Race club {round_number}"), idempotency_key=f"race-{round_number}"
        )
        start = threading.Barrier(2)

        def create(request=request, start=start):
            start.wait(TIMEOUT)
            return dave.CreateClub(request, timeout=TIMEOUT)

        with ThreadPoolExecutor(2) as pool:
            made = [f.result(TIMEOUT) for f in [pool.submit(create), pool.submit(create)]]
        assert made[0].id == made[1].id
        rotate = calendar_pb2.RotateCalendarTokenRequest(club_id=made[0].id)
        assert dave.RotateCalendarToken(rotate, timeout=TIMEOUT).token
        refused(erin.RotateCalendarToken, rotate, made[0].id, "not yours")
        granted = dave.GrantAccess(identity_pb2.GrantAccessRequest(club_id=made[0].id, account_id=erin_id), timeout=TIMEOUT)
        assert granted.granted_by == dave_id
        assert erin.RotateCalendarToken(rotate, timeout=TIMEOUT).token
