"""Organizers scoped to their clubs and competitions (docs/rules.md access.organizers.scoped; docs/
architecture.md "Identity and roles"): the one table that says, for every RPC an organizer may call, what
the call addresses, and the pure decisions the guard (``gateway/guard.py``) applies to it.

Rondo serves many clubs from one gateway, so an organizer acts only on what is theirs:

* **clubs and competitions**: the organizer who created one (CreateClub, CreateCompetition) is its
  *owner*; the owner grants other organizers access to it (GrantAccess) and takes it back
  (RevokeAccess). Every organizer call that addresses a club or a competition — or something inside one:
  a room, a booking, a series, a match (its ``match_key`` starts with the competition), a draw, a record,
  a player of a competition, a mediation — is allowed to its owner and its grantees only;
* **accounts**: an organizer resets the password of, disables or revokes the tokens of the accounts they
  created (judges, players, bots) and their own, never another organizer's;
* **the gateway's owner** — its first organizer, made from the command line (``rondo admin
  create-organizer``) — administers the gateway: only they create and manage organizers, nobody else
  may disable them, and they may act on every club and competition (one whose creator left, or one made
  before the gateway recorded owners).

A **judge** acts in the clubs and competitions of the organizer who created the account (a judge made by
the gateway's owner, in all of them), so an organizer cannot reach another's competition through a judge.
Players and bots are not scoped here: a player acts only for themselves already (``access.py``), and a
bot decides nothing.

Deny by default: an RPC organizers may call without a rule here is refused to them, and a test fails for
it (``tests/domain/test_gateway_scopes.py``).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from gateway.domain.access import ANYONE, MATRIX, Access
from gateway.domain.identity import Account, Principal, Role
from rondo_runtime.errors import PermissionDenied


class Kind(enum.Enum):
    """What a request field addresses."""

    CLUB = "club"
    COMPETITION = "competition"
    MATCH = "match"  # a match key: ``<competition>/<stage>/<round>/<table>``, inside its competition
    MEDIATION = "mediation"  # a mediation id: inside its competition (booking knows which)
    ACCOUNT = "account"  # an account an organizer administers
    NEW_ACCOUNT_ROLE = "new account role"  # the role of an account being made (organizers: the owner only)


#: Who is scoped: organizers, and judges through the organizer who created them.
SCOPED_ROLES = frozenset({Role.ORGANIZER, Role.JUDGE})
#: The kinds that are grantable resources (the ``resource_access`` table's ``kind``).
RESOURCES = (Kind.CLUB, Kind.COMPETITION)


@dataclass(frozen=True)
class Target:
    """One request field (a dotted path into the public request) and what it addresses. An empty value
    is left to the handler (it answers INVALID_ARGUMENT naming the field)."""

    kind: Kind
    field: str


@dataclass(frozen=True)
class Scope:
    """An RPC's rule. ``targets``: what the call addresses, each checked. ``creates``: the call makes a
    club or a competition, and its caller becomes the owner (the answer's ``id``). ``owner_only``: only
    the resource's owner (or the gateway's owner), not a grantee (granting and revoking). ``unscoped``:
    why the call addresses nothing an organizer could own (a reason, never empty for such a rule)."""

    targets: tuple[Target, ...] = ()
    creates: Kind | None = None
    owner_only: bool = False
    unscoped: str = ""


def _on(*targets: tuple[Kind, str]) -> Scope:
    return Scope(tuple(Target(kind, field) for kind, field in targets))


_COMPETITION = _on((Kind.COMPETITION, "competition_id"))
_CLUB = _on((Kind.CLUB, "club_id"))
_MATCH = _on((Kind.MATCH, "match_key"))
_MEDIATION = _on((Kind.MEDIATION, "mediation_id"))
_ACCOUNT = _on((Kind.ACCOUNT, "account_id"))

SCOPES = {
    # --- identity ---
    "Logout": Scope(unscoped="the caller's own token"),
    "RevokeToken": _ACCOUNT,
    "CreateAccount": _on((Kind.NEW_ACCOUNT_ROLE, "account.role")),
    "ResetPassword": _ACCOUNT,
    "DisableAccount": _ACCOUNT,
    "ChangePassword": Scope(unscoped="the caller's own password"),
    "ListAccounts": Scope(unscoped="a read: the names and roles of accounts, which granting access needs"),
    "LinkPlayer": _COMPETITION,  # a player account plays in many clubs: the competition is what is scoped
    "ListAuditLog": Scope(unscoped="a read of the gateway's audit log"),
    "GrantAccess": Scope((Target(Kind.CLUB, "club_id"), Target(Kind.COMPETITION, "competition_id")), owner_only=True),
    "RevokeAccess": Scope((Target(Kind.CLUB, "club_id"), Target(Kind.COMPETITION, "competition_id")), owner_only=True),
    # --- competitions, rosters, draws ---
    "CreateCompetition": Scope(creates=Kind.COMPETITION),
    "RegisterPlayer": _COMPETITION,
    "WithdrawPlayer": _COMPETITION,
    "CloseRegistration": _COMPETITION,
    "DrawCompetition": _COMPETITION,
    "Redraw": _COMPETITION,
    "ApproveDraw": _COMPETITION,
    "GetDraw": _COMPETITION,
    "ListDraws": _COMPETITION,
    "CommitDrawSeed": _COMPETITION,
    # --- results, stages, rulesets, ties ---
    "RecordHanchan": _COMPETITION,
    "RecordPenalty": _COMPETITION,
    "RecordNoShow": _COMPETITION,
    "RecordGame": _COMPETITION,
    "CorrectRecord": _COMPETITION,
    "ResolveDispute": _COMPETITION,
    "ChangeRuleset": _COMPETITION,
    "ListRulesets": Scope(unscoped="a read of the rulesets Rondo ships, the same for every club and competition"),
    "DecideTie": _COMPETITION,
    "GetProjections": _COMPETITION,
    "DecidePlayoff": _COMPETITION,
    "AdvanceStage": _COMPETITION,
    "PrepareStage": _COMPETITION,
    "ApplyCheckpoint": _COMPETITION,
    "DisqualifyPlayer": _COMPETITION,
    # --- clubs, rooms, scheduling ---
    "CreateClub": Scope(creates=Kind.CLUB),
    "ListClubs": Scope(unscoped="a read that lists only the clubs the caller holds (clubs_listed)"),
    "UpdateClub": _on((Kind.CLUB, "club.id")),
    "CreateRoom": _CLUB,
    "OpenRoundScheduling": _on((Kind.COMPETITION, "competition_id"), (Kind.CLUB, "club_id")),
    "ProposeRoundSchedule": _COMPETITION,
    "CancelMeeting": _MATCH,
    "AssignMeeting": _MATCH,
    "ApplyFallback": _MATCH,
    "MoveMatchWindow": _MATCH,
    "BookActivity": _CLUB,
    "BookRecurringActivity": _CLUB,
    "CancelOccurrence": _CLUB,
    "MoveOccurrence": _CLUB,
    "CancelSeries": _CLUB,
    "RotateCalendarToken": _CLUB,
    # --- events and reminders ---
    "WatchEvents": Scope(unscoped="a read that judges and bots share: what happened, never an interval"),
    "ListEvents": Scope(unscoped="a read that judges and bots share: what happened, never an interval"),
    "UpdateReminderSchedule": _on((Kind.CLUB, "reminder_schedule.club_id")),
    "PublishDueReminders": Scope(unscoped="publishes what is due in every club, as the gateway's timer does"),
    "AcknowledgeReminder": Scope(unscoped="says a reminder was delivered, as the bot does; it changes no club"),
    "ListReminders": Scope(unscoped="a read that bots share: reminders carry no interval"),
    # --- Up&Down mediation and time-outs ---
    "SetMediationCalendar": _COMPETITION,
    "RequestMediation": _COMPETITION,
    "AnswerMediation": _MEDIATION,
    "DecideMediation": _MEDIATION,
    "RecordMediatedGame": _MEDIATION,
    "RequestTimeout": _COMPETITION,
    "ListMediations": _COMPETITION,
    "ListTimeouts": _COMPETITION,
}

NO_RULE = Scope(unscoped="")  # what an RPC without a rule is: refused to organizers


def needs_rule(access: Access) -> bool:
    """Whether an RPC needs a rule here: organizers may call it, and it is not a read open to everyone."""
    return Role.ORGANIZER in access.roles and not (not access.action and access.roles == ANYONE)


def scope_for(rpc: str) -> Scope | None:
    """The RPC's rule; None when scoping does not apply (a read open to every role, or no organizer)."""
    rule = SCOPES.get(rpc)
    if rule is not None:
        return rule
    access = MATRIX.get(rpc)
    if access is None or not needs_rule(access):
        return None
    return NO_RULE


def value_at(values: Mapping[str, object], path: str) -> str:
    """The string at a dotted ``path`` of a request read as a dict (``MessageToDict`` with the proto
    field names); "" when absent."""
    current: object = values
    for part in path.split("."):
        if not isinstance(current, Mapping):
            return ""
        current = current.get(part)
    return current.strip() if isinstance(current, str) else ""


def refuse_unruled(rpc: str) -> PermissionDenied:
    return PermissionDenied(f"{rpc} has no scoping rule (gateway/domain/scopes.py); no organizer may call it")


# ------------------------------------------------------------------------------------------ decisions


@dataclass(frozen=True)
class AccessGrant:
    """One row of who holds a resource: its owner's, or a grant (``revoked_at`` set once revoked)."""

    kind: str
    resource_id: str
    account_id: str
    owner: bool
    granted_by: str
    granted_at: datetime
    revoked_at: datetime | None = None


@dataclass(frozen=True)
class Holders:
    """Who holds a club or a competition: its owner (None: not recorded — made before the gateway kept
    owners, or outside it) and the organizers it was granted to."""

    owner: str | None
    grantees: frozenset[str] = frozenset()


def may_act_on(principal: Principal, holders: Holders, gateway_owner: str | None, owner_only: bool = False) -> bool:
    """An organizer acts on a club or a competition they own or were granted (a grant does not let them
    grant further); the gateway's owner acts on every one, including those without a recorded owner."""
    if principal.account_id == gateway_owner:
        return True
    if holders.owner == principal.account_id:
        return True
    return not owner_only and principal.account_id in holders.grantees


def check_resource(
    rpc: str,
    principal: Principal,
    kind: Kind,
    resource_id: str,
    holders: Holders,
    gateway_owner: str | None,
    owner_only: bool,
    judge: bool = False,
) -> None:
    """PERMISSION_DENIED, naming the RPC and the resource, unless :func:`may_act_on` (``judge``: the
    principal is the organizer who created the calling judge's account)."""
    if may_act_on(principal, holders, gateway_owner, owner_only):
        return
    if judge:
        raise PermissionDenied.because("NOT_YOUR_ORGANIZERS", rpc=rpc, kind=kind.value, resource_id=resource_id)
    if owner_only:
        raise PermissionDenied.because("OWNER_ONLY", rpc=rpc, kind=kind.value, resource_id=resource_id)
    raise PermissionDenied.because("NOT_YOURS", rpc=rpc, kind=kind.value, resource_id=resource_id)


@dataclass(frozen=True)
class ClubListing:
    """Which clubs ListClubs answers: every one, or those of ``ids``."""

    every: bool
    ids: frozenset[str] = frozenset()


def clubs_listed(acting: str, gateway_owner: str | None, held: frozenset[str]) -> ClubListing:
    """ListClubs shows an organizer the clubs they own or were granted (``held``: not revoked), the
    gateway's owner every club (``acting``: the organizer, or the organizer who created the calling
    judge; "" for a judge of the gateway's owner or one made before owners were recorded)."""
    if not acting or acting == gateway_owner:
        return ClubListing(every=True)
    return ClubListing(every=False, ids=held)


def may_administer(actor: Principal, target: Account, gateway_owner: str | None) -> bool:
    """An organizer administers (reset password, disable, revoke tokens) their own account and the
    judges, players and bots they created; the gateway's owner administers every account."""
    if actor.account_id == target.id or actor.account_id == gateway_owner:
        return True
    return target.role != Role.ORGANIZER and target.created_by == actor.account_id


def check_account(rpc: str, actor: Principal, target: Account, gateway_owner: str | None) -> None:
    if may_administer(actor, target, gateway_owner):
        return
    if target.id == gateway_owner:
        raise PermissionDenied(f"{rpc}: account {target.name!r} is the gateway's owner; no other organizer may manage it")
    if target.role == Role.ORGANIZER:
        raise PermissionDenied(
            f"{rpc}: account {target.name!r} is another organizer's; only the gateway's owner manages organizers"
        )
    raise PermissionDenied(f"{rpc}: account {target.name!r} was created by another organizer; only they manage it")


def check_new_account_role(rpc: str, actor: Principal, role: str, gateway_owner: str | None) -> None:
    """Only the gateway's owner makes organizer accounts (``role`` as the request names it)."""
    if role.upper() in {"ROLE_ORGANIZER", Role.ORGANIZER.value.upper()} and actor.account_id != gateway_owner:
        raise PermissionDenied(f"{rpc}: only the gateway's owner (its first organizer) makes organizer accounts")
