import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Role(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ROLE_UNSPECIFIED: _ClassVar[Role]
    ROLE_ORGANIZER: _ClassVar[Role]
    ROLE_JUDGE: _ClassVar[Role]
    ROLE_PLAYER: _ClassVar[Role]
    ROLE_BOT: _ClassVar[Role]
ROLE_UNSPECIFIED: Role
ROLE_ORGANIZER: Role
ROLE_JUDGE: Role
ROLE_PLAYER: Role
ROLE_BOT: Role

class PlayerLink(_message.Message):
    __slots__ = ("competition_id", "player_id")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    player_id: str
    def __init__(self, competition_id: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class Account(_message.Message):
    __slots__ = ("id", "name", "role", "created_at", "created_by", "disabled", "players")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    CREATED_BY_FIELD_NUMBER: _ClassVar[int]
    DISABLED_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    role: Role
    created_at: _timestamp_pb2.Timestamp
    created_by: str
    disabled: bool
    players: _containers.RepeatedCompositeFieldContainer[PlayerLink]
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., role: _Optional[_Union[Role, str]] = ..., created_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., created_by: _Optional[str] = ..., disabled: _Optional[bool] = ..., players: _Optional[_Iterable[_Union[PlayerLink, _Mapping]]] = ...) -> None: ...

class LoginRequest(_message.Message):
    __slots__ = ("name", "password")
    NAME_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    name: str
    password: str
    def __init__(self, name: _Optional[str] = ..., password: _Optional[str] = ...) -> None: ...

class LoginResponse(_message.Message):
    __slots__ = ("token", "expires_at", "account")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    token: str
    expires_at: _timestamp_pb2.Timestamp
    account: Account
    def __init__(self, token: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class ChangePasswordRequest(_message.Message):
    __slots__ = ("old_password", "new_password")
    OLD_PASSWORD_FIELD_NUMBER: _ClassVar[int]
    NEW_PASSWORD_FIELD_NUMBER: _ClassVar[int]
    old_password: str
    new_password: str
    def __init__(self, old_password: _Optional[str] = ..., new_password: _Optional[str] = ...) -> None: ...

class ChangePasswordResponse(_message.Message):
    __slots__ = ("token", "expires_at", "account")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    token: str
    expires_at: _timestamp_pb2.Timestamp
    account: Account
    def __init__(self, token: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class LogoutRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class LogoutResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RevokeTokenRequest(_message.Message):
    __slots__ = ("account_id", "reason")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    reason: str
    def __init__(self, account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class RevokeTokenResponse(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class WhoAmIRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CreateAccountRequest(_message.Message):
    __slots__ = ("account",)
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ...) -> None: ...

class AccountCredentials(_message.Message):
    __slots__ = ("account", "password", "service_token", "service_token_expires_at")
    ACCOUNT_FIELD_NUMBER: _ClassVar[int]
    PASSWORD_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    SERVICE_TOKEN_EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    account: Account
    password: str
    service_token: str
    service_token_expires_at: _timestamp_pb2.Timestamp
    def __init__(self, account: _Optional[_Union[Account, _Mapping]] = ..., password: _Optional[str] = ..., service_token: _Optional[str] = ..., service_token_expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ResetPasswordRequest(_message.Message):
    __slots__ = ("account_id", "reason")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    reason: str
    def __init__(self, account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ListAccountsRequest(_message.Message):
    __slots__ = ("role", "include_disabled", "page_size", "page_token")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    INCLUDE_DISABLED_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    role: Role
    include_disabled: bool
    page_size: int
    page_token: str
    def __init__(self, role: _Optional[_Union[Role, str]] = ..., include_disabled: _Optional[bool] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListAccountsResponse(_message.Message):
    __slots__ = ("accounts", "next_page_token")
    ACCOUNTS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    accounts: _containers.RepeatedCompositeFieldContainer[Account]
    next_page_token: str
    def __init__(self, accounts: _Optional[_Iterable[_Union[Account, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class DisableAccountRequest(_message.Message):
    __slots__ = ("account_id", "reason")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    reason: str
    def __init__(self, account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class LinkPlayerRequest(_message.Message):
    __slots__ = ("account_id", "competition_id", "player_id")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    competition_id: str
    player_id: str
    def __init__(self, account_id: _Optional[str] = ..., competition_id: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class AuditEntry(_message.Message):
    __slots__ = ("id", "at", "account_id", "account_name", "role", "rpc", "summary", "reason", "outcome", "via")
    ID_FIELD_NUMBER: _ClassVar[int]
    AT_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_NAME_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    RPC_FIELD_NUMBER: _ClassVar[int]
    SUMMARY_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    VIA_FIELD_NUMBER: _ClassVar[int]
    id: int
    at: _timestamp_pb2.Timestamp
    account_id: str
    account_name: str
    role: Role
    rpc: str
    summary: str
    reason: str
    outcome: str
    via: str
    def __init__(self, id: _Optional[int] = ..., at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., account_id: _Optional[str] = ..., account_name: _Optional[str] = ..., role: _Optional[_Union[Role, str]] = ..., rpc: _Optional[str] = ..., summary: _Optional[str] = ..., reason: _Optional[str] = ..., outcome: _Optional[str] = ..., via: _Optional[str] = ...) -> None: ...

class ListAuditLogRequest(_message.Message):
    __slots__ = ("account_id", "page_size", "page_token")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    page_size: int
    page_token: str
    def __init__(self, account_id: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListAuditLogResponse(_message.Message):
    __slots__ = ("entries", "next_page_token")
    ENTRIES_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    entries: _containers.RepeatedCompositeFieldContainer[AuditEntry]
    next_page_token: str
    def __init__(self, entries: _Optional[_Iterable[_Union[AuditEntry, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class GrantAccessRequest(_message.Message):
    __slots__ = ("club_id", "competition_id", "account_id", "reason")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    competition_id: str
    account_id: str
    reason: str
    def __init__(self, club_id: _Optional[str] = ..., competition_id: _Optional[str] = ..., account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class RevokeAccessRequest(_message.Message):
    __slots__ = ("club_id", "competition_id", "account_id", "reason")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    competition_id: str
    account_id: str
    reason: str
    def __init__(self, club_id: _Optional[str] = ..., competition_id: _Optional[str] = ..., account_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class AccessGrant(_message.Message):
    __slots__ = ("club_id", "competition_id", "account_id", "owner", "granted_by", "granted_at", "revoked")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    OWNER_FIELD_NUMBER: _ClassVar[int]
    GRANTED_BY_FIELD_NUMBER: _ClassVar[int]
    GRANTED_AT_FIELD_NUMBER: _ClassVar[int]
    REVOKED_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    competition_id: str
    account_id: str
    owner: bool
    granted_by: str
    granted_at: _timestamp_pb2.Timestamp
    revoked: bool
    def __init__(self, club_id: _Optional[str] = ..., competition_id: _Optional[str] = ..., account_id: _Optional[str] = ..., owner: _Optional[bool] = ..., granted_by: _Optional[str] = ..., granted_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., revoked: _Optional[bool] = ...) -> None: ...

class CreateTelegramLinkCodeRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class TelegramLinkCode(_message.Message):
    __slots__ = ("code", "expires_at", "deep_link")
    CODE_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_AT_FIELD_NUMBER: _ClassVar[int]
    DEEP_LINK_FIELD_NUMBER: _ClassVar[int]
    code: str
    expires_at: _timestamp_pb2.Timestamp
    deep_link: str
    def __init__(self, code: _Optional[str] = ..., expires_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., deep_link: _Optional[str] = ...) -> None: ...

class LinkTelegramRequest(_message.Message):
    __slots__ = ("code", "telegram_user_id", "chat_id", "language")
    CODE_FIELD_NUMBER: _ClassVar[int]
    TELEGRAM_USER_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    code: str
    telegram_user_id: int
    chat_id: int
    language: str
    def __init__(self, code: _Optional[str] = ..., telegram_user_id: _Optional[int] = ..., chat_id: _Optional[int] = ..., language: _Optional[str] = ...) -> None: ...

class TelegramLink(_message.Message):
    __slots__ = ("account_id", "account_name", "telegram_user_id", "chat_id", "language", "players", "linked_at")
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    ACCOUNT_NAME_FIELD_NUMBER: _ClassVar[int]
    TELEGRAM_USER_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    LANGUAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    LINKED_AT_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    account_name: str
    telegram_user_id: int
    chat_id: int
    language: str
    players: _containers.RepeatedCompositeFieldContainer[PlayerLink]
    linked_at: _timestamp_pb2.Timestamp
    def __init__(self, account_id: _Optional[str] = ..., account_name: _Optional[str] = ..., telegram_user_id: _Optional[int] = ..., chat_id: _Optional[int] = ..., language: _Optional[str] = ..., players: _Optional[_Iterable[_Union[PlayerLink, _Mapping]]] = ..., linked_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class UnlinkTelegramRequest(_message.Message):
    __slots__ = ("telegram_user_id",)
    TELEGRAM_USER_ID_FIELD_NUMBER: _ClassVar[int]
    telegram_user_id: int
    def __init__(self, telegram_user_id: _Optional[int] = ...) -> None: ...

class UnlinkTelegramResponse(_message.Message):
    __slots__ = ("account_id",)
    ACCOUNT_ID_FIELD_NUMBER: _ClassVar[int]
    account_id: str
    def __init__(self, account_id: _Optional[str] = ...) -> None: ...

class GetTelegramLinkRequest(_message.Message):
    __slots__ = ("telegram_user_id",)
    TELEGRAM_USER_ID_FIELD_NUMBER: _ClassVar[int]
    telegram_user_id: int
    def __init__(self, telegram_user_id: _Optional[int] = ...) -> None: ...

class ListTelegramLinksRequest(_message.Message):
    __slots__ = ("page_size", "page_token")
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    page_size: int
    page_token: str
    def __init__(self, page_size: _Optional[int] = ..., page_token: _Optional[str] = ...) -> None: ...

class ListTelegramLinksResponse(_message.Message):
    __slots__ = ("links", "next_page_token")
    LINKS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    links: _containers.RepeatedCompositeFieldContainer[TelegramLink]
    next_page_token: str
    def __init__(self, links: _Optional[_Iterable[_Union[TelegramLink, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...
