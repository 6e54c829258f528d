"""Identity rules that need no storage (gateway/domain/identity.py): the throttle of failed logins, the
claims of a token and their checks, peers, generated passwords. The clock is a parameter."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gateway.domain.identity import (
    PASSWORD_ALPHABET,
    Account,
    AccountState,
    LoginAttempt,
    Role,
    ThrottlePolicy,
    TokenClaims,
    check_claims,
    issue_claims,
    new_password,
    parse_claims,
    peer_host,
)
from rondo_runtime.errors import ResourceExhausted, Unauthenticated

pytestmark = pytest.mark.domain

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
POLICY = ThrottlePolicy()


def fails(*minutes: float, success_at: float | None = None) -> list[LoginAttempt]:
    out = [LoginAttempt(T0 + timedelta(minutes=m), False) for m in minutes]
    if success_at is not None:
        out.append(LoginAttempt(T0 + timedelta(minutes=success_at), True))
    return out


@pytest.mark.rule("access.login.failures-throttled")
def test_each_failure_in_a_row_doubles_the_delay_up_to_a_cap():
    assert [POLICY.delay_after(n) for n in range(0, 8)] == [0.0, 0.25, 0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert POLICY.delay_after(10_000) == POLICY.max_delay_seconds


@pytest.mark.rule("access.login.failures-throttled")
def test_five_failures_within_the_window_lock_the_name_and_the_message_says_when_to_retry():
    attempts = fails(0, 1, 2, 3, 4)
    now = T0 + timedelta(minutes=5)
    with pytest.raises(ResourceExhausted) as locked:
        POLICY.check(attempts, [], now)
    assert "this account" in locked.value.message and "retry after 2026-03-01T12:19:00Z" in locked.value.message
    assert "(in 14 min)" in locked.value.message
    POLICY.check(attempts, [], T0 + timedelta(minutes=19, seconds=1))  # the lock is over
    POLICY.check(fails(0, 1, 2, 3), [], now)  # four are not enough
    POLICY.check(fails(0, 5, 10, 20, 30), [], T0 + timedelta(minutes=31))  # spread beyond the window


@pytest.mark.rule("access.login.failures-throttled")
def test_a_success_resets_the_names_count_but_not_the_peers():
    now = T0 + timedelta(minutes=5)
    POLICY.check(fails(0, 1, 2, 3, 4, success_at=4.5), [], now)
    assert POLICY.failures_since_success(fails(0, 1, success_at=2), now) == []
    assert len(POLICY.failures_since_success(fails(0, 3, success_at=2), now)) == 1
    peer = fails(*[i * 0.5 for i in range(20)], success_at=9.8)
    with pytest.raises(ResourceExhausted, match="this address"):
        POLICY.check([], peer, T0 + timedelta(minutes=10))


@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_claims_round_trip_and_every_defect_is_unauthenticated():
    account = Account("acc-1", "Saki", Role.PLAYER, T0, "org", token_version=3)
    claims = issue_claims(account, T0, 3600)
    assert (claims.sub, claims.role, claims.ver, claims.exp - claims.iat) == ("acc-1", Role.PLAYER, 3, 3600)
    assert parse_claims(claims.as_dict()) == claims
    for broken in (
        {**claims.as_dict(), "role": "admin"},
        {**claims.as_dict(), "exp": "soon"},
        {**claims.as_dict(), "ver": True},
        {k: v for k, v in claims.as_dict().items() if k != "jti"},
        {**claims.as_dict(), "sub": "x" * 65},
        ["not", "a", "dict"],
    ):
        with pytest.raises(Unauthenticated):
            parse_claims(broken)


@pytest.mark.rule("access.login.signed-expiring-tokens")
def test_a_token_is_refused_once_expired_revoked_outdated_or_its_account_disabled():
    account = Account("acc-1", "Saki", Role.PLAYER, T0, "org", token_version=2)
    claims = issue_claims(account, T0, 3600)
    ok = check_claims(claims, AccountState(account), T0 + timedelta(minutes=59))
    assert ok.account_id == "acc-1" and ok.role == Role.PLAYER and ok.token_id == claims.jti
    cases = {
        "expired": (claims, AccountState(account), T0 + timedelta(hours=1)),
        "revoked": (claims, AccountState(account, frozenset({claims.jti})), T0),
        "revoked ": (claims, AccountState(Account("acc-1", "Saki", Role.PLAYER, T0, "org", token_version=3)), T0),
        "disabled": (claims, AccountState(Account("acc-1", "Saki", Role.PLAYER, T0, "org", True, 2)), T0),
        "not valid": (claims, AccountState(None), T0),
        "revoked  ": (claims, AccountState(Account("acc-1", "Saki", Role.JUDGE, T0, "org", token_version=2)), T0),
    }
    for word, (c, state, now) in cases.items():
        with pytest.raises(Unauthenticated, match=word.strip()):
            check_claims(c, state, now)
    forged = TokenClaims("acc-2", Role.PLAYER, "j", claims.iat, claims.exp, 2)
    with pytest.raises(Unauthenticated):
        check_claims(forged, AccountState(account), T0)


def test_peer_hosts_and_generated_passwords():
    assert peer_host("ipv4:127.0.0.1:50123") == "127.0.0.1"
    assert peer_host("ipv6:[::1]:50123") == "::1"
    assert peer_host("unix:/tmp/socket") == "unix"
    assert peer_host("") == peer_host(None) == peer_host("garbage") == "unknown"
    assert len(peer_host("ipv4:" + "1" * 500 + ":1")) <= 64
    passwords = {new_password() for _ in range(50)}
    assert len(passwords) == 50
    for password in passwords:
        groups = password.split("-")
        assert len(groups) == 4 and all(len(g) == 5 and set(g) <= set(PASSWORD_ALPHABET) for g in groups)
