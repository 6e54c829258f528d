"""Every RPC of GatewayService x every role, over real gRPC on 127.0.0.1 (the whole system in one
process, as `rondo up` runs it): PERMISSION_DENIED / UNAUTHENTICATED exactly when the matrix
(gateway/domain/access.py) says so. Parametrized from the service descriptor and the matrix, so a new
RPC is tested the day it is added. Requests are empty: an allowed call may answer any other code."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import grpc
import pytest
from google.protobuf import message_factory
from google.protobuf.timestamp_pb2 import Timestamp

from gateway.domain.access import MATRIX
from gateway.domain.identity import Role
from rondo.gateway.v1 import common_pb2, competitions_pb2, draws_pb2, gateway_pb2, identity_pb2, scheduling_pb2
from rondo_app.registry import NAMES
from tests.faults.conftest import InProcessServer

pytestmark = pytest.mark.integration

SERVICE = gateway_pb2.DESCRIPTOR.services_by_name["GatewayService"]
CALLERS = ("organizer", "judge", "player", "bot", "no token")
ROLE_OF = {"organizer": identity_pb2.ROLE_ORGANIZER, "judge": identity_pb2.ROLE_JUDGE, "player": identity_pb2.ROLE_PLAYER}
ROLE_OF["bot"] = identity_pb2.ROLE_BOT
SELF_DESTRUCTIVE = ("Logout", "RevokeToken")  # allowed, they end the caller's own tokens: a throwaway account
TIMEOUT = 30
STREAM_TIMEOUT = 3  # an allowed stream with nothing to send yet ends DEADLINE_EXCEEDED: past the guard


class World:
    def __init__(self, server: InProcessServer):
        assert server.accounts is not None
        self.server = server
        self.accounts = server.accounts
        organizer = self.accounts.organizer
        competition = organizer.CreateCompetition(
            competitions_pb2.CreateCompetitionRequest(
                competition=competitions_pb2.Competition(name="Matrix league", ruleset="discard-league-2026")
            ),
            timeout=TIMEOUT,
        )
        self.competition_id = competition.id
        self.player_ids = [
            organizer.RegisterPlayer(
                competitions_pb2.RegisterPlayerRequest(competition_id=competition.id, name=f"M{i}"), timeout=TIMEOUT
            ).id
            for i in range(8)
        ]
        self.tokens = {"organizer": self.accounts.organizer_token}
        for role in ("judge", "bot"):
            self.tokens[role] = self.accounts.account(ROLE_OF[role], f"matrix {role}")[1]
        player_id, self.tokens["player"] = self.accounts.account(identity_pb2.ROLE_PLAYER, "matrix player")
        organizer.LinkPlayer(
            identity_pb2.LinkPlayerRequest(account_id=player_id, competition_id=competition.id, player_id=self.player_ids[0]),
            timeout=TIMEOUT,
        )
        self.throwaways = 0

    def token(self, caller: str, rpc: str) -> str | None:
        if caller == "no token":
            return None
        if rpc in SELF_DESTRUCTIVE and caller != "bot":
            self.throwaways += 1
            return self.accounts.account(ROLE_OF[caller], f"throwaway {caller} {self.throwaways}")[1]
        if rpc in SELF_DESTRUCTIVE:
            made = self.accounts.organizer.CreateAccount(
                identity_pb2.CreateAccountRequest(
                    account=identity_pb2.Account(name=f"throwaway bot {self.throwaways}", role=identity_pb2.ROLE_BOT)
                ),
                timeout=TIMEOUT,
            )
            self.throwaways += 1
            return made.service_token
        return self.tokens[caller]


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    server = InProcessServer(list(NAMES), tmp_path_factory.mktemp("matrix"))
    yield World(server)
    server.close()


def _call(channel: grpc.Channel, method, token: str | None) -> grpc.StatusCode:
    request_class = message_factory.GetMessageClass(method.input_type)
    response_class = message_factory.GetMessageClass(method.output_type)
    path = f"/{SERVICE.full_name}/{method.name}"
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    try:
        if method.server_streaming:
            call = channel.unary_stream(
                path, request_serializer=request_class.SerializeToString, response_deserializer=response_class.FromString
            )
            for _ in call(request_class(), metadata=metadata, timeout=STREAM_TIMEOUT):  # a live stream may wait
                break
        else:
            call = channel.unary_unary(
                path, request_serializer=request_class.SerializeToString, response_deserializer=response_class.FromString
            )
            call(request_class(), metadata=metadata, timeout=TIMEOUT)
    except grpc.RpcError as error:
        details = error.details() or ""
        assert len(details.encode()) <= 512 and "Traceback" not in details
        return error.code()
    return grpc.StatusCode.OK


def _expected(rpc: str, caller: str) -> grpc.StatusCode | None:
    """The refusal the matrix prescribes, None when the call must get past the guard."""
    entry = MATRIX[rpc]
    if entry.open:
        return None
    if caller == "no token":
        return grpc.StatusCode.UNAUTHENTICATED
    return None if Role(caller) in entry.roles else grpc.StatusCode.PERMISSION_DENIED


@pytest.mark.rule("access.roles.one-matrix")
@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("method", list(SERVICE.methods), ids=lambda m: m.name)
def test_every_rpc_answers_exactly_as_the_matrix_says_for_every_role(world, method, caller):
    got = _call(world.server.raw_channel, method, world.token(caller, method.name))
    expected = _expected(method.name, caller)
    if expected is None:
        assert got not in (grpc.StatusCode.PERMISSION_DENIED, grpc.StatusCode.UNAUTHENTICATED), (method.name, caller, got)
    else:
        assert got == expected, (method.name, caller, got)


@pytest.mark.rule("access.players.act-for-themselves")
@pytest.mark.rule("access.privacy.intervals-owner-only")
def test_through_the_gateway_a_player_is_filled_in_and_never_reads_another_players_intervals(world):
    organizer = world.accounts.organizer
    cid, ids = world.competition_id, world.player_ids
    view = organizer.DrawCompetition(
        draws_pb2.DrawCompetitionRequest(competition_id=cid, seed=3, time_limit_seconds=2), timeout=60
    )
    organizer.ApproveDraw(draws_pb2.ApproveDrawRequest(competition_id=cid, draw_id=view.draw.id), timeout=TIMEOUT)
    club = organizer.CreateClub(scheduling_pb2.CreateClubRequest(club=scheduling_pb2.Club(name="Matrix club")), timeout=TIMEOUT)
    organizer.CreateRoom(
        scheduling_pb2.CreateRoomRequest(room=scheduling_pb2.Room(name="Room"), club_id=club.id), timeout=TIMEOUT
    )

    def ts(hours: int) -> Timestamp:
        out = Timestamp()
        out.FromDatetime(
            (datetime.now(UTC) + timedelta(days=2)).replace(minute=0, second=0, microsecond=0) + timedelta(hours=hours)
        )
        return out

    matches = organizer.OpenRoundScheduling(
        scheduling_pb2.OpenRoundSchedulingRequest(
            competition_id=cid, round=1, club_id=club.id, window_start=ts(0), window_end=ts(72)
        ),
        timeout=TIMEOUT,
    ).matches
    match = next(m for m in matches if ids[0] in m.player_ids)
    first = world.accounts.stub(world.tokens["player"])  # linked to ids[0]
    other_id = next(p for p in match.player_ids if p != ids[0])
    second = world.accounts.player(cid, other_id)
    private = common_pb2.TimeInterval(start=ts(5), end=ts(7))
    answer = first.SetAvailability(
        scheduling_pb2.SetAvailabilityRequest(match_key=match.match_key, intervals=[private]), timeout=TIMEOUT
    )
    assert answer.player_id == ids[0] and len(answer.intervals) == 1  # the empty player_id is the caller's
    for rpc, request in (
        ("GetAvailability", scheduling_pb2.GetAvailabilityRequest(match_key=match.match_key, player_id=ids[0])),
        ("SetAvailability", scheduling_pb2.SetAvailabilityRequest(match_key=match.match_key, player_id=ids[0])),
    ):
        with pytest.raises(grpc.RpcError) as refused:
            getattr(second, rpc)(request, timeout=TIMEOUT)
        assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED and "another player" in refused.value.details()
    for reader in (second, organizer, world.accounts.stub(world.tokens["bot"])):
        card = reader.GetMatchCard(
            scheduling_pb2.GetMatchCardRequest(match_key=match.match_key, viewer_player_id=other_id), timeout=TIMEOUT
        )
        assert private.start.SerializeToString() not in card.SerializeToString()
    mine = first.GetAvailability(scheduling_pb2.GetAvailabilityRequest(match_key=match.match_key), timeout=TIMEOUT)
    assert [i.start.seconds for i in mine.intervals] == [private.start.seconds]
    with pytest.raises(grpc.RpcError) as refused:  # not even the organizer reads a player's intervals
        organizer.GetAvailability(
            scheduling_pb2.GetAvailabilityRequest(match_key=match.match_key, player_id=ids[0]), timeout=TIMEOUT
        )
    assert refused.value.code() == grpc.StatusCode.PERMISSION_DENIED
    entries = organizer.ListAuditLog(identity_pb2.ListAuditLogRequest(), timeout=TIMEOUT).entries
    assert not any(e.rpc in ("SetAvailability", "GetAvailability") and e.role == identity_pb2.ROLE_PLAYER for e in entries)
    assert "intervals" not in " ".join(e.summary for e in entries)
