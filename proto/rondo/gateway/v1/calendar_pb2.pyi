import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.gateway.v1 import common_pb2 as _common_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BookingStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOOKING_STATUS_UNSPECIFIED: _ClassVar[BookingStatus]
    BOOKING_STATUS_ACTIVE: _ClassVar[BookingStatus]
    BOOKING_STATUS_CANCELLED: _ClassVar[BookingStatus]
BOOKING_STATUS_UNSPECIFIED: BookingStatus
BOOKING_STATUS_ACTIVE: BookingStatus
BOOKING_STATUS_CANCELLED: BookingStatus

class Booking(_message.Message):
    __slots__ = ("id", "club_id", "room_id", "slot", "title", "match_id", "meeting_id", "series_id", "sequence", "status", "cancel_reason")
    ID_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    MEETING_ID_FIELD_NUMBER: _ClassVar[int]
    SERIES_ID_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CANCEL_REASON_FIELD_NUMBER: _ClassVar[int]
    id: str
    club_id: str
    room_id: str
    slot: _common_pb2.TimeInterval
    title: str
    match_id: str
    meeting_id: str
    series_id: str
    sequence: int
    status: BookingStatus
    cancel_reason: str
    def __init__(self, id: _Optional[str] = ..., club_id: _Optional[str] = ..., room_id: _Optional[str] = ..., slot: _Optional[_Union[_common_pb2.TimeInterval, _Mapping]] = ..., title: _Optional[str] = ..., match_id: _Optional[str] = ..., meeting_id: _Optional[str] = ..., series_id: _Optional[str] = ..., sequence: _Optional[int] = ..., status: _Optional[_Union[BookingStatus, str]] = ..., cancel_reason: _Optional[str] = ...) -> None: ...

class BookActivityRequest(_message.Message):
    __slots__ = ("club_id", "room_id", "title", "start", "end", "idempotency_key")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    room_id: str
    title: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    idempotency_key: str
    def __init__(self, club_id: _Optional[str] = ..., room_id: _Optional[str] = ..., title: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ListBookingsRequest(_message.Message):
    __slots__ = ("club_id", "to", "page_size", "page_token")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    to: _timestamp_pb2.Timestamp
    page_size: int
    page_token: str
    def __init__(self, club_id: _Optional[str] = ..., to: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., page_size: _Optional[int] = ..., page_token: _Optional[str] = ..., **kwargs) -> None: ...

class ListBookingsResponse(_message.Message):
    __slots__ = ("bookings", "next_page_token")
    BOOKINGS_FIELD_NUMBER: _ClassVar[int]
    NEXT_PAGE_TOKEN_FIELD_NUMBER: _ClassVar[int]
    bookings: _containers.RepeatedCompositeFieldContainer[Booking]
    next_page_token: str
    def __init__(self, bookings: _Optional[_Iterable[_Union[Booking, _Mapping]]] = ..., next_page_token: _Optional[str] = ...) -> None: ...

class BookRecurringActivityRequest(_message.Message):
    __slots__ = ("club_id", "room_id", "title", "start", "end", "rrule", "idempotency_key")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    RRULE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    room_id: str
    title: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    rrule: str
    idempotency_key: str
    def __init__(self, club_id: _Optional[str] = ..., room_id: _Optional[str] = ..., title: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., rrule: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class Series(_message.Message):
    __slots__ = ("id", "club_id", "room_id", "title", "rrule", "time_zone", "occurrences")
    ID_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    RRULE_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    OCCURRENCES_FIELD_NUMBER: _ClassVar[int]
    id: str
    club_id: str
    room_id: str
    title: str
    rrule: str
    time_zone: str
    occurrences: _containers.RepeatedCompositeFieldContainer[Booking]
    def __init__(self, id: _Optional[str] = ..., club_id: _Optional[str] = ..., room_id: _Optional[str] = ..., title: _Optional[str] = ..., rrule: _Optional[str] = ..., time_zone: _Optional[str] = ..., occurrences: _Optional[_Iterable[_Union[Booking, _Mapping]]] = ...) -> None: ...

class GetSeriesRequest(_message.Message):
    __slots__ = ("club_id", "series_id")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    SERIES_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    series_id: str
    def __init__(self, club_id: _Optional[str] = ..., series_id: _Optional[str] = ...) -> None: ...

class CancelOccurrenceRequest(_message.Message):
    __slots__ = ("club_id", "booking_id", "reason")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    BOOKING_ID_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    booking_id: str
    reason: str
    def __init__(self, club_id: _Optional[str] = ..., booking_id: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class MoveOccurrenceRequest(_message.Message):
    __slots__ = ("club_id", "booking_id", "start", "end", "room_id", "idempotency_key")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    BOOKING_ID_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    booking_id: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    room_id: str
    idempotency_key: str
    def __init__(self, club_id: _Optional[str] = ..., booking_id: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., room_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CancelSeriesRequest(_message.Message):
    __slots__ = ("club_id", "series_id", "reason")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    SERIES_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    series_id: str
    reason: str
    def __init__(self, club_id: _Optional[str] = ..., series_id: _Optional[str] = ..., reason: _Optional[str] = ..., **kwargs) -> None: ...

class RotateCalendarTokenRequest(_message.Message):
    __slots__ = ("club_id",)
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    def __init__(self, club_id: _Optional[str] = ...) -> None: ...

class CalendarToken(_message.Message):
    __slots__ = ("club_id", "token", "path")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    token: str
    path: str
    def __init__(self, club_id: _Optional[str] = ..., token: _Optional[str] = ..., path: _Optional[str] = ...) -> None: ...

class RotateMyCalendarTokenRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MyCalendarToken(_message.Message):
    __slots__ = ("token", "path")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    token: str
    path: str
    def __init__(self, token: _Optional[str] = ..., path: _Optional[str] = ...) -> None: ...

class ExportCalendarRequest(_message.Message):
    __slots__ = ("token", "room_id")
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    token: str
    room_id: str
    def __init__(self, token: _Optional[str] = ..., room_id: _Optional[str] = ...) -> None: ...

class CalendarFeed(_message.Message):
    __slots__ = ("ics",)
    ICS_FIELD_NUMBER: _ClassVar[int]
    ics: bytes
    def __init__(self, ics: _Optional[bytes] = ...) -> None: ...
