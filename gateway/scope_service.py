"""Organizers scoped to their clubs and competitions (docs/rules.md access.organizers.scoped): the use
cases behind the table of ``gateway/domain/scopes.py`` — the guard's check of every organizer call, the
owner recorded when an organizer creates a club or a competition, and GrantAccess / RevokeAccess.

Who holds what is in the gateway's ``resource_access`` table (``gateway/adapters/scopes.py``); accounts
are read through the identity service's unit of work. The gateway's owner (its first organizer, made
from the command line) is looked up once and remembered: accounts are never deleted, so it never changes.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime

from gateway.adapters.accounts import IdentityRepository
from gateway.adapters.scopes import ScopeRepository
from gateway.domain import scopes
from gateway.domain.identity import Account, Principal, Role
from gateway.domain.scopes import AccessGrant, Holders, Kind
from gateway.identity_service import FIRST_ORGANIZER_BY, IdentityService
from rondo_runtime.errors import FailedPrecondition, NotFound, PermissionDenied
from rondo_runtime.match_key import competition_of
from rondo_runtime.transactions import UnitOfWork
from rondo_runtime.validation import Violations

#: A mediation's competition (booking knows it): ``(mediation_id, remaining deadline)``.
MediationCompetition = Callable[[str, float | None], Awaitable[str]]
OWNER_PAGE = 500


def _now() -> datetime:
    return datetime.now(UTC)


class ScopeService:
    def __init__(
        self,
        uow: UnitOfWork[ScopeRepository],
        identity: IdentityService,
        clock: Callable[[], datetime] = _now,
        mediation_competition: MediationCompetition | None = None,
    ):
        self.uow = uow
        self.identity = identity
        self.clock = clock
        self.mediation_competition = mediation_competition
        self._owner: str | None = None
        self._creators: dict[str, str] = {}
        self._owner_lock = threading.Lock()

    # --- the gateway's owner ---
    def gateway_owner(self) -> str | None:
        """The id of the gateway's first organizer made from the command line (None before there is one)."""
        with self._owner_lock:
            if self._owner is not None:
                return self._owner

        def first(repo: IdentityRepository) -> Account | None:
            best: Account | None = None
            after = ""
            while True:
                page = repo.accounts(Role.ORGANIZER, True, after, OWNER_PAGE)
                for account in page:
                    if account.created_by == FIRST_ORGANIZER_BY and (
                        best is None or (account.created_at, account.id) < (best.created_at, best.id)
                    ):
                        best = account
                if len(page) < OWNER_PAGE:
                    return best
                after = page[-1].name_key

        found = self.identity.uow.read(first)
        with self._owner_lock:
            if found is not None:
                self._owner = found.id
            return self._owner

    def _account(self, account_id: str) -> Account | None:
        return self.identity.uow.read(lambda repo: repo.account(account_id))

    def holders(self, kind: Kind, resource_id: str) -> Holders:
        return self.uow.read(lambda repo: repo.holders(kind.value, resource_id))

    # --- the guard's check ---
    def _creator(self, account_id: str) -> str:
        """Who created the account (``created_by``; remembered: it never changes)."""
        with self._owner_lock:
            known = self._creators.get(account_id)
        if known is None:
            account = self._account(account_id)
            known = account.created_by if account is not None else ""
            with self._owner_lock:
                self._creators[account_id] = known
        return known

    async def check(self, rpc: str, principal: Principal | None, values: Mapping[str, object], deadline: float | None) -> None:
        """PERMISSION_DENIED unless the organizer may make this call on what it addresses (``values``: the
        request as ``MessageToDict`` reads it, with the proto field names). A judge acts where the
        organizer who created the account may (a judge made by the gateway's owner, everywhere). Players
        and bots pass (the matrix and the self fields decide for them)."""
        if principal is None or principal.role not in scopes.SCOPED_ROLES:
            return
        rule = scopes.scope_for(rpc)
        if rule is None:
            return
        if not (rule.targets or rule.creates or rule.unscoped):
            raise scopes.refuse_unruled(rpc)
        owner = await asyncio.to_thread(self.gateway_owner)
        acting = principal
        if principal.role == Role.JUDGE:
            creator = await asyncio.to_thread(self._creator, principal.account_id)
            if not creator or creator in (owner, FIRST_ORGANIZER_BY):
                return  # a judge of the gateway's owner judges everywhere
            acting = Principal(creator, principal.name, Role.ORGANIZER)
        if acting.account_id == owner:
            return  # the gateway's owner acts on everything
        for target in rule.targets:
            value = scopes.value_at(values, target.field)
            if not value:
                continue  # the handler answers INVALID_ARGUMENT naming the field
            kind = target.kind
            if kind == Kind.MATCH:
                kind, value = Kind.COMPETITION, competition_of(value)
            elif kind == Kind.MEDIATION:
                if self.mediation_competition is None:
                    raise PermissionDenied(f"{rpc}: this gateway cannot tell which competition a mediation is in")
                kind, value = Kind.COMPETITION, await self.mediation_competition(value, deadline)
            if kind in scopes.RESOURCES:
                holders = await asyncio.to_thread(self.holders, kind, value)
                scopes.check_resource(rpc, acting, kind, value, holders, owner, rule.owner_only, judge=acting is not principal)
            elif principal.role != Role.ORGANIZER:
                continue  # accounts: a judge names only their own (the matrix's self fields)
            elif kind == Kind.ACCOUNT:
                account = await asyncio.to_thread(self._account, value)
                if account is not None:  # an unknown account: the handler answers NOT_FOUND
                    scopes.check_account(rpc, principal, account, owner)
            elif kind == Kind.NEW_ACCOUNT_ROLE:
                scopes.check_new_account_role(rpc, principal, value, owner)

    def club_listing(self, principal: Principal) -> scopes.ClubListing:
        """What ListClubs shows the caller (``scopes.clubs_listed``): a judge sees the clubs of the
        organizer who created the account."""
        owner = self.gateway_owner()
        acting = principal.account_id
        if principal.role == Role.JUDGE:
            creator = self._creator(principal.account_id)
            acting = "" if creator in (owner, FIRST_ORGANIZER_BY) else creator
        elif principal.role != Role.ORGANIZER:
            return scopes.ClubListing(every=False)
        held = self.uow.read(lambda repo: repo.held(Kind.CLUB.value, acting)) if acting and acting != owner else frozenset()
        return scopes.clubs_listed(acting, owner, held)

    def record_owner(self, kind: Kind, resource_id: str, principal: Principal) -> bool:
        """The organizer who created the club or competition owns it (a retried create changes nothing)."""
        if not resource_id or principal.role != Role.ORGANIZER:
            return False
        at = self.clock()
        return self.uow.write(lambda repo: repo.add_owner(kind.value, resource_id, principal.account_id, at))

    # --- GrantAccess / RevokeAccess (the guard checked that the caller owns the resource) ---
    def _resource(self, club_id: str, competition_id: str, account_id: str) -> tuple[Kind, str, str]:
        v = Violations()
        club_id = v.id("club_id", club_id, required=False)
        competition_id = v.id("competition_id", competition_id, required=False)
        account_id = v.id("account_id", account_id)
        if bool(club_id) == bool(competition_id):
            v.add("club_id", "name exactly one of club_id and competition_id")
        v.raise_if_any()
        return (Kind.CLUB, club_id, account_id) if club_id else (Kind.COMPETITION, competition_id, account_id)

    def grant(self, actor: Principal, club_id: str, competition_id: str, account_id: str) -> AccessGrant:
        """The organizer ``account_id`` may act on the club or the competition from now on."""
        kind, resource_id, account_id = self._resource(club_id, competition_id, account_id)
        account = self._account(account_id)
        if account is None:
            raise NotFound.because("ACCOUNT_NOT_FOUND", account_id=account_id)
        if account.role != Role.ORGANIZER:
            raise FailedPrecondition(f"account {account.name!r} is a {account.role.value}; access is granted to organizers")
        if account.disabled:
            raise FailedPrecondition.because("TARGET_ACCOUNT_DISABLED", account=account.name)
        if self.holders(kind, resource_id).owner == account.id:
            raise FailedPrecondition(f"account {account.name!r} owns {kind.value} {resource_id!r} already")
        at = self.clock()
        return self.uow.write(lambda repo: repo.grant(kind.value, resource_id, account.id, actor.account_id, at))

    def revoke(self, actor: Principal, club_id: str, competition_id: str, account_id: str) -> AccessGrant:
        """The grant ends: the organizer no longer acts on the club or the competition."""
        kind, resource_id, account_id = self._resource(club_id, competition_id, account_id)
        at = self.clock()
        found = self.uow.write(lambda repo: repo.revoke(kind.value, resource_id, account_id, actor.account_id, at))
        if found is None:
            raise NotFound.because("GRANT_NOT_FOUND", account_id=account_id, kind=kind.value, resource_id=resource_id)
        return found
