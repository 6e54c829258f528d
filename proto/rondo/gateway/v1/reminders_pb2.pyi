import datetime

from google.protobuf import field_mask_pb2 as _field_mask_pb2
from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ReminderSchedule(_message.Message):
    __slots__ = ("club_id", "weekday", "local_time")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    LOCAL_TIME_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    weekday: int
    local_time: str
    def __init__(self, club_id: _Optional[str] = ..., weekday: _Optional[int] = ..., local_time: _Optional[str] = ...) -> None: ...

class GetReminderScheduleRequest(_message.Message):
    __slots__ = ("club_id",)
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    def __init__(self, club_id: _Optional[str] = ...) -> None: ...

class UpdateReminderScheduleRequest(_message.Message):
    __slots__ = ("reminder_schedule", "update_mask")
    REMINDER_SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    UPDATE_MASK_FIELD_NUMBER: _ClassVar[int]
    reminder_schedule: ReminderSchedule
    update_mask: _field_mask_pb2.FieldMask
    def __init__(self, reminder_schedule: _Optional[_Union[ReminderSchedule, _Mapping]] = ..., update_mask: _Optional[_Union[_field_mask_pb2.FieldMask, _Mapping]] = ...) -> None: ...

class Reminder(_message.Message):
    __slots__ = ("id", "match_key", "club_id", "due_at", "window", "player_ids", "reason", "published_at", "acknowledged_at", "acknowledged_by")
    ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    DUE_AT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_AT_FIELD_NUMBER: _ClassVar[int]
    ACKNOWLEDGED_AT_FIELD_NUMBER: _ClassVar[int]
    ACKNOWLEDGED_BY_FIELD_NUMBER: _ClassVar[int]
    id: str
    match_key: str
    club_id: str
    due_at: _timestamp_pb2.Timestamp
    window: _common_pb2.TimeInterval
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    reason: str
    published_at: _timestamp_pb2.Timestamp
    acknowledged_at: _timestamp_pb2.Timestamp
    acknowledged_by: str
    def __init__(self, id: _Optional[str] = ..., match_key: _Optional[str] = ..., club_id: _Optional[str] = ..., due_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window: _Optional[_Union[_common_pb2.TimeInterval, _Mapping]] = ..., player_ids: _Optional[_Iterable[str]] = ..., reason: _Optional[str] = ..., published_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., acknowledged_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., acknowledged_by: _Optional[str] = ...) -> None: ...

class PublishDueRemindersRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class PublishDueRemindersResponse(_message.Message):
    __slots__ = ("reminders",)
    REMINDERS_FIELD_NUMBER: _ClassVar[int]
    reminders: _containers.RepeatedCompositeFieldContainer[Reminder]
    def __init__(self, reminders: _Optional[_Iterable[_Union[Reminder, _Mapping]]] = ...) -> None: ...

class AcknowledgeReminderRequest(_message.Message):
    __slots__ = ("reminder_id", "acknowledged_by")
    REMINDER_ID_FIELD_NUMBER: _ClassVar[int]
    ACKNOWLEDGED_BY_FIELD_NUMBER: _ClassVar[int]
    reminder_id: str
    acknowledged_by: str
    def __init__(self, reminder_id: _Optional[str] = ..., acknowledged_by: _Optional[str] = ...) -> None: ...

class ListRemindersRequest(_message.Message):
    __slots__ = ("club_id", "to", "match_key_prefix", "page_size", "page_token")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_PREFIX_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    to: _timestamp_pb2.Timestamp
    match_key_prefix: str
    page_size: int
    page_token: str
    def __init__(self, club_id: _Optional[str] = ..., to: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., match_key_prefix: _Optional[str] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., **kwargs) -> None: ...

class ListRemindersResponse(_message.Message):
    __slots__ = ("reminders", "next_page_token")
    REMINDERS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    reminders: _containers.RepeatedCompositeFieldContainer[Reminder]
    next_page_token: str
    def __init__(self, reminders: _Optional[_Iterable[_Union[Reminder, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...
