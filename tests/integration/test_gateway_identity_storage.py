"""Identity on SQLite and PostgreSQL (gateway/adapters/accounts.py): argon2id hashes with the real
parameters and never the password, a re-hash when the parameters change, the generated signing key made
once and shared (tokens survive a restart), links unique, login attempts and the audit log kept."""

from __future__ import annotations

import asyncio
import os
import stat
from datetime import UTC, datetime

import pytest
from argon2 import PasswordHasher
from sqlalchemy import text

from gateway.app import make_identity
from gateway.domain.identity import Principal, Role
from gateway.service import MIGRATIONS
from rondo.gateway.v1 import identity_pb2
from rondo_runtime.config import Settings
from rondo_runtime.db import make_engine, run_migrations
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, Unauthenticated

pytestmark = pytest.mark.integration


@pytest.fixture
def engine(db_url):
    engine = make_engine(db_url)
    run_migrations(engine, MIGRATIONS)
    yield engine
    engine.dispose()


def _login(identity, name: str, password: str):
    attempt = identity.attempt_login(name, password, "ipv4:127.0.0.1:1")
    if attempt.error is not None:
        raise attempt.error
    return attempt.result


@pytest.mark.rule("access.accounts.organizer-issues-passwords")
def test_passwords_are_stored_as_argon2id_hashes_with_the_default_parameters_never_plain(engine):
    identity = make_identity(engine, Settings())
    made = identity.create_first_organizer("Boss")
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT name, name_key, password_hash, role, created_by FROM accounts")).all()
    [(name, key, stored, role, created_by)] = rows
    assert (name, key, role, created_by) == ("Boss", "boss", "organizer", "command line")
    defaults = PasswordHasher()
    assert stored.startswith(f"$argon2id$v=19$m={defaults.memory_cost},t={defaults.time_cost},p={defaults.parallelism}$")
    assert made.password not in stored
    with engine.connect() as connection:  # the password appears in no column of any table
        for table in ("accounts", "login_attempts", "audit_log", "signing_keys"):
            dump = " ".join(str(v) for row in connection.execute(text(f"SELECT * FROM {table}")).all() for v in row)
            assert made.password not in dump
    assert _login(identity, "BOSS", made.password).account.name == "Boss"
    with pytest.raises(FailedPrecondition):
        identity.create_first_organizer("boss")


@pytest.mark.rule("access.accounts.organizer-issues-passwords")
def test_a_hash_made_with_older_parameters_is_replaced_at_the_next_login(engine):
    weak = make_identity(engine, Settings())
    weak.hasher = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
    password = weak.create_first_organizer("Boss").password
    identity = make_identity(engine, Settings())
    assert _login(identity, "Boss", password).token
    with engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM accounts")).scalar_one()
    assert not PasswordHasher().check_needs_rehash(stored) and "m=1024" not in stored


@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_the_generated_signing_key_is_made_once_shared_and_survives_a_restart(engine):
    first = make_identity(engine, Settings())
    password = first.create_first_organizer("Boss").password
    token = _login(first, "Boss", password).token
    restarted = make_identity(engine, Settings())  # another replica, or the same gateway after a restart
    principal = asyncio.run(restarted.authenticate([("authorization", f"Bearer {token}")]))
    assert principal is not None and principal.name == "Boss" and principal.role == Role.ORGANIZER
    with engine.connect() as connection:
        in_database = connection.execute(text("SELECT count(*) FROM signing_keys")).scalar_one()
    # PostgreSQL: one key row the replicas share; SQLite (embedded): none, the key is a 0600 file beside it
    assert in_database == (1 if engine.url.get_backend_name() == "postgresql" else 0)
    other_key = make_identity(engine, Settings(token_secret="another-key-of-at-least-32-bytes-long!"))
    with pytest.raises(Unauthenticated):
        asyncio.run(other_key.authenticate([("authorization", f"Bearer {token}")]))


@pytest.mark.rule("access.players.act-for-themselves")
@pytest.mark.rule("access.audit.organizer-and-judge-actions")
def test_links_attempts_revocations_and_the_audit_log_are_stored(engine):
    identity = make_identity(engine, Settings())
    boss = identity.create_first_organizer("Boss")
    actor = Principal(boss.account.id, "Boss", Role.ORGANIZER)
    saki = identity.create_account(actor, "Saki", Role.PLAYER)
    nodoka = identity.create_account(actor, "Nodoka", Role.PLAYER)
    identity.link_player(actor, saki.account.id, "c1", "p1")
    identity.link_player(actor, saki.account.id, "c2", "p7")
    with pytest.raises(FailedPrecondition, match="already linked"):
        identity.link_player(actor, nodoka.account.id, "c1", "p1")
    assert [
        (link.competition_id, link.player_id) for link in identity.whoami(Principal(saki.account.id, "Saki", Role.PLAYER)).links
    ] == [
        ("c1", "p1"),
        ("c2", "p7"),
    ]
    assert identity.attempt_login("Saki", "wrong", "ipv6:[::1]:9").error is not None
    result = _login(identity, "Saki", saki.password)
    principal = asyncio.run(identity.authenticate([("authorization", f"Bearer {result.token}")]))
    assert principal is not None and principal.player_ids == {"p1", "p7"}
    identity.logout(principal)
    identity.cache.invalidate(principal.account_id)
    with pytest.raises(Unauthenticated, match="revoked"):
        asyncio.run(identity.authenticate([("authorization", f"Bearer {result.token}")]))
    identity.record_audit(actor, "WithdrawPlayer", '{"player_id":"p1"}', "moved away", "OK")
    identity.record_audit(actor, "ApproveDraw", "{}", "", "FAILED_PRECONDITION")
    entries, token = identity.audit_log(page_size=1)
    assert [(e.rpc, e.outcome) for e in entries] == [("ApproveDraw", "FAILED_PRECONDITION")] and token
    older, _ = identity.audit_log(page_token=token)
    assert [(e.rpc, e.reason, e.account_name, e.role) for e in older] == [
        ("WithdrawPlayer", "moved away", "Boss", Role.ORGANIZER)
    ]
    assert older[0].at.tzinfo is not None and older[0].at <= datetime.now(UTC)
    with engine.connect() as connection:
        attempts = connection.execute(text("SELECT name_key, peer, success FROM login_attempts ORDER BY id")).all()
    assert [(a[0], a[1], bool(a[2])) for a in attempts] == [("saki", "::1", False), ("saki", "127.0.0.1", True)]


def _mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_the_data_directory_is_0700_and_the_database_files_0600_whatever_the_umask(tmp_path):
    data = tmp_path / "data" / "nested"
    previous = os.umask(0o022)  # the usual umask: files 0644, directories 0755
    try:
        engine = make_engine(f"sqlite:///{data / 'gateway.db'}")
        run_migrations(engine, MIGRATIONS)
        identity = make_identity(engine, Settings())
        identity.create_first_organizer("Boss")
        identity.codec()  # the key is generated on first use
        with engine.connect():  # WAL mode: -wal and -shm exist while a connection is open
            files = sorted(p.name for p in data.iterdir())
            assert {"gateway.db", "gateway.db-wal", "gateway.db-shm", "token-signing.key"} <= set(files), files
            assert {name: _mode(data / name) for name in files} == dict.fromkeys(files, 0o600)
        assert _mode(data) == _mode(data.parent) == 0o700
        engine.dispose()
    finally:
        os.umask(previous)


@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_an_embedded_gateways_key_is_a_0600_file_and_an_old_key_in_the_database_moves_out(tmp_path):
    data = tmp_path / "data"
    engine = make_engine(f"sqlite:///{data / 'gateway.db'}")
    run_migrations(engine, MIGRATIONS)
    old = make_identity(engine, Settings())
    old.key_file = None  # an older version: the key generated into gateway.db
    password = old.create_first_organizer("Boss").password
    token = _login(old, "Boss", password).token
    with engine.connect() as connection:
        [stored] = connection.execute(text("SELECT secret FROM signing_keys")).scalars().all()
    upgraded = make_identity(engine, Settings())
    principal = asyncio.run(upgraded.authenticate([("authorization", f"Bearer {token}")]))
    assert principal is not None and principal.name == "Boss"  # the same key: tokens survive the upgrade
    key_file = data / "token-signing.key"
    assert key_file.read_text().strip() == stored and _mode(key_file) == 0o600
    with engine.connect() as connection:
        assert connection.execute(text("SELECT count(*) FROM signing_keys")).scalar_one() == 0  # out of the database
    restarted = make_identity(engine, Settings())
    assert asyncio.run(restarted.authenticate([("authorization", f"Bearer {token}")])) is not None
    engine.dispose()


class _GuardedOnDatabase:
    """The gateway's guarded servicer with the real identity on the test database (league and solver faked)."""

    def __init__(self, engine):
        from gateway.app import DESCRIPTOR, make_scopes
        from gateway.grpc_api import GatewayServicer
        from gateway.guard import guarded
        from tests.unit.gateway_fakes import gateway_on_fakes

        self.identity = make_identity(engine, Settings(token_secret="integration-signing-key-of-32-bytes-at-least"))
        service = gateway_on_fakes()[0]
        scopes = make_scopes(engine, self.identity, service)
        self.servicer = guarded(
            GatewayServicer(service, identity=self.identity, scopes=scopes), DESCRIPTOR, self.identity, scopes
        )
        self.password = self.identity.create_first_organizer("Boss").password
        self.token = self("Login", identity_pb2.LoginRequest(name="Boss", password=self.password), token="").token

    def __call__(self, method: str, request, token: str | None = None):
        from tests.unit.gateway_fakes import FakeContext, bearer

        token = self.token if token is None else token
        context = FakeContext(None, metadata=bearer(token) if token else ())
        return asyncio.run(getattr(self.servicer, method)(request, context))


@pytest.mark.rule("access.audit.organizer-and-judge-actions")
def test_an_organizer_action_with_a_nul_in_its_text_is_refused_before_it_runs_and_the_refusal_is_audited(engine):
    gateway = _GuardedOnDatabase(engine)
    made = gateway(
        "CreateAccount",
        identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Saki", role=identity_pb2.ROLE_PLAYER)),
    )
    saki_token = gateway("Login", identity_pb2.LoginRequest(name="Saki", password=made.password), token="").token
    calls = [
        ("ResetPassword", identity_pb2.ResetPasswordRequest(account_id=made.account.id, reason="lost\x00it"), "reason"),
        ("RevokeToken", identity_pb2.RevokeTokenRequest(account_id=made.account.id, reason="\x00"), "reason"),
        (
            "CreateAccount",
            identity_pb2.CreateAccountRequest(
                account=identity_pb2.Account(name="Nodoka", role=identity_pb2.ROLE_PLAYER, created_by="x\x00")
            ),
            "account.created_by",
        ),
    ]
    for rpc, request, field in calls:
        with pytest.raises(InvalidArgument) as refused:
            gateway(rpc, request)
        assert [v.field for v in refused.value.violations] == [field] and "U+0000" in refused.value.violations[0].description
    # nothing ran: the password, the tokens and the accounts are as they were
    assert gateway("WhoAmI", identity_pb2.WhoAmIRequest(), token=saki_token).name == "Saki"
    assert gateway("Login", identity_pb2.LoginRequest(name="Saki", password=made.password), token="").token
    names = [a.name for a in gateway("ListAccounts", identity_pb2.ListAccountsRequest()).accounts]
    assert names == ["Boss", "Saki"]
    entries = gateway("ListAuditLog", identity_pb2.ListAuditLogRequest()).entries
    refusals = [(e.rpc, e.outcome) for e in entries if e.outcome != "OK"]
    assert refusals == [
        ("CreateAccount", "INVALID_ARGUMENT"),
        ("RevokeToken", "INVALID_ARGUMENT"),
        ("ResetPassword", "INVALID_ARGUMENT"),
    ]
    assert entries[2].reason == "lost\ufffdit"  # kept, the control character shown as U+FFFD


@pytest.mark.rule("access.audit.organizer-and-judge-actions")
def test_an_identity_action_and_its_audit_entry_commit_together_or_not_at_all(engine, monkeypatch):
    gateway = _GuardedOnDatabase(engine)
    made = gateway(
        "CreateAccount",
        identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Saki", role=identity_pb2.ROLE_PLAYER)),
    )
    with engine.connect() as connection:
        audited = connection.execute(text("SELECT count(*) FROM audit_log WHERE rpc = 'CreateAccount'")).scalar_one()
    assert audited == 1  # one entry, stored with the account

    def broken(self, entry):
        raise RuntimeError("the audit log cannot be written")

    from gateway.adapters.accounts import IdentityRepository
    from rondo_runtime.errors import Unavailable

    actions = (
        ("ResetPassword", identity_pb2.ResetPasswordRequest(account_id=made.account.id, reason="lost it")),
        ("RevokeToken", identity_pb2.RevokeTokenRequest(account_id=made.account.id, reason="stolen")),
        (
            "CreateAccount",
            identity_pb2.CreateAccountRequest(account=identity_pb2.Account(name="Nodoka", role=identity_pb2.ROLE_PLAYER)),
        ),
    )
    # the entry cannot be written ahead: the action is refused, retryable, before it runs
    monkeypatch.setattr(IdentityRepository, "add_audit", broken)
    for rpc, request in actions:
        with pytest.raises(Unavailable, match="nothing was done"):
            gateway(rpc, request)
    monkeypatch.undo()
    # written ahead, but its outcome cannot be stored with the action: the action's transaction fails whole
    monkeypatch.setattr(IdentityRepository, "set_audit_outcome", lambda self, entry_id, outcome: broken(self, None))
    for rpc, request in actions:
        with pytest.raises(RuntimeError):
            gateway(rpc, request)
    monkeypatch.undo()
    # none of the three took effect: the password still works, its token version is unchanged, no Nodoka
    token = gateway("Login", identity_pb2.LoginRequest(name="Saki", password=made.password), token="").token
    with engine.connect() as connection:
        version = connection.execute(text("SELECT token_version FROM accounts WHERE name = 'Saki'")).scalar_one()
        names = connection.execute(text("SELECT name FROM accounts ORDER BY name")).scalars().all()
    assert version == 1 and names == ["Boss", "Saki"] and token


@pytest.mark.rule("access.audit.written-ahead")
def test_an_action_of_another_service_runs_only_once_its_audit_entry_is_stored(engine, monkeypatch):
    """League's and booking's actions cannot share the gateway's transaction: their entry is written
    ahead (STARTED) and gets its outcome when the action ends; no entry, no action."""
    from gateway.adapters.accounts import IdentityRepository
    from rondo.gateway.v1 import competitions_pb2
    from rondo_runtime.errors import Unavailable

    gateway = _GuardedOnDatabase(engine)
    create = competitions_pb2.CreateCompetitionRequest(competition=competitions_pb2.Competition(name="Spring league"))

    def broken(self, entry):
        raise RuntimeError("the audit log cannot be written")

    monkeypatch.setattr(IdentityRepository, "add_audit", broken)
    with pytest.raises(Unavailable, match="nothing was done"):
        gateway("CreateCompetition", create)
    monkeypatch.undo()
    listed = gateway("ListCompetitions", competitions_pb2.ListCompetitionsRequest())
    assert list(listed.competitions) == []  # league was never asked
    made = gateway("CreateCompetition", create)
    with engine.connect() as connection:
        rows = connection.execute(text("SELECT rpc, outcome FROM audit_log WHERE rpc = 'CreateCompetition'")).all()
    assert [tuple(r) for r in rows] == [("CreateCompetition", "OK")] and made.id


@pytest.mark.rule("access.login.failures-throttled")
def test_parallel_guesses_are_counted_one_by_one_so_only_the_free_ones_are_verified(engine):
    """Real threads on the real database, 30 rounds: of 12 simultaneous wrong guesses for one name from
    one address, exactly the policy's free failures are verified; the rest are refused before hashing."""
    import threading

    from argon2 import PasswordHasher as Hasher

    from gateway.domain.identity import ThrottlePolicy
    from rondo_runtime.errors import ResourceExhausted

    frozen = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
    identity = make_identity(engine, Settings(token_secret="integration-signing-key-of-32-bytes-at-least"), clock=lambda: frozen)
    identity.hasher = Hasher(time_cost=1, memory_cost=1024, parallelism=1)
    free = ThrottlePolicy().free_failures
    guessers = 12

    def guess(round_: int, barrier: threading.Barrier, outcomes: list[str], lock: threading.Lock) -> None:
        barrier.wait(30)
        try:
            attempt = identity.attempt_login(f"victim {round_}", "wrong", f"ipv4:10.6.6.{round_}:1")
            outcome = type(attempt.error).__name__
        except ResourceExhausted:
            outcome = "ResourceExhausted"
        with lock:
            outcomes.append(outcome)

    for round_ in range(30):
        barrier, lock = threading.Barrier(guessers), threading.Lock()
        outcomes: list[str] = []
        threads = [threading.Thread(target=guess, args=(round_, barrier, outcomes, lock)) for _ in range(guessers)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert sorted(outcomes) == ["ResourceExhausted"] * (guessers - free) + ["Unauthenticated"] * free, (round_, outcomes)
