"""The identity RPCs of ``GatewayService`` over gRPC: protobuf <-> ``gateway/identity_service.py``, and
nothing else (the guard, ``gateway/guard.py``, has already authenticated and authorized the caller)."""

from __future__ import annotations

import asyncio
from datetime import datetime

from google.protobuf.timestamp_pb2 import Timestamp

from gateway.domain.identity import Account, AuditEntry, Principal, Role
from gateway.domain.update_mask import nested_paths
from gateway.guard import current_principal
from gateway.identity_service import Credentials, IdentityService, LinkedAccount
from gateway.service import GatewayService
from rondo.gateway.v1 import calendar_pb2, identity_pb2
from rondo_runtime.errors import InvalidArgument, Unauthenticated

ROLE_TO_PROTO: dict[Role, identity_pb2.Role] = {
    Role.ORGANIZER: identity_pb2.ROLE_ORGANIZER,
    Role.JUDGE: identity_pb2.ROLE_JUDGE,
    Role.PLAYER: identity_pb2.ROLE_PLAYER,
    Role.BOT: identity_pb2.ROLE_BOT,
}
ROLE_FROM_PROTO: dict[int, Role] = {int(v): k for k, v in ROLE_TO_PROTO.items()}


def _ts(value: datetime | None) -> Timestamp | None:
    if value is None:
        return None
    out = Timestamp()
    out.FromDatetime(value)
    return out


def account_to_proto(account: Account) -> identity_pb2.Account:
    return identity_pb2.Account(
        id=account.id,
        name=account.name,
        role=ROLE_TO_PROTO[account.role],
        created_at=_ts(account.created_at),
        created_by=account.created_by,
        disabled=account.disabled,
        players=_players(account),
    )


def _players(account: Account) -> list[identity_pb2.PlayerLink]:
    return [identity_pb2.PlayerLink(competition_id=p.competition_id, player_id=p.player_id) for p in account.links]


def credentials_to_proto(credentials: Credentials) -> identity_pb2.AccountCredentials:
    return identity_pb2.AccountCredentials(
        account=account_to_proto(credentials.account),
        password=credentials.password,
        service_token=credentials.service_token,
        service_token_expires_at=_ts(credentials.service_token_expires_at),
    )


def audit_to_proto(entry: AuditEntry) -> identity_pb2.AuditEntry:
    return identity_pb2.AuditEntry(
        id=entry.id,
        at=_ts(entry.at),
        account_id=entry.account_id,
        account_name=entry.account_name,
        role=ROLE_TO_PROTO[entry.role],
        rpc=entry.rpc,
        summary=entry.summary,
        reason=entry.reason,
        outcome=entry.outcome,
        via=entry.via,
    )


def linked_to_proto(linked: LinkedAccount) -> identity_pb2.TelegramLink:
    link, account = linked.link, linked.account
    return identity_pb2.TelegramLink(
        account_id=account.id,
        account_name=account.name,
        telegram_user_id=link.telegram_user_id,
        chat_id=link.chat_id,
        language=link.language,
        players=_players(account),
        linked_at=_ts(link.linked_at),
    )


def _role(value: int) -> Role | str:
    """The role asked for; an unset or unknown one as its name, refused by the service naming ``role``."""
    role = ROLE_FROM_PROTO.get(value)
    if role is not None:
        return role
    return identity_pb2.Role.Name(value) if value in identity_pb2.Role.values() else str(value)


def caller() -> Principal:
    """The guard's principal; a guarded RPC that needs a token never runs without one."""
    principal = current_principal()
    if principal is None:
        raise Unauthenticated("this call needs a token", reason="TOKEN_MISSING")
    return principal


class IdentityRpcs:
    """The identity half of ``GatewayServicer`` (mixed in; ``self._identity`` and ``self.service`` set)."""

    _identity: IdentityService | None
    service: GatewayService

    @property
    def identity(self) -> IdentityService:
        if self._identity is None:  # a servicer built without identity (some service-layer tests)
            raise RuntimeError("this gateway servicer was built without an identity service")
        return self._identity

    async def Login(self, request, context):
        answer = await self.identity.login(request.name, request.password, context.peer())
        return identity_pb2.LoginResponse(
            token=answer.token, expires_at=_ts(answer.expires_at), account=account_to_proto(answer.account)
        )

    async def ChangePassword(self, request, context):
        answer = await self.identity.change_password(caller(), request.old_password, request.new_password, context.peer())
        return identity_pb2.ChangePasswordResponse(
            token=answer.token, expires_at=_ts(answer.expires_at), account=account_to_proto(answer.account)
        )

    async def Logout(self, request, context):
        await asyncio.to_thread(self.identity.logout, caller())
        return identity_pb2.LogoutResponse()

    async def RevokeToken(self, request, context):
        account = await asyncio.to_thread(self.identity.revoke_tokens, caller(), request.account_id)
        return identity_pb2.RevokeTokenResponse(account_id=account.id)

    async def WhoAmI(self, request, context):
        return account_to_proto(await asyncio.to_thread(self.identity.whoami, caller()))

    async def CreateAccount(self, request, context):
        account = request.account
        try:
            created = await asyncio.to_thread(self.identity.create_account, caller(), account.name, _role(account.role))
        except InvalidArgument as error:  # the account's fields are under "account" in the request
            raise nested_paths(error, {"name": "account.name", "role": "account.role"}) from None
        return credentials_to_proto(created)

    async def ResetPassword(self, request, context):
        return credentials_to_proto(await asyncio.to_thread(self.identity.reset_password, caller(), request.account_id))

    async def ListAccounts(self, request, context):
        role = ROLE_FROM_PROTO.get(request.role)
        accounts, token = await asyncio.to_thread(
            self.identity.list_accounts, role, request.include_disabled, request.page_size, request.page_token
        )
        return identity_pb2.ListAccountsResponse(accounts=[account_to_proto(a) for a in accounts], next_page_token=token)

    async def DisableAccount(self, request, context):
        return account_to_proto(await asyncio.to_thread(self.identity.disable_account, caller(), request.account_id))

    async def LinkPlayer(self, request, context):
        await asyncio.to_thread(self.identity.linkable, request.account_id)
        await self.service.league_player(request.competition_id, request.player_id, context.time_remaining())
        account = await asyncio.to_thread(
            self.identity.link_player, caller(), request.account_id, request.competition_id, request.player_id
        )
        return account_to_proto(account)

    async def ListAuditLog(self, request, context):
        entries, token = await asyncio.to_thread(
            self.identity.audit_log, request.account_id, request.page_size, request.page_token
        )
        return identity_pb2.ListAuditLogResponse(entries=[audit_to_proto(e) for e in entries], next_page_token=token)

    # --- a player's own iCalendar feed (served by gateway/adapters/calendar_http.py) ---
    async def RotateMyCalendarToken(self, request, context):
        token = await asyncio.to_thread(self.identity.rotate_my_calendar_token, caller())
        return calendar_pb2.MyCalendarToken(token=token, path=f"/calendar/me/{token}.ics")

    # --- Telegram links (gateway/domain/telegram.py) ---
    async def CreateTelegramLinkCode(self, request, context):
        issued = await asyncio.to_thread(self.identity.create_link_code, caller())
        return identity_pb2.TelegramLinkCode(code=issued.code, expires_at=_ts(issued.expires_at), deep_link=issued.deep_link)

    async def LinkTelegram(self, request, context):
        linked = await asyncio.to_thread(
            self.identity.link_telegram, request.code, request.telegram_user_id, request.chat_id, request.language
        )
        return linked_to_proto(linked)

    async def UnlinkTelegram(self, request, context):
        account_id = await asyncio.to_thread(self.identity.unlink_telegram, caller(), request.telegram_user_id)
        return identity_pb2.UnlinkTelegramResponse(account_id=account_id)

    async def GetTelegramLink(self, request, context):
        return linked_to_proto(await asyncio.to_thread(self.identity.telegram_link, caller(), request.telegram_user_id))

    async def ListTelegramLinks(self, request, context):
        links, token = await asyncio.to_thread(self.identity.telegram_links, request.page_size, request.page_token)
        return identity_pb2.ListTelegramLinksResponse(links=[linked_to_proto(x) for x in links], next_page_token=token)
