import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

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
