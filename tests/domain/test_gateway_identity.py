"""Identity rules that need no storage (gateway/domain/identity.py): the throttle of failed logins, the
claims of a token and their checks, peers, generated passwords. The clock is a parameter."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from gateway.domain.identity import (
    PASSWORD_ALPHABET,
    Account,
    AccountState,
    Role,
    ThrottlePolicy,
    ThrottleState,
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


NEVER_FAILED = ThrottleState()


def _fail_n(n: int, start: ThrottleState = NEVER_FAILED, peer: ThrottleState = NEVER_FAILED, at=T0):
    """``n`` attempts in a row, each at its allowed time: (pair, peer, the times they were admitted)."""
    pair, now, times = start, at, []
    for _ in range(n):
        now = max(now, pair.next_allowed_at or now, peer.next_allowed_at or now)
        pair, peer = POLICY.admit(pair, peer, now)
        times.append(now)
    return pair, peer, times


@pytest.mark.rule("access.login.failures-throttled")
def test_after_three_free_failures_each_next_attempt_waits_twice_as_long_up_to_a_cap():
    assert [POLICY.delay_after(n) for n in range(0, 8)] == [0.0, 0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 16.0]
    assert POLICY.delay_after(10_000) == POLICY.max_delay_seconds == 300.0
    assert POLICY.delay_after(19, peer=True) == 0.0 and POLICY.delay_after(10_000, peer=True) == 30.0
    pair, _, times = _fail_n(6)
    assert [(t - T0).total_seconds() for t in times] == [0.0, 0.0, 0.0, 1.0, 3.0, 7.0]
    assert pair.failures == 6 and pair.next_allowed_at == times[-1] + timedelta(seconds=8)


@pytest.mark.rule("access.login.failures-throttled")
def test_an_attempt_before_its_time_is_refused_saying_when_to_retry_and_is_not_counted():
    pair, peer, times = _fail_n(5)
    early = times[-1] + timedelta(seconds=1)
    with pytest.raises(ResourceExhausted) as refused:
        POLICY.admit(pair, peer, early)
    assert "for this account from this address" in refused.value.message
    assert "retry after 2026-03-01T12:00:07Z (in 3 s)" in refused.value.message
    assert POLICY.admit(pair, peer, pair.next_allowed_at)[0].failures == 6  # on time: admitted, counted
    forgotten = POLICY.admit(pair, peer, T0 + POLICY.window + timedelta(minutes=1))[0]
    assert forgotten.failures == 1  # failures older than the window are forgotten


@pytest.mark.rule("access.login.failures-throttled")
def test_a_success_resets_the_pair_and_gives_the_address_its_attempt_back_and_an_address_is_only_slowed():
    pair, peer, times = _fail_n(5)
    assert pair.next_allowed_at is not None
    pair, peer = POLICY.admit(pair, peer, pair.next_allowed_at)  # the right password, counted first
    assert pair.last_failure_at is not None
    reset_pair, reset_peer = POLICY.succeeded(pair, peer, pair.last_failure_at)
    assert reset_pair == ThrottleState() and reset_peer.failures == 5
    # an address trying many names: slowed after 20, by at most 30 s, never banned
    peer = ThrottleState()
    now = T0
    for _ in range(40):
        pair_i = ThrottleState()
        now = max(now, peer.next_allowed_at or now)
        _, peer = POLICY.admit(pair_i, peer, now)
    assert peer.failures == 40 and peer.next_allowed_at is not None
    assert (peer.next_allowed_at - now).total_seconds() == 30.0
    assert POLICY.answer_delay(ThrottleState(6, T0, T0 + timedelta(seconds=8)), T0) == POLICY.max_answer_delay_seconds


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
