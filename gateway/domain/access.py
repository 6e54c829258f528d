"""The one authorization matrix of the gateway (docs/rules.md access.roles.one-matrix): for every RPC of
``GatewayService``, who may call it, which request fields must name the caller's own player or account,
which fields are the caller's name, and whether the call is an action the audit log keeps.

Pure Python: the guard (``gateway/guard.py``) reads requests and applies these decisions, so the matrix
survives new RPCs and a rewritten public API alike — it is keyed by RPC name, and a test fails for any
RPC of the service descriptor without an entry here (deny by default: an RPC without an entry is
refused for everyone).

The policy (discard-league-2026 §3, §6.3, §6.4; updown-league-2007 §11.2):

* **organizers** do everything organizational: competitions, rosters, draws, stages, rulesets, tie
  decisions, clubs, rooms, meetings they assign or cancel, accounts and the audit log;
* **judges** record game decisions and corrections: results, penalties (a chombo is a game decision),
  no-shows, corrections, dispute decisions, disqualifications, the Up&Down checkpoints (§11.2: the
  judge decides the technical defeats and the annulments) and mediation (§9.1: the judge sets the
  meeting when two players cannot agree); organizers may do all of that too;
* **players** read their own match cards and availability and act only for themselves: availability,
  meeting proposals and confirmations, result reports, confirmations and disputes, mediation requests
  and answers, time-outs;
* the **bot** reads what everyone reads, match cards, the event stream and the reminders (it posts
  them, and says which it delivered); it decides nothing. It links a player's Telegram account from
  the player's one-time code, and then acts *for* that player — as the player, within the player's own
  rights — only on the RPCs marked ``for_player_via_bot`` (docs/rules.md access.bot.acts-for-linked-player);
* a competition's **projections** are read by its own players, its organizers and judges (and the bot
  for a linked player): each call is a solve;
* **anyone authenticated** reads competitions, rosters, published tables, match history, standings,
  stages, brackets, the playoff and the club calendar;
* a player's **availability** (their intervals) is read and written only by its owner — not even by
  an organizer (discard-league-2026 §3: "personal intervals are not published").
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gateway.domain.identity import Principal, Role
from rondo_runtime.errors import InvalidArgument, PermissionDenied, Unauthenticated
from rondo_runtime.match_key import competition_of
from rondo_runtime.text import MAX_REASON_LENGTH, clean_id, is_forbidden
from rondo_runtime.validation import Violations

ANYONE = frozenset(Role)
STAFF = frozenset({Role.ORGANIZER, Role.JUDGE})
ORGANIZER = frozenset({Role.ORGANIZER})
PLAYER = frozenset({Role.PLAYER})
BOT = frozenset({Role.BOT})
PASSWORD_HOLDERS = frozenset({Role.ORGANIZER, Role.JUDGE, Role.PLAYER})  # who logs in with a password (not a bot)
AUDIENCE = frozenset({Role.ORGANIZER, Role.JUDGE, Role.BOT})  # those who follow everything that happens
AUDITED_ROLES = STAFF  # every action of an organizer or a judge goes to the audit log

NO_TOKEN_MESSAGE = "this call needs a token: log in and send the metadata 'authorization: Bearer <token>'"
MAX_SUMMARY_LENGTH = 1000  # characters of an audit entry's request summary
MAX_SUMMARY_TEXT = 80  # characters of one text value in a summary
MAX_SUMMARY_ITEMS = 20  # items of one list in a summary
#: Never in an audit summary: secrets, and a player's intervals (discard-league-2026 §3).
REDACTED_FIELDS = frozenset(
    {"password", "old_password", "new_password", "token", "service_token", "secret", "intervals", "idempotency_key"}
)


@dataclass(frozen=True)
class Access:
    """One RPC's entry. ``roles``: who may call it (``open``: no token needed). ``own_player``: request
    fields that a *player* must fill with one of their own league players (empty: filled in from the
    token); other roles allowed may name anyone. ``own_account``: request fields that must name the
    caller's own account unless the caller is an organizer (empty: filled in). ``author``: fields the
    guard sets to the caller's account name, whatever the client sent. ``organizer_only``: fields only
    an organizer may set (another role setting one is refused). ``action``: a change, kept in the audit
    log when an organizer or a judge makes it. ``for_player_via_bot``: the bot may make this call for a
    linked player (metadata ``x-rondo-telegram-user``; docs/rules.md access.bot.acts-for-linked-player):
    the player's own actions and reads; every other RPC refuses that metadata."""

    roles: frozenset[Role]
    action: bool = False
    own_player: tuple[str, ...] = ()
    own_account: tuple[str, ...] = ()
    author: tuple[str, ...] = ()
    organizer_only: tuple[str, ...] = ()
    open: bool = False
    for_player_via_bot: bool = False


def _read(roles: frozenset[Role], **kwargs: Any) -> Access:
    return Access(roles, action=False, **kwargs)


def _act(roles: frozenset[Role], **kwargs: Any) -> Access:
    return Access(roles, action=True, **kwargs)


MATRIX = {
    # --- identity (gateway/identity_service.py) ---
    "Login": Access(frozenset(), action=False, open=True),
    "Logout": _act(ANYONE),
    "RevokeToken": _act(ANYONE, own_account=("account_id",)),
    "WhoAmI": _read(ANYONE, for_player_via_bot=True),
    # the caller's own password, given the old one (a bot has none: it has a service token)
    "ChangePassword": _act(PASSWORD_HOLDERS),
    "CreateAccount": _act(ORGANIZER),
    "ResetPassword": _act(ORGANIZER),
    "ListAccounts": _read(ORGANIZER),
    "DisableAccount": _act(ORGANIZER),
    "LinkPlayer": _act(ORGANIZER),
    "ListAuditLog": _read(ORGANIZER),
    # Telegram links: the player asks for a one-time code, the bot links it (gateway/domain/telegram.py)
    "CreateTelegramLinkCode": _act(PLAYER),
    "LinkTelegram": _act(BOT),
    "UnlinkTelegram": _act(PLAYER | BOT),
    "GetTelegramLink": _read(PLAYER | BOT),
    "ListTelegramLinks": _read(BOT),
    # organizers are scoped to their clubs and competitions (gateway/domain/scopes.py): the owner grants
    "GrantAccess": _act(ORGANIZER),
    "RevokeAccess": _act(ORGANIZER),
    # --- competitions, rosters, draws ---
    "CreateCompetition": _act(ORGANIZER),
    "GetCompetition": _read(ANYONE),
    "ListCompetitions": _read(ANYONE),
    "RegisterPlayer": _act(ORGANIZER),
    "WithdrawPlayer": _act(ORGANIZER),
    "CloseRegistration": _act(ORGANIZER, author=("closed_by",)),
    "ListPlayers": _read(ANYONE),
    "DrawCompetition": _act(ORGANIZER),
    "Redraw": _act(ORGANIZER),
    "ApproveDraw": _act(ORGANIZER),
    # a draw under review is not shown to players (mahjong.draw.organizer-approves): they read GetSeating
    "GetDraw": _read(STAFF),
    "ListDraws": _read(STAFF),
    "GetSeating": _read(ANYONE, for_player_via_bot=True),
    # --- results: game decisions (judges and organizers) ---
    "RecordHanchan": _act(STAFF, author=("recorded_by",)),
    "RecordPenalty": _act(STAFF, author=("recorded_by",)),
    "RecordNoShow": _act(STAFF, author=("recorded_by",)),
    "RecordGame": _act(STAFF, author=("recorded_by",)),
    # the judge decides the game, the organizer the organisation (discard-league-2026 §6.3): only an
    # organizer confirms a correction that changes a stage already generated
    "CorrectRecord": _act(STAFF, author=("recorded_by",), organizer_only=("organizer_confirms",)),
    "ListResultRecords": _read(ANYONE, for_player_via_bot=True),
    "GetStandings": _read(ANYONE, for_player_via_bot=True),
    # the competition's own players (their player in it, filled in from the token: a stranger is refused),
    # its organizers and judges (scoped), the bot for a linked player; each call is a solve, never open
    "GetProjections": _read(PASSWORD_HOLDERS, own_player=("viewer_player_id",), for_player_via_bot=True),
    # --- stages ---
    "AdvanceStage": _act(ORGANIZER, author=("created_by",)),
    "PrepareStage": _read(STAFF),
    "GetStage": _read(ANYONE),
    "ListStages": _read(ANYONE),
    # --- player reports, disputes, rulesets, ties ---
    "ReportResult": _act(PLAYER, own_player=("reported_by_player_id",), for_player_via_bot=True),
    "ConfirmResult": _act(PLAYER, own_player=("player_id",), for_player_via_bot=True),
    "DisputeResult": _act(PLAYER, own_player=("player_id",), for_player_via_bot=True),
    "ResolveDispute": _act(STAFF, author=("judge",)),
    "ChangeRuleset": _act(ORGANIZER, author=("changed_by",)),
    "ListRulesetVersions": _read(ANYONE),
    "ListRulesets": _read(ANYONE),
    "DecideTie": _act(ORGANIZER, author=("decided_by",)),
    "DecidePlayoff": _act(ORGANIZER, author=("decided_by",)),
    # --- Up&Down and the cup ---
    "GetUpdownStandings": _read(ANYONE),
    "ApplyCheckpoint": _act(STAFF, author=("recorded_by",)),
    "DisqualifyPlayer": _act(STAFF, author=("recorded_by",)),
    "GetCupBracket": _read(ANYONE),
    "GetPlayoff": _read(ANYONE),
    # --- scheduling ---
    "CreateClub": _act(ORGANIZER),
    "GetClub": _read(ANYONE),
    # the clubs the caller holds (gateway/domain/scopes.py clubs_listed): organizers and their judges
    "ListClubs": _read(STAFF),
    "CreateRoom": _act(ORGANIZER),
    "ListRooms": _read(ANYONE),
    "OpenRoundScheduling": _act(ORGANIZER),
    "ProposeRoundSchedule": _act(ORGANIZER),
    "SetAvailability": _act(PLAYER, own_player=("player_id",), for_player_via_bot=True),
    "GetAvailability": _read(PLAYER, own_player=("player_id",), for_player_via_bot=True),
    "GetMatchCard": _read(ANYONE, own_player=("viewer_player_id",), for_player_via_bot=True),
    "ProposeMeeting": _act(PLAYER, own_player=("player_id",), for_player_via_bot=True),
    "ConfirmMeeting": _act(PLAYER, own_player=("player_id",), for_player_via_bot=True),
    "CancelMeeting": _act(ORGANIZER),
    "AssignMeeting": _act(ORGANIZER),
    "BookActivity": _act(ORGANIZER),
    "ListBookings": _read(ANYONE),
    # --- the club calendar: the organizer keeps the club's availability (discard-league-2026 §6.3) ---
    "UpdateClub": _act(ORGANIZER),
    "BookRecurringActivity": _act(ORGANIZER),
    "GetSeries": _read(ANYONE),
    "CancelOccurrence": _act(ORGANIZER),
    "MoveOccurrence": _act(ORGANIZER),
    "CancelSeries": _act(ORGANIZER),
    "ApplyFallback": _act(ORGANIZER),
    "MoveMatchWindow": _act(ORGANIZER),
    "RotateCalendarToken": _act(ORGANIZER),
    # the feed's own token says which club; it carries bookings, never an interval
    "ExportCalendar": _read(ANYONE),
    # a player's own feed: the token is the account's; the feed lists only its own booked meetings
    "RotateMyCalendarToken": _act(PLAYER),
    # --- events for bots: what happened, never an interval ---
    "WatchEvents": _read(AUDIENCE),
    "ListEvents": _read(AUDIENCE),
    # --- a draw anyone can verify: the organizer commits, everyone reads and checks ---
    "CommitDrawSeed": _act(ORGANIZER, author=("committed_by",)),
    "GetSeedCommitment": _read(ANYONE),
    "GetDrawCertificate": _read(ANYONE),
    # --- reminders: the gateway publishes them itself; the bot says what it delivered ---
    "UpdateReminderSchedule": _act(ORGANIZER),
    "GetReminderSchedule": _read(ANYONE),
    "PublishDueReminders": _act(ORGANIZER),
    "AcknowledgeReminder": _act(frozenset({Role.ORGANIZER, Role.BOT}), author=("acknowledged_by",)),
    "ListReminders": _read(AUDIENCE),
    # --- Up&Down mediation and time-outs: the judge mediates (updown-league-2007 §9.1, §11) ---
    "SetMediationCalendar": _act(STAFF),
    "RequestMediation": _act(PLAYER | STAFF, own_player=("requester_id",)),
    "AnswerMediation": _act(PLAYER | STAFF, own_player=("player_id",)),
    "DecideMediation": _act(STAFF),
    "RecordMediatedGame": _act(STAFF, author=("recorded_by",)),
    "RequestTimeout": _act(PLAYER | STAFF, own_player=("player_id",)),
    "ListMediations": _read(PLAYER | STAFF, own_player=("player_id",)),
    "ListTimeouts": _read(PLAYER | STAFF, own_player=("player_id",)),
}


def access_for(rpc: str) -> Access:
    """The RPC's entry; an RPC without one is refused for everyone (deny by default)."""
    access = MATRIX.get(rpc)
    if access is None:
        raise PermissionDenied.because("RPC_NOT_IN_MATRIX", rpc=rpc)
    return access


def role_names(roles: frozenset[Role]) -> str:
    names = [r.value for r in Role if r in roles]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def authorize(rpc: str, principal: Principal | None) -> Access:
    """The RPC's entry when ``principal`` may call it; UNAUTHENTICATED without a principal (unless the
    RPC is open), PERMISSION_DENIED naming the role and the RPC for a role the matrix does not allow."""
    access = access_for(rpc)
    if access.open:
        return access
    if principal is None:
        raise Unauthenticated(NO_TOKEN_MESSAGE, reason="TOKEN_MISSING")
    if principal.role not in access.roles:
        raise PermissionDenied.because("ROLE_NOT_ALLOWED", role=principal.role.value, rpc=rpc, roles=role_names(access.roles))
    return access


def competition_hint(values: Mapping[str, object]) -> str:
    """The competition a request is about: its ``competition_id``, else the first part of its
    ``match_key`` (``<competition>/<stage>/<round>/<table>``); "" when neither says. A malformed one
    (too long, not printable ASCII) is INVALID_ARGUMENT naming it, before any player is looked up."""
    competition = values.get("competition_id")
    if isinstance(competition, str) and competition:
        return clean_id(competition, "competition_id")
    match_key = values.get("match_key")
    if isinstance(match_key, str) and match_key:
        return competition_of(clean_id(match_key, "match_key"))
    return ""


def own_fields(access: Access, principal: Principal, values: Mapping[str, object]) -> dict[str, str]:
    """The self fields to set on the request (docs/rules.md access.players.act-for-themselves).

    ``values`` holds the request's current value of every field named by ``access.own_player`` and
    ``access.own_account``, and its ``competition_id`` / ``match_key``. A player's empty player field is
    filled with their player in the request's competition (or their only one); naming another player
    is PERMISSION_DENIED. An empty account field is filled with the caller's account; naming another
    account is PERMISSION_DENIED unless the caller is an organizer."""
    out: dict[str, str] = {}
    if principal.role == Role.PLAYER:
        for name in access.own_player:
            given = values.get(name)
            given = given.strip() if isinstance(given, str) else ""
            if given:
                if given not in principal.player_ids:
                    raise PermissionDenied.because("NOT_YOUR_PLAYER", field=name)
            else:
                out[name] = _own_player(principal, name, competition_hint(values))
    for name in access.own_account:
        given = values.get(name)
        given = given.strip() if isinstance(given, str) else ""
        if not given:
            out[name] = principal.account_id
        elif given != principal.account_id and principal.role != Role.ORGANIZER:
            raise PermissionDenied.because("NOT_YOUR_ACCOUNT", field=name)
    return out


def _own_player(principal: Principal, field_name: str, competition: str) -> str:
    links = principal.links
    if competition:
        links = tuple(link for link in links if link.competition_id == competition)
    if len(links) == 1:
        return links[0].player_id
    if not links:
        where = "this competition" if competition else "any competition"
        raise PermissionDenied.because("PLAYER_NOT_LINKED", where=where)
    raise InvalidArgument.single(field_name, "your account plays in several competitions: name your player id")


def forbid_organizer_fields(access: Access, principal: Principal, values: Mapping[str, object]) -> None:
    """PERMISSION_DENIED when a caller other than an organizer sets a field only an organizer may
    set (docs/rules.md access.organizer.confirms-organisation): ``values`` holds the request's value of
    each field named by ``access.organizer_only``."""
    if principal.role == Role.ORGANIZER:
        return
    for name in access.organizer_only:
        if values.get(name):
            raise PermissionDenied(
                f"{name} is the organizer's confirmation; a {principal.role.value} may not set it "
                "(the judge decides the game, the organizer the organisation)"
            )


def author_fields(access: Access, principal: Principal) -> dict[str, str]:
    """The author fields to set: the caller's account name (never what the client said)."""
    return {name: principal.name for name in access.author}


def audited(access: Access, principal: Principal | None) -> bool:
    """Whether the call goes to the audit log: an action of an organizer or a judge, or one a bot made
    for a linked player (kept as the player's, ``via`` the bot)."""
    return access.action and principal is not None and (principal.role in AUDITED_ROLES or bool(principal.via))


def check_delegation(rpc: str, access: Access, principal: Principal | None) -> None:
    """A call carrying ``x-rondo-telegram-user`` (docs/rules.md access.bot.acts-for-linked-player): only
    a bot's token may send it (UNAUTHENTICATED without a token, PERMISSION_DENIED for another role),
    and only for an RPC the matrix marks ``for_player_via_bot`` (PERMISSION_DENIED naming the RPC)."""
    if principal is None:
        raise Unauthenticated(NO_TOKEN_MESSAGE, reason="TOKEN_MISSING")
    if principal.role != Role.BOT:
        raise PermissionDenied.because("ONLY_A_BOT_ACTS_FOR_TELEGRAM_USERS")
    if not access.for_player_via_bot:
        raise PermissionDenied.because("NOT_FOR_A_LINKED_PLAYER", rpc=rpc)


# ----------------------------------------------------------------------------------- audit summaries


def _bounded(value: Any, depth: int = 0) -> Any:
    if isinstance(value, Mapping):
        if depth >= 3:
            return "{…}"
        return {str(k): _bounded(v, depth + 1) for k, v in sorted(value.items()) if str(k) not in REDACTED_FIELDS}
    if isinstance(value, (list, tuple)):
        items = [_bounded(v, depth + 1) for v in value[:MAX_SUMMARY_ITEMS]]
        if len(value) > MAX_SUMMARY_ITEMS:
            items.append(f"… and {len(value) - MAX_SUMMARY_ITEMS} more")
        return items
    if isinstance(value, str):
        return value if len(value) <= MAX_SUMMARY_TEXT else value[: MAX_SUMMARY_TEXT - 1] + "…"
    if isinstance(value, (int, float, bool)) or value is None:
        return value
    return str(value)[:MAX_SUMMARY_TEXT]


def audit_summary(fields: Mapping[str, Any]) -> str:
    """A bounded JSON summary of a request's fields for the audit log: secrets, intervals and
    idempotency keys left out, long texts and lists cut, at most ``MAX_SUMMARY_LENGTH`` characters."""
    text = json.dumps(_bounded(fields), ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return text if len(text) <= MAX_SUMMARY_LENGTH else text[: MAX_SUMMARY_LENGTH - 1] + "…"


def audit_reason(fields: Mapping[str, Any]) -> str:
    """Why: the request's ``reason`` field when it has one, bounded, a control character shown as
    U+FFFD (the call itself is refused by :func:`check_text_fields`, but its refusal is kept)."""
    reason = fields.get("reason")
    if not isinstance(reason, str):
        return ""
    reason = "".join("\ufffd" if is_forbidden(c) and c not in "\t\r\n" else c for c in reason)
    return reason if len(reason) <= MAX_REASON_LENGTH else reason[: MAX_REASON_LENGTH - 1] + "…"


MAX_CHECKED_TEXTS = 10_000  # string values one request may carry into the check (beyond: refused)


def check_text_fields(fields: Mapping[str, Any]) -> None:
    """INVALID_ARGUMENT naming each field (its path, ``account.created_by``) whose text holds a control
    character other than tab and line breaks — NUL above all, which PostgreSQL cannot store: an
    audited action is refused before it runs, so it and its audit entry both store or neither runs
    (docs/rules.md access.audit.organizer-and-judge-actions)."""
    v = Violations()
    stack: list[tuple[str, Any]] = [("", fields)]
    seen = 0
    while stack:
        path, value = stack.pop()
        seen += 1
        if seen > MAX_CHECKED_TEXTS:
            v.add(path or "request", "carries too many values")
            break
        if isinstance(value, Mapping):
            stack.extend((f"{path}.{k}" if path else str(k), item) for k, item in value.items())
        elif isinstance(value, list):
            stack.extend((f"{path}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, str):
            bad = next((c for c in value if is_forbidden(c) and c not in "\t\r\n"), None)
            if bad is not None:
                v.add(path, f"contains the control character U+{ord(bad):04X}; remove it")
    v.items.sort(key=lambda item: item.field)
    v.raise_if_any()
