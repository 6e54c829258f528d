"""Who is calling: accounts, roles, the claims of a token, generated passwords and the throttling of
failed logins (docs/rules.md access.*; docs/architecture.md "Identity and roles").

Pure Python: no I/O, no gRPC, no SQL. The gateway's identity service (``gateway/identity_service.py``)
stores accounts and signs tokens; this module decides.

* :class:`Role` — organizer, judge, player, bot (discard-league-2026 §6.3: the judge takes game
  decisions, the organizer organizational ones; the bot only posts what happened).
* :class:`Account` / :class:`Principal` — an account as stored, and the caller as the guard hands it
  to a handler (its account id, name, role and linked league players).
* :func:`new_password` — a permanent password, generated (discard-league-2026 §3: "a permanent
  password received from the organizer"), shown once, stored only as an argon2id hash.
* :class:`TokenClaims` — what a token says (sub, role, jti, iat, exp, ver) and :func:`check_claims`,
  the checks after the signature: every claim present and well formed, not expired, not revoked, the
  account enabled and its token version unchanged.
* :class:`ThrottlePolicy` — failed logins are slowed per (account name, address) and per address by
  growing, capped delays, counted atomically; never locked.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from rondo_runtime.errors import InvalidArgument, PermissionDenied, ResourceExhausted, Unauthenticated
from rondo_runtime.text import MAX_NAME_LENGTH, name_key
from rondo_runtime.validation import Violations

MAX_ACCOUNT_NAME_LENGTH = MAX_NAME_LENGTH  # 100 code points, like a player's name
MAX_PASSWORD_LENGTH = 256  # what Login accepts: longer is refused before any hashing
MAX_PEER_LENGTH = 64  # an IPv6 address with its zone fits
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: read aloud and typed by hand
PASSWORD_GROUPS, PASSWORD_GROUP_LENGTH = 4, 5  # "k7mq3-xrt2a-...": 20 characters, about 99 bits
SERVICE_TOKEN_KIND = "service"  # the ``kind`` claim of a bot's long-lived token
LOGIN_TOKEN_KIND = "login"
BAD_TOKEN_MESSAGE = "the token is not valid; log in again"


class Role(enum.Enum):
    ORGANIZER = "organizer"
    JUDGE = "judge"
    PLAYER = "player"
    BOT = "bot"

    @classmethod
    def parse(cls, value: object, field_name: str = "role") -> Role:
        for role in cls:
            if value == role.value:
                return role
        raise InvalidArgument.at(field_name, "VALUE_NOT_ALLOWED", allowed=", ".join(r.value for r in cls), value=value)


ROLES: tuple[Role, ...] = tuple(Role)
#: The roles that sign in with a password; a bot has a service token instead.
PASSWORD_ROLES = frozenset({Role.ORGANIZER, Role.JUDGE, Role.PLAYER})


@dataclass(frozen=True)
class PlayerLink:
    """A league player the account plays as: one per competition it plays in."""

    competition_id: str
    player_id: str


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    role: Role
    created_at: datetime
    created_by: str
    disabled: bool = False
    token_version: int = 1
    links: tuple[PlayerLink, ...] = ()

    @property
    def name_key(self) -> str:
        return name_key(self.name)


@dataclass(frozen=True)
class Principal:
    """The authenticated caller (what a handler is given): never built from what a client says."""

    account_id: str
    name: str
    role: Role
    links: tuple[PlayerLink, ...] = ()
    token_id: str = ""
    expires_at: datetime | None = None
    # the bot account's name when a bot acts for this linked player (docs/rules.md
    # access.bot.acts-for-linked-player); "" when the player calls themselves
    via: str = ""

    @property
    def player_ids(self) -> frozenset[str]:
        return frozenset(link.player_id for link in self.links)

    @property
    def caller(self) -> str:
        """What idempotency keys are scoped to (``rondo_runtime.idempotency.caller_of``): the account."""
        return self.account_id


@dataclass(frozen=True)
class AuditEntry:
    """One organizer or judge action (docs/rules.md access.audit.organizer-and-judge-actions): who, as
    what role, which RPC with a bounded summary of its request, when, why, and its outcome code."""

    id: int
    at: datetime
    account_id: str
    account_name: str
    role: Role
    rpc: str
    summary: str
    reason: str
    outcome: str
    via: str = ""  # the bot's account name when a bot made the call for a linked player


def shown_to(account: Account, viewer: Role) -> Account:
    """The account as ``viewer``'s role may see it (docs/rules.md access.privacy.accounts-need-to-know):
    who created an account (an organizer's account id) is the organizers' business; anyone else is
    shown their account without it."""
    if viewer == Role.ORGANIZER:
        return account
    return dataclasses.replace(account, created_by="")


def new_password() -> str:
    """A generated permanent password (``secrets``): four groups of five unambiguous characters."""
    return "-".join(
        "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(PASSWORD_GROUP_LENGTH)) for _ in range(PASSWORD_GROUPS)
    )


MIN_CHOSEN_PASSWORD_LENGTH = 10  # a password an account chooses (ChangePassword); generated ones have 23


def check_new_password(old: object, new: object) -> None:
    """ChangePassword's request (docs/rules.md access.password.changed-by-its-owner): the current
    password given, a new one of ``MIN_CHOSEN_PASSWORD_LENGTH``-``MAX_PASSWORD_LENGTH`` characters,
    without control characters and not the old one — INVALID_ARGUMENT naming each field."""
    v = Violations()
    if not isinstance(old, str) or not old:
        v.add("old_password", "is required: your current password")
    elif len(old) > MAX_PASSWORD_LENGTH:
        v.add("old_password", f"at most {MAX_PASSWORD_LENGTH} characters")
    if not isinstance(new, str) or not new:
        v.add("new_password", "is required")
    elif not MIN_CHOSEN_PASSWORD_LENGTH <= len(new) <= MAX_PASSWORD_LENGTH:
        v.add("new_password", f"must have {MIN_CHOSEN_PASSWORD_LENGTH}-{MAX_PASSWORD_LENGTH} characters, got {len(new)}")
    elif any(ord(c) < 32 or ord(c) == 127 for c in new):
        v.add("new_password", "must not contain control characters")
    elif new == old:
        v.add("new_password", "is the current password; choose another")
    v.raise_if_any()


def new_token_id() -> str:
    return secrets.token_urlsafe(16)


def new_signing_secret() -> str:
    """A generated HS256 key (64 URL-safe characters, 48 random bytes) when RONDO_TOKEN_SECRET is unset."""
    return secrets.token_urlsafe(48)


# ---------------------------------------------------------------------------------------- tokens


@dataclass(frozen=True)
class TokenClaims:
    """What a signed token says. ``ver`` is the account's token version when it was issued: a reset
    password, a disabled account or a revocation of all its tokens bumps it, and older tokens die."""

    sub: str
    role: Role
    jti: str
    iat: int
    exp: int
    ver: int
    kind: str = LOGIN_TOKEN_KIND

    def as_dict(self) -> dict[str, object]:
        return {
            "sub": self.sub,
            "role": self.role.value,
            "jti": self.jti,
            "iat": self.iat,
            "exp": self.exp,
            "ver": self.ver,
            "kind": self.kind,
        }


def issue_claims(account: Account, now: datetime, ttl_seconds: float, kind: str = LOGIN_TOKEN_KIND) -> TokenClaims:
    iat = math.floor(now.timestamp())
    return TokenClaims(
        account.id, account.role, new_token_id(), iat, iat + max(1, math.floor(ttl_seconds)), account.token_version, kind
    )


_CLAIM_TYPES: dict[str, type] = {"sub": str, "role": str, "jti": str, "iat": int, "exp": int, "ver": int, "kind": str}
MAX_CLAIM_TEXT = 64


def parse_claims(payload: object) -> TokenClaims:
    """The claims of a token whose signature was verified: every claim present, of its type, bounded;
    UNAUTHENTICATED otherwise (the same small message for every defect)."""
    if not isinstance(payload, dict):
        raise Unauthenticated(BAD_TOKEN_MESSAGE, reason="TOKEN_INVALID")
    for name, kind in _CLAIM_TYPES.items():
        value = payload.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise Unauthenticated(BAD_TOKEN_MESSAGE, reason="TOKEN_INVALID")
        if isinstance(value, str) and not 0 < len(value) <= MAX_CLAIM_TEXT:
            raise Unauthenticated(BAD_TOKEN_MESSAGE, reason="TOKEN_INVALID")
    try:
        role = Role(payload["role"])
    except ValueError:
        raise Unauthenticated(BAD_TOKEN_MESSAGE, reason="TOKEN_INVALID") from None
    return TokenClaims(payload["sub"], role, payload["jti"], payload["iat"], payload["exp"], payload["ver"], payload["kind"])


@dataclass(frozen=True)
class AccountState:
    """What the guard needs to know about an account beyond its token, cached for a few seconds."""

    account: Account | None
    revoked_token_ids: frozenset[str] = field(default_factory=frozenset)


def check_claims(claims: TokenClaims, state: AccountState, now: datetime) -> Principal:
    """The principal a verified token stands for, or UNAUTHENTICATED: expired, revoked (by Logout), of
    an account that is unknown or disabled, issued before the account's token version was bumped, or
    naming another role than the account has now."""
    if now.timestamp() >= claims.exp:
        raise Unauthenticated.because("TOKEN_EXPIRED")
    account = state.account
    if account is None or account.id != claims.sub:
        raise Unauthenticated(BAD_TOKEN_MESSAGE, reason="TOKEN_INVALID")
    if account.disabled:
        raise Unauthenticated.because("ACCOUNT_DISABLED")
    if claims.jti in state.revoked_token_ids or claims.ver != account.token_version or claims.role != account.role:
        raise Unauthenticated.because("TOKEN_REVOKED")
    return Principal(
        account.id,
        account.name,
        account.role,
        account.links,
        claims.jti,
        datetime.fromtimestamp(claims.exp, tz=now.tzinfo),
    )


# -------------------------------------------------------------------------------- failed logins


@dataclass(frozen=True)
class LoginAttempt:
    at: datetime
    success: bool


@dataclass(frozen=True)
class ThrottleState:
    """One throttle counter: failures in a row (within the window), the last, and when the next attempt
    is allowed."""

    failures: int = 0
    last_failure_at: datetime | None = None
    next_allowed_at: datetime | None = None


def pair_key(name_key: str, peer: str) -> str:
    """The counter of one account name tried from one address."""
    return f"account:{name_key} {peer}"


def peer_key(peer: str) -> str:
    """The counter of one address, whatever names it tries."""
    return f"peer:{peer}"


@dataclass(frozen=True)
class ThrottlePolicy:
    """Failed logins are slowed, never locked (docs/rules.md access.login.failures-throttled).

    Per (account name, address): the first ``free_failures`` failures cost nothing; after each further
    one the next attempt from that address for that name waits ``base_delay * 2**k`` seconds, at most
    ``max_delay``. The owner, from another address, is never slowed by someone else's guesses, and a
    success resets the pair. Per address, whatever names it tries: after ``peer_free_failures`` the
    next attempt waits too, at most ``peer_max_delay`` (a club behind one address is slowed, not
    banned). Counters forget failures older than ``window``. Every attempt is counted as a failure
    before the password is checked (and given back on success), so parallel guesses are counted one by
    one: ``admit`` refuses the attempts that come before their time."""

    base_delay_seconds: float = 1.0
    max_delay_seconds: float = 300.0
    free_failures: int = 3
    peer_free_failures: int = 20
    peer_max_delay_seconds: float = 30.0
    window: timedelta = timedelta(minutes=15)
    max_answer_delay_seconds: float = 4.0  # a failure is answered after its delay, at most this long

    def delay_after(self, failures: int, peer: bool = False) -> float:
        """Seconds before the next attempt after ``failures`` failures in a row."""
        free = self.peer_free_failures if peer else self.free_failures
        cap = self.peer_max_delay_seconds if peer else self.max_delay_seconds
        if failures < free:
            return 0.0
        return min(cap, self.base_delay_seconds * 2 ** min(failures - free, 30))

    def _current(self, state: ThrottleState, now: datetime) -> int:
        if state.last_failure_at is None or state.last_failure_at <= now - self.window:
            return 0
        return state.failures

    def admit(self, pair: ThrottleState, peer: ThrottleState, now: datetime) -> tuple[ThrottleState, ThrottleState]:
        """The counters with this attempt counted as a failure; RESOURCE_EXHAUSTED, saying when to
        retry, when it comes before the pair's or the address's next allowed time."""
        for state, what in ((pair, "for this account from this address"), (peer, "from this address")):
            if state.next_allowed_at is not None and now < state.next_allowed_at:
                raise login_locked(what, state.next_allowed_at, now)
        return self._failed(pair, now, False), self._failed(peer, now, True)

    def _failed(self, state: ThrottleState, now: datetime, peer: bool) -> ThrottleState:
        failures = self._current(state, now) + 1
        return ThrottleState(failures, now, now + timedelta(seconds=self.delay_after(failures, peer)))

    def succeeded(self, pair: ThrottleState, peer: ThrottleState, now: datetime) -> tuple[ThrottleState, ThrottleState]:
        """After the right password: the pair starts over; the address gets this attempt back."""
        back = max(0, self._current(peer, now) - 1)
        until = (peer.last_failure_at or now) + timedelta(seconds=self.delay_after(back, True))
        return ThrottleState(), ThrottleState(back, peer.last_failure_at if back else None, until if back else None)

    def answer_delay(self, pair: ThrottleState, now: datetime) -> float:
        """How long a failure waits before it is answered: until the next attempt is allowed, capped."""
        if pair.next_allowed_at is None:
            return 0.0
        return min(self.max_answer_delay_seconds, max(0.0, (pair.next_allowed_at - now).total_seconds()))


def retry_message(what: str, until: datetime, now: datetime) -> str:
    return login_locked(what, until, now).message


def login_locked(what: str, until: datetime, now: datetime) -> ResourceExhausted:
    """RESOURCE_EXHAUSTED ``LOGIN_LOCKED`` with the remaining lockout as the retry delay (RetryInfo)."""
    seconds = max(1, math.ceil((until - now).total_seconds()))
    return ResourceExhausted.because(
        "LOGIN_LOCKED",
        retry_after_s=seconds,
        what=what,
        until=until.strftime("%Y-%m-%dT%H:%M:%SZ"),
        seconds=seconds,
        scope="account" if "account" in what else "address",
    )


def peer_host(peer: object) -> str:
    """The host of a gRPC peer string (``ipv4:127.0.0.1:5123`` -> ``127.0.0.1``, ``ipv6:[::1]:5123`` ->
    ``::1``, ``unix:/path`` -> ``unix``); ``unknown`` for anything else. Bounded."""
    text = peer if isinstance(peer, str) else ""
    scheme, _, rest = text.partition(":")
    if scheme == "ipv4":
        host = rest.rpartition(":")[0] or rest
    elif scheme == "ipv6":
        host = rest[1 : rest.index("]")] if rest.startswith("[") and "]" in rest else rest.rpartition(":")[0]
    elif scheme in ("unix", "unix-abstract"):
        host = "unix"
    else:
        host = ""
    host = "".join(c for c in host if c.isalnum() or c in ".:%-_")[:MAX_PEER_LENGTH]
    return host or "unknown"


def forbid_self_disable(actor: Principal | None, account: Account) -> None:
    """An organizer cannot disable their own account (and so lock the club out of it)."""
    if actor is not None and actor.account_id == account.id:
        raise PermissionDenied.because("CANNOT_DISABLE_SELF")
