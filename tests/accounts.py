"""Accounts on a running gateway, for the e2e and faults tiers: the first organizer made as
`rondo admin create-organizer` makes it (on the gateway's database), its token on the channels the
fixtures hand out, and player (linked to a league player), judge and bot stubs made by that organizer."""

from __future__ import annotations

import grpc

from rondo.gateway.v1 import gateway_pb2_grpc, identity_pb2
from rondo_app.admin import create_organizer
from rondo_runtime.bearer import with_bearer
from rondo_runtime.config import Settings

ORGANIZER = "Organizer"
TIMEOUT = 30


def login(channel: grpc.Channel, name: str, password: str) -> str:
    stub = gateway_pb2_grpc.GatewayServiceStub(channel)
    return stub.Login(identity_pb2.LoginRequest(name=name, password=password), timeout=TIMEOUT).token


class Accounts:
    """``raw``: a channel to the gateway without a token. ``channel``: the same with the organizer's."""

    def __init__(self, raw: grpc.Channel, settings: Settings, organizer: str = ORGANIZER):
        self.raw = raw
        self.organizer_name = organizer
        self.organizer_password = create_organizer(organizer, settings).password
        self.organizer_token = login(raw, organizer, self.organizer_password)
        self.channel = with_bearer(raw, self.organizer_token)
        self.organizer = gateway_pb2_grpc.GatewayServiceStub(self.channel)
        self._players: dict[str, tuple[str, gateway_pb2_grpc.GatewayServiceStub]] = {}
        self._accounts: dict[str, tuple[str, str]] = {}

    def stub(self, token: str | None) -> gateway_pb2_grpc.GatewayServiceStub:
        """A stub sending ``token`` (None: no token at all)."""
        return gateway_pb2_grpc.GatewayServiceStub(self.raw if token is None else with_bearer(self.raw, token))

    def account(self, role: identity_pb2.Role, name: str) -> tuple[str, str]:
        """A new account made by the organizer: (account id, token); the same name answers the same."""
        if name not in self._accounts:
            made = self.organizer.CreateAccount(
                identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name=name, role=role)), timeout=TIMEOUT
            )
            token = made.service_token or login(self.raw, name, made.password)
            self._accounts[name] = (made.account.id, token)
        return self._accounts[name]

    def player(self, competition_id: str, player_id: str) -> gateway_pb2_grpc.GatewayServiceStub:
        """A stub of a player account linked to the league player ``player_id`` (made on first use)."""
        if player_id not in self._players:
            account_id, token = self.account(identity_pb2.ROLE_PLAYER, f"player {player_id}")
            self.organizer.LinkPlayer(
                identity_pb2.LinkPlayerRequest(account_id=account_id, competition_id=competition_id, player_id=player_id),
                timeout=TIMEOUT,
            )
            self._players[player_id] = (account_id, self.stub(token))
        return self._players[player_id][1]

    def judge(self, name: str = "Judge") -> gateway_pb2_grpc.GatewayServiceStub:
        return self.stub(self.account(identity_pb2.ROLE_JUDGE, name)[1])

    def bot(self, name: str = "Bot") -> gateway_pb2_grpc.GatewayServiceStub:
        return self.stub(self.account(identity_pb2.ROLE_BOT, name)[1])
