import datetime

from google.protobuf import timestamp_pb2 as _timestamp_pb2
from rondo.solver.v1 import solver_pb2 as _solver_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class CardState(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CARD_STATE_UNSPECIFIED: _ClassVar[CardState]
    CARD_STATE_WAITING_FOR_ANSWERS: _ClassVar[CardState]
    CARD_STATE_AGREEING: _ClassVar[CardState]
    CARD_STATE_BOOKED: _ClassVar[CardState]

class MeetingStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MEETING_STATUS_UNSPECIFIED: _ClassVar[MeetingStatus]
    MEETING_STATUS_PROPOSED: _ClassVar[MeetingStatus]
    MEETING_STATUS_BOOKED: _ClassVar[MeetingStatus]
    MEETING_STATUS_CANCELLED: _ClassVar[MeetingStatus]

class BookingStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOOKING_STATUS_UNSPECIFIED: _ClassVar[BookingStatus]
    BOOKING_STATUS_ACTIVE: _ClassVar[BookingStatus]
    BOOKING_STATUS_CANCELLED: _ClassVar[BookingStatus]

class MediationStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MEDIATION_STATUS_UNSPECIFIED: _ClassVar[MediationStatus]
    MEDIATION_STATUS_AWAITING_ANSWER: _ClassVar[MediationStatus]
    MEDIATION_STATUS_SCHEDULED: _ClassVar[MediationStatus]
    MEDIATION_STATUS_PLAYED: _ClassVar[MediationStatus]
    MEDIATION_STATUS_NO_SHOW: _ClassVar[MediationStatus]
CARD_STATE_UNSPECIFIED: CardState
CARD_STATE_WAITING_FOR_ANSWERS: CardState
CARD_STATE_AGREEING: CardState
CARD_STATE_BOOKED: CardState
MEETING_STATUS_UNSPECIFIED: MeetingStatus
MEETING_STATUS_PROPOSED: MeetingStatus
MEETING_STATUS_BOOKED: MeetingStatus
MEETING_STATUS_CANCELLED: MeetingStatus
BOOKING_STATUS_UNSPECIFIED: BookingStatus
BOOKING_STATUS_ACTIVE: BookingStatus
BOOKING_STATUS_CANCELLED: BookingStatus
MEDIATION_STATUS_UNSPECIFIED: MediationStatus
MEDIATION_STATUS_AWAITING_ANSWER: MediationStatus
MEDIATION_STATUS_SCHEDULED: MediationStatus
MEDIATION_STATUS_PLAYED: MediationStatus
MEDIATION_STATUS_NO_SHOW: MediationStatus

class OpeningWindow(_message.Message):
    __slots__ = ("day", "opens", "closes")
    DAY_FIELD_NUMBER: _ClassVar[int]
    OPENS_FIELD_NUMBER: _ClassVar[int]
    CLOSES_FIELD_NUMBER: _ClassVar[int]
    day: int
    opens: str
    closes: str
    def __init__(self, day: _Optional[int] = ..., opens: _Optional[str] = ..., closes: _Optional[str] = ...) -> None: ...

class OpeningHours(_message.Message):
    __slots__ = ("windows",)
    WINDOWS_FIELD_NUMBER: _ClassVar[int]
    windows: _containers.RepeatedCompositeFieldContainer[OpeningWindow]
    def __init__(self, windows: _Optional[_Iterable[_Union[OpeningWindow, _Mapping]]] = ...) -> None: ...

class Club(_message.Message):
    __slots__ = ("id", "name", "time_zone", "opening_hours", "fallback_time")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    OPENING_HOURS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_TIME_FIELD_NUMBER: _ClassVar[int]
    id: str
    name: str
    time_zone: str
    opening_hours: OpeningHours
    fallback_time: str
    def __init__(self, id: _Optional[str] = ..., name: _Optional[str] = ..., time_zone: _Optional[str] = ..., opening_hours: _Optional[_Union[OpeningHours, _Mapping]] = ..., fallback_time: _Optional[str] = ...) -> None: ...

class Room(_message.Message):
    __slots__ = ("id", "club_id", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: str
    club_id: str
    name: str
    def __init__(self, id: _Optional[str] = ..., club_id: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class CreateClubRequest(_message.Message):
    __slots__ = ("name", "time_zone", "idempotency_key", "opening_hours", "fallback_time")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    OPENING_HOURS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_TIME_FIELD_NUMBER: _ClassVar[int]
    name: str
    time_zone: str
    idempotency_key: str
    opening_hours: OpeningHours
    fallback_time: str
    def __init__(self, name: _Optional[str] = ..., time_zone: _Optional[str] = ..., idempotency_key: _Optional[str] = ..., opening_hours: _Optional[_Union[OpeningHours, _Mapping]] = ..., fallback_time: _Optional[str] = ...) -> None: ...

class UpdateClubRequest(_message.Message):
    __slots__ = ("club_id", "name", "opening_hours", "fallback_time", "time_zone")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    OPENING_HOURS_FIELD_NUMBER: _ClassVar[int]
    FALLBACK_TIME_FIELD_NUMBER: _ClassVar[int]
    TIME_ZONE_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    name: str
    opening_hours: OpeningHours
    fallback_time: str
    time_zone: str
    def __init__(self, club_id: _Optional[str] = ..., name: _Optional[str] = ..., opening_hours: _Optional[_Union[OpeningHours, _Mapping]] = ..., fallback_time: _Optional[str] = ..., time_zone: _Optional[str] = ...) -> None: ...

class GetClubRequest(_message.Message):
    __slots__ = ("club_id",)
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    def __init__(self, club_id: _Optional[str] = ...) -> None: ...

class AddRoomRequest(_message.Message):
    __slots__ = ("club_id", "name", "idempotency_key")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    name: str
    idempotency_key: str
    def __init__(self, club_id: _Optional[str] = ..., name: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ListRoomsRequest(_message.Message):
    __slots__ = ("club_id",)
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    def __init__(self, club_id: _Optional[str] = ...) -> None: ...

class ListRoomsResponse(_message.Message):
    __slots__ = ("rooms",)
    ROOMS_FIELD_NUMBER: _ClassVar[int]
    rooms: _containers.RepeatedCompositeFieldContainer[Room]
    def __init__(self, rooms: _Optional[_Iterable[_Union[Room, _Mapping]]] = ...) -> None: ...

class ListClubsRequest(_message.Message):
    __slots__ = ("all", "club_ids")
    ALL_FIELD_NUMBER: _ClassVar[int]
    CLUB_IDS_FIELD_NUMBER: _ClassVar[int]
    all: bool
    club_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, all: _Optional[bool] = ..., club_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class ListClubsResponse(_message.Message):
    __slots__ = ("clubs",)
    CLUBS_FIELD_NUMBER: _ClassVar[int]
    clubs: _containers.RepeatedCompositeFieldContainer[Club]
    def __init__(self, clubs: _Optional[_Iterable[_Union[Club, _Mapping]]] = ...) -> None: ...

class TimeInterval(_message.Message):
    __slots__ = ("start", "end")
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    def __init__(self, start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class OpenMatchRequest(_message.Message):
    __slots__ = ("club_id", "match_key", "player_ids", "window_start", "window_end", "min_minutes", "idempotency_key", "games", "one_meeting")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    ONE_MEETING_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    match_key: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    min_minutes: int
    idempotency_key: str
    games: int
    one_meeting: bool
    def __init__(self, club_id: _Optional[str] = ..., match_key: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., min_minutes: _Optional[int] = ..., idempotency_key: _Optional[str] = ..., games: _Optional[int] = ..., one_meeting: _Optional[bool] = ...) -> None: ...

class ScheduledMatch(_message.Message):
    __slots__ = ("id", "match_key", "club_id", "player_ids", "window_start", "window_end", "min_minutes", "games", "one_meeting")
    ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    ONE_MEETING_FIELD_NUMBER: _ClassVar[int]
    id: str
    match_key: str
    club_id: str
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    min_minutes: int
    games: int
    one_meeting: bool
    def __init__(self, id: _Optional[str] = ..., match_key: _Optional[str] = ..., club_id: _Optional[str] = ..., player_ids: _Optional[_Iterable[str]] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., min_minutes: _Optional[int] = ..., games: _Optional[int] = ..., one_meeting: _Optional[bool] = ...) -> None: ...

class SetAvailabilityRequest(_message.Message):
    __slots__ = ("match_key", "player_id", "intervals", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    INTERVALS_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    intervals: _containers.RepeatedCompositeFieldContainer[TimeInterval]
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ..., intervals: _Optional[_Iterable[_Union[TimeInterval, _Mapping]]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class GetMyAvailabilityRequest(_message.Message):
    __slots__ = ("match_key", "player_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ...) -> None: ...

class AvailabilityResponse(_message.Message):
    __slots__ = ("match_key", "player_id", "version", "intervals", "cancelled_meeting_ids")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    INTERVALS_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_MEETING_IDS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    version: int
    intervals: _containers.RepeatedCompositeFieldContainer[TimeInterval]
    cancelled_meeting_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ..., version: _Optional[int] = ..., intervals: _Optional[_Iterable[_Union[TimeInterval, _Mapping]]] = ..., cancelled_meeting_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class GetMatchCardRequest(_message.Message):
    __slots__ = ("match_key", "viewer_player_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    VIEWER_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    viewer_player_id: str
    def __init__(self, match_key: _Optional[str] = ..., viewer_player_id: _Optional[str] = ...) -> None: ...

class CommonOption(_message.Message):
    __slots__ = ("slot", "room_ids")
    SLOT_FIELD_NUMBER: _ClassVar[int]
    ROOM_IDS_FIELD_NUMBER: _ClassVar[int]
    slot: TimeInterval
    room_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, slot: _Optional[_Union[TimeInterval, _Mapping]] = ..., room_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class Meeting(_message.Message):
    __slots__ = ("id", "match_key", "slot", "hanchans", "proposed_by", "status", "room_id", "booking_id", "confirmed_by", "unavailable_player_ids")
    ID_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    PROPOSED_BY_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    BOOKING_ID_FIELD_NUMBER: _ClassVar[int]
    CONFIRMED_BY_FIELD_NUMBER: _ClassVar[int]
    UNAVAILABLE_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    id: str
    match_key: str
    slot: TimeInterval
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    proposed_by: str
    status: MeetingStatus
    room_id: str
    booking_id: str
    confirmed_by: _containers.RepeatedScalarFieldContainer[str]
    unavailable_player_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, id: _Optional[str] = ..., match_key: _Optional[str] = ..., slot: _Optional[_Union[TimeInterval, _Mapping]] = ..., hanchans: _Optional[_Iterable[int]] = ..., proposed_by: _Optional[str] = ..., status: _Optional[_Union[MeetingStatus, str]] = ..., room_id: _Optional[str] = ..., booking_id: _Optional[str] = ..., confirmed_by: _Optional[_Iterable[str]] = ..., unavailable_player_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class MatchCard(_message.Message):
    __slots__ = ("match_key", "state", "answered_player_ids", "pending_player_ids", "options", "meetings", "min_minutes", "window", "club_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    STATE_FIELD_NUMBER: _ClassVar[int]
    ANSWERED_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    PENDING_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    MEETINGS_FIELD_NUMBER: _ClassVar[int]
    MIN_MINUTES_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    state: CardState
    answered_player_ids: _containers.RepeatedScalarFieldContainer[str]
    pending_player_ids: _containers.RepeatedScalarFieldContainer[str]
    options: _containers.RepeatedCompositeFieldContainer[CommonOption]
    meetings: _containers.RepeatedCompositeFieldContainer[Meeting]
    min_minutes: int
    window: TimeInterval
    club_id: str
    def __init__(self, match_key: _Optional[str] = ..., state: _Optional[_Union[CardState, str]] = ..., answered_player_ids: _Optional[_Iterable[str]] = ..., pending_player_ids: _Optional[_Iterable[str]] = ..., options: _Optional[_Iterable[_Union[CommonOption, _Mapping]]] = ..., meetings: _Optional[_Iterable[_Union[Meeting, _Mapping]]] = ..., min_minutes: _Optional[int] = ..., window: _Optional[_Union[TimeInterval, _Mapping]] = ..., club_id: _Optional[str] = ...) -> None: ...

class ProposeMeetingRequest(_message.Message):
    __slots__ = ("match_key", "player_id", "start", "end", "hanchans", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    player_id: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., player_id: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., hanchans: _Optional[_Iterable[int]] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ConfirmMeetingRequest(_message.Message):
    __slots__ = ("match_key", "meeting_id", "player_id", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    MEETING_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    meeting_id: str
    player_id: str
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., meeting_id: _Optional[str] = ..., player_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class CancelMeetingRequest(_message.Message):
    __slots__ = ("match_key", "meeting_id")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    MEETING_ID_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    meeting_id: str
    def __init__(self, match_key: _Optional[str] = ..., meeting_id: _Optional[str] = ...) -> None: ...

class AssignMeetingRequest(_message.Message):
    __slots__ = ("match_key", "start", "end", "hanchans", "room_id", "replaces_meeting_id", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    REPLACES_MEETING_ID_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    room_id: str
    replaces_meeting_id: str
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., hanchans: _Optional[_Iterable[int]] = ..., room_id: _Optional[str] = ..., replaces_meeting_id: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

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
    slot: TimeInterval
    title: str
    match_id: str
    meeting_id: str
    series_id: str
    sequence: int
    status: BookingStatus
    cancel_reason: str
    def __init__(self, id: _Optional[str] = ..., club_id: _Optional[str] = ..., room_id: _Optional[str] = ..., slot: _Optional[_Union[TimeInterval, _Mapping]] = ..., title: _Optional[str] = ..., match_id: _Optional[str] = ..., meeting_id: _Optional[str] = ..., series_id: _Optional[str] = ..., sequence: _Optional[int] = ..., status: _Optional[_Union[BookingStatus, str]] = ..., cancel_reason: _Optional[str] = ...) -> None: ...

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
    __slots__ = ("club_id", "to")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    to: _timestamp_pb2.Timestamp
    def __init__(self, club_id: _Optional[str] = ..., to: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., **kwargs) -> None: ...

class ListBookingsResponse(_message.Message):
    __slots__ = ("bookings",)
    BOOKINGS_FIELD_NUMBER: _ClassVar[int]
    bookings: _containers.RepeatedCompositeFieldContainer[Booking]
    def __init__(self, bookings: _Optional[_Iterable[_Union[Booking, _Mapping]]] = ...) -> None: ...

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

class ApplyFallbackRequest(_message.Message):
    __slots__ = ("match_key", "minutes", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    MINUTES_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    minutes: int
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., minutes: _Optional[int] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class MoveMatchWindowRequest(_message.Message):
    __slots__ = ("match_key", "window_start", "window_end", "reason", "idempotency_key")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    WINDOW_START_FIELD_NUMBER: _ClassVar[int]
    WINDOW_END_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    window_start: _timestamp_pb2.Timestamp
    window_end: _timestamp_pb2.Timestamp
    reason: str
    idempotency_key: str
    def __init__(self, match_key: _Optional[str] = ..., window_start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window_end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., reason: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class MoveMatchWindowResponse(_message.Message):
    __slots__ = ("match", "cancelled_meeting_ids", "voided_meeting_ids")
    MATCH_FIELD_NUMBER: _ClassVar[int]
    CANCELLED_MEETING_IDS_FIELD_NUMBER: _ClassVar[int]
    VOIDED_MEETING_IDS_FIELD_NUMBER: _ClassVar[int]
    match: ScheduledMatch
    cancelled_meeting_ids: _containers.RepeatedScalarFieldContainer[str]
    voided_meeting_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, match: _Optional[_Union[ScheduledMatch, _Mapping]] = ..., cancelled_meeting_ids: _Optional[_Iterable[str]] = ..., voided_meeting_ids: _Optional[_Iterable[str]] = ...) -> None: ...

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

class PrepareRoundScheduleRequest(_message.Message):
    __slots__ = ("match_keys", "meeting_minutes", "start_step_minutes", "preference", "time_limit_seconds", "seed")
    MATCH_KEYS_FIELD_NUMBER: _ClassVar[int]
    MEETING_MINUTES_FIELD_NUMBER: _ClassVar[int]
    START_STEP_MINUTES_FIELD_NUMBER: _ClassVar[int]
    PREFERENCE_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_SECONDS_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    match_keys: _containers.RepeatedScalarFieldContainer[str]
    meeting_minutes: int
    start_step_minutes: int
    preference: _solver_pb2.SchedulePreference
    time_limit_seconds: float
    seed: int
    def __init__(self, match_keys: _Optional[_Iterable[str]] = ..., meeting_minutes: _Optional[int] = ..., start_step_minutes: _Optional[int] = ..., preference: _Optional[_Union[_solver_pb2.SchedulePreference, _Mapping]] = ..., time_limit_seconds: _Optional[float] = ..., seed: _Optional[int] = ...) -> None: ...

class MatchOptions(_message.Message):
    __slots__ = ("match", "pending_player_ids", "booked")
    MATCH_FIELD_NUMBER: _ClassVar[int]
    PENDING_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    BOOKED_FIELD_NUMBER: _ClassVar[int]
    match: ScheduledMatch
    pending_player_ids: _containers.RepeatedScalarFieldContainer[str]
    booked: bool
    def __init__(self, match: _Optional[_Union[ScheduledMatch, _Mapping]] = ..., pending_player_ids: _Optional[_Iterable[str]] = ..., booked: _Optional[bool] = ...) -> None: ...

class PrepareRoundScheduleResponse(_message.Message):
    __slots__ = ("problem", "matches")
    PROBLEM_FIELD_NUMBER: _ClassVar[int]
    MATCHES_FIELD_NUMBER: _ClassVar[int]
    problem: _solver_pb2.ProposeRoundScheduleRequest
    matches: _containers.RepeatedCompositeFieldContainer[MatchOptions]
    def __init__(self, problem: _Optional[_Union[_solver_pb2.ProposeRoundScheduleRequest, _Mapping]] = ..., matches: _Optional[_Iterable[_Union[MatchOptions, _Mapping]]] = ...) -> None: ...

class MeetingProposal(_message.Message):
    __slots__ = ("match_key", "start", "end", "room_id", "hanchans")
    MATCH_KEY_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    ROOM_ID_FIELD_NUMBER: _ClassVar[int]
    HANCHANS_FIELD_NUMBER: _ClassVar[int]
    match_key: str
    start: _timestamp_pb2.Timestamp
    end: _timestamp_pb2.Timestamp
    room_id: str
    hanchans: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, match_key: _Optional[str] = ..., start: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., end: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., room_id: _Optional[str] = ..., hanchans: _Optional[_Iterable[int]] = ...) -> None: ...

class ProposeMeetingsRequest(_message.Message):
    __slots__ = ("proposals", "proposed_by", "idempotency_key")
    PROPOSALS_FIELD_NUMBER: _ClassVar[int]
    PROPOSED_BY_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    proposals: _containers.RepeatedCompositeFieldContainer[MeetingProposal]
    proposed_by: str
    idempotency_key: str
    def __init__(self, proposals: _Optional[_Iterable[_Union[MeetingProposal, _Mapping]]] = ..., proposed_by: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class ProposeMeetingsResponse(_message.Message):
    __slots__ = ("meetings",)
    MEETINGS_FIELD_NUMBER: _ClassVar[int]
    meetings: _containers.RepeatedCompositeFieldContainer[Meeting]
    def __init__(self, meetings: _Optional[_Iterable[_Union[Meeting, _Mapping]]] = ...) -> None: ...

class SetReminderScheduleRequest(_message.Message):
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

class ReminderSchedule(_message.Message):
    __slots__ = ("club_id", "weekday", "local_time")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    WEEKDAY_FIELD_NUMBER: _ClassVar[int]
    LOCAL_TIME_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    weekday: int
    local_time: str
    def __init__(self, club_id: _Optional[str] = ..., weekday: _Optional[int] = ..., local_time: _Optional[str] = ...) -> None: ...

class RecordDueRemindersRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class MarkRemindersPublishedRequest(_message.Message):
    __slots__ = ("reminder_ids",)
    REMINDER_IDS_FIELD_NUMBER: _ClassVar[int]
    reminder_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, reminder_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class AcknowledgeReminderRequest(_message.Message):
    __slots__ = ("reminder_id", "acknowledged_by")
    REMINDER_ID_FIELD_NUMBER: _ClassVar[int]
    ACKNOWLEDGED_BY_FIELD_NUMBER: _ClassVar[int]
    reminder_id: str
    acknowledged_by: str
    def __init__(self, reminder_id: _Optional[str] = ..., acknowledged_by: _Optional[str] = ...) -> None: ...

class ListRemindersRequest(_message.Message):
    __slots__ = ("club_id", "to", "match_key_prefix")
    CLUB_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_FIELD_NUMBER: _ClassVar[int]
    TO_FIELD_NUMBER: _ClassVar[int]
    MATCH_KEY_PREFIX_FIELD_NUMBER: _ClassVar[int]
    club_id: str
    to: _timestamp_pb2.Timestamp
    match_key_prefix: str
    def __init__(self, club_id: _Optional[str] = ..., to: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., match_key_prefix: _Optional[str] = ..., **kwargs) -> None: ...

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
    window: TimeInterval
    player_ids: _containers.RepeatedScalarFieldContainer[str]
    reason: str
    published_at: _timestamp_pb2.Timestamp
    acknowledged_at: _timestamp_pb2.Timestamp
    acknowledged_by: str
    def __init__(self, id: _Optional[str] = ..., match_key: _Optional[str] = ..., club_id: _Optional[str] = ..., due_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., window: _Optional[_Union[TimeInterval, _Mapping]] = ..., player_ids: _Optional[_Iterable[str]] = ..., reason: _Optional[str] = ..., published_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., acknowledged_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., acknowledged_by: _Optional[str] = ...) -> None: ...

class ListRemindersResponse(_message.Message):
    __slots__ = ("reminders",)
    REMINDERS_FIELD_NUMBER: _ClassVar[int]
    reminders: _containers.RepeatedCompositeFieldContainer[Reminder]
    def __init__(self, reminders: _Optional[_Iterable[_Union[Reminder, _Mapping]]] = ...) -> None: ...

class SetMediationCalendarRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "division", "starts_on", "ends_on", "second_round_starts_on", "fixed_schedule")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    DIVISION_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    SECOND_ROUND_STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    FIXED_SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    division: str
    starts_on: str
    ends_on: str
    second_round_starts_on: str
    fixed_schedule: bool
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., division: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., second_round_starts_on: _Optional[str] = ..., fixed_schedule: _Optional[bool] = ...) -> None: ...

class MediationCalendar(_message.Message):
    __slots__ = ("competition_id", "stage", "division", "starts_on", "ends_on", "second_round_starts_on", "fixed_schedule")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    DIVISION_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    SECOND_ROUND_STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    FIXED_SCHEDULE_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    division: str
    starts_on: str
    ends_on: str
    second_round_starts_on: str
    fixed_schedule: bool
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., division: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., second_round_starts_on: _Optional[str] = ..., fixed_schedule: _Optional[bool] = ...) -> None: ...

class RequestMediationRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "round", "table", "requester_id", "opponent_id", "days", "time", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    days: _containers.RepeatedScalarFieldContainer[str]
    time: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., days: _Optional[_Iterable[str]] = ..., time: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class AnswerMediationRequest(_message.Message):
    __slots__ = ("mediation_id", "player_id", "days", "time")
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    DAYS_FIELD_NUMBER: _ClassVar[int]
    TIME_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    player_id: str
    days: _containers.RepeatedScalarFieldContainer[str]
    time: str
    def __init__(self, mediation_id: _Optional[str] = ..., player_id: _Optional[str] = ..., days: _Optional[_Iterable[str]] = ..., time: _Optional[str] = ...) -> None: ...

class DecideMediationRequest(_message.Message):
    __slots__ = ("mediation_id", "day")
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    DAY_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    day: str
    def __init__(self, mediation_id: _Optional[str] = ..., day: _Optional[str] = ...) -> None: ...

class RecordMediationOutcomeRequest(_message.Message):
    __slots__ = ("mediation_id", "absent_player_ids", "recorded_by", "first_player_id")
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    ABSENT_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    FIRST_PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    absent_player_ids: _containers.RepeatedScalarFieldContainer[str]
    recorded_by: str
    first_player_id: str
    def __init__(self, mediation_id: _Optional[str] = ..., absent_player_ids: _Optional[_Iterable[str]] = ..., recorded_by: _Optional[str] = ..., first_player_id: _Optional[str] = ...) -> None: ...

class GetMediationRequest(_message.Message):
    __slots__ = ("mediation_id",)
    MEDIATION_ID_FIELD_NUMBER: _ClassVar[int]
    mediation_id: str
    def __init__(self, mediation_id: _Optional[str] = ...) -> None: ...

class Mediation(_message.Message):
    __slots__ = ("id", "competition_id", "stage", "round", "table", "requester_id", "opponent_id", "requested_at", "week_starts_on", "requester_days", "requester_time", "answer_due_at", "opponent_days", "opponent_time", "status", "scheduled_at", "decided_by", "absent_player_ids", "closed_at", "recorded_by")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TABLE_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_ID_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_AT_FIELD_NUMBER: _ClassVar[int]
    WEEK_STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_DAYS_FIELD_NUMBER: _ClassVar[int]
    REQUESTER_TIME_FIELD_NUMBER: _ClassVar[int]
    ANSWER_DUE_AT_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_DAYS_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_TIME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SCHEDULED_AT_FIELD_NUMBER: _ClassVar[int]
    DECIDED_BY_FIELD_NUMBER: _ClassVar[int]
    ABSENT_PLAYER_IDS_FIELD_NUMBER: _ClassVar[int]
    CLOSED_AT_FIELD_NUMBER: _ClassVar[int]
    RECORDED_BY_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    stage: int
    round: int
    table: int
    requester_id: str
    opponent_id: str
    requested_at: _timestamp_pb2.Timestamp
    week_starts_on: str
    requester_days: _containers.RepeatedScalarFieldContainer[str]
    requester_time: str
    answer_due_at: _timestamp_pb2.Timestamp
    opponent_days: _containers.RepeatedScalarFieldContainer[str]
    opponent_time: str
    status: MediationStatus
    scheduled_at: _timestamp_pb2.Timestamp
    decided_by: str
    absent_player_ids: _containers.RepeatedScalarFieldContainer[str]
    closed_at: _timestamp_pb2.Timestamp
    recorded_by: str
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., round: _Optional[int] = ..., table: _Optional[int] = ..., requester_id: _Optional[str] = ..., opponent_id: _Optional[str] = ..., requested_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., week_starts_on: _Optional[str] = ..., requester_days: _Optional[_Iterable[str]] = ..., requester_time: _Optional[str] = ..., answer_due_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., opponent_days: _Optional[_Iterable[str]] = ..., opponent_time: _Optional[str] = ..., status: _Optional[_Union[MediationStatus, str]] = ..., scheduled_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., decided_by: _Optional[str] = ..., absent_player_ids: _Optional[_Iterable[str]] = ..., closed_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ..., recorded_by: _Optional[str] = ...) -> None: ...

class RemovalDue(_message.Message):
    __slots__ = ("player_id", "opponent_ids")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    OPPONENT_IDS_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    opponent_ids: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, player_id: _Optional[str] = ..., opponent_ids: _Optional[_Iterable[str]] = ...) -> None: ...

class MediationOutcome(_message.Message):
    __slots__ = ("mediation", "removal_due", "technical_result")
    MEDIATION_FIELD_NUMBER: _ClassVar[int]
    REMOVAL_DUE_FIELD_NUMBER: _ClassVar[int]
    TECHNICAL_RESULT_FIELD_NUMBER: _ClassVar[int]
    mediation: Mediation
    removal_due: _containers.RepeatedCompositeFieldContainer[RemovalDue]
    technical_result: str
    def __init__(self, mediation: _Optional[_Union[Mediation, _Mapping]] = ..., removal_due: _Optional[_Iterable[_Union[RemovalDue, _Mapping]]] = ..., technical_result: _Optional[str] = ...) -> None: ...

class RequestTimeoutRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "player_id", "starts_on", "ends_on", "idempotency_key")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    IDEMPOTENCY_KEY_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    player_id: str
    starts_on: str
    ends_on: str
    idempotency_key: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., player_id: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., idempotency_key: _Optional[str] = ...) -> None: ...

class Timeout(_message.Message):
    __slots__ = ("id", "competition_id", "stage", "player_id", "starts_on", "ends_on", "clipped", "requested_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    STARTS_ON_FIELD_NUMBER: _ClassVar[int]
    ENDS_ON_FIELD_NUMBER: _ClassVar[int]
    CLIPPED_FIELD_NUMBER: _ClassVar[int]
    REQUESTED_AT_FIELD_NUMBER: _ClassVar[int]
    id: str
    competition_id: str
    stage: int
    player_id: str
    starts_on: str
    ends_on: str
    clipped: bool
    requested_at: _timestamp_pb2.Timestamp
    def __init__(self, id: _Optional[str] = ..., competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., player_id: _Optional[str] = ..., starts_on: _Optional[str] = ..., ends_on: _Optional[str] = ..., clipped: _Optional[bool] = ..., requested_at: _Optional[_Union[datetime.datetime, _timestamp_pb2.Timestamp, _Mapping]] = ...) -> None: ...

class ListMediationsRequest(_message.Message):
    __slots__ = ("competition_id", "stage", "player_id")
    COMPETITION_ID_FIELD_NUMBER: _ClassVar[int]
    STAGE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    competition_id: str
    stage: int
    player_id: str
    def __init__(self, competition_id: _Optional[str] = ..., stage: _Optional[int] = ..., player_id: _Optional[str] = ...) -> None: ...

class ListMediationsResponse(_message.Message):
    __slots__ = ("mediations", "timeouts", "removal_due")
    MEDIATIONS_FIELD_NUMBER: _ClassVar[int]
    TIMEOUTS_FIELD_NUMBER: _ClassVar[int]
    REMOVAL_DUE_FIELD_NUMBER: _ClassVar[int]
    mediations: _containers.RepeatedCompositeFieldContainer[Mediation]
    timeouts: _containers.RepeatedCompositeFieldContainer[Timeout]
    removal_due: _containers.RepeatedCompositeFieldContainer[RemovalDue]
    def __init__(self, mediations: _Optional[_Iterable[_Union[Mediation, _Mapping]]] = ..., timeouts: _Optional[_Iterable[_Union[Timeout, _Mapping]]] = ..., removal_due: _Optional[_Iterable[_Union[RemovalDue, _Mapping]]] = ...) -> None: ...
