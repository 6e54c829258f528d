"""ChangePassword on SQLite and PostgreSQL (docs/rules.md access.password.changed-by-its-owner): over real
gRPC, a player changes their own password given the old one — the old one no longer logs in, the new one
does, every older token stops working and the answer's token works; a wrong old password is refused
naming the field and changes nothing; and wrong old passwords count as failed logins of the account
(the same throttle: once it holds the account back, neither ChangePassword nor Login is even checked)."""

from __future__ import annotations

from datetime import timedelta

import grpc
import pytest

from gateway.app import make_identity
from gateway.domain.identity import Principal, Role, ThrottlePolicy
from gateway.service import MIGRATIONS
from rondo.gateway.v1 import identity_pb2
from rondo_app.registry import NAMES
from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import InvalidArgument, ResourceExhausted
from tests.faults.conftest import InProcessServer

pytestmark = [pytest.mark.integration, pytest.mark.rule("access.password.changed-by-its-owner")]
TIMEOUT = 30
PEER = "ipv4:127.0.0.1:1"


def refused(call, request, code: grpc.StatusCode) -> grpc.RpcError:
    with pytest.raises(grpc.RpcError) as caught:
        call(request, timeout=TIMEOUT)
    assert caught.value.code() == code, caught.value.details()
    return caught.value


def test_a_player_changes_their_password_over_grpc_and_every_older_token_stops(db_url, tmp_path):
    server = InProcessServer(list(NAMES), tmp_path, database_urls={"gateway": db_url})
    try:
        assert server.accounts is not None
        organizer = server.accounts.stub(server.accounts.organizer_token)
        made = organizer.CreateAccount(
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Saki", role=identity_pb2.ROLE_PLAYER)),
            timeout=TIMEOUT,
        )
        anonymous = server.accounts.stub(None)
        first = anonymous.Login(identity_pb2.LoginRequest(name="Saki", password=made.password), timeout=TIMEOUT).token
        second = anonymous.Login(identity_pb2.LoginRequest(name="Saki", password=made.password), timeout=TIMEOUT).token
        saki = server.accounts.stub(first)

        wrong = refused(
            saki.ChangePassword,
            identity_pb2.ChangePasswordRequest(old_password="not-my-password", new_password="a new secret 1"),
            grpc.StatusCode.INVALID_ARGUMENT,
        )
        assert "old_password" in (wrong.details() or "") or "current password" in (wrong.details() or "")
        short = refused(
            saki.ChangePassword,
            identity_pb2.ChangePasswordRequest(old_password=made.password, new_password="short"),
            grpc.StatusCode.INVALID_ARGUMENT,
        )
        assert "10-256 characters" in (short.details() or "")
        assert saki.WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).name == "Saki"  # nothing changed

        changed = saki.ChangePassword(
            identity_pb2.ChangePasswordRequest(old_password=made.password, new_password="a new secret 1"), timeout=TIMEOUT
        )
        assert changed.token and changed.account.name == "Saki" and changed.account.role == identity_pb2.ROLE_PLAYER
        for old_token in (first, second):  # every older token of the account, the caller's included
            refused(server.accounts.stub(old_token).WhoAmI, identity_pb2.WhoAmIRequest(), grpc.StatusCode.UNAUTHENTICATED)
        assert server.accounts.stub(changed.token).WhoAmI(identity_pb2.WhoAmIRequest(), timeout=TIMEOUT).name == "Saki"
        refused(anonymous.Login, identity_pb2.LoginRequest(name="Saki", password=made.password), grpc.StatusCode.UNAUTHENTICATED)
        assert anonymous.Login(identity_pb2.LoginRequest(name="Saki", password="a new secret 1"), timeout=TIMEOUT).token
        # a bot has no password to change
        refused(
            server.accounts.stub(
                organizer.CreateAccount(
                    identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Bot", role=identity_pb2.ROLE_BOT)),
                    timeout=TIMEOUT,
                ).service_token
            ).ChangePassword,
            identity_pb2.ChangePasswordRequest(old_password="x", new_password="a new secret 1"),
            grpc.StatusCode.PERMISSION_DENIED,
        )
    finally:
        server.close()


@pytest.fixture
def engine(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield engine
    engine.dispose()


def test_wrong_old_passwords_count_as_failed_logins_and_are_throttled(engine):
    identity = make_identity(engine, Settings())
    # slowed for a minute after the third failure, answered at once (the test waits for nothing)
    identity.throttle = ThrottlePolicy(base_delay_seconds=60, max_answer_delay_seconds=0, window=timedelta(minutes=15))
    boss = identity.create_first_organizer("Boss")
    made = identity.create_account(Principal(boss.account.id, "Boss", Role.ORGANIZER), "Nodoka", Role.JUDGE)
    nodoka = Principal(made.account.id, "Nodoka", Role.JUDGE)
    for _ in range(identity.throttle.free_failures):
        attempt = identity.attempt_password_change(nodoka, "wrong password", "a new secret 1", PEER)
        assert isinstance(attempt.error, InvalidArgument) and attempt.error.violations[0].field == "old_password"
    # the account is held back from this address: the right old password is not even checked, nor a login
    with pytest.raises(ResourceExhausted, match="retry after"):
        identity.attempt_password_change(nodoka, made.password, "a new secret 1", PEER)
    with pytest.raises(ResourceExhausted, match="retry after"):
        identity.attempt_login("Nodoka", made.password, PEER)
    # from another address the owner is not slowed by the guesses, and the change goes through
    done = identity.attempt_password_change(nodoka, made.password, "a new secret 1", "ipv4:10.0.0.2:1")
    assert done.error is None and done.result is not None and done.result.token
    assert identity.attempt_login("Nodoka", made.password, "ipv4:10.0.0.3:1").error is not None
    assert identity.attempt_login("Nodoka", "a new secret 1", "ipv4:10.0.0.3:1").result is not None
