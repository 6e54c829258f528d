"""Identity use cases: accounts, passwords, login, tokens, revocation, the audit log
(docs/architecture.md "Identity and roles"; docs/rules.md access.*).

* Passwords are generated (``gateway.domain.identity.new_password``), shown once, and stored only as
  argon2id hashes (``argon2-cffi``'s ``PasswordHasher``, its RFC 9106 defaults); a hash made with older
  parameters is replaced at the next successful login.
* Login answers a signed token (``gateway/tokens.py``, HS256) that expires; a bot gets a long-lived
  service token instead of a password. The key is RONDO_TOKEN_SECRET or, when unset, one generated once
  and kept in a 0600 key file beside an embedded gateway's SQLite database (``key_file``), else in the
  gateway's database (every replica on that database shares it); tokens survive a restart.
* Failed logins are slowed (never locked) by ``ThrottlePolicy`` per (account name, address) and per
  address, counted atomically before the password is checked; an unknown name is verified against a
  dummy hash, so it takes as long as a wrong password, and counts the same.
* :meth:`IdentityService.authenticate` is the guard's hot path: the signature is verified in-process
  (once per token: a verified token is remembered), and what can change about an account (disabled,
  token version, revoked tokens, linked players) is cached for ``cache_seconds``. A change made through
  this replica clears its cache at once; another replica sees it within ``cache_seconds`` (the
  trade-off: one database read per account per period instead of one per call).

The use cases are synchronous (the gRPC layer runs them in a thread), with the unit of work, the clock
and the hasher injected; only :meth:`login` and :meth:`authenticate` are coroutines.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import os
import re
import secrets
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from gateway.adapters.accounts import IdentityRepository
from gateway.adapters.key_file import keep_key, read_key
from gateway.domain.identity import (
    MAX_PASSWORD_LENGTH,
    PASSWORD_ROLES,
    SERVICE_TOKEN_KIND,
    Account,
    AccountState,
    AuditEntry,
    PlayerLink,
    Principal,
    Role,
    ThrottlePolicy,
    TokenClaims,
    check_claims,
    check_new_password,
    forbid_self_disable,
    issue_claims,
    new_password,
    new_signing_secret,
    pair_key,
    peer_host,
    peer_key,
    shown_to,
)
from gateway.domain.telegram import (
    TelegramLink,
    acting_for,
    check_link_request,
    check_telegram_user_id,
    code_hash,
    deep_link,
    link_code,
    new_link_code,
)
from gateway.tokens import MAX_TOKEN_LENGTH, TokenCodec
from rondo_runtime.confusables import lookalike_of
from rondo_runtime.errors import FailedPrecondition, InvalidArgument, NotFound, ResourceExhausted, Unauthenticated
from rondo_runtime.paging import Page, decode_page_token, query_fingerprint
from rondo_runtime.text import MAX_NAME_LENGTH, clean_id, name_key
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

FIRST_ORGANIZER_BY = "command line"  # created_by of the organizer made by `rondo admin create-organizer`
SIGNING_KEY_NAME = "tokens"
DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE = 100, 500
LOGIN_FAILED_MESSAGE = "wrong name or password"
LOGINS_BUSY_MESSAGE = "too many logins at once; retry in a second"
LOGINS_PER_HASH_WORKER = 8  # logins admitted at once per argon2 thread (the rest wait in its queue)
_TOKEN_TEXT = re.compile(r"[!-~]+")  # printable ASCII, no spaces
VERIFIED_TOKENS_KEPT = 10_000  # tokens whose signature was checked, remembered (least recently used out)
_T = TypeVar("_T")


def _now() -> datetime:
    return datetime.now(UTC)


LOGIN_THREAD_NICENESS = 10  # a login's hashing yields the CPU to every other call (Linux: per thread)


def _yield_cpu_to_other_calls() -> None:
    """Lowers the calling login thread's CPU priority (argon2's own lane threads inherit it), so a
    login flood takes the CPU the other calls leave; best effort (no error where unsupported)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), LOGIN_THREAD_NICENESS)


class PasswordHashing(Protocol):
    """What the service needs of ``argon2.PasswordHasher``."""

    def hash(self, password: str) -> str: ...

    def verify(self, hash: str, password: str) -> bool: ...

    def check_needs_rehash(self, hash: str) -> bool: ...


@dataclass(frozen=True)
class Credentials:
    """A new account's (or a reset account's) secret, shown once: a password, or a bot's service token."""

    account: Account
    password: str = ""
    service_token: str = ""
    service_token_expires_at: datetime | None = None


@dataclass(frozen=True)
class LoginResult:
    token: str
    expires_at: datetime
    account: Account


@dataclass(frozen=True)
class _Attempt:
    """A login checked: the token on success; else the error to answer after ``delay`` seconds."""

    result: LoginResult | None = None
    error: Exception | None = None
    delay: float = 0.0


@dataclass
class PendingAudit:
    """The audit entry of the organizer's or judge's action being served (set by the guard): an
    identity action stores it in its own transaction, so the action and its entry commit together or
    not at all (``stored`` then tells the guard it is done)."""

    principal: Principal
    rpc: str
    summary: str
    reason: str
    stored: bool = False
    entry_id: int | None = None  # its entry written ahead (outcome STARTED) before the action ran

    def entry(self, at: datetime, outcome: str = "OK") -> AuditEntry:
        p = self.principal
        return AuditEntry(0, at, p.account_id, p.name, p.role, self.rpc, self.summary, self.reason, outcome, p.via)


_pending_audit: contextvars.ContextVar[PendingAudit | None] = contextvars.ContextVar("rondo_pending_audit", default=None)


@contextlib.contextmanager
def auditing(pending: PendingAudit | None) -> Iterator[PendingAudit | None]:
    """While the action runs (its threads inherit the context), its identity writes carry ``pending``."""
    token = _pending_audit.set(pending)
    try:
        yield pending
    finally:
        _pending_audit.reset(token)


_V = TypeVar("_V")


class AccountCache(Generic[_V]):
    """A value (``AccountState`` per account id; the account a Telegram user is linked to) per key for
    ``ttl`` seconds (monotonic clock); 0 = no caching."""

    def __init__(self, ttl: float, monotonic: Callable[[], float] = time.monotonic):
        self.ttl = ttl
        self.monotonic = monotonic
        self._entries: dict[str, tuple[float, _V]] = {}
        self._lock = threading.Lock()

    def get(self, account_id: str) -> _V | None:
        with self._lock:
            entry = self._entries.get(account_id)
            if entry is None or entry[0] <= self.monotonic():
                return None
            return entry[1]

    def put(self, account_id: str, state: _V) -> None:
        if self.ttl > 0:
            with self._lock:
                self._entries[account_id] = (self.monotonic() + self.ttl, state)

    def invalidate(self, account_id: str) -> None:
        with self._lock:
            self._entries.pop(account_id, None)


def bearer_token(metadata: Iterable[tuple[str, str | bytes]] | None) -> str | None:
    """The token of the first ``authorization: Bearer <token>`` metadata entry; None when there is no
    ``authorization`` entry; UNAUTHENTICATED when it is not a bearer token of printable ASCII."""
    for key, value in metadata or ():
        if key.lower() != "authorization":
            continue
        text = value.decode("latin-1") if isinstance(value, bytes) else str(value)
        if len(text) > MAX_TOKEN_LENGTH + 16:
            raise Unauthenticated("the authorization metadata is too long to be a token")
        scheme, _, token = text.strip().partition(" ")
        token = token.strip()
        if scheme.lower() != "bearer" or _TOKEN_TEXT.fullmatch(token) is None:
            raise Unauthenticated.because("AUTH_HEADER_INVALID")
        return token
    return None


def _page_size(v: Violations, page_size: int) -> int:
    v.integer("page_size", page_size, 0, MAX_PAGE_SIZE)
    return page_size or DEFAULT_PAGE_SIZE


@dataclass(frozen=True)
class LinkCodeIssued:
    """A Telegram link code, shown once (only its hash is kept), and its deep link ("" without the bot's name)."""

    code: str
    expires_at: datetime
    deep_link: str


@dataclass(frozen=True)
class LinkedAccount:
    """A Telegram link with the account it links (its name and league players)."""

    link: TelegramLink
    account: Account


TELEGRAM_LINKS_QUERY = query_fingerprint("ListTelegramLinks")


class IdentityService:
    def __init__(
        self,
        uow: UnitOfWork[IdentityRepository],
        clock: Callable[[], datetime] = _now,
        hasher: PasswordHashing | None = None,
        throttle: ThrottlePolicy | None = None,
        token_secret: str | None = None,
        token_ttl_seconds: float = 12 * 3600.0,
        service_token_ttl_seconds: float = 365 * 24 * 3600.0,
        cache_seconds: float = 5.0,
        monotonic: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        key_file: Path | None = None,
        hash_workers: int = 0,
        max_concurrent_logins: int = 0,
        telegram_bot_username: str | None = None,
    ):
        """``sleep``: how a failed login waits before it is answered (tests pass one that records).
        ``key_file``: where the generated signing key is kept (0600) when there is no ``token_secret``;
        None: in the database (a PostgreSQL gateway's replicas share it). ``hash_workers``: the threads
        of the login's own argon2 pool (0: half the CPUs, at least one), so a login flood never takes
        the threads every other call runs on; ``max_concurrent_logins``: logins admitted at once
        (0: eight per hash worker), RESOURCE_EXHAUSTED beyond. ``telegram_bot_username``: the bot a
        Telegram link code's deep link opens (None: the code alone)."""
        self.uow = uow
        self.clock = clock
        self.hasher: PasswordHashing = hasher or PasswordHasher()
        self.throttle = throttle or ThrottlePolicy()
        self.token_ttl_seconds = token_ttl_seconds
        self.service_token_ttl_seconds = service_token_ttl_seconds
        self.cache: AccountCache[AccountState] = AccountCache(cache_seconds, monotonic)
        self.telegram_cache: AccountCache[str] = AccountCache(cache_seconds, monotonic)  # user id -> account id ("": none)
        self.telegram_bot_username = telegram_bot_username
        self._codec = TokenCodec(token_secret) if token_secret else None
        self._verified: OrderedDict[str, TokenClaims] = OrderedDict()
        self._verified_lock = threading.Lock()
        self._dummy_hash: str | None = None
        self.sleep = sleep
        self.key_file = key_file
        workers = hash_workers or max(1, (os.cpu_count() or 2) // 2)
        self._login_pool = ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="rondo-login", initializer=_yield_cpu_to_other_calls
        )
        self.max_concurrent_logins = max_concurrent_logins or LOGINS_PER_HASH_WORKER * workers
        self._login_slots = threading.BoundedSemaphore(self.max_concurrent_logins)

    # --- the signing key ---
    def codec(self) -> TokenCodec:
        """RONDO_TOKEN_SECRET's codec, else the generated key: in the key file when there is one, else in
        the database (generated by the first caller)."""
        if self._codec is None and self.key_file is not None:
            self._codec = TokenCodec(self._file_key(self.key_file))
        if self._codec is None:

            def work(repo: IdentityRepository) -> str:
                secret = repo.signing_key(SIGNING_KEY_NAME)
                if secret is None:  # a concurrent twin loses on the primary key, is retried, reads ours
                    secret = new_signing_secret()
                    repo.add_signing_key(SIGNING_KEY_NAME, secret, self.clock())
                return secret

            self._codec = TokenCodec(self.uow.write(work))
        return self._codec

    def _file_key(self, path: Path) -> str:
        """The key file's key; made on first start from the key an older version kept in the database
        (moved out: written to the file, then removed from the database), else generated."""
        kept = read_key(path)
        old = self.uow.read(lambda repo: repo.signing_key(SIGNING_KEY_NAME))
        if kept is None:
            kept = keep_key(path, old or new_signing_secret())
        if old is not None:
            self.uow.write(lambda repo: repo.remove_signing_key(SIGNING_KEY_NAME))
        return kept

    def _act(self, work: Callable[[IdentityRepository], _T]) -> _T:
        """An action's write: with the audit entry the guard is keeping for it, in one transaction."""
        pending = _pending_audit.get()
        if pending is None or pending.stored:
            return self.uow.write(work)

        def with_entry(repo: IdentityRepository) -> _T:
            out = work(repo)
            if pending.entry_id is not None:  # the entry written ahead gets its outcome in this transaction
                repo.set_audit_outcome(pending.entry_id, "OK")
            else:
                repo.add_audit(pending.entry(self.clock()))
            return out

        result = self.uow.write(with_entry)
        pending.stored = True
        return result

    # --- accounts ---
    def _hash(self, password: str) -> str:
        return self.hasher.hash(password)

    def _verify(self, password_hash: str | None, password: str) -> bool:
        """Always one argon2 verification: against a dummy hash when there is no account or no password."""
        if password_hash is None:
            if self._dummy_hash is None:
                self._dummy_hash = self.hasher.hash(new_password())
            password_hash = self._dummy_hash
            password = password + "\0"  # never the dummy's password
        try:
            return bool(self.hasher.verify(password_hash, password))
        except (VerificationError, InvalidHashError):
            return False

    def _issue(self, account: Account, kind: str = "login") -> tuple[str, datetime]:
        ttl = self.service_token_ttl_seconds if kind == SERVICE_TOKEN_KIND else self.token_ttl_seconds
        claims = issue_claims(account, self.clock(), ttl, kind)
        return self.codec().encode(claims), datetime.fromtimestamp(claims.exp, tz=UTC)

    def _credentials(self, account: Account, password: str | None) -> Credentials:
        if account.role == Role.BOT:
            token, expires = self._issue(account, SERVICE_TOKEN_KIND)
            return Credentials(account, service_token=token, service_token_expires_at=expires)
        return Credentials(account, password=password or "")

    def _new_account(self, name: object, role: object, created_by: str) -> Credentials:
        v = Violations()
        clean = v.name("name", name if isinstance(name, str) else "", max_length=MAX_NAME_LENGTH)
        parsed: Role | None = None
        try:
            parsed = role if isinstance(role, Role) else Role.parse(role)
        except InvalidArgument as error:
            v.items.extend(error.violations)
        v.raise_if_any()
        assert parsed is not None
        password = new_password() if parsed in PASSWORD_ROLES else None
        password_hash = self._hash(password) if password else None  # before the transaction: it is slow
        account = Account(str(uuid.uuid4()), clean, parsed, self.clock(), created_by)

        def work(repo: IdentityRepository) -> Account:
            if repo.name_taken(account.name_key):
                raise FailedPrecondition.because("ACCOUNT_NAME_TAKEN", name=clean)
            twin = lookalike_of(clean, repo.account_names())
            if twin is not None:
                raise FailedPrecondition(
                    f"an account named {clean!r} looks like the account {twin!r} (Unicode confusables); "
                    "type it in one alphabet or choose another name"
                )
            repo.add_account(account, password_hash)
            return account

        return self._credentials(self._act(work), password)

    def create_first_organizer(self, name: str) -> Credentials:
        """`rondo admin create-organizer NAME`: an organizer account and its password (shown once)."""
        return self._new_account(name, Role.ORGANIZER, FIRST_ORGANIZER_BY)

    def create_account(self, actor: Principal, name: str, role: Role | str) -> Credentials:
        return self._new_account(name, role, actor.account_id)

    def _account(self, repo: IdentityRepository, account_id: str, field: str = "account_id") -> Account:
        account = repo.account(clean_id(account_id, field))
        if account is None:
            raise NotFound.because("ACCOUNT_NOT_FOUND", account_id=account_id)
        return account

    def reset_password(self, actor: Principal, account_id: str) -> Credentials:
        """A new generated password (a bot: a new service token); every older token stops working."""
        account = self.uow.read(lambda repo: self._account(repo, account_id))
        if account.disabled:
            raise FailedPrecondition.because("TARGET_ACCOUNT_DISABLED", account=account.name)
        password = new_password() if account.role in PASSWORD_ROLES else None
        password_hash = self._hash(password) if password else None

        def work(repo: IdentityRepository) -> Account:
            self._account(repo, account.id)
            repo.set_password_hash(account.id, password_hash)
            repo.bump_token_version(account.id)
            return self._account(repo, account.id)

        updated = self._act(work)
        self.cache.invalidate(account.id)
        return self._credentials(updated, password)

    def list_accounts(
        self, role: Role | None = None, include_disabled: bool = False, page_size: int = 0, page_token: str = ""
    ) -> tuple[list[Account], str]:
        """By case-folded name, a page at a time (keyset tokens: ``rondo_runtime/paging.py``)."""
        v = Violations()
        size = _page_size(v, page_size)
        v.raise_if_any()
        query = query_fingerprint("ListAccounts", role.value if role else "", include_disabled)
        page = Page(size, decode_page_token(page_token, query, (str,)), query)
        after = str(page.after[0]) if page.after else ""
        found = self.uow.read(lambda repo: repo.accounts(role, include_disabled, after, size + 1))
        return page.answer(found, lambda a: (a.name_key,))

    def disable_account(self, actor: Principal, account_id: str) -> Account:
        """The account can no longer log in, and its tokens stop working (kept, never deleted)."""

        def work(repo: IdentityRepository) -> Account:
            account = self._account(repo, account_id)
            forbid_self_disable(actor, account)
            if not account.disabled:
                repo.disable(account.id, self.clock())
                repo.bump_token_version(account.id)
            return self._account(repo, account.id)

        account = self._act(work)
        self.cache.invalidate(account.id)
        return account

    def linkable(self, account_id: str, field: str = "account_id") -> Account:
        """The enabled player account a league player may be linked to (checked before registering)."""
        account = self.uow.read(lambda repo: self._account(repo, account_id, field))
        if account.role != Role.PLAYER:
            raise FailedPrecondition(f"account {account.name!r} is a {account.role.value}; only a player account plays")
        if account.disabled:
            raise FailedPrecondition.because("TARGET_ACCOUNT_DISABLED", account=account.name)
        return account

    def link_player(self, actor: Principal | None, account_id: str, competition_id: str, player_id: str) -> Account:
        """The account plays as ``player_id`` of ``competition_id`` (the caller checked that league has
        that player). Linking the same pair again changes nothing."""
        v = Violations()
        account_id = v.id("account_id", account_id)
        competition_id = v.id("competition_id", competition_id)
        player_id = v.id("player_id", player_id)
        v.raise_if_any()
        self.linkable(account_id)
        link = PlayerLink(competition_id, player_id)

        def work(repo: IdentityRepository) -> Account:
            account = self._account(repo, account_id)
            owner = repo.account_of_player(player_id)
            if owner == account.id:
                return account
            if owner is not None:
                raise FailedPrecondition(f"player {player_id!r} is already linked to another account")
            if any(existing.competition_id == competition_id for existing in account.links):
                raise FailedPrecondition(
                    f"account {account.name!r} already plays in competition {competition_id!r} as another player"
                )
            repo.add_link(account.id, link, self.clock(), actor.account_id if actor else FIRST_ORGANIZER_BY)
            return self._account(repo, account.id)

        account = self._act(work)
        self.cache.invalidate(account.id)
        return account

    def whoami(self, principal: Principal) -> Account:
        """The caller's account as their role may see it (``shown_to``)."""
        return shown_to(self.uow.read(lambda repo: self._account(repo, principal.account_id)), principal.role)

    # --- login and tokens ---
    def attempt_login(self, name: object, password: object, peer: object) -> _Attempt:
        """One login attempt, throttled (``ThrottlePolicy``): the token, or the error and how long to
        wait before answering it. An attempt before its time (per account and address, or per
        address) is refused at once, before any hashing."""
        v = Violations()
        if not isinstance(name, str) or not name.strip():
            v.add("name", "is required")
        elif len(name) > 4 * MAX_NAME_LENGTH:
            v.add("name", f"at most {MAX_NAME_LENGTH} characters")
        if not isinstance(password, str) or not password:
            v.add("password", "is required")
        elif len(password) > MAX_PASSWORD_LENGTH:
            v.add("password", f"at most {MAX_PASSWORD_LENGTH} characters")
        v.raise_if_any()
        assert isinstance(name, str) and isinstance(password, str)
        key, host, now = name_key(name), peer_host(peer), self.clock()
        pair, address = pair_key(key, host), peer_key(host)

        def admit(repo: IdentityRepository):
            """Counted as a failure before the password is checked, under the counters' row locks: of
            parallel guesses each is counted, and those before their time are refused."""
            states = repo.lock_throttle([pair, address])
            counted = self.throttle.admit(states[pair], states[address], now)  # RESOURCE_EXHAUSTED: nothing verified
            repo.save_throttle(pair, counted[0])
            repo.save_throttle(address, counted[1])
            return repo.account_by_name(key), counted

        found, (pair_state, _) = self.uow.write(admit)
        account, password_hash = found if found is not None else (None, None)
        ok = self._verify(password_hash, password) and account is not None
        if ok and account is not None and account.disabled:
            error: Exception | None = Unauthenticated("this account is disabled; ask an organizer")
        elif not ok:
            error = Unauthenticated(LOGIN_FAILED_MESSAGE, reason="LOGIN_FAILED")
        else:
            error = None
        rehash = self._hash(password) if ok and password_hash and self.hasher.check_needs_rehash(password_hash) else None

        def record(repo: IdentityRepository) -> None:
            repo.add_attempt(key, host, now, error is None, account.id if account else None)
            if error is None:  # the right password: the pair starts over, the address gets this one back
                states = repo.lock_throttle([pair, address])
                reset = self.throttle.succeeded(states[pair], states[address], now)
                repo.save_throttle(pair, reset[0])
                repo.save_throttle(address, reset[1])
            if rehash is not None and account is not None:
                repo.set_password_hash(account.id, rehash)

        self.uow.write(record)
        if error is not None:
            return _Attempt(error=error, delay=self.throttle.answer_delay(pair_state, now))
        assert account is not None
        token, expires = self._issue(account)
        return _Attempt(result=LoginResult(token, expires, shown_to(account, account.role)))

    async def login(self, name: object, password: object, peer: object) -> LoginResult:
        """One login on the login pool (argon2 is slow by design): at most ``max_concurrent_logins``
        at once, RESOURCE_EXHAUSTED beyond, so a flood of logins, right or wrong, waits for itself
        and never for the threads of every other call (docs/rules.md access.login.flood-isolated)."""
        if not self._login_slots.acquire(blocking=False):
            raise ResourceExhausted(LOGINS_BUSY_MESSAGE, reason="LOGINS_BUSY", retry_after_s=1.0)
        try:
            loop = asyncio.get_running_loop()
            attempt = await loop.run_in_executor(self._login_pool, self.attempt_login, name, password, peer)
        finally:
            self._login_slots.release()
        if attempt.error is not None:
            await self.sleep(attempt.delay)  # the failure is answered late: guessing is slow
            raise attempt.error
        assert attempt.result is not None
        return attempt.result

    def attempt_password_change(self, principal: Principal, old: object, new: object, peer: object) -> _Attempt:
        """ChangePassword's work on the login pool: the old password checked as a login of the account
        is (the same throttle: a wrong one counts as a failed login, a locked account is refused before
        any hashing), then the new hash stored and every older token revoked; the answer is a new token."""
        check_new_password(old, new)
        assert isinstance(old, str) and isinstance(new, str)
        account = self.uow.read(lambda repo: self._account(repo, principal.account_id))
        if account.role not in PASSWORD_ROLES:
            raise FailedPrecondition(f"account {account.name!r} is a {account.role.value}: it has a service token, no password")
        checked = self.attempt_login(account.name, old, peer)
        if checked.error is not None:
            wrong = InvalidArgument.single("old_password", "is not your current password (it counts as a failed login)")
            return _Attempt(error=wrong if isinstance(checked.error, Unauthenticated) else checked.error, delay=checked.delay)
        password_hash = self._hash(new)

        def work(repo: IdentityRepository) -> Account:
            self._account(repo, account.id)
            repo.set_password_hash(account.id, password_hash)
            repo.bump_token_version(account.id)
            return self._account(repo, account.id)

        updated = self._act(work)
        self.cache.invalidate(account.id)
        token, expires = self._issue(updated)
        return _Attempt(result=LoginResult(token, expires, shown_to(updated, updated.role)))

    async def change_password(self, principal: Principal, old: object, new: object, peer: object) -> LoginResult:
        """The caller's own password changes (``attempt_password_change``), on the login pool as a login
        is: argon2 twice, at most ``max_concurrent_logins`` at once; a wrong old password is answered late."""
        check_new_password(old, new)  # before a slot: a malformed request costs no hashing
        if not self._login_slots.acquire(blocking=False):
            raise ResourceExhausted(LOGINS_BUSY_MESSAGE)
        try:
            loop = asyncio.get_running_loop()
            work = contextvars.copy_context().run  # the audit entry the guard keeps goes with the write
            attempt = await loop.run_in_executor(self._login_pool, work, self.attempt_password_change, principal, old, new, peer)
        finally:
            self._login_slots.release()
        if attempt.error is not None:
            await self.sleep(attempt.delay)
            raise attempt.error
        assert attempt.result is not None
        return attempt.result

    def logout(self, principal: Principal) -> None:
        """The caller's current token stops working (until it would have expired anyway)."""
        until = principal.expires_at or self.clock()
        self._act(lambda repo: repo.revoke_token(principal.token_id, principal.account_id, until, self.clock()))
        self.cache.invalidate(principal.account_id)

    def revoke_tokens(self, actor: Principal, account_id: str) -> Account:
        """Every token of the account stops working (the guard checked who may name whom)."""

        def work(repo: IdentityRepository) -> Account:
            account = self._account(repo, account_id)
            repo.bump_token_version(account.id)
            return account

        account = self._act(work)
        self.cache.invalidate(account.id)
        return account

    def _claims(self, token: str) -> TokenClaims:
        """The token's claims; its signature is checked the first time it is seen (then remembered)."""
        with self._verified_lock:
            claims = self._verified.get(token)
            if claims is not None:
                self._verified.move_to_end(token)
                return claims
        claims = self.codec().decode(token)
        with self._verified_lock:
            self._verified[token] = claims
            while len(self._verified) > VERIFIED_TOKENS_KEPT:
                self._verified.popitem(last=False)
        return claims

    def account_state(self, account_id: str) -> AccountState:
        """What the guard checks a token against, from the database (cached by :meth:`authenticate`)."""

        def work(repo: IdentityRepository) -> AccountState:
            return AccountState(repo.account(account_id), repo.revoked_token_ids(account_id, self.clock()))

        return self.uow.read(work)

    async def authenticate(self, metadata: Iterable[tuple[str, str | bytes]] | None) -> Principal | None:
        """The caller's principal from its ``authorization`` metadata; None without one; UNAUTHENTICATED
        for a token that is malformed, signed with another key, expired, revoked, or of a disabled account."""
        token = bearer_token(metadata)
        if token is None:
            return None
        if self._codec is None:
            await asyncio.to_thread(self.codec)
        claims = self._claims(token)
        state = self.cache.get(claims.sub)
        if state is None:
            state = await asyncio.to_thread(self.account_state, claims.sub)
            self.cache.put(claims.sub, state)
        return check_claims(claims, state, self.clock())

    # --- a player's own iCalendar feed (docs/rules.md schedule.calendar.player-feed-own-meetings) ---
    def rotate_my_calendar_token(self, principal: Principal) -> str:
        """A new feed token for the caller's account (256 random bits, shown once; only its SHA-256 is
        stored); the old one stops working."""
        token = secrets.token_urlsafe(32)

        def work(repo: IdentityRepository) -> None:
            self._account(repo, principal.account_id)
            repo.put_my_calendar_token(principal.account_id, code_hash(token), self.clock())

        self.uow.write(work)
        return token

    def calendar_account(self, token: str) -> Account | None:
        """The enabled account whose current feed token this is, else None (unknown, rotated, disabled)."""

        def work(repo: IdentityRepository) -> Account | None:
            account_id = repo.account_of_calendar_token(code_hash(token))
            account = repo.account(account_id) if account_id is not None else None
            return None if account is None or account.disabled else account

        return self.uow.read(work)

    # --- Telegram links (docs/rules.md access.telegram.link-one-time-code, access.bot.acts-for-linked-player) ---
    def create_link_code(self, principal: Principal) -> LinkCodeIssued:
        """A one-time code for the caller's account (a new one replaces its unused one), shown once."""
        code = new_link_code()
        issued = link_code(principal.account_id, code, self.clock())

        def work(repo: IdentityRepository) -> None:
            self._account(repo, principal.account_id)
            repo.put_link_code(issued)

        self.uow.write(work)
        return LinkCodeIssued(code, issued.expires_at, deep_link(self.telegram_bot_username, code))

    def link_telegram(self, code: object, telegram_user_id: object, chat_id: object, language: object) -> LinkedAccount:
        """The code's account linked to the Telegram user; a wrong, used or expired code (or one of an
        account disabled since) is NOT_FOUND and changes nothing. Of two uses of one code, one wins."""
        text, tag = check_link_request(code, telegram_user_id, chat_id, language)
        assert isinstance(telegram_user_id, int) and isinstance(chat_id, int)
        now = self.clock()

        def work(repo: IdentityRepository) -> tuple[LinkedAccount, TelegramLink | None]:
            account_id = repo.use_link_code(code_hash(text), now)
            account = repo.account(account_id) if account_id is not None else None
            if account is None or account.disabled or account.role != Role.PLAYER:
                raise NotFound.because("LINK_CODE_NOT_FOUND")
            replaced = repo.telegram_link_of_account(account.id)
            link = TelegramLink(account.id, telegram_user_id, chat_id, tag, now)
            repo.put_telegram_link(link)
            return LinkedAccount(link, account), replaced

        linked, replaced = self.uow.write(work)
        self.telegram_cache.invalidate(str(telegram_user_id))
        if replaced is not None:
            self.telegram_cache.invalidate(str(replaced.telegram_user_id))
        return linked

    def _link_for(
        self, repo: IdentityRepository, principal: Principal, telegram_user_id: object, disabled_too: bool = False
    ) -> TelegramLink:
        """The caller's own link (a player), or the named Telegram user's (the bot); NOT_FOUND without one
        (or for a disabled account's, unless ``disabled_too``: its link no longer works, but ends)."""
        if principal.role == Role.BOT:
            user = check_telegram_user_id(telegram_user_id)
            link = repo.telegram_link_of_user(user)
            whom = f"to Telegram user {user}"
        else:
            link = repo.telegram_link_of_account(principal.account_id)
            whom = "to your account"
        account = repo.account(link.account_id) if link is not None else None
        if link is None or account is None or (account.disabled and not disabled_too):
            raise NotFound.because("TELEGRAM_LINK_NOT_FOUND", whom=whom)
        return link

    def unlink_telegram(self, principal: Principal, telegram_user_id: object) -> str:
        """The link ends (a player's own; the bot's: the named Telegram user's); its account id."""
        link = self.uow.write(lambda repo: self._removed(repo, principal, telegram_user_id))
        self.telegram_cache.invalidate(str(link.telegram_user_id))
        return link.account_id

    def _removed(self, repo: IdentityRepository, principal: Principal, telegram_user_id: object) -> TelegramLink:
        link = self._link_for(repo, principal, telegram_user_id, disabled_too=True)  # the bot may always forget a user
        repo.remove_telegram_link(link.telegram_user_id)
        return link

    def telegram_link(self, principal: Principal, telegram_user_id: object) -> LinkedAccount:
        def work(repo: IdentityRepository) -> LinkedAccount:
            link = self._link_for(repo, principal, telegram_user_id)
            return LinkedAccount(link, self._account(repo, link.account_id))

        return self.uow.read(work)

    def telegram_links(self, page_size: int = 0, page_token: str = "") -> tuple[list[LinkedAccount], str]:
        """Every link of an enabled account, oldest first, a page at a time (keyset tokens:
        ``rondo_runtime/paging.py``)."""
        v = Violations()
        size = _page_size(v, page_size)
        v.raise_if_any()
        page = Page(size, decode_page_token(page_token, TELEGRAM_LINKS_QUERY, (int,)), TELEGRAM_LINKS_QUERY)
        after = int(page.after[0]) if page.after else 0

        def work(repo: IdentityRepository) -> list[tuple[int, LinkedAccount]]:
            found = repo.telegram_links(after, size + 1)
            accounts = repo.accounts_with_ids(sorted({link.account_id for _, link in found}))
            return [(i, LinkedAccount(link, accounts[link.account_id])) for i, link in found if link.account_id in accounts]

        found, token = page.answer(self.uow.read(work), lambda x: (x[0],))
        return [linked for _, linked in found], token

    def linked_account_id(self, telegram_user_id: int) -> str:
        """The account a Telegram user is linked to ("" for none), cached like an account's state."""
        key = str(telegram_user_id)
        cached = self.telegram_cache.get(key)
        if cached is not None:
            return cached

        def work(repo: IdentityRepository) -> str:
            link = repo.telegram_link_of_user(telegram_user_id)
            return "" if link is None else link.account_id

        account_id = self.uow.read(work)
        self.telegram_cache.put(key, account_id)
        return account_id

    async def act_for(self, bot: Principal, telegram_user_id: int) -> Principal:
        """The linked player's principal for the bot's call (``via`` the bot's name): PERMISSION_DENIED
        ``TELEGRAM_NOT_LINKED`` for an unknown or unlinked Telegram user, or a disabled account."""
        account_id = self.telegram_cache.get(str(telegram_user_id))  # the common case: no thread hop
        if account_id is None:
            account_id = await asyncio.to_thread(self.linked_account_id, telegram_user_id)
        state = self.cache.get(account_id) if account_id else None
        if account_id and state is None:
            state = await asyncio.to_thread(self.account_state, account_id)
            self.cache.put(account_id, state)
        account = state.account if state is not None else None
        return acting_for(bot, account)

    # --- the audit log ---
    def record_audit(self, principal: Principal, rpc: str, summary: str, reason: str, outcome: str) -> int:
        p = principal
        entry = AuditEntry(0, self.clock(), p.account_id, p.name, p.role, rpc, summary, reason, outcome, p.via)
        return self.uow.write(lambda repo: repo.add_audit(entry))

    def finish_audit(self, entry_id: int, outcome: str) -> None:
        """The outcome of an action whose entry was written ahead (docs/rules.md ``access.audit.written-ahead``)."""
        self.uow.write(lambda repo: repo.set_audit_outcome(entry_id, outcome))

    def audit_log(self, account_id: str = "", page_size: int = 0, page_token: str = "") -> tuple[list[AuditEntry], str]:
        """Newest first, a page at a time: the keyset token is the last entry's id (``rondo_runtime/paging.py``)."""
        v = Violations()
        size = _page_size(v, page_size)
        account_id = v.id("account_id", account_id, required=False)
        v.raise_if_any()
        query = query_fingerprint("ListAuditLog", account_id)
        page = Page(size, decode_page_token(page_token, query, (int,)), query)
        before = int(page.after[0]) if page.after else 0
        found = self.uow.read(lambda repo: repo.audit_entries(account_id, before, size + 1))
        return page.answer(found, lambda e: (e.id,))
